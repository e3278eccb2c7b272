"""Fair Verona's game log: the record of a whole game, replayed turn by turn (rulings V1-V20).

The record says what only the table saw (the setup's cards, each tile drawn and where it went, the
cards drawn, the attempt at an Encounter, the move, the hand-offs); the replay works out the rest
(Friends made, the Clue Token's prize, Jokers laid and discarded, the end) and checks every action
with fair_verona_state.State, the same function `pnpkit moves` asks (`AtTable`).
"""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, Field

from pnpkit.scorer.cards import Card, CardField
from pnpkit.scorer.core import Result, Violation, plural, where_turn
from pnpkit.scorer.games import fair_verona_rules as R
from pnpkit.scorer.games.fair_verona_notation import KEYS, PHASE, REPEATED, Action, entries, parse, parse_text, write
from pnpkit.scorer.games.fair_verona_position import picture
from pnpkit.scorer.games.fair_verona_state import Person, State
from pnpkit.scorer.movelog import Illegal, Replay
from pnpkit.scorer.play import Option, Turn, cannot_extend
from pnpkit.scorer.records import MAX_ITEMS, Name, Strict

GAME = "fair-verona"


def _text(v: Any) -> Any:
    """A turn's entry as text (`place: 1 0` may read as numbers), or a list of texts."""
    if isinstance(v, list):
        return [_text(x) for x in v]
    return str(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v


Entry = Annotated[str | Annotated[list[str], Field(max_length=MAX_ITEMS)], BeforeValidator(_text)]
Cards = Annotated[list[CardField], Field(min_length=1, max_length=MAX_ITEMS)]


class PlayerEntry(Strict):
    name: Name
    identity: CardField = Field(description="The Identity card dealt face up.")


class TurnEntry(Strict):
    """One turn, phase by phase (docs/records/fair-verona.md)."""

    draw: Entry | None = Field(None, description="The face-down tile drawn: its code on the tile key (R3, D).")
    take: Entry | None = Field(None, description="Instead of drawing: one of the player's own face-up tiles.")
    place: Entry | None = Field(None, description="Where it went: `E N`, `E N turned 90|180|270`, or `aside`.")
    friend: Entry | None = Field(None, description="`JK`: a Joker turned up while drawing the Friend made.")
    encounter: Entry | None = Field(None, description="The card drawn for the next player's Encounter (a Joker first: [JK, 9D]).")
    clear: Entry | None = Field(None, description="The attempt at an Encounter: `9D with Ben, Cat friend 5H`.")
    move: Entry | None = Field(None, description="The movement: `any|city|road E N`, `bank N` where the river divides the tile.")
    give: Entry | None = Field(None, description="A Clue Token handed over: `Ann to Ben` (a list for more).")
    clue: Entry | None = Field(None, description="The new Clue Card when a Clue Token came back (a Joker first: [JK, 5S]).")

    def data(self) -> dict:
        return {k: getattr(self, k) for k in KEYS if getattr(self, k) is not None}


def check_turns(turns: list[TurnEntry], names: list[str]) -> list[tuple[tuple, str]]:
    """(path, message) for every entry that cannot be read (the record is then refused)."""
    out = []
    for i, t in enumerate(turns):
        for key, value in t.data().items():
            if not isinstance(value, list):
                value = [value]
            elif len(value) > 1 and key not in ("friend", "encounter", "give", "clue"):
                out.append((("turns", i, key), f"one `{key}` a turn"))
                continue
            for v in value:
                try:
                    parse(key, v, names)
                except ValueError as e:
                    out.append((("turns", i, key), str(e)))
    return out


# ---- the replay -------------------------------------------------------------------------------

class Run:
    """One replay of a game log: the state, the violations and notes, the steps."""

    def __init__(self, record, kit, replay: Replay) -> None:
        self.record, self.kit, self.replay = record, kit, replay
        self.params = kit.params
        self.names = [p.name for p in record.players]
        level = next(d for d in self.params.difficulties if d.name.lower() == record.difficulty.lower())
        self.level = level
        self.state = State(self.params, [Person(p.name, p.identity) for p in record.players], level.clue_tokens)
        self.encounters: list[dict] = []
        self.played: list[list[str]] = []       # each turn's actions, in the order they were taken

    def show(self, where: str, did: str) -> None:
        self.replay.note(f"{where}: {did}")
        self.replay.step(where, did, lambda: picture(self.state))

    def illegal(self, where: str, why: Illegal) -> None:
        self.replay.not_played(where, why, lambda: picture(self.state))

    def setup(self) -> None:
        st, game, rec = self.state, self.kit.game, self.record
        n = len(rec.players)
        if not game.min_players <= n <= game.max_players:
            self.replay.violations.append(Violation.of("setup, players", f"{n} players; the game is for {game.players}", R.V8))
        seen: dict[Card, str] = {}
        for p in rec.players:
            where = f'setup, {p.name} "{p.identity}"'
            if p.identity.joker:
                self.replay.illegal(where, Illegal("an Identity is a person: a Joker is not (it covers the Clue Card)", R.V8))
            elif p.identity in seen:
                self.replay.illegal(where, Illegal(f"{p.identity} is also {seen[p.identity]}'s Identity: each card is "
                                                   f"one person", R.UNIQUE))
            seen.setdefault(p.identity, p.name)
        clues = rec.clue if isinstance(rec.clue, list) else [rec.clue]
        for k, card in enumerate(clues, 1):
            where = f'setup, Clue Card "{card}"'
            last = k == len(clues)
            if card.joker == last or (why := st.deck.why_not(card)):
                message = ("the first Clue Card is a card, not a Joker (a Joker turned up is written before it)"
                           if card.joker and last else "one Clue Card: the cards before it are Jokers that turned up"
                           if not card.joker else why)
                self.illegal(where, Illegal(message, R.V9 if card.joker or not last else R.UNIQUE))
                continue
            st.deal_clue(card)
        st.deal_friends(self.level.friends)
        self.show("setup", f"{self.level.name}: {plural(self.level.clue_tokens, 'Clue Token')} to return; the Old "
                           f"Town at [0, 0] with every meeple on it; the Clue Card {st.desk.clue}"
                  + (f" under {plural(st.deck.jokers_out, 'Joker')}" if st.deck.jokers_out else "")
                  + (f"; {plural(self.level.friends, 'Friend')} dealt face down to each player" if self.level.friends else ""))

    def turn(self, k: int, entry: TurnEntry, whole: bool = True) -> None:
        """Turn k (1-based). With `whole` False the turn is still open (`pnpkit moves`)."""
        st = self.state
        if st.over:
            if entry.data():
                self.illegal(f"turn {k}", Illegal(f"the game was already {st.outcome} ({st.why_ended})",
                                                  R.WIN if st.outcome == "won" else R.LOSE))
            return
        st.begin_turn((k - 1) % len(st.people))
        self.played.append([])
        name = st.player.name
        actions = entries(entry.data(), self.names)
        clues = [a for a in actions if a.key == "clue"]
        for a in [a for a in actions if a.key != "clue"]:
            while st.clue_due and clues:
                self.act(k, name, clues.pop(0))
            self.act(k, name, a)
        for a in clues:
            self.act(k, name, a)
        if not whole:
            return
        if (why := st.why_turn_short()) is not None:
            self.replay.illegal(where_turn(k, name), why)
        did = st.end_turn()
        self.show(where_turn(k, name), f"{name}'s turn ends" + (f"; {did}" if did else ""))

    def act(self, k: int, name: str, a: Action) -> None:
        st = self.state
        where = f'{where_turn(k, name)}, {a.key} "{a.text}"'
        if self.played:
            self.played[-1].append(str(a))
        if (why := st.why_illegal(a)) is not None:
            self.illegal(where, why)
            return
        prize = any(h.card == a.card and h.token for h in st.player.encounters)
        did = st.apply(a)
        if a.key == "clear" and st.last_outcome is not None:
            self.encounters.append({**st.last_outcome.to_json(), "clue": prize})
        self.show(where, did)

    def result(self) -> Result:
        st = self.state
        outcome = "unfinished" if st.outcome == "playing" else st.outcome
        extra = {"outcome": outcome, "encounters": self.encounters, "turn": st.ended or st.turn_no,
                 "clue_tokens": {"returned": st.desk.returned, "total": st.desk.total}}
        if st.over:
            extra["why"] = st.why_ended
        return Result(game=GAME, violations=self.replay.violations, finished=outcome != "unfinished", extra=extra,
                      explain=self.replay.explain, cooperative=True, steps=self.replay.steps)


def turn_actions(record, kit) -> list[list[str]]:
    """Each turn's actions (`place 1 0 turned 90`) in the order the replay takes them: a `clue`
    where the Clue Token came back. What `pnpkit moves` walks through, and the tests with it."""
    run = Run(record, kit, Replay())
    run.setup()
    for k, t in enumerate(record.turns, 1):
        run.turn(k, t)
    return run.played


def score_log(record, kit, explain: bool = False, steps: bool = False) -> Result:
    run = Run(record, kit, Replay(explaining=explain, recording=steps))
    run.setup()
    for k, t in enumerate(record.turns, 1):
        run.turn(k, t)
    run.replay.finish("end", "the record ends here", lambda: picture(run.state))
    return run.result()


# ---- at the table: what may come next ---------------------------------------------------------

class AtTable:
    """Where a game log stops (scorer/play.py: Table). The last turn is the one in progress; a
    trailing empty turn (`- {}`) says the next player's turn has begun."""

    def __init__(self, record, kit) -> None:
        self.record, self.kit = record, kit
        run = self.run = Run(record, kit, Replay())
        self.violations = run.replay.violations
        run.setup()
        turns = record.turns
        for k, t in enumerate(turns[:-1], 1):
            run.turn(k, t)
        if turns:
            run.turn(len(turns), turns[-1], whole=False)
        self.open = bool(turns)          # a turn is in progress (else the first has not begun)
        self.state = run.state
        self._nxt: State | None = None   # the next player's turn, begun (worked out once)
        self._at: tuple[State, bool] | None = None

    def _next(self) -> State:
        """The position at the start of the next player's turn (the turn in progress ended)."""
        if self._nxt is not None:
            return self._nxt
        st = self._nxt = self.state.copy()
        if self.open:
            st.end_turn()
        if not st.over:
            st.begin_turn(st.turn_no % len(st.people))
        return st

    def _current(self) -> tuple[State, bool]:
        """The state whose options `moves` lists, and whether it is the next player's new turn."""
        if self._at is None:
            st = self.state
            if st.over:
                self._at = st, False
            elif not self.open or (st.why_turn_short() is None and not options(st)):
                self._at = self._next(), True
            else:
                self._at = st, False
        return self._at

    def turn(self) -> Turn:
        st, fresh = self._current()
        if st.over:
            return Turn(to_move=None, may_end_turn=True, waiting=f"the game is over: {st.outcome} ({st.why_ended})")
        p = st.player
        forced = [w.message for w in [st.why_turn_short()] if w is not None]
        where = f"turn {st.turn_no} ({p.name}) at {st.map.spot_text(p.spot)}: " + phase_words(st)
        legal = options(st)
        if st.why_turn_short() is None and not fresh:       # or the turn ends, and the next one opens
            nxt = self._next()
            opening = [t for t in options(nxt) if t not in legal] if not nxt.over else []
            if opening:
                where += f"; or the turn ends and {nxt.player.name}'s opens ({', '.join(sorted({t.split()[0] for t in opening}))})"
            legal += opening
        return Turn(to_move=p.name, legal=[Option(t) for t in legal], forced=forced,
                    may_end_turn=st.why_turn_short() is None, turn=where)

    def _target(self, a: Action) -> tuple[State, bool, Illegal | None]:
        """Where an action goes: (the state it is asked in, whether that is the next player's new
        turn, why it is illegal there). An action the turn in progress may not take, once that turn
        may end, belongs to the next turn when it is legal there or comes too late in this one."""
        st, fresh = self._current()
        why = st.why_illegal(a)
        if why is None or fresh or st.over or st.why_turn_short() is not None:
            return st, fresh, why
        nxt = self._next()
        later = nxt.why_illegal(a)
        if later is None or why.rule is R.PHASES:
            return nxt, True, later
        return st, False, why

    def why_illegal(self, action: str) -> Illegal | None:
        return self._target(parse_text(action, [p.name for p in self.state.people]))[2]

    def extend(self, data: dict, action: str) -> dict:
        a = parse_text(action, [p.name for p in self.state.people])
        _, fresh, _ = self._target(a)
        turns = [dict(t) for t in (data.get("turns") or [])]
        if fresh and (not turns or turns[-1]):
            turns.append({})
        if a.key in turns[-1] and a.key not in REPEATED:
            raise cannot_extend(f"the turn already has its `{a.key}` (a turn has one)")
        later = [k for k in turns[-1] if k != "clue" and KEYS.index(k) > KEYS.index(a.key)]
        if later and a.key != "clue":
            raise cannot_extend(f"a turn's `{a.key}` comes before its `{later[-1]}`")
        turns[-1] = write(turns[-1], a)
        return {**data, "turns": turns}


def phase_words(st: State) -> str:
    if st.clue_due:
        return "the next Clue Card is drawn"
    if st.hand:
        return f"{st.hand} in hand, to place"
    if st.deal_to is not None:
        return f"the Encounter for {st.people[st.deal_to].name} is drawn"
    if st.stage == 0 and st.can_attempt():
        return "the tile phase: draw or take a tile"
    if st.stage <= PHASE["clear"] and not st.attempted and st.player.encounters:
        return f"Encounters: {', '.join(str(h.card) for h in st.player.encounters)}; one attempt"
    if st.stage <= PHASE["move"] and not st.player.encounters:
        return "the movement"
    return "the turn may end"


def options(st: State) -> list[str]:
    """Every action that may come next in the turn in progress, in the record's notation."""
    if st.over:
        return []
    p = st.player
    if st.clue_due:
        return [f"clue {_card(c)}" for c in st.deck.may_come()]
    if st.hand is not None:
        spots = st.fits(st.hand)
        return [f"place {x} {y}" + (f" turned {q * 90}" if q else "") for (x, y), q in spots] or ["place aside"]
    if st.deal_to is not None:
        return [f"encounter {_card(c)}" for c in st.deck.may_come()]
    if st.stage == 0 and st.can_attempt():
        stack = st.stack()
        return [f"draw {c}" for c, n in (stack or {}).items() if n > 0] + [f"take {c}" for c in st.playable_face_up()]
    out = []
    if st.friend_due and st.stage <= PHASE["friend"] and st.deck.why_not(Card("Joker", None)) is None:
        out.append("friend JK")
    if st.stage <= PHASE["clear"] and not st.attempted:
        here = [q.name for q in st.people if q is not p and q.xy == p.xy]
        friends = [""] + ([f" friend {_card(c)}" for c in st.deck.may_come() if not c.joker] if p.friends else [])
        for h in p.encounters:
            for mask in range(1 << len(here)):
                helpers = [n for i, n in enumerate(here) if mask >> i & 1]
                attempt = f"clear {_card(h.card)}" + (f" with {', '.join(helpers)}" if helpers else "")
                out += [attempt + f for f in friends]
    if st.stage <= PHASE["move"] and not p.encounters:
        for way in st.params.movement:
            reach = st.map.reach(p.spot, way.along, way.tiles)
            tiles: dict[tuple[int, int], list] = {}
            for s in sorted(reach):
                tiles.setdefault(s[:2], []).append(s)
            for (x, y), ends in tiles.items():
                if len(ends) == 1:
                    out.append(f"move {way.code} {x} {y}")
                else:
                    out += [f"move {way.code} {x} {y} bank {st.map.bank_name(s)}" for s in ends]
    for q in st.people:
        if q.token:
            out += [f"give {q.name} to {o.name}" for o in st.people if o is not q and o.xy == q.xy]
    return out


def _card(c: Card) -> str:
    return "JK" if c.joker else f"{c.rank}{c.suit}"
