"""A position drawn with the kit's own pieces, at the places the kit file names.

The scorer says what lies where (scorer.play.Position: a board component and a place on it, a
counters component, its set and side). This module finds each place on the kit's board (a
region, a track's space, a lattice's space, a grid's square), lays the counters there as a table
would (side by side in a region, stacked on a space), and draws them with the shapes the PDF
prints. A board that changes in the kit file changes here with it.

Cards are laid the same way as counters: a card's face (a deck row, one side) is drawn once and
placed wherever that card lies: at a place on a board (a face-up card, a draw pile), beside it, or
in a row of cards with the cards lying on them.

A tile-laying game's map is laid tile by tile from the kit's tile data, each tile drawn as the
kit's tile key draws it (generator.carcassonne), on one frame for the whole game (`frame`), so the
map does not jump as it grows.

`Tableau.lay(area)` gives the layout (what the replay page's script draws: counter and card faces
by key at positions); `Tableau.shapes(laid)` the same drawn as shapes (what a PNG is made of).
"""
from __future__ import annotations

from typing import Any

from pnpkit.generator import fonts, tableau_tiles
from pnpkit.generator.components import board as boards
from pnpkit.generator.components import cards as card_pieces
from pnpkit.generator.components import counters as counter_pieces
from pnpkit.generator.components import score_sheet
from pnpkit.generator.components import tiles as tile_pieces
from pnpkit.generator.components.common import INK, placed
from pnpkit.generator.laid import Item, Laid
from pnpkit.generator.shapes import MM_PER_PT, Circle, Group, Polygon, Rect, Shape, Style, Text
from pnpkit.generator.sheets import line_that_fits
from pnpkit.kitfile import Problem, SourceError

PT = MM_PER_PT
CAPTION_PT = 9.0                     # an aside group's caption
TAG_PT = 6.5                         # a player's name under their piece
ASIDE_CARD_H = 30.0                  # a card beside the board is shown this high at most
NOTE_PT = 10.0                       # the note under a card in a row of cards (the page: .caption.note)
ROW_MM = 600.0                       # a row of cards goes on in a new row past this width
FAN = 0.3                            # cards on their back overlap: each shows this much of its width
PEN = "#1f4fa3"                      # what is written on a sheet, in ballpoint blue
TRACE_MM = 1.6                       # a path drawn over a board (NUTS' Matching Paths)


class Tableau:
    """One kit's boards and counter faces, drawn once and reused for every position."""

    def __init__(self, kit, targets: bool = False) -> None:
        self.kit = kit
        self.targets = targets      # a tapped table's picture: every place of a board marked to be tapped
        self.components = {c.name: (i, c) for i, c in enumerate(kit.components)}
        self.boards: dict[str, tuple[tuple[Shape, ...], float, float]] = {}
        self.faces: dict[str, tuple[tuple[Shape, ...], float, float]] = {}
        self._places: dict[str, dict[str, tuple[str, tuple[float, float, float, float]]]] = {}
        self._cards: dict[str, list[Any]] = {}
        self._sheets: dict[str, tuple[tuple[Shape, ...], float, float, dict[str, tuple[float, float, float, float]]]] = {}
        self.extent: tuple[int, int, int, int] | None = None    # the map's west, east, south, north

    # ------------------------------------------------------------ the kit's own drawings

    def _component(self, name: str, kind: str | tuple[str, ...]):
        kinds = (kind,) if isinstance(kind, str) else kind
        if name not in self.components or self.components[name][1].kind not in kinds:
            raise SourceError(self.kit.file, [Problem(None, "components", f"no {' or '.join(kinds)} component named "
                                              f"{name!r}, which the scorer names in a position (pnpkit replay)")])
        return self.components[name]

    def board(self, name: str) -> tuple[tuple[Shape, ...], float, float]:
        if name not in self.boards:
            i, b = self._component(name, "board")
            piece = boards.pieces(self.kit, b, i)[0]
            panel = piece.meta.get("panel")      # a board laid against another: its strip lies under that one
            self.boards[name] = ((panel.drawing, panel.w, panel.h) if panel is not None
                                 else (piece.front, piece.w, piece.h))
        return self.boards[name]

    def face(self, counters: str, set_name: str | None, back: bool) -> str:
        """The key of a counter's (or a square tile's) face (drawn once): `chestnuts/Orange/back`."""
        key = f"{counters}/{set_name or ''}/{'back' if back else 'front'}"
        if key not in self.faces:
            i, c = self._component(counters, ("counters", "tiles"))
            made = (counter_pieces if c.kind == "counters" else tile_pieces).pieces(self.kit, c, i)
            piece = next((p for p in made if p.meta.get("set") == set_name), made[0])
            shapes = piece.back if back and piece.back is not None else piece.front
            self.faces[key] = (shapes, piece.w, piece.h)
        return key

    def card_face(self, component: str, row: int, back: bool) -> str:
        """The key of a card's face (drawn once): `card:nuts/2/front`."""
        key = f"card:{component}/{row}/{'back' if back else 'front'}"
        if key not in self.faces:
            self.faces[key] = self._card(component, row, back)
        return key

    def places(self, name: str) -> dict[str, tuple[str, tuple[float, float, float, float]]]:
        """Every place of a board by the kit file's name: a region (`basket`), a track's space
        (`added-flames 2`), a lattice's space (`tree C2`), a grid's square (`forest 2 3`), a drawing
        by its art's name (`draw-pile`, where no region has that name)."""
        if name not in self._places:
            _, b = self._component(name, "board")
            out: dict[str, tuple[str, tuple[float, float, float, float]]] = {}
            for r in b.regions:
                out[r.name] = ("region", boards.holding_box(r))
            for t in b.tracks:
                w, h = t.box()
                for label, (x, y) in zip(t.spaces, boards.track_places(t)):
                    out[f"{t.name} {label}"] = ("spot", (x, y, w, h))
            for lat in b.lattices:
                pos, _ = boards.lattice_places(lat, self.kit.params)
                for space, (cx, cy) in pos.items():
                    out[f"{lat.name} {space}"] = ("spot", (cx - lat.space / 2, cy - lat.space / 2, lat.space, lat.space))
            for g in b.grids:
                for r in range(g.rows):
                    for c in range(g.cols):
                        out[f"{g.name} {r + 1} {c + 1}"] = ("spot", (g.at[0] + c * g.cell, g.at[1] + r * g.cell, g.cell, g.cell))
            for a in b.art:
                out.setdefault(a.name, ("spot", (a.at[0], a.at[1], a.size[0], a.size[1])))
            self._places[name] = out
        return self._places[name]

    # ------------------------------------------------------------ laying out an area

    def lay(self, area) -> Laid:
        if area.kind == "board":
            return self._on_board(area)
        if area.kind == "aside":
            return self._aside(area)
        if area.kind == "sheet":
            return self._sheet(area)
        if area.kind == "tiles":
            return self._map(area)
        if area.kind == "rows":
            return self._rows(area)
        return self._cards_row(area)

    # ------------------------------------------------------------ a map of tiles (generator/tableau_tiles.py)

    def frame(self, areas) -> None:
        """One frame for every map of a replay: the extent of all its tiles, a tile of room round."""
        self.extent = tableau_tiles.extent(areas)

    def _map(self, area) -> Laid:
        return tableau_tiles.lay_map(self, area)

    def _rows(self, area) -> Laid:
        return tableau_tiles.lay_rows(self, area)

    def face_of(self, key: str, draw) -> str:
        """A face drawn once by `draw()` -> (shapes, w, h), kept under `key`."""
        if key not in self.faces:
            self.faces[key] = draw()
        return key

    def _on_board(self, area) -> Laid:
        _, w, h = self.board(area.name)
        places = self.places(area.name)
        laid = Laid("board", area.title, w, h, board=area.name, taps=area.taps)
        regions: dict[str, list[tuple[float, float]]] = {}
        used: dict[str, int] = {}
        spots: dict[str, list] = {}
        for p in area.pieces:
            if p.place not in places:
                raise SourceError(self.kit.file, [Problem(None, "components", (
                    f"the board {area.name!r} has no place {p.place!r} (its regions, tracks' spaces, lattices' spaces "
                    f"and grids' squares: {', '.join(list(places)[:12])} ...), where the scorer puts {p.counters}"))])
            key = self.face(p.counters, p.set, p.back)
            d = self.faces[key][1]
            kind, (x, y, bw, bh) = places[p.place]
            if kind == "spot":
                spots.setdefault(p.place, []).append((key, d, p.count, p.label, (x, y, bw, bh), p.tag))
                continue
            if p.place not in regions:
                regions[p.place] = boards.slots((bw, bh), d, (x, y), boards.obstacles(self._component(area.name, "board")[1]))
                used[p.place] = 0
            free = regions[p.place] or [(x, y)]
            for _ in range(p.count):
                k = used[p.place]
                sx, sy = free[k % len(free)]
                lap = 2.0 * (k // len(free))          # more than the region holds: on top, a little aside
                laid.items.append(Item(key, sx + lap, sy + lap, d, 1, p.label, place=p.tag))
                used[p.place] += 1
        for stack in spots.values():
            x, y, bw, bh = stack[0][4]
            n = len(stack)
            room = max(0.0, min(bw, bh) - max(d for _, d, _, _, _, _ in stack))
            step = min(room / (n - 1), 6.0) if n > 1 else 0.0
            for k, (key, d, count, label, _, tag) in enumerate(stack):
                shift = (k - (n - 1) / 2) * step
                laid.items.append(Item(key, x + (bw - d) / 2 + shift, y + (bh - d) / 2 + shift, d, count, label, place=tag))
        for card in area.cards:     # a card at a place: as large as the place holds, in its middle
            if card.place not in places:
                raise SourceError(self.kit.file, [Problem(None, "components", (
                    f"the board {area.name!r} has no place {card.place!r}, where the scorer puts a card of "
                    f"{card.component}"))])
            key = self.card_face(card.component, card.row, card.back)
            _, cw, ch = self.faces[key]
            _, (x, y, bw, bh) = places[card.place]
            scale = min(1.0, bw / cw, bh / ch)
            laid.items.append(Item(key, x + (bw - cw * scale) / 2, y + (bh - ch * scale) / 2, cw * scale, card.count,
                                   "", ch * scale, card.tag))
        for trace in area.traces:
            self._trace(area.name, places, trace, laid)
        return laid

    def _trace(self, board: str, places, trace, laid: Laid) -> None:
        """A line through places of the board (at fractions of each), its note written at a place."""
        for name in [p for p, _, _ in trace.points] + ([trace.note_at] if trace.note_at else []):
            if name not in places:
                raise SourceError(self.kit.file, [Problem(None, "components", (
                    f"the board {board!r} has no place {name!r}, where the scorer draws a path"))])
        points = [(x + fx * w, y + fy * h) for name, fx, fy in trace.points for _, (x, y, w, h) in [places[name]]]
        if len(points) > 1:
            laid.lines.append((trace.color, trace.dashed, points))
        if trace.note and trace.note_at:
            _, (x, y, w, h) = places[trace.note_at]
            for k, line in enumerate(trace.note.split("\n")):
                laid.texts.append((x + 0.8, y + (k + 1) * CAPTION_PT * PT * 1.15, line))   # from the place's top

    def _aside(self, area) -> Laid:
        """Pieces beside the board, in groups with their caption: a row that wraps at 250 mm."""
        laid = Laid("aside", area.title, 0.0, 0.0)
        x = y = 0.0
        row_h = 0.0
        width = 250.0
        for p in area.pieces:
            key = self.face(p.counters, p.set, p.back)
            d = self.faces[key][1]
            shown = min(p.count, 6)
            cap_w = fonts.text_width(p.place, "condensed", CAPTION_PT)
            gw = max(cap_w, shown * (d + 2.0) - 2.0) if shown else cap_w
            gh = CAPTION_PT * PT * 1.6 + (d + (4.5 if p.label else 0.0) if shown else 0.0)
            if x > 0 and x + gw > width:
                x, y = 0.0, y + row_h + 5.0
                row_h = 0.0
            laid.texts.append((x, y + CAPTION_PT * PT, p.place))
            top = y + CAPTION_PT * PT * 1.6
            for k in range(shown):
                laid.items.append(Item(key, x + k * (d + 2.0), top, d, p.count if k == shown - 1 and p.count > shown else 1,
                                       p.label, place=p.tag))
            laid.w = max(laid.w, x + gw)
            row_h = max(row_h, gh)
            x += gw + 8.0
        for card in area.cards:     # a card (a pile of them) with its note as the caption
            key = self.card_face(card.component, card.row, card.back)
            _, cw, ch = self.faces[key]
            scale = min(1.0, ASIDE_CARD_H / ch)
            gw = max(fonts.text_width(card.note, "condensed", CAPTION_PT), cw * scale)
            gh = CAPTION_PT * PT * 1.6 + ch * scale
            if x > 0 and x + gw > width:
                x, y = 0.0, y + row_h + 5.0
                row_h = 0.0
            laid.texts.append((x, y + CAPTION_PT * PT, card.note))
            laid.items.append(Item(key, x, y + CAPTION_PT * PT * 1.6, cw * scale, card.count, "", ch * scale, card.tag))
            laid.w = max(laid.w, x + gw)
            row_h = max(row_h, gh)
            x += gw + 8.0
        laid.h = y + row_h
        return laid

    def _sheet(self, area) -> Laid:
        """A score sheet as printed (drawn once: the page shows one drawing for every step), with what
        is written in its fields (by the fillable PDF's names) as the step's own writing."""
        if area.name not in self._sheets:
            i, s = self._component(area.name, "score-sheet")
            piece = score_sheet.pieces(self.kit, s, i)[0]
            self._sheets[area.name] = (tuple(piece.front), piece.w, piece.h,
                                       {name: (x, y, w, h) for name, x, y, w, h in piece.meta["fields"]})
        front, sw, sh, boxes = self._sheets[area.name]
        laid = Laid("sheet", area.title, sw, sh, drawing=front)
        for name, text in area.fields:
            if name not in boxes or not text:
                continue
            x, y, w, h = boxes[name]
            # written from a record: a list too long for its box is cut after a whole item, "... and N more"
            text, pt = line_that_fits(text, w - 2.0, "body", min(11.0, h / PT * 0.62))
            big = h > 9.0           # a box with its label at the top: write under the label
            ty = y + h - (h - pt * PT) / 2 if not big else y + h - 2.2
            laid.writing.append((x + w / 2 if not big else x + w - 1.5, ty, text, pt, "middle" if not big else "end"))
        return laid

    def _card(self, component: str, row: int, back: bool) -> tuple[tuple[Shape, ...], float, float]:
        if component not in self._cards:
            i, c = self._component(component, "cards")
            by_row: dict[int, Any] = {}
            for p in card_pieces.pieces(self.kit, c, i):
                by_row.setdefault(p.meta["row"], p)
            self._cards[component] = [by_row[r] for r in sorted(by_row)]
        piece = self._cards[component][row]
        return (piece.back if back and piece.back is not None else piece.front), piece.w, piece.h

    def _cards_row(self, area) -> Laid:
        """Cards side by side (a new row past ROW_MM), each with the cards lying on it fanned over its
        middle and its note under it; cards lying on their back one after another (a player's full
        storage cards, turned over) overlap as a table stacks them, their notes under them as one. The
        pieces that lie by the cards (a supply, David) come first."""
        laid = Laid("cards", area.title, 0.0, 0.0)
        x = y = row_h = 0.0
        for p in area.pieces:
            key = self.face(p.counters, p.set, p.back)
            d = self.faces[key][1]
            laid.items.append(Item(key, x, y, d, p.count, p.label, place=p.tag))
            x += d + 5.0
            row_h = d
        left = x
        groups: list[list] = []
        for card in area.cards:
            if groups and card.back and not card.on and all(c.back and not c.on for c in groups[-1]):
                groups[-1].append(card)
            else:
                groups.append([card])
        for group in groups:
            keys = [self.card_face(c.component, c.row, c.back) for c in group]
            _, w, h = self.faces[keys[0]]
            step = w * FAN
            gw = (len(group) - 1) * step + w
            if x > left and x + gw > ROW_MM:
                x, y = left, y + row_h + 6.0
                row_h = 0.0
            for k, (card, key) in enumerate(zip(group, keys)):
                laid.items.append(Item(key, x + k * step, y, w, card.count, "", h, card.tag))
            card = group[0]
            if card.on:                 # fanned over the card's middle, clear of its size and its points
                small = [self.card_face(on.component, on.row, on.back) for on in card.on]
                scale = min(1.0, h * 0.62 / max(self.faces[s][2] for s in small))
                cw = max(self.faces[s][1] for s in small) * scale
                start, room = x + w * 0.28, w * 0.5
                gap = min(cw * 0.6, (room - cw) / (len(small) - 1)) if len(small) > 1 else 0.0
                for j, s in enumerate(small):
                    _, sw, sh = self.faces[s]
                    laid.items.append(Item(s, start + j * gap, y + (h - sh * scale) / 2, sw * scale, 1, "", sh * scale))
            note = "  ·  ".join(c.note for c in group if c.note)
            if note:
                tw = fonts.text_width(note, "condensed", NOTE_PT)
                laid.texts.append((max(x, x + (gw - tw) / 2), y + h + 4.8, note))
            row_h = max(row_h, h + (6.5 if note else 0.0))
            laid.w = max(laid.w, x + gw, x + (fonts.text_width(note, "condensed", NOTE_PT) if note else 0.0))
            x += gw + 5.0
        laid.h = y + row_h
        return laid

    # ------------------------------------------------------------ drawn as shapes (for a PNG)

    def shapes(self, laid: Laid) -> list[Shape]:
        out: list[Shape] = list(laid.drawing)
        if laid.board:
            out += self.board(laid.board)[0]
        size = NOTE_PT if laid.kind == "cards" else CAPTION_PT
        for x, y, text in laid.texts:
            out.append(Text(x, y, text, size=size, font="condensed", color=INK))
        for x, y, text, pt, anchor in laid.writing:
            out.append(Text(x, y, text, size=pt, font="body", color=PEN, anchor=anchor))
        for it in laid.items:
            out += self.item_shapes(it)
        for color, dashed, points in laid.lines:
            out.append(Polygon(tuple(points), Style(stroke=color, width=TRACE_MM, dash=(3.0, 2.0) if dashed else (),
                                                    cap="round", join="round"), closed=False))
        if laid.board and self.targets and laid.taps:     # on top of what lies there: a tap on a piece is a tap on its place
            out += [Group((Rect(*box, Style(stroke=None)),), place=name)
                    for name, (_, box) in self.places(laid.board).items()]
        return out

    def item_shapes(self, it: Item) -> list[Shape]:
        """A counter or a card, a stack (a shadow under it) with its count on a badge, and a name tag."""
        face, fw, _ = self.faces[it.face]
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
        return [Group(tuple(out), place=it.place)] if it.place and self.targets else out


# ---------------------------------------------------------------- one picture of a whole step

def compose(tab: Tableau, laids: list[Laid], head: list[tuple[str, str]], width: float = 560.0
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
        out.append(placed(tab.shapes(laid), x, y + title_h))
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
