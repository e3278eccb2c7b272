"""Simulation speed (issue 16): 10,000 random games with `--jobs 2` in under 10 s, for Chestnuts,
Trim the Tree (4 players) and Forest Fire (4 players).

Measured end to end, as a user runs it: `python -m pnpkit simulate ...` in a process of its own
(start-up, the pool, playing, replaying every game by the rules as `pnpkit check` does, the report).
The machine is shared with other people's work, so each case runs `--runs` times and prints every
run's wall time and CPU time (pnpkit and its worker processes together, from the kernel's
accounting); the target is judged on the best wall time. Baselines in the same run:

    --jobs 1         the same games in one process: what the second process buys
    play only        in this process, the same number of games played without the replay check,
                     then their records replayed alone: where the time goes

Forest Fire's 4 players are four Hotshots on the Normal setup: the rulebook's first game. With the
kit's mixed team (a Pilot, who is never out) random players neither win nor lose, and every game
runs to the simulator's limit of 200 rounds; that team is timed too, on fewer games, for the record.

Fair Verona (no issue target) is timed on a tenth of the games, Medium, random players, with its
cost per game: the whole run's CPU per game, and play and replay apart in this process.

Per action (issue 40: at least 2x the floor), paired with an independent floor in the same run:
`pnpkit simulate chestnuts --player random --jobs 1` against OpenSpiel's pure-Python tic-tac-toe
played at random (bench/tictactoe_floor.py), in turns, `--runs` pairs. pnpkit's figure is its
actions (the players', not the die or the turns' ends) per CPU second of its process, start-up
taken out: the CPU of `--per-action` games less that of 20 games, over the actions between them;
the floor's is its loop's CPU. The whole process, start-up in, is printed beside it.

    .venv/bin/python bench/simulate.py [--games 10000] [--runs 3] [--per-action 3000] [--only per-action]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

TARGET = 10.0
PER_ACTION_TARGET = 2.0     # issue 40: pnpkit's actions per CPU second at least 2x the floor's
FLOOR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tictactoe_floor.py")
CASES = [
    ("chestnuts", ["chestnuts"]),
    ("trim-the-tree, 4 players", ["trim-the-tree", "--players", "4"]),
    ("forest-fire, 4 Hotshots, Normal", ["forest-fire", "--players", "4", "--roles", "hotshot", "--setup", "Normal"]),
]
MIXED = ("forest-fire, 4 players, the kit's mixed team, Normal", ["forest-fire", "--players", "4", "--setup", "Normal"])
VERONA = ("fair-verona, 4 players, Medium", ["fair-verona", "--players", "4", "--setup", "Medium"])


def timed(args: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one `pnpkit simulate` run in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pnpkit", "simulate", *args], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def actions_per_s(games: int) -> tuple[float, float, float]:
    """pnpkit's Chestnuts random games with `--jobs 1`: (actions, CPU seconds, CPU of 20 games),
    each in a fresh process."""
    counted = []
    for n in (20, games):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run([sys.executable, "-m", "pnpkit", "simulate", "chestnuts", "--games", str(n),
                              "--player", "random", "--jobs", "1", "--json"],
                             check=True, capture_output=True, text=True).stdout
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        counted.append((json.loads(out)["length"]["actions"]["mean"] * n, cpu))
    (few, few_cpu), (acts, cpu) = counted
    return acts - few, cpu - few_cpu, few_cpu


def floor(games: int) -> tuple[int, float]:
    """OpenSpiel's tic-tac-toe at random, in a fresh process: (actions, CPU seconds of its loop)."""
    out = subprocess.run([sys.executable, FLOOR, "--games", str(games), "--json"], check=True,
                         capture_output=True, text=True).stdout
    got = json.loads(out)
    return got["actions"], got["cpu"]


def per_action(games: int, runs: int) -> bool:
    """Issue 40's figure, paired: pnpkit and the floor in turns, `runs` pairs."""
    pairs = []
    for _ in range(runs):
        acts, cpu, startup = actions_per_s(games)
        f_acts, f_cpu = floor(games * 8)
        pairs.append((acts / cpu, f_acts / f_cpu, startup, (acts + 0.0) / (cpu + startup)))
    ratios = sorted(p / f for p, f, _, _ in pairs)
    mid = ratios[len(ratios) // 2]
    met = mid >= PER_ACTION_TARGET
    print(f"chestnuts, random players, --jobs 1, per action: {mid:.2f}x OpenSpiel's pure-Python tic-tac-toe "
          f"(median of {runs} pairs; target >= {PER_ACTION_TARGET:.1f}x: {'met' if met else 'MISSED'})")
    for p, f, startup, whole in pairs:
        print(f"  pnpkit {p:,.0f} actions/s CPU (start-up {startup:.2f} s taken out; {whole:,.0f} with it)"
              f"   floor {f:,.0f} actions/s   {p / f:.2f}x")
    print(f"  load average {os.getloadavg()[0]:.1f} (CPU time is counted, not wall)")
    return met


def split(args: list[str], games: int) -> tuple[float, float]:
    """CPU seconds, in this process, to play `games` games without replaying them, and to replay them."""
    from pnpkit.kitfile import load_kit
    from pnpkit.kitfile.source import as_model
    from pnpkit.scorer.games import load
    from pnpkit.scorer.sim import match as matches
    from pnpkit.scorer.sim.run import Spec, play
    game = args[0]
    players = int(args[args.index("--players") + 1]) if "--players" in args else 2
    roles = [args[args.index("--roles") + 1]] if "--roles" in args else None
    setup = args[args.index("--setup") + 1] if "--setup" in args else None
    kit, module, rules = load_kit(game, components=False), matches.module(game), load(game)
    spec = Spec(game, ("random",) * players, matches.setups(rules, kit, players, setup, roles)[0], games, 1)
    start = time.process_time()
    records = [play(spec, i, kit, module).record() for i in range(games)]
    played = time.process_time() - start
    start = time.process_time()
    for r in records:
        rules.score_record(as_model(rules.Record, r), kit)
    return played, time.process_time() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--per-action", type=int, default=3000, help="games of the per-action pairs")
    ap.add_argument("--only", choices=["per-action"], help="only the per-action figure (issue 40)")
    opts = ap.parse_args()
    ok = per_action(opts.per_action, opts.runs)
    if opts.only:
        return 0 if ok else 1
    for label, args in CASES:
        runs = [timed([*args, "--games", str(opts.games), "--jobs", "2"]) for _ in range(opts.runs)]
        best = min(w for w, _ in runs)
        serial = timed([*args, "--games", str(opts.games), "--jobs", "1"])
        played, replayed = split(args, opts.games // 10)
        met = best < TARGET
        ok &= met
        print(f"{label}: {opts.games:,} random games, --jobs 2")
        print(f"  wall {best:.2f} s best of {opts.runs}   (target < {TARGET:.0f} s: {'met' if met else 'MISSED'})")
        print("  runs: " + ", ".join(f"{w:.2f} s wall / {c:.2f} s CPU" for w, c in runs))
        print(f"  baseline --jobs 1: {serial[0]:.2f} s wall / {serial[1]:.2f} s CPU")
        print(f"  where the time goes ({opts.games // 10:,} games in this process): play {played:.2f} s CPU, "
              f"replay check {replayed:.2f} s CPU")
    label, args = MIXED
    few = max(1, opts.games // 10)
    wall, cpu = timed([*args, "--games", str(few), "--jobs", "2"])
    print(f"{label}: {few:,} random games, --jobs 2 (for the record, no target)")
    print(f"  {wall:.2f} s wall / {cpu:.2f} s CPU: every game runs to the 200-round limit")
    label, args = VERONA
    runs = [timed([*args, "--games", str(few), "--jobs", "2"]) for _ in range(opts.runs)]
    wall, cpu = min(runs)
    played, replayed = split(args, max(1, few // 2))
    print(f"{label}: {few:,} random games, --jobs 2 (no target)")
    print(f"  wall {wall:.2f} s best of {opts.runs}; runs: " + ", ".join(f"{w:.2f} s wall / {c:.2f} s CPU" for w, c in runs))
    print(f"  per game: {1000 * cpu / few:.1f} ms CPU end to end; in this process play "
          f"{1000 * played / max(1, few // 2):.1f} ms + replay check {1000 * replayed / max(1, few // 2):.1f} ms")
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
