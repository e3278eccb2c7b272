"""`--cluster` scaling on this machine: the same `pnpkit simulate` on a local Dask cluster of 1 and of
2 worker processes (one thread each), run alternately, with `--jobs 1` (no cluster) as the baseline;
medians of wall time. The JSON of every run is compared with `--jobs 1`'s: the same figures.

    python bench/cluster.py [--games 4000] [--runs 3] [--game chestnuts] [--player random]
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from distributed import LocalCluster


def run(args: list[str]) -> tuple[float, str]:
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "pnpkit", *args], capture_output=True, text=True, check=True).stdout
    return time.perf_counter() - started, out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default="4000")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--game", default="chestnuts")
    ap.add_argument("--player", default="random")
    a = ap.parse_args()
    sim = ["simulate", a.game, "--games", a.games, "--player", a.player, "--json"]
    clusters = {n: LocalCluster(n_workers=n, threads_per_worker=1, processes=True, host="127.0.0.1",
                                dashboard_address=None) for n in (1, 2)}
    times: dict[str, list[float]] = {"--jobs 1": [], "cluster, 1 worker": [], "cluster, 2 workers": []}
    try:
        _, reference = run([*sim, "--jobs", "1"])
        for _ in range(a.runs):
            for label, extra in (("--jobs 1", ["--jobs", "1"]),
                                 ("cluster, 1 worker", ["--cluster", clusters[1].scheduler_address]),
                                 ("cluster, 2 workers", ["--cluster", clusters[2].scheduler_address])):
                took, out = run([*sim, *extra])
                assert out == reference, f"{label}: the JSON differs from --jobs 1's"
                times[label].append(took)
    finally:
        for c in clusters.values():
            c.close()
    base = statistics.median(times["cluster, 1 worker"])
    print(f"{a.game}, {a.games} {a.player} games, {a.runs} runs each, medians of wall time (same JSON every run):")
    for label, ts in times.items():
        m = statistics.median(ts)
        print(f"  {label:20} {m:6.2f} s  (min {min(ts):.2f}, max {max(ts):.2f}); {base / m:.2f}x the 1-worker cluster")


if __name__ == "__main__":
    main()
