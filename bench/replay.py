"""Replay speed: check 1,000 complete Chestnuts games played by random legal moves.

Targets (the issue): the 1,000 games checked in under 2 s, and at least 50,000 actions a second.
The games are generated first (not timed in the target) with the same legal-move list the checker
uses; then each record is read into its pydantic model (timed apart) and checked and scored with
`score(record, kit)`, the call the CLI makes. Trim the Tree's figures are printed for comparison.

    /work/venv/bin/python bench/replay.py [games] [seed]
"""
from __future__ import annotations

import random
import sys
import time

from kitfile import load_kit
from scorer.games import chestnuts, trim_the_tree


def bench_chestnuts(games: int, seed: int) -> bool:
    kit = load_kit("chestnuts")
    rng = random.Random(seed)
    t0 = time.perf_counter()
    raw = [chestnuts.random_record(kit, rng) for _ in range(games)]
    t1 = time.perf_counter()
    records = [chestnuts.Record.model_validate(r) for r in raw]
    t2 = time.perf_counter()
    results = [chestnuts.score(r, kit) for r in records]
    t3 = time.perf_counter()
    actions = sum(len(t["actions"]) for r in raw for t in r["turns"])
    turns = sum(len(r["turns"]) for r in raw)
    bad = sum(not r.valid for r in results)
    unfinished = sum(not r.finished for r in results)
    check = t3 - t2
    print(f"chestnuts: {games} random legal games, {turns} turns, {actions} actions "
          f"({actions / games:.0f} a game); {bad} with violations, {unfinished} unfinished")
    print(f"  generate (random legal player, legal_moves at every step): {t1 - t0:.2f} s")
    print(f"  read records (pydantic):                                  {t2 - t1:.2f} s")
    print(f"  check and score {games} games:                             {check:.2f} s   (target < 2 s)")
    print(f"  actions checked per second:                               {actions / check:,.0f}   (target >= 50,000)")
    print(f"  read + check per second:                                  {actions / (t3 - t1):,.0f}")
    return bad == 0 and check < 2.0 and actions / check >= 50_000


def bench_trim(games: int, seed: int) -> None:
    kit = load_kit("trim-the-tree")
    rng = random.Random(seed)
    names = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    raw = [trim_the_tree.random_record(kit, rng, names[:1 + i % 5]) for i in range(games)]
    records = [trim_the_tree.Record.model_validate(r) for r in raw]
    t0 = time.perf_counter()
    results = [trim_the_tree.score(r, kit) for r in records]
    t = time.perf_counter() - t0
    picks = sum(len(rd["picks"]) for r in raw for rd in r["rounds"])
    print(f"trim-the-tree: {games} random legal games (1-5 players), {picks} picks, "
          f"{sum(not r.valid for r in results)} with violations: checked in {t:.2f} s, {picks / t:,.0f} picks/s")


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2026
    ok = bench_chestnuts(n, seed)
    bench_trim(n // 5, seed)
    print("targets met" if ok else "TARGETS MISSED")
    sys.exit(0 if ok else 1)
