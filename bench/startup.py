"""Start-up: how long a person waits for `pnpkit --help` and for `pnpkit score` of a small NUTS
record, against the bare `python -c "import click, yaml"` that any such tool pays.

Targets (issue 15): `--help` within 2x of the bare import; `score` of a small NUTS record within
4x. The three commands are run alternately, each in a new process, so that what the machine does
meanwhile falls on all three alike; min / median / max wall time over the runs, and each ratio of
medians measured in this one run.

    .venv/bin/python bench/startup.py [--runs 20]
"""
from __future__ import annotations

import argparse
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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    bin_dir = Path(sys.executable).parent
    pnpkit = str(bin_dir / "pnpkit")
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "nuts.yaml"
        record.write_text(RECORD)
        commands = {
            "bare import": [sys.executable, "-c", "import click, yaml"],
            "pnpkit --help": [pnpkit, "--help"],
            "pnpkit score": [pnpkit, "score", str(record)],
        }
        times: dict[str, list[float]] = {k: [] for k in commands}
        for cmd in commands.values():  # warm the file cache once
            subprocess.run(cmd, capture_output=True)
        for i in range(args.runs):
            order = list(commands.items())
            if i % 2:
                order.reverse()
            for name, cmd in order:
                started = time.perf_counter()
                r = subprocess.run(cmd, capture_output=True)
                times[name].append(time.perf_counter() - started)
                assert r.returncode == 0, (name, r.stderr)
    med = {k: statistics.median(v) for k, v in times.items()}
    for name, v in times.items():
        print(f"{name:<15} min {min(v) * 1000:6.1f} ms  median {med[name] * 1000:6.1f} ms  max {max(v) * 1000:6.1f} ms")
    ok = True
    for name, target in (("pnpkit --help", 2.0), ("pnpkit score", 4.0)):
        ratio = med[name] / med["bare import"]
        ok &= ratio <= target
        print(f"{name}: {ratio:.2f}x the bare import (target: within {target:g}x) "
              f"{'OK' if ratio <= target else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
