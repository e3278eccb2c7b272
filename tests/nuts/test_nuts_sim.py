"""The NUTS simulator's players (issue 27): random and greedy, 2-6 players, play Plan and Refill with
the cards chance gives them where the rules allow, and every game they play replays clean by the
rules, its sheets scored as the simulator's own summary says."""
from __future__ import annotations

import random
from collections import Counter

import pytest
import yaml

from pnpkit.kitfile import load_kit
from pnpkit.scorer.api import score_text
from pnpkit.scorer.games.nuts import sim
from pnpkit.scorer.sim.players import choose

KIT = load_kit("nuts", components=False)
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def _play(kind: str, players: int, seed: int) -> tuple[dict, Counter, object]:
    chance, choices = random.Random(seed), random.Random(seed + 1000)
    m = sim.new(KIT, NAMES[:players], None, chance)
    while (seat := m.to_move()) is not None:
        m.play(choose(kind, m, seat, choices))
    record = m.record()
    verbs = Counter(a.split()[0] for r in record["rounds"] for t in r["turns"] if t != "pass" for a in t["do"])
    return record, verbs, m.summary()


@pytest.mark.parametrize("kind,players,games", [("random", 2, 3), ("random", 3, 2), ("random", 4, 2),
                                                ("random", 5, 2), ("random", 6, 2), ("greedy", 2, 2),
                                                ("greedy", 4, 1)])
def test_simulated_players_plan_and_refill_and_every_game_replays_clean(kind, players, games):
    seen: Counter = Counter()
    for seed in range(games):
        record, verbs, summary = _play(kind, players, seed)
        seen += verbs
        r = score_text(yaml.safe_dump(record, sort_keys=False), "nuts.yaml")
        assert r.violations == [], r.violations[:3]
        assert tuple(p.total for p in r.players) == summary.scores and r.finished == summary.finished
    assert seen["plan"] > 0, seen
    if kind == "random":
        assert seen["refill"] > 0, seen
