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
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from scorer import dice
from scorer.core import PlayerScore, Result, rank, where_turn
from scorer.games.chestnuts_moves import (BASKET, BURNT, CHAIR, FIRE_C, FIRE_U, NP, OVER, PLATE, R_END, R_NOTES1,
                                          Move, State, c_default, i_default, apply, end_of_turn, legal_moves,
                                          table, why_illegal)
from scorer.movelog import Illegal, Replay
from scorer.records import MAX_ITEMS, MAX_TURNS
from scorer.rulebook import ruling

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


class Turn(BaseModel):
    """One turn: the die roll and every action taken, in order (forced Tongs moves included)."""

    model_config = ConfigDict(extra="forbid")
    roll: dice.Die = Field(description="The die roll, 1-6.")
    actions: list[Action] = Field(default_factory=list, max_length=MAX_ITEMS, description='Actions a-l as on the reference card: "a", "c 2", "k 1 free 1".')


class Record(BaseModel):
    """A Chestnuts move log: the two players in seat order (the first starts), then every turn."""

    model_config = ConfigDict(extra="forbid")
    game: Literal["chestnuts"]
    players: list[str] = Field(min_length=2, max_length=2, description="Two names; the first player starts.")
    turns: list[Turn] = Field(default_factory=list, max_length=MAX_TURNS, description="In order; the players alternate.")

    @field_validator("players")
    @classmethod
    def _distinct(cls, v: list[str]) -> list[str]:
        if len(set(v)) != len(v):
            raise ValueError("the two players need different names")
        return v


# ---------------------------------------------------------------- explanation

def position(s: State, names: list[str]) -> str:
    """`Basket Ann 7 Ben 8 | Fire Ann 2u 1c Ben 1u 0c | ... | Tongs Ann held Ben down`."""
    c = s.c

    def per(place: int) -> str:
        return " ".join(f"{names[p]} {c[p * NP + place]}" for p in (0, 1))

    def held_by(place: int) -> str:
        parts = []
        for p in (0, 1):
            mine, theirs = c[p * NP + place + p], c[(1 - p) * NP + place + p]
            parts.append(f"{names[p]} {mine}" + (f" (+{theirs} {names[1 - p]}'s)" if theirs else ""))
        return " ".join(parts)

    fire = " ".join(f"{names[p]} {c[p * NP + FIRE_U]}u {c[p * NP + FIRE_C]}c" for p in (0, 1))
    tongs = " ".join(f"{names[p]} {'held' if s.held(p) else 'down'}" for p in (0, 1))
    return (f"Basket {per(BASKET)} | Fire {fire} | Overcooked {per(OVER)} | Burnt {per(BURNT)} | "
            f"Plates {held_by(PLATE)} | Chairs {held_by(CHAIR)} | Flames {s.flames}/{s.t.flames} | Tongs {tongs}")


def _scores(s: State) -> tuple[int, int]:
    return tuple(a - b for a, b in (s.score(0), s.score(1)))  # type: ignore[return-value]


def _score_note(before: tuple[int, int], after: tuple[int, int], names: list[str]) -> str:
    moved = [f"{names[p]} {after[p] - before[p]:+d}" for p in (0, 1) if after[p] != before[p]]
    return f"score {names[0]} {after[0]} {names[1]} {after[1]}" + (f" ({', '.join(moved)})" if moved else "")


# ---------------------------------------------------------------- replay and score

def replay(record: Record, kit, explain: bool = False) -> tuple[State, Replay]:
    """Play the record through the rules, collecting every violation (and notes if explaining)."""
    s = State(table(kit.params))
    names = list(record.players)
    rep = Replay(explaining=explain)
    rep.note(f"start: {position(s, names)}")
    ended = ""
    for ti, turn in enumerate(record.turns):
        name = names[ti % 2]
        if s.over:
            rep.illegal(where_turn(ti + 1, name), Illegal(f"the game ended {ended}; no more turns are played", R_END))
            break
        before = _scores(s)
        moved = s.start_turn(turn.roll)
        if explain:
            rep.note(f"{where_turn(ti + 1, name)}: steps 1-3 move {moved[0]} overcooked to Burnt, {moved[1]} cooked "
                     f"to Overcooked, turn {moved[2]} to cooked; roll {turn.roll}: {s.points} Nut Points | "
                     f"{_score_note(before, _scores(s), names)}")
        if s.over:
            rep.illegal(where_turn(ti + 1, name), Illegal(
                f"the game ended at the start of this turn (steps 1-3); no roll or action follows", R_END))
            break
        notes1 = False
        reported: set[str] = set()
        for ai, text in enumerate(turn.actions):
            where = where_turn(ti + 1, name, ai + 1, text)
            if s.over:
                rep.illegal(where, Illegal(f"the game ended {ended}; nothing more may be done", R_END))
                break
            mv = parse(text)
            why = why_illegal(s, mv)
            before = _scores(s)
            spent = s.points
            if why is not None:
                if not (why.rule is R_NOTES1 and notes1):
                    rep.illegal(where, why)
                reported.add(why.rule.id)
                notes1 = notes1 or why.rule is R_NOTES1
                short = s.shortage(mv)
                if short:
                    rep.note(f"{where}: not played ({short})")
                    continue
            apply(s, mv)
            if s.over:
                ended = f"at {where}"
            if explain:
                rep.note(f"{where}: " + ("ILLEGAL, played as recorded: " if why else "") +
                         f"{spent - s.points} spent, {s.points} left | {position(s, names)} | "
                         f"{_score_note(before, _scores(s), names)}" + (" | GAME OVER" if s.over else ""))
        else:
            forced = s.t.forced_rule
            for why in end_of_turn(s):
                # A forced action already reported as made impossible (C7, Notes 1) is not reported again.
                if (why.rule is forced["j"] and "ruling C7" in reported) or (why.rule is forced["l"] and "Notes 1" in reported):
                    continue
                rep.illegal(where_turn(ti + 1, name), why)
            continue
        break
    if not s.over and record.turns:
        # The record may stop after the turn that makes the next player's steps 1-3 end the game:
        # those steps take no decision, so the game is over as it stands.
        nxt = s.copy()
        before = _scores(nxt)
        nxt.start_turn(1)
        if nxt.over:
            s = nxt
            rep.note(f"turn {s.turn + 1} ({names[s.player]}): steps 1-3 end the game | {position(s, names)} | "
                     f"{_score_note(before, _scores(s), names)}")
    return s, rep


def score(record: Record, kit, explain: bool = False) -> Result:
    """Check the record and score it by ruling C12, finished or not."""
    s, rep = replay(record, kit, explain)
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
                  ranking=ranking, tiebreaks=tiebreaks, explain=rep.explain)


# ---------------------------------------------------------------- random legal player

def random_record(kit, rng: random.Random, names: tuple[str, str] = ("Ann", "Ben"), max_turns: int = 400) -> dict:
    """A record of a game played by choosing uniformly among the legal moves (tests, bench)."""
    s = State(table(kit.params))
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
