"""A face's `layout:` drawn (kitfile/layout.py): a part in a box of its own, the look of its words,
the designer's named texts, and the warning for words that do not stand out from their ground.

The faces' renderers (cards.py, faces.py) keep their flow: a part with no layout is drawn exactly
as before, one with only styles is drawn where it stands in the look asked for, and one with a box
leaves the flow and is drawn here, in that box, turned by its `rotate`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnpkit.generator import pictures
from pnpkit.generator.colour import contrast
from pnpkit.generator.components.common import INK, error, local_size, oriented, templated
from pnpkit.generator.fonts import TextFitError, line_height, text_width, wrap
from pnpkit.generator.legibility import PLAY_PT
from pnpkit.generator.shapes import MM_PER_PT, Group, Shape, Text, evolve
from pnpkit.kitfile.layout import DEFAULT_PT, Place

AA = 4.5   # WCAG 2's AA contrast for text: words under it are warned about
ASCENT, DESCENT = 0.74, 0.22   # of a line's size in mm: its ink above and below the baseline
LEADING = 1.15


@dataclass(frozen=True)
class Look:
    """How a part's words are set: its layout's styles over the part's own."""

    font: str
    pt: float
    color: str
    align: str = "center"
    valign: str = "middle"


def look(place: Place | None, font: str, pt: float, valign: str = "middle", color: str = INK) -> Look:
    if place is None:
        return Look(font, pt, color, "center", valign)
    return Look(place.font or font, place.size_pt or pt, place.color or color, place.align or "center",
                place.valign or valign)


def placed(face: Any, part: str) -> Place | None:
    """The part's layout entry if it has a box of its own (it leaves the face's flow), else None."""
    place = face.layout.get(part)
    return place if place is not None and place.placed else None


def across(align: str, left: float, right: float, centre: float) -> tuple[float, str]:
    """Where a line's anchor sits between `left` and `right` (or on `centre`), and which end of
    the line it is."""
    return {"left": (left, "start"), "right": (right, "end")}.get(align, (centre, "middle"))


def inside(kit: Any, where: tuple, place: Place, w: float, h: float, margin: float) -> None:
    """A part's box must lie on the face, `margin` inside its cut (the safe zone, for words)."""
    (x, y), (bw, bh) = place.at, place.size
    if x < margin - 1e-6 or y < margin - 1e-6 or x + bw > w - margin + 1e-6 or y + bh > h - margin + 1e-6:
        raise error(kit, where, f"the box {bw:g} x {bh:g} mm at [{x:g}, {y:g}] reaches past the face's safe zone "
                                f"({margin:g} mm inside its {w:g} x {h:g} mm cut): keep it within x {margin:g} to "
                                f"{w - margin:g} and y {margin:g} to {h - margin:g}")


def lines(text: str, lk: Look, bw: float, bh: float) -> list[Shape]:
    """`text` wrapped to the box (0, 0, bw, bh) at the largest size from the look's down to 7 pt at
    which it fits, aligned in it (TextFitError: it does not fit even at 7 pt)."""
    pt = max(lk.pt, PLAY_PT)
    while True:
        rows = wrap(text, lk.font, pt, bw)
        step = line_height(pt, LEADING)
        tall = (ASCENT + DESCENT) * pt * MM_PER_PT + (len(rows) - 1) * step
        if max(text_width(r, lk.font, pt) for r in rows) <= bw + 1e-6 and tall <= bh + 1e-6:
            break
        if pt <= PLAY_PT:
            raise TextFitError(f"{text!r} does not fit its {bw:g} x {bh:g} mm box even at {PLAY_PT:g} pt: "
                               "shorten it or make the box larger")
        pt = max(pt - 0.25, PLAY_PT)
    top = {"top": 0.0, "bottom": bh - tall}.get(lk.valign, (bh - tall) / 2)
    x, anchor = across(lk.align, 0.0, bw, bw / 2)
    return [Text(x, top + ASCENT * pt * MM_PER_PT + i * step, r, size=pt, font=lk.font, color=lk.color, anchor=anchor)
            for i, r in enumerate(rows)]


def boxed(kit: Any, where: tuple, place: Place, draw) -> Group:
    """`draw(w, h)` (shapes in the box's own frame, w x h as the part reads) in the part's box,
    turned by its `rotate`; a word that does not fit is the kit file's error at the part."""
    (x, y), (bw, bh) = place.at, place.size
    lw, lh = local_size(bw, bh, place.rotate)
    try:
        shapes = draw(lw, lh)
    except TextFitError as e:
        raise error(kit, where, str(e)) from None
    return oriented(shapes, x, y, bw, bh, place.rotate)


def words(kit: Any, where: tuple, text: str, place: Place, lk: Look) -> Group:
    return boxed(kit, where, place, lambda w, h: lines(text, lk, w, h))


def paragraphs(kit: Any, where: tuple, markup: str, place: Place, lk: Look, name: str) -> Group:
    """A card's text (the markup of docs/kit-file.md) laid out in the part's box."""
    from pnpkit.generator.textblock import layout as lay

    def draw(w: float, h: float) -> list[Shape]:
        laid = lay(markup, w, h, max_pt=lk.pt, where=name)
        drop = {"bottom": h - laid.height, "middle": (h - laid.height) / 2}.get(lk.valign, 0.0)
        return [Group(recoloured(laid.shapes, place.color), dy=drop)]
    return boxed(kit, where, place, draw)


def recoloured(shapes: tuple[Shape, ...], color: str | None) -> tuple[Shape, ...]:
    """The words among `shapes` in `color` (drawings and rules as they are); None: as they are."""
    if color is None:
        return shapes
    out: list[Shape] = []
    for s in shapes:
        if isinstance(s, Text):
            out.append(evolve(s, color=color))
        elif isinstance(s, Group):
            out.append(evolve(s, items=recoloured(s.items, color)))
        else:
            out.append(s)
    return tuple(out)


def named(kit: Any, face: Any, where: tuple, margin: float, w: float, h: float, ground: str | None,
          row: dict | None = None) -> list[Shape]:
    """The face's named texts (a layout entry with `text`), each in its box; on cards their words
    are jinja2 reading the row. Each is checked against the face's ground."""
    out: list[Shape] = []
    for name, place in face.layout.items():
        if place.text is None:
            continue
        at = where + ("layout", name)
        inside(kit, at, place, w, h, margin)
        text = (templated(kit, place.text, at + ("text",), row=row) if row is not None else place.text).strip()
        if not text:
            continue
        lk = look(place, "condensed-bold", DEFAULT_PT["named"])
        warn_contrast(kit, at, name, lk.color, ground, f"text {name!r}")
        out.append(words(kit, at, text, place, lk))
    return out


def warn_contrast(kit: Any, where: tuple, part: str, color: str, ground: str | None, what: str = "") -> None:
    """A warning (the build goes on) for words whose colour stands out from the face's ground by
    less than WCAG AA's 4.5:1: near black on navy, black on a mid blue. `ground` None: a picture
    lies under them, whose colours are not known here."""
    if ground is None:
        return
    ratio = contrast(color, ground)
    if ratio >= AA:
        return
    better = "#ffffff" if contrast("#ffffff", ground) > contrast(INK, ground) else INK
    message = (f"the {what or part} prints {color} on {ground}, a contrast of {ratio:.1f}:1 (under WCAG AA's {AA:g}:1, "
               f'hard to read): colour it with layout: {{{part}: {{color: "{better}"}}}}')
    pictures.warn(str(error(kit, where, message)))
