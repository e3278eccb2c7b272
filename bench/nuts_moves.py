"""NUTS' legal-move list (`moves.legal_moves`): the CPU a listing costs at every decision of N random
games (2-6 players in turn, the simulator's random player), paired against another checkout, and a
differential: every position's legal moves, and `why_illegal`'s verdict (rule id, quote, message)
of every candidate with the legal ones' words, hashed, must be byte-identical in both.

The list is what `pnpkit moves`, the tapped board of `pnpkit serve` and the dead-end look-ahead
(`AtTable.dead_ends`) ask for; before this bench it cost ~2.5 ms a position (most of it U12 at the
last token: the state copied and each configuring candidate played on the copy).

    .venv/bin/python bench/nuts_moves.py [--games 200] [--seed 1] [--rounds 3] [--against /work/wt/integ5]

`--against DIR` runs this same script with DIR's `.venv/bin/python` (an editable install of DIR's
code), alternating with this checkout's, `--rounds` times each; each run prints its CPU seconds
(process time, listings only) and the digest. Target: the digests equal, the listing faster.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def positions(games: int, seed: int) -> list:
    """Every decision of `games` random games (each state copied before its move is played)."""
    from pnpkit.kitfile import load_kit
    from pnpkit.scorer.games.nuts import sim
    kit = load_kit("nuts", components=False)
    out = []
    for g in range(games):
        chance, choices = random.Random(seed * 1_000_003 + g), random.Random(seed * 1_000_033 + g)
        m = sim.new(kit, NAMES[:2 + g % 5], None, chance)
        while m.to_move() is not None:
            out.append(m.s.copy())
            m.play(m.sample(choices))
    return out


def digest(states: list) -> str:
    """Hash of each position's legal list and every candidate's verdict (and the drawn actions')."""
    from pnpkit.scorer.games.nuts import moves
    h = hashlib.sha256()
    for s in states:
        legal = moves.legal_moves(s)
        h.update(("L " + " | ".join(f"{moves.write(s, a)} = {moves.words(s, a)} @ {moves.places(s, a)}"
                                    for a in legal) + "\n").encode())
        for a in moves.candidates(s):
            why = moves.why_illegal(s, a)
            h.update((f"{moves.write(s, a)}: " + ("legal" if why is None else
                      f"{why.rule.id} | {why.rule.quote} | {why.message} | {why.part}") + "\n").encode())
        for verb in ("plan", "refill"):
            why = moves.why_drawn(s, verb)
            h.update((f"{verb}: {None if why is None else (why.rule.id, why.message)}\n").encode())
    return h.hexdigest()


def worker(games: int, seed: int, check: bool) -> dict:
    from pnpkit.scorer.games.nuts import moves
    states = positions(games, seed)
    c0 = time.process_time()
    listed = sum(len(moves.legal_moves(s)) for s in states)
    cpu = time.process_time() - c0
    out = {"positions": len(states), "listed": listed, "cpu": cpu}
    if check:
        out["digest"] = digest(states)
    return out


def run(python: str, games: int, seed: int, check: bool, cwd: str | None = None) -> dict:
    cmd = [python, str(Path(__file__).resolve()), "--worker", "--games", str(games), "--seed", str(seed)]
    got = subprocess.run(cmd + (["--check"] if check else []), capture_output=True, text=True, check=True, cwd=cwd)
    return json.loads(got.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="random games (every decision of each is listed)")
    ap.add_argument("--seed", type=int, default=1, help="the games' seed")
    ap.add_argument("--rounds", type=int, default=3, help="paired runs of each checkout")
    ap.add_argument("--against", help="another checkout with a .venv (e.g. main's code) to pair against")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--check", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        print(json.dumps(worker(a.games, a.seed, a.check)))
        return
    sides = {"this": sys.executable}
    if a.against:
        sides["against"] = str(Path(a.against) / ".venv" / "bin" / "python")
    cpu: dict[str, list[float]] = {k: [] for k in sides}
    digests: dict[str, str] = {}
    for r in range(a.rounds):
        for k, py in sides.items():
            got = run(py, a.games, a.seed, check=r == 0)
            cpu[k].append(got["cpu"])
            digests.setdefault(k, got.get("digest", ""))
            n = got["positions"]
            print(f"  round {r + 1} {k:8s} {n} positions, {got['listed']} legal moves: {got['cpu']:.2f} s CPU "
                  f"({1e6 * got['cpu'] / n:,.0f} us a listing)", flush=True)
    print(f"nuts legal_moves at every decision of {a.games} random games (seed {a.seed}), median of {a.rounds}:")
    for k in sides:
        med = statistics.median(cpu[k])
        print(f"  {k:8s} {1e6 * med / n:8,.0f} us CPU a listing, {n / med:8,.0f} listings a second; digest {digests[k][:16]}")
    if a.against:
        print(f"  speed-up {statistics.median(cpu['against']) / statistics.median(cpu['this']):.1f}x; "
              f"lists and verdicts {'IDENTICAL' if digests['this'] == digests['against'] else 'DIFFER'}")
        if digests["this"] != digests["against"]:
            sys.exit(1)


if __name__ == "__main__":
    main()
