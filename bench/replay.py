"""Replay speed: check 1,000 complete Chestnuts games, 1,000 complete 4-player In the Nuts!
games and 1,000 Fair Verona game logs, played by random legal moves.

Targets (the issues): Chestnuts, the 1,000 games checked in under 2 s and at least 50,000 actions a
second; In the Nuts! (issue 14), the 1,000 4-player games checked in under 2 s. The games are
generated first (not timed in the target) by each game's random legal player; then each record is
read into its record model (timed apart) and checked and scored with `score(record, kit)`, the
call the CLI makes, in this one process. Trim the Tree's figures are printed for comparison.
Fair Verona (issue 17; a target I set: the 1,000 games checked in under 2 s) is paired with the
encounter checks it replaced (the same encounters, scored as an encounter record) and with reading
the logs' notation alone. Forest Fire: `pnpkit simulate forest-fire` games (games // 2 of them, long
cooperative games: 600 by default take about 1.5 s), checked in a new process of this tree, paired
with (issue 23: no slower than before) the same records checked by another tree's code,
`--against TREE` (a worktree with its own .venv), run after run; the medians of the CPU times.

    .venv/bin/python bench/replay.py [games] [seed] [--against TREE] [--runs N]
"""
from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

from pnpkit.kitfile import load_kit
from pnpkit.kitfile.structs import convert
from pnpkit.scorer.games.chestnuts import record as chestnuts_record
from pnpkit.scorer.games import load
from pnpkit.scorer.games.chestnuts import sim as chestnuts_sim
from pnpkit.scorer.games.fair_verona.notation import entries
from pnpkit.scorer.games.fair_verona.record import Record as VeronaRecord
from pnpkit.scorer.games.fair_verona.sim import random_record as verona_record
from pnpkit.scorer.games.in_the_nuts import notation as in_the_nuts_notation
from pnpkit.scorer.games.in_the_nuts.record import Record as NutsRecord
from pnpkit.scorer.games.in_the_nuts.sim import random_record as nuts_record
from pnpkit.scorer.games.trim_the_tree import record as trim_record
from pnpkit.scorer.games.trim_the_tree import sim as trim_sim


def bench_chestnuts(games: int, seed: int) -> bool:
    kit = load_kit("chestnuts")
    rng = random.Random(seed)
    t0 = time.perf_counter()
    raw = [chestnuts_sim.random_record(kit, rng) for _ in range(games)]
    t1 = time.perf_counter()
    records = [convert(r, chestnuts_record.Record) for r in raw]
    t2 = time.perf_counter()
    results = [load("chestnuts").score_record(r, kit) for r in records]
    t3 = time.perf_counter()
    actions = sum(len(t["actions"]) for r in raw for t in r["turns"])
    turns = sum(len(r["turns"]) for r in raw)
    bad = sum(not r.valid for r in results)
    unfinished = sum(not r.finished for r in results)
    check = t3 - t2
    print(f"chestnuts: {games} random legal games, {turns} turns, {actions} actions "
          f"({actions / games:.0f} a game); {bad} with violations, {unfinished} unfinished")
    print(f"  generate (random legal player, legal_moves at every step): {t1 - t0:.2f} s")
    print(f"  read records (msgspec):                                   {t2 - t1:.2f} s")
    print(f"  check and score {games} games:                             {check:.2f} s   (target < 2 s)")
    print(f"  actions checked per second:                               {actions / check:,.0f}   (target >= 50,000)")
    print(f"  read + check per second:                                  {actions / (t3 - t1):,.0f}")
    return bad == 0 and check < 2.0 and actions / check >= 50_000


def bench_in_the_nuts(games: int, seed: int, runs: int = 3) -> bool:
    """The whole move log of each game replayed with every rule (issue 14). Baselines in the same
    run: walking the same parsed records and reading their notation without any rule (what the
    record costs by itself), and scoring the final storage cards alone (what was checked before)."""
    kit = load_kit("in-the-nuts")
    rng = random.Random(seed)
    t0 = time.perf_counter()
    raw = [nuts_record(kit, rng) for _ in range(games)]
    t1 = time.perf_counter()
    records = [convert(r, NutsRecord) for r in raw]
    t2 = time.perf_counter()
    checks, cpus, results = [], [], []
    for _ in range(runs):
        a, c = time.perf_counter(), time.process_time()
        results = [load("in-the-nuts").score_record(r, kit) for r in records]
        checks.append(time.perf_counter() - a)
        cpus.append(time.process_time() - c)
    check = min(checks)
    a = time.perf_counter()
    for r in records:
        for turn in r.turns:
            for text in turn.rolls:
                in_the_nuts_notation.parse_roll(text)
            for nut in turn.nuts or []:
                if nut.take:
                    in_the_nuts_notation.parse_take(nut.take)
    walk = time.perf_counter() - a
    finals = [convert(_final_storage(r, res), NutsRecord) for r, res in zip(raw, results)]
    a = time.perf_counter()
    for f in finals:
        load("in-the-nuts").score_record(f, kit)
    final = time.perf_counter() - a
    turns = sum(len(r["turns"]) for r in raw)
    actions = sum(len(t["rolls"]) + len(t.get("nuts", [])) for r in raw for t in r["turns"])
    bad = sum(not r.valid or not r.finished for r in results)
    print(f"in-the-nuts: {games} random legal 4-player games, {turns} turns, {actions} rolls and nuts "
          f"({actions / games:.0f} a game); {bad} with violations or unfinished")
    print(f"  generate (random legal player):                           {t1 - t0:.2f} s")
    print(f"  read records (msgspec):                                   {t2 - t1:.2f} s")
    print(f"  check and score {games} games, every rule:                 {check:.2f} s   (target < 2 s; "
          f"best of {runs} runs: {', '.join(f'{c:.2f}' for c in checks)} s; this process's CPU time "
          f"{', '.join(f'{c:.2f}' for c in cpus)} s)")
    print(f"  actions checked per second:                               {actions / check:,.0f}")
    print(f"  baseline, the records' notation read, no rule:            {walk:.2f} s")
    print(f"  baseline, the final storage cards alone scored:           {final:.2f} s")
    return bad == 0 and check < 2.0


def _final_storage(raw: dict, result) -> dict:
    """The final-storage record of a game, written from its scored breakdown (for the baseline)."""
    players = []
    for p in result.players:
        stores = []
        for line in p.breakdown:
            if not line.label.startswith("card "):
                continue
            name, rest = line.label[5:].split(" (", 1)
            kind, held = rest.rstrip(")").split(", ")
            size = int(name.rstrip("abcdefghijklmnopqrstuvwxyz"))
            stores.append({"card": name, "nut": kind, "nuts": size if held == "full" else int(held.split()[0])})
        players.append({"name": p.name, "stores": stores})
    return {"game": "in-the-nuts", "players": players}


def bench_fair_verona(games: int, seed: int, runs: int = 3) -> bool:
    kit = load_kit("fair-verona", components=False)
    rng = random.Random(seed)
    t0 = time.perf_counter()
    raw = [verona_record(kit, rng, purpose=0.5, max_turns=120) for _ in range(games)]
    t1 = time.perf_counter()
    records = [convert(r, VeronaRecord) for r in raw]
    t2 = time.perf_counter()
    checks, cpus, results = [], [], []
    for _ in range(runs):
        a, c = time.perf_counter(), time.process_time()
        results = [load("fair-verona").score_record(r, kit) for r in records]
        checks.append(time.perf_counter() - a)
        cpus.append(time.process_time() - c)
    check = min(checks)
    names = ["Ann", "Ben", "Cat", "Dan"]
    a = time.perf_counter()
    for r in raw:
        for t in r["turns"]:
            entries(t, names)
    walk = time.perf_counter() - a
    enc = [convert({"game": "fair-verona", "encounters": [
        {"identity": "KH", "at": [1, 0], "card": "9D"}] * max(1, len(res.extra["encounters"]))}, VeronaRecord)
           for res in results]
    a = time.perf_counter()
    for e in enc:
        load("fair-verona").score_record(e, kit)
    alone = time.perf_counter() - a
    turns = sum(len(r["turns"]) for r in raw)
    actions = sum(len(entries(t, names)) for r in raw for t in r["turns"])
    bad = sum(not r.valid for r in results)
    ends = {o: sum(r.extra["outcome"] == o for r in results) for o in ("won", "lost", "unfinished")}
    print(f"fair-verona: {games} random legal games, {turns} turns, {actions} actions ({actions / games:.0f} a game); "
          f"{bad} with violations; {ends}")
    print(f"  generate (random legal player):                           {t1 - t0:.2f} s")
    print(f"  read records (msgspec, the notation checked):             {t2 - t1:.2f} s")
    print(f"  check and score {games} games, every rule:                 {check:.2f} s   (target < 2 s; "
          f"best of {runs}: {', '.join(f'{c:.2f}' for c in checks)} s; this process's CPU time "
          f"{', '.join(f'{c:.2f}' for c in cpus)} s)")
    print(f"  actions checked per second:                               {actions / check:,.0f}")
    print(f"  baseline, the logs' notation read, no rule:               {walk:.2f} s")
    print(f"  baseline, as many encounters checked alone:               {alone:.2f} s")
    return bad == 0 and check < 2.0


FF_TIMER = """
import glob, sys, time
from pnpkit.kitfile.source import load_file
from pnpkit.scorer import api
checks = []
for f in sorted(glob.glob(sys.argv[1] + "/*.yaml")):
    game, record, kit = api.read_record(load_file(f))
    checks.append((getattr(game, "score_record", None) or game.score, record, kit))  # (a module before issue 23)
c = time.process_time()
for check, record, kit in checks:
    check(record, kit)
print(time.process_time() - c)
"""
"""Check every record of a folder in this process, as `pnpkit check` does; print the CPU time. The
same text runs in either tree (read_record gave the game's module before the Game descriptor)."""


def bench_forest_fire(games: int, seed: int, against: str | None, runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([sys.executable, "-m", "pnpkit", "simulate", "forest-fire", "--games", str(games),
                        "--seed", str(seed), "--save", folder], check=True, capture_output=True)
        trees = {"this tree": sys.executable}
        if against:
            trees["--against"] = str(Path(against) / ".venv" / "bin" / "python")
        times: dict[str, list[float]] = {name: [] for name in trees}
        for _ in range(runs):               # paired: each run times every tree, one after the other
            for name, python in trees.items():
                out = subprocess.run([python, "-c", FF_TIMER, folder], check=True, capture_output=True, text=True)
                times[name].append(float(out.stdout))
    print(f"forest-fire: {games} simulated games (seed {seed}), check of them all in one process, CPU time, "
          f"median of {runs} paired runs:")
    for name, ts in times.items():
        print(f"  {name:10} {median(ts):.3f} s   ({', '.join(f'{t:.2f}' for t in ts)})")
    if against:
        print(f"  this tree / --against: {median(times['this tree']) / median(times['--against']):.3f}")


def bench_trim(games: int, seed: int) -> None:
    kit = load_kit("trim-the-tree")
    rng = random.Random(seed)
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    raw = [trim_sim.random_record(kit, rng, names[:1 + i % 5]) for i in range(games)]
    records = [convert(r, trim_record.Record) for r in raw]
    t0 = time.perf_counter()
    results = [load("trim-the-tree").score_record(r, kit) for r in records]
    t = time.perf_counter() - t0
    picks = sum(len(rd["picks"]) for r in raw for rd in r["rounds"])
    print(f"trim-the-tree: {games} random legal games (1-5 players), {picks} picks, "
          f"{sum(not r.valid for r in results)} with violations: checked in {t:.2f} s, {picks / t:,.0f} picks/s")


def _option(name: str, default: str | None) -> str | None:
    """`--name VALUE` taken out of sys.argv (the positional games and seed stay)."""
    if name not in sys.argv:
        return default
    i = sys.argv.index(name)
    value = sys.argv[i + 1]
    del sys.argv[i:i + 2]
    return value


if __name__ == "__main__":
    against, runs = _option("--against", None), int(_option("--runs", "5") or 5)
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2026
    ok = bench_chestnuts(n, seed)
    ok = bench_in_the_nuts(n, seed) and ok
    ok = bench_fair_verona(n, seed) and ok
    bench_trim(n // 5, seed)
    bench_forest_fire(max(1, (n * 3) // 5), seed, against, runs)
    print("targets met" if ok else "TARGETS MISSED")
    sys.exit(0 if ok else 1)
