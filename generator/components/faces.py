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

from pnpkit.generator import pictures
from pnpkit.generator.bleed import ART, MAX_REACH
from pnpkit.generator.colour import shows_its_edge
from pnpkit.generator.fonts import TextFitError, text_width
from pnpkit.generator.legibility import PLAY_PT
from pnpkit.generator.components import layout
from pnpkit.generator.components.common import INK, art, badge, error, fit_text, kit_art, mix, placed
from pnpkit.generator.shapes import Circle, Rect, Shape, Style, Text, ground
from pnpkit.generator.shapes import MM_PER_PT as PT
from pnpkit.generator.pieces import frame as frame_line
from pnpkit.kitfile.components import Face, PieceSet
from pnpkit.kitfile.structs import replace

PAD = 0.6  # mm between the frame line and what is inside it
CUT_LINE = 0.25  # mm: a light round counter's outline, the line a scissor follows (a ring further in invites a second cut)
CUT_LINE_IN = 0.4  # mm from the cut to the line's middle: its outer edge just inside the cut (a pixel clear of a neighbour's cut)
ASCENT, DESCENT = 0.74, 0.22  # of a label's size in mm: its ink above and below the baseline


def resolved(face: Face | None, group: PieceSet) -> Face | None:
    """The face with the set's colour, mark and label filled in where the face says nothing."""
    if face is None or face.blank:
        return face
    update: dict[str, Any] = {}
    for key in ("color", "mark", "label"):
        if getattr(face, key) is None and getattr(group, key) is not None:
            update[key] = getattr(group, key)
    return replace(face, **update) if update else face


def background(face: Face) -> str:
    """The colour the face's background prints in, up to the cut ("#ffffff": the paper), or ART
    for a picture that covers the face and its bleed (`art_box: full`)."""
    if face.art and face.art_box == "full" and not face.blank:
        return ART
    if face.blank:
        return face.fill or "#ffffff"
    return face.fill or (mix(face.color, 0.82) if face.tint and face.color else "#ffffff")


def reach(shapes: tuple[Shape, ...], cx: float, cy: float) -> float:
    """How far from (cx, cy) the ink of `shapes` goes (outlines sampled, half strokes added)."""
    from pnpkit.generator.art._core import IDENTITY, outline_xy, transform
    far = 0.0
    hypot = math.hypot
    for s in transform(shapes, IDENTITY):
        st = getattr(s, "style", None)
        pad = st.width / 2 if (st is not None and st.stroke) else 0.0
        xs, ys = outline_xy(s)
        if xs:  # adding pad never reorders distances (rounding is monotone): the farthest, then pad
            far = max(far, max([hypot(x - cx, y - cy) for x, y in zip(xs, ys)]) + pad)
    return far


def _disc_art(face: Face, opts: dict, box: float, cx: float, cy: float, ox: float, oy: float,
              radius: float, kit=None, where: tuple = ()) -> tuple[Shape, ...]:
    """The face's art in a square `box` centred at (cx, cy), made smaller until its ink lies
    within `radius` of the face's centre (ox, oy)."""
    for _ in range(12):
        drawing = placed(_art(kit, where, face.art, box, opts), cx - box / 2, cy - box / 2)
        far = reach((drawing,), ox, oy)
        if far <= radius + 1e-6:
            return (drawing,)
        box *= max(0.5, min(0.98, (radius - 0.05) / far))
    return (drawing,)


def _disc_label(text: str, size_pt: float, bottom: float, radius: float, font: str = "condensed-bold") -> float:
    """The largest size (from `size_pt` down) at which one line of `text`, its ink's bottom at
    `bottom` mm below the centre, lies inside a disc of `radius`: the corners of its box are the
    points farthest out."""
    pt = max(size_pt, PLAY_PT)
    while True:
        top = bottom - (ASCENT + DESCENT) * pt * PT
        far_y = max(abs(bottom), abs(top))
        half = math.sqrt(max(0.0, radius ** 2 - far_y ** 2))
        if text_width(text, font, pt) <= 2 * half:
            return pt
        if pt <= PLAY_PT:
            raise TextFitError(f"{text!r} does not fit inside the round piece even at {PLAY_PT:g} pt: shorten it")
        pt = max(pt - 0.25, PLAY_PT)


def full_art(kit, face: Face, w: float, h: float, where: tuple, opts: dict) -> Shape:
    """`art_box: full`: the drawing covers the face and MAX_REACH mm past its cut (the build's clip
    keeps the bleed it asks for), a picture in `fill` unless its options say otherwise."""
    size = (w + 2 * MAX_REACH, h + 2 * MAX_REACH)
    if pictures.is_picture(face.art):
        opts = {"fit": "fill", **opts}
    drawing = kit_art(kit, where + ("art_options",), face.art, *size, **opts) if kit is not None else art(face.art, *size, **opts)
    return placed(drawing, -MAX_REACH, -MAX_REACH)


def draw_face(face: Face, w: float, h: float, shape: str, border: str, corner: float = 0.0,
              safe: float = 1.5, kit=None, where: tuple = ()) -> tuple[Shape, ...]:
    """A face drawn in (0,0,w,h). Round faces are cut as circles (the background is a disc).
    `kit` and `where` (the face's place in the kit file) let the face's art be a picture file."""
    bg = background(face)
    out: list[Shape] = []
    frame = Style(fill=None, stroke=border, width=0.2)
    opts = dict(face.art_options)
    if face.color:
        opts.setdefault("color", face.color)
    if bg == ART:  # a picture over the whole face: no frame line over it, nothing else in the middle
        out.append(full_art(kit, face, w, h, where, opts))
        face = replace(face, art=None)
    elif shape == "round":
        out.append(Circle(w / 2, h / 2, w / 2, ground(bg)))
        if not shows_its_edge(bg):  # on paper the disc's edge does not show: its outline is drawn on the cut itself
            out.append(Circle(w / 2, h / 2, w / 2 - CUT_LINE_IN, Style(fill=None, stroke=border, width=CUT_LINE)))
    else:
        out.append(Rect(0, 0, w, h, ground(bg)))
        out.append(frame_line(w, h, safe, frame, r=corner))
    if face.blank:
        return tuple(out)
    ground_of_words = None if bg == ART else bg
    if face.label is not None:  # (over a picture the label sits on a white plate)
        lk = layout.look(face.layout.get("label"), "condensed-bold", min(w, h) * 0.42)
        on = "#ffffff" if bg == ART and not layout.placed(face, "label") else ground_of_words
        layout.warn_contrast(kit, where + (("layout", "label") if "label" in face.layout else ("label",)), "label",
                             lk.color, on)
    face, boxed = _own_boxes(kit, face, w, h, safe, where, opts) if face.layout else (face, [])
    named = layout.named(kit, face, where, safe, w, h, ground_of_words) if face.layout else []
    return tuple(_flow(kit, face, out, w, h, shape, safe, bg, opts, where) + boxed + named)


def _own_boxes(kit, face: Face, w: float, h: float, safe: float, where: tuple,
               opts: dict) -> tuple[Face, list[Shape]]:
    """The face's label and art that have boxes of their own in its layout, drawn there, and the
    face without them for its flow (the art takes the room a label left, and so on)."""
    out: list[Shape] = []
    update: dict[str, Any] = {}
    box = layout.placed(face, "art")
    if box is not None and face.art:
        layout.inside(kit, where + ("layout", "art"), box, w, h, 0.0)
        draw = (lambda bw, bh: [placed(kit_art(kit, where + ("art_options",), face.art, bw, bh, **opts), 0, 0)]) \
            if kit is not None else (lambda bw, bh: [placed(art(face.art, bw, bh, **opts), 0, 0)])
        out.append(layout.boxed(kit, where + ("layout", "art"), box, draw))
        update["art"] = None
    label = layout.placed(face, "label")
    if label is not None and face.label is not None:
        layout.inside(kit, where + ("layout", "label"), label, w, h, safe)
        lk = layout.look(label, "condensed-bold", min(w, h) * 0.42)
        out.append(layout.words(kit, where + ("layout", "label"), face.label, label, lk))
        update["label"] = None
    return replace(face, **update) if update else face, out


def _flow(kit, face: Face, out: list[Shape], w: float, h: float, shape: str, safe: float, bg: str, opts: dict,
          where: tuple) -> list[Shape]:
    """The face's art, mark and label where the face puts them (after its background and frame, `out`)."""
    size = min(w, h)
    inner = safe + PAD  # what is inside keeps clear of the frame line
    room = size - 2 * inner
    edge_art = face.art is not None and face.art_scale >= 1.0  # e.g. belts that run on past the cut
    fills = face.art is not None and face.art_scale >= 0.85
    own_mark = bool(face.mark)
    below = face.label is not None or (own_mark and not fills)
    if shape == "round":
        return out + _round_content(face, opts, w, h, inner, fills, own_mark, below, kit, where)
    box = size * face.art_scale * (0.82 if below else 1.0)
    if not edge_art:
        box = min(box, room - (0.0 if not below else room * 0.18))
    cy = h / 2 - (size * 0.1 if below else 0.0)
    if face.art:
        out.append(placed(_art(kit, where, face.art, box, opts), w / 2 - box / 2, cy - box / 2))
    if own_mark and fills and face.label is None:
        d = size * 0.3
        off = size / 2 - inner - d / 2
        out += badge(face.mark, face.color, w / 2 + off, h / 2 + off, d)
        return out
    bottom = cy + box / 2
    if own_mark and face.label is None:
        d = size * 0.24
        out += badge(face.mark, face.color, w / 2, min(bottom + d * 0.55, h - inner - d / 2), d)
    elif face.label is not None:
        lk = layout.look(face.layout.get("label"), "condensed-bold", size * 0.42)
        pt = fit_text(face.label, lk.font, lk.pt, room - 1.0)  # a little air each side
        x = w / 2
        if own_mark:
            d = size * 0.2
            x += d * 0.6
            out += badge(face.mark, face.color, x - room / 2 - d * 0.1, bottom + d * 0.5, d)
        x, anchor = layout.across(lk.align, x - (room - 1.0) / 2, x + (room - 1.0) / 2, x)
        base = min(bottom + pt * 0.36, h - inner - DESCENT * pt * PT)
        if bg == ART:  # over a picture: on a white plate, so it reads whatever lies under it
            out.append(_plate(face.label, lk.font, pt, x, anchor, base))
        out.append(Text(x, base, face.label, size=pt, font=lk.font, color=lk.color, anchor=anchor))
    return out


def _plate(label: str, font: str, pt: float, x: float, anchor: str, base: float) -> Rect:
    """The white plate a label stands on over a picture, its line's width and 1.2 mm more each side."""
    from pnpkit.generator import fonts
    width = fonts.text_width(label, font, pt)
    half = width / 2 + 1.2
    left = x - half if anchor == "middle" else (x if anchor == "start" else x - width) - 1.2
    top = base - (ASCENT * pt * PT) - 0.9
    return Rect(left, top, 2 * half, (ASCENT + DESCENT) * pt * PT + 1.8, Style(fill="#ffffff", stroke=INK, width=0.25),
                r=1.2)


def _art(kit, where: tuple, name: str, box: float, opts: dict) -> tuple[Shape, ...]:
    """A face's art in a square box: a drawing of the art library, or the kit's own picture; with
    the kit, options the drawing refuses are the kit file's error at their line."""
    if kit is not None:
        return kit_art(kit, where + ("art_options",), name, box, box, **opts)
    return art(name, box, box, **opts)


def _round_content(face: Face, opts: dict, w: float, h: float, inner: float, fills: bool,
                   own_mark: bool, below: bool, kit=None, where: tuple = ()) -> list[Shape]:
    """Art, mark and label inside a round face's safe disc (radius r - inner)."""
    size = min(w, h)
    cx, cy = w / 2, h / 2
    radius = size / 2 - inner
    out: list[Shape] = []
    label_top = cy + radius
    if face.label is not None:
        lk = layout.look(face.layout.get("label"), "condensed-bold", size * 0.42)
        if face.layout.get("label") is not None and lk.align != "center":
            raise error(kit, where + ("layout", "label", "align"), "a round face's label is centred to keep inside "
                        "its round cut: give it a box of its own (`at` and `size`) to align it")
        bottom = radius * 0.74  # the label's ink ends here, below the centre
        pt = _disc_label(face.label, lk.pt, bottom, radius, lk.font)
        base = cy + bottom - DESCENT * pt * PT
        label_top = base - ASCENT * pt * PT
        out.append(Text(cx, base, face.label, size=pt, font=lk.font, color=lk.color, anchor="middle"))
    if face.art:
        box = size * face.art_scale * (0.82 if below else 1.0)
        if face.label is not None:  # the art fills what the label leaves above it
            top = cy - radius
            box = min(box, label_top - 0.4 - top)
            acy = label_top - 0.4 - box / 2
        else:
            box = min(box, 2 * radius)
            acy = cy - (size * 0.1 if below else 0.0)
        if pictures.is_picture(face.art):  # a picture is a box: the square that fits inside the disc
            box = min(box, radius * math.sqrt(2) - 2 * abs(acy - cy))
            out[:0] = [placed(_art(kit, where, face.art, box, opts), cx - box / 2, acy - box / 2)]
        else:
            out[:0] = _disc_art(face, opts, box, cx, acy, cx, cy, radius, kit, where)
    if own_mark and face.label is None:
        d = size * (0.3 if fills else 0.24)
        if fills:  # a badge over the drawing's lower right, inside the disc
            off = (radius - d / 2) / math.sqrt(2)
            out += badge(face.mark, face.color, cx + off, cy + off, d)
        else:
            out += badge(face.mark, face.color, cx, cy + radius - d / 2, d)
    return out
