"""The faults a hobbyist found on paper, each read back from the rendered pages: a ring inside a
round piece's cut that scissors would follow, lines drawn across cut lines under --ink-saver
(board seams included), and colours that vanish in greyscale or past the cut.
"""
from __future__ import annotations

import math

import pypdfium2
import pytest

from pnpkit.generator import bleed
from pnpkit.generator.art.nuts_kit import ORDER_STRIP
from pnpkit.generator.backends import pdf as pdf_backend
from pnpkit.generator.build import compose, pieces_of, printable_kits, titles_of
from pnpkit.generator.colour import luminance
from pnpkit.generator.components.faces import CUT_LINE_IN
from pnpkit.generator.cover import KitInfo
from pnpkit.generator.options import PrintOptions
from pnpkit.kitfile import load_kit

KITS = printable_kits()
PAPERS = ("a4", "letter")
DPI = 100
PX = DPI / 25.4


def _render(pdf, pages) -> dict[int, object]:
    doc = pypdfium2.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        return {n: doc[n - 1].render(scale=DPI / 72).to_pil().convert("L") for n in sorted(pages)}
    finally:
        doc.close()


def _grey(img, x_mm: float, y_mm: float) -> int:
    x, y = int(round(x_mm * PX)), int(round(y_mm * PX))
    return img.getpixel((min(max(x, 0), img.width - 1), min(max(y, 0), img.height - 1)))


def test_ornaments_have_no_ring_inside_their_cut(kit_build):
    """Trim the Tree's 22 mm ornaments: nothing dark on the circle 1.5 mm inside the cut, where
    a black ring (19 mm) used to invite the scissors; the disc's own colour shows the cut."""
    built = kit_build("trim-the-tree", "a4")
    ornaments = [e for e in built.manifest["pieces"] if e["shape"] == "circle" and e["w_mm"] == pytest.approx(22.0)]
    assert len(ornaments) == 80
    images = _render(built.pdf, {e["page"] for e in ornaments})
    for e in ornaments:
        r, cx, cy = e["w_mm"] / 2 - 1.45, e["x_mm"] + e["w_mm"] / 2, e["y_mm"] + e["h_mm"] / 2
        ring = [_grey(images[e["page"]], cx + r * math.cos(a), cy + r * math.sin(a))
                for a in (2 * math.pi * k / 48 for k in range(48))]
        dark = sum(1 for g in ring if g < 120)
        assert dark <= 2, f"{e['name']}: {dark} of 48 points dark on the circle 1.5 mm inside its cut"


@pytest.mark.parametrize("kit", ("chestnuts", "in-the-nuts", "trim-the-tree", "forest-fire"))
def test_light_round_counters_have_one_line_on_their_cut(kit_build, kit):
    """A round counter on white (squirrels, tongs, stars, role pieces): the paper shows no disc
    edge, so its outline is the cut itself (dark all round, CUT_LINE_IN inside the cut) and
    nothing is dark 1.5 mm inside, where a second ring used to sit that a scissor follows."""
    built = kit_build(kit, "a4")
    light = {p.name for p in pieces_of(load_kit(kit)) if p.grounds[0] == "#ffffff"}
    discs = [e for e in built.manifest["pieces"] if e["shape"] == "circle" and e["name"] in light]
    assert discs, f"{kit}: no round counter on white"
    images = _render(built.pdf, {e["page"] for e in discs})

    def dark_on(e, inset):  # of 48 points round the circle `inset` inside the cut (the darkest pixel within 0.15 mm)
        cx, cy = e["x_mm"] + e["w_mm"] / 2, e["y_mm"] + e["h_mm"] / 2
        return sum(1 for a in (2 * math.pi * (k + 0.5) / 48 for k in range(48))
                   if min(_grey(images[e["page"]], cx + r * math.cos(a), cy + r * math.sin(a))
                          for r in (e["w_mm"] / 2 - inset + d for d in (-0.15, 0.0, 0.15))) < 160)

    for e in discs:
        assert dark_on(e, CUT_LINE_IN) >= 40, f"{kit} {e['name']}: its outline is not on its cut"
        assert dark_on(e, 1.5) <= 6, f"{kit} {e['name']}: a ring 1.5 mm inside its cut"


# --- colour -------------------------------------------------------------------------------------------

GREY_STEP = 0.1  # the least difference in luminance between two players' colours (a greyscale print)


def _player_colours(kit: str) -> list[list[tuple[str, str]]]:
    """The kit's sets of player colours, each as (colour, what it marks): the sets of a counters
    component whose sets differ in colour, a score sheet's player groups, and the colours of the
    marks printed on the boards of a kit with one board per player."""
    k = load_kit(kit)
    found = []
    for c in k.components:
        if c.kind == "counters" and len({s.color for s in c.sets if s.color}) > 1:
            found.append([(s.color, f"{c.name} {s.name} ({s.mark})") for s in c.sets])
        if c.kind == "score-sheet" and len({g.color for g in c.groups if g.color}) > 1:
            found.append([(g.color, f"{c.name} {g.label}") for g in c.groups])
    marks = {}
    for c in k.components:
        if c.kind == "board":
            for a in c.art:
                if a.name.startswith("mark-") and a.options.get("color"):
                    marks[c.name] = (a.options["color"], f"{c.name} ({a.name})")
    if len({v[0] for v in marks.values()}) > 1:
        found.append(list(marks.values()))
    return found


@pytest.mark.parametrize("kit", KITS)
def test_player_colours_differ_in_grey(kit):
    """Players' colours stay apart printed in greyscale (In the Nuts!' orange and sky blue, and
    Trim the Tree's, printed as the same grey), and each comes with its own mark."""
    for colours in _player_colours(kit):
        for i, (a, what_a) in enumerate(colours):
            for b, what_b in colours[i + 1:]:
                assert abs(luminance(a) - luminance(b)) >= GREY_STEP, \
                    f"{kit}: {what_a} {a} and {what_b} {b} print as nearly the same grey"


def test_in_the_nuts_prints_the_rulebooks_colours():
    """The rulebook's squirrels are black, red, blue and white; a white one is outlined so it
    shows on white paper (its drawing has dark ink round it)."""
    squirrels = next(c for c in load_kit("in-the-nuts").components if c.name == "squirrels")
    assert [s.name for s in squirrels.sets] == ["Black", "Red", "Blue", "White"]
    assert len({s.mark for s in squirrels.sets}) == 4 and all(s.count == 15 for s in squirrels.sets)
    white = next(p for p in pieces_of(load_kit("in-the-nuts")) if p.name.startswith("Squirrel (White"))
    strokes = [s.style.stroke for s in _flat(white.front) if getattr(s, "style", None) and s.style.stroke]
    assert any(luminance(c) < 0.3 for c in strokes), "a white squirrel needs a dark outline"


def _flat(shapes):
    for s in shapes:
        if hasattr(s, "items"):
            yield from _flat(s.items)
        else:
            yield s


@pytest.mark.parametrize("kit", KITS)
def test_coloured_grounds_read_as_colour(kit):
    """A piece's background is the paper or a colour that reads as colour at its cut (a near-white
    tint, RGB ~246,240,251, needs a bleed yet barely shows past the cut)."""
    for p in pieces_of(load_kit(kit)):
        for side, g in zip(("front", "back"), p.grounds):
            if g and g != bleed.ART and bleed.coloured(g):
                assert luminance(g) <= 0.88, f"{kit}: {p.name} ({side}) on {g}, luminance {luminance(g):.2f}"


@pytest.mark.parametrize("kit", KITS)
def test_coloured_backs_show_colour_past_the_cut(kit_build, kit):
    """Read from the rendered back pages: 0.9 mm past the cut of every coloured back, colour."""
    built = kit_build(kit, "a4")
    backs = [e for e in built.manifest["pieces"] if e["back"] and e["back"]["bleed_mm"] > 0]
    images = _render(built.pdf, {e["back"]["page"] for e in backs})
    for e in backs:
        b, img = e["back"], images[e["back"]["page"]]
        x, y, w, h, out = b["x_mm"], b["y_mm"], e["w_mm"], e["h_mm"], 0.9
        for px, py in ((x - out, y + h / 2), (x + w + out, y + h / 2), (x + w / 2, y - out), (x + w / 2, y + h + out)):
            assert _grey(img, px, py) <= 230, f"{kit}: {e['name']}'s back is near-white 0.9 mm past its cut"


@pytest.mark.parametrize("kit", ["chestnuts", "in-the-nuts"])
def test_boards_have_the_contrast_of_printed_art(kit_build, kit):
    """A board is coloured like printed art, not pale placeholder tints: most of its area is
    clearly darker than the paper."""
    built = kit_build(kit, "a4")
    parts = [e for e in built.manifest["pieces"] if e["component"] == "board"]
    images = _render(built.pdf, {e["page"] for e in parts})
    for e in parts:
        img = images[e["page"]]
        greys = [_grey(img, e["x_mm"] + e["w_mm"] * (i + 0.5) / 40, e["y_mm"] + e["h_mm"] * (j + 0.5) / 40)
                 for i in range(40) for j in range(40)]
        pale = sum(1 for g in greys if g > 235) / len(greys)
        assert pale < 0.25, f"{kit}: {e['name']} is {pale:.0%} near-white"
        assert sorted(greys)[len(greys) // 2] <= 225, f"{kit}: {e['name']} is washed out"


# --- sizes --------------------------------------------------------------------------------------------

STANDARD_CARDS = {  # (short, long) mm: sizes sleeves and print shops know
    (63.5, 88.9): "poker", (57.0, 89.0): "bridge", (41.0, 63.0): "mini (American)", (44.0, 67.0): "mini (Euro)",
    (70.0, 120.0): "tarot", (80.0, 120.0): "Dixit", (70.0, 70.0): "square", (80.0, 80.0): "square",
}


@pytest.mark.parametrize("kit", KITS)
def test_cards_take_standard_sizes(kit):
    """No card of a shipped kit at a size no sleeve fits (88x58, 43x59, 57x80 and 90x120 mm were;
    NUTS' 19x28 mm Order cards too)."""
    for c in load_kit(kit).components:
        if c.kind != "cards":
            continue
        short, long = sorted(round(v, 1) for v in c.size)
        assert (short, long) in STANDARD_CARDS, f"{kit}: {c.name} is {c.size[0]:g}x{c.size[1]:g} mm"


@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_nuts_order_cards_print_as_mini_cards(kit_build, paper):
    """NUTS' 48 Order cards printed 19x28 mm, too small to pick up or sleeve: they print as mini
    cards (41x63 mm), each with its index in the left 20 mm, the width of the floor column it lies
    under (the card to its right covers the rest)."""
    orders = [e for e in kit_build("nuts", paper).manifest["pieces"] if e["component"] == "orders"]
    assert len(orders) == 48
    assert {(e["h_mm"], e["w_mm"]) if e.get("turned") else (e["w_mm"], e["h_mm"]) for e in orders} == {(41.0, 63.0)}
    column = next(r for r in next(c for c in load_kit("nuts").components if c.name == "floor").regions
                  if r.name == "order-1").size[0]
    assert 3.0 + ORDER_STRIP <= column, "the index strip is wider than the column the card lies under"


FINGERS = 15.875  # mm (5/8 in): the usual counter, and the smallest piece a finger picks up off a table


@pytest.mark.parametrize("paper", ("a4", "letter"))
@pytest.mark.parametrize("kit", KITS)
def test_no_piece_is_too_small_to_pick_up(kit_build, kit, paper):
    """In the Nuts!' squirrels printed 13 mm across and Trim the Tree's stars 14 mm: every counter
    and tile of every kit prints at least 5/8 in across, still at its real count."""
    small = sorted({(e["component"], min(e["w_mm"], e["h_mm"])) for e in kit_build(kit, paper).manifest["pieces"]
                    if e["kind"] in ("counter", "tile") and min(e["w_mm"], e["h_mm"]) < FINGERS - 0.01})
    assert not small, f"{kit} {paper}: {small}"
