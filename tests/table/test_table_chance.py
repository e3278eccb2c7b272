"""`Table.chance` (scorer/game.py): what the dice or the draw gave, written where the table waits
for it, as the web table enters it; refused where nothing of chance is due or it is unreadable."""
from __future__ import annotations

import pytest
import yaml

from pnpkit.kitfile.source import parse
from pnpkit.scorer import api

FOREST = """\
game: forest-fire
players:
  - {name: Ann, role: hotshot, start: [0, 1]}
  - {name: Ben, role: hotshot, start: [7, 6]}
setup:
  fires: [[1, 1], [1, 1], [6, 6], [6, 6]]
rounds:
  - moves: {Ann: [extinguish 1 1], Ben: [move N]}
"""


def table(data: dict):
    game, record, kit = api.read_record(parse(yaml.safe_dump(data, sort_keys=False), "r"))
    return game.table_of(record, kit)


def test_forest_fire_takes_the_rounds_fire_rolls_once_the_last_player_may_stop():
    data = yaml.safe_load(FOREST)
    # Ben stands on burning 6 6: he goes out at the end of the moves, so one roll is due, Ann's (F4)
    with pytest.raises(ValueError, match="one fire roll for each player still in play after the moves: 1"):
        table(data).chance(data, "2 2, 3 3")
    assert table(data).turn().dice.rolls == 1
    out = table(data).chance(data, "2 2")
    assert table(out).violations == [] and table(out).turn().turn.startswith("round 2, Ann")
    with pytest.raises(ValueError, match="down across"):
        table(data).chance(data, "2 2, three")
    moved = table(data).extend(data, "Ben: move S")
    assert "fire rolls" in table(moved).turn().waiting
    rolled = table(moved).chance(moved, "2 2, 3 3")
    assert rolled["rounds"] == [{"moves": {"Ann": ["extinguish 1 1"], "Ben": ["move N", "move S"]},
                                 "fires": [[2, 2], [3, 3]]}]
    after = table(rolled)
    assert after.turn().turn.startswith("round 2, Ann") and after.violations == []
    with pytest.raises(ValueError, match="no fire roll is due"):
        after.chance(rolled, "1 1, 1 1")


def test_chestnuts_takes_a_roll_only_when_the_turn_may_end():
    data = {"game": "chestnuts", "players": ["Ann", "Ben"]}
    rolled = table(data).chance(data, "5")
    assert rolled["turns"] == [{"roll": 5, "actions": []}]
    with pytest.raises(ValueError, match="may not end yet: .*Flame"):
        table(rolled).chance(rolled, "3")
    with pytest.raises(ValueError, match="1 to 6"):
        table(data).chance(data, "0")


def test_in_the_nuts_writes_chance_as_its_notation_does():
    data = {"game": "in-the-nuts", "players": ["Ann", "Ben"],
            "setup": {"nuts": ["beechnut", "acorn", "walnut/acorn"], "first": {}}}
    t = table(data)
    assert "face up" in t.turn().waiting
    assert t.chance(data, "hazelnut")["setup"]["nuts"] == ["beechnut", "acorn", "walnut/acorn", "hazelnut"]
