"""Benchmark: a whole build of a designer's deck grows linearly with its cards (issue 25, item 7).

    python bench/build_deck.py [--against REV] [--repeat 3]

Builds examples/tide-pools (its kit file, art and tiles) with its creature deck grown to 48, 480
and 4,800 cards (rows of the CSV, each card its own row) for A4, as `pnpkit build KIT.yaml
--paper a4` does from a fresh process (start-up, loading, rendering, imposition, PDF, SVGs,
manifest: everything the issue's 509 / 741 / 4,026 ms measured), best of --repeat wall-clock
runs. With --against REV (a git revision) REV's code builds the same kit too, alternating which
goes first (run from a shadow pnpkit/ folder, as bench/cuts.py does). Linear: the cost per card
above the fixed start-up is flat, so 4,800 cards take at most about ten times what 480 take
over the 48-card build (`(t4800 - t48) / (t480 - t48)`, target <= 15: a search over every page
for each row made it grow with the square).
"""
from __future__ import annotations

import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from cuts import importable  # noqa: E402  (bench/ is on the path above)

SIZES = (48, 480, 4800)
ALLOWANCE = 15.0  # (t4800 - t48) / (t480 - t48): 10 is exactly linear


def kit(n: int, where: Path) -> Path:
    """Tide Pools with an n-card deck: the example's files, its CSV replaced by n rows, its cards
    text on a coloured back (a picture on every card would pass the kit-wide picture budget,
    generator/pictures, long before 4,800 cards: the budget, not the build, would be measured)."""
    folder = where / f"deck{n}"
    if not folder.exists():
        shutil.copytree(ROOT / "examples" / "tide-pools", folder)
        text = (folder / "tide-pools.yaml").read_text()
        for old, new in (('      art: "art/{{ row.creature }}.svg"\n      art_share: 0.62\n', ""),
                         ("    back:\n      art: art/back.svg\n      art_box: full\n", '    back:\n      fill: "#2a6f97"\n')):
            assert old in text, old
            text = text.replace(old, new, 1)
        (folder / "tide-pools.yaml").write_text(text)
        with open(folder / "creatures.csv", newline="") as f:
            kinds = sorted({row["creature"] for row in csv.DictReader(f)})
        with open(folder / "creatures.csv", "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["id", "creature", "name", "value", "count"])
            for i in range(n):
                kind = kinds[i % len(kinds)]
                w.writerow([f"C{i + 1}", kind, kind.title(), i % 10 + 1, 1])
    return folder / "tide-pools.yaml"


# `pnpkit build KIT --paper a4 --out DIR`, with the kit file's page allowance (kitfile/model.py,
# 300 pages: a stranger's kit may not ask for thousands) lifted, as 4,800 cards need about 1,070
RUN = (
    "import runpy, sys\n"
    "import pnpkit.kitfile.model as model\n"
    "model.MAX_PAGES = 10 ** 6\n"
    "sys.argv = ['pnpkit', 'build', sys.argv[1], '--paper', 'a4', '--out', sys.argv[2]]\n"
    "runpy.run_module('pnpkit', run_name='__main__')\n"
)


def build_ms(shadow: Path, kit_file: Path, out: Path) -> float:
    env = dict(os.environ, PYTHONPATH=str(shadow))
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", RUN, str(kit_file), str(out)], cwd=shadow, env=env, check=True,
                   capture_output=True)
    return (time.perf_counter() - t0) * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", metavar="REV", help="git revision to time too (the old code)")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        trees = {"this tree": ROOT}
        if a.against:
            from same_bytes import export
            trees[a.against] = export(a.against, t / "rev")
        shadows = {name: importable(tree, t) for name, tree in trees.items()}
        kits = {n: kit(n, t / "kits") for n in SIZES}
        best: dict[str, dict[int, float]] = {name: {} for name in trees}
        order = list(trees)
        for turn in range(a.repeat):
            for name in (order if turn % 2 == 0 else order[::-1]):  # alternate which goes first
                for n in SIZES:
                    ms = build_ms(shadows[name], kits[n], t / "out" / name.replace(" ", "_"))
                    best[name][n] = min(ms, best[name].get(n, ms))
    ok = True
    for name, got in best.items():
        ratio = (got[4800] - got[48]) / max(got[480] - got[48], 1e-9)
        line = "  ".join(f"{n:>5} cards {got[n]:8.0f} ms" for n in SIZES)
        verdict = "linear" if ratio <= ALLOWANCE else "NOT linear"
        print(f"{name:<10} {line}   (4800-48)/(480-48) = {ratio:5.1f}x (target <= {ALLOWANCE:g}x: {verdict})")
        ok = ok and (name != "this tree" or ratio <= ALLOWANCE)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
