"""Benchmark: the exact bonus-card choice (scorer/games/nuts/bonus.py), its worst cases, and its exactness.

Targets (issue 15): the worst case under 1 ms for a hand of 16 cards and under 5 ms for the whole
deck of 24. What a hand can be (scorer/games/nuts/score.py): a column is scored with at most as many
tokens as the sheet has rows (6: counts 0-6), the choice is made over the first 24 cards held (the
deck's size), and a record may write cards out ({needs: {...}, points: N}: any needs, points up to
a million, the record's number limit). A real game's hand is distinct cards of the kit's deck.

    python bench/bonus.py                 # time the kept worst hands, typical hands, exactness
    python bench/bonus.py --search 300    # first search for worst hands again (hill climbing with
                                          # random restarts, 300 steps a climb) and keep them

"old" is the branch and bound (`method="search"`: the method before issue 15, kept for sheets too
large for a table); "new" is what the scorer runs (`method="auto"`). Each run times old and new on
the same input one after the other (CPU time, alternating which goes first); a figure is
min/median/max over the runs, and old/new is the median of the runs' ratios.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnpkit.kitfile import load_kit  # noqa: E402
from pnpkit.scorer.games.nuts.bonus import best_choice, brute_force  # noqa: E402
from pnpkit.scorer.games.nuts.record import NUTS  # noqa: E402

WORST = Path(__file__).with_name("bonus_worst.json")
TARGET_MS = {16: 1.0, 24: 5.0}
ROWS = 6                      # this kit's sheet: a column holds 0-6 tokens
MAX_POINTS = 1_000_000        # a record's largest number


def deck() -> list[tuple[tuple[int, ...], int]]:
    kit = load_kit("nuts")
    return [(tuple(c.needs.get(k, 0) for k in NUTS), c.points) for c in kit.params.bonus]


# -- work ----------------------------------------------------------------------------------------
def search_nodes(counts, needs, points) -> int:
    """The branch and bound's work on a hand: how many nodes it visits (deterministic)."""
    n = 0

    def count(frame, event, arg):
        nonlocal n
        if event == "call" and frame.f_code.co_name == "search":
            n += 1

    sys.setprofile(count)
    try:
        best_choice(counts, needs, points, method="search")
    finally:
        sys.setprofile(None)
    return n


def cpu_ms(counts, needs, points, method: str, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        best_choice(counts, needs, points, method=method)
        best = min(best, time.process_time() - t)
    return best * 1e3


# -- the search for worst hands -------------------------------------------------------------------
class Space:
    """Hands of `size` cards: "deck" (distinct cards of the kit's deck, as in a real game) or
    "written" (anything a record may hold: needs 0-6 of each kind, points 1 to a million)."""

    def __init__(self, kind: str, size: int, cards: list, rng: random.Random):
        self.kind, self.size, self.deck, self.rng = kind, size, cards, rng

    def card(self, ratio: int | None = None) -> tuple[tuple[int, ...], int]:
        """A written card: 1-4 kinds of 1-3 nuts; its points either any (1-12 or up to a million),
        or `ratio` points a nut, give or take one (equal value a nut makes bounds weak)."""
        r = self.rng
        needs = [0] * 4
        for k in r.sample(range(4), r.randint(1, 4)):
            needs[k] = r.randint(1, r.choice((1, 2, 3)))
        if ratio is None:
            points = r.choice([r.randint(1, 12), r.randint(1, MAX_POINTS)])
        else:
            points = max(1, ratio * sum(needs) + r.choice((-1, 0, 0, 1)))
        return tuple(needs), points

    def start(self):
        r = self.rng
        counts = [r.randint(3, ROWS) for _ in range(4)]
        if self.kind == "deck":
            return counts, r.sample(self.deck, self.size)
        ratio = r.choice((None, 1, 2, 3, 10))
        return counts, [self.card(ratio) for _ in range(self.size)]

    def mutate(self, counts, hand):
        r = self.rng
        counts, hand = counts[:], hand[:]
        move = r.randrange(4)
        if move == 0:
            k = r.randrange(4)
            counts[k] = min(ROWS, max(0, counts[k] + r.choice((-1, 1))))
        elif move == 1:                                   # swap two cards (order breaks ties)
            i, j = r.randrange(self.size), r.randrange(self.size)
            hand[i], hand[j] = hand[j], hand[i]
        elif self.kind == "deck":                         # another card of the deck
            out = [c for c in self.deck if c not in hand]
            if out:
                hand[r.randrange(self.size)] = r.choice(out)
        elif move == 2:                                   # a new card, or a copy of another
            i = r.randrange(self.size)
            hand[i] = self.card(r.choice((None, 1, 2, 3))) if r.random() < 0.5 else r.choice(hand)
        else:                                             # nudge one card
            i = r.randrange(self.size)
            needs, points = hand[i]
            needs = list(needs)
            k = r.randrange(4)
            needs[k] = min(ROWS, max(0, needs[k] + r.choice((-1, 1))))
            if any(needs):
                points = max(1, min(MAX_POINTS, points + r.choice((-2, -1, 1, 2))))
                hand[i] = (tuple(needs), points)
        return counts, hand


def climb(space: Space, score, steps: int, restarts: int):
    """Hill climbing with random restarts; returns (score, counts, hand) of the worst found."""
    worst = (-1.0, None, None)
    for _ in range(restarts):
        counts, hand = space.start()
        cur = score(counts, hand)
        for _ in range(steps):
            c2, h2 = space.mutate(counts, hand)
            s2 = score(c2, h2)
            if s2 >= cur:
                counts, hand, cur = c2, h2, s2
        if cur > worst[0]:
            worst = (cur, counts, hand)
    return worst


def search_worst(steps: int, restarts: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    cards = deck()
    kept = []
    for kind in ("deck", "written"):
        for size in (16, 24):
            if kind == "deck" and size == 24:             # the whole deck: every sheet, exhaustively
                needs, points = [c[0] for c in cards], [c[1] for c in cards]
                sheets = [[a, b, c, d] for a in range(ROWS + 1) for b in range(ROWS + 1)
                          for c in range(ROWS + 1) for d in range(ROWS + 1)]
                nodes, counts = max((search_nodes(s, needs, points), s) for s in sheets)
                kept.append(entry(kind, "old", counts, cards, nodes))
                ms, counts = max((cpu_ms(s, needs, points, "auto"), s) for s in sheets)
                kept.append(entry(kind, "new", counts, cards, nodes=None, ms=ms))
                continue
            space = Space(kind, size, cards, rng)
            nodes, counts, hand = climb(space, lambda c, h: search_nodes(c, *split(h)), steps, restarts)
            kept.append(entry(kind, "old", counts, hand, nodes))
            ms, counts, hand = climb(space, lambda c, h: cpu_ms(c, *split(h), "auto"), steps // 2, restarts)
            kept.append(entry(kind, "new", counts, hand, nodes=None, ms=ms))
            print(f"  searched {kind} hands of {size}: worst for old {kept[-2]['old_nodes']} nodes; "
                  f"for new {ms:.3f} ms", flush=True)
    return kept


def split(hand):
    return [c[0] for c in hand], [c[1] for c in hand]


def entry(kind, worst_for, counts, hand, nodes, ms=None) -> dict:
    needs, points = split(hand)
    return {"hand": kind, "cards": len(hand), "worst_for": worst_for, "counts": list(counts),
            "needs": [list(n) for n in needs], "points": points,
            "old_nodes": nodes if nodes is not None else search_nodes(counts, needs, points),
            "found_ms": round(ms, 3) if ms is not None else None}


# -- timing --------------------------------------------------------------------------------------
def paired(counts, needs, points, runs: int):
    """Old and new on the same input, one after the other, alternating which goes first."""
    old, new = [], []
    for r in range(runs):
        order = (("search", old), ("auto", new)) if r % 2 else (("auto", new), ("search", old))
        for method, out in order:
            t = time.process_time()
            best_choice(counts, needs, points, method=method)
            out.append((time.process_time() - t) * 1e3)
    return old, new


def mmm(xs) -> str:
    return f"{min(xs):7.3f} /{statistics.median(xs):7.3f} /{max(xs):7.3f}"


def time_worst(hands: list[dict], runs: int) -> bool:
    ok = True
    print(f"Worst hands kept in {WORST.name}, {runs} paired runs each (CPU ms, min / median / max):")
    for h in hands:
        old, new = paired(h["counts"], h["needs"], h["points"], runs)
        ratio = statistics.median(o / n for o, n in zip(old, new) if n > 0)
        target = TARGET_MS[h["cards"]]
        hit = statistics.median(new) < target
        ok &= hit
        print(f"  {h['hand']:7} {h['cards']} cards, worst for {h['worst_for']}, sheet {h['counts']}, "
              f"{h['old_nodes']:6} nodes:  old {mmm(old)}   new {mmm(new)}   old/new {ratio:5.1f}x"
              f"   [target new < {target:g} ms (median): {'ok' if hit else 'MISSED'}]")
    return ok


def time_typical(runs: int, seed: int) -> None:
    """What a game usually holds: distinct deck cards, 1-12 of them, any sheet."""
    rng = random.Random(seed)
    cards = deck()
    print("Typical hands (deck cards, any sheet), 2000 hands a size, CPU us a hand (median of the runs):")
    for size in (2, 4, 6, 8, 10, 12):
        hands = []
        for _ in range(2000):
            hand = rng.sample(cards, size)
            hands.append(([rng.randint(0, ROWS) for _ in range(4)], *split(hand)))
        old, new = [], []
        for r in range(runs):
            for method, out in ((("search", old), ("auto", new)) if r % 2 else (("auto", new), ("search", old))):
                t = time.process_time()
                for h in hands:
                    best_choice(*h, method=method)
                out.append((time.process_time() - t) / len(hands) * 1e6)
        print(f"  {size:2} cards: old {statistics.median(old):6.1f} us   new {statistics.median(new):6.1f} us")


# -- exactness -----------------------------------------------------------------------------------
def random_sheet(rng: random.Random, cards) -> tuple:
    counts = [rng.randint(0, ROWS) for _ in range(4)]
    if rng.random() < 0.5:
        hand = rng.sample(cards, rng.randint(1, 12))
    else:                                                 # written cards, ties in points likely
        hand = []
        for _ in range(rng.randint(1, 11)):
            needs = tuple(rng.choice((0, 0, 1, 1, 2, 3)) for _ in range(4))
            hand.append((needs if any(needs) else (1, 0, 0, 0), rng.choice((1, 2, 3, 3, 4, 5, 6, 12))))
    return counts, *split(hand)


def check_exact(n: int, seed: int) -> bool:
    rng = random.Random(seed)
    cards = deck()
    bad = 0
    t = time.perf_counter()
    for _ in range(n):
        counts, needs, points = random_sheet(rng, cards)
        want = brute_force(counts, needs, points)
        got = {m: best_choice(counts, needs, points, method=m) for m in ("auto", "table", "search")}
        if any(c != want for c in got.values()):
            bad += 1
            print(f"  DIFFERENT: {counts} {needs} {points}: {got} vs brute force {want}")
    print(f"Exactness: {n} random sheets (deck hands of 1-12 cards, written hands of 1-11), the "
          f"choice of table, search and auto equal to brute force (same cards, same points): "
          f"{n - bad}/{n} ({time.perf_counter() - t:.1f} s)  [{'ok' if not bad else 'MISSED'}]")
    return not bad


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--search", type=int, default=0, metavar="STEPS",
                    help="search for worst hands first (STEPS a climb) and keep them in bench/bonus_worst.json")
    ap.add_argument("--restarts", type=int, default=6)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--check", type=int, default=4000, help="random sheets checked against brute force")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    if a.search:
        print(f"Searching for worst hands ({a.restarts} climbs of {a.search} steps per kind of hand):")
        hands = search_worst(a.search, a.restarts, a.seed)
        WORST.write_text("[\n" + ",\n".join(json.dumps(h) for h in hands) + "\n]\n")
    ok = time_worst(json.loads(WORST.read_text()), a.runs)
    time_typical(max(3, a.runs // 3), a.seed)
    ok &= check_exact(a.check, a.seed)
    print("all targets met" if ok else "some target MISSED")


if __name__ == "__main__":
    main()
