"""One face of a counter or tile: background, art, the owner's mark, a label.

The background runs to the cut (and past it, as bleed, when the pipeline asks: generator/bleed.py).
Everything else keeps inside the face's safe zone, `safe` mm inside the cut (SAFE in
generator/pieces.py: 1.5 mm on counters, 3 mm on tiles), so a crooked cut never shaves a frame or a
word: the thin frame line is drawn on the safe line itself, and art, marks and labels sit inside
it. On a round face the safe zone is a disc, and the art and the label are fitted to the disc
(their real outlines, not their boxes), so a label never crosses the round cut.
"""
from __future__ import annotations

import math
from typing import Any

from generator.components.common import INK, art, badge, fit_text, mix, placed
from generator.shapes import Circle, Rect, Shape, Style, Text, ground
from generator.shapes import MM_PER_PT as PT
from kitfile.components import Face, PieceSet

PAD = 0.6  # mm between the frame line and what is inside it
ASCENT, DESCENT = 0.74, 0.22  # of a label's size in mm: its ink above and below the baseline


def resolved(face: Face | None, group: PieceSet) -> Face | None:
    """The face with the set's colour, mark and label filled in where the face says nothing."""
    if face is None or face.blank:
        return face
    update: dict[str, Any] = {}
    for key in ("color", "mark", "label"):
        if getattr(face, key) is None and getattr(group, key) is not None:
            update[key] = getattr(group, key)
    return face.model_copy(update=update) if update else face


def background(face: Face) -> str:
    """The colour the face's background prints in, up to the cut ("#ffffff": the paper)."""
    if face.blank:
        return face.fill or "#ffffff"
    return face.fill or (mix(face.color, 0.82) if face.tint and face.color else "#ffffff")


def reach(shapes: tuple[Shape, ...], cx: float, cy: float) -> float:
    """How far from (cx, cy) the ink of `shapes` goes (outlines sampled, half strokes added)."""
    from generator.art._core import IDENTITY, outline_points, transform
    far = 0.0
    for s in transform(shapes, IDENTITY):
        st = getattr(s, "style", None)
        pad = st.width / 2 if (st is not None and st.stroke) else 0.0
        for x, y in outline_points(s):
            far = max(far, math.hypot(x - cx, y - cy) + pad)
    return far


def _disc_art(face: Face, opts: dict, box: float, cx: float, cy: float, ox: float, oy: float,
              radius: float) -> tuple[Shape, ...]:
    """The face's art in a square `box` centred at (cx, cy), made smaller until its ink lies
    within `radius` of the face's centre (ox, oy)."""
    for _ in range(12):
        drawing = placed(art(face.art, box, box, **opts), cx - box / 2, cy - box / 2)
        far = reach((drawing,), ox, oy)
        if far <= radius + 1e-6:
            return (drawing,)
        box *= max(0.5, min(0.98, (radius - 0.05) / far))
    return (drawing,)


def _disc_label(text: str, size_pt: float, bottom: float, radius: float) -> float:
    """The largest size (from `size_pt` down) at which one line of `text`, its ink's bottom at
    `bottom` mm below the centre, lies inside a disc of `radius`: the corners of its box are the
    points farthest out."""
    pt = size_pt
    while pt > 4.0:
        top = bottom - (ASCENT + DESCENT) * pt * PT
        far_y = max(abs(bottom), abs(top))
        half = math.sqrt(max(0.0, radius ** 2 - far_y ** 2))
        if fit_text(text, "condensed-bold", pt, 2 * half) == pt:
            return pt
        pt -= 0.25
    return pt


def draw_face(face: Face, w: float, h: float, shape: str, border: str, corner: float = 0.0,
              safe: float = 1.5) -> tuple[Shape, ...]:
    """A face drawn in (0,0,w,h). Round faces are cut as circles (the background is a disc)."""
    bg = background(face)
    out: list[Shape] = []
    frame = Style(fill=None, stroke=border, width=0.2)
    size = min(w, h)
    if shape == "round":
        out.append(Circle(w / 2, h / 2, w / 2, ground(bg)))
        out.append(Circle(w / 2, h / 2, w / 2 - safe, frame))
    else:
        out.append(Rect(0, 0, w, h, ground(bg)))
        out.append(Rect(safe, safe, w - 2 * safe, h - 2 * safe, frame, r=corner))
    if face.blank:
        return tuple(out)
    inner = safe + PAD  # what is inside keeps clear of the frame line
    room = size - 2 * inner
    edge_art = face.art is not None and face.art_scale >= 1.0  # e.g. belts that run on past the cut
    fills = face.art is not None and face.art_scale >= 0.85
    own_mark = bool(face.mark)
    below = face.label is not None or (own_mark and not fills)
    opts = dict(face.art_options)
    if face.color:
        opts.setdefault("color", face.color)
    if shape == "round":
        return tuple(out + _round_content(face, opts, w, h, inner, fills, own_mark, below))
    box = size * face.art_scale * (0.82 if below else 1.0)
    if not edge_art:
        box = min(box, room - (0.0 if not below else room * 0.18))
    cy = h / 2 - (size * 0.1 if below else 0.0)
    if face.art:
        out.append(placed(art(face.art, box, box, **opts), w / 2 - box / 2, cy - box / 2))
    if own_mark and fills and face.label is None:
        d = size * 0.3
        off = size / 2 - inner - d / 2
        out += badge(face.mark, face.color, w / 2 + off, h / 2 + off, d)
        return tuple(out)
    bottom = cy + box / 2
    if own_mark and face.label is None:
        d = size * 0.24
        out += badge(face.mark, face.color, w / 2, min(bottom + d * 0.55, h - inner - d / 2), d)
    elif face.label is not None:
        pt = fit_text(face.label, "condensed-bold", size * 0.42, room - 1.0)  # a little air each side
        x = w / 2
        if own_mark:
            d = size * 0.2
            x += d * 0.6
            out += badge(face.mark, face.color, x - room / 2 - d * 0.1, bottom + d * 0.5, d)
        base = min(bottom + pt * 0.36, h - inner - DESCENT * pt * PT)
        out.append(Text(x, base, face.label, size=pt, font="condensed-bold", color=INK, anchor="middle"))
    return tuple(out)


def _round_content(face: Face, opts: dict, w: float, h: float, inner: float, fills: bool,
                   own_mark: bool, below: bool) -> list[Shape]:
    """Art, mark and label inside a round face's safe disc (radius r - inner)."""
    size = min(w, h)
    cx, cy = w / 2, h / 2
    radius = size / 2 - inner
    out: list[Shape] = []
    label_top = cy + radius
    if face.label is not None:
        bottom = radius * 0.74  # the label's ink ends here, below the centre
        pt = _disc_label(face.label, size * 0.42, bottom, radius)
        base = cy + bottom - DESCENT * pt * PT
        label_top = base - ASCENT * pt * PT
        out.append(Text(cx, base, face.label, size=pt, font="condensed-bold", color=INK, anchor="middle"))
    if face.art:
        box = size * face.art_scale * (0.82 if below else 1.0)
        if face.label is not None:  # the art fills what the label leaves above it
            top = cy - radius
            box = min(box, label_top - 0.4 - top)
            acy = label_top - 0.4 - box / 2
        else:
            box = min(box, 2 * radius)
            acy = cy - (size * 0.1 if below else 0.0)
        out[:0] = _disc_art(face, opts, box, cx, acy, cx, cy, radius)
    if own_mark and face.label is None:
        d = size * (0.3 if fills else 0.24)
        if fills:  # a badge over the drawing's lower right, inside the disc
            off = (radius - d / 2) / math.sqrt(2)
            out += badge(face.mark, face.color, cx + off, cy + off, d)
        else:
            out += badge(face.mark, face.color, cx, cy + radius - d / 2, d)
    return out
