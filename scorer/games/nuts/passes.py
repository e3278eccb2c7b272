"""Whose turn each line of a round is, where a player has no Action token left (ruling U18 as the
rulebook says it: "A Round ends when no Players want to (or can) play anymore"). Such a player
cannot play, so the round has ended for them: their `pass` may be written or left out, and the
record is right either way.

A round's lines are read one of two ways: every turn written, a player without tokens passing on
their line (the record as the simulator and the table write it, and the reading before this rule);
or their passes left out, each line then the next player's who holds a token. The first that
accounts for every line, gives no play to a player without tokens and (where another round follows)
ends the round is taken; where neither does, the first, which reports what is wrong where the
table would see it. Either way the passes left out at a round's end are played (replay.py): up to
the next player who holds a token before another round, and where no one still due holds one at
the record's end (the round, and maybe the game, is over). Only the lines' costs are read here (what a play spends):
whether each action is legal is the rules' to say, as the round is played.
"""
from __future__ import annotations

from pnpkit.scorer.games.nuts.factory import Factory

WRITTEN, LEFT_OUT = "written", "left out"
"""How a round writes the passes of its players without Action tokens."""


def costs(turns: list, f: Factory) -> list[int | None]:
    """Each line of a round: None for a pass, else the tokens its play spends (an action the record
    cannot name costs nothing here; the rules refuse it as the round is played)."""
    out: list[int | None] = []
    for turn in turns:
        if turn == "pass":
            out.append(None)
            continue
        spent = 0
        for text in turn.do:
            verb = str(text).split()[0].lower() if str(text).split() else ""
            spent += f.cost.get(verb, 0)
        out.append(spent)
    return out


def _reads(lines: list[int | None], tokens: list[int], seat: int, passes: int, style: str) -> tuple[bool, bool]:
    """The round's lines read one way, from a player's turn with `passes` passes in a row before
    it: (whether it accounts for every line and gives none to a player without tokens, whether
    the round ends)."""
    tokens, n, i, fits = list(tokens), len(tokens), 0, True
    while passes < n:
        if tokens[seat] == 0 and (i >= len(lines) or style == LEFT_OUT or lines[i] is not None):
            if style == WRITTEN and i < len(lines):
                fits = False        # a play on the line of a player without tokens: not theirs to play
                i += 1
            passes, seat = passes + 1, (seat + 1) % n
            continue
        if i >= len(lines):
            break
        cost, i = lines[i], i + 1
        if cost is None:
            passes += 1
        else:
            passes, tokens[seat] = 0, max(0, tokens[seat] - cost)
        seat = (seat + 1) % n
    return fits and i == len(lines), passes >= n


def style(lines: list[int | None], tokens: list[int], seat: int, passes: int, more: bool) -> str:
    """How this round writes the passes of its players without tokens: as written where that reading
    fits, else left out where that one does. `more`: another round follows in the record, so a
    reading fits only where it ends this one."""
    for way in (WRITTEN, LEFT_OUT):
        fits, ends = _reads(lines, tokens, seat, passes, way)
        if fits and (ends or not more):
            return way
    return WRITTEN
