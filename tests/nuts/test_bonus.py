"""The exact bonus-card choice (scorer/games/nuts/bonus.py): the table, the search and the brute force agree
on the same cards, on the worst hands bench/bonus.py found and on random sheets."""
import json
import random
from pathlib import Path

import pytest

from pnpkit.scorer.games.nuts.bonus import TABLE_BITS, best_choice, brute_force

WORST = json.loads((Path(__file__).resolve().parents[2] / "bench" / "bonus_worst.json").read_text())
METHODS = ("auto", "table", "search")


@pytest.mark.parametrize("hand", WORST, ids=lambda h: f"{h['hand']}-{h['cards']}-worst-for-{h['worst_for']}")
def test_the_worst_hands_found_are_chosen_exactly(hand):
    counts, needs, points = hand["counts"], hand["needs"], hand["points"]
    assert len(points) == hand["cards"] and all(0 <= c <= 6 for c in counts)
    want = brute_force(counts, needs, points)
    for method in METHODS:
        assert best_choice(counts, needs, points, method=method) == want, method


def test_random_sheets_against_brute_force():
    """A bounded sample here; bench/bonus.py checks 4,000 sheets."""
    rng = random.Random(15)
    for _ in range(300):
        counts = [rng.randint(-1, 7) for _ in range(4)]
        n = rng.randint(0, 12)
        needs = [[rng.choice((0, 0, 1, 1, 2, 3)) for _ in range(4)] for _ in range(n)]
        points = [rng.choice((0, 1, 2, 3, 3, 4, 6, 12)) for _ in range(n)]
        want = brute_force(counts, needs, points)
        for method in METHODS:
            assert best_choice(counts, needs, points, method=method) == want, (counts, needs, points, method)


def test_ties_go_to_the_earliest_cards_by_points():
    # Two 4-point cards compete for the same two almonds: the first one held is fulfilled.
    assert best_choice([2, 0, 0, 0], [[2, 0, 0, 0], [2, 0, 0, 0]], [4, 4]).fulfilled == (0,)
    # A 6-point card, or two 3-point cards: equal totals, and the 6 comes first by points.
    assert best_choice([2, 0, 0, 0], [[1, 0, 0, 0], [2, 0, 0, 0], [1, 0, 0, 0]], [3, 6, 3]).fulfilled == (1,)
    # More points beat earlier cards: two 4s (8) over one 6.
    assert best_choice([2, 0, 0, 0], [[2, 0, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0]], [6, 4, 4]).fulfilled == (1, 2)
    # A card worth nothing is never fulfilled, even when it fits.
    assert best_choice([3, 0, 0, 0], [[1, 0, 0, 0], [1, 0, 0, 0]], [0, 2]).fulfilled == (1,)


def test_a_sheet_too_large_for_a_table_is_searched_with_the_same_answer():
    rng = random.Random(3)
    counts = [40, 40, 40, 40]                 # a designer's sheet of 40 rows: 41**4 states
    needs = [[rng.randint(0, 12) for _ in range(4)] for _ in range(14)]
    points = [rng.randint(1, 20) for _ in range(14)]
    assert 41 ** 4 * 8 > TABLE_BITS
    assert best_choice(counts, needs, points) == best_choice(counts, needs, points, method="search")
    assert best_choice(counts, needs, points).net == brute_force(counts, needs, points).net


CALLS = 200  # searches run with the collector paused: a test thread's stray cycle must not pass for theirs


def test_a_search_leaves_no_cycle_for_the_collector():
    """The search's nested function refers to itself; it is let go when the search ends, so scoring
    a folder of sheets with the cyclic collector paused (pnpkit/many.py) leaves nothing behind."""
    import gc
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        for _ in range(CALLS):
            choice = best_choice((2, 0, 0, 0), [(1, 0, 0, 0)] * 3, [3, 2, 1], method="search")
        assert gc.collect() < CALLS  # a cycle left by each call is CALLS x its objects; another thread's few are not
    finally:
        if was:
            gc.enable()
    assert choice.fulfilled == (0, 1)


def test_a_small_hand_is_chosen_as_the_search_and_the_brute_force_choose():
    """`_small` (hands of up to SMALL_HAND cards, the most common) against both, on random hands."""
    from pnpkit.scorer.games.nuts.bonus import SMALL_HAND
    rng = random.Random(41)
    for _ in range(600):
        counts = [rng.randint(-1, 6) for _ in range(4)]
        n = rng.randint(0, SMALL_HAND)
        needs = [[rng.choice((0, 0, 1, 1, 2, 3)) for _ in range(4)] for _ in range(n)]
        points = [rng.choice((0, 1, 2, 3, 3, 4, 6, 12)) for _ in range(n)]
        want = brute_force(counts, needs, points)
        assert best_choice(counts, needs, points, method="small") == want, (counts, needs, points)
        assert best_choice(counts, needs, points, method="search") == want, (counts, needs, points)


def test_a_small_hand_leaves_no_cycle_for_the_collector():
    import gc
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        for _ in range(CALLS):
            choice = best_choice((2, 0, 0, 0), [(1, 0, 0, 0)] * 3, [3, 2, 1], method="small")
        assert gc.collect() < CALLS  # a cycle left by each call is CALLS x its objects; another thread's few are not
    finally:
        if was:
            gc.enable()
    assert choice.fulfilled == (0, 1)
