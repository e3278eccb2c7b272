"""Many records in one command: `pnpkit score FOLDER`, end to end, from YAML files on disk.

Targets (issue 15): 10,000 NUTS final-sheet records in under 3 s; 1,000 whole Chestnuts games in
under 2 s. The records are written to a folder first (not timed); then `pnpkit score FOLDER
--jsonl` runs as a person runs it (a new process, start-up included), and its output is checked
(one line per record, every record scored). Min / median / max over the runs, wall and CPU time.

NUTS records are the end of a plausible game: 2-6 players, each with the bonus cards a game leaves
(deck cards dealt without replacement, 1-6 a player) and a sheet of 0-6 tokens a column; `--heavy`
gives every one of 4 players 8-12 cards, as bench/score.py's stress case. Chestnuts games are
played to the end by random legal moves.

    .venv/bin/python bench/score_many.py [--nuts 10000] [--chestnuts 1000] [--runs 3] [--heavy]
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

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kitfile import load_kit  # noqa: E402
from scorer.games import chestnuts  # noqa: E402

KINDS = ("almond", "cashew", "peanut", "pistachio")


def nuts_record(rng: random.Random, deck: list[str], heavy: bool) -> dict:
    pool = deck[:]
    rng.shuffle(pool)
    players = []
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][: 4 if heavy else rng.randint(2, 6)]
    for name in names:
        cards = rng.randint(8, 12) if heavy else rng.randint(1, 6)
        bonus = [pool.pop() for _ in range(min(cards, len(pool)))] or [deck[0]]
        salt, squirrel = rng.randint(0, 6), rng.randint(0, 5)
        goals = [g for g, have in (("salty-mama", salt), ("squirrel-buddy", squirrel)) if have >= 3 and rng.random() < 0.5]
        players.append({"name": name, "sheet": {k: rng.randint(0, 6) for k in KINDS}, "salt": salt,
                        "squirrel": squirrel, "goals": goals, "bonus": bonus})
    return {"game": "nuts", "players": players}


def write(folder: Path, records: list[dict]) -> None:
    folder.mkdir(parents=True)
    for i, r in enumerate(records):
        (folder / f"{i:05d}.yaml").write_text(yaml.safe_dump(r, sort_keys=False))


def timed(folder: Path, n: int, runs: int) -> tuple[list[float], list[float]]:
    pnpkit = str(Path(sys.executable).parent / "pnpkit")
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        r = subprocess.run([pnpkit, "score", str(folder), "--jsonl"], capture_output=True, text=True)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        lines = r.stdout.splitlines()
        assert r.returncode in (0, 1) and len(lines) == n, (r.returncode, len(lines), r.stderr[-500:])
        assert all('"exit": 2' not in line for line in lines)
    return walls, cpus


def report(label: str, walls: list[float], cpus: list[float], target: float) -> bool:
    med = statistics.median(walls)
    print(f"{label}: wall min {min(walls):.2f} / median {med:.2f} / max {max(walls):.2f} s; "
          f"CPU min {min(cpus):.2f} / median {statistics.median(cpus):.2f} / max {max(cpus):.2f} s "
          f"(target: under {target:g} s) {'OK' if med < target else 'MISSED'}")
    return med < target


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nuts", type=int, default=10_000)
    ap.add_argument("--chestnuts", type=int, default=1_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--heavy", action="store_true", help="4 players with 8-12 bonus cards each")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    deck = [c.id for c in load_kit("nuts").params.bonus]
    kit = load_kit("chestnuts")
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        nuts_dir, chest_dir = Path(tmp) / "nuts", Path(tmp) / "chestnuts"
        write(nuts_dir, [nuts_record(rng, deck, args.heavy) for _ in range(args.nuts)])
        write(chest_dir, [chestnuts.random_record(kit, rng) for _ in range(args.chestnuts)])
        size = sum(f.stat().st_size for f in nuts_dir.iterdir()) / args.nuts
        turns = sum(len(yaml.safe_load(f.read_text())["turns"]) for f in list(chest_dir.iterdir())[:50]) / 50
        print(f"{args.nuts} NUTS records ({size:.0f} bytes each on average{', heavy' if args.heavy else ''}); "
              f"{args.chestnuts} Chestnuts games ({turns:.0f} turns on average); {os.cpu_count()} cores")
        ok &= report(f"pnpkit score ({args.nuts} NUTS records)", *timed(nuts_dir, args.nuts, args.runs), 3.0)
        ok &= report(f"pnpkit score ({args.chestnuts} Chestnuts games)",
                     *timed(chest_dir, args.chestnuts, args.runs), 2.0)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
