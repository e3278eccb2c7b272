"""NUTS move logs checked and scored (issue 27): 1,000 random legal games, 2 to 6 players in turn,
played by the simulator's random player (Plan and Refill included), then each record read into its
msgspec model and checked and scored with `score(record, kit)` (the call `pnpkit check` makes: the
replay, action by action, then the final-sheet scorer on the end position), in this one process.

Every game must replay clean, and its end position score exactly as the simulator's own sheets do.
The generation is timed apart (it is the simulator's cost, not the checker's). On a shared machine
the CPU time this process spent checking is the figure to compare; the wall time is printed beside it.

    .venv/bin/python bench/nuts_games.py [games] [seed]
"""
from __future__ import annotations

import random
import sys
import time

from pnpkit.kitfile import load_kit
from pnpkit.kitfile.source import as_model
from pnpkit.scorer.games.nuts import sim
from pnpkit.scorer.games.nuts.record import Record
from pnpkit.scorer.games.nuts import GAME

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def generate(kit, games: int, seed: int) -> list[tuple[dict, tuple[int, ...]]]:
    """`games` random legal games (2-6 players in turn), each with the scores its simulator gave."""
    out = []
    for g in range(games):
        chance, choices = random.Random(seed * 1_000_003 + g), random.Random(seed * 1_000_033 + g)
        m = sim.new(kit, NAMES[:2 + g % 5], None, chance)
        while m.to_move() is not None:
            m.play(m.sample(choices))
        out.append((m.record(), m.summary().scores))
    return out


def main(games: int = 1000, seed: int = 1) -> bool:
    kit = load_kit("nuts", components=False)
    t0 = time.perf_counter()
    raw = generate(kit, games, seed)
    t1 = time.perf_counter()
    records = [as_model(Record, r) for r, _ in raw]
    t2, c2 = time.perf_counter(), time.process_time()
    results = [GAME.score_record(r, kit) for r in records]
    t3, c3 = time.perf_counter(), time.process_time()
    actions = sum(len(t["do"]) + 1 for r, _ in raw for rnd in r["rounds"] for t in rnd["turns"] if t != "pass")
    passes = sum(t == "pass" for r, _ in raw for rnd in r["rounds"] for t in rnd["turns"])
    rounds = sum(len(r["rounds"]) for r, _ in raw)
    bad = sum(not r.valid for r in results)
    unfinished = sum(not r.finished for r in results)
    differ = sum(tuple(p.total for p in r.players) != scores for r, (_, scores) in zip(results, raw))
    check = t3 - t2
    print(f"nuts: {games} random legal games (2-6 players), {rounds} rounds, {actions} actions and runs, "
          f"{passes} passes; {bad} with violations, {unfinished} unfinished, {differ} scored unlike the simulator")
    print(f"  generate (random legal player):   {t1 - t0:.2f} s")
    print(f"  read records (msgspec):           {t2 - t1:.2f} s")
    print(f"  check and score {games} games:     {check:.2f} s   ({1000 * check / games:.2f} ms a game, "
          f"{(actions + passes) / check:,.0f} moves a second); {c3 - c2:.2f} s of this process's CPU "
          "(the figure on a shared machine)")
    return bad == 0 and differ == 0


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    sys.exit(0 if main(*args) else 1)
