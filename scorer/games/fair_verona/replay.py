"""Fair Verona's game log replayed turn by turn (rulings V1-V20), through the one replay driver
(scorer/replay.py).

The record says what only the table saw (the setup's cards, each tile drawn and where it went, the
cards drawn, the attempt at an Encounter, the move, the hand-offs); the replay works out the rest
(Friends made, the Clue Token's prize, Jokers laid and discarded, the end) and checks every action
with moves.why_illegal, the same function `pnpkit moves` asks (table.py). An illegal action is
not played (`Walk.unplayable`). What chance gave that the record writes on its own (a Joker shown
while a Friend is drawn, the next player's Encounter, the next Clue Card) is a `CHANCE` entry, and
so is the card a Friend made goes face down as (written nowhere: no step of its own); a decision
written with what chance gave it (`draw R3`, `clear 9D friend 5H`) is one action. A turn's end is an
action too (`END_TURN`: what the turn still owes is its violation, and the turn ends all the same,
the next player's beginning), and a turn written after the game ended is one (`AfterEnd`), so the
game's end never stops the driver: every later action is refused by the rules, each at its place.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Union

from pnpkit.scorer.games.fair_verona.cards import Card
from pnpkit.scorer.core import Result, Violation, plural, where_turn
from pnpkit.scorer.game import END_TURN, EndTurn, Illegal
from pnpkit.scorer.games.fair_verona import rules as R
from pnpkit.scorer.games.fair_verona.moves import apply, close_turn, deal_clue, why_illegal, why_turn_short
from pnpkit.scorer.games.fair_verona.notation import entries as written_actions
from pnpkit.scorer.games.fair_verona.notation import entry, text
from pnpkit.scorer.games.fair_verona.position import picture
from pnpkit.scorer.games.fair_verona.start import state_from
from pnpkit.scorer.games.fair_verona.state import FACE_DOWN, Action, Clear, Person, State
from pnpkit.scorer.play import Position
from pnpkit.scorer.replay import ACT, CHANCE, Entry, Replay, run


@dataclass(frozen=True)
class AfterEnd:
    """A turn the record writes after the game ended."""


AFTER_END = AfterEnd()
Played = Union[Action, EndTurn, AfterEnd]     # what the walk plays: an action, a turn's end, a turn too late
CHANCE_KEYS = ("friend", "encounter", "clue")  # the record's entries that are chance's alone


class Walk:
    """Fair Verona for the replay driver: the state, and what the replay collects besides the
    violations (each attempt's arithmetic, each turn's actions in the order they were taken)."""

    def __init__(self, record, kit) -> None:
        self.record, self.kit = record, kit
        self.params = kit.params
        self.names = [p.name for p in record.players]
        level = next(d for d in self.params.difficulties if d.name.lower() == record.difficulty.lower())
        self.level = level
        if record.start is None:
            self.state = State(self.params, [Person(p.name, p.identity) for p in record.players], level.clue_tokens)
        else:
            self.state = state_from(record, kit, level)
        self.first = self.state.turn_no + 1     # the record's first turn: 1, or the turn a `start:` is at
        self.encounters: list[dict] = []
        self.played: list[list[Action]] = []    # each turn's actions, in the order they were taken
        self.face_down = False                  # the last entry played was a Friend's card going face down

    def setup(self, rep: Replay) -> None:
        """The setup's cards checked and dealt, or the position under `start:`: the replay's first step."""
        st, game, rec = self.state, self.kit.game, self.record
        n = len(rec.players)
        if not game.min_players <= n <= game.max_players:
            rep.violations.append(Violation.of("setup, players", f"{n} players; the game is for {game.players}", R.V8))
        seen: dict[Card, str] = {}
        for p in rec.players:
            where = f'setup, {p.name} "{p.identity}"'
            if p.identity.joker:
                rep.illegal(where, Illegal("an Identity is a person: a Joker is not (it covers the Clue Card)", R.V8))
            elif p.identity in seen:
                rep.illegal(where, Illegal(f"{p.identity} is also {seen[p.identity]}'s Identity: each card is "
                                           f"one person", R.UNIQUE))
            seen.setdefault(p.identity, p.name)
        if rec.start is not None:
            said = f"the table at the start of turn {rec.start.turn}" + (f", {st.outcome}: {st.why_ended}"
                                                                        if st.over else "")
            rep.note(f"start: {said}")
            rep.step("start", said, self.picture)
            return
        clues = rec.clue if isinstance(rec.clue, list) else [rec.clue]
        for k, card in enumerate(clues, 1):
            where = f'setup, Clue Card "{card}"'
            last = k == len(clues)
            if card.joker == last or (why := st.deck.why_not(card)):
                message = ("the first Clue Card is a card, not a Joker (a Joker turned up is written before it)"
                           if card.joker and last else "one Clue Card: the cards before it are Jokers that turned up"
                           if not card.joker else why)
                rep.not_played(where, Illegal(message, R.V9 if card.joker or not last else R.UNIQUE), self.picture)
                continue
            deal_clue(st, card)
        st.deal_friends(self.level.friends)
        did = (f"{self.level.name}: {plural(self.level.clue_tokens, 'Clue Token')} to return; the Old Town at "
               f"[0, 0] with every meeple on it; the Clue Card {st.desk.clue}"
               + (f" under {plural(st.deck.jokers_out, 'Joker')}" if st.deck.jokers_out else "")
               + (f"; {plural(self.level.friends, 'Friend')} dealt face down to each player" if self.level.friends else ""))
        rep.note(f"setup: {did}")
        rep.step("setup", did, self.picture)

    def after_end(self, entry) -> Illegal | None:
        return None         # the rules refuse whatever comes after the end, each at its place

    def _ended(self) -> Illegal:
        st = self.state
        return Illegal(f"the game was already {st.outcome} ({st.why_ended})", R.WIN if st.outcome == "won" else R.LOSE)

    def chance(self, where: str, event: Action, telling: bool) -> tuple[str | None, list[str], list[Illegal], bool]:
        """A card drawn (checked by the rules as the actions are, and not played if it breaks one),
        or the Friend's card going face down (no step)."""
        st = self.state
        self.face_down = event is FACE_DOWN
        if event is FACE_DOWN:
            apply(st, event)
            return None, [], [], False
        why = why_illegal(st, event)
        self.played[-1].append(event)
        if why is not None:
            did, notes = _refused(where, why)
            return did, notes, [why], False
        did = apply(st, event)
        return (did, [f"{where}: {did}"], [], False) if telling else ("", [], [], False)

    def why_illegal(self, a: Played) -> Illegal | None:
        if a is END_TURN:
            return why_turn_short(self.state)
        if isinstance(a, AfterEnd):
            return self._ended()
        return why_illegal(self.state, a)

    def reported(self, why: Illegal) -> bool:
        return True

    def unplayable(self, where: str, a: Played, why: Illegal) -> tuple[str, list[str]] | None:
        """An illegal action is not played at all; a turn's end owing something still ends it."""
        self.face_down = False
        if a is END_TURN:
            return None
        if not isinstance(a, AfterEnd) and self.played:
            self.played[-1].append(a)
        return _refused(where, why)

    def play(self, where: str, a: Played, why: Illegal | None, telling: bool) -> tuple[str, list[str]]:
        st = self.state
        self.face_down = False
        if a is END_TURN:                   # the turn ends, owing something or not; the next begins
            name = st.player.name
            did = close_turn(st)
            if not telling:                 # (a plain check: no words made)
                return _QUIET
            said = f"{name}'s turn ends" + (f"; {did}" if did else "")
            return said, [f"{where}: {said}"]
        if self.played:
            self.played[-1].append(a)
        prize = isinstance(a, Clear) and any(h.card == a.card and h.token for h in st.player.encounters)
        did = apply(st, a)
        if isinstance(a, Clear) and st.last_outcome is not None:
            self.encounters.append({**st.last_outcome.to_json(), "clue": prize})
        return (did, [f"{where}: {did}"]) if telling else _QUIET

    def turn_problems(self) -> list[Illegal]:
        return []           # a turn's end is an action (EndTurn)

    def epilogue(self, open_end: bool) -> tuple[str, str, list[str]] | None:
        return None

    def picture(self) -> Position:
        return picture(self.state)

    def entries(self, open_end: bool) -> Iterator[Entry]:
        """The record's turns as the driver plays them, read as the game goes (a turn begins when
        the one before it has ended): each action where the table took it, a `clue` card where the
        Clue Token came back, the card a Friend made going face down after the Jokers shown drawing
        it, the turn's end (not the last turn's with `open_end`: it is in progress at the table)."""
        st, turns = self.state, self.record.turns
        if turns and not st.over:
            st.first_turn()
        for k, written in enumerate(turns, self.first):
            if st.over:
                if written.data():
                    yield (ACT, f"turn {k}", AFTER_END)
                continue
            self.played.append([])
            where = where_turn(k, st.player.name)
            actions = written_actions(written.data(), self.names)
            clues = [a for a in actions if a.key == "clue"]
            for a in [a for a in actions if a.key != "clue"]:
                if st.friend_due and a.key != "friend":
                    yield (CHANCE, where, FACE_DOWN)
                while st.clue_due and clues:
                    c = clues.pop(0)
                    yield (CHANCE, f'{where}, {c.key} "{entry(c)}"', c)
                yield (CHANCE if a.key in CHANCE_KEYS else ACT, f'{where}, {a.key} "{entry(a)}"', a)
            if st.friend_due:
                yield (CHANCE, where, FACE_DOWN)
            for a in clues:
                yield (CHANCE, f'{where}, {a.key} "{entry(a)}"', a)
            if not (open_end and k == self.first - 1 + len(turns)):
                yield (ACT, where, END_TURN)

    def result(self, rep: Replay) -> Result:
        st = self.state
        outcome = "unfinished" if st.outcome == "playing" else st.outcome
        extra = {"outcome": outcome, "encounters": self.encounters, "turn": st.ended or self.first - 1 + len(self.played),
                 "clue_tokens": {"returned": st.desk.returned, "total": st.desk.total}}
        if st.over:
            extra["why"] = st.why_ended
        return Result(game=R.ID, violations=rep.violations, finished=outcome != "unfinished", extra=extra,
                      explain=rep.explain, cooperative=True, steps=rep.steps)


_QUIET: tuple[str, list[str]] = ("", [])
"""(Never appended to.) What `play` answers in a plain check, which asks for no words."""


def _refused(where: str, why: Illegal) -> tuple[str, list[str]]:
    """A step not played: its words and its --explain note (the position is unchanged)."""
    return f"not played: {why.message}", [f"{where}: not played: {why.message} ({why.rule.id})"]


def replay(record, kit, explain: bool = False, steps: bool = False, open_end: bool = False) -> tuple[Walk, Replay]:
    """The game log played through the rules: the walk (its state where the record stops) and what
    the replay collected. With `open_end` the last turn is the one in progress at the table."""
    walk = Walk(record, kit)
    rep = Replay(explaining=explain, recording=steps)
    walk.setup(rep)
    run(walk, walk.entries(open_end), rep, open_end)
    return walk, rep


def turn_actions(record, kit) -> list[list[str]]:
    """Each turn's actions (`place 1 0 turned 90`) in the order the replay takes them: a `clue`
    where the Clue Token came back. What `pnpkit moves` walks through, and the tests with it."""
    return [[text(a) for a in turn] for turn in replay(record, kit)[0].played]


def score_log(record, kit, explain: bool = False, steps: bool = False) -> Result:
    walk, rep = replay(record, kit, explain, steps)
    return walk.result(rep)
