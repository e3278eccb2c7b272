"""The kit's own drawings that a position is laid with (generator/tableau.py): each board, each
counter's and tile's face, each card's face and each score sheet, drawn once with the shapes the
PDF prints and kept for every position after, and every place of a board by the kit file's name.
"""
from __future__ import annotations

from typing import Any

from pnpkit.generator.components import board as boards
from pnpkit.generator.components import cards as card_pieces
from pnpkit.generator.components import counters as counter_pieces
from pnpkit.generator.components import score_sheet
from pnpkit.generator.components import tiles as tile_pieces
from pnpkit.generator.shapes import Shape
from pnpkit.kitfile import Problem, SourceError

Box = tuple[float, float, float, float]


class KitDrawings:
    """One kit's boards and counter faces, drawn once and reused for every position."""

    def __init__(self, kit, targets: bool = False) -> None:
        self.kit = kit
        self.targets = targets      # a tapped table's picture: every place and tagged piece marked to be tapped
        self.components = {c.name: (i, c) for i, c in enumerate(kit.components)}
        self.boards: dict[str, tuple[tuple[Shape, ...], float, float]] = {}
        self.faces: dict[str, tuple[tuple[Shape, ...], float, float]] = {}
        self._places: dict[str, dict[str, tuple[str, Box]]] = {}
        self._cards: dict[str, list[Any]] = {}
        self._sheets: dict[str, tuple[tuple[Shape, ...], float, float, dict[str, Box]]] = {}
        self.extent: tuple[int, int, int, int] | None = None    # the map's west, east, south, north

    def component(self, name: str, kind: str | tuple[str, ...]):
        """The kit's component (its index, itself) the scorer names, of one of these kinds."""
        kinds = (kind,) if isinstance(kind, str) else kind
        if name not in self.components or self.components[name][1].kind not in kinds:
            raise SourceError(self.kit.file, [Problem(None, "components", f"no {' or '.join(kinds)} component named "
                                              f"{name!r}, which the scorer names in a position (pnpkit replay)")])
        return self.components[name]

    def board(self, name: str) -> tuple[tuple[Shape, ...], float, float]:
        if name not in self.boards:
            i, b = self.component(name, "board")
            piece = boards.pieces(self.kit, b, i)[0]
            panel = piece.meta.get("panel")      # a board laid against another: its strip lies under that one
            self.boards[name] = ((panel.drawing, panel.w, panel.h) if panel is not None
                                 else (piece.front, piece.w, piece.h))
        return self.boards[name]

    def face(self, counters: str, set_name: str | None, back: bool) -> str:
        """The key of a counter's (or a square tile's) face (drawn once): `chestnuts/Orange/back`."""
        key = f"{counters}/{set_name or ''}/{'back' if back else 'front'}"
        if key not in self.faces:
            i, c = self.component(counters, ("counters", "tiles"))
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

    def face_of(self, key: str, draw) -> str:
        """A face drawn once by `draw()` -> (shapes, w, h), kept under `key`."""
        if key not in self.faces:
            self.faces[key] = draw()
        return key

    def places(self, name: str) -> dict[str, tuple[str, Box]]:
        """Every place of a board by the kit file's name: a region (`basket`), a track's space
        (`added-flames 2`), a lattice's space (`tree C2`), a grid's square (`forest 2 3`), a drawing
        by its art's name (`draw-pile`, where no region has that name)."""
        if name not in self._places:
            _, b = self.component(name, "board")
            out: dict[str, tuple[str, Box]] = {}
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

    def sheet(self, name: str) -> tuple[tuple[Shape, ...], float, float, dict[str, Box]]:
        """A score sheet as printed (drawn once), and its fields' boxes by the fillable PDF's names."""
        if name not in self._sheets:
            i, s = self.component(name, "score-sheet")
            piece = score_sheet.pieces(self.kit, s, i)[0]
            self._sheets[name] = (tuple(piece.front), piece.w, piece.h,
                                  {field: (x, y, w, h) for field, x, y, w, h in piece.meta["fields"]})
        return self._sheets[name]

    def _card(self, component: str, row: int, back: bool) -> tuple[tuple[Shape, ...], float, float]:
        if component not in self._cards:
            i, c = self.component(component, "cards")
            by_row: dict[int, Any] = {}
            for p in card_pieces.pieces(self.kit, c, i):
                by_row.setdefault(p.meta["row"], p)
            self._cards[component] = [by_row[r] for r in sorted(by_row)]
        piece = self._cards[component][row]
        return (piece.back if back and piece.back is not None else piece.front), piece.w, piece.h
