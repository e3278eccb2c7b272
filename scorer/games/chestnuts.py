"""Chestnuts Roasting on an Open Fire: the record format, the replay, the explanation, the score.

The rules themselves live in `chestnuts_moves` (state, why_illegal, legal_moves, apply); this module
reads a record, replays it through them, lists every violation (it goes on after one wherever the
counters the action needs are there), explains each position with --explain, and scores by ruling
C12. docs/records/chestnuts.md describes the notation.
"""
from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Annotated, Iterator, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from pnpkit.scorer import dice
from pnpkit.scorer.core import PlayerScore, Result, plural, rank, where_turn
from pnpkit.scorer.games import chestnuts_position
from pnpkit.scorer.games.chestnuts_moves import (FIRE_C, FIRE_U, NP, OVER, R_END, R_NOTES1, Move, State, apply, c_default,
                                          end_of_turn, i_default, legal_moves, why_illegal)
from pnpkit.scorer.games.chestnuts_moves import table as rules_table
from pnpkit.scorer.games.chestnuts_position import Start, picture, state_from, words
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.replay import Act, Chance, Entry, Replay, TurnEnd, run
from pnpkit.scorer.play import Option, Turn, cannot_extend
from pnpkit.scorer.records import MAX_ITEMS, MAX_TURNS
from pnpkit.scorer.rulebook import ruling, section

GAME = "chestnuts"


# ---------------------------------------------------------------- notation

_MOVE = re.compile(r"\s*([a-l])(?:\s+(\d+))?(?:\s+(free|opp|own)(?:\s+(\d+))?)?\s*")
NOTATION = ('a, b, d, h, j, l; "c N" or "c N opp M"; "e N"; "f N"; "g N"; "i", "i own" or "i opp"; '
            '"k N" or "k N free M" (N, M whole numbers)')


@lru_cache(maxsize=4096)
def parse(text: str) -> Move:
    """Record notation -> Move. Raises ValueError (the record is unreadable) on bad notation."""
    m = _MOVE.fullmatch(str(text).lower())
    bad = ValueError(f"cannot read action {text!r}: expected {NOTATION}")
    if not m:
        raise bad
    letter, n, word, k = m[1], m[2], m[3], m[4]
    if letter in "abdhjl":
        if n or word:
            raise ValueError(f"action {letter} takes no count: write just {letter!r}")
        return (letter, 1, 0)
    if letter == "i":
        if n or (word and (k or word == "free")):
            raise ValueError(f'cannot read {text!r}: write "i", "i own" or "i opp"')
        return ("i", 1, 1 if word == "own" else 0 if word == "opp" else -1)
    if not n:
        raise ValueError(f'action {letter} needs a count: write "{letter} 1", "{letter} 2", ...')
    if int(n) < 1:
        raise ValueError(f"action {letter}: the count must be 1 or more, got {n}")
    want = {"c": "opp", "k": "free"}.get(letter)
    if word and (word != want or k is None):
        raise ValueError(f'cannot read {text!r}: expected "{letter} N"' + (f' or "{letter} N {want} M"' if want else ""))
    if letter == "c":
        return ("c", int(n), int(k) if word else -1)
    return (letter, int(n), int(k) if word else 0)


def text_of(s: "State", mv: Move) -> str:
    """Move -> record notation, the shortest form that means it in position `s`."""
    letter, n, m = mv
    if letter in "abdhjl":
        return letter
    if letter == "i":
        return "i own" if m == 1 else "i"
    if letter == "c":
        return f"c {n}" if m < 0 or m == c_default(s, n) else f"c {n} opp {m}"
    if letter == "k":
        return f"k {n}" + (f" free {m}" if m else "")
    return f"{letter} {n}"


def resolve(s: "State", mv: Move) -> Move:
    """Fill in a default owner choice (c without opp, bare i) for this position."""
    letter, n, m = mv
    if m < 0:
        return (letter, n, c_default(s, n) if letter == "c" else i_default(s))
    return mv


def _action(text: str) -> str:
    parse(text)  # raises ValueError with the notation expected: the record is unreadable
    return text


Action = Annotated[str, AfterValidator(_action)]


class TurnEntry(BaseModel):
    """One turn: the die roll and every action taken, in order (forced Tongs moves included)."""

    model_config = ConfigDict(extra="forbid")
    roll: dice.Die = Field(description="The die roll, 1-6.")
    actions: list[Action] = Field(default_factory=list, max_length=MAX_ITEMS, description='Actions a-l as on the reference card: "a", "c 2", "k 1 free 1".')

    @field_validator("roll")
    @classmethod
    def _die(cls, v: int) -> int:
        if not 1 <= v <= 6:
            raise ValueError(f"a die roll is 1 to 6, got {v}")
        return v


class Record(BaseModel):
    """A Chestnuts move log: the two players in seat order (the first starts), then every turn."""

    model_config = ConfigDict(extra="forbid")
    game: Literal["chestnuts"]
    players: list[str] = Field(min_length=2, max_length=2, description="Two names; the first player starts.")
    start: Start | None = Field(None, description="The table at the start of a turn, instead of the game's setup "
                                "(docs/records/chestnuts.md).")
    turns: list[TurnEntry] = Field(default_factory=list, max_length=MAX_TURNS, description="In order; the players alternate.")

    @field_validator("players")
    @classmethod
    def _distinct(cls, v: list[str]) -> list[str]:
        if len(set(v)) != len(v):
            raise ValueError("the two players need different names")
        return v


# ---------------------------------------------------------------- explanation

def _scores(s: State) -> tuple[int, int]:
    return tuple(a - b for a, b in (s.score(0), s.score(1)))  # type: ignore[return-value]


def _score_note(before: tuple[int, int], after: tuple[int, int], names: list[str]) -> str:
    moved = [f"{names[p]} {after[p] - before[p]:+d}" for p in (0, 1) if after[p] != before[p]]
    return f"score {names[0]} {after[0]} {names[1]} {after[1]}" + (f" ({', '.join(moved)})" if moved else "")


def said(s: State, mv: Move, names: list[str]) -> str:
    """What action `mv` does, in words, before it is applied to `s`."""
    letter, n, m = resolve(s, mv)
    me, them = names[s.player], names[1 - s.player]
    if letter in "bl":
        return f"{me} adds a Flame ({s.flames + 1} of {s.t.flames})"
    return {
        "a": f"{me} picks up the Tongs",
        "c": f"{me} eats {plural(n, 'chestnut')} from the Plate" + (f" ({m} of them {them}'s)" if m else ""),
        "d": f"{me} puts down the Tongs",
        "e": f"{me} puts {plural(n, 'chestnut')} from the Basket on the Fire",
        "f": f"{me} takes {plural(n, 'cooked chestnut')} from the Fire to the Plate",
        "g": f"{me} takes {plural(n, 'chestnut')} from the Overcooked Box to the Plate",
        "h": f"{me} takes one of {them}'s cooked chestnuts from the Fire to the Plate",
        "i": f"{me} eats one of " + ("their own chestnuts" if m else f"{them}'s chestnuts") + f" from {them}'s Plate",
        "j": f"{me} puts one of {them}'s chestnuts from {them}'s Basket on the Fire",
        "k": f"{me} puts {plural(n, 'more chestnut')} of {them}'s on the Fire" + (f", and {m} own free" if m else ""),
    }[letter]


def overheat_words(before: list[int]) -> str:
    """Ruling C11 in words, from the counts just before the third Flame went on."""
    burn = before[OVER] + before[NP + OVER]
    over = before[FIRE_C] + before[NP + FIRE_C]
    cook = before[FIRE_U] + before[NP + FIRE_U]
    return (f"the third Flame: the Fire overheats (ruling C11): {burn} overcooked burn, {over} cooked overcook, "
            f"{cook} uncooked cook; the added Flames come off")


# ---------------------------------------------------------------- replay and score

def first_state(record: Record, kit) -> State:
    """The setup, or the position the record starts from."""
    t = rules_table(kit.params)
    return State(t) if record.start is None else state_from(record.start, list(record.players), t)


def entries(record: Record, first: int, open_end: bool) -> Iterator[Entry]:
    """The record as the driver plays it: each turn's roll, its actions, its end."""
    names = record.players
    last = len(record.turns) - 1
    for ti, turn in enumerate(record.turns):
        where = where_turn(ti + 1, names[(first + ti) % 2])
        yield Chance(where, turn.roll)
        for ai, text in enumerate(turn.actions):
            yield Act(where_turn(ti + 1, names[(first + ti) % 2], ai + 1, text), parse(text))
        yield TurnEnd(where, open_end and ti == last)


class Walk:
    """Chestnuts for the replay driver (scorer/replay.py): its rules on its state, its words."""

    def __init__(self, s: State, record: Record, kit) -> None:
        self.s, self.kit, self.names, self.record = s, kit, list(record.players), record
        self.ended = ""                 # where the game ended ("at turn 7 (Ann), action 2 ...")
        self.notes1 = False             # Notes 1 reported this turn (once a turn is enough)
        self.reported_ids: set[str] = set()

    def over(self) -> bool:
        return self.s.over

    def after_end(self, entry: Entry) -> Illegal:
        if isinstance(entry, Chance):
            return Illegal(f"the game ended {self.ended}; no more turns are played", R_END)
        return Illegal(f"the game ended {self.ended}; nothing more may be done", R_END)

    def chance(self, where: str, roll: int, telling: bool) -> tuple[str, str, Illegal | None]:
        s, names = self.s, self.names
        before = _scores(s)
        moved = s.start_turn(roll)
        self.notes1, self.reported_ids = False, set()
        did = note = ""
        if telling:
            did = (f"steps 1-3: {moved[0]} overcooked to the Burnt Box, {moved[1]} cooked to the Overcooked Box, "
                   f"{moved[2]} turned to cooked; roll {roll}: {plural(s.points, 'Nut Point')}"
                   + (" (one less on the first player's first turn, ruling C3)" if s.turn == 0 and s.t.first_less else ""))
            note = f"{where}: {did} | {_score_note(before, _scores(s), names)}"
        if s.over:
            return did, note, Illegal("the game ended at the start of this turn (steps 1-3); no roll or action follows",
                                      R_END)
        return did, note, None

    def why_illegal(self, mv: Move) -> Illegal | None:
        return why_illegal(self.s, mv)

    def reported(self, why: Illegal) -> bool:
        again = why.rule is R_NOTES1 and self.notes1
        self.reported_ids.add(why.rule.id)
        self.notes1 = self.notes1 or why.rule is R_NOTES1
        return not again

    def shortage(self, mv: Move) -> str | None:
        return self.s.shortage(mv)

    def play(self, where: str, mv: Move, why: Illegal | None, telling: bool) -> tuple[str, str]:
        s, names = self.s, self.names
        if not telling:
            apply(s, mv)
            if s.over:
                self.ended = f"at {where}"
            return "", ""
        before, left, cost, c_before, flames = _scores(s), s.points, s.cost(mv), s.c[:], s.flames
        did = said(s, mv, names)
        apply(s, mv)
        if s.flames < flames:
            did += "; " + overheat_words(c_before)
        if s.over:
            self.ended = f"at {where}"
            did += "; the game is over"
        paid = (f"ILLEGAL, played as recorded: it costs {plural(cost, 'Nut Point')} and {left} "
                f"{'was' if left == 1 else 'were'} left, {s.points} now" if why else
                f"{cost} spent, {s.points} left")
        return did, (f"{where}: {did}; {paid} | {words(s, names)} | {_score_note(before, _scores(s), names)}"
                     + (" | GAME OVER" if s.over else ""))

    def turn_problems(self) -> list[Illegal]:
        forced = self.s.t.forced_rule
        # A forced action already reported as made impossible (C7, Notes 1) is not reported again.
        return [why for why in end_of_turn(self.s)
                if not ((why.rule is forced["j"] and "ruling C7" in self.reported_ids)
                        or (why.rule is forced["l"] and "Notes 1" in self.reported_ids))]

    def epilogue(self, open_end: bool) -> tuple[str, str, str] | None:
        """The record may stop after the turn that makes the next player's steps 1-3 end the game:
        those steps take no decision, so the game is over as it stands."""
        s, names = self.s, self.names
        if s.over or not self.record.turns or (open_end and (legal_moves(s) or end_of_turn(s))):
            return None
        nxt = s.copy()
        before = _scores(nxt)
        nxt.start_turn(1)
        if not nxt.over:
            return None
        self.s = nxt
        where = f"turn {len(self.record.turns) + 1} ({names[nxt.player]})"
        return (where, "steps 1-3 end the game",
                f"{where}: steps 1-3 end the game | {words(nxt, names)} | {_score_note(before, _scores(nxt), names)}")

    def picture(self):
        return picture(self.s, self.names, self.kit)


def replay(record: Record, kit, explain: bool = False, steps: bool = False,
           open_end: bool = False) -> tuple[State, Replay]:
    """Play the record through the rules, collecting every violation (and notes if explaining,
    and every step with its position if `steps`). With `open_end` the last turn is the one in
    progress at the table: what it has not done yet is not a violation."""
    s = first_state(record, kit)
    walk = Walk(s, record, kit)
    rep = Replay(explaining=explain, recording=steps)
    if explain:
        rep.note(f"start: {words(s, walk.names)}")
    rep.step("start", "the game's setup" if record.start is None else "the position written under start:", walk.picture)
    run(walk, entries(record, 1 - s.player, open_end), rep, open_end)
    return walk.s, rep


def score(record: Record, kit, explain: bool = False, steps: bool = False) -> Result:
    """Check the record and score it by ruling C12, finished or not."""
    s, rep = replay(record, kit, explain, steps)
    names = list(record.players)
    players = []
    for p, name in enumerate(names):
        chair, burnt = s.score(p)
        ps = PlayerScore(name)
        ps.add("chestnuts on Chair", chair)
        ps.add("own chestnuts burnt", -burnt)
        players.append(ps)
    ranking, tiebreaks = rank(players, [], ruling("C12"))
    if explain:
        rep.note(("game over" if s.over else "unfinished") + ": " +
                 ", ".join(f"{p.name} {p.total}" for p in players))
    return Result(game=GAME, players=players, violations=rep.violations, finished=s.over,
                  ranking=ranking, tiebreaks=tiebreaks, explain=rep.explain, steps=rep.steps)


def start_problems(record: Record, kit) -> list[tuple[tuple, str]]:
    if record.start is None:
        return []
    return [(("start",) + path, message) for path, message in
            chestnuts_position.start_problems(record.start, list(record.players), rules_table(kit.params))]


# ---------------------------------------------------------------- at the table: what may come next

class AtTable:
    """Where a record stops, for `pnpkit moves` (scorer/play.py: Table)."""

    def __init__(self, record: Record, kit) -> None:
        self.names = list(record.players)
        self.record = record
        self.state, rep = replay(record, kit, open_end=True)
        self.violations = rep.violations

    def _complete(self) -> bool:
        s = self.state
        return not self.record.turns or s.over or not (legal_moves(s) or end_of_turn(s))

    def turn(self) -> Turn:
        s, names = self.state, self.names
        if s.over:
            return Turn(to_move=None, may_end_turn=True, waiting="the game is over (ruling C12)")
        if self._complete():
            nxt = names[1 - s.player]
            return Turn(to_move=nxt, may_end_turn=True,
                        turn=f"turn {len(self.record.turns) + 1} ({nxt})",
                        waiting=f"{nxt} rolls the die: add `- roll: N` (with `actions: []`) to the record")
        options = [Option(text_of(s, mv), s.cost(mv)) for mv in legal_moves(s)]
        forced = []
        if s.flame_pending():
            first = "put the Tongs down (d), then add the Flame (l)" if s.held(s.player) else "add the Flame (l)"
            forced.append(f"l: on a roll of {s.roll} a Flame must be added, as the turn's first action: {first} (Notes 1, ruling C7)")
        if s.j_pending():
            how = "" if s.held(s.player) else "; the Tongs are put down: pick them up (a) first (Notes 3)"
            them = names[1 - s.player]
            forced.append(f"j: on a roll of 3 one of {them}'s chestnuts must go from {them}'s Basket to the Fire "
                          f"(ruling C7){how}")
        first = " (one less on the first player's first turn, ruling C3)" if s.turn == 0 and s.t.first_less else ""
        where = (f"turn {len(self.record.turns)} ({names[s.player]}), roll {s.roll}: {plural(s.points, 'Nut Point')} "
                 f"left{first}; Tongs {'in hand' if s.held(s.player) else 'put down'}")
        return Turn(to_move=names[s.player], legal=options, forced=forced, may_end_turn=not end_of_turn(s), turn=where)

    def why_illegal(self, action: str) -> Illegal | None:
        mv = parse(action)
        s = self.state
        if self._complete() and not s.over:
            return Illegal(f"{self.names[s.player]}'s turn is over; {self.names[1 - s.player]} rolls the die first",
                           section(GAME, "PLAY 4", "The player now rolls the die."))
        return why_illegal(s, mv)


    def extend(self, data: dict, action: str) -> dict:
        """The record with `action` added to its last turn."""
        parse(action)
        turns = list(data.get("turns") or [])
        if not turns or (self._complete() and not self.state.over):
            raise cannot_extend(f"{self.turn().waiting}")
        last = dict(turns[-1])
        last["actions"] = list(last.get("actions") or []) + [action]
        return {**data, "turns": turns[:-1] + [last]}


def table(record: Record, kit) -> AtTable:
    return AtTable(record, kit)


# ---------------------------------------------------------------- random legal player

def random_record(kit, rng: random.Random, names: tuple[str, str] = ("Ann", "Ben"), max_turns: int = 400) -> dict:
    """A record of a game played by choosing uniformly among the legal moves (tests, bench)."""
    s = State(rules_table(kit.params))
    turns: list[dict] = []
    while not s.over and len(turns) < max_turns:
        roll, = dice.roll(rng)
        s.start_turn(roll)
        if s.over:
            break
        actions = []
        while True:
            moves = legal_moves(s)
            if not moves:
                break
            mv = rng.choice(moves)
            actions.append(text_of(s, mv))
            apply(s, mv)
        turns.append({"roll": roll, "actions": actions})
    return {"game": GAME, "players": list(names), "turns": turns}
