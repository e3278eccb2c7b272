"""A saved final-sheet game opened again to correct it: each form's `fields_of` (record -> the
sheets' boxes) is the inverse of its `record` (boxes -> record), shown on the documented records."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from pnpkit.kitfile.head import load_head
from pnpkit.kitfile.forms import FormProblem, Value
from pnpkit.scorer import games


def form(game: str):
    return games.form(game, "sheets")


def end_form(game: str):
    return games.form(game, "end")

DOCS = Path(__file__).resolve().parents[2] / "docs" / "records"


def documented(game: str) -> list[dict]:
    """The final-sheet records of docs/records/GAME.md (a `players` list of sheets, no move log)."""
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    blocks = [yaml.safe_load(b) for b in re.findall(r"```yaml\n(.*?)```", text, re.S)]
    return [b for b in blocks if isinstance(b, dict) and b.get("players")
            and all(isinstance(p, dict) for p in b["players"])]


def typed(boxes: dict[str, str]) -> dict[str, Value]:
    return {k: Value(v, int(k[1:k.index(".")])) for k, v in boxes.items()}


def round_trip(game: str, data: dict) -> tuple[dict, dict]:
    """fields -> record -> fields: the boxes of `data`, the record they stand for, its boxes."""
    kit = load_head(game)
    f = form(game)
    boxes = f.fields_of(data, kit)
    again = f.record(typed(boxes), kit)
    return boxes, again, f.fields_of(again, kit)


def test_nuts_documented_sheets_round_trip():
    records = documented("nuts")
    assert len(records) >= 1
    for data in records:
        if any(not isinstance(b, str) for p in data["players"] for b in p.get("bonus", [])):
            with pytest.raises(FormProblem, match="written out"):
                form("nuts").fields_of(data, load_head("nuts"))
            data = {**data, "players": [p for p in data["players"] if all(isinstance(b, str) for b in p["bonus"])]}
        boxes, again, boxes_again = round_trip("nuts", data)
        assert boxes_again == boxes
        for before, after in zip(data["players"], again["players"]):
            assert after["name"] == before["name"]
            assert {k: v for k, v in after["sheet"].items() if v} == before["sheet"]
            assert (after["salt"], after["squirrel"]) == (before.get("salt", 0), before.get("squirrel", 0))
            assert after["goals"] == before.get("goals", []) and after["bonus"] == before["bonus"]


def test_in_the_nuts_documented_storage_cards_round_trip():
    records = documented("in-the-nuts")
    assert records
    for data in records:
        boxes, again, boxes_again = round_trip("in-the-nuts", data)
        assert boxes_again == boxes
        assert boxes["p1.card3.jokers"] == "acorn/hazelnut" or data["players"][0]["name"] != "Uwe"
        for before, after in zip(data["players"], again["players"]):
            def key(s):
                return (str(s["card"]), s["nut"], s.get("nuts", 0), tuple(s.get("jokers", [])))
            assert sorted(map(key, after["stores"])) == sorted(map(key, before["stores"]))


def test_a_move_log_is_not_opened_as_sheets():
    with pytest.raises(FormProblem, match="move log"):
        form("nuts").fields_of({"game": "nuts", "players": ["Ann", "Ben"], "rounds": []}, load_head("nuts"))
    with pytest.raises(FormProblem, match="move log"):
        form("in-the-nuts").fields_of({"game": "in-the-nuts", "players": ["Ann"], "turns": []}, load_head("in-the-nuts"))


def test_a_column_the_sheet_has_not_room_for_is_refused():
    data = {"game": "nuts", "players": [{"name": "Ann", "sheet": {"almond": 7}, "bonus": ["B01"]}]}
    with pytest.raises(FormProblem, match="6-row column"):
        form("nuts").fields_of(data, load_head("nuts"))


def test_a_chestnuts_end_position_round_trips():
    kit, f = load_head("chestnuts"), end_form("chestnuts")
    boxes = {"p1.name": "Ann", "p2.name": "Ben", "chair1.p1": "10", "chair1.p2": "1", "burnt.p1": "2",
             "basket.p1": "0", "burnt.p2": "1", "plate2.p2": "1", "fire.cooked.p2": "3", "basket.p2": "6"}
    data = f.record({k: Value(v, 0) for k, v in boxes.items()}, kit)
    assert f.fields_of(data, kit) == boxes
    with pytest.raises(FormProblem, match="end position"):
        f.fields_of({**data, "turns": [{"roll": 4}]}, kit)


def test_a_forest_fire_end_position_round_trips():
    kit, f = load_head("forest-fire"), end_form("forest-fire")
    boxes = {"p1.name": "Ann", "p1.role": "hotshot", "p1.at": "2 3", "p2.name": "Ben", "p2.role": "smoke-jumper",
             "p2.out": "x", "p3.name": "Cat", "p3.role": "pilot", "sq.4.4": "F", "sq.2.2": "3", "sq.6.1": "1"}
    data = f.record({k: Value(v, 0) for k, v in boxes.items()}, kit)
    assert f.fields_of(data, kit) == boxes
    with pytest.raises(FormProblem, match="end position"):
        f.fields_of({**data, "rounds": [{"moves": {}}]}, kit)
    with pytest.raises(FormProblem, match="end position"):
        f.fields_of({**data, "start": {**data["start"], "round": 3}}, kit)


def test_a_trim_the_tree_end_position_round_trips():
    kit, f = load_head("trim-the-tree"), end_form("trim-the-tree")
    boxes = {"p1.name": "Ann", "p1.score": "7", "p1.A1": "red box", "p1.B1": "blue bell",
             "p2.name": "Ben", "p2.C1": "red bulb", "p2.D1": "yellow candle"}
    data = f.record({k: Value(v, 0) for k, v in boxes.items()}, kit)
    assert f.fields_of(data, kit) == boxes
    with pytest.raises(FormProblem, match="end position"):
        f.fields_of({**data, "rounds": [{"box": []}]}, kit)


def test_a_sheet_filled_in_without_a_name_is_refused_at_the_name():
    with pytest.raises(FormProblem, match=r"page 2, p2.name: write the player's name: this page has p2.salt filled in"):
        form("nuts").record(typed({"p1.name": "Ann", "p1.bonus": "B01", "p2.salt": "3"}), load_head("nuts"))
    with pytest.raises(FormProblem, match=r"p2.name: write the player's name: their column has p2.card3.nut filled in"):
        form("in-the-nuts").record(typed({"p1.name": "Uwe", "p2.card3.nut": "acorn"}), load_head("in-the-nuts"))


@pytest.mark.parametrize("game", games.GAMES)
def test_each_form_is_the_kind_its_descriptor_says(game):
    """A game's form.py gives every name of its kind (kitfile/forms: SheetForm for a game scored
    from its final sheets, EndForm for a move log scored from its end position)."""
    from pnpkit.kitfile.forms import EndForm, SheetForm
    described = games.load(game)
    if described.form is None:
        assert described.form_kind is None
        return
    kind = SheetForm if described.form_kind == "sheets" else EndForm
    wanted = set(kind.__annotations__) | {n for n, v in vars(kind).items() if callable(v) and not n.startswith("_")}
    module = described.part("form")
    assert not [n for n in wanted if not hasattr(module, n)], (game, kind.__name__)
