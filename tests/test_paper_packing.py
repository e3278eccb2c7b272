"""A run does not end on a page holding a few pieces alone when they fit in the room its other
pages leave (issue 25, "half-empty sheets"): forest-fire's A4 build ended on a page of 3 Fires."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnpkit.cli import cli
from pnpkit.generator.impose import impose
from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Rect, Style
from pnpkit.generator.sheets import Paper

ART = (Rect(0, 0, 10, 10, Style(fill="#336699")),)


def _pieces(spec):
    """(count, w, h, double-sided) groups, in the kit's order."""
    out = []
    for group, (n, w, h, two) in enumerate(spec):
        out += [Piece(f"c{group}", "card", f"Piece {group}.{i}", w, h, ART, ART if two else None) for i in range(n)]
    return out


def _on_pages(imposed):
    pages = {}
    for n, page in enumerate(imposed.pages, 1):
        for p in page.placed:
            if p.side == "front":
                pages.setdefault(n, []).append(p.piece.name)
    return pages


def test_the_last_few_pieces_of_a_run_go_where_there_is_room():
    # six sheets of double-sided cards that leave a strip under them, a single-sided board, then
    # counters enough for the strips the packer looks at and the room under the board and a row
    # more: that row goes into a strip left, not onto a page of its own
    paper = Paper.of("a4")
    spec = [(24, 80.0, 120.0, True), (1, 180.0, 200.0, False), (60, 22.0, 22.0, False)]
    imposed = impose(_pieces(spec), paper)
    pages = _on_pages(imposed)
    assert sum(len(v) for v in pages.values()) == 85
    # the six sheets' strips (8 counters each) and the board's page hold the 60: the single-sided
    # run is the board's page alone (it used to end on a page of 20 counters)
    assert len(imposed.pages) == imposed.double_run + 1 == 13, {n: len(v) for n, v in pages.items()}


def test_the_double_sided_run_keeps_each_back_behind_its_front_when_packed():
    paper = Paper.of("a4")
    imposed = impose(_pieces([(8, 80.0, 120.0, True), (40, 22.0, 22.0, True), (3, 22.0, 22.0, True)]), paper)
    for k in range(0, imposed.double_run, 2):
        front, back = imposed.pages[k], imposed.pages[k + 1]
        assert back.back_of is front
        assert sorted(p.piece.name for p in front.placed) == sorted(p.piece.name for p in back.placed)


def test_forest_fire_ends_on_no_page_of_three_fires(kit_build):
    m = kit_build("forest-fire", "a4").manifest
    per_page = {}
    for e in m["pieces"]:
        per_page.setdefault(e["page"], []).append(e["component"])
    assert all(len(v) > 3 for v in per_page.values()), {p: len(v) for p, v in per_page.items()}
    assert m["pages"] == 15


@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_manual_duplex_stack_keeps_each_back_behind_its_front(tmp_path, paper):
    """`--face fronts`, the stack put back, `--face backs`: the k-th back lands on the k-th sheet
    of fronts, and that is its own front; the single-sided run's sheets come last among the
    fronts, behind every sheet that gets a back, so they leave the printer blank on their backs."""
    got = {}
    for face in ("fronts", "backs"):
        r = CliRunner().invoke(cli, ["build", "forest-fire", "--paper", paper, "--face", face, "--out", str(tmp_path)])
        assert r.exit_code == 0, r.output
        got[face] = json.loads((tmp_path / "forest-fire" / f"manifest-{paper}-{face}.json").read_text())
    fronts, backs = got["fronts"]["printed_pages"], got["backs"]["printed_pages"]
    assert len(backs) < len(fronts) and set(fronts).isdisjoint(backs)
    two = [e for e in got["fronts"]["pieces"] if e["back"]]
    assert two
    for e in two:
        assert fronts.index(e["page"]) == backs.index(e["back"]["page"]), e["name"]
    beyond = set(fronts[len(backs):])
    assert beyond and not any(e["page"] in beyond for e in two)
