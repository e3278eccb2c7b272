"""A position's areas laid out with the kit's own pieces (generator/tableau.py): pieces on a board
(side by side in a region, stacked on a space), pieces and cards beside it in captioned groups, a
score sheet with what is written on it, and a row of cards with the cards lying on them.
"""
from __future__ import annotations

from pnpkit.generator import fonts
from pnpkit.generator.components import board as boards
from pnpkit.generator.laid import Item, Laid
from pnpkit.generator.shapes import MM_PER_PT
from pnpkit.generator.sheets import line_that_fits
from pnpkit.generator.tableau_faces import KitDrawings
from pnpkit.kitfile import Problem, SourceError

PT = MM_PER_PT
CAPTION_PT = 9.0                     # an aside group's caption
ASIDE_CARD_H = 30.0                  # a card beside the board is shown this high at most
NOTE_PT = 10.0                       # the note under a card in a row of cards (the page: .caption.note)
ROW_MM = 600.0                       # a row of cards goes on in a new row past this width
FAN = 0.3                            # cards on their back overlap: each shows this much of its width


def _no_place(tab: KitDrawings, board: str, what: str) -> SourceError:
    return SourceError(tab.kit.file, [Problem(None, "components", f"the board {board!r} has no place {what}")])


def on_board(tab: KitDrawings, area) -> Laid:
    _, w, h = tab.board(area.name)
    places = tab.places(area.name)
    laid = Laid("board", area.title, w, h, board=area.name, taps=area.taps)
    regions: dict[str, list[tuple[float, float]]] = {}
    used: dict[str, int] = {}
    spots: dict[str, list] = {}
    for p in area.pieces:
        if p.place not in places:
            raise _no_place(tab, area.name, (
                f"{p.place!r} (its regions, tracks' spaces, lattices' spaces "
                f"and grids' squares: {', '.join(list(places)[:12])} ...), where the scorer puts {p.counters}"))
        key = tab.face(p.counters, p.set, p.back)
        d = tab.faces[key][1]
        kind, (x, y, bw, bh) = places[p.place]
        if kind == "spot":
            spots.setdefault(p.place, []).append((key, d, p.count, p.label, (x, y, bw, bh), p.tag))
            continue
        if p.place not in regions:
            regions[p.place] = boards.slots((bw, bh), d, (x, y), boards.obstacles(tab.component(area.name, "board")[1]))
            used[p.place] = 0
        free = regions[p.place] or [(x, y)]
        for _ in range(p.count):
            k = used[p.place]
            sx, sy = free[k % len(free)]
            lap = 2.0 * (k // len(free))          # more than the region holds: on top, a little aside
            laid.items.append(Item(key, sx + lap, sy + lap, d, 1, p.label, place=p.tag))
            used[p.place] += 1
    _stack_spots(spots, laid)
    _cards_on_board(tab, area, places, laid)
    for trace in area.traces:
        _trace(tab, area.name, places, trace, laid)
    return laid


def _stack_spots(spots: dict[str, list], laid: Laid) -> None:
    """The pieces on a space, stacked a little aside each, round its middle."""
    for stack in spots.values():
        x, y, bw, bh = stack[0][4]
        n = len(stack)
        room = max(0.0, min(bw, bh) - max(d for _, d, _, _, _, _ in stack))
        step = min(room / (n - 1), 6.0) if n > 1 else 0.0
        for k, (key, d, count, label, _, tag) in enumerate(stack):
            shift = (k - (n - 1) / 2) * step
            laid.items.append(Item(key, x + (bw - d) / 2 + shift, y + (bh - d) / 2 + shift, d, count, label, place=tag))


def _cards_on_board(tab: KitDrawings, area, places, laid: Laid) -> None:
    """A card at a place: as large as the place holds, in its middle."""
    for card in area.cards:
        if card.place not in places:
            raise _no_place(tab, area.name, f"{card.place!r}, where the scorer puts a card of {card.component}")
        key = tab.card_face(card.component, card.row, card.back)
        _, cw, ch = tab.faces[key]
        _, (x, y, bw, bh) = places[card.place]
        scale = min(1.0, bw / cw, bh / ch)
        laid.items.append(Item(key, x + (bw - cw * scale) / 2, y + (bh - ch * scale) / 2, cw * scale, card.count,
                               "", ch * scale, card.tag))


def _trace(tab: KitDrawings, board: str, places, trace, laid: Laid) -> None:
    """A line through places of the board (at fractions of each), its note written at a place."""
    for name in [p for p, _, _ in trace.points] + ([trace.note_at] if trace.note_at else []):
        if name not in places:
            raise _no_place(tab, board, f"{name!r}, where the scorer draws a path")
    points = [(x + fx * w, y + fy * h) for name, fx, fy in trace.points for _, (x, y, w, h) in [places[name]]]
    if len(points) > 1:
        laid.lines.append((trace.color, trace.dashed, points))
    if trace.note and trace.note_at:
        _, (x, y, w, h) = places[trace.note_at]
        for k, line in enumerate(trace.note.split("\n")):
            laid.texts.append((x + 0.8, y + (k + 1) * CAPTION_PT * PT * 1.15, line))   # from the place's top


def aside(tab: KitDrawings, area) -> Laid:
    """Pieces beside the board, in groups with their caption: a row that wraps at 250 mm."""
    laid = Laid("aside", area.title, 0.0, 0.0)
    x = y = 0.0
    row_h = 0.0
    width = 250.0
    for p in area.pieces:
        key = tab.face(p.counters, p.set, p.back)
        d = tab.faces[key][1]
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
        key = tab.card_face(card.component, card.row, card.back)
        _, cw, ch = tab.faces[key]
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


def sheet(tab: KitDrawings, area) -> Laid:
    """A score sheet as printed (drawn once: the page shows one drawing for every step), with what
    is written in its fields (by the fillable PDF's names) as the step's own writing."""
    front, sw, sh, boxes = tab.sheet(area.name)
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


def cards_row(tab: KitDrawings, area) -> Laid:
    """Cards side by side (a new row past ROW_MM), each with the cards lying on it fanned over its
    middle and its note under it; cards lying on their back one after another (a player's full
    storage cards, turned over) overlap as a table stacks them, their notes under them as one. The
    pieces that lie by the cards (a supply, David) come first."""
    laid = Laid("cards", area.title, 0.0, 0.0)
    x = y = row_h = 0.0
    for p in area.pieces:
        key = tab.face(p.counters, p.set, p.back)
        d = tab.faces[key][1]
        laid.items.append(Item(key, x, y, d, p.count, p.label, place=p.tag))
        x += d + 5.0
        row_h = d
    left = x
    for group in _card_groups(area.cards):
        keys = [tab.card_face(c.component, c.row, c.back) for c in group]
        _, w, h = tab.faces[keys[0]]
        step = w * FAN
        gw = (len(group) - 1) * step + w
        if x > left and x + gw > ROW_MM:
            x, y = left, y + row_h + 6.0
            row_h = 0.0
        for k, (card, key) in enumerate(zip(group, keys)):
            laid.items.append(Item(key, x + k * step, y, w, card.count, "", h, card.tag))
        if group[0].on:
            _fan_over(tab, group[0].on, x, y, w, h, laid)
        note = "  ·  ".join(c.note for c in group if c.note)
        if note:
            tw = fonts.text_width(note, "condensed", NOTE_PT)
            laid.texts.append((max(x, x + (gw - tw) / 2), y + h + 4.8, note))
        row_h = max(row_h, h + (6.5 if note else 0.0))
        laid.w = max(laid.w, x + gw, x + (fonts.text_width(note, "condensed", NOTE_PT) if note else 0.0))
        x += gw + 5.0
    laid.h = y + row_h
    return laid


def _card_groups(cards) -> list[list]:
    """Cards one to a group, but cards on their back with nothing on them, one after another, in one."""
    groups: list[list] = []
    for card in cards:
        if groups and card.back and not card.on and all(c.back and not c.on for c in groups[-1]):
            groups[-1].append(card)
        else:
            groups.append([card])
    return groups


def _fan_over(tab: KitDrawings, on, x: float, y: float, w: float, h: float, laid: Laid) -> None:
    """The cards lying on a card, fanned over its middle, clear of its size and its points."""
    small = [tab.card_face(c.component, c.row, c.back) for c in on]
    scale = min(1.0, h * 0.62 / max(tab.faces[s][2] for s in small))
    cw = max(tab.faces[s][1] for s in small) * scale
    start, room = x + w * 0.28, w * 0.5
    gap = min(cw * 0.6, (room - cw) / (len(small) - 1)) if len(small) > 1 else 0.0
    for j, s in enumerate(small):
        _, sw, sh = tab.faces[s]
        laid.items.append(Item(s, start + j * gap, y + (h - sh * scale) / 2, sw * scale, 1, "", sh * scale))
