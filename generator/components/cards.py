"""Cards: a deck is a table of rows; each row's face templates (title, text) read `row` and `params`."""
from __future__ import annotations

from typing import Any

from pnpkit.generator import pictures
from pnpkit.generator.bleed import ART
from pnpkit.generator.components.common import (
    INK,
    badge,
    error,
    fit_text,
    kit_art,
    placed,
    render_string,
    templated,
    unknown_art,
)
from pnpkit.generator.components.faces import full_art
from pnpkit.generator.pieces import Piece, safe_zone
from pnpkit.generator.shapes import Rect, Shape, Style, Text, ground
from pnpkit.generator.textblock import TextFitError, layout
from pnpkit.kitfile.components import Cards, Face


def _face(kit, c: Cards, face: Face, row: dict[str, Any], where: tuple) -> tuple[Shape, ...]:
    """A card face: its background to the cut (the pipeline runs it on as bleed), the frame on the
    safe line (SAFE, 3 mm inside the cut) and everything else inside the frame."""
    w, h = c.size
    safe = safe_zone("card")
    m = safe + 1.5  # words and art keep this far inside the cut (1.5 mm of air inside the frame)
    full = face.art_box == "full" and bool(face.art) and not face.blank
    frame: list[Shape] = [Rect(0, 0, w, h, ground(face.fill or "#ffffff"))]
    if not full:  # a picture over the whole face has no frame line drawn over it
        frame.append(Rect(safe, safe, w - 2 * safe, h - 2 * safe,
                          Style(fill=None, stroke=face.color or INK, width=0.35), r=c.corner))
    if face.blank:
        return tuple(frame)
    backdrop: list[Shape] = []  # a drawing that has the whole face, under the words
    out: list[Shape] = []
    if full:
        name, opts = _art_of(kit, face, row, where)
        backdrop.append(full_art(kit, face.model_copy(update={"art": name}), w, h, where, opts))
        face = face.model_copy(update={"art": None})
    y = m + 0.5
    if face.title:
        title = render_string(kit, face.title, where + ("title",), row=row).strip()
        pt = fit_text(title, "heading", 12.0, w - 2 * safe - 1.0)  # a title may use the air inside the frame
        out.append(Text(w / 2, y + pt * 0.3528, title, size=pt, font="heading", color=INK, anchor="middle"))
        y += pt * 0.3528 * 1.5
    text = render_string(kit, face.text, where + ("text",), row=row).strip() if face.text else ""
    label_pt = fit_text(face.label, "condensed-bold", 10.0, w - 2 * m) if face.label else 0.0
    label_h = label_pt * 0.3528 * 1.3  # the label's line, under the art, its descent inside the frame
    if face.art:
        name, opts = _art_of(kit, face, row, where)
        at = where + ("art_options",)
        if face.art_box == "face":  # the drawing has the whole face and lays out its own numbers
            backdrop.append(placed(kit_art(kit, at, name, w - 2 * m, h - 2 * m, **opts), m, m))
        else:
            art_h = (h - y - m - label_h) * (face.art_share if text else 0.8 if face.label is None else 0.92)
            box = min(art_h, w - 2 * m)
            out.append(placed(kit_art(kit, at, name, box, box, **opts), w / 2 - box / 2, y + (art_h - box) / 2))
            y += art_h + 1.0
    if face.label:
        out.append(Text(w / 2, y + label_pt * 0.3528, face.label, size=label_pt, font="condensed-bold", color=INK,
                        anchor="middle"))
        y += label_h + 0.5
    if text:
        try:
            laid = layout(text, w - 2 * m, h - y - m, x=m, y=y, max_pt=9.0, where=f"{c.name} card text")
        except TextFitError as e:
            raise error(kit, where + ("text",), str(e)) from None
        out.extend(laid.shapes)
    if face.mark:
        d = 6.0
        out += badge(face.mark, face.color, w - m - d / 2, h - m - d / 2, d)
    return tuple(frame + backdrop + out)


def _art_of(kit, face: Face, row: dict[str, Any], where: tuple) -> tuple[str, dict[str, Any]]:
    """The face's art name and options; text with {{ }} in either is jinja2 reading the deck's `row`
    (a deck whose rows differ in their drawing: `art: "{{ row.kind }}"`, `{size: "{{ row.size }}"}`)."""
    name = templated(kit, face.art or "", where + ("art",), row=row).strip()
    if name != face.art and not pictures.is_picture(name):
        from pnpkit.generator import art as library
        if name not in library.names():
            raise unknown_art(kit, where + ("art",), name, library.names(), f" (from {face.art!r} for this row)")
    opts = {k: templated(kit, v, where + ("art_options", k), row=row).strip() if isinstance(v, str) and "{" in v else v
            for k, v in face.art_options.items()}
    if face.color:
        opts.setdefault("color", face.color)
    return name, opts


def _ground(face: Face) -> str:
    """The face's background colour at its cut, or ART for a picture over the whole face."""
    if face.art_box == "full" and face.art and not face.blank:
        return ART
    return face.fill or "#ffffff"


def pieces(kit, c: Cards, index: int) -> list[Piece]:
    where = ("components", index)
    rows = c.deck or [{}]
    out: list[Piece] = []
    w, h = c.size
    for r, row in enumerate(rows):
        count = row.get("count", c.count)
        if not isinstance(count, int) or count < 1:
            raise error(kit, where + ("deck", r, "count"), f"expected a whole number of copies, got {count!r}")
        label = row.get("id") or row.get("name") or (str(r + 1) if c.deck else "")
        with pictures.piece(" ".join(str(p) for p in (c.display, label) if p != "")):
            front = _face(kit, c, c.front, row, where + ("front",))
            back = _face(kit, c, c.back, row, where + ("back",)) if c.back is not None else None
        grounds = (_ground(c.front), _ground(c.back) if c.back is not None else None)
        for n in range(1, count + 1):
            name = " ".join(str(p) for p in (c.display, label, n if count > 1 else "") if p != "")
            out.append(Piece(component=c.name, kind="card", name=name, w=w, h=h, front=front, back=back,
                             bleed=c.bleed, grounds=grounds, meta={"row": r, "cut_corner": c.cut_corner}))
    return out
