"""The art library: every drawing fits its box, is deterministic, has a dark outline, and the
player marks differ from each other."""
from __future__ import annotations

import math

import pytest

from pnpkit.generator import art
from pnpkit.generator.art.marks import MARKS
from pnpkit.generator.shapes import Circle, Ellipse, Group, Line, Path, Polygon, Rect, Text

SAMPLES = {  # extra option sets worth checking besides the defaults
    "chestnut": [dict(cooked=True), dict(color="#0072b2", mark="star"),
                 dict(cooked=True, color="#e69f00", mark="hexagon")],
    "die": [dict(pips=p) for p in range(1, 7)],
    **{f"mark-{k}": [dict(color="#56b4e9", fill=False)] for k in MARKS},
}


def _cases():
    for n in art.names():
        yield n, {}
        for o in SAMPLES.get(n, []) + [o for o in _opt_samples(n)]:
            yield n, o


def _opt_samples(name):
    opts = art.options(name)
    if "full" in opts:
        yield dict(full=False)
    if "kind" in opts and name == "tree":
        yield dict(kind="round")


def _mat(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _points(shape, m=(1, 0, 0, 1, 0, 0), scale=1.0):
    """(x, y, stroke half-width) samples of every primitive, Group transforms applied."""
    if isinstance(shape, Group):
        t = math.radians(shape.rotate)
        co, si = math.cos(t) * shape.scale, math.sin(t) * shape.scale
        inner = (co, si, -si, co, shape.dx, shape.dy)
        a, b, c, d, e, f = m
        A, B, C, D, E, F = inner
        mm = (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f)
        for s in shape.items:
            yield from _points(s, mm, scale * shape.scale)
        return
    st = getattr(shape, "style", None)
    pad = (st.width / 2 * scale) if st is not None and st.stroke else 0.0
    if isinstance(shape, Rect):
        pts = [(shape.x, shape.y), (shape.x + shape.w, shape.y + shape.h)]
    elif isinstance(shape, (Circle, Ellipse)):
        rx = shape.r if isinstance(shape, Circle) else shape.rx
        ry = shape.r if isinstance(shape, Circle) else shape.ry
        pts = [(shape.cx + rx * math.cos(k * math.pi / 32), shape.cy + ry * math.sin(k * math.pi / 32))
               for k in range(64)]
    elif isinstance(shape, Line):
        pts = [(shape.x1, shape.y1), (shape.x2, shape.y2)]
    elif isinstance(shape, Polygon):
        pts = list(shape.points)
    elif isinstance(shape, Path):
        pts, cur = [], (0, 0)
        for op in shape.ops:
            if op[0] in "ML":
                cur = op[1:3]
                pts.append(cur)
            elif op[0] == "C":
                p0, p1, p2, p3 = cur, op[1:3], op[3:5], op[5:7]
                for i in range(17):
                    t = i / 16
                    u = 1 - t
                    pts.append(tuple(u ** 3 * p0[j] + 3 * u * u * t * p1[j] + 3 * u * t * t * p2[j]
                                     + t ** 3 * p3[j] for j in (0, 1)))
                cur = p3
    elif isinstance(shape, Text):
        pts = [(shape.x, shape.y)]
    else:
        raise AssertionError(f"not a shape: {shape!r}")
    for x, y in pts:
        yield (*_mat(m, x, y), pad)


@pytest.mark.parametrize("w,h", [(16, 16), (40, 25), (6, 30)])
def test_every_drawing_fits_its_box_and_fills_it(w, h):
    for name, o in _cases():
        shapes = art.draw(name, w, h, **o)
        assert shapes, name
        pts = [p for s in shapes for p in _points(s)]
        x0 = min(x - p for x, y, p in pts)
        x1 = max(x + p for x, y, p in pts)
        y0 = min(y - p for x, y, p in pts)
        y1 = max(y + p for x, y, p in pts)
        eps = 0.02
        assert x0 >= -eps and y0 >= -eps and x1 <= w + eps and y1 <= h + eps, (name, o, (x0, y0, x1, y1))
        # fitted: it touches the box on two opposite sides (within stroke rounding) and is centred
        assert (x1 - x0) >= w * 0.97 or (y1 - y0) >= h * 0.97, (name, o, (x0, y0, x1, y1))
        assert abs((x0 + x1) - w) < 0.1 and abs((y0 + y1) - h) < 0.1, (name, o)


def test_draw_is_deterministic():
    for name, o in _cases():
        assert art.draw(name, 20, 20, **o) == art.draw(name, 20, 20, **o), name


def test_unknown_name_and_option_are_clear_errors():
    with pytest.raises(ValueError, match="chestnut"):
        art.draw("chesnut", 10, 10)
    with pytest.raises(ValueError, match="cooked"):
        art.draw("chestnut", 10, 10, cookd=True)
    with pytest.raises(ValueError, match="rrggbb"):
        art.draw("flame", 10, 10, color="orange")
    with pytest.raises(ValueError, match="1-6"):
        art.draw("die", 10, 10, pips=7)
    with pytest.raises(ValueError):
        art.draw("flame", 0, 10)


def _dark(c):
    r, g, b = (int(c[i:i + 2], 16) for i in (1, 3, 5))
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255 < 0.3


def test_every_drawing_has_a_dark_outline():
    """Greyscale and ink-saver printing keep strokes: each drawing needs a dark stroked shape."""
    for name, o in _cases():
        strokes = [s for s in art.draw(name, 16, 16, **o)
                   if getattr(s, "style", None) and s.style.stroke and s.style.width >= 0.1]
        assert any(_dark(s.style.stroke) for s in strokes), name


def test_marks_differ_from_each_other():
    for fill in (True, False):
        drawn = {k: art.draw(f"mark-{k}", 10, 10, color="#cc79a7", fill=fill) for k in MARKS}
        keys = list(drawn)
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                assert drawn[a] != drawn[b], (a, b)
    # and a mark differs from itself in another colour, and filled from hollow
    assert art.draw("mark-star", 10, 10, color="#e69f00") != art.draw("mark-star", 10, 10, color="#0072b2")
    assert art.draw("mark-star", 10, 10) != art.draw("mark-star", 10, 10, fill=False)


def test_cooked_chestnut_differs_and_ring_shows_colour():
    raw, cooked = art.draw("chestnut", 15, 15), art.draw("chestnut", 15, 15, cooked=True)
    assert raw != cooked
    ringed = art.draw("chestnut", 15, 15, color="#009e73", cooked=True)
    assert any(getattr(s, "style", None) and "#009e73" in (s.style.fill, s.style.stroke) for s in ringed)


def test_names_cover_the_chestnuts_kit():
    need = {"chestnut", "flame", "tongs", "chair", "plate", "basket", "box", "burnt", "die"}
    need |= {f"mark-{k}" for k in ("circle", "triangle", "square", "diamond", "star", "cross", "hexagon")}
    assert need <= set(art.names())


def test_bad_options_name_what_is_expected():
    with pytest.raises(ValueError, match="known: circle"):
        art.draw("chestnut", 15, 15, color="#e69f00", mark="moon")
    with pytest.raises(ValueError, match="conifer"):
        art.draw("tree", 15, 15, kind="palm")
    assert art.draw("chestnut", 15, 15, mark="mark-star") == art.draw("chestnut", 15, 15, mark="star")


def _lum(c):
    r, g, b = (int(c[i:i + 2], 16) for i in (1, 3, 5))
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def test_every_drawing_has_a_mid_tone_fill():
    """Greyscale: a drawing is more than outlines on white; some area prints as a grey."""
    for name, o in _cases():
        fills = [_lum(s.style.fill) for s in art.draw(name, 16, 16, **o)
                 if getattr(s, "style", None) and s.style.fill]
        assert any(0.15 <= v <= 0.9 for v in fills), (name, o)


def test_small_marks_keep_printable_lines():
    for k in MARKS:
        for fill in (True, False):
            shapes = art.draw(f"mark-{k}", 4, 4, fill=fill)
            widths = [s.style.width for s in shapes if s.style.stroke]
            assert widths and min(widths) >= 0.1 and max(widths) >= 0.2, (k, fill, widths)


def test_hollow_marks_are_filled_bands_with_a_hole():
    """A hollow mark is a filled outline with a hole (pale under --ink-saver), not a fat stroke."""
    for k in MARKS:
        (shape,) = art.draw(f"mark-{k}", 10, 10, color="#f0e442", fill=False)
        assert shape.style.fill == "#f0e442" and _dark(shape.style.stroke)
        assert sum(1 for op in shape.ops if op[0] == "M") == 2, k


def test_stroke_widths_follow_size_sub_linearly():
    """Small drawings keep relatively bolder outlines than big ones, yet grow with size."""
    def outline(size):
        return max(s.style.width for s in art.draw("mark-circle", size, size) if s.style.stroke)
    small, big = outline(4), outline(40)
    assert small < big < 10 * small


def test_every_drawing_is_described():
    for name in art.names():
        assert art.describe(name), name
        assert "color" in art.options(name)


def test_the_index_names_every_drawing_and_the_module_that_draws_it():
    """A kit loads only the art modules of the drawings it names (generator/art/_index.py): the
    index lists exactly what the modules register, each under the module that registers it."""
    import importlib

    from pnpkit.generator.art import _core, _index
    for module in sorted(set(_index.WHERE.values())):
        importlib.import_module(f"pnpkit.generator.art.{module}")
    drawn_by = {name: d.fn.__module__.rsplit(".", 1)[-1] for name, d in _core.REGISTRY.items()}
    assert drawn_by == _index.WHERE


def test_a_kit_loads_only_the_art_it_uses():
    import subprocess
    import sys
    code = ("import sys; from pnpkit.generator import art; art.draw('chestnut', 10, 10); "
            "print(sorted(m.rsplit('.', 1)[1] for m in sys.modules if m.startswith('pnpkit.generator.art.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "chestnuts" in out and "nuts_kit" not in out and "forest_fire_cards" not in out, out
