"""A tile-laying game's position drawn for the replay: the map, tile by tile, and rows of words
with tiles beside it (scorer.play's `tiles` and `rows` areas).

Each tile is drawn as the kit's tile key draws it (generator.carcassonne, from the kit's tile
data), on one frame for the whole game (`extent`), so the map does not jump as it grows; the grid
is drawn over the tiles, so a city running across tiles does not hide their edges. Meeples are the
art library's, in their player's colour, on their tile and, where the river divides it, its bank.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from pnpkit.generator import fonts
from pnpkit.generator.components.common import art
from pnpkit.generator.laid import Item, Laid
from pnpkit.generator.shapes import Rect, Style
from pnpkit.kitfile import Problem, SourceError

if TYPE_CHECKING:  # the tableau lays its maps out here: its type only, for the annotations
    from pnpkit.generator.tableau_faces import KitDrawings as Tableau

TILE = 30.0                          # a map's tile, mm (the replay's scale, not the table's)
MEEPLE = 9.0                         # a meeple on a map's tile
ROW_TILE = 8.0                       # a tile in a row of words (a player's face-up tiles)
ROWS_W = 95.0                        # the width of the rows of words beside a map
CAPTION_PT = 9.0
_BANK = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}


def extent(areas) -> tuple[int, int, int, int]:
    """West, east, south, north of every map's tiles, with a tile of room round."""
    xs = [t.x for a in areas if a.kind == "tiles" for t in a.tiles if not t.ghost] or [0]
    ys = [t.y for a in areas if a.kind == "tiles" for t in a.tiles if not t.ghost] or [0]
    return min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1


def tile_data(tab: "Tableau", key: str):
    from pnpkit.generator.components.tile_key import tile_data as data
    i, k = tab.component(key, "tile-key")
    return data(tab.kit, k, ("components", i))


def tile_face(tab: "Tableau", key: str, code: str, quarters: int, size: float = TILE, outline: bool = True) -> str:
    from pnpkit.generator.carcassonne import draw

    def drawn():
        data = tile_data(tab, key)
        if code not in data.types:
            raise SourceError(tab.kit.file, [Problem(None, "params", f"no tile {code!r} in the tile data, which the "
                                             f"scorer lays on the map (pnpkit replay)")])
        return draw(data.types[code], size, quarters, outline=outline), size, size
    return tab.face_of(f"tile/{code}/{quarters}/{size:g}/{'o' if outline else ''}", drawn)


def frame_face(tab: "Tableau", size: float = TILE) -> str:
    return tab.face_of(f"frame/{size:g}", lambda: ((Rect(0, 0, size, size, Style(fill=None, stroke="#5b5249",
                                                                                   width=0.3)),), size, size))


def drawing_face(tab: "Tableau", name: str, colour: str | None, size: float) -> str:
    return tab.face_of(f"art/{name}/{colour or ''}/{size:g}", lambda: (tuple(art(name, size, size, color=colour)),
                                                                       size, size))


def ghost_face(tab: "Tableau", key: str, code: str, quarters: int) -> str:
    """The tile in hand where it may be laid, faint under white, in a dashed frame (a tapped table)."""
    def drawn():
        face, _, _ = tab.faces[tile_face(tab, key, code, quarters, outline=False)]
        return (*face, Rect(0, 0, TILE, TILE, Style(fill="#ffffff", opacity=0.45, stroke="#1f4fa3", width=0.5,
                                                    dash=(2.0, 1.2)))), TILE, TILE
    return tab.face_of(f"ghost/{code}/{quarters}", drawn)


def hit_face(tab: "Tableau", w: float, h: float) -> str:
    """Nothing drawn: a place a tapped table makes a button (a tile's square, a bank of it)."""
    return tab.face_of(f"hit/{w:g}/{h:g}", lambda: ((Rect(0, 0, w, h, Style(fill=None, stroke=None)),), w, h))


def _taps(tab: "Tableau", area, laid: "Laid", corner) -> None:
    """A tapped table's places on a map, on top of all: the ghosts of the tile in hand, and each laid
    tile's places a meeple stands on (its square, or each bank: the half or quarter its letters name)."""
    for t in area.tiles:
        if t.ghost:
            laid.items.append(Item(ghost_face(tab, area.name, t.code, t.quarters), *corner(t.x, t.y), TILE, place=t.ghost))
    for t in area.tiles:
        for spot in t.spots:
            bank = spot.split()[2] if len(spot.split()) > 2 else ""
            x, y = corner(t.x, t.y)
            w = TILE / 2 if ("E" in bank) != ("W" in bank) else TILE
            h = TILE / 2 if ("N" in bank) != ("S" in bank) else TILE
            x += TILE / 2 if "E" in bank and "W" not in bank else 0.0
            y += TILE / 2 if "S" in bank and "N" not in bank else 0.0
            laid.items.append(Item(hit_face(tab, w, h), x, y, w, 1, "", h, place=spot))


def lay_map(tab: "Tableau", area) -> "Laid":
    west, east, south, north = tab.extent or (0, 0, 0, 0)
    for t in area.tiles:
        if t.ghost:
            continue
        west, east, south, north = min(west, t.x - 1), max(east, t.x + 1), min(south, t.y - 1), max(north, t.y + 1)
    pad = 6.0
    laid = Laid("tiles", area.title, (east - west + 1) * TILE + 2 * pad, (north - south + 1) * TILE + 2 * pad)

    def corner(x: int, y: int) -> tuple[float, float]:
        return pad + (x - west) * TILE, pad + (north - y) * TILE

    real = [t for t in area.tiles if not t.ghost]
    for t in real:
        laid.items.append(Item(tile_face(tab, area.name, t.code, t.quarters, outline=False), *corner(t.x, t.y), TILE))
    for t in real:
        laid.items.append(Item(frame_face(tab), *corner(t.x, t.y), TILE))
    for x in range(west, east + 1):
        laid.texts.append((corner(x, north)[0] + TILE / 2 - 1.5, pad - 1.5, str(x)))
    for y in range(south, north + 1):
        laid.texts.append((0.5, corner(west, y)[1] + TILE / 2 + 1.0, str(y)))
    here: dict[str, int] = {}
    for p in area.pieces:
        parts = p.place.split()
        x, y, bank = int(parts[0]), int(parts[1]), (parts[2] if len(parts) > 2 else "")
        k = here[p.place] = here.get(p.place, -1) + 1
        cx, cy = corner(x, y)
        dx = sum(_BANK[c][0] for c in bank) * TILE * 0.24
        dy = sum(_BANK[c][1] for c in bank) * TILE * 0.24
        ox, oy = (k % 3 - 1) * MEEPLE * 0.8, (k // 3) * MEEPLE * 0.7 - MEEPLE * 0.35
        laid.items.append(Item(drawing_face(tab, p.counters, p.set, MEEPLE), cx + TILE / 2 - MEEPLE / 2 + dx + ox,
                               cy + TILE / 2 - MEEPLE / 2 + dy + oy, MEEPLE, 1, p.label))
    if tab.targets:
        _taps(tab, area, laid, corner)
    return laid


def lay_rows(tab: "Tableau", area) -> "Laid":
    """Lines of words, each with its tiles in a row under it. Each row keeps two lines and a row of
    tiles (more if its words or tiles need them), so rows stay put from step to step."""
    laid = Laid("rows", area.title, ROWS_W, 0.0)
    lh = fonts.line_height(CAPTION_PT)
    per_row = int((ROWS_W + 1.5) // (ROW_TILE + 1.5))
    y = 0.0
    for n, row in enumerate(area.rows):
        lines = fonts.wrap(row.text, "condensed", CAPTION_PT, ROWS_W)
        for k, line in enumerate(lines):
            laid.texts.append((0.0, y + (k + 1) * lh, line))
        y += max(2, len(lines)) * lh + 1.5
        if n == 0 and not row.tiles:            # the desk's line: no tiles under it
            y += 2.0
            continue
        for k, code in enumerate(row.tiles):
            laid.items.append(Item(tile_face(tab, area.name, code, 0, ROW_TILE), (k % per_row) * (ROW_TILE + 1.5),
                                   y + (k // per_row) * (ROW_TILE + 1.5), ROW_TILE))
        y += max(1, -(-len(row.tiles) // per_row)) * (ROW_TILE + 1.5) + 3.0
    laid.h = y
    return laid
