"""Imposition properties over many piece mixes: pieces stay in the printable area, never overlap,
backs mirror their fronts, crop marks never touch a piece."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.generator.build import compose
from pnpkit.generator.cover import KitInfo
from pnpkit.generator.options import PrintOptions
from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Line, Rect, Style
from pnpkit.generator.sheets import EDGE_TICK, MARGIN, PAPERS

INFO = KitInfo("prop", "Prop Kit", credit="Prop Kit credit")

piece_kind = st.tuples(
    st.floats(8, 400), st.floats(8, 400), st.sampled_from([0.0, 0.0, 2.0, 3.0]), st.booleans(),
    st.integers(1, 14))


def make(specs) -> list[Piece]:
    out = []
    for k, (w, h, bleed, two, n) in enumerate(specs):
        art = (Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill="#cccccc")),)
        for i in range(n):
            out.append(Piece(f"c{k}", "tile", f"c{k}-{i}", round(w, 2), round(h, 2), art,
                             art if two else None, bleed=bleed))
    return out


def overlap(a, b) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


@settings(max_examples=60, deadline=None)
@given(st.lists(piece_kind, min_size=1, max_size=4), st.sampled_from(sorted(PAPERS)),
       st.sampled_from(["long", "short"]))
def test_imposition_properties(specs, paper, duplex):
    doc = compose(make(specs), INFO, PrintOptions(paper, duplex))
    W, H = PAPERS[paper]
    two_sided = any(two for *_, two, _ in specs)
    # two runs: double-sided (each front an odd page, its back the next) then single-sided; no blank page
    last_back = max((p.number for p in doc.pages if p.is_back), default=0)
    assert last_back % 2 == 0 and all(p.back_of.number == p.number - 1 for p in doc.pages if p.is_back)
    assert not any(p.kind in ("calibration-back", "backs") for p in doc.pages) or two_sided
    for page in doc.pages:
        assert page.kind in ("cover", "assembly", "calibration", "calibration-back", "thumbnail") or page.placed
        boxes = []
        for p in page.placed:
            left, top, right, bottom = p.reach()
            box = (p.x - left, p.y - top, p.x + p.w + right, p.y + p.h + bottom)
            assert box[0] >= MARGIN - 1e-6 and box[1] >= MARGIN - 1e-6
            assert box[2] <= W - MARGIN + 1e-6 and box[3] <= H - MARGIN + 1e-6
            assert all(not overlap(box, o) for o in boxes)
            boxes.append(box)
        if page.kind in ("pieces", "backs"):
            for m in page.marks:
                assert isinstance(m, Line)
                across = m.style.width / 2  # a butt-capped hairline's ink: half its width each side, none past its ends
                px, py = (across, 0.0) if m.x1 == m.x2 else (0.0, across) if m.y1 == m.y2 else (across, across)
                seg = (min(m.x1, m.x2) - px, min(m.y1, m.y2) - py, max(m.x1, m.x2) + px, max(m.y1, m.y2) + py)
                # inside the margins, to a millionth of a mm as the pieces' boxes above (Letter's 279.4 - 6.35
                # is 273.04999999999995 in floats, a mark's end computed otherwise 273.05)
                assert seg[0] >= MARGIN - 1e-6 and seg[1] >= MARGIN - 1e-6
                assert seg[2] <= W - MARGIN + 1e-6 and seg[3] <= H - MARGIN + 1e-6
                if m.style == EDGE_TICK:  # a grid from margin to margin: a tick on a column's cut, at its ends
                    assert page.tall and m.x1 == m.x2 and any(abs(m.x1 - x) < 1e-6 for p in page.placed
                                                              for x in (p.x, p.x + p.w))
                    assert min(m.y1, m.y2) <= min(p.y for p in page.placed) + 1e-6 or \
                        max(m.y1, m.y2) >= max(p.y + p.h for p in page.placed) - 1e-6
                    continue
                assert all(not overlap(seg, b) for b in boxes)
    for e in doc.manifest["pieces"]:
        if e["back"]:
            if duplex == "long":
                assert abs(e["back"]["x_mm"] - (W - e["x_mm"] - e["w_mm"])) < 0.011
                assert e["back"]["y_mm"] == e["y_mm"]
            else:
                assert abs(e["back"]["y_mm"] - (H - e["y_mm"] - e["h_mm"])) < 0.011
                assert e["back"]["x_mm"] == e["x_mm"]
    total = sum(n for *_, n in specs)
    plain = [e for e in doc.manifest["pieces"] if "part" not in e]
    split = {e["name"].rsplit(" part ", 1)[0] for e in doc.manifest["pieces"] if "part" in e}
    assert len(plain) + len(split) == total
