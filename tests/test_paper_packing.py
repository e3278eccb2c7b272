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


def test_unlike_pieces_share_a_page_side_by_side():
    # a tall narrow panel (NUTS' 5-6 player extension, 88 mm wide) leaves no row under it on
    # Letter, but 80 counters fit in the lane beside it: one page, not two
    paper = Paper.of("letter")
    imposed = impose(_pieces([(1, 88.0, 243.0, False), (80, 15.875, 15.875, False)]), paper)
    assert len(imposed.pages) == 1, {n: len(v) for n, v in _on_pages(imposed).items()}
    placed = imposed.pages[0].placed
    x0, y0, x1, y1 = paper.area
    assert all(x0 - 1e-6 <= p.x and p.x + p.w <= x1 + 1e-6 and y0 - 1e-6 <= p.y and p.y + p.h <= y1 + 1e-6 for p in placed)
    panel = next(p for p in placed if p.w == 88.0)
    counters = [p for p in placed if p is not panel]
    assert min(c.x for c in counters) >= panel.x + panel.w + 8.0 - 1e-6  # both grids' ticks between them
    xs = sorted({round(c.x, 3) for c in counters})
    assert all(abs(b - a - 15.875) < 1e-3 for a, b in zip(xs, xs[1:])), xs  # still one grid, edge to edge
    for a in placed:  # nothing overlaps
        for b in placed:
            assert a is b or a.x + a.w <= b.x + 1e-6 or b.x + b.w <= a.x + 1e-6 or a.y + a.h <= b.y + 1e-6 or b.y + b.h <= a.y + 1e-6


@pytest.mark.parametrize("kit, alone", [("nuts", "floor-extension"), ("forest-fire", "fires")])
def test_no_item_alone_on_a_letter_page_when_it_could_share(kit_build, kit, alone):
    # issue 25: on Letter, NUTS' 5-6 player panel had page 25 to itself and forest-fire's 48 Fires
    # a third of the last page; both now share a page with other pieces
    per_page = {}
    for e in kit_build(kit, "letter").manifest["pieces"]:
        per_page.setdefault(e["page"], set()).add(e["component"])
    assert all(v != {alone} for v in per_page.values()), {p: sorted(v) for p, v in per_page.items()}


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
