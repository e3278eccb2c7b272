"""Many records in one command: `pnpkit score FOLDER`, end to end, from YAML files on disk.

Targets (issue 15): 10,000 NUTS final-sheet records in under 3 s; 1,000 whole Chestnuts games in
under 2 s. The records are written to a folder first (not timed); then `pnpkit score FOLDER
--jsonl` runs as a person runs it (a new process, start-up included), and its output is checked
(one line per record, every record scored). Min / median / max over the runs, wall and CPU time.

NUTS records are the end of a plausible game: 2-6 players, each with the bonus cards a game leaves
(deck cards dealt without replacement, 1-6 a player) and a sheet of 0-6 tokens a column; `--heavy`
gives every one of 4 players 8-12 cards, as bench/score.py's stress case. They are written as people
write them (`--style people`, the default: docs/records/nuts.md's comments and flow sheets and
lists, a third of them a player a line, a third in block style), or all in block style as pnpkit
writes them (`--style block`). Issue 40's target: the NUTS records at most 1.0x, in CPU, a new
process that parses the same files with libyaml into Python data and does nothing else (PARSE,
"C-YAML parse"). Chestnuts games are
played to the end by random legal moves.

The single-core figure (issue 29) is `--jobs 1`, the default here; each run is paired, in the same
loop, with its floor: a new process that pulls libyaml's parse events from the same files and does
nothing else (FLOOR). With --against (a checkout with its own .venv, run with that interpreter; or
a git revision, exported), that code scores the same folders in the same way and its outputs must
be identical. The sides alternate which goes first; min / median / max of each and of the runs'
ratios are printed. Every process runs with compiled bytecode, as an installed pnpkit does. The
load average is printed with each figure: on a shared machine a wall-clock figure means little
without it.

    .venv/bin/python bench/score_many.py [--nuts 10000] [--chestnuts 1000] [--runs 3] [--jobs 1] [--heavy]
                                         [--against DIR_OR_REV]
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
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from pnpkit.kitfile import load_kit  # noqa: E402
from pnpkit.scorer.games.chestnuts import sim as chestnuts  # noqa: E402

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


def write(folder: Path, records: list[dict], style: str = "block") -> None:
    folder.mkdir(parents=True)
    for i, r in enumerate(records):
        text = yaml.safe_dump(r, sort_keys=False) if style == "block" else as_people_write(r, i)
        (folder / f"{i:05d}.yaml").write_text(text)


def _flow(value) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return str(value)


def as_people_write(record: dict, i: int) -> str:
    """A NUTS record as docs/records/nuts.md shows one, as a person types it: a comment or two,
    a player's sheet, goals and bonus cards in flow style (`sheet: {almond: 3, ...}`); in every
    third record each player is one flow mapping on a line (`- {name: Ann, ...}`), and in every
    third a plain block (as pnpkit writes it)."""
    if i % 3 == 2:
        return yaml.safe_dump(record, sort_keys=False)
    lines = [f"game: {record['game']}", "players:                       # in seat order, the first player first"]
    for p in record["players"]:
        if i % 3 == 1:
            lines.append(f"  - {_flow(p)}")
            continue
        lines.append(f"  - name: {p['name']}")
        for key, value in p.items():
            if key != "name":
                note = "   # tokens in each column" if key == "sheet" else ""
                lines.append(f"    {key}: {_flow(value)}{note}")
    return "\n".join(lines) + "\n"


FLOOR = """
import os, sys, yaml
loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
n = 0
for root, dirs, files in os.walk(sys.argv[1]):
    dirs.sort()
    for name in sorted(files):
        with open(os.path.join(root, name), "rb") as f:
            events = loader(f.read().decode("utf-8"))
        while events.check_event():
            events.get_event()
        events.dispose()
        n += 1
print("\\n" * (n - 1))
"""
PARSE = FLOOR.replace("""        events = loader(f.read().decode("utf-8"))
        while events.check_event():
            events.get_event()
        events.dispose()""", """        yaml.load(f.read().decode("utf-8"), Loader=loader)""")
"""The floor of issue 40's figure, "a bare C-YAML parse": a new process that reads every record and
parses it into Python data with PyYAML's libyaml loader (yaml.load with CSafeLoader), nothing else."""
FLOORS = (FLOOR, PARSE)

"""The floor of a single-core figure: a new Python process that reads every record's bytes and
pulls libyaml's parse events from them (what any YAML-reading scorer pays before its own work),
nothing else; it prints one line a record so that it is checked like the sides."""


@dataclass(frozen=True)
class Side:
    """How one side is run: its command (before `score FOLDER ...`), folder and environment."""

    command: tuple[str, ...]
    cwd: Path
    env: dict


def side_of(tree: Path, env: dict) -> Side:
    """A tree with its own virtual environment (.venv: an editable install of that tree) runs with
    that interpreter: an exported tree put first on PYTHONPATH is not enough when the interpreter's
    editable install maps pnpkit's subpackages to another tree (they would be timed instead)."""
    own = tree / ".venv" / "bin" / "python"
    if own.exists():
        return Side((str(own), "-m", "pnpkit"), tree, env)
    return Side((sys.executable, "-m", "pnpkit"), tree, dict(env, PYTHONPATH=str(tree)))


def timed(side: Side, folder: Path, n: int, jobs: int) -> tuple[float, float, list[str]]:
    """(wall, CPU) seconds of `pnpkit score FOLDER --jsonl --jobs JOBS` run by the side in a new
    process, and its lines (checked: one per record, none unreadable)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    floor = side.command[-1] in FLOORS
    args = [*side.command, str(folder)] if floor else [*side.command, "score", str(folder), "--jsonl", "--jobs", str(jobs)]
    r = subprocess.run(args, capture_output=True, text=True, cwd=side.cwd, env=side.env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    lines = r.stdout.splitlines()
    assert r.returncode in (0, 1) and len(lines) == n, (r.returncode, len(lines), r.stderr[-500:])
    assert all('"exit": 2' not in line for line in lines)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, lines


def paired(sides: dict[str, Side], folder: Path, n: int, runs: int, jobs: int) -> dict[str, tuple[list, list, list]]:
    """Each side's (walls, CPUs, loads) over `runs` runs, after a warm-up run each, alternating which
    side goes first. The sides' outputs (not the floor's) must be identical, line for line."""
    got: dict[str, tuple[list, list, list]] = {name: ([], [], []) for name in sides}
    outputs: dict[str, list[str]] = {}
    for name, side in sides.items():     # the file cache and each side's bytecode warmed
        lines = timed(side, folder, n, jobs)[2]
        if side.command[-1] not in FLOORS:
            outputs[name] = lines
    for r in range(runs):
        for name in (list(sides) if r % 2 == 0 else list(sides)[::-1]):
            load = os.getloadavg()[0]
            wall, cpu, _ = timed(sides[name], folder, n, jobs)
            got[name][0].append(wall)
            got[name][1].append(cpu)
            got[name][2].append(load)
    first = next(iter(outputs.values()))
    assert all(lines == first for lines in outputs.values()), "the sides' outputs differ"
    return got


def report(label: str, got: dict[str, tuple[list, list, list]], target: float, parse_target: float | None = None) -> bool:
    fmt = lambda xs: f"min {min(xs):.2f} / median {statistics.median(xs):.2f} / max {max(xs):.2f}"  # noqa: E731
    walls = got["this tree"][0]
    med = statistics.median(walls)
    print(f"{label} (target: under {target:g} s wall, median) {'OK' if med < target else 'MISSED'}")
    for name, (wall, cpu, load) in got.items():
        print(f"  {name:<12} wall {fmt(wall)} s; CPU {fmt(cpu)} s; load {min(load):.1f}-{max(load):.1f}")
    w1, c1, _ = got["this tree"]
    for other, (w0, c0, _) in got.items():
        if other != "this tree":
            print(f"  this tree / {other}: wall {fmt([a / b for a, b in zip(w1, w0)])}, "
                  f"CPU {fmt([a / b for a, b in zip(c1, c0)])} (the runs' ratios)")
    print(f"  this tree's median wall / the target: {med / target:.2f}")
    if parse_target is not None:  # issue 40: at most the bare C-YAML parse of the same records
        cpu = statistics.median([a / b for a, b in zip(c1, got["C-YAML parse"][1])])
        wall = statistics.median([a / b for a, b in zip(w1, got["C-YAML parse"][0])])
        print(f"  this tree / the C-YAML parse: CPU {cpu:.2f}x, wall {wall:.2f}x (target: at most {parse_target:g}x) "
              f"{'OK' if cpu <= parse_target else 'MISSED'}")
        return med < target and cpu <= parse_target
    return med < target


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nuts", type=int, default=10_000)
    ap.add_argument("--chestnuts", type=int, default=1_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--heavy", action="store_true", help="4 players with 8-12 bonus cards each")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="pnpkit score's --jobs (default 1: the single-core figure)")
    ap.add_argument("--style", choices=("people", "block"), default="people",
                    help="how the NUTS records are written: as people write them (docs/records/nuts.md: flow "
                         "sheets and lists, comments, a third in block style; the default), or all in block "
                         "style as pnpkit writes them")
    ap.add_argument("--against", metavar="REV", help="also run REV's code, paired and alternating: a folder holding a "
                    "checkout with its own .venv (run with that interpreter), or a git revision (exported; see side_of)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    deck = [c.id for c in load_kit("nuts").params.bonus]
    kit = load_kit("chestnuts")
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        # every process as installed code runs, with compiled bytecode (kept apart from the trees)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "bytecode")
        sides = {"this tree": side_of(ROOT, env)}
        if args.against:
            from same_bytes import export
            other = Path(args.against)
            sides[args.against] = side_of(other if other.is_dir() else export(args.against, Path(tmp) / "tree"), env)
        sides["libyaml floor"] = Side((sys.executable, "-c", FLOOR), ROOT, env)
        sides["C-YAML parse"] = Side((sys.executable, "-c", PARSE), ROOT, env)
        nuts_dir, chest_dir = Path(tmp) / "nuts", Path(tmp) / "chestnuts"
        write(nuts_dir, [nuts_record(rng, deck, args.heavy) for _ in range(args.nuts)], args.style)
        write(chest_dir, [chestnuts.random_record(kit, rng) for _ in range(args.chestnuts)])
        size = sum(f.stat().st_size for f in nuts_dir.iterdir()) / args.nuts
        turns = sum(len(yaml.safe_load(f.read_text())["turns"]) for f in list(chest_dir.iterdir())[:50]) / 50 \
            if args.chestnuts else 0
        print(f"{args.nuts} NUTS records ({size:.0f} bytes each on average{', heavy' if args.heavy else ''}); "
              f"{args.chestnuts} Chestnuts games ({turns:.0f} turns on average); {os.cpu_count()} cores; "
              f"{args.runs} runs a side; load = the 1-minute load average as each run starts")
        core = f"--jobs {args.jobs}" + (": one core" if args.jobs == 1 else "")
        ok &= report(f"pnpkit score ({args.nuts} NUTS records, {core})",
                     paired(sides, nuts_dir, args.nuts, args.runs, args.jobs), 3.0, 1.0)
        if args.chestnuts:  # (--chestnuts 0: the NUTS figures alone)
            ok &= report(f"pnpkit score ({args.chestnuts} Chestnuts games, {core})",
                         paired(sides, chest_dir, args.chestnuts, args.runs, args.jobs), 2.0)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
