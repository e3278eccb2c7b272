"""Start-up: how long a person waits for `pnpkit --help` and for `pnpkit score` of a small NUTS
record, against the bare `python -c "import click, yaml"` that any such tool pays.

Targets: `--help` within 2x of the bare import (issue 15); `score` of a small NUTS record within
2x (issue 40; it was 4x). For scale, a fourth process is timed in the same rotation: the bare
import plus msgspec and one Struct converted ("+ msgspec"), which is what any command pays that
reads a file into a model, as `score` reads the record and the kit's params (kitfile/structs.py).
The commands are run alternately, each in a new process, so that what the machine does meanwhile
falls on all alike; min / median / max wall time over the runs, and each ratio of
medians measured in this one run. With --against DIR the same two commands of another checkout
(with its own .venv) run in the same rotation, and this tree's ratios to them are printed (the
runs' ratios: min, median, max). Every process runs with compiled bytecode, as installed code does.

    .venv/bin/python bench/startup.py [--runs 20] [--against DIR]
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

RECORD = """game: nuts
players:
  - {name: Ann, sheet: {almond: 3, cashew: 2, peanut: 4, pistachio: 2}, salt: 3, goals: [salty-mama], bonus: [B07]}
  - {name: Ben, sheet: {almond: 1, cashew: 4}, squirrel: 1, bonus: [B01, B12]}
"""


MSGSPEC = """import click, yaml, msgspec
class Record(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    game: str
msgspec.convert({"game": "nuts"}, Record, strict=False)
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--against", type=Path, metavar="DIR", help="also run the pnpkit of the checkout DIR (its own "
                    ".venv), paired, and print this tree's ratios to it")
    args = ap.parse_args()
    pnpkit = str(Path(sys.executable).parent / "pnpkit")
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "nuts.yaml"
        record.write_text(RECORD)
        commands = {
            "bare import": [sys.executable, "-c", "import click, yaml"],
            "+ msgspec": [sys.executable, "-c", MSGSPEC],
            "pnpkit --help": [pnpkit, "--help"],
            "pnpkit score": [pnpkit, "score", str(record)],
        }
        if args.against:
            other = str(args.against / ".venv" / "bin" / "pnpkit")
            commands.update({"other --help": [other, "--help"], "other score": [other, "score", str(record)]})
        # every process as installed code runs, with compiled bytecode (kept apart from the trees)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "bytecode")
        times: dict[str, list[float]] = {k: [] for k in commands}
        cpus: dict[str, list[float]] = {k: [] for k in commands}
        for cmd in commands.values():  # warm the file cache and write the bytecode once
            subprocess.run(cmd, capture_output=True, env=env)
        for i in range(args.runs):
            order = list(commands.items())
            if i % 2:
                order.reverse()
            for name, cmd in order:
                before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
                r = subprocess.run(cmd, capture_output=True, env=env)
                times[name].append(time.perf_counter() - started)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpus[name].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
                assert r.returncode == 0, (name, r.stderr)
    med = {k: statistics.median(v) for k, v in times.items()}
    for name, v in times.items():
        c = cpus[name]
        print(f"{name:<15} wall min {min(v) * 1000:6.1f} ms  median {med[name] * 1000:6.1f} ms  max {max(v) * 1000:6.1f} ms;"
              f"  CPU min {min(c) * 1000:6.1f}  median {statistics.median(c) * 1000:6.1f}  max {max(c) * 1000:6.1f} ms")
    for mine, theirs in (("pnpkit --help", "other --help"), ("pnpkit score", "other score")):
        if theirs in times:
            for what, xs in (("wall", times), ("CPU", cpus)):
                ratios = [a / b for a, b in zip(xs[mine], xs[theirs])]
                print(f"{mine} / {args.against}'s ({what}): min {min(ratios):.2f}  median "
                      f"{statistics.median(ratios):.2f}  max {max(ratios):.2f}")
    ok = True
    cmed = {k: statistics.median(v) for k, v in cpus.items()}
    for name, target in (("+ msgspec", None), ("pnpkit --help", 2.0), ("pnpkit score", 2.0)):
        ratio, cratio = med[name] / med["bare import"], cmed[name] / cmed["bare import"]
        if target is None:
            print(f"{name}: {ratio:.2f}x the bare import (CPU {cratio:.2f}x): one msgspec Struct, for scale")
            continue
        ok &= ratio <= target
        print(f"{name}: {ratio:.2f}x the bare import (CPU {cratio:.2f}x; target: within {target:g}x) "
              f"{'OK' if ratio <= target else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
