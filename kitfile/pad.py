"""A score pad that scores with no code: a score sheet's `scoring:`.

    - kind: score-sheet
      name: score-pad
      rows: [Round 1, Round 2, Round 3, Round 4, Moths left, Total]
      columns: [{label: Player 1}, {label: Player 2}, {label: Player 3}, {label: Player 4}]
      scoring: {total: Total, wins: highest, range: [0, 30], adds: [Round 1, Round 2, Round 3, Round 4],
                tiebreaks: [{row: Moths left, wins: lowest}]}

Each column is one player's sheet, each row one box of it, and the `total` row the sum of the rows
it adds. A record of the game names the kit (`kit: moth-and-lamp.yaml`) and gives each player's
boxes by their rows; the scorer (scorer/pad.py) adds them up, flags a box outside `range` and a
Total that does not add up, and ranks the players.

The pad as a form (`Pad`: its seats, each box's name, the total's sum) is read here by all who
need it: the generator names the printed pad's fillable boxes and gives the Total its sum, the
scorer reads a record's rows, and `pnpkit serve` draws the pad as a web form, so the three cannot
drift apart; the generator never imports the scorer to draw it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field, model_validator

from pnpkit.kitfile.errors import Problem, SourceError, did_you_mean, field_name
from pnpkit.kitfile.strict import Strict

MAX_BOX = 1_000_000   # a box's number, either way: more than any game's score


class TieBreak(Strict):
    row: str = Field(description="The row whose box settles a tie on the total, e.g. Moths left.")
    wins: Literal["highest", "lowest"] = Field("highest", description="Which box ranks first: highest or lowest.")


class Scoring(Strict):
    """How the pad scores (docs/kit-file.md, "A score pad that scores")."""

    total: str = Field(description="The row that holds each player's total, e.g. Total: the sum of the rows it adds.")
    adds: list[str] | None = Field(None, max_length=100, description="The rows the total adds (default: every row "
                                   "but the total).")
    wins: Literal["highest", "lowest"] = Field("highest", description="Who wins: the highest total or the lowest.")
    range: tuple[int, int] | None = Field(None, description="[least, most] a box may hold, every box but the total "
                                          "(e.g. [0, 30]); a box outside it is flagged. Default: any number.")
    tiebreaks: list[TieBreak] = Field(default_factory=list, max_length=10, description="Rows that settle a tie on "
                                      "the total, in order: [{row: Moths left, wins: lowest}].")

    @model_validator(mode="after")
    def _range(self) -> "Scoring":
        if self.range is not None:
            lo, hi = self.range
            if lo > hi or max(abs(lo), abs(hi)) > MAX_BOX:
                raise ValueError(f"range: expected [least, most] with least <= most (within ±{MAX_BOX:,}), "
                                 f"got {list(self.range)}")
        return self

    def check(self, rows: Any, groups: list) -> None:
        """ValueError (at the sheet's line) where the scoring names a row the sheet does not have."""
        if not isinstance(rows, list):
            raise ValueError("scoring: give the rows by their labels (rows: [Round 1, Round 2, Total]), not a count")
        if len(set(rows)) != len(rows):
            raise ValueError("scoring: every row needs a label of its own (the record names a box by its row)")
        if any("{" in r for r in rows):
            raise ValueError("scoring: a scoring pad's row labels are written out, not templates")
        if groups:
            raise ValueError("scoring: each column of a scoring pad is one player's: leave out `groups`")
        named = [("total", self.total)] + [("adds", r) for r in self.adds or []] + \
                [(f"tiebreaks[{i}].row", t.row) for i, t in enumerate(self.tiebreaks)]
        for key, row in named:
            if row not in rows:
                raise ValueError(f"scoring.{key}: no row {row!r}{did_you_mean(row, rows)} (rows: {', '.join(rows)})")
        if self.total in (self.adds or []):
            raise ValueError(f"scoring.adds: the total {self.total!r} cannot add itself")


@dataclass(frozen=True)
class Pad:
    """A kit's scoring pad as a form: who sits where, each box's name, how the total adds up."""

    component: str                  # the score-sheet's name in the kit
    index: int                      # its place in `components`
    rows: tuple[str, ...]           # the printed rows, in order
    columns: tuple[str, ...]        # the columns' labels: a seat each
    scoring: Scoring
    players: tuple[int, int]        # the game's fewest and most players
    file: str                       # the kit file's name, to cite its rules

    @property
    def seats(self) -> int:
        return len(self.columns)

    @property
    def adds(self) -> tuple[str, ...]:
        return tuple(self.scoring.adds) if self.scoring.adds is not None else \
            tuple(r for r in self.rows if r != self.scoring.total)

    @property
    def boxes(self) -> tuple[str, ...]:
        """The rows a person writes in (every row but the total)."""
        return tuple(r for r in self.rows if r != self.scoring.total)

    def box(self, seat: int, row: str) -> str:
        """A box's form name: `p2.r3` (player 2's third row), `p2.total`, `p2.name`; rows by their
        place, so that a label's spaces and dots never reach a PDF field's name."""
        if row == self.scoring.total:
            return f"p{seat}.total"
        return f"p{seat}.r{self.rows.index(row) + 1}"

    def name_box(self, seat: int) -> str:
        return f"p{seat}.name"

    def sums(self) -> dict[str, tuple[str, ...]]:
        """Each seat's total box and the boxes it adds, in the order a viewer calculates them."""
        return {self.box(s, self.scoring.total): tuple(self.box(s, r) for r in self.adds)
                for s in range(1, self.seats + 1)}

    def in_range(self, value: int) -> bool:
        return self.scoring.range is None or self.scoring.range[0] <= value <= self.scoring.range[1]

    def adds_words(self) -> str:
        """What the total adds, in words: "the rounds" (Round 1, Round 2, ...) or "the rows it adds"."""
        words = {m[1] for m in (re.fullmatch(r"(\w+) \d+", r) for r in self.adds) if m}
        if len(words) == 1 and all(re.fullmatch(r"\w+ \d+", r) for r in self.adds):
            return f"the {words.pop().lower()}s"
        return "the rows it adds" if len(self.adds) > 1 else f"the {self.adds[0]} box" if self.adds else "nothing"


def pad_of(kit: Any) -> Pad | None:
    """The kit's scoring pad (its score sheet with `scoring:`), or None. SourceError, at the sheet's
    line, for a pad with fewer columns than the game has players, or a second pad."""
    found: Pad | None = None
    for i, c in enumerate(getattr(kit, "components", ())):
        if c.kind != "score-sheet" or getattr(c, "scoring", None) is None:
            continue
        if found is not None:
            raise _error(kit, ("components", i, "scoring"), f"a kit has one scoring pad: components[{found.index}] "
                         f"({found.component}) is one already")
        most = kit.game.max_players
        if len(c.columns) < most:
            raise _error(kit, ("components", i, "columns"), f"the scoring pad has {len(c.columns)} columns, one a "
                         f"player, for a game of {kit.game.players} players: give it {most}")
        found = Pad(c.name, i, tuple(c.rows), tuple(col.label for col in c.columns), c.scoring,
                    (kit.game.min_players, most), getattr(kit, "file", "") or "kit")
    return found


def _error(kit: Any, at: tuple, message: str) -> SourceError:
    from pnpkit.kitfile.head import source_for
    source = source_for(kit)
    line = source.line_of(at) if source is not None else None
    return SourceError(getattr(kit, "file", "") or "kit", [Problem(line, field_name(at), message)])
