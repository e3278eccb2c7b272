"""NUTS' numbers: the score sheet, the goal cards and this kit's deck of 24 bonus cards.

The score sheet the generator prints and the sheet the scorer counts are this one table: the
columns (one per nut), the numbers printed at the far left of the rows (ruling U2), what a complete
row and a Salt marker are worth (U1, U3), the goal cards (U4) and the bonus deck (U5). What the
rules *do* with them lives in scorer.games.nuts.
"""
from __future__ import annotations

import re
from typing import Annotated, Any, Callable, Literal

from pnpkit.kitfile.structs import Meta, Plain, Strict


class Mm(Plain):
    """A length larger than zero, as kitfile/units.py reads one (`40mm`, `5/8in`), in mm: a custom
    type of kitfile/structs.py. (kitfile/units.py's own while its types are pydantic's; issue 40.)"""

    plain = float
    json_schema = {"type": ["string", "number"], "examples": ["15.9mm", "5/8in", 12],
                   "description": "A length larger than zero: a number with mm, cm, in or pt; a bare number is mm."}

    @classmethod
    def decode(cls, value: Any) -> float:
        from pnpkit.kitfile.units import parse_length
        mm = parse_length(value)
        if mm <= 0:
            raise ValueError(f"expected more than 0, got {mm!r}")
        return mm


class Goal(Strict):
    id: Annotated[str, Meta(pattern=r"^[a-z][a-z0-9-]*$",
        description="How a record names the card, e.g. `salty-mama`.")]
    title: Annotated[str, Meta(description="The name printed on the card.")]
    box: Annotated[Literal["salt", "squirrel"], Meta(
        description="The score-sheet box whose markers the condition counts.")]
    at_least: Annotated[int, Meta(ge=1, description="Markers needed in that box.")]
    points: Annotated[int, Meta(ge=0)]
    copies: Annotated[int, Meta(ge=1, description="Cards of this goal for the whole table (ruling U4).")] = 1


class BonusCard(Strict):
    id: Annotated[str, Meta(pattern=r"^B\d\d$", description="Printed on the card; records use it (`B07`).")]
    needs: Annotated[dict[str, int], Meta(description="Nuts the card needs, by column name.")]
    points: Annotated[int, Meta(ge=1, description="Added when fulfilled, subtracted when not (ruling U5).")]

    def __post_init__(self) -> None:
        if not self.needs or any(n < 1 for n in self.needs.values()):
            raise ValueError(f"bonus card {self.id}: every nut it needs must be 1 or more, and it needs at least one")


ACTIONS = ("plan", "feed", "refill", "build", "salt", "repo", "swap")
"""The rulebook's actions, as the move log writes them; what each does is rules code."""


FACES = ("X", "SL", "SR", "JL", "JR")
"""The tile faces whose belts the rules know (ruling U10): Cross, Splitter left/right, Joiner left/right."""


def _span(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+))?\s*", str(text))
    if not m or (m[2] and int(m[2]) < int(m[1])):
        raise ValueError(f"expected a number or a range like 2-5, got {text!r}")
    return int(m[1]), int(m[2] or m[1])


class Floor(Strict):
    """The factory for some player counts (rulebook THE FACTORY, Salters; ruling U22)."""

    players: Annotated[str | int, Meta(description="The player counts it is for: \"2-4\".")]
    columns: Annotated[int, Meta(ge=2, le=40,
        description="Columns, numbered from 1 (a D12 or D16 places the Squirrel).")]
    salters: Annotated[list[int], Meta(min_length=1, description="The Salters' starting squares.")]
    printed: Annotated[list[str], Meta(min_length=1,
        description="The board components that print it, left to right.")]

    def __post_init__(self) -> None:
        _span(self.players)
        if len(set(self.salters)) != len(self.salters) or not all(1 <= x <= self.columns for x in self.salters):
            raise ValueError(f"salters: different squares 1-{self.columns}")

    def seats(self) -> range:
        lo, hi = _span(self.players)
        return range(lo, hi + 1)


class TileKind(Strict):
    """A physical tile (ruling U9): it lies as one of its printed faces; the supply counts tiles."""

    name: Annotated[str, Meta(min_length=1, max_length=40,
        description="How messages name it: Cross, Splitter/Joiner A.")]
    faces: Annotated[list[Literal["X", "SL", "SR", "JL", "JR"]], Meta(min_length=1, max_length=2)]
    count: Annotated[int, Meta(ge=0, description="Tiles of this kind in the box.")]
    printed: Annotated[str, Meta(description="The tiles component that prints them (its count must agree).")]


class SquirrelTable(Strict):
    """Move the Squirrel: what D6 + Hunger does (ranges of totals, inclusive)."""

    die: Annotated[int, Meta(ge=2, description="The die rolled each time (a D6).")] = 6
    stop: Annotated[str | int, Meta(description="\"2-5\": he stays.")]
    scamper: Annotated[str | int, Meta(description="\"6\": to a random square of his row.")]
    hunt: Annotated[str | int, Meta(
        description="\"7-10\": a step toward the nearest Matching Path, then roll again.")]

    def spans(self) -> dict[str, tuple[int, int]]:
        return {"stop": _span(self.stop), "scamper": _span(self.scamper), "hunt": _span(self.hunt)}


class Factory(Strict):
    """The factory game's numbers (docs/records/nuts.md, the move log): read by the move log's
    checker, the simulator and `pnpkit moves`, and checked against the boards that print them."""

    floors: Annotated[list[Floor], Meta(min_length=1, description="The floor for each player count.")]
    dispensers: Annotated[list[str], Meta(min_length=1, description="The Dispensers' nuts from column 1, repeating.")]
    conveyor: Annotated[list[int], Meta(min_length=1,
        description="Per conveyor row, top first: the first column of its first two-column cell (ruling U8): [1, 2,"
                    " 1].")]
    tiles: Annotated[list[TileKind], Meta(min_length=1, description="The tile supply (ruling U9).")]
    costs: Annotated[dict[Literal["plan", "feed", "refill", "build", "salt", "repo", "swap"], int], Meta(
        description="Action tokens each action costs (rulebook Playing).")]
    configuring: Annotated[list[Literal["build", "salt", "repo", "swap"]], Meta(
        description="The actions that configure the floor: one Matching Path must pass them all (U12).")]
    tokens_per_round: Annotated[int, Meta(ge=1, description="Action tokens each player collects at a round's start.")]
    hunger: Annotated[int, Meta(ge=1, le=20, description="The Hunger die (a D4).")]
    squirrel: SquirrelTable
    refill: Annotated[int, Meta(ge=1, description="Order slots one Refill fills (U16).")]
    setup_draw: Annotated[int, Meta(ge=1, description="Bonus cards each player draws at setup.")]
    plan_draw: Annotated[int, Meta(ge=1, description="Bonus cards one Plan draws (U17).")]
    keep_at_least: Annotated[int, Meta(ge=1, description="Bonus cards kept of those drawn, at least.")]

    def __post_init__(self) -> None:
        if set(self.costs) != set(ACTIONS) or any(v < 1 for v in self.costs.values()):
            raise ValueError(f"costs: one cost of 1 or more for each of {', '.join(ACTIONS)}")
        faces = [f for t in self.tiles for f in t.faces]
        if sorted(faces) != sorted(FACES):
            raise ValueError(f"tiles: each face {', '.join(FACES)} on exactly one kind of tile")
        seats = [n for f in self.floors for n in f.seats()]
        if len(set(seats)) != len(seats):
            raise ValueError("floors: a player count has two floors")
        spans = sorted(self.squirrel.spans().values())
        lo, hi = 1 + 1, self.squirrel.die + self.hunger
        if spans[0][0] != lo or spans[-1][1] != hi or any(b[0] != a[1] + 1 for a, b in zip(spans, spans[1:])):
            raise ValueError(f"squirrel: stop, scamper and hunt must share the totals {lo}-{hi} "
                             f"(D{self.squirrel.die} + a Hunger of 1-{self.hunger}) without a gap or an overlap")
        if self.keep_at_least > self.plan_draw or self.keep_at_least > self.setup_draw:
            raise ValueError("keep_at_least: more than a draw gives")

    def floor(self, players: int) -> Floor | None:
        return next((f for f in self.floors if players in f.seats()), None)


class Params(Strict):
    columns: Annotated[list[str], Meta(min_length=1,
        description="The nut columns of the score sheet, left to right.")]
    rows: Annotated[list[int], Meta(min_length=1,
        description="The numbers at the far left of the rows, top to bottom (ruling U2).")]
    row_points: Annotated[int, Meta(ge=0, description="Points for each complete row (ruling U1).")] = 7
    salt_points: Annotated[int, Meta(ge=0, description="Points for each Salt marker (ruling U3).")] = 2
    end_rows: Annotated[int, Meta(ge=1,
        description="Complete rows that end the game at the end of a round (ruling U7).")] = 2
    goals: list[Goal]
    bonus: Annotated[list[BonusCard], Meta(description="The bonus deck, one entry per card.")]
    # The printed factory (the scorer does not read these): one conveyor cell is the size of a
    # Cross or Splitter/Joiner tile, and spans two columns, whose belts run at its quarter points.
    cell: Annotated[Mm | None, Meta(
        description="Side of a conveyor cell and of a Cross or Splitter/Joiner tile (mm), e.g. 40mm.")] = None
    column: Annotated[Mm | None, Meta(description="Width of one factory column: half a cell.")] = None
    orders_per_nut: Annotated[Annotated[int, Meta(ge=1)] | None, Meta(
        description="Order (truck) cards printed for each nut.")] = None
    factory: Annotated[Factory | None, Meta(
        description="The factory game's numbers, which a move log needs (docs/records/nuts.md); checked against the"
                    " boards that print them.")] = None

    def __post_init__(self) -> None:
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
        if self.factory is not None:
            unknown = [n for n in self.factory.dispensers if n not in self.columns]
            if unknown:
                raise ValueError(f"factory.dispensers: {unknown[0]!r} is not a column ({', '.join(self.columns)})")
            if self.orders_per_nut is None:
                raise ValueError("orders_per_nut: the factory game needs the Order cards of each nut")

    def printed_problems(self, components: Any, line_of: Callable[[tuple], int | None]) -> list[tuple[tuple, str]]:
        """Where the factory's numbers and the components that print them disagree: each (the params
        path, what the components print). The kit loader refuses the kit at the first."""
        if self.factory is None or not isinstance(components, list):
            return []
        # the components as written (the scorer's load has not validated them): anything unexpected is skipped
        by_name = {c["name"]: (i, c) for i, c in enumerate(components)
                   if isinstance(c, dict) and isinstance(c.get("name"), str)}
        out: list[tuple[tuple, str]] = []
        for k, floor in enumerate(self.factory.floors):
            out += _floor_problems(self.factory, floor, ("params", "factory", "floors", k), by_name, line_of)
        for k, kind in enumerate(self.factory.tiles):
            at = ("params", "factory", "tiles", k)
            i, c = by_name.get(kind.printed, (None, None))
            if c is None:
                out.append((at + ("printed",), f"no component is named {kind.printed!r}"))
            elif _int(c.get("count")) != kind.count:
                out.append((at + ("count",), f"{kind.count} {kind.name} tiles, but the component {kind.printed!r} "
                            f"(line {line_of(('components', i))}) prints {c.get('count')}"))
        i, c = by_name.get("orders", (None, None))
        rows = c.get("deck") if isinstance(c, dict) else None
        if isinstance(rows, list):
            for nut in self.columns:
                n = sum(_int(r.get("count", 0)) for r in rows if isinstance(r, dict) and r.get("nut") == nut)
                if n != self.orders_per_nut:
                    out.append((("params", "orders_per_nut"), f"{self.orders_per_nut} Order cards of each nut, but "
                                f"the component 'orders' (line {line_of(('components', i))}) prints {n} {nut}"))
                    break
        return out

    def card(self, card_id: str) -> BonusCard | None:
        """The deck's card with this id (case and a missing zero forgiven: `b7` is B07)."""
        m = re.fullmatch(r"\s*[Bb]\s*0*(\d+)\s*", card_id)
        if not m:
            return None
        wanted = f"B{int(m[1]):02d}"
        return next((c for c in self.bonus if c.id == wanted), None)

    def goal(self, goal_id: str) -> Goal | None:
        return next((g for g in self.goals if g.id == goal_id), None)


_NUMBERED = re.compile(r"^(dispenser|order|salter-start|conveyor)-(\d+)$")


def _printed(board: dict) -> dict[str, dict[int, dict]]:
    """A board's numbered places, by what they are: dispenser/order/salter-start/conveyor -> {n: the entry}."""
    out: dict[str, dict[int, dict]] = {"dispenser": {}, "order": {}, "salter-start": {}, "conveyor": {}}
    for key in ("grids", "regions"):
        entries = board.get(key)
        for entry in entries if isinstance(entries, list) else []:
            m = _NUMBERED.match(str(entry.get("name", ""))) if isinstance(entry, dict) else None
            if m:
                out[m[1]][int(m[2])] = entry
    return out


def _floor_problems(factory: Factory, floor: Floor, at: tuple, by_name: dict,
                    line_of: Callable[[tuple], int | None]) -> list[tuple[tuple, str]]:
    """One floor against its boards: the columns (Dispensers and Order slots), the Dispensers' nuts,
    the Salters' starting squares and each conveyor row's cells (U8)."""
    boards, joins = [], []
    seen: dict[str, dict] = {"dispenser": {}, "order": {}, "salter-start": {}, "conveyor": {}}
    for j, name in enumerate(floor.printed):
        i, board = by_name.get(name, (None, None))
        if not isinstance(board, dict) or board.get("kind") != "board":
            return [(at + ("printed", j), f"no board component is named {name!r}")]
        boards.append(f"{name!r} (line {line_of(('components', i))})")
        for what, places in _printed(board).items():
            for n, entry in places.items():
                if what == "conveyor":
                    seen[what].setdefault(n, []).append(entry)
                else:
                    seen[what][n] = entry
        joins.append(max(seen["dispenser"], default=0))
    printed = ("the board " if len(boards) == 1 else "the boards ") + " and ".join(boards)
    verb = "prints" if len(boards) == 1 else "print"
    columns = list(range(1, floor.columns + 1))
    for what, words in (("dispenser", "Dispensers"), ("order", "Order slots")):
        if sorted(seen[what]) != columns:
            return [(at + ("columns",), f"{floor.columns} columns, but {printed} {verb} {words} "
                     f"{_numbers(seen[what])}")]
    if sorted(seen["salter-start"]) != sorted(floor.salters):
        marks = "marks" if len(boards) == 1 else "mark"
        return [(at + ("salters",), f"Salters on {_numbers(floor.salters)}, but {printed} {marks} their starting "
                 f"squares on {_numbers(seen['salter-start'])}")]
    for c, entry in seen["dispenser"].items():
        nut = factory.dispensers[(c - 1) % len(factory.dispensers)]
        if entry.get("art") not in (None, nut):
            return [(("params", "factory", "dispensers"), f"Dispenser {c} holds {nut}, but {printed} {verb} "
                     f"{entry.get('art')} there")]
    for r, first in enumerate(factory.conveyor, start=1):
        cells = len(range(first, floor.columns, 2))
        # a cell across the join of two boards is printed as a half on each, not in their grids
        across = sum(1 for c in joins[:-1] if (c - first) % 2 == 0)
        drawn = sum(_int(g.get("cols")) for g in seen["conveyor"].get(r, []))
        if drawn != cells - across:
            return [(("params", "factory", "conveyor", r - 1), f"conveyor row {r} from column {first}: {cells} cells "
                     f"with {floor.columns} columns" + (f", {across} across two boards" if across else "")
                     + f"; but {printed} {verb} {drawn} in conveyor-{r} grids")]
    if len(seen["conveyor"]) != len(factory.conveyor):
        return [(("params", "factory", "conveyor"), f"{len(factory.conveyor)} conveyor rows, but {printed} {verb} "
                 f"{len(seen['conveyor'])}")]
    return []


def _int(value: Any) -> int:
    """A count as written, or 0 (a count that is no number is the component's own error)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _numbers(ns) -> str:
    ns = sorted(ns)
    return ", ".join(map(str, ns)) if ns else "none"
