"""NUTS' numbers: the score sheet, the goal cards and this kit's deck of 24 bonus cards.

The score sheet the generator prints and the sheet the scorer counts are this one table: the
columns (one per nut), the numbers printed at the far left of the rows (ruling U2), what a complete
row and a Salt marker are worth (U1, U3), the goal cards (U4) and the bonus deck (U5). What the
rules *do* with them lives in scorer.games.nuts.
"""
from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from pnpkit.kitfile.units import PositiveLength


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Goal(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$", description="How a record names the card, e.g. `salty-mama`.")
    title: str = Field(description="The name printed on the card.")
    box: Literal["salt", "squirrel"] = Field(description="The score-sheet box whose markers the condition counts.")
    at_least: int = Field(ge=1, description="Markers needed in that box.")
    points: int = Field(ge=0)
    copies: int = Field(1, ge=1, description="Cards of this goal for the whole table (ruling U4).")


class BonusCard(_Strict):
    id: str = Field(pattern=r"^B\d\d$", description="Printed on the card; records use it (`B07`).")
    needs: dict[str, int] = Field(description="Nuts the card needs, by column name.")
    points: int = Field(ge=1, description="Added when fulfilled, subtracted when not (ruling U5).")

    @model_validator(mode="after")
    def _positive(self) -> "BonusCard":
        if not self.needs or any(n < 1 for n in self.needs.values()):
            raise ValueError(f"bonus card {self.id}: every nut it needs must be 1 or more, and it needs at least one")
        return self


class Params(_Strict):
    columns: list[str] = Field(min_length=1, description="The nut columns of the score sheet, left to right.")
    rows: list[int] = Field(min_length=1, description="The numbers at the far left of the rows, top to bottom (ruling U2).")
    row_points: int = Field(7, ge=0, description="Points for each complete row (ruling U1).")
    salt_points: int = Field(2, ge=0, description="Points for each Salt marker (ruling U3).")
    end_rows: int = Field(2, ge=1, description="Complete rows that end the game at the end of a round (ruling U7).")
    goals: list[Goal]
    bonus: list[BonusCard] = Field(description="The bonus deck, one entry per card.")
    # The printed factory (the scorer does not read these): one conveyor cell is the size of a
    # Cross or Splitter/Joiner tile, and spans two columns, whose belts run at its quarter points.
    cell: PositiveLength | None = Field(None, description="Side of a conveyor cell and of a Cross or "
                                        "Splitter/Joiner tile (mm), e.g. 40mm.")
    column: PositiveLength | None = Field(None, description="Width of one factory column: half a cell.")
    orders_per_nut: int | None = Field(None, ge=1, description="Order (truck) cards printed for each nut.")

    @model_validator(mode="after")
    def _consistent(self) -> "Params":
        if len(set(self.columns)) != len(self.columns):
            raise ValueError("columns: a nut appears twice")
        if any(b <= a for a, b in zip(self.rows, self.rows[1:])) or self.rows[0] < 0:
            raise ValueError("rows: the row numbers must increase from the top")
        ids = [c.id for c in self.bonus]
        if len(set(ids)) != len(ids):
            raise ValueError("bonus: a card id appears twice")
        for card in self.bonus:
            unknown = [n for n in card.needs if n not in self.columns]
            if unknown:
                raise ValueError(f"bonus card {card.id}: {unknown[0]!r} is not a column ({', '.join(self.columns)})")
        if len({g.id for g in self.goals}) != len(self.goals):
            raise ValueError("goals: a goal id appears twice")
        if self.cell is not None and self.column is not None and abs(self.cell - 2 * self.column) > 1e-6:
            raise ValueError(f"cell ({self.cell:g} mm) must be two columns ({self.column:g} mm) wide: "
                             "a tile joins the belts of two neighbouring columns")
        return self

    def card(self, card_id: str) -> BonusCard | None:
        """The deck's card with this id (case and a missing zero forgiven: `b7` is B07)."""
        m = re.fullmatch(r"\s*[Bb]\s*0*(\d+)\s*", card_id)
        if not m:
            return None
        wanted = f"B{int(m[1]):02d}"
        return next((c for c in self.bonus if c.id == wanted), None)

    def goal(self, goal_id: str) -> Goal | None:
        return next((g for g in self.goals if g.id == goal_id), None)
