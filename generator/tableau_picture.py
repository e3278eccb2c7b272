"""A laid-out position drawn as shapes (what a PNG of a replay step is made of): each area's
counters and cards with their stacks, badges and name tags, its captions, writing and traces, and
a whole step as one picture rasterised through the PDF backend.
"""
from __future__ import annotations

from pnpkit.generator import fonts
from pnpkit.generator.components.common import INK, placed
from pnpkit.generator.laid import Item, Laid
from pnpkit.generator.shapes import MM_PER_PT, Circle, Group, Polygon, Rect, Shape, Style, Text
from pnpkit.generator.tableau_areas import CAPTION_PT, NOTE_PT
from pnpkit.generator.tableau_faces import KitDrawings

PT = MM_PER_PT
TAG_PT = 6.5                         # a player's name under their piece
PEN = "#1f4fa3"                      # what is written on a sheet, in ballpoint blue
TRACE_MM = 1.6                       # a path drawn over a board (NUTS' Matching Paths)


def laid_shapes(tab: KitDrawings, laid: Laid) -> list[Shape]:
    """An area as shapes: its drawing or board, captions, writing, pieces and traces."""
    out: list[Shape] = list(laid.drawing)
    if laid.board:
        out += tab.board(laid.board)[0]
    size = NOTE_PT if laid.kind == "cards" else CAPTION_PT
    for x, y, text in laid.texts:
        out.append(Text(x, y, text, size=size, font="condensed", color=INK))
    for x, y, text, pt, anchor in laid.writing:
        out.append(Text(x, y, text, size=pt, font="body", color=PEN, anchor=anchor))
    for it in laid.items:
        out += item_shapes(tab, it)
    for color, dashed, points in laid.lines:
        out.append(Polygon(tuple(points), Style(stroke=color, width=TRACE_MM, dash=(3.0, 2.0) if dashed else (),
                                                cap="round", join="round"), closed=False))
    if laid.board and tab.targets and laid.taps:    # on top of what lies there: a tap on a piece is a tap on its place
        out += [Group((Rect(*box, Style(stroke=None)),), place=name) for name, (_, box) in tab.places(laid.board).items()]
    return out


def item_shapes(tab: KitDrawings, it: Item) -> list[Shape]:
    """A counter or a card, a stack (a shadow under it) with its count on a badge, and a name tag."""
    face, fw, _ = tab.faces[it.face]
    out: list[Shape] = []
    if it.count > 1:
        shadow = Style(fill="#7a6f66", stroke=None)
        out.append(Rect(it.x + 1.2, it.y + 1.2, it.d, it.h, shadow, r=1.5) if it.h is not None
                   else Circle(it.x + it.d / 2 + 1.2, it.y + it.d / 2 + 1.2, it.d / 2, shadow))
    out.append(Group(tuple(face), dx=it.x, dy=it.y, scale=it.d / fw) if abs(it.d - fw) > 1e-6
               else placed(face, it.x, it.y))
    if it.count > 1:
        r = 3.4
        out += [Circle(it.x + it.d - r * 0.6, it.y + r * 0.6, r, Style(fill="#222222", stroke="#ffffff", width=0.4)),
                Text(it.x + it.d - r * 0.6, it.y + r * 0.6 + 1.15, str(it.count), size=9.0, font="bold",
                     color="#ffffff", anchor="middle")]
    if it.label:
        tw = fonts.text_width(it.label, "condensed-bold", TAG_PT) + 2.4
        ty = it.y + it.d - 1.0
        out += [Rect(it.x + it.d / 2 - tw / 2, ty, tw, 3.8, Style(fill="#ffffff", stroke=INK, width=0.25), r=1.2),
                Text(it.x + it.d / 2, ty + 2.8, it.label, size=TAG_PT, font="condensed-bold", color=INK,
                     anchor="middle")]
    return [Group(tuple(out), place=it.place)] if it.place and tab.targets else out


def compose(tab: KitDrawings, laids: list[Laid], head: list[tuple[str, str]], width: float = 560.0
            ) -> tuple[list[Shape], float, float]:
    """A step as one picture: `head` lines ((text, colour)) on top, then the areas side by side,
    wrapping at `width` mm, each under its title."""
    margin, gap, title_h = 8.0, 10.0, 8.0
    out: list[Shape] = []
    y = margin
    wide = max([l.w for l in laids] + [200.0])
    width = max(wide, min(width, sum(l.w for l in laids) + gap * (len(laids) - 1))) + 2 * margin
    for text, color in head:
        for line in fonts.wrap(text, "regular", 10.0, width - 2 * margin):
            y += 10.0 * PT * 1.35
            out.append(Text(margin, y, line, size=10.0, font="regular", color=color))
    y += 4.0
    x, row_h = margin, 0.0
    for laid in laids:
        if x > margin and x + laid.w > width - margin:
            x, y = margin, y + row_h + gap
            row_h = 0.0
        out.append(Text(x, y + title_h - 2.5, laid.title, size=12.0, font="heading", color=INK))
        out.append(placed(laid_shapes(tab, laid), x, y + title_h))
        row_h = max(row_h, laid.h + title_h)
        x += laid.w + gap
    height = y + row_h + margin
    return [Rect(0, 0, width, height, Style(fill="#ffffff", stroke=None))] + out, width, height


def png(shapes: list[Shape], w: float, h: float, dpi: int = 110) -> bytes:
    """The picture rasterised through the PDF backend (fonts embedded), so it is what would print."""
    import io

    import pypdfium2

    from pnpkit.generator.backends import pdf
    doc = pypdfium2.PdfDocument(pdf.render([tuple(shapes)], w, h))
    try:
        page = doc[0]
        image = page.render(scale=dpi / 72).to_pil()
        page.close()
    finally:
        doc.close()
    buf = io.BytesIO()
    image.save(buf, format="PNG")          # optimize=True: 4 times slower for 1% smaller
    return buf.getvalue()
