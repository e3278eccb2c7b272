"""One face of a counter, tile or card: background, art, the owner's mark, a label."""
from __future__ import annotations

from typing import Any

from generator.components.common import INK, art, badge, fit_text, mix, placed
from generator.shapes import Circle, Rect, Shape, Style, Text
from kitfile.components import Face, PieceSet


def resolved(face: Face | None, group: PieceSet) -> Face | None:
    """The face with the set's colour, mark and label filled in where the face says nothing."""
    if face is None or face.blank:
        return face
    update: dict[str, Any] = {}
    for key in ("color", "mark", "label"):
        if getattr(face, key) is None and getattr(group, key) is not None:
            update[key] = getattr(group, key)
    return face.model_copy(update=update) if update else face


def draw_face(face: Face, w: float, h: float, shape: str, border: str, corner: float = 0.0) -> tuple[Shape, ...]:
    """A face drawn in (0,0,w,h). Round faces are cut as circles (the background is a disc)."""
    out: list[Shape] = []
    if face.blank:
        bg = face.fill or "#ffffff"
    else:
        bg = face.fill or (mix(face.color, 0.82) if face.tint and face.color else "#ffffff")
    # The background runs to the cut; a thin line inside it shows where to cut without being cut off.
    inset = min(w, h) * 0.035
    if shape == "round":
        out.append(Circle(w / 2, h / 2, w / 2, Style(fill=bg, stroke=None)))
        out.append(Circle(w / 2, h / 2, w / 2 - inset, Style(fill=None, stroke=border, width=0.2)))
    else:
        out.append(Rect(0, 0, w, h, Style(fill=bg, stroke=None)))
        out.append(Rect(inset, inset, w - 2 * inset, h - 2 * inset, Style(fill=None, stroke=border, width=0.2), r=corner))
    if face.blank:
        return tuple(out)
    size = min(w, h)
    # A drawing that fills the face carries the mark on a badge over its lower-right edge; a smaller
    # one has the mark (or the label) under it. The badge is ours, not the drawing's, so the drawing
    # stays centred on the cut.
    fills = face.art is not None and face.art_scale >= 0.85
    own_mark = bool(face.mark)
    below = face.label is not None or (own_mark and not fills)
    box = size * face.art_scale * (0.82 if below else 1.0)
    cy = h / 2 - (size * 0.1 if below else 0.0)
    if face.art:
        opts = dict(face.art_options)
        if face.color:
            opts.setdefault("color", face.color)
        out.append(placed(art(face.art, box, box, **opts), w / 2 - box / 2, cy - box / 2))
    if own_mark and fills and face.label is None:
        d = size * 0.3
        off = (size / 2 - d / 2 - inset) * 0.72
        out += badge(face.mark, face.color, w / 2 + off, h / 2 + off, d)
        return tuple(out)
    bottom = cy + box / 2
    if own_mark and face.label is None:
        d = size * 0.24
        out += badge(face.mark, face.color, w / 2, min(bottom + d * 0.55, h - inset - d * 0.6), d)
    elif face.label is not None:
        room = size * (0.62 if shape == "round" else 0.84)
        pt = fit_text(face.label, "condensed-bold", size * 0.42, room)
        x = w / 2
        if own_mark:
            d = size * 0.2
            x += d * 0.6
            out += badge(face.mark, face.color, x - room / 2 - d * 0.1, bottom + d * 0.5, d)
        lowest = h * 0.84 if shape == "round" else h - inset - 0.6  # a disc narrows at the bottom
        out.append(Text(x, min(bottom + pt * 0.36, lowest), face.label, size=pt, font="condensed-bold",
                        color=INK, anchor="middle"))
    return tuple(out)
