"""Benchmark: imposition time grows linearly with the pieces (issue 25, item 7).

    python bench/impose.py [--against REV] [--repeat 3]

Times generator/impose.py's impose() on 48, 480 and 4,800 cards (a mix of three sizes, in runs,
double- and single-sided, as a designer's decks come), best of --repeat (5) with the garbage
collector paused as a build pauses it, in a fresh process per
tree; with --against REV (a git revision) REV's code is timed too, alternating which goes first.
Prints each figure, the time per card, and the target: linear, that is 4,800 cards in about ten
times what 480 take. The allowance is 20x: 480 cards' data stays in the processor's caches and
4,800 cards' does not (per card, 480 run up to 1.5x faster than 4,800 or 48,000, which scale by
10x), while a search over every page for each row makes it 70-150x.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from cuts import importable  # noqa: E402  (bench/ is on the path above)

SIZES = (48, 480, 4800)
ALLOWANCE = 20.0  # t(4800) / t(480) at most this: linear, with room for the caches (see above)

WORKER = r"""
import gc, json, sys, time
from pnpkit.generator.impose import impose
from pnpkit.generator.pieces import Piece
from pnpkit.generator.sheets import Paper
from pnpkit.generator.shapes import Rect, Style

def cards(n):
    art = (Rect(0, 0, 10, 10, Style(fill="#336699")),)
    sizes = ((63.5, 88.9, True), (41.0, 63.0, False), (88.9, 63.5, True))
    out = []
    for i in range(n):
        w, h, two = sizes[(i // 40) % 3]  # runs of 40 cards of one size
        out.append(Piece("deck", "card", f"Card {i}", w, h, art, art if two else None))
    return out

repeat = int(sys.argv[1])
got = {}
for n in (48, 480, 4800):
    pieces, paper = cards(n), Paper.of("a4")
    best = None
    for _ in range(max(repeat, 4800 // n)):  # small sizes are timed more often: their best is steadier
        gc.collect()
        gc.disable()  # as a build runs (build.collections_paused)
        t0 = time.perf_counter()
        impose(pieces, paper)
        dt = time.perf_counter() - t0
        gc.enable()
        best = dt if best is None else min(best, dt)
    got[n] = best * 1000
print(json.dumps(got))
"""


def timed(tree: Path, repeat: int, tmp: Path) -> dict[int, float]:
    shadow = importable(tree, tmp)
    env = dict(os.environ, PYTHONPATH=str(shadow))
    out = subprocess.run([sys.executable, "-c", WORKER, str(repeat)], cwd=shadow, env=env, check=True,
                         capture_output=True, text=True).stdout
    return {int(k): v for k, v in json.loads(out).items()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", metavar="REV", help="git revision to time too (the old code)")
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"this tree": ROOT}
        if a.against:
            from same_bytes import export
            trees[a.against] = export(a.against, Path(tmp, "rev"))
        results: dict[str, list[dict[int, float]]] = {name: [] for name in trees}
        order = list(trees)
        for turn in range(2):  # alternate which goes first
            for name in (order if turn == 0 else order[::-1]):
                results[name].append(timed(trees[name], a.repeat, Path(tmp)))
    ok = True
    for name, runs in results.items():
        best = {n: min(r[n] for r in runs) for n in SIZES}
        ratio = best[4800] / best[480]
        line = "  ".join(f"{n:>5} cards {best[n]:8.1f} ms ({best[n] / n * 1000:6.1f} µs/card)" for n in SIZES)
        verdict = "linear" if ratio <= ALLOWANCE else "NOT linear"
        print(f"{name:<10} {line}   4800/480 = {ratio:5.1f}x (target <= {ALLOWANCE:g}x: {verdict})")
        ok = ok and (name != "this tree" or ratio <= ALLOWANCE)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
