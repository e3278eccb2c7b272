"""Cards: a deck is a table of rows; each row's face templates (title, text) read `row` and `params`."""
from __future__ import annotations

import re
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
from pnpkit.generator.pieces import WORDS_IN, Piece, frame as frame_line, safe_zone
from pnpkit.generator.shapes import Rect, Shape, Style, Text, ground
from pnpkit.generator.components import layout
from pnpkit.generator.textblock import TextFitError
from pnpkit.generator.textblock import layout as layout_text
from pnpkit.kitfile.components import Cards, CardFace, Face, is_color
from pnpkit.kitfile.errors import Problem, SourceError, field_name
from pnpkit.kitfile.structs import replace


def _face(kit, c: Cards, face: Face, row: dict[str, Any], where: tuple) -> tuple[Shape, ...]:
    """A card face: its background to the cut (the pipeline runs it on as bleed), the frame inside
    the safe line (1/8 in inside the cut) and everything else inside the frame, in the face's flow
    (title, art, label, text, down the card) or, a part with a box in the face's `layout`, in its box."""
    w, h = c.size
    safe = safe_zone("card")
    m = WORDS_IN  # words and art keep this far inside the cut (a millimetre of air inside the frame)
    full = face.art_box == "full" and bool(face.art) and not face.blank
    frame: list[Shape] = [Rect(0, 0, w, h, ground(face.fill or "#ffffff"))]
    if not full:  # a picture over the whole face has no frame line drawn over it
        frame.append(frame_line(w, h, safe, Style(fill=None, stroke=face.color or INK, width=0.35), r=c.corner))
    if face.blank:
        return tuple(frame)
    lay = face.layout
    under = None if full else face.fill or "#ffffff"  # the words' ground (unknown over a picture)
    for part in lay:
        if part in ("title", "label", "text") and layout.placed(face, part):
            layout.inside(kit, where + ("layout", part), lay[part], w, h, safe)
    backdrop: list[Shape] = []  # a drawing that has the whole face, under the words
    out: list[Shape] = []
    if full:
        name, opts = _art_of(kit, face, row, where)
        backdrop.append(full_art(kit, replace(face, art=name), w, h, where, opts))
        face = replace(face, art=None)
    y = m + 0.5
    if face.title:
        y = _title(kit, face, row, where, w, y, under, out)
    text = render_string(kit, face.text, where + ("text",), row=row).strip() if face.text else ""
    label = layout.look(lay.get("label"), "condensed-bold", 10.0)
    if face.label:
        layout.warn_contrast(kit, _at(face, where, "label"), "label", label.color, under)
    flow_label = face.label if not layout.placed(face, "label") else None
    try:
        label_pt = fit_text(flow_label, label.font, label.pt, w - 2 * m) if flow_label else 0.0
    except TextFitError as e:
        raise error(kit, where + ("label",), str(e)) from None
    label_h = label_pt * 0.3528 * 1.3  # the label's line, under the art, its descent inside the frame
    flow_text = text if not layout.placed(face, "text") else ""
    if face.art:
        share = face.art_share if flow_text else 0.8 if flow_label is None else 0.92
        y = _art(kit, c, face, row, where, y, label_h, share, out, backdrop)
    if flow_label:
        x, anchor = layout.across(label.align, m, w - m, w / 2)
        out.append(Text(x, y + label_pt * 0.3528, flow_label, size=label_pt, font=label.font, color=label.color,
                        anchor=anchor))
        y += label_h + 0.5
    elif face.label:
        out.append(layout.words(kit, where + ("layout", "label"), face.label, lay["label"], label))
    if text:
        out += _text(kit, c, face, text, where, y, under)
    if face.mark:
        d = 6.0
        out += badge(face.mark, face.color, w - m - d / 2, h - m - d / 2, d)
    out += layout.named(kit, face, where, safe, w, h, under, row)
    return tuple(frame + backdrop + out)


def _art(kit, c: Cards, face: Face, row: dict[str, Any], where: tuple, y: float, label_h: float, share: float,
         out: list[Shape], backdrop: list[Shape]) -> float:
    """The face's drawing: in its box of the face's `layout`, over the whole face under the words
    (`art_box: face`), or in the flow at `y`, `share` of the height left above the label; the y under it."""
    w, h = c.size
    m = WORDS_IN
    name, opts = _art_of(kit, face, row, where)
    at = where + ("art_options",)
    if layout.placed(face, "art"):
        place = face.layout["art"]
        layout.inside(kit, where + ("layout", "art"), place, w, h, 0.0)
        out.append(layout.boxed(kit, where + ("layout", "art"), place,
                                lambda bw, bh: [placed(kit_art(kit, at, name, bw, bh, **opts), 0, 0)]))
    elif face.art_box == "face":  # the drawing has the whole face and lays out its own numbers
        backdrop.append(placed(kit_art(kit, at, name, w - 2 * m, h - 2 * m, **opts), m, m))
    else:
        art_h = (h - y - m - label_h) * share
        box = min(art_h, w - 2 * m)
        out.append(placed(kit_art(kit, at, name, box, box, **opts), w / 2 - box / 2, y + (art_h - box) / 2))
        y += art_h + 1.0
    return y


TEXT_INK = "#000000"  # the colour a text block's words print in (generator/textblock.py)


def _title(kit, face: Face, row: dict[str, Any], where: tuple, w: float, y: float, under: str | None,
           out: list[Shape]) -> float:
    """The title, added to `out`: in its layout box, or at the top of the flow; the flow's next y."""
    safe = safe_zone("card")
    title = render_string(kit, face.title, where + ("title",), row=row).strip()
    lk = layout.look(face.layout.get("title"), "heading", 12.0)
    layout.warn_contrast(kit, _at(face, where, "title"), "title", lk.color, under)
    if layout.placed(face, "title"):
        out.append(layout.words(kit, where + ("layout", "title"), title, face.layout["title"], lk))
        return y
    try:
        pt = fit_text(title, lk.font, lk.pt, w - 2 * WORDS_IN)  # as clear of the frame as the words
    except TextFitError as e:
        raise error(kit, where + ("title",), str(e)) from None
    x, anchor = layout.across(lk.align, safe + 0.5, w - safe - 0.5, w / 2)
    out.append(Text(x, y + pt * 0.3528, title, size=pt, font=lk.font, color=lk.color, anchor=anchor))
    return y + pt * 0.3528 * 1.5


def _text(kit, c: Cards, face: Face, text: str, where: tuple, y: float, under: str | None) -> list[Shape]:
    """The card's text: in its layout box, or below the rest of the flow (from `y`)."""
    w, h = c.size
    m = WORDS_IN
    lay = face.layout
    lk = layout.look(lay.get("text"), "body", 9.0, valign="top", color=TEXT_INK)
    layout.warn_contrast(kit, _at(face, where, "text"), "text", lk.color, under)
    if layout.placed(face, "text"):
        return [layout.paragraphs(kit, where + ("layout", "text"), text, lay["text"], lk, f"{c.name} card text")]
    try:
        laid = layout_text(text, w - 2 * m, h - y - m, x=m, y=y, max_pt=lk.pt, where=f"{c.name} card text")
    except TextFitError as e:
        raise error(kit, where + ("text",), str(e)) from None
    return list(layout.recoloured(laid.shapes, lay["text"].color if "text" in lay else None))


def _at(face: Face, where: tuple, part: str) -> tuple:
    """Where a warning about a part points: its layout entry if it has one, else the part itself."""
    return where + (("layout", part) if part in face.layout else (part,))


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


_READS = re.compile(r"row\.([A-Za-z_][A-Za-z0-9_]*)|row\[\s*['\"]([^'\"]+)['\"]\s*\]")


def _coloured(kit, face: CardFace | None, row: dict[str, Any], where: tuple, deck: tuple) -> CardFace | None:
    """The face with its `fill` and `color` templates rendered for this row ("{{ row.hex }}"): each
    must give a colour "#rrggbb" (an empty one leaves the default); `deck` is the row's place."""
    if face is None:
        return None
    update: dict[str, Any] = {}
    for key in ("fill", "color"):
        value = getattr(face, key)
        if value is None or is_color(value):
            continue
        update[key] = _row_colour(kit, value, where + (key,), row, deck)
    places = {name: replace(p, color=_row_colour(kit, p.color, where + ("layout", name, "color"), row, deck))
              for name, p in face.layout.items() if p.color is not None and not is_color(p.color)}
    if places:  # a part's words coloured by the row ("{{ row.ink }}")
        update["layout"] = {**face.layout, **places}
    return replace(face, **update) if update else face


def _row_colour(kit, template: str, at: tuple, row: dict[str, Any], deck: tuple) -> str | None:
    """A colour template rendered for the row: a colour, or None for an empty cell."""
    got = render_string(kit, template, at, row=row).strip()
    if got and not is_color(got):
        raise _not_a_colour(kit, at, template, got, deck)
    return got or None


def _not_a_colour(kit, at: tuple, template: str, got: str, deck: tuple) -> SourceError:
    """A row's colour that is none: at the kit's line of the template, naming the deck's cell (the
    file, row and column; or the kit file's line of an inline row) the value came from."""
    from pnpkit.kitfile.model import source_for
    source = source_for(kit)
    reads = [a or b for a, b in _READS.findall(template)]
    cell = deck + (reads[0],) if len(reads) == 1 else deck
    if source is None:
        return error(kit, at, f'expected a colour "#rrggbb", got {got[:40]!r}')
    where = source.field_of(cell)
    if where == field_name(cell):  # a row written in the kit file itself: its own line
        where += f" (line {source.line_of(cell)})"
    return SourceError(kit.file, [Problem(source.line_of(at), source.field_of(at),
                                          f'{where}: expected a colour "#rrggbb" (e.g. "#E69F00"), got {got[:40]!r}')])


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
        deck = where + ("deck", r)
        faces = _coloured(kit, c.front, row, where + ("front",), deck), _coloured(kit, c.back, row, where + ("back",), deck)
        with pictures.piece(" ".join(str(p) for p in (c.display, label) if p != "")):
            front = _face(kit, c, faces[0], row, where + ("front",))
            back = _face(kit, c, faces[1], row, where + ("back",)) if faces[1] is not None else None
        grounds = (_ground(faces[0]), _ground(faces[1]) if faces[1] is not None else None)
        for n in range(1, count + 1):
            name = " ".join(str(p) for p in (c.display, label, n if count > 1 else "") if p != "")
            out.append(Piece(component=c.name, kind="card", name=name, w=w, h=h, front=front, back=back,
                             bleed=c.bleed, grounds=grounds, meta={"row": r, "cut_corner": c.cut_corner}))
    return out
