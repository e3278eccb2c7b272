"""NUTS kit in print: what is printed is what the scorer reads (kits/nuts.yaml params), the tiles
fit the board's conveyor cells exactly, and every piece sits inside the margins on A4 and Letter."""
from __future__ import annotations

import re
from collections import defaultdict
from functools import cache

import pytest
from pypdf import PdfReader

from pdf_text import page_text
from pnpkit.kitfile.model import load_kit

PAPERS = ("a4", "letter")
MARGIN = 6.35


@pytest.fixture(scope="module")
def built(kit_build):
    """paper -> (manifest, kit PDF, fillable PDF), built through the CLI."""
    return {paper: (b.manifest, b.pdf, b.fillable) for paper in PAPERS for b in [kit_build("nuts", paper)]}


@pytest.fixture(scope="module")
def kit():
    return load_kit("nuts")


def _by_component(manifest) -> dict[str, list[dict]]:
    by = defaultdict(list)
    for p in manifest["pieces"]:
        by[p["component"]].append(p)
    return by


@cache
def _page_text(pdf, n: int) -> str:
    return " ".join(page_text(pdf, n).split()) if n else ""


def _text(pdf, manifest, component: str) -> str:
    pages = sorted({n for p in manifest["pieces"] if p["component"] == component
                    for n in (p["page"], p["back"]["page"] if p["back"] else p["page"])})
    return " ".join(_page_text(pdf, n) for n in pages)


def _component(kit, name):
    return next(c for c in kit.components if c.name == name)


@pytest.mark.parametrize("paper", PAPERS)
def test_counts_follow_the_params_and_the_rulebook(built, kit, paper):
    params = kit.params
    by = _by_component(built[paper][0])
    assert len(by["cross-tiles"]) >= 12 and len(by["splitter-tiles"]) + len(by["splitter-tiles-b"]) >= 12
    assert len(by["bonus"]) == len(params.bonus) == 24
    assert len(by["goals"]) == sum(g.copies for g in params.goals) == 2
    assert len(by["orders"]) == params.orders_per_nut * len(params.columns)
    for nut in params.columns:  # one Dispenser marker per column of that nut with 16 columns
        assert len(by[nut + "s"]) == 16 // len(params.columns)
    assert len(by["salters"]) == 4  # columns 2, 7, 12 and 14
    for one in ("squirrel", "roaster", "first-player", "hunger", "tracker"):
        assert len(by[one]) == 1
    assert len(by["robots"]) == 16  # one Box Robot per Order slot
    assert len(by["undo"]) >= 8 and len(by["run"]) >= 8 and len(by["actions"]) >= 18
    # every bonus card of the deck, by its id
    assert sorted(re.search(r"B\d\d", p["name"])[0] for p in by["bonus"]) == sorted(c.id for c in params.bonus)


def test_tiles_are_one_conveyor_cell(built, kit):
    """The cell is one param: the tiles' size, the conveyor grids' cell, two columns wide, and the
    conveyor cells sit over whole columns, so a tile's belts (at its quarter points) lie on theirs."""
    cell, column = kit.params.cell, kit.params.column
    assert cell == pytest.approx(40.0) and cell == pytest.approx(2 * column)
    for name in ("cross-tiles", "splitter-tiles"):
        assert _component(kit, name).size == (cell, cell)
        for p in _by_component(built["a4"][0])[name]:
            assert (p["w_mm"], p["h_mm"]) == (pytest.approx(cell, abs=0.01), pytest.approx(cell, abs=0.01))
    for board in ("floor", "floor-extension"):
        b = _component(kit, board)
        dispensers = sorted((g for g in b.grids if g.name.startswith("dispenser-")), key=lambda g: g.at[0])
        left = dispensers[0].at[0]
        assert all(g.cell == column for g in dispensers)
        conveyors = [g for g in b.grids if g.name.startswith("conveyor-")]
        assert len(conveyors) >= 3
        for g in conveyors:
            assert g.cell == cell
            assert (g.at[0] - left) / column == pytest.approx(round((g.at[0] - left) / column))
        # the rows alternate: cells over columns 1-2, 3-4 ... then 2-3, 4-5 ...
        offsets = [round((g.at[0] - left) / column) % 2 for g in sorted(conveyors, key=lambda g: g.at[1])]
        assert offsets == [i % 2 for i in range(len(conveyors))]


def test_board_twelve_columns_and_four_extra(built, kit):
    floor, extension = _component(kit, "floor"), _component(kit, "floor-extension")
    labels = lambda b: [lab for g in sorted(b.grids, key=lambda g: g.at[0]) if g.name.startswith("dispenser-")
                        for lab in g.col_labels]
    assert labels(floor) == [str(c) for c in range(1, 13)]
    assert labels(extension) == [str(c) for c in range(13, 17)]
    for b in (floor, extension):
        names = {g.name for g in b.grids} | {r.name for r in b.regions}
        assert {"salters", "squirrel-row"} <= names
        assert sum(1 for n in names if n.startswith("order-")) == len(labels(b))
        # the starting nut of each Dispenser (THE FACTORY's table), in params' order
        nuts = kit.params.columns
        for g in b.grids:
            if g.name.startswith("dispenser-"):
                assert g.art == nuts[(int(g.col_labels[0]) - 1) % len(nuts)]
    for paper in PAPERS:
        by = _by_component(built[paper][0])
        assert len(by["floor"]) >= 2 and all(p["part"] for p in by["floor"])
        assert len(by["floor-extension"]) == 1


@pytest.mark.parametrize("paper", PAPERS)
def test_margins_and_mirrored_backs(built, paper):
    m = built[paper][0]
    W, H = m["page_size_mm"]
    for p in m["pieces"]:
        assert p["x_mm"] >= MARGIN - 1e-6 and p["y_mm"] >= MARGIN - 1e-6, p["name"]
        assert p["x_mm"] + p["w_mm"] <= W - MARGIN + 1e-6 and p["y_mm"] + p["h_mm"] <= H - MARGIN + 1e-6, p["name"]
        if p["back"]:
            assert p["back"]["page"] == p["page"] + 1
            assert p["back"]["x_mm"] == pytest.approx(W - p["x_mm"] - p["w_mm"], abs=0.01)
    by = _by_component(m)
    assert all(p["back"] for c in ("cross-tiles", "splitter-tiles", "bonus", "orders", "reference") for p in by[c])


def test_printed_numbers_come_from_params(built, kit):
    params = kit.params
    manifest, pdf, _ = built["a4"]
    sheet = _text(pdf, manifest, "score-sheet")
    head = sheet.split("NUTS: score sheet")[1]
    assert re.search(r"\b" + r"\s+".join(str(n) for n in params.rows) + r"\b", head)  # 1 3 6 10 15 21, in order
    for nut in params.columns:
        assert nut.title() in head
    assert f"each complete row {params.row_points}" in head and f"each Salt marker {params.salt_points}" in head
    bonus = _text(pdf, manifest, "bonus")
    for card in params.bonus:
        m = re.search(rf"Bonus {card.id} Needs (.*?)\. \+(\d+) if fulfilled, -(\d+) if not", bonus)
        assert m, card.id
        assert int(m[2]) == int(m[3]) == card.points
        for nut, n in card.needs.items():
            assert re.search(rf"\b{n} {nut}", m[1]), (card.id, m[1])
    goals = _text(pdf, manifest, "goals")
    for g in params.goals:
        assert g.title in goals and f"{g.at_least} or more markers in your {g.box.title()} box: {g.points} points" in goals
    ref = _text(pdf, manifest, "reference")
    for cost, action in ((1, "Plan"), (1, "Feed the Squirrel"), (1, "Refill"), (1, "Build"), (1, "Salt"),
                         (2, "Reposition"), (3, "Swap")):
        assert f"{cost} {action}" in ref
    assert "2-5 Stop" in ref and "6 Scamper" in ref and "7-10 Hunt & Roll" in ref
    assert f"{params.end_rows} or more complete rows" in ref
    assert f"({', '.join(str(n) for n in params.rows)})" in ref
    assert "most nuts, then most Salt markers, then fewest Squirrel markers" in ref


def test_score_sheet_is_fillable_a_page_per_player_with_sensible_field_names(built, kit):
    """Each player's sheet on a page of its own (as many as the game's most players), its boxes
    named for what they hold under the player's `pN.` (docs/records.md, scorer/games/nuts/form.py)."""
    reader = PdfReader(built["a4"][2])
    fields = reader.get_fields()
    assert len(reader.pages) == kit.game.max_players == 6
    for p in range(1, kit.game.max_players + 1):
        for nut in kit.params.columns:
            for row in kit.params.rows:
                assert f"p{p}.{nut}.{row}" in fields
        assert {f"p{p}.{box}" for box in ("name", "salt", "squirrel", "goals", "bonus", "points.rows", "points.columns",
                                          "points.salt", "points.goals", "points.bonus", "points.total")} <= set(fields)


def test_a_cell_must_be_two_columns(kit):
    """The one cell size is checked against the columns when the kit is read: a tile whose belts
    would not sit on two columns' belts is an error, not a misprint."""
    import msgspec

    from pnpkit.kitfile.params.nuts import Params
    from pnpkit.kitfile.structs import Invalid, convert
    data = msgspec.to_builtins(kit.params)
    assert convert(data, Params).cell == kit.params.cell
    with pytest.raises(Invalid, match="two columns"):
        convert({**data, "cell": kit.params.cell + 5}, Params)


# --- issue 13: a kit that plays like a bought copy ------------------------------------------------

def test_belts_read_on_the_floor(kit):
    """The belts stand out from every fill of the floor and its panel: 3:1 at the least."""
    from pnpkit.generator.art.nuts_kit import BELT_FILL
    from pnpkit.generator.colour import contrast
    for name in ("floor", "floor-extension"):
        b = _component(kit, name)
        fills = {b.fill} | {g.fill for g in b.grids if g.fill} | {r.fill for r in b.regions if r.fill}
        for fill in fills:
            assert contrast(BELT_FILL, fill) >= 3.0, (name, fill, round(contrast(BELT_FILL, fill), 2))


def test_splitter_joiner_tiles_have_a_splitter_and_a_joiner_face(built, kit):
    """Every Splitter/Joiner tile splits on one face and joins on the other, belts running down;
    the A tiles split from the left column, the B tiles from the right."""
    from pnpkit.generator import art
    m, pdf, _ = built["a4"]
    by = _by_component(m)
    tiles = by["splitter-tiles"] + by["splitter-tiles-b"]
    assert len(tiles) == 12 and all(t["back"] for t in tiles)
    fronts = " ".join(_page_text(pdf, n) for n in sorted({t["page"] for t in tiles}))
    backs = " ".join(_page_text(pdf, n) for n in sorted({t["back"]["page"] for t in tiles}))
    assert fronts.count("SPLIT") >= 12 and backs.count("JOIN") >= 12
    a, b = _component(kit, "splitter-tiles"), _component(kit, "splitter-tiles-b")
    assert a.back.art_options.get("joiner") and b.back.art_options.get("joiner")
    assert bool(a.front.art_options.get("mirror")) != bool(b.front.art_options.get("mirror"))
    # a joiner is not a mirrored splitter: its belts come in at the top of both columns
    join, split = art.draw("splitter-tile", 100, 100, joiner=True), art.draw("splitter-tile", 100, 100, mirror=True)
    assert join != split


@pytest.mark.parametrize("paper", PAPERS)
def test_the_extension_attaches_to_the_floor(built, kit, paper):
    """The 5-6 player panel has a glue strip, the floor's half-diamonds X and Y, and its place on
    the floor's assembly picture."""
    from pnpkit.generator.split import OVERLAP
    m, pdf, _ = built[paper]
    by = _by_component(m)
    (ext,) = by["floor-extension"]
    w, h = _component(kit, "floor-extension").size
    assert (ext["w_mm"], ext["h_mm"]) == (pytest.approx(w + OVERLAP), pytest.approx(h))
    text = _page_text(pdf, ext["page"])
    assert "lay this strip under the edge of the Factory floor" in text and "X" in text and "Y" in text
    right = max(by["floor"], key=lambda p: p["part"])
    assert "right" in right["seams"]
    assembly = _page_text(pdf, 2)
    assert "Factory floor extension" in assembly and "half-diamonds X and Y" in assembly and "5-6 players" in assembly


def test_cover_lists_the_dice(built):
    _, pdf, _ = built["a4"]
    cover = _page_text(pdf, 1)
    for die in ("D4", "D6", "D12", "D16"):
        assert die in cover, die
