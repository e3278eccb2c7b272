"""Fair Verona played by the simulator (scorer/sim/match.py), and by the random legal player
(`random_record`, for tests and bench: every choice uniform among the legal ones, or with `purpose`
sometimes aimed, so games are also won): four family members against the deck and the tiles, all
winning or losing together.

The setups are the kit's difficulties (`params.difficulties`: how many Clue Tokens are to be
returned, how many Friends each player is dealt). Chance is a real table (`Box`): the deck shuffled
with its Jokers, the River and the base tiles shuffled face down, each player's Friend cards dealt
face down, known to nobody until played. A turn is the rulebook's three phases, one decision at a
time, each from the rules' own list (moves.legal_moves, what `pnpkit moves` lists), and whatever
chance gives after one (moves.chance) is played from the box:

    the tile    `draw` (which tile comes is chance) or `take` a face-up tile that fits, then where it
                goes (`place ...`, or `place aside` when it fits nowhere: the next player's Encounter
                is drawn, chance); a Friend made is drawn face down (chance, Jokers shown)
    Encounter   one attempt, `clear CARD [with NAMES]`, or with a Friend: `... friend` (which of the
                player's face-down Friends turns up is chance)
    movement    `move WAY E N [bank B]`
    hand-offs   `give NAME to NAME`, at most one a turn (a second on the same tile reaches only what
                one reaches: without the limit a look-ahead could hand a token back and forth forever)
    `end the turn` (END_TURN), wherever the rules let the turn end (attempting, moving and handing
    off may all be left out); a turn with nothing left but its end ends by itself.

A Clue Token coming back to Verona draws the next Clue Card (chance). The game ends by the rules
(V20), or is counted unfinished after MAX_TURNS turns. The simulator's players never see chance:
a scratch copy stops (its turn is over for a look-ahead) where a tile or a card would be drawn
(the Friend a placement makes is counted face down, as no Joker showed).

`value`, the team's heuristic (written down here and in docs/simulate.md), the same for every seat:

    won +1000, lost -1000; otherwise
    +100 for every Clue Token back with Verona, +20 for the one at stake on an Encounter, and for
    the one a player holds +40 less 4 for every tile (the larger of east and north) between its
    holder and Verona;
    -12 for every Encounter held that the people on its tile cannot beat now, -6 for one they can;
    +3 for every Friend card held; -8 for every face-up tile, -16 more for each player's second
    (two each lose the game); -6 for every meeple with no empty space around it where a tile could
    touch the map (its next tile goes aside); while Jokers halt the hunt, -2 for every tile between
    Verona and the nearest player free to move.

Greedy rates "clear ... friend" by the average over the Friend it might turn up (every card not
seen, by rank: a Friend adds its face value only).
"""
from __future__ import annotations

import random
from collections import Counter

from pnpkit.scorer.games.fair_verona.cards import RANKS, SUITS, Card
from pnpkit.scorer.games.fair_verona.encounter import distance, resolve
from pnpkit.scorer.game import END_TURN
from pnpkit.scorer.games.fair_verona.moves import apply, chance, deal_clue, legal_moves, why_turn_short
from pnpkit.scorer.games.fair_verona.notation import card_text, text, write
from pnpkit.scorer.games.fair_verona.rules import ID
from pnpkit.scorer.games.fair_verona.state import (DRAW, FACE_DOWN, UNSEEN, Action, Clear, Clue, Draw, Encounter,
                                                   Friend, Give, Move, Person, Place, State)
from pnpkit.scorer.sim.match import Moves, Setup, Summary, chosen

LENGTH = ("turns", "actions")
MAX_TURNS = 300          # a game still going then is counted unfinished
JOKER = Card("Joker", None)

WON, LOST = 1000.0, -1000.0
RETURNED, STAKE, HELD, STEP = 100.0, 20.0, 40.0, 4.0
UNBEATEN, BEATABLE, FRIEND_CARD = 12.0, 6.0, 3.0
FACE_UP, SECOND_FACE_UP, FITS, TAKEABLE, JOKER_STEP = 8.0, 16.0, 10.0, 4.0, 2.0


def setups(kit, players: int, setup: str | None, team) -> list[Setup]:
    """The kit's difficulties, all or the one named."""
    return [Setup(d.name, (), (("clue tokens", d.clue_tokens), ("friends", d.friends)))
            for d in chosen(kit.params.difficulties, setup, ID)]


def reason(outcome: str, why: str) -> str:
    """Why a game was lost (the rules' own words, V20, without the names), or why it did not end."""
    if outcome == "lost":
        return why.split(" (")[0]
    return f"still playing after {MAX_TURNS} turns" if outcome == "unfinished" else ""


def summary(result, names) -> Summary:
    x = result.extra
    seats = tuple(range(len(names))) if x["outcome"] == "won" else ()
    return Summary(result.finished, (), seats, x["outcome"], reason(x["outcome"], x.get("why", "")))


class Box:
    """The game on the table: the deck, the face-down tile stacks, each player's hidden Friends."""

    def __init__(self, params, rng: random.Random) -> None:
        self.rng = rng
        self.deck = [Card(r, s) for s in SUITS for r in RANKS] + [JOKER] * params.jokers
        rng.shuffle(self.deck)
        self.stacks: dict[str, list[str]] = {}
        for t in params.tiles.kinds:
            self.stacks.setdefault(t.set, []).extend([t.code] * (t.count - (t.code == params.old_town)))
        for stack in self.stacks.values():
            rng.shuffle(stack)
        self.hidden: dict[str, list[Card]] = {}

    def pop(self, st: State | None) -> Card | None:
        """The top card; an empty deck is the discards shuffled (ruling V10): every card not in play."""
        if not self.deck and st is not None:
            held = set(st.deck.out) | {c for cs in self.hidden.values() for c in cs}
            self.deck = [Card(r, s) for s in SUITS for r in RANKS if Card(r, s) not in held]
            self.deck += [JOKER] * (st.params.jokers - st.deck.jokers_out)
            self.rng.shuffle(self.deck)
        return self.deck.pop() if self.deck else None


def new(kit, names, setup: Setup, rng: random.Random) -> "VeronaMatch":
    """The setup dealt as the rulebook does: Identities, the Clue Card (Jokers that turn up lie on
    it, V9), the difficulty's Friends face down."""
    params = kit.params
    level = next(d for d in params.difficulties if d.name.lower() == setup.name.lower())
    box = Box(params, rng)
    jokers = 0

    def deal() -> Card:
        nonlocal jokers
        c = box.pop(None)
        while c is not None and c.joker:
            jokers, c = jokers + 1, box.pop(None)
        assert c is not None
        return c

    identities = [deal() for _ in names]
    clue = deal()
    for n in names:
        box.hidden[n] = [deal() for _ in range(level.friends)]
    st = State(params, [Person(n, c) for n, c in zip(names, identities)], level.clue_tokens)
    for _ in range(jokers):
        deal_clue(st, JOKER)
    deal_clue(st, clue)
    st.deal_friends(level.friends)
    st.begin_turn(0)
    m = VeronaMatch(st, box, rng)
    m.head = {"game": ID, "difficulty": level.name,
              "players": [{"name": n, "identity": card_text(c)} for n, c in zip(names, identities)],
              "clue": ["JK"] * jokers + [card_text(clue)] if jokers else card_text(clue)}
    return m


class VeronaMatch(Moves):

    @property
    def s(self) -> State:
        """The position (the rules' state)."""
        return self.st

    def __init__(self, st: State, box: Box | None, rng: random.Random | None) -> None:
        self.st, self.box, self.rng = st, box, rng
        self.names = [p.name for p in st.people]
        self.head: dict = {}
        self.turns: list[dict] | None = []      # None on a scratch copy
        self.entry: dict = {}                   # the turn in progress, as the record writes it
        self.max_turns = MAX_TURNS
        self.n_turns = self.actions = 0
        self.open = False                       # a turn is in progress
        self.gave = False                       # a Clue Token was handed on this turn
        self.waiting = False                    # a scratch copy stopped where chance comes
        self.laid: tuple = ()                   # the last tile laid: with the map's size, names the map
        self.fitting: dict = {}                 # (map, tile, space) -> whether the tile fits around it; shared by copies
        self._legal = None

    # ------------------------------------------------------------ whose decision

    def to_move(self) -> int | None:
        st = self.st
        while not st.over and not self.waiting:
            if not self.open:                   # the rules have begun the next turn: its record
                if self.rng is None or self.n_turns >= self.max_turns:
                    return None
                self.n_turns += 1
                self.open, self.gave, self.entry, self._legal = True, False, {}, None
                if self.turns is not None:
                    self.turns.append(self.entry)
            if self.legal() != [END_TURN]:
                return st.seat
            self._end()
        return None

    def list_moves(self) -> list:
        """The rules' decisions (chance is the box's), a second hand-off of the turn left out."""
        if self.waiting or self.st.over:
            return []
        return [a for a in legal_moves(self.st) if not (self.gave and isinstance(a, Give))]

    def turn_done(self) -> bool:
        return not self.open or self.waiting or self.st.over

    # ------------------------------------------------------------ playing

    def play(self, move: Action) -> None:
        self._legal = None
        if move is END_TURN:
            self._end()
            return
        self.actions += 1
        self.act(move)
        self._chance()

    def act(self, a: Action) -> None:
        """Apply `a` and write it into the record (a decision chance completes is written with what
        chance gave it; the Friend's face-down card is written nowhere)."""
        apply(self.st, a)
        if isinstance(a, Place) and a.xy is not None:
            self.laid = (a.xy, a.quarters, self.st.map.at[a.xy].code)
            if self.box is not None:
                self.fitting = {}               # a new map: what fitted before says nothing
        self.gave |= a.key == "give"
        if self.turns is not None and not (a == DRAW or a is FACE_DOWN or getattr(a, "friend", None) == UNSEEN):
            self.entry.update(write(self.entry, a))

    def _chance(self) -> None:
        """What chance gives after a decision, from the box, as the rules offer it (moves.chance)."""
        st = self.st
        while chance(st):
            if self.box is None:                # a scratch copy does not see the tile or the card
                if st.friend_due:
                    self.act(FACE_DOWN)
                    continue
                self.waiting = True
                return
            self.act(self._dealt(st, self.box))

    def _dealt(self, st: State, box: Box) -> Action:
        """The outcome the box gives: the top tile, a Friend card turned up at random, a card drawn."""
        if st.drawing:
            stack = st.stack()
            assert stack is not None
            return Draw(box.stacks[st.set_of[next(iter(stack))]].pop())
        if st.pending is not None:
            hidden = box.hidden[st.player.name]
            return Clear(st.pending.card, st.pending.helpers, hidden.pop(self.rng.randrange(len(hidden))))
        c = box.pop(st)
        if st.friend_due:                       # a Friend drawn face down; Jokers shown first (V9)
            if c is not None and c.joker:
                return Friend(JOKER)
            if c is not None:
                box.hidden[st.player.name].append(c)
            return FACE_DOWN
        assert c is not None, "the deck and the replay disagree"
        return Encounter(c) if st.deal_to is not None else Clue(c)

    def _end(self) -> None:
        st = self.st
        assert why_turn_short(st) is None
        if self.box is not None:
            assert len(self.box.deck) == st.deck.size, "the table's deck and the replay's disagree"
        apply(st, END_TURN)
        self.open, self._legal = False, None

    def copy(self) -> "VeronaMatch":
        m = VeronaMatch(self.st.copy(), None, None)
        m.head, m.turns, m.max_turns, m.laid, m.fitting = self.head, None, self.max_turns, self.laid, self.fitting
        m.n_turns, m.actions, m.open, m.gave, m.waiting = self.n_turns, self.actions, self.open, self.gave, self.waiting
        return m

    def key(self) -> tuple:
        """The position within a turn, for a search that meets it twice (`move any 1 0` and
        `move road 1 0` end on the same spot)."""
        st = self.st
        laid = tuple(sorted((xy, p.code, p.quarters) for xy, p in st.map.at.items() if p.turn == st.turn_no))
        people = tuple((p.spot, tuple((h.card, h.token) for h in p.encounters), p.friends, tuple(p.face_up), p.token)
                       for p in st.people)
        return (laid, people, st.stage, st.attempted, st.hand, st.desk.returned, st.desk.token, st.deck.jokers_out,
                self.gave, self.waiting, self.open)

    # ------------------------------------------------------------ the team's heuristic

    def value(self, seat: int) -> float:
        st = self.st
        if st.outcome != "playing":
            return WON if st.outcome == "won" else LOST
        v = RETURNED * st.desk.returned + (STAKE if st.desk.token == "encounter" else 0.0)
        at = st.map.at
        for p in st.people:
            if p.token:
                v += HELD - STEP * distance(p.xy)
            others = [(q.identity, q.xy) for q in st.people if q is not p and q.xy == p.xy]
            for h in p.encounters:
                v -= BEATABLE if resolve(p.identity, p.xy, h.card, others, None, st.params).cleared else UNBEATEN
            v += FRIEND_CARD * p.friends - FACE_UP * len(p.face_up) - (SECOND_FACE_UP if len(p.face_up) >= 2 else 0.0)
            v += FITS * self._fit_share(p) + TAKEABLE * sum(self._fits(c, p.xy) for c in p.face_up)
        if st.deck.jokers_out:
            free = [distance(p.xy) for p in st.people if not p.encounters]
            v -= JOKER_STEP * min(free, default=0)
        return v

    def _fits(self, code: str, xy: tuple[int, int]) -> bool:
        """Whether tile `code` fits somewhere around `xy` (the rules' `fits_around`), remembered per map."""
        key = (len(self.st.map.at), self.laid, code, xy)
        if key not in self.fitting:
            self.fitting[key] = bool(self.st.map.fits_around(self.st.params.tiles.types[code], xy))
        return self.fitting[key]

    def _fit_share(self, p: Person) -> float:
        """The share of the River tiles still face down that would fit around `p`'s meeple (1 once
        the River is laid: a base tile set aside can be taken back, and it deals the Encounter that
        may carry the next Clue Token; a River tile set aside seldom fits again)."""
        st = self.st
        stack = st.stack()
        if not stack or st.set_of[next(iter(stack))] != st.params.first:
            return 1.0
        return sum(k for code, k in stack.items() if k and self._fits(code, p.xy)) / sum(stack.values())

    def expect(self, move, seat: int) -> float | None:
        """`clear ... friend`, rated without seeing the Friend: the average over every card not seen
        (the Friends are among them), by rank. None for any other move."""
        if not (isinstance(move, Clear) and move.friend == UNSEEN):
            return None
        unseen = [c for c in self.st.deck.may_come() if not c.joker]
        ranks = Counter(c.rank for c in unseen)
        one = {c.rank: c for c in unseen}          # a Friend adds its face value: any suit will do
        total = 0.0
        for rank, k in ranks.items():
            after = self.copy()
            after.act(Clear(move.card, move.helpers, one[rank]))
            total += k * after.value(seat)
        return total / len(unseen) if unseen else None

    # ------------------------------------------------------------ the record and the result

    def record(self) -> dict:
        return {**self.head, "turns": self.turns or []}

    def summary(self) -> Summary:
        st = self.st
        outcome = "unfinished" if st.outcome == "playing" else st.outcome
        return Summary(outcome != "unfinished", (), tuple(range(len(self.names))) if outcome == "won" else (),
                       outcome, reason(outcome, st.why_ended))

    def length(self) -> tuple[int, int]:
        return self.n_turns, self.actions


# ---- the random legal player: a record of a game played at random (tests, bench) ------------------

def random_record(kit, rng: random.Random, names: tuple[str, ...] = ("Ann", "Ben", "Cat", "Dan"),
                  difficulty: str = "Medium", max_turns: int = 120, purpose: float = 0.0) -> dict:
    """A record of a game played at random (legal at every step), up to `max_turns` turns."""
    m = new(kit, list(names), Setup(difficulty), rng)
    m.max_turns = max_turns
    while m.to_move() is not None:
        moves = m.legal()
        aimed = _aim(m, moves) if purpose and rng.random() < purpose else None
        m.play(aimed or rng.choice(moves))
    return m.record()


def _aim(m, moves: list) -> Action | None:
    """The attempt with the most help and a Friend, or the move nearest Verona with a Clue Token."""
    clears = [c for c in moves if isinstance(c, Clear)]
    if clears:
        return max(clears, key=lambda c: (c.friend is not None, len(text(c))))
    steps = [o for o in moves if isinstance(o, Move)]
    if m.st.player.token and steps:
        return min(steps, key=lambda o: distance(o.xy))
    return None
