"""NUTS' factory numbers are kit data (kits/nuts.yaml `params.factory`, issue 27): the move log's
checker, `pnpkit moves` and the simulator read them, and a kit whose numbers disagree with the
boards and tiles that print them is refused on load at the params line, naming what is printed."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnpkit.cli import cli
from pnpkit.kitfile import load_kit
from pnpkit.kitfile.errors import SourceError
from pnpkit.scorer.games.nuts.factory import factory_of

KIT = Path(__file__).resolve().parents[2] / "kits" / "nuts.yaml"


def test_the_factory_is_the_printed_one_for_each_player_count():
    kit = load_kit("nuts", components=False)
    small, large = factory_of(kit, 4), factory_of(kit, 5)
    assert (small.columns, small.salters, len(small.cells)) == (12, (2, 7, 12), 17)
    assert (large.columns, large.salters, len(large.cells)) == (16, (2, 7, 12, 14), 23)
    assert small.dispensers[:5] == (0, 1, 2, 3, 0) and small.supply == {"Cross": 16, "Splitter/Joiner A": 6,
                                                                         "Splitter/Joiner B": 6}
    assert [small.move(t) for t in range(2, 11)] == ["stop"] * 4 + ["scamper"] + ["hunt"] * 4
    assert small.cost == {"plan": 1, "feed": 1, "refill": 1, "build": 1, "salt": 1, "repo": 2, "swap": 3}


MISMATCHES = [
    ("columns: 12, salters", "columns: 13, salters", "params.factory.floors[0].columns",
     "13 columns, but the board 'floor' (line {floor}) prints Dispensers 1, 2, 3"),
    ("salters: [2, 7, 12], printed", "salters: [2, 8, 12], printed", "params.factory.floors[0].salters",
     "Salters on 2, 8, 12, but the board 'floor' (line {floor}) marks their starting squares on 2, 7, 12"),
    ("count: 16, printed: cross-tiles", "count: 15, printed: cross-tiles", "params.factory.tiles[0].count",
     "15 Cross tiles, but the component 'cross-tiles' (line {cross}) prints 16"),
    ("conveyor: [1, 2, 1]", "conveyor: [1, 1, 1]", "params.factory.conveyor[1]",
     "conveyor row 2 from column 1: 6 cells with 12 columns; but the board 'floor' (line {floor}) prints 5"),
    ("conveyor: [1, 2, 1]", "conveyor: [1, 2, 1, 2]", "params.factory.conveyor[3]",
     "conveyor row 4 from column 2: 5 cells with 12 columns; but the board 'floor' (line {floor}) prints 0"),
    ("dispensers: [almond, cashew, peanut, pistachio]", "dispensers: [cashew, almond, peanut, pistachio]",
     "params.factory.dispensers", "Dispenser 1 holds cashew, but the board 'floor' (line {floor}) prints almond"),
    ("columns: 16, salters: [2, 7, 12, 14], printed: [floor, floor-extension]",
     "columns: 16, salters: [2, 7, 12, 14], printed: [floor]", "params.factory.floors[1].columns",
     "16 columns, but the board 'floor' (line {floor}) prints Dispensers 1, 2"),
    ("scamper: \"6\", hunt: 7-10", "scamper: \"6\", hunt: 8-10", "params.factory",
     "stop, scamper and hunt must share the totals 2-10"),
]


def _line(text: str, needle: str, whole: bool = False) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1)
                if (line.strip() == needle if whole else needle in line))


@pytest.mark.parametrize("old,new,field,words", MISMATCHES, ids=[m[2] + m[1][:12] for m in MISMATCHES])
def test_numbers_that_disagree_with_the_printed_board_are_refused_at_their_line(tmp_path, old, new, field, words):
    text = KIT.read_text(encoding="utf-8")
    assert old in text
    bad = text.replace(old, new, 1)
    path = tmp_path / "nuts.yaml"
    path.write_text(bad, encoding="utf-8")
    # a component's line is its `- kind:` line, the one before its name
    words = words.format(floor=_line(bad, "name: floor", True) - 1, cross=_line(bad, "name: cross-tiles", True) - 1)
    for components in (True, False):           # the generator's load and the scorer's
        with pytest.raises(SourceError) as e:
            load_kit(str(path), components=components)
        problem = e.value.problems[0]
        assert problem.field == field and words in problem.message, problem
        if field == "params.factory":           # a mapping's problem: at its first key
            assert problem.line == _line(bad, "factory:", True) + 1
        else:
            assert problem.line == _line(bad, new)


def test_a_kit_whose_order_cards_disagree_is_refused_and_the_cli_exits_2(tmp_path):
    text = KIT.read_text(encoding="utf-8").replace("{id: Almond, nut: almond, count: *orders}",
                                                   "{id: Almond, nut: almond, count: 11}")
    path = tmp_path / "nuts.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SourceError) as e:
        load_kit(str(path), components=False)
    assert e.value.problems[0].field == "params.orders_per_nut" and "prints 11 almond" in e.value.problems[0].message
    r = CliRunner().invoke(cli, ["build", str(path), "--out", str(tmp_path / "out")])
    assert r.exit_code == 2 and "nuts.yaml:" in r.output and "orders_per_nut" in r.output, r.output
    assert "Traceback" not in r.output


def test_components_written_wrong_are_a_message_on_the_scorers_load_never_a_traceback(tmp_path):
    """The scorer reads the head only (components unvalidated): the check reads them as strangers' data."""
    text = KIT.read_text(encoding="utf-8")
    head = text[:text.index("\ncomponents:")]
    for i, tail in enumerate(("\ncomponents: 5\n", "\ncomponents:\n  - {name: [1]}\n  - 7\n",
                 "\ncomponents:\n  - {kind: board, name: floor, grids: 5, regions: abc}\n",
                 "\ncomponents:\n  - {name: orders, deck: [{nut: almond, count: x}, 3]}\n")):
        path = tmp_path / f"nuts-{i}.yaml"          # a file each: the loader caches by path and mtime
        path.write_text(head + tail, encoding="utf-8")
        try:
            load_kit(str(path), components=False)        # components not a list: nothing to compare
        except SourceError as e:
            assert e.problems[0].field.startswith("params.factory"), e
        with pytest.raises(SourceError):
            load_kit(str(path))                          # the generator's load validates them
