"""`pnpkit score FOLDER --jsonl --cluster` on a local Dask cluster of two worker processes (one thread
each), paired with `--jobs 2` (two local processes) and `--jobs 1` (this process alone) on the same
records: issue 40's target is the cluster no slower than `--jobs 2` (and, as the lead restated it
for 2,000 records, no slower than `--jobs 1`).

    python bench/cluster_score.py [--records 2000,10000] [--runs 5]

The records are NUTS score sheets as people write them (bench/score_many.py). The two commands run
alternately, which goes first alternating, after a warm-up of each (the cluster's workers have
pnpkit's modules imported by then, as a cluster that has already scored does). Wall time is what a
person waits; CPU is the command's process and its children, plus (for the cluster) the CPU its
two worker processes used meanwhile (psutil), so the figure says what the machine spent. The lines
of both must be the same. The load average is printed: on a shared machine a wall figure means
little without it.
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil
from distributed import Client, LocalCluster

sys.path.insert(0, str(Path(__file__).resolve().parent))
import score_many  # noqa: E402

from pnpkit.kitfile import load_kit  # noqa: E402


def timed(cmd: list[str], env: dict, workers: list[psutil.Process]) -> tuple[float, float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    busy = sum(sum(w.cpu_times()[:2]) for w in workers)
    started = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    cpu += sum(sum(w.cpu_times()[:2]) for w in workers) - busy
    assert r.returncode in (0, 1), r.stderr[-500:]
    return wall, cpu, r.stdout


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--records", default="2000,10000")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    deck = [c.id for c in load_kit("nuts").params.bonus]
    fmt = lambda xs: f"{min(xs):.2f} / {statistics.median(xs):.2f} / {max(xs):.2f}"  # noqa: E731
    ok = True
    with tempfile.TemporaryDirectory() as tmp, \
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                         dashboard_address=None) as cluster, Client(cluster) as client:
        workers = [psutil.Process(pid) for pid in client.run(os.getpid).values()]
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "bytecode")
        for n in (int(x) for x in args.records.split(",")):
            folder = Path(tmp) / f"nuts-{n}"
            rng = random.Random(n)
            score_many.write(folder, [score_many.nuts_record(rng, deck, False) for _ in range(n)], "people")
            base = [sys.executable, "-m", "pnpkit", "score", str(folder), "--jsonl"]
            sides = {"--jobs 2": base + ["--jobs", "2"], "--jobs 1": base + ["--jobs", "1"],
                     "--cluster": base + ["--cluster", cluster.scheduler_address]}
            got = {name: ([], [], []) for name in sides}
            outs = {name: timed(cmd, env, workers)[2] for name, cmd in sides.items()}  # the warm-up
            assert outs["--jobs 2"] == outs["--cluster"] == outs["--jobs 1"], "the cluster's lines differ from --jobs 2's"
            for r in range(args.runs):
                for name in (list(sides) if r % 2 == 0 else list(sides)[::-1]):
                    load = os.getloadavg()[0]
                    wall, cpu, _ = timed(sides[name], env, workers)
                    got[name][0].append(wall)
                    got[name][1].append(cpu)
                    got[name][2].append(load)
            print(f"{n:,} NUTS records as people write them, {args.runs} paired runs (min / median / max):")
            for name, (wall, cpu, load) in got.items():
                print(f"  {name:10} wall {fmt(wall)} s; CPU {fmt(cpu)} s; load {min(load):.1f}-{max(load):.1f}")
            for local in ("--jobs 2", "--jobs 1"):
                walls = [a / b for a, b in zip(got["--cluster"][0], got[local][0])]
                cpus = [a / b for a, b in zip(got["--cluster"][1], got[local][1])]
                med = statistics.median(walls)
                ok &= med <= 1.0
                print(f"  --cluster / {local}: wall {fmt(walls)}, CPU {fmt(cpus)} (the runs' ratios) "
                      f"[target: wall at most 1.0x: {'OK' if med <= 1.0 else 'MISSED'}]")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
