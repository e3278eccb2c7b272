"""Trim the Tree's numbers and the tree's lattice: one place for what the board prints and the scorer checks.

The kit file gives only the rows (names and how many spaces each has), the ornaments' colours and
shapes, the sets, the sets taken out by player count and the triangle scores. Everything else about
the lattice, the space names, which spaces are adjacent (a line joins them), the small triangles
and where each space sits on the page, is DERIVED here from the rows (DESIGN.md, "This kit's
editions"), so the printed tree and the scored tree cannot differ.

Rows are numbered from the top; row r (0-based) has r + 1 spaces, named `<row><position>` from the
left (`A1`, `B1 B2`, ...). Space `Ri` touches `R(i-1)`, `R(i+1)`, the row above's `i-1` and `i`,
and the row below's `i` and `i+1`. The small triangles are `Ri, (R+1)i, (R+1)(i+1)` (pointing up)
and `Ri, R(i+1), (R+1)(i+1)` (pointing down).
"""
from __future__ import annotations

import math
from functools import cached_property
from typing import Annotated

from pnpkit.kitfile.structs import Meta, Strict


class Row(Strict):
    row: Annotated[str, Meta(pattern=r"^[A-Z]$", description="The row's letter, printed on the tree.")]
    spaces: Annotated[int, Meta(ge=1, description="How many spaces the row has (one more than the row above).")]


class Params(Strict, dict=True):
    rows: Annotated[list[Row], Meta(min_length=2, description="From the top: A (1 space) down to the widest row.")]
    colours: Annotated[list[str], Meta(min_length=3, description="Ornament colours, as records write them.")]
    shapes: Annotated[list[str], Meta(min_length=3, description="Ornament shapes, as records write them.")]
    sets: Annotated[int, Meta(ge=1,
        description="Sets of ornaments in the box; each set is one of every colour in every shape.")]
    sets_removed: Annotated[dict[int, int], Meta(
        description="Player count -> sets taken out of the game (ruling T4).")]
    triangle_points: Annotated[list[int], Meta(min_length=2,
        description="Points for an ornament completing k good triangles, k = 0, 1, 2, ... (ruling T2).")]
    score_track: Annotated[int, Meta(ge=1, description="The score track round the tree runs 0 to this.")] = 50

    def __post_init__(self) -> None:
        for r, row in enumerate(self.rows):
            if row.spaces != r + 1:
                raise ValueError(f"row {row.row} must have {r + 1} spaces (row {r + 1} from the top of a triangle), got {row.spaces}")
        if len({r.row for r in self.rows}) != len(self.rows):
            raise ValueError("row letters must differ")
        for name, items in (("colours", self.colours), ("shapes", self.shapes)):
            if len(set(items)) != len(items) or any(not w.isalpha() or w != w.lower() for w in items):
                raise ValueError(f"{name} must be different lower-case words")
        for n, out in self.sets_removed.items():
            if not 0 <= out < self.sets:
                raise ValueError(f"sets_removed[{n}]: must leave at least one of {self.sets} sets, got {out}")
        most = max(len(t) for t in self.triangles_at.values())
        if len(self.triangle_points) < most + 1:
            raise ValueError(f"triangle_points needs {most + 1} entries (an ornament can complete {most} triangles)")

    # ------------------------------------------------------------ the lattice, derived

    @cached_property
    def spaces(self) -> list[str]:
        """Every space, top row first, left to right."""
        return [f"{row.row}{i}" for row in self.rows for i in range(1, row.spaces + 1)]

    @cached_property
    def adjacent(self) -> dict[str, frozenset[str]]:
        """Space -> the spaces a line joins it to."""
        out: dict[str, frozenset[str]] = {}
        for r, row in enumerate(self.rows):
            for i in range(1, row.spaces + 1):
                near = [(r, i - 1), (r, i + 1), (r - 1, i - 1), (r - 1, i), (r + 1, i), (r + 1, i + 1)]
                out[f"{row.row}{i}"] = frozenset(self._name(rr, ii) for rr, ii in near if self._on(rr, ii))
        return out

    @cached_property
    def triangles(self) -> list[tuple[str, str, str]]:
        """The small triangles: pointing up `Ri, (R+1)i, (R+1)(i+1)`, pointing down `Ri, R(i+1), (R+1)(i+1)`."""
        out = []
        for r in range(len(self.rows) - 1):
            for i in range(1, r + 2):
                out.append((self._name(r, i), self._name(r + 1, i), self._name(r + 1, i + 1)))
                if self._on(r, i + 1):
                    out.append((self._name(r, i), self._name(r, i + 1), self._name(r + 1, i + 1)))
        return out

    @cached_property
    def triangles_at(self) -> dict[str, list[tuple[str, str, str]]]:
        """Space -> the triangles it is a corner of."""
        out: dict[str, list[tuple[str, str, str]]] = {s: [] for s in self.spaces}
        for tri in self.triangles:
            for s in tri:
                out[s].append(tri)
        return out

    def position(self, space: str) -> tuple[float, float]:
        """Where a space sits, in units of one line's length: x across from the apex, y down."""
        r = [row.row for row in self.rows].index(space[0])
        i = int(space[1:])
        return (i - 1 - r / 2, r * math.sqrt(3) / 2)

    @cached_property
    def ornaments(self) -> list[str]:
        """Every kind of ornament, as records write it: `blue box`."""
        return [f"{c} {s}" for c in self.colours for s in self.shapes]

    def in_bag(self, players: int) -> int:
        """How many of each ornament the bag holds for this many players (ruling T4)."""
        return self.sets - self.sets_removed.get(players, 0)

    def points(self, k: int) -> int:
        return self.triangle_points[k]

    def _on(self, r: int, i: int) -> bool:
        return 0 <= r < len(self.rows) and 1 <= i <= self.rows[r].spaces

    def _name(self, r: int, i: int) -> str:
        return f"{self.rows[r].row}{i}"
