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
    assert m["pages"] == 13  # the cover and its back, then the pieces (issue 38: one sheet without pieces)


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


@pytest.mark.parametrize("panel, pages, columns", [(150.0, 1, 2), (160.0, 2, 0), (100.0, 1, 2)])
def test_pieces_go_beside_a_grid_only_as_a_block_two_wide(panel, pages, columns):
    # Letter: beside a 150 mm panel, 12 counters fit two across (a block two wide, six tall);
    # beside a 160 mm one, a single column only: they keep their own page. Beside a 100 mm panel
    # four counters could stand in one row, but go two by two
    n = 4 if panel == 100.0 else 12
    imposed = impose(_pieces([(1, panel, 243.0, False), (n, 15.875, 15.875, False)]), Paper.of("letter"))
    assert len(imposed.pages) == pages
    counters = [p for p in imposed.pages[0].placed if p.w < 20]
    assert len({round(c.x, 3) for c in counters}) == columns
    if panel == 100.0:
        assert len({round(c.y, 3) for c in counters}) == 2


def _components_on_pages(manifest):
    per_page = {}
    for e in manifest["pieces"]:
        per_page.setdefault(e["page"], {}).setdefault(e["component"], []).append(e)
    return per_page


@pytest.mark.parametrize("kit, kind", [("forest-fire", "fires"), ("nuts", "actions")])
def test_a_kind_moved_beside_other_grids_stays_on_one_page(kit_build, kit, kind):
    # the lead, on issue 25's side-by-side packing: forest-fire's 48 Fires went into one-wide
    # lanes over 5 Letter pages (cuts 68 -> 109 to save a page) and NUTS' 36 Action tokens over 3.
    # A person cutting wants few cuts and a kind together: the Fires keep their own page (a grid
    # of 48 that no room beside or under other grids holds whole), and each kind is on one page
    pages = [p for p, kinds in _components_on_pages(kit_build(kit, "letter").manifest).items() if kind in kinds]
    assert len(pages) == 1, pages


def _lanes_one_wide(manifest):
    """(page, component) whose pieces on a page (two or more) stand in one column with another
    component's piece beside that column: a lane one piece wide beside other grids."""
    found = []
    for page, kinds in _components_on_pages(manifest).items():
        for name, mine in kinds.items():
            if len(mine) < 2 or len({round(e["x_mm"], 1) for e in mine}) > 1:
                continue
            top, foot = min(e["y_mm"] for e in mine), max(e["y_mm"] + e["h_mm"] for e in mine)
            x0, x1 = mine[0]["x_mm"], mine[0]["x_mm"] + mine[0]["w_mm"]
            if any(e["y_mm"] < foot and e["y_mm"] + e["h_mm"] > top and (e["x_mm"] >= x1 or e["x_mm"] + e["w_mm"] <= x0)
                   for other, theirs in kinds.items() if other != name for e in theirs):
                found.append((page, name))
    return found


@pytest.mark.parametrize("paper", ("a4", "letter"))
@pytest.mark.parametrize("kit", ("chestnuts", "fair-verona", "forest-fire", "in-the-nuts", "nuts", "trim-the-tree"))
def test_no_kind_goes_beside_other_grids_one_piece_wide(kit_build, kit, paper):
    # a column of single pieces beside another grid costs two cuts a piece: a kind put beside
    # other grids goes as a block at least two pieces wide (and two tall when it has four)
    assert not _lanes_one_wide(kit_build(kit, paper).manifest)


def test_the_lane_check_sees_a_one_wide_lane():
    # the check above on a page laid out as the old packing did forest-fire's Fires: a column of
    # 20 mm pieces beside a grid of cards
    cards = [{"page": 1, "component": "cards", "x_mm": 10 + 80 * i, "y_mm": 10, "w_mm": 80, "h_mm": 120} for i in range(2)]
    lane = [{"page": 1, "component": "fires", "x_mm": 180, "y_mm": 10 + 20 * k, "w_mm": 20, "h_mm": 20} for k in range(6)]
    assert _lanes_one_wide({"pieces": cards + lane}) == [(1, "fires")]
    block = [dict(e, x_mm=e["x_mm"] + 20 * (k % 2), y_mm=10 + 20 * (k // 2)) for k, e in enumerate(lane)]
    assert _lanes_one_wide({"pieces": cards + block}) == []


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
