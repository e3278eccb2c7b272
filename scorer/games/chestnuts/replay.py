"""Chestnuts Roasting on an Open Fire: the record turned into entries for the one replay driver
(scorer/replay.py), and the game's words for --explain and the replay page.

Each turn is its roll (a `CHANCE`: steps 1-3, then the Nut Points), its actions (`ACT`) and its end
(`TURN_END`: forced actions left out, points unspent). The replay goes on after a violation wherever
the counters the action needs are there; Notes 1 is reported once a turn, and a forced action
already reported as made impossible is not reported again at the turn's end.
"""
from __future__ import annotations

from functools import partial
from typing import Iterator

from pnpkit.scorer.core import plural, where_turn
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.games.chestnuts.moves import apply, end_of_turn, legal_moves, why_illegal
from pnpkit.scorer.games.chestnuts.notation import parse, resolve
from pnpkit.scorer.games.chestnuts.position import picture, state_from, words
from pnpkit.scorer.games.chestnuts.record import Record
from pnpkit.scorer.games.chestnuts.rules import R_END, R_NOTES1
from pnpkit.scorer.games.chestnuts.state import FIRE_C, FIRE_U, NP, OVER, Move, State, table
from pnpkit.scorer.replay import ACT, CHANCE, TURN_END, Entry, Replay, run


def scores(s: State) -> tuple[int, int]:
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


def first_state(record: Record, kit) -> State:
    """The setup, or the position the record starts from."""
    t = table(kit.params)
    return State(t) if record.start is None else state_from(record.start, list(record.players), t)


def entries(record: Record, first: int, open_end: bool) -> Iterator[Entry]:
    """The record as the driver plays it: each turn's roll, its actions, its end."""
    names = record.players
    last = len(record.turns) - 1
    for ti, turn in enumerate(record.turns):
        n, name = ti + 1, names[(first + ti) % 2]
        where = where_turn(n, name)
        yield CHANCE, where, turn.roll
        for ai, text in enumerate(turn.actions, 1):
            yield ACT, where_turn(n, name, ai, text), parse(text)
        yield TURN_END, where, open_end and ti == last, "the turn ends here"


_NONE: list = []
"""(Never appended to.) A plain check's answers are shared constants: it plays every action of a
thousand games, and a new tuple or list for each is time (bench/replay.py)."""
_QUIET: tuple[str, list[str]] = ("", _NONE)


class Walk:
    """Chestnuts for the replay driver (scorer/replay.py): its rules on its state, its words."""

    def __init__(self, s: State, record: Record, kit) -> None:
        self.s, self.kit, self.names, self.record = s, kit, list(record.players), record
        self.ended = ""                 # where the game ended ("at turn 7 (Ann), action 2 ...")
        self.notes1 = False             # Notes 1 reported this turn (once a turn is enough)
        self.reported_ids: set[str] = set()
        self.why_illegal = partial(why_illegal, s)    # the Walk's hook, the rules' own function (no wrapper)

    def after_end(self, entry: Entry) -> Illegal | None:
        if not self.s.over:
            return None
        if entry[0] is CHANCE:
            return Illegal(f"the game ended {self.ended}; no more turns are played", R_END)
        return Illegal(f"the game ended {self.ended}; nothing more may be done", R_END)

    def chance(self, where: str, roll: int, telling: bool) -> tuple[str, list[str], list[Illegal], bool]:
        s, names = self.s, self.names
        before = scores(s) if telling else None
        moved = s.start_turn(roll)
        self.notes1, self.reported_ids = False, set()
        did, notes = "", []
        if before is not None:
            did = (f"steps 1-3: {moved[0]} overcooked to the Burnt Box, {moved[1]} cooked to the Overcooked Box, "
                   f"{moved[2]} turned to cooked; roll {roll}: {plural(s.points, 'Nut Point')}"
                   + (" (one less on the first player's first turn, ruling C3)" if s.turn == 0 and s.t.first_less else ""))
            notes = [f"{where}: {did} | {_score_note(before, scores(s), names)}"]
        if s.over:
            return did, notes, [Illegal("the game ended at the start of this turn (steps 1-3); no roll or action "
                                        "follows", R_END)], True
        return did, notes, _NONE, False


    def reported(self, why: Illegal) -> bool:
        again = why.rule is R_NOTES1 and self.notes1
        self.reported_ids.add(why.rule.id)
        self.notes1 = self.notes1 or why.rule is R_NOTES1
        return not again

    def unplayable(self, where: str, mv: Move, why: Illegal) -> tuple[str, list[str]] | None:
        short = self.s.shortage(mv)
        return (f"not played: {short}", [f"{where}: not played ({short})"]) if short else None

    def play(self, where: str, mv: Move, why: Illegal | None, telling: bool) -> tuple[str, list[str]]:
        s, names = self.s, self.names
        if not telling:
            apply(s, mv)
            if s.over:
                self.ended = f"at {where}"
            return _QUIET
        before, left, cost, c_before, flames = scores(s), s.points, s.cost(mv), s.c[:], s.flames
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
        return did, [f"{where}: {did}; {paid} | {words(s, names)} | {_score_note(before, scores(s), names)}"
                     + (" | GAME OVER" if s.over else "")]

    def turn_problems(self) -> list[Illegal]:
        found = end_of_turn(self.s)
        if not found:                   # (most turns: nothing more to look at)
            return found
        forced = self.s.t.forced_rule
        # A forced action already reported as made impossible (C7, Notes 1) is not reported again.
        return [why for why in found
                if not ((why.rule is forced["j"] and "ruling C7" in self.reported_ids)
                        or (why.rule is forced["l"] and "Notes 1" in self.reported_ids))]

    def epilogue(self, open_end: bool) -> tuple[str, str, list[str]] | None:
        """The record may stop after the turn that makes the next player's steps 1-3 end the game:
        those steps take no decision, so the game is over as it stands."""
        s, names = self.s, self.names
        if s.over or not self.record.turns or (open_end and (legal_moves(s) or end_of_turn(s))):
            return None
        nxt = s.copy()
        before = scores(nxt)
        nxt.start_turn(1)
        if not nxt.over:
            return None
        self.s = nxt
        where = f"turn {len(self.record.turns) + 1} ({names[nxt.player]})"
        return (where, "steps 1-3 end the game",
                [f"{where}: steps 1-3 end the game | {words(nxt, names)} | {_score_note(before, scores(nxt), names)}"])

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


