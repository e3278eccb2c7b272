"""A tile key: every kind of tile of a tile-laying game, drawn from the kit's tile data, each with
the code a record writes for it and how many the box holds, set by set (Carcassonne, the River).

The drawings come from generator.carcassonne, the one drawing the replay lays on its map; the data
is the scorer's (kitfile.tileset), so the key a player reads is the table the scorer checks by.
"""
from __future__ import annotations

from pnpkit.generator import fonts
from pnpkit.generator.carcassonne import draw
from pnpkit.generator.components.common import INK, error
from pnpkit.generator.pieces import Piece, frame as frame_line, safe_zone
from pnpkit.generator.shapes import MM_PER_PT, Group, Rect, Shape, Style, Text, ground
from pnpkit.kitfile.components import TileKey
from pnpkit.kitfile.tileset import Tiles

MARGIN = 8.0            # from the cut to the key's contents (the frame sits on the safe line)
TITLE_PT, INTRO_PT, SET_PT = 20.0, 8.0, 11.0
CODE_PT, NAME_PT = 10.0, 7.0  # a name is read at the table: 7 pt (generator/legibility.py)
NAME_LINES = 3


def tile_data(kit, k: TileKey, where: tuple) -> Tiles:
    data = getattr(kit.params, k.tiles, None)
    if not isinstance(data, Tiles):
        raise error(kit, where + ("tiles",), f"params.{k.tiles} holds no tile data (kitfile/tileset.py: `sets` and "
                                             f"`kinds`)")
    return data


def pieces(kit, k: TileKey, index: int) -> list[Piece]:
    where = ("components", index)
    data = tile_data(kit, k, where)
    w, h = k.size
    safe = safe_zone("reference")
    out: list[Shape] = [Rect(0, 0, w, h, ground("#ffffff")),
                        frame_line(w, h, safe, Style(fill=None, stroke="#9a9a9a", width=0.25), r=2.0)]
    x0, inner = MARGIN, w - 2 * MARGIN
    y = MARGIN + TITLE_PT * MM_PER_PT
    out.append(Text(x0, y, k.display, size=TITLE_PT, font="title", color=INK))
    y += 2.0
    for line in fonts.wrap(k.intro, "body", INTRO_PT, inner):
        y += fonts.line_height(INTRO_PT)
        out.append(Text(x0, y, line, size=INTRO_PT, font="body", color=INK))
    cell = inner / k.columns
    tile = cell - 3.5
    row_h = tile + 3.0 + fonts.line_height(CODE_PT) + NAME_LINES * fonts.line_height(NAME_PT, 1.1) + 1.0
    for s in data.sets:
        kinds = [t for t in data.kinds if t.set == s.id]
        y += 5.0 + SET_PT * MM_PER_PT
        out.append(Text(x0, y, f"{s.title}: {s.count} tiles, {len(kinds)} kinds", size=SET_PT, font="heading", color=INK))
        y += 2.5
        for i, spec in enumerate(kinds):
            col, row = i % k.columns, i // k.columns
            cx, cy = x0 + col * cell + (cell - tile) / 2, y + row * row_h
            out.append(Group(draw(data.types[spec.code], tile), dx=cx, dy=cy))
            base = cy + tile + 2.5 + CODE_PT * MM_PER_PT
            out.append(Text(cx, base, spec.code, size=CODE_PT, font="bold", color=INK))
            out.append(Text(cx + tile, base, f"× {spec.count}", size=CODE_PT * 0.85, font="condensed", color=INK,
                            anchor="end"))
            room = cell - 1.0  # the name may use the air between two drawings
            lines = fonts.wrap(spec.name, "condensed", NAME_PT, room)
            if len(lines) > NAME_LINES or any(fonts.text_width(t, "condensed", NAME_PT) > room for t in lines):
                raise error(kit, where + ("tiles",), f"tile {spec.code}'s name {spec.name!r} takes more than "
                                                     f"{NAME_LINES} lines of {room:.0f} mm at {NAME_PT:g} pt: shorten it")
            for j, line in enumerate(lines):
                out.append(Text(cx - 0.5 * (cell - tile) + 0.5, base + (j + 1) * fonts.line_height(NAME_PT, 1.1), line, size=NAME_PT,
                                font="condensed", color="#3d3833"))
        y += -(-len(kinds) // k.columns) * row_h
    lines = fonts.wrap(k.legend, "body", INTRO_PT, inner) if k.legend else []
    foot = h - MARGIN - len(lines) * fonts.line_height(INTRO_PT)
    for j, line in enumerate(lines):
        out.append(Text(x0, foot + (j + 1) * fonts.line_height(INTRO_PT) - 1.0, line, size=INTRO_PT, font="body",
                        color="#3d3833"))
    if y > foot:
        raise error(kit, where + ("size",), f"the key needs {y + MARGIN:.0f} mm of height; it has {h:.0f} mm (more "
                                            f"`columns`, or a larger size)")
    return [Piece(component=k.name, kind="reference", name=k.display if k.count == 1 else f"{k.display} {n}",
                  w=w, h=h, front=tuple(out), grounds=("#ffffff", None)) for n in range(1, k.count + 1)]
