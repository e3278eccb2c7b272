"""Forest Fire kit: the printed pieces match the params the scorer reads, and sit inside the margins.

The kit is built once per paper through the CLI; each test reads the manifest and the PDF's text.
"""
import re

import pytest
from click.testing import CliRunner

from pnpkit.kitfile.model import load_kit
from pnpkit.cli import cli
from pdf_text import page_text

PAPERS = ("a4", "letter")


@pytest.fixture(scope="module")
def built(kit_build):
    """paper -> (manifest, its pages' text), built through the CLI."""
    return {paper: (b.manifest, Pages(b.pdf)) for paper in PAPERS for b in [kit_build("forest-fire", paper)]}


class Pages:
    """A PDF's page texts (tests/pdf_text.py: each page extracted once)."""

    def __init__(self, pdf):
        self.pdf = pdf

    def text(self, n: int) -> str:
        return page_text(self.pdf, n)


def _by(m):
    by = {}
    for p in m["pieces"]:
        by.setdefault(p["component"], []).append(p)
    return by


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _text(pdf, pages) -> str:
    return _flat(" ".join(pdf.text(n) for n in sorted(set(pages))))


def _kit():
    kit = load_kit("forest-fire")
    return kit, {c.name: c for c in kit.components}


@pytest.mark.parametrize("paper", PAPERS)
def test_counts_sizes_margins_backs(built, paper):
    params = load_kit("forest-fire").params
    m, _ = built[paper]
    by = _by(m)
    assert len(by["fires"]) == params.fire_counters >= 40
    assert len(by["firebreaks"]) == params.firebreaks == 4
    for role in ("hotshots", "smoke-jumpers", "pilots"):
        assert len(by[role]) == 4
    assert all(p["back"] for p in by["pilots"])
    W, H = m["page_size_mm"]
    for p in m["pieces"]:
        assert p["x_mm"] >= 6.35 - 1e-6 and p["y_mm"] >= 6.35 - 1e-6
        assert p["x_mm"] + p["w_mm"] <= W - 6.35 + 1e-6 and p["y_mm"] + p["h_mm"] <= H - 6.35 + 1e-6
        if p["back"]:  # mirrored for a long-edge flip
            assert abs(p["back"]["x_mm"] - (W - p["x_mm"] - p["w_mm"])) < 0.01
            assert p["back"]["page"] == p["page"] + 1


def test_board_grid_is_the_scored_grid_with_its_ring():
    """6 x 6 squares that hold a stack of Fires and any player piece, [down, across] 1..grid; the
    ring of off-board spaces (ruling F1: one coordinate 0 or grid+1, the other 1..grid) sits square
    by square around it."""
    kit, comp = _kit()
    n = kit.params.grid
    board = comp["board"]
    (forest,) = board.grids
    assert forest.rows == forest.cols == n == 6
    assert forest.cell >= comp["fires"].size + 2.0  # a Fire counter, 1 mm to spare each side
    assert all(forest.cell >= comp[c].size for c in ("firebreaks", "hotshots", "smoke-jumpers", "pilots"))
    assert forest.art == "tree"
    gx, gy, c = forest.at[0], forest.at[1], forest.cell
    assert gx >= 0 and gy >= 0 and gx + n * c <= board.size[0] and gy + n * c <= board.size[1]
    # every ring space of F1, and nothing else, is a track space beside the grid
    ring = {(d, a) for d in range(n + 2) for a in range(n + 2)
            if ((d in (0, n + 1)) != (a in (0, n + 1)))}
    assert len(ring) == 4 * n and kit.params.ring
    printed = {}
    for t in board.tracks:
        assert t.space == c and t.gap == 0 and t.shape == "square"
        step = (c, 0.0) if t.direction == "right" else (0.0, c)
        for k, label in enumerate(t.spaces):
            x, y = t.at[0] + k * step[0], t.at[1] + k * step[1]
            down, across = round((y - gy) / c) + 1, round((x - gx) / c) + 1
            assert abs((y - gy) / c + 1 - down) < 1e-6 and abs((x - gx) / c + 1 - across) < 1e-6
            printed[(down, across)] = label
    assert set(printed) == ring
    for (down, across), label in printed.items():  # the ring is the board's ruler
        assert label == str(across if down in (0, n + 1) else down)


@pytest.mark.parametrize("paper", PAPERS)
def test_board_is_whole_on_one_page(built, paper):
    """The board fits one page at a size where a stack of Fires still fits a square: it is printed
    whole, nothing to glue (issue 13)."""
    m, reader = built[paper]
    _, comp = _kit()
    (board,) = _by(m)["board"]
    assert "part" not in board and (board["w_mm"], board["h_mm"]) == tuple(comp["board"].size)
    text = _text(reader, [board["page"]])
    assert "off the board" in text and "across" in text and "down" in text
    for letter in "NESW":
        assert re.search(rf"\b{letter}\b", text)


@pytest.mark.parametrize("paper", PAPERS)
def test_role_cards_one_per_piece_for_each_role(built, paper):
    kit, comp = _kit()
    params = kit.params
    m, reader = built[paper]
    by = _by(m)
    deck = comp["role-cards"].deck
    assert [row["role"] for row in deck] == [r.id for r in params.roles]
    per_role = comp["hotshots"].total
    assert all(row["count"] == per_role == comp[c].total for row in deck for c in ("smoke-jumpers", "pilots"))
    cards = by["role-cards"]
    assert len(cards) == len(params.roles) * per_role == 12
    assert all(p["back"] and (p["w_mm"], p["h_mm"]) == (80.0, 120.0) for p in cards)
    front = _text(reader, [p["page"] for p in cards])
    back = _text(reader, [p["back"]["page"] for p in cards])
    for role in params.roles:
        assert role.name in front
        assert _flat(role.text) in back  # the rulebook's words, from params
        if role.kind == "ground":
            assert f"Each round: {role.actions} moves" in front
        else:
            assert f"on {role.line} squares in a row" in front
    # the numbers on the pictures are the params': a hotshot puts out all, a smoke jumper one
    assert "Put out: ALL the Fires on your square" in front
    assert f"Put out: {params.role('smoke-jumper').removes} Fire on your square" in front
    assert "jump to ANY square" in front


@pytest.mark.parametrize("paper", PAPERS)
def test_round_card_and_spread_pictures(built, paper):
    params = load_kit("forest-fire").params
    m, reader = built[paper]
    cards = _by(m)["round-cards"]
    assert len(cards) == 4 and all(p["back"] for p in cards)
    front = _text(reader, [p["page"] for p in cards])
    back = _text(reader, [p["back"]["page"] for p in cards])
    assert "Each round" in front and f"To start: {params.setup_rounds} rounds of Fires" in front
    assert "out of the game" in front and "roll the Fire Dice once for each player" in front
    assert "How fire spreads" in back and "Firebreak" in back and "8 ways" in back


@pytest.mark.parametrize("paper", PAPERS)
def test_callers_sheet_prints_the_setups_from_params(built, paper):
    kit, comp = _kit()
    params = kit.params
    m, reader = built[paper]
    (sheet,) = _by(m)["callers-sheet"]
    assert (sheet["w_mm"], sheet["h_mm"]) == (148.0, 210.0) and sheet["back"]
    text = _text(reader, [sheet["page"], sheet["back"]["page"]])
    assert "down then across" in text and "Each Fire roll" in text
    assert len(params.setups) == 3 and [s.name for s in params.setups] == ["Easy", "Normal", "Hard"]
    players = range(kit.game.min_players, kit.game.max_players + 1)
    for s in params.setups:
        row = f"{s.name} " + " ".join(f"{s.firebreaks[p]} Firebreak{'' if s.firebreaks[p] == 1 else 's'}" for p in players)
        assert row in text, row
        assert all(0 <= s.firebreaks[p] <= min(p, params.firebreaks) for p in players)
    assert f"The kit has {params.firebreaks} Firebreaks and {params.fire_counters} Fire counters" in text
    for r in params.roles:
        assert r.name in text


def test_setups_are_checked_on_load():
    """A setup that rolls more Firebreaks than players (the rulebook: up to one per player) is refused."""
    import msgspec

    from pnpkit.kitfile.params.forest_fire import Params
    from pnpkit.kitfile.structs import Invalid, convert

    base = msgspec.to_builtins(load_kit("forest-fire").params)
    with pytest.raises(Invalid, match="up to one per player"):
        convert(dict(base, setups=[{"name": "Silly", "firebreaks": {2: 3}}]), Params)
    with pytest.raises(Invalid, match="counters"):
        convert(dict(base, firebreaks=1, setups=[{"name": "Easy", "firebreaks": {2: 2}}]), Params)


def test_a_bad_option_for_the_squares_art_names_the_line(tmp_path):
    """The forest's trees are the grid's art: a bad option is the kit file's error (exit 2, its
    line), not an internal one."""
    from pnpkit.kitfile.model import kit_path

    text = kit_path("forest-fire")[0].read_text()
    assert "art: tree, art_opacity: 0.5}" in text
    bad = tmp_path / "forest-fire.yaml"
    bad.write_text(text.replace("art: tree, art_opacity: 0.5}", "art: tree, art_opacity: 0.5, art_options: {kind: palm}}"))
    line = next(i for i, ln in enumerate(bad.read_text().splitlines(), 1) if "kind: palm" in ln)
    r = CliRunner().invoke(cli, ["build", str(bad), "--paper", "a4", "--out", str(tmp_path / "out")])
    assert r.exit_code == 2, r.output
    assert f"forest-fire.yaml:{line}:" in r.output
    assert "grids[0].art_options" in r.output and "palm" in r.output
