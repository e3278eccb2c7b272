"""Benchmark: `pnpkit build --all` (every kit that has components, a4 and letter), per kit.

    python bench/build_all.py [--repeat 3] [--papers a4,letter] [--against REV --runs 5]

Prints, for each kit and paper, the best of N in-process builds (wall clock: components, imposition,
PDF, the fillable score sheets, every SVG, manifest, atomic writes), its pages and PDF size; then
the total of those bests, and the wall time of the command a person types, `pnpkit build --all`,
run once in a fresh process (Python start-up, imports and font loading included).

With --against REV (a git revision: `main`, a commit), the command a person types is also timed
before and after, paired: `pnpkit build --all` run in a fresh process by this tree and by REV's
code (exported as bench/same_bytes.py does), alternating which goes first, --runs times each;
min / median / max of wall clock and of CPU (the process and its threads), and the median of the
per-run ratios this / REV.

Targets (issues 6 and 7): the whole `pnpkit build --all` for both papers under 8 s on this machine;
the NUTS kit under 2 s for one paper with its PDF under 1 MB.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from pnpkit.generator.build import build_kit, printable_kits
from pnpkit.generator.options import PrintOptions
from pnpkit.kitfile import load_kit

TOTAL_TARGET_S = 8.0
NUTS_TARGET_S = 2.0
NUTS_PDF_TARGET = 1024 * 1024


def timed_command(tree: Path, out: str, papers: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of `pnpkit build --all` run by `tree`'s code in a new process."""
    cmd = [sys.executable, "-m", "pnpkit", "build", "--all", "--out", out]
    if len(papers) == 1:
        cmd += ["--paper", papers[0]]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, cwd=tree, env=dict(os.environ, PYTHONPATH=str(tree)))
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def before_and_after(rev: str, runs: int, papers: list[str]) -> None:
    from same_bytes import export
    fmt = lambda xs: " / ".join(f"{x:.2f}" for x in (min(xs), statistics.median(xs), max(xs)))  # noqa: E731
    with tempfile.TemporaryDirectory() as tmp:
        old = export(rev, Path(tmp) / "tree")
        sides = {"this tree": ROOT, rev: old}
        got: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in sides}
        for r in range(runs):
            for name in (list(sides) if r % 2 == 0 else list(sides)[::-1]):
                wall, cpu = timed_command(sides[name], str(Path(tmp) / f"out-{r}-{name[:4]}"), papers)
                got[name][0].append(wall)
                got[name][1].append(cpu)
    print(f"`pnpkit build --all` ({' and '.join(papers)}), new process, {runs} paired runs, s min / median / max:")
    for name, (wall, cpu) in got.items():
        print(f"  {name:<12} wall {fmt(wall)}   CPU {fmt(cpu)}")
    (w1, c1), (w0, c0) = got["this tree"], got[rev]
    print(f"  this tree / {rev}: wall {statistics.median([a / b for a, b in zip(w1, w0)]):.2f}, "
          f"CPU {statistics.median([a / b for a, b in zip(c1, c0)]):.2f} (median of the runs' ratios)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--papers", default="a4,letter")
    ap.add_argument("--against", metavar="REV", help="also time `pnpkit build --all` against REV's code")
    ap.add_argument("--runs", type=int, default=5, help="paired runs of the command with --against")
    args = ap.parse_args()
    papers = args.papers.split(",")
    kits = printable_kits()
    ok = True
    total = 0.0
    print(f"{'kit':<16}{'paper':<8}{'best s':>8}{'pages':>7}{'PDF KB':>8}")
    with tempfile.TemporaryDirectory() as out:
        for k in kits:
            kit = load_kit(k)
            for paper in papers:
                best, report = float("inf"), None
                for _ in range(args.repeat):
                    t0 = time.perf_counter()
                    report = build_kit(kit, out, PrintOptions(paper))
                    best = min(best, time.perf_counter() - t0)
                total += best
                print(f"{k:<16}{paper:<8}{best:>8.2f}{report.pages:>7}{report.pdf_bytes // 1024:>8}")
                if k == "nuts":
                    ok &= best < NUTS_TARGET_S and report.pdf_bytes < NUTS_PDF_TARGET
        print(f"sum of the bests: {total:.2f} s")
        t0 = time.perf_counter()
        cmd = [str(Path(sys.executable).with_name("pnpkit")), "build", "--all", "--out", out]
        if len(papers) == 1:
            cmd += ["--paper", papers[0]]
        subprocess.run(cmd, check=True, capture_output=True, cwd=out)
        cold = time.perf_counter() - t0
    print(f"`pnpkit build --all` ({' and '.join(papers)}), fresh process: {cold:.2f} s "
          f"(target < {TOTAL_TARGET_S:g} s)")
    ok &= cold < TOTAL_TARGET_S
    if args.against:
        before_and_after(args.against, args.runs, papers)
    print("targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
