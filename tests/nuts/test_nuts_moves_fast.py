"""NUTS' legal-move list made cheap (bench/nuts_moves.py times it): it is still exactly the
candidates `why_illegal` accepts, at every decision of random games and on floors a record played as
the table did (a tile off the printed cells), and U12's look-ahead copy shares only what no
configuring action writes."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pnpkit.scorer.games.nuts import moves

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from nuts_moves import positions  # noqa: E402  (the bench's random games: every decision of each)

POSITIONS = positions(3, 3)


def _slow(s) -> list:
    return [a for a in moves.candidates(s) if moves.why_illegal(s, a) is None]


def test_the_list_is_the_candidates_why_illegal_accepts_at_every_decision():
    last = [s for s in POSITIONS if s.turn.ran is None and not s.round_over and s.me().tokens <= 3]
    assert len(last) > 60          # the last token's look-ahead (U12) is tried many times
    for s in POSITIONS:
        assert moves.legal_moves(s) == _slow(s)


@pytest.mark.parametrize("offset", [1, -1])
def test_a_tile_off_the_printed_cells_beside_a_cell_leaves_the_list_the_checks(offset):
    """A build on an unprinted cell is played as written: a nut may then leave a cell beside it in a
    third column, and U12's look-ahead beside it still finds what the checks find."""
    seen = 0
    for s in POSITIONS[::13]:
        if s.turn.ran is not None or s.round_over or s.over or s.me().tokens > 1:
            continue
        for row, a in sorted(s.f.cells)[::3]:
            odd = (row, a + offset)
            if odd in s.tiles or odd in s.f.cells or not 1 <= a + offset < s.columns:
                continue
            t = s.copy()
            t.tiles[odd] = "SL"
            seen += 1
            assert moves.legal_moves(t) == _slow(t)
    assert seen > 10


def test_a_configuring_action_played_on_a_floor_copy_leaves_the_position_alone():
    for s in POSITIONS[::5]:
        if s.turn.ran is not None or s.round_over or s.over:
            continue
        before = repr(s)
        for a in moves.candidates(s):
            if a.verb in s.f.configuring and moves.why_illegal(s, a) is None:
                moves.apply(s.floor_copy(), a)
        assert repr(s) == before
