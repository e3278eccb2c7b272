"""`pnpkit score FOLDER --jsonl --cluster ADDRESS` on a Dask cluster of two worker processes (one
thread each) on this machine, started as a person starts one (`dask scheduler`, `dask worker
--nworkers 2 --nthreads 1`), paired with `--jobs 2` (two local processes) and `--jobs 1` (this
process alone) on the same records. Issue 40's target: the cluster no slower than `--jobs 2`.

    python bench/cluster_score.py [--records 2000,10000] [--runs 5] [--against DIR] [--phases] [--texts]

The records are NUTS score sheets as people write them (bench/score_many.py). The commands run in
turn, which goes first alternating, after a warm-up of each (the workers have imported pnpkit by
then, as the workers of a cluster that has scored before have). Wall time is what a person waits;
CPU is the command's process and its children, plus, for a cluster, the CPU every process of the
cluster used meanwhile (scheduler, nannies, workers: psutil), its idle ticking included (printed
apart: a running cluster spends it whether or not anyone calls it). Every command's lines must be
the same. The load average is printed: on a shared machine a wall figure means little without it.

--against DIR: a checkout of pnpkit with its own .venv (an older revision), whose own cluster
(its interpreter's scheduler and workers) scores the same records in the same loop.
--texts: each cluster also scores as workers on other machines would (the client reads the records'
texts and sends them, with what they name beside them), `--cluster, texts`.
--phases: where the wall and CPU of one `--cluster` call go (the client's start and imports,
connecting, the batches out and the lines back, the workers' and the scheduler's CPU), on the warm
cluster and on a cluster just started (its workers import pnpkit with their first batch), and how
long starting a cluster takes.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# psutil, score_many and pnpkit are imported where they are used: `--phase-run`, the client whose
# phases are marked, imports nothing beyond what `pnpkit` itself would and the standard library


class Cluster:
    """A scheduler and two single-thread workers started with `python` (the interpreter whose pnpkit
    the workers use), on 127.0.0.1, no dashboards; stopped (by their process ids) on leaving."""

    def __init__(self, python: str, folder: Path, preload: bool = False):
        self.file = folder / f"scheduler-{time.monotonic_ns()}.json"
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": folder}
        started = time.perf_counter()
        self.procs = [subprocess.Popen([python, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                        "--port", "0", "--no-dashboard", "--scheduler-file", str(self.file)], **quiet)]
        while not self.file.exists():
            time.sleep(0.05)
        self.procs.append(subprocess.Popen([python, "-m", "distributed.cli.dask_worker", "--scheduler-file",
                                            str(self.file), "--nworkers", "2", "--nthreads", "1",
                                            "--no-dashboard", "--host", "127.0.0.1"]
                                           + ["--preload", "pnpkit.cluster"] * preload, **quiet))
        self.address = json.loads(self.file.read_text())["address"]
        from distributed import Client
        with Client(self.address, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=120)   # both registered with the scheduler
        self.took = time.perf_counter() - started

    def all(self) -> list:
        import psutil
        return [p for proc in self.procs for p in [psutil.Process(proc.pid)] + psutil.Process(proc.pid).children(True)]

    def cpu(self) -> float:
        return sum(sum(p.cpu_times()[:2]) for p in self.all())

    def stop(self) -> None:
        for proc in reversed(self.procs):
            proc.terminate()
            proc.wait(30)


ELSEWHERE = ("import sys; from pnpkit import many; many.Here.possible = lambda: False\n"  # `pnpkit`, its workers
             "sys.argv = ['pnpkit'] + sys.argv[1:]; from pnpkit.launch import main; main()")  # taken to be elsewhere


def timed(cmd: list[str], cwd: Path, cluster: Cluster | None) -> tuple[float, float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    busy = cluster.cpu() if cluster else 0.0
    started = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    cpu += (cluster.cpu() - busy) if cluster else 0.0
    assert r.returncode in (0, 1), r.stderr[-800:]
    return wall, cpu, r.stdout


def idle_rate(cluster: Cluster, seconds: float = 3.0) -> float:
    before = cluster.cpu()
    time.sleep(seconds)
    return (cluster.cpu() - before) / seconds


def phases(python: str, folder: Path, address: str, cwd: Path, cluster: Cluster) -> str:
    """One `--cluster` call with its phases marked in the client (`_phase_run`)."""
    busy = cluster.cpu()
    r = subprocess.run([python, __file__, "--phase-run", "score", str(folder), "--jsonl", "--cluster", address],
                       capture_output=True, text=True, cwd=cwd)
    return r.stderr.rstrip() + f"\n    the cluster's processes meanwhile: {cluster.cpu() - busy:.3f} s of CPU"


def _phase_run(argv: list[str]) -> None:
    """`pnpkit ARGV` as its console script runs it, wall and CPU marked at each phase of --cluster."""
    started = time.perf_counter()
    marks: list[tuple[str, float, float]] = []

    def mark(what: str) -> None:
        r = resource.getrusage(resource.RUSAGE_SELF)
        marks.append((what, time.perf_counter() - started, r.ru_utime + r.ru_stime))
    mark("python started")
    from contextlib import contextmanager
    from pnpkit import cluster, many, worker
    client, connected, scored_on, finish = cluster._client, cluster.connected, many.scored_on, worker.finish

    def _client():
        mark("pnpkit's command line read, records listed")
        got = client()
        mark("Dask's client imported")
        return got

    @contextmanager
    def _connected(address):
        with connected(address) as got:
            mark("connected (its worker threads counted)")
            yield got
            mark("every line written")
        mark("disconnected")

    def _scored_on(*args):
        for i, x in enumerate(scored_on(*args)):
            if i == 0:
                mark("first batch's lines back")
            yield x

    def _finish(code):
        for (what, wall, cpu), (_, was_wall, was_cpu) in zip(marks, [("", 0.0, 0.0)] + marks):
            print(f"    {what:42} at {wall:6.3f} s ({wall - was_wall:+.3f}), CPU {cpu:6.3f} s ({cpu - was_cpu:+.3f})",
                  file=sys.stderr)
        finish(code)
    cluster._client, cluster.connected, many.scored_on, worker.finish = _client, _connected, _scored_on, _finish
    sys.argv = ["pnpkit"] + argv
    from pnpkit.launch import main
    main()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--records", default="2000,10000")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--against", type=Path, help="a pnpkit checkout with its own .venv, paired as '--cluster (DIR)'")
    ap.add_argument("--phases", action="store_true", help="where one --cluster call's wall and CPU go")
    ap.add_argument("--texts", action="store_true", help="each cluster also as workers elsewhere: sent the records' "
                                                        "texts, read by the client (`--cluster, texts`)")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT / "bench"))
    import score_many
    from pnpkit.kitfile import load_kit
    deck = [c.id for c in load_kit("nuts").params.bonus]
    fmt = lambda xs: f"{min(xs):.2f} / {statistics.median(xs):.2f} / {max(xs):.2f}"  # noqa: E731
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)  # every command runs here: `python -m` puts its folder first on the path
        pythons = {"--cluster": sys.executable}
        if args.against:
            pythons[f"--cluster ({args.against.name})"] = str(args.against.resolve() / ".venv" / "bin" / "python")
        clusters = {name: Cluster(python, tmp_path) for name, python in pythons.items()}
        try:
            for name, cluster in clusters.items():
                print(f"{name}: a cluster started in {cluster.took:.2f} s; idle, its processes spend "
                      f"{idle_rate(cluster):.3f} s of CPU a second")
            for n in (int(x) for x in args.records.split(",")):
                folder = tmp_path / f"nuts-{n}"
                rng = random.Random(n)
                score_many.write(folder, [score_many.nuts_record(rng, deck, False) for _ in range(n)], "people")
                if args.phases:
                    fresh = Cluster(sys.executable, tmp_path)
                    try:
                        print(f"{n:,} records, one --cluster call on a cluster just started ({fresh.took:.2f} s to start):")
                        print(phases(sys.executable, folder, fresh.address, tmp_path, fresh))
                        print(f"{n:,} records, the next call on the same cluster (its workers warm):")
                        print(phases(sys.executable, folder, fresh.address, tmp_path, fresh))
                    finally:
                        fresh.stop()
                    fresh = Cluster(sys.executable, tmp_path, preload=True)
                    try:
                        print(f"{n:,} records, one --cluster call on a cluster just started with `--preload pnpkit.cluster` "
                              f"({fresh.took:.2f} s to start):")
                        print(phases(sys.executable, folder, fresh.address, tmp_path, fresh))
                    finally:
                        fresh.stop()
                sides = {"--jobs 2": ([sys.executable, "-m", "pnpkit", "score", str(folder), "--jsonl", "--jobs", "2"], None),
                         "--jobs 1": ([sys.executable, "-m", "pnpkit", "score", str(folder), "--jsonl", "--jobs", "1"], None)}
                for name, cluster in clusters.items():
                    sides[name] = ([pythons[name], "-m", "pnpkit", "score", str(folder), "--jsonl", "--cluster",
                                    cluster.address], cluster)
                    if args.texts:
                        sides[f"{name}, texts"] = ([pythons[name], "-c", ELSEWHERE, "score", str(folder), "--jsonl",
                                                    "--cluster", cluster.address], cluster)
                outs = {name: timed(cmd, tmp_path, cluster)[2] for name, (cmd, cluster) in sides.items()}  # warm-up
                assert len(set(outs.values())) == 1, "the commands' lines differ"
                got = {name: ([], [], []) for name in sides}
                for r in range(args.runs):
                    for name in (list(sides) if r % 2 == 0 else list(sides)[::-1]):
                        load = os.getloadavg()[0]
                        cmd, cluster = sides[name]
                        wall, cpu, _ = timed(cmd, tmp_path, cluster)
                        for figures, x in zip(got[name], (wall, cpu, load)):
                            figures.append(x)
                print(f"{n:,} NUTS records as people write them, {args.runs} paired runs (min / median / max), "
                      f"the same lines from every command:")
                for name, (wall, cpu, load) in got.items():
                    print(f"  {name:28} wall {fmt(wall)} s; CPU {fmt(cpu)} s; load {min(load):.1f}-{max(load):.1f}")
                for name in clusters:
                    for local in ("--jobs 2", "--jobs 1"):
                        walls = [a / b for a, b in zip(got[name][0], got[local][0])]
                        cpus = [a / b for a, b in zip(got[name][1], got[local][1])]
                        med = statistics.median(walls)
                        target = local == "--jobs 2" and name == "--cluster"
                        ok &= med <= 1.0 or not target
                        verdict = f" [target: wall at most 1.0x: {'OK' if med <= 1.0 else 'MISSED'}]" if target else ""
                        print(f"  {name} / {local}: wall {fmt(walls)}, CPU {fmt(cpus)} (the runs' ratios){verdict}")
        finally:
            for cluster in clusters.values():
                cluster.stop()
    return 0 if ok else 1


if __name__ == "__main__":
    if sys.argv[1:2] == ["--phase-run"]:
        _phase_run(sys.argv[2:])
    else:
        sys.exit(main())
