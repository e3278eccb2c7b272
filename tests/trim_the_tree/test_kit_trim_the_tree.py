"""Trim the Tree kit in print: 5 trees whose lattice is the params' own (names, places, lines), a
score track 0..score_track round each, 80 ornaments in 5 sets, 5 stars that sit in the track, the
Ornament Box tile's scores and the bag label's sets from params, inside the margins on A4 and Letter."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from pnpkit.generator.art.trim_the_tree_kit import UNIT, tree_frame
from pnpkit.generator.components import board as boards
from pnpkit.kitfile.components import Board
from pnpkit.kitfile.model import load_kit
from pnpkit.kitfile.source import SourceError
from pnpkit.kitfile.structs import replace
from pnpkit.cli import cli

KIT = "trim-the-tree"
PT = 25.4 / 72
MARGIN = 6.35
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"]


@pytest.fixture(scope="module")
def kit():
    return load_kit(KIT)


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request, kit_build):
    b = kit_build(KIT, request.param)
    return b.manifest, b.reader


def trees(kit) -> list[Board]:
    return [c for c in kit.components if c.kind == "board" and c.lattices]


def test_ornaments_and_stars(kit, built):
    m, _ = built
    p = kit.params
    orn = [x for x in m["pieces"] if x["kind"] == "counter" and x["component"] != "stars"]
    assert len(orn) == p.sets * len(p.colours) * len(p.shapes) == 80
    assert len({x["component"] for x in orn}) == len(p.ornaments) == 16
    # every ornament design once in every set, its set's numeral on it
    for c in kit.components:
        if c.kind == "counters" and c.name != "stars":
            assert [s.name for s in c.sets] == ROMAN[:p.sets]
            assert all(s.label.endswith(" " + s.name) for s in c.sets)
    assert len([x for x in m["pieces"] if x["component"] == "stars"]) == 5


def test_five_trees_each_one_page_own_colour_and_mark(kit, built):
    m, _ = built
    tr = trees(kit)
    assert len(tr) == 5 == kit.game.max_players
    pieces = [x for x in m["pieces"] if x["component"] in {t.name for t in tr}]
    assert len(pieces) == 5 and all("part" not in x for x in pieces)  # not split: one page each
    looks = set()
    for t in tr:
        (tree,) = [a for a in t.art if a.name == "trim-tree"]
        marks = [a for a in t.art if a.name.startswith("mark-")]
        assert {a.name for a in marks} == {"mark-" + tree.options["mark"]}  # the corner's and the track's = the tub's
        assert {a.options["color"] for a in marks} == {tree.options["color"]}
        looks.add((tree.options["color"], tree.options["mark"], t.fill, t.tracks[0].fill))
    for i in range(4):  # five colours (tub, board, track squares) and five marks
        assert len({look[i] for look in looks}) == 5


_WORDS: dict[tuple[int, int], list[tuple[str, float, float]]] = {}


def _words(pdf, n: int) -> list[tuple[str, float, float]]:
    """Each text run on page `n` (1-based): (text, x, baseline y) in mm from the page's top-left;
    read once a page for the tests that measure where a word is printed (pypdf reads it in Python)."""
    if (id(pdf), n) not in _WORDS:
        page = pdf.pages[n - 1]
        h = float(page.mediabox.height)
        out: list[tuple[str, float, float]] = []
        page.extract_text(visitor_text=lambda text, cm, tm, fd, fs: out.append((text.strip(), tm[4] * PT, (h - tm[5]) * PT))
                          if text.strip() else None)
        _WORDS[id(pdf), n] = out
    return _WORDS[id(pdf), n]


def test_printed_space_names_are_the_params_lattice_at_its_places(kit, built):
    m, pdf = built
    p = kit.params
    for t in trees(kit):
        (piece,) = [x for x in m["pieces"] if x["component"] == t.name]
        (lat,) = t.lattices
        assert lat.source == "params"
        words = _words(pdf, piece["page"])
        names = {w: (x, y) for w, x, y in words if re.fullmatch(r"[A-Z]\d+", w)}
        assert sorted(names) == sorted(p.spaces) and len(p.spaces) == 15
        assert sum(1 for w, _, _ in words if w in names) == len(p.spaces)  # each printed once
        for name, (x, y) in names.items():  # under its space, which is where params.position puts it
            ux, uy = p.position(name)
            cx = piece["x_mm"] + lat.at[0] + ux * lat.spacing
            cy = piece["y_mm"] + lat.at[1] + uy * lat.spacing
            assert x < cx < x + 6, (t.name, name)
            assert cy + lat.space / 2 < y < cy + lat.space / 2 + 6, (t.name, name)


def test_lattice_lines_are_the_params_adjacency(kit):
    p = kit.params
    (lat,) = trees(kit)[0].lattices
    pos, lines = boards.lattice_places(lat, p)
    assert list(pos) == p.spaces
    assert {frozenset(x) for x in lines} == {frozenset((a, b)) for a in p.spaces for b in p.adjacent[a]}
    for a, b in lines:  # every line is one lattice spacing long: the printed neighbours are adjacent
        (ax, ay), (bx, by) = pos[a], pos[b]
        assert abs(((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 - lat.spacing) < 1e-6


def test_score_track_runs_0_to_score_track_round_the_tree(kit, built):
    m, pdf = built
    top = kit.params.score_track
    for t in trees(kit):
        (track,) = t.tracks
        assert track.spaces == [str(i) for i in range(top + 1)]
        places = boards.track_places(track)
        (piece,) = [x for x in m["pieces"] if x["component"] == t.name]
        words = _words(pdf, piece["page"])
        for i, (x, y) in enumerate(places):  # each number printed inside its own square
            X, Y = piece["x_mm"] + x, piece["y_mm"] + y
            assert any(w == str(i) and X < wx < X + track.space and Y < wy < Y + track.space for w, wx, wy in words), i
        # the squares lie round the board's edge, side by side, none on another, all on the board
        W, H = t.size
        assert len({(round(x, 3), round(y, 3)) for x, y in places}) == len(places)
        for (x0, y0), (x1, y1) in zip(places, places[1:]):
            assert abs(abs(x1 - x0) + abs(y1 - y0) - track.space - track.gap) < 1e-6
        assert all(0 <= x and x + track.space <= W and 0 <= y and y + track.space <= H for x, y in places)
        assert {round(x, 3) for x, _ in places} >= {round(places[5][0], 3), round(W - places[5][0] - track.space, 3)}
        # the lattice (spaces and names) lies inside the ring
        pos, _ = boards.lattice_places(t.lattices[0], kit.params)
        ring = track.space + min(x for x, _ in places)
        for cx, cy in pos.values():
            r = t.lattices[0].space / 2
            assert ring < cx - r and cx + r < W - ring and ring < cy - r and cy + r + 6 < H - ring


def test_sizes_ornament_fits_a_space_and_star_a_track_square(kit):
    sizes = {c.name: c.size for c in kit.components if c.kind == "counters"}
    ornament = max(s for n, s in sizes.items() if n != "stars")
    assert ornament == 22.0
    for t in trees(kit):
        (lat,) = t.lattices
        (track,) = t.tracks
        assert lat.space >= ornament + 1 and lat.spacing >= ornament + 5  # room to pick one up
        # the star, alone on its track, covers its square and at most `overhang` of each neighbour
        assert sizes[track.holds] == sizes["stars"] <= track.space + 2 * track.overhang <= track.space + 1
        assert sizes[lat.holds] == ornament


def test_tree_drawing_sits_on_the_lattice(kit):
    """The tree's frame (design units, UNIT to a lattice line) is scaled and placed so its apex
    point is the lattice's top space: the boughs end at the spaces."""
    w, h, ax, ay = tree_frame(len(kit.params.rows))
    for t in trees(kit):
        (lat,) = t.lattices
        (tree,) = [a for a in t.art if a.name == "trim-tree"]
        k = lat.spacing / UNIT
        assert tree.under and tree.options.get("rows", 5) == len(kit.params.rows)
        assert tree.size == pytest.approx((w * k, h * k), abs=0.01)
        assert (tree.at[0] + ax * k, tree.at[1] + ay * k) == pytest.approx(lat.at, abs=0.01)


def test_a_lattice_too_tight_for_its_ornaments_stops_the_build(kit):
    t = trees(kit)[0]
    tight = replace(t, lattices=[replace(t.lattices[0], spacing=22.5)])
    with pytest.raises(SourceError, match="would touch"):
        boards.pieces(kit, tight, 0)
    small = replace(t, tracks=[replace(t.tracks[0], space=12.0)])
    with pytest.raises(SourceError, match="does not hold"):
        boards.pieces(kit, small, 0)


def _page_text(m, pdf, component) -> str:
    (piece,) = [x for x in m["pieces"] if x["component"] == component]
    return pdf.pages[piece["page"] - 1].extract_text()


def test_ornament_box_prints_the_params_triangle_points(kit, built):
    m, pdf = built
    pts = kit.params.triangle_points
    text = _page_text(m, pdf, "ornament-box")
    table = text[text.index("Such triangles"):text.index("A triangle that repeats")].split()
    assert table[:3] == ["Such", "triangles", "Points"]
    rows = [int(x) for x in table[3:]]
    assert rows == [v for k in range(1, len(pts)) for v in (k, pts[k])]
    assert [rows[i] for i in range(1, len(rows), 2)] == [1, 3, 5, 7, 9, 11]
    flat = " ".join(text.split())
    assert "3 different colours and 3 different shapes" in flat
    # the box holds a round's ornaments: one per player, up to the most players
    (box,) = [c for c in kit.components if c.name == "ornament-box"]
    assert box.regions[0].holds.count == kit.game.max_players


def test_bag_label_prints_contents_and_sets_out_from_params(kit, built):
    m, pdf = built
    p = kit.params
    per_set = len(p.ornaments)
    flat = " ".join(_page_text(m, pdf, "bag-label").split())
    assert f"{p.sets * per_set} ornaments: {p.sets} sets of {per_set}." in flat
    for n, out in sorted(p.sets_removed.items()):
        sets = ", ".join(ROMAN[p.sets - out:p.sets])
        took = ("set" + ("s" if out > 1 else "") + " " + sets) if out else "nothing"
        assert f"{n} {took} {(p.sets - out) * per_set}" in flat, n
    assert p.in_bag(3) * per_set == 64 and p.in_bag(2) * per_set == 48


def test_everything_inside_the_margins(built):
    m, _ = built
    W, H = m["page_size_mm"]
    for p in m["pieces"]:
        assert MARGIN - 1e-6 <= p["x_mm"] and p["x_mm"] + p["w_mm"] <= W - MARGIN + 1e-6, p
        assert MARGIN - 1e-6 <= p["y_mm"] and p["y_mm"] + p["h_mm"] <= H - MARGIN + 1e-6, p
    names = {p["component"] for p in m["pieces"]}
    assert {"ornament-box", "bag-label", "stars"} <= names


@pytest.mark.parametrize("old,new,field", [
    ("turns: {6: up, 21: right, 32: down, 47: left},", "turns: {6: up, 21: right, 32: down, 99: left},",
     "components[0].tracks[0]"),
    ("options: {color: \"#E69F00\", mark: circle}", "options: {color: \"#E69F00\", mark: moon}",
     "components[0].art[0].options"),
])
def test_a_bad_track_turn_or_tree_option_is_reported_with_its_line(tmp_path, old, new, field):
    from pnpkit.kitfile.model import kit_path
    text = kit_path(KIT)[0].read_text()
    assert text.count(old) == 1
    bad = tmp_path / "trim.yaml"
    bad.write_text(text.replace(old, new))
    line = text[:text.index(old)].count("\n") + 1
    r = CliRunner().invoke(cli, ["build", str(bad), "--out", str(tmp_path)])
    assert r.exit_code == 2, r.output
    assert f"{bad}:" in r.output and field in r.output and "Traceback" not in r.output
    assert any(f":{n}: " in r.output for n in (line - 1, line, line + 1)), r.output


def test_ornaments_look_their_colour_and_the_lattice_shows_on_the_tree(kit):
    """Red ornaments are red and purple ones purple (not vermilion and pink beside the orange and
    pink trees), and the lattice's lines stand 3:1 at the least against the tree under them."""
    import colorsys

    from pnpkit.generator.art._core import lighter
    from pnpkit.generator.art.trim_the_tree_kit import EDGE, FOLIAGE
    from pnpkit.generator.colour import contrast, rgb

    def hue_sat(c):
        h, s, _ = colorsys.rgb_to_hsv(*(v / 255 for v in rgb(c)))
        return h * 360, s
    colour = {c.name.split("-")[0]: c.front.art_options["color"] for c in kit.components
              if c.kind == "counters" and c.name != "stars"}
    red, purple = hue_sat(colour["red"]), hue_sat(colour["purple"])
    assert (red[0] >= 350 or red[0] <= 8) and red[1] > 0.6, red
    assert 265 <= purple[0] <= 295 and purple[1] > 0.4, purple
    for tree in trees(kit):  # never mistaken for a tree's own colour: another hue, or far stronger
        tub = next(a.options["color"] for a in tree.art if a.name == "trim-tree")
        for c in (colour["red"], colour["purple"]):
            (h1, s1), (h2, s2) = hue_sat(c), hue_sat(tub)
            gap = min(abs(h1 - h2), 360 - abs(h1 - h2))
            assert gap >= 30 or abs(s1 - s2) >= 0.3, (tree.name, c)
    for under in (FOLIAGE, lighter(FOLIAGE, 0.12)):  # the boughs the lines run over
        assert contrast(boards.LATTICE_LINE, under) >= 3.0, under
    # where a line crosses a bough's dark edge, its pale casing carries it
    assert contrast(boards.LATTICE_CASING, EDGE) >= 3.0
    assert contrast(boards.LATTICE_LINE, boards.LATTICE_CASING) >= 3.0
