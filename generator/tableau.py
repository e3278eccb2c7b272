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

from pnpkit.generator import tableau_areas, tableau_picture, tableau_tiles
from pnpkit.generator.laid import Item, Laid
from pnpkit.generator.shapes import Shape
from pnpkit.generator.tableau_faces import KitDrawings
from pnpkit.generator.tableau_picture import compose, png

__all__ = ["Item", "Laid", "Tableau", "compose", "png"]


class Tableau(KitDrawings):
    """One kit's boards and counter faces (generator/tableau_faces.py), drawn once and reused for
    every position; its areas laid out (generator/tableau_areas.py, tableau_tiles.py) and drawn
    as shapes (generator/tableau_picture.py)."""

    def lay(self, area) -> Laid:
        if area.kind == "board":
            return tableau_areas.on_board(self, area)
        if area.kind == "aside":
            return tableau_areas.aside(self, area)
        if area.kind == "sheet":
            return tableau_areas.sheet(self, area)
        if area.kind == "tiles":
            return tableau_tiles.lay_map(self, area)
        if area.kind == "rows":
            return tableau_tiles.lay_rows(self, area)
        return tableau_areas.cards_row(self, area)

    def frame(self, areas) -> None:
        """One frame for every map of a replay: the extent of all its tiles, a tile of room round."""
        self.extent = tableau_tiles.extent(areas)

    def shapes(self, laid: Laid) -> list[Shape]:
        return tableau_picture.laid_shapes(self, laid)

    def item_shapes(self, it: Item) -> list[Shape]:
        """A counter or a card, a stack (a shadow under it) with its count on a badge, and a name tag."""
        return tableau_picture.item_shapes(self, it)
