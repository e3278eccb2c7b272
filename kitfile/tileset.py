"""Edge-matched tiles as data: Carcassonne's base game and the River, in a kit file's `params`.

A tile is written as a person reads it off the tile (its drawing in the kit's tile key, north up):
the kind of each side (`edges: city road field road`, north east south west), and which parts of
the sides belong together inside the tile: each city part, each road part, the river, each field.
A part lists the sides it reaches (`N E`), and a field, which may reach only half of a side where a
road or the river runs through it, its half-sides too (`Wn` is the west side's northern half):

    - {code: D, name: "City and straight road", count: 4, edges: city road field road,
       cities: [N], roads: [W E], fields: [Wn En, Ws S Es]}

Everything the rules need is worked out here, once, from that: the twelve points where a side meets
its neighbour's (`ports`, clockwise from the north-west corner: Nw N Ne En E Es Se S Sw Ws W Wn),
which feature owns each, where the river divides a tile into two banks (a bridge joins them again;
the spring and the lake have one bank), and how all of it turns with the tile. The loader checks
the data against itself (every side's kind, every port owned once, a bridge only where a road
crosses the river) and against the box (each set's count of tiles), so a typo in the tile data is
an error at its line, never a wrong verdict. The scorer plays on these tiles; the generator draws
them (the tile key and the replay's map); both read this one table.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Annotated, Literal

from pnpkit.kitfile.structs import Meta, Strict, field

SIDES = ("N", "E", "S", "W")
KINDS = ("city", "road", "field", "river")
PORTS = ("Nw", "N", "Ne", "En", "E", "Es", "Se", "S", "Sw", "Ws", "W", "Wn")   # clockwise
_HALF = {name: i for i, name in enumerate(PORTS) if len(name) == 2}
_DELTA = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}                        # N E S W: [east, north]


def side_ports(side: int) -> tuple[int, int, int]:
    """The three ports of a side, clockwise: its first half, its middle, its second half."""
    return 3 * side, 3 * side + 1, 3 * side + 2


def partner(port: int) -> int:
    """The port a neighbour's tile shows against `port` (Nw meets the northern tile's Sw)."""
    side, j = divmod(port, 3)
    return 3 * ((side + 2) % 4) + 2 - j


def turned(port: int, quarters: int) -> int:
    """A port after the tile turns `quarters` quarter turns clockwise (N's ports become E's)."""
    return (port + 3 * quarters) % 12


def step(at: tuple[int, int], side: int) -> tuple[int, int]:
    """The space beyond a side: [east, north]."""
    dx, dy = _DELTA[side]
    return at[0] + dx, at[1] + dy


def _sides(text: str, what: str) -> list[int]:
    out = []
    for word in text.split():
        if word not in SIDES:
            raise ValueError(f"{what} {text!r}: {word!r} is not a side (N E S W)")
        out.append(SIDES.index(word))
    if not out or len(set(out)) != len(out):
        raise ValueError(f"{what} {text!r}: give each side it reaches once")
    return out


class TileSet(Strict):
    """A set of tiles in the box (`base`, `river`) and how many tiles it holds."""

    id: Annotated[str, Meta(pattern=r"^[a-z][a-z0-9-]*$", max_length=20)]
    title: Annotated[str, Meta(max_length=60, description="What the tile key calls it.")]
    count: Annotated[int, Meta(ge=1, le=1000, description="Tiles of this set in the box: the data is checked "
                               "against it.")]


class TileSpec(Strict):
    """One kind of tile, as its drawing in the tile key shows it (north up)."""

    code: Annotated[str, Meta(pattern=r"^[A-Z][A-Z0-9]{0,3}$", description="What a record writes for it (the key "
                              "prints it).")]
    name: Annotated[str, Meta(max_length=60)]
    set: Annotated[str, Meta(description="The `tile_sets` id it belongs to.")]
    count: Annotated[int, Meta(ge=1, le=100, description="How many of it the box holds.")]
    edges: Annotated[str, Meta(description="Each side's kind, north east south west: city road field river.")]
    cities: Annotated[list[str], Meta(max_length=4, description="Each city part: the sides it reaches.")] = field(
        default_factory=list)
    roads: Annotated[list[str], Meta(max_length=4, description="Each road part: the sides it reaches (one side: it "
                                     "ends in the tile, at a junction, a monastery, a city or the river).")] = field(
        default_factory=list)
    river: Annotated[str | None, Meta(description="The sides the river reaches (one: its spring or its lake).")] = None
    fields: Annotated[list[str], Meta(max_length=8, description="Each field: the sides and half-sides it reaches (Nw "
                                      "Ne En Es Se Sw Ws Wn are halves).")] = field(default_factory=list)
    shield: Annotated[bool, Meta(description="A shield (pennant) in its city.")] = False
    monastery: bool = False
    bridge: Annotated[bool, Meta(description="A road crosses the river on it.")] = False
    end: Annotated[Literal["spring", "lake"] | None, Meta(description="The river's spring or its lake.")] = None

    def __post_init__(self) -> None:
        tile_type(self)            # raises ValueError naming what does not fit


@dataclass(frozen=True)
class Feature:
    kind: str                      # city | road | field
    ports: frozenset[int]

    def sides(self) -> list[int]:
        """The sides whose middle it owns (a city's or a road's sides)."""
        return sorted({p // 3 for p in self.ports if p % 3 == 1})


@dataclass(frozen=True)
class TileType:
    """A tile's geometry, worked out from its spec. Ports and sides are the unturned tile's."""

    spec: TileSpec
    edges: tuple[str, str, str, str]
    features: tuple[Feature, ...]
    river: tuple[int, ...]                     # sides the river reaches
    banks: tuple[frozenset[int], ...]          # ports on each bank (one bank: the whole tile)

    @property
    def code(self) -> str:
        return self.spec.code

    def edge(self, side: int, quarters: int = 0) -> str:
        """The kind of the side facing `side` once the tile is turned."""
        return self.edges[(side - quarters) % 4]

    @cached_property
    def owner(self) -> dict[int, int]:
        """Port -> the feature owning it (the river's middles own none)."""
        return {p: i for i, f in enumerate(self.features) for p in f.ports}

    def bank_of(self, port: int) -> int:
        return next(i for i, b in enumerate(self.banks) if port in b)

    @cached_property
    def feature_bank(self) -> tuple[int, ...]:
        return tuple(self.bank_of(min(f.ports)) for f in self.features)

    @property
    def curve(self) -> bool:
        return len(self.river) == 2 and (self.river[0] - self.river[1]) % 2 == 1

    @cached_property
    def turned_banks(self) -> tuple[tuple[dict[int, int], tuple[tuple[tuple[int, ...], ...], ...]], ...]:
        """For each quarter turn: the bank of each port (in the map's frame, the river's middles
        left out), and each bank's ports on each side (what a step across that side leaves by)."""
        out = []
        for q in range(4):
            bank = {turned(p, q): b for b, ports in enumerate(self.banks) for p in ports}
            exits = tuple(tuple(tuple(p for p in side_ports(side) if bank.get(p) == b) for side in range(4))
                          for b in range(len(self.banks)))
            out.append((bank, exits))
        return tuple(out)

    @cached_property
    def distinct_turns(self) -> tuple[int, ...]:
        """The quarter turns that look different (a tile that looks the same turned is tried once)."""
        seen: dict[tuple, int] = {}
        for q in range(4):
            look = (tuple(self.edge(s, q) for s in range(4)),
                    frozenset((f.kind, frozenset(turned(p, q) for p in f.ports)) for f in self.features),
                    frozenset((s + q) % 4 for s in self.river))
            seen.setdefault(look, q)
        return tuple(sorted(seen.values()))

    def bank_name(self, bank: int, quarters: int = 0) -> str:
        """A bank as the compass names it on the turned tile: the sides it holds whole (`N`, `NE`),
        or the corner it fills (`SW`)."""
        ports = {turned(p, quarters) for p in self.banks[bank]}
        whole = [s for s in range(4) if set(side_ports(s)) <= ports]
        sides = whole or sorted({p // 3 for p in ports})
        return "".join(SIDES[s] for s in sorted(sides, key=lambda s: (s % 2, s)))


def _field_ports(text: str) -> set[int]:
    out: set[int] = set()
    for word in text.split():
        if word in SIDES:
            out |= set(side_ports(SIDES.index(word)))
        elif word in _HALF:
            out.add(_HALF[word])
        else:
            raise ValueError(f"field {text!r}: {word!r} is neither a side (N E S W) nor a half-side ({' '.join(_HALF)})")
    return out


def tile_type(spec: TileSpec) -> TileType:
    """The geometry of a tile spec, checked: ValueError says what does not fit."""
    edges = tuple(spec.edges.split())
    if len(edges) != 4 or any(e not in KINDS for e in edges):
        raise ValueError(f"edges {spec.edges!r}: give four kinds, north east south west, each one of {' '.join(KINDS)}")
    features: list[Feature] = []
    owned: dict[int, str] = {}

    def own(ports: set[int], what: str) -> None:
        for p in sorted(ports):
            if p in owned:
                raise ValueError(f"{what}: {PORTS[p]} also belongs to {owned[p]}")
            owned[p] = what

    for kind, parts in (("city", spec.cities), ("road", spec.roads)):
        for text in parts:
            sides = _sides(text, kind)
            for s in sides:
                if edges[s] != kind:
                    raise ValueError(f"{kind} {text!r} reaches {SIDES[s]}, whose edge is {edges[s]}")
            ports = set().union(*(side_ports(s) if kind == "city" else {3 * s + 1} for s in sides))
            own(ports, f"{kind} {text!r}")
            features.append(Feature(kind, frozenset(ports)))
    river = _sides(spec.river, "river") if spec.river else []
    if len(river) > 2:
        raise ValueError(f"river {spec.river!r}: a river tile carries the river through two sides at most")
    own({3 * s + 1 for s in river}, "the river")
    for text in spec.fields:
        ports = _field_ports(text)
        for p in ports:
            if edges[p // 3] == "city" or (p % 3 == 1 and edges[p // 3] != "field"):
                raise ValueError(f"field {text!r} reaches {PORTS[p]}, which the {edges[p // 3]} on {SIDES[p // 3]} takes")
        own(ports, f"field {text!r}")
        features.append(Feature("field", frozenset(ports)))
    for s, kind in enumerate(edges):
        if kind in ("road", "river") and 3 * s + 1 not in owned:
            raise ValueError(f"the {kind} edge on {SIDES[s]} belongs to no {kind} part")
        if kind == "river" and s not in river:
            raise ValueError(f"the river edge on {SIDES[s]} is not among the river's sides")
    missing = [PORTS[p] for p in range(12) if p not in owned]
    if missing:
        raise ValueError(f"{' '.join(missing)} belong to no city, road, field or river: say which")
    if spec.end and len(river) != 1:
        raise ValueError(f"the river's {spec.end} has the river on one side")
    arcs, banks = _banks(river, features)
    for f in features:
        if f.kind != "road" and len(arcs) > 1 and all(f.ports & arc for arc in arcs):
            raise ValueError(f"a {f.kind} lies on one bank of the river: only a road crosses it (a bridge)")
    if spec.bridge != (len(banks) < len(arcs)):
        raise ValueError("a bridge is a road crossing the river: " + (
            "no road crosses it here" if spec.bridge else "a road crosses it here, so say `bridge: true`"))
    if spec.shield and not spec.cities:
        raise ValueError("a shield lies in a city: this tile has none")
    return TileType(spec, edges, tuple(features), tuple(river), tuple(banks))


def _banks(river: list[int], features: list[Feature]) -> tuple[list[frozenset[int]], list[frozenset[int]]]:
    """(the arcs the river cuts the ring of ports into, the banks: arcs a bridge joins are one)."""
    cuts = sorted(3 * s + 1 for s in river)
    if len(cuts) < 2:
        whole = frozenset(p for p in range(12) if p not in cuts)
        return [whole], [whole]
    a, b = cuts
    arcs = [frozenset(range(a + 1, b)), frozenset(p for p in range(12) if p > b or p < a)]
    for f in features:
        if f.kind == "road" and all(f.ports & arc for arc in arcs):
            return arcs, [arcs[0] | arcs[1]]
    return arcs, arcs


class Tiles(Strict, dict=True):  # (dict: a place for the cached `types`)
    """The tile data of a kit: the sets in the box and every kind of tile."""

    sets: Annotated[list[TileSet], Meta(min_length=1, max_length=20)]
    kinds: Annotated[list[TileSpec], Meta(min_length=1, max_length=200)]

    def __post_init__(self) -> None:
        ids = [s.id for s in self.sets]
        codes: set[str] = set()
        for t in self.kinds:
            if t.code in codes:
                raise ValueError(f"tile code {t.code} is given twice")
            codes.add(t.code)
            if t.set not in ids:
                raise ValueError(f"tile {t.code}: no tile set {t.set!r} (sets: {', '.join(ids)})")
        for s in self.sets:
            n = sum(t.count for t in self.kinds if t.set == s.id)
            if n != s.count:
                raise ValueError(f"the {s.title} tiles add up to {n}; the box holds {s.count}")

    @cached_property
    def types(self) -> dict[str, TileType]:
        return {t.code: tile_type(t) for t in self.kinds}

    def of_set(self, set_id: str) -> list[TileType]:
        return [self.types[t.code] for t in self.kinds if t.set == set_id]


__all__ = ["Feature", "PORTS", "SIDES", "TileSet", "TileSpec", "TileType", "Tiles", "partner", "side_ports", "step",
           "tile_type", "turned"]
