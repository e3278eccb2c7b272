"""Benchmark: `pnpkit build --all` (every kit that has components, a4 and letter), per kit.

    python bench/build_all.py [--repeat 3] [--papers a4,letter]

Prints, for each kit and paper, the best of N in-process builds (wall clock: components, imposition,
PDF, the fillable score sheets, every SVG, manifest, atomic writes), its pages and PDF size; then
the total of those bests, and the wall time of the command a person types, `pnpkit build --all`,
run once in a fresh process (Python start-up, imports and font loading included).

Targets (issues 6 and 7): the whole `pnpkit build --all` for both papers under 8 s on this machine;
the NUTS kit under 2 s for one paper with its PDF under 1 MB.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.build import build_kit, printable_kits
from generator.options import PrintOptions
from kitfile import load_kit

TOTAL_TARGET_S = 8.0
NUTS_TARGET_S = 2.0
NUTS_PDF_TARGET = 1024 * 1024


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--papers", default="a4,letter")
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
    print("targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
