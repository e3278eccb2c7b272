"""`pnpkit serve`'s figures against issue 26's targets: a page or an action in under 100 ms of server
time, and the statistics over 10,000 saved games in under 200 ms.

    python bench/serve.py [--games 10000]

The history is filled with real scored NUTS records (one scored record saved many times over, with
players and days varied), then each route is timed through Starlette's test client (no network),
median of 20; the statistics query alone is timed too.
"""
from __future__ import annotations

import argparse
import re
import statistics
import tempfile
import time
from pathlib import Path

from starlette.testclient import TestClient

from pnpkit.scorer import api
from pnpkit.serve.app import Settings, create_app

RECORD = """game: nuts
players:
  - name: {a}
    sheet: {{almond: 3, cashew: 2, peanut: 4, pistachio: 2}}
    salt: 3
    goals: [salty-mama]
    bonus: [B07]
  - name: {b}
    sheet: {{almond: {n}, cashew: 1, peanut: 1, pistachio: 1}}
    bonus: [B01]
"""
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def timed(f, n: int = 20) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def forest_fire(c: TestClient, token: str) -> tuple[str, dict]:
    """A Forest Fire game begun at the table and tapped for a few rounds: (its record as the page
    sends it, the table's answer there)."""
    import json
    answers = {"players.0.role": "hotshot", "players.0.start": "0 3", "players.1.role": "smoke-jumper",
               "players.1.start": "5 0", "players.2.role": "pilot", "setup.firebreaks": "2 5",
               "setup.fires": "1 3, 1 4, 4 4, 4 4, 5 1, 6 6"}
    page = c.get("/table", params={"game": "forest-fire", "player": ["Ann", "Ben", "Cat"], "begun": "1", **answers}).text
    record = re.search(r'id="record" value="([^"]+)"', page)[1].replace("&#34;", '"').replace("&quot;", '"')
    view = c.post("/table/view", data={"token": token, "record": record}).json()
    for _ in range(12):   # the first move offered, or the fire rolls on the Firebreak
        fields = {"action": view["legal"][-1]["text"]} if view["legal"] else \
            {"chance": ", ".join(["2 5"] * view["dice"]["rolls"])}
        view = c.post("/table/tap", data={"token": token, "record": record, **fields}).json()
        record = json.dumps(view["record"])
    return record, view


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10_000)
    games = ap.parse_args().games
    folder = Path(tempfile.mkdtemp())
    with TestClient(create_app(Settings(folder))) as c:
        store = c.app.state.store
        results = {}
        started = time.perf_counter()
        for k in range(games):
            a, b, n = NAMES[k % 6], NAMES[(k + 1 + k // 6) % 6] if NAMES[(k + 1 + k // 6) % 6] != NAMES[k % 6] else "Gus", k % 6
            text = RECORD.format(a=a, b=b, n=n)
            key = (a, b, n)
            if key not in results:
                results[key] = api.score_text(text)
            store.save(text, results[key], played=f"2026-{1 + k % 12:02d}-{1 + k % 28:02d}")
        print(f"filled {games:,} games in {time.perf_counter() - started:.1f} s")
        token = re.search(r'name="token" value="([^"]+)"', c.get("/sheet/nuts").text)[1]
        form = {"token": token, "p0.name": "Ann", "p0.almond": "3", "p0.cashew": "2", "p0.peanut": "4",
                "p0.pistachio": "2", "p0.bonus": "B07", "p1.name": "Ben", "p1.almond": "1"}
        record, view = forest_fire(c, token)
        tap = {"token": token, "record": record, "action": view["legal"][0]["text"]}
        rows = [
            ("statistics query (player and game)", lambda: (store.player_stats(), store.game_stats()), 200),
            ("GET /stats", lambda: c.get("/stats"), 200),
            ("GET /", lambda: c.get("/"), 100),
            ("GET /history", lambda: c.get("/history"), 100),
            ("GET /sheet/nuts", lambda: c.get("/sheet/nuts"), 100),
            ("POST /sheet/nuts/score (a keystroke)", lambda: c.post("/sheet/nuts/score", data=form), 100),
            ("GET /rules (a question)", lambda: c.get("/rules", params={"game": "nuts", "q": "tie breaker"}), 100),
            (f"POST /table/tap (Forest Fire, {view['turn'][:8]})", lambda: c.post("/table/tap", data=tap), 100),
        ]
        print(f"{'':44}{'median ms':>10}  target")
        for label, f, target in rows:
            ms = timed(f)
            print(f"{label:44}{ms:10.1f}  < {target} ms {'ok' if ms < target else 'OVER'}")


if __name__ == "__main__":
    main()
