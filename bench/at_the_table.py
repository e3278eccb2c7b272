"""At the table: `pnpkit moves` and `pnpkit replay` on a 40-turn Chestnuts log (issue 12) and on a
whole 4-player In the Nuts! log that stops in its last turn (issue 14b).

A table asks in the moment, so what counts is the wall time of the command a person types, Python's
start included. Each command runs as a fresh process (`python -m pnpkit ...`), best of 5, paired in
the same run with the honest baseline, `pnpkit check` on the same record (a replay of the same log
without listing moves or drawing anything), and with `python -c pass` (the interpreter alone).
In-process times split `replay` into replaying the record with its steps, laying every step out on
the kit's board, and writing the page (SVG symbols, subset fonts) and a PNG.

Targets (this kit's, the issue gives none): `moves` under 1 s, `replay` under 3 s, as typed.

    .venv/bin/python bench/at_the_table.py [turns] [seed]
"""
from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from pnpkit.kitfile import load_kit
from pnpkit.scorer.games.chestnuts.moves import apply, legal_moves
from pnpkit.scorer.games.chestnuts.notation import text_of
from pnpkit.scorer.games.chestnuts.state import State, table


def forty_turns(turns: int, seed: int) -> dict:
    """A legal game of `turns` turns whose last turn stops half way (the table's now).

    Uniformly random play ends a game in about 19 turns (players eat and burn fast), so this
    player, choosing among the same legal moves, eats (c, i) only when nothing else is legal: the
    game lasts, as one between people who cook their chestnuts first does."""
    kit = load_kit("chestnuts")
    rng = random.Random(seed)
    s = State(table(kit.params))
    log: list[dict] = []
    while len(log) < turns and not s.over:
        roll = rng.randint(1, 6)
        s.start_turn(roll)
        actions: list[str] = []
        while not s.over:
            moves = legal_moves(s)
            if not moves:
                break
            mv = rng.choice([m for m in moves if m[0] not in "ci"] or moves)
            actions.append(text_of(s, mv))
            apply(s, mv)
        log.append({"roll": roll, "actions": actions})
    log[-1]["actions"] = log[-1]["actions"][: len(log[-1]["actions"]) // 2]
    return {"game": "chestnuts", "players": ["Ann", "Ben"], "turns": log}


def best(args: list[str], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(args, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return min(times)


def nuts_game(seed: int) -> dict:
    """A whole random legal 4-player In the Nuts! game, its last turn stopped after its first roll."""
    from pnpkit.scorer.games.in_the_nuts_random import random_record
    record = random_record(load_kit("in-the-nuts"), random.Random(seed))
    record.pop("end", None)
    record["turns"][-1] = {"rolls": record["turns"][-1]["rolls"][:1]}
    return record


def measure(title: str, record: dict, action: str) -> bool:
    folder = Path(tempfile.mkdtemp(prefix="pnpkit-bench-"))
    path = folder / "game.yaml"
    path.write_text(yaml.safe_dump(record, sort_keys=False))
    py = [sys.executable]
    print(f"{title}; best of 5 (replay: 3), as typed:")
    python = best(py + ["-c", "pass"])
    check = best(py + ["-m", "pnpkit", "check", str(path)])
    moves = best(py + ["-m", "pnpkit", "moves", str(path)])
    tried = best(py + ["-m", "pnpkit", "moves", str(path), "--try", action])
    replay = best(py + ["-m", "pnpkit", "replay", str(path), "--out", str(folder)], 3)
    png = best(py + ["-m", "pnpkit", "replay", str(path), "--out", str(folder), "--png", "last"], 3)
    print(f"  python alone (start-up):              {python:5.2f} s")
    print(f"  pnpkit check (baseline):              {check:5.2f} s")
    print(f"  pnpkit moves:                         {moves:5.2f} s   (target < 1 s)")
    print(f"  pnpkit moves --try {action!r}:{' ' * max(0, 16 - len(action))}{tried:5.2f} s   (target < 1 s)")
    print(f"  pnpkit replay:                        {replay:5.2f} s   (target < 3 s)")
    print(f"  pnpkit replay --png last:             {png:5.2f} s")

    from pnpkit.replay import page, replayed, step_png
    from pnpkit.scorer.api import read_record
    from pnpkit.kitfile.source import load_file
    source = load_file(path)
    game, rec, _ = read_record(source)
    kit = load_kit(game.id)
    t0 = time.perf_counter()
    table = game.table_of(rec, kit)
    listed = table.turn().legal
    t1 = time.perf_counter()
    rep = replayed(game, rec, kit, source)
    t2 = time.perf_counter()
    html = page(rep, "game.yaml")
    t3 = time.perf_counter()
    step_png(rep, len(rep.steps))
    t4 = time.perf_counter()
    print(f"  in process: moves {1000 * (t1 - t0):.0f} ms ({len(listed)} actions listed); replay: steps and layout "
          f"{1000 * (t2 - t1):.0f} ms ({len(rep.steps)} steps), page {1000 * (t3 - t2):.0f} ms "
          f"({len(html) // 1024} KB), PNG {1000 * (t4 - t3):.0f} ms")
    return moves < 1.0 and tried < 1.0 and replay < 3.0


def main(turns: int, seed: int) -> bool:
    record = forty_turns(turns, seed)
    actions = sum(len(t["actions"]) for t in record["turns"])
    ok = measure(f"a {len(record['turns'])}-turn Chestnuts log ({actions} actions), its last turn half played",
                 record, "e 1")
    nuts = nuts_game(seed)
    rolls = sum(len(t["rolls"]) + len(t.get("nuts") or []) for t in nuts["turns"])
    ok = measure(f"a {len(nuts['turns'])}-turn In the Nuts! log, 4 players ({rolls} rolls and nuts), its last turn "
                 f"one roll in", nuts, "roll > 7") and ok
    print("targets met" if ok else "TARGETS MISSED")
    return ok


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    s = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    sys.exit(0 if main(n, s) else 1)
