"""Fair Verona's map: the Carcassonne tiles laid so far, where a tile may go, what it completes,
and where a meeple may walk.

Positions are [east, north] of the Old Town, Verona's tile, at [0, 0]. A tile lies turned a
number of quarter turns clockwise from its drawing in the tile key. Everything here is worked out
from the kit's tile data (kitfile.tileset): the sides that must match, the river that must run on
(rulings V11, V12), the city a tile closes (V14), and the steps a meeple may take (V17, V18). A
meeple stands on a `Spot`: a tile, and the bank of the river it is on (0 where the river does not
divide the tile).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from pnpkit.kitfile.tileset import SIDES, Tiles, TileType, partner, step, turned

XY = tuple[int, int]
Spot = tuple[int, int, int]          # east, north, bank


def xy_text(xy: XY) -> str:
    return f"[{xy[0]}, {xy[1]}]"


def neighbours8(xy: XY) -> list[XY]:
    return [(xy[0] + dx, xy[1] + dy) for dy in (1, 0, -1) for dx in (-1, 0, 1) if dx or dy]


@dataclass(frozen=True)
class Placed:
    code: str
    quarters: int = 0               # quarter turns clockwise from the tile key's drawing
    turn: int = 0                   # the turn it was laid in (0: the setup)


@dataclass
class TileMap:
    tiles: Tiles
    at: dict[XY, Placed] = field(default_factory=dict)
    _reach: dict = field(default_factory=dict, repr=False)     # reach() and fits_around() worked out
    _fits: dict = field(default_factory=dict, repr=False)      # since the last tile was laid

    def copy(self) -> "TileMap":
        return TileMap(self.tiles, dict(self.at))

    def kind(self, xy: XY) -> TileType:
        return self.tiles.types[self.at[xy].code]

    def edge(self, xy: XY, side: int) -> str | None:
        """The kind of the side of the tile at `xy` facing `side`, None where no tile lies."""
        p = self.at.get(xy)
        return None if p is None else self.tiles.types[p.code].edge(side, p.quarters)

    # ------------------------------------------------------------ placing a tile

    def why_not_fit(self, t: TileType, quarters: int, xy: XY) -> tuple[str, str] | None:
        """Why Carcassonne's and the River's rules refuse the tile here (ruling V12): (message,
        "sides", "match" (two touching sides differ: Carcassonne's own rule) or "river"), or None."""
        if xy in self.at:
            return f"{xy_text(xy)} already holds a tile ({self.at[xy].code})", "sides"
        touching = [s for s in range(4) if step(xy, s) in self.at]
        if not touching:
            return f"{xy_text(xy)} touches no tile by a side: a tile is laid against one already on the table", "sides"
        for s in touching:
            mine, theirs = t.edge(s, quarters), self.edge(step(xy, s), (s + 2) % 4)
            if mine != theirs:
                return (f"its {SIDES[s]} side ({mine}) would meet the {theirs} of {self.at[step(xy, s)].code} at "
                        f"{xy_text(step(xy, s))}: sides that touch must match"), "match"
        if t.river:
            why = self._why_not_river(t, quarters, xy)
            return (why, "river") if why else None
        return None

    def _river_sides(self, t: TileType, quarters: int) -> list[int]:
        return [(s + quarters) % 4 for s in t.river]

    def river_laid(self) -> bool:
        return any(self.kind(xy).river for xy in self.at)

    def _why_not_river(self, t: TileType, quarters: int, xy: XY) -> str | None:
        sides = self._river_sides(t, quarters)
        joins = [s for s in sides if step(xy, s) in self.at]
        if not self.river_laid():
            return None          # the first River tile: laid against the Old Town, its river open
        if len(joins) != 1:
            return ("a River tile continues the river: one of its river sides meets the river's open end"
                    if not joins else "it would join both ends of the river: a River tile continues it at one end")
        a = joins[0]
        nxy = step(xy, a)
        n = self.kind(nxy)
        if t.curve and n.curve:
            n_sides = self._river_sides(n, self.at[nxy].quarters)
            c = next(s for s in n_sides if s != (a + 2) % 4)
            if _turn(c, (a + 2) % 4) == _turn(a, next(s for s in sides if s != a)):
                way = "right" if _turn(a, next(s for s in sides if s != a)) > 0 else "left"
                return (f"the river bends {way} on {n.code} at {xy_text(nxy)} and would bend {way} again here: "
                        f"two bends the same way in a row turn the river back on itself")
        return None

    def place(self, code: str, quarters: int, xy: XY, turn: int) -> None:
        self.at[xy] = Placed(code, quarters, turn)
        self._reach.clear()
        self._fits.clear()

    def fits_around(self, t: TileType, centre: XY) -> list[tuple[XY, int]]:
        key = (t.code, centre)
        if key not in self._fits:
            self._fits[key] = self._fits_around(t, centre)
        return self._fits[key]

    def _fits_around(self, t: TileType, centre: XY) -> list[tuple[XY, int]]:
        """Every space around `centre` (8 directions) and turn where the tile may go, one turn per
        distinct look (a tile that looks the same turned is listed once)."""
        out = []
        for xy in neighbours8(centre):
            if xy in self.at:
                continue
            against = [(s, self.edge(step(xy, s), (s + 2) % 4)) for s in range(4)]
            against = [(s, e) for s, e in against if e is not None]
            if not against:
                continue
            for q in t.distinct_turns:
                if all(t.edge(s, q) == e for s, e in against) and (not t.river or not self._why_not_river(t, q, xy)):
                    out.append((xy, q))
        return out

    # ------------------------------------------------------------ what a placement completes

    def completes_city(self, xy: XY) -> bool:
        """Whether a city part of the tile at `xy` belongs to a city with no open side (V14)."""
        return any(f.kind == "city" and self._closed(xy, i) for i, f in enumerate(self.kind(xy).features))

    def _closed(self, xy: XY, feature: int) -> bool:
        seen = {(xy, feature)}
        todo = [(xy, feature)]
        while todo:
            here, i = todo.pop()
            t, q = self.kind(here), self.at[here].quarters
            for s in t.features[i].sides():
                side = (s + q) % 4
                nxy = step(here, side)
                if nxy not in self.at:
                    return False
                nxt = (nxy, self._owner(nxy, partner(3 * side + 1)))
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return True

    def _owner(self, xy: XY, port: int) -> int:
        """The feature of the tile at `xy` owning a port given in the map's (turned) frame."""
        p = self.at[xy]
        return self.tiles.types[p.code].owner[turned(port, -p.quarters)]

    # ------------------------------------------------------------ walking (V17, V18)

    def banks(self, xy: XY) -> int:
        return len(self.kind(xy).banks)

    def bank_name(self, spot: Spot) -> str:
        p = self.at[spot[:2]]
        return self.tiles.types[p.code].bank_name(spot[2], p.quarters)

    def bank_named(self, xy: XY, name: str) -> int | None:
        p = self.at[xy]
        t = self.tiles.types[p.code]
        return next((b for b in range(len(t.banks)) if t.bank_name(b, p.quarters) == name.upper()), None)

    def spot_text(self, spot: Spot) -> str:
        xy = spot[:2]
        return xy_text(xy) + (f" ({self.bank_name(spot)} bank)" if xy in self.at and self.banks(xy) > 1 else "")

    def _any_steps(self, spot: Spot) -> list[Spot]:
        xy = spot[:2]
        p = self.at[xy]
        exits = self.tiles.types[p.code].turned_banks[p.quarters][1][spot[2]]
        out = []
        for side in range(4):
            nxy = step(xy, side)
            q = self.at.get(nxy)
            if q is None or not exits[side]:
                continue
            theirs = self.tiles.types[q.code].turned_banks[q.quarters][0]
            for port in exits[side]:
                b = theirs.get(partner(port))
                if b is not None:
                    out.append((*nxy, b))
        return out

    def _along_steps(self, node: tuple[XY, int]) -> list[tuple[XY, int]]:
        xy, i = node
        p = self.at[xy]
        t = self.tiles.types[p.code]
        out = []
        for s in t.features[i].sides():
            side = (s + p.quarters) % 4
            nxy = step(xy, side)
            if nxy in self.at:
                out.append((nxy, self._owner(nxy, partner(3 * side + 1))))
        return out

    def reach(self, spot: Spot, along: str | None, most: int) -> dict[Spot, int]:
        key = (spot, along, most)
        if key not in self._reach:
            self._reach[key] = self._reach_from(spot, along, most)
        return self._reach[key]

    def _reach_from(self, spot: Spot, along: str | None, most: int) -> dict[Spot, int]:
        """Every spot a meeple at `spot` may end on, moving up to `most` tiles, with the fewest
        steps it takes: over any terrain (`along` None; the river bars it but at a bridge, its
        spring or its lake), or along a city or a road, starting from any part of that kind on its
        bank of its tile (V17) and never leaving it (V18)."""
        if along is None:
            out = _nearest([spot], self._any_steps, most)
        else:
            xy = spot[:2]
            t = self.kind(xy)
            starts = [(xy, i) for i, f in enumerate(t.features) if f.kind == along and t.feature_bank[i] == spot[2]]
            out = {}
            for (nxy, i), d in _nearest(starts, self._along_steps, most).items():
                s = (*nxy, self.kind(nxy).feature_bank[i])
                out[s] = min(d, out.get(s, d))
        out.pop(spot, None)
        return out

    def features_on(self, spot: Spot, kind: str) -> bool:
        t = self.kind(spot[:2])
        return any(f.kind == kind and t.feature_bank[i] == spot[2] for i, f in enumerate(t.features))


def _nearest(starts: list, steps, most: int) -> dict:
    """Breadth first from `starts`: every place `steps` leads to within `most` steps, with the fewest."""
    dist = {s: 0 for s in starts}
    todo = deque(starts)
    while todo:
        here = todo.popleft()
        if dist[here] < most:
            for nxt in steps(here):
                if nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    todo.append(nxt)
    return dist


def _turn(s_in: int, s_out: int) -> int:
    """+1 when the river, coming in through side `s_in` and out through `s_out`, bends right
    (clockwise), -1 when it bends left, 0 when it runs straight."""
    heading = (s_in + 2) % 4
    return 1 if s_out == (heading + 1) % 4 else -1 if s_out == (heading + 3) % 4 else 0
