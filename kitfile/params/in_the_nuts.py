"""In the Nuts!' numbers: the kinds of nut, each player's storage cards, the supply, the jokers,
and the board: the starting track, the rows of sections and the four face-up nut places.

The storage cards the generator prints and the cards the scorer fills are this one table (sizes and
points, ruling N3); the supply by player count and the joker pairs are what ruling N5 checks.
A record names a storage card by its size, a second card of the same size with `b` (`3b`): the
names come from the table here (`Params.cards`), so a different edition names its own cards.

The board's rows and sections are given here once, each with the name of the board region that
prints it (kits/in-the-nuts.yaml takes the region names and labels from these through anchors).
What the rules need to know about them (which section a squirrel is pushed into, which nuts a
section may take, where a squirrel on the starting track goes) is derived here (`Params.board`), so
the printed board and the replayed board cannot differ.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Annotated

from pnpkit.kitfile.structs import Meta, Strict, field


class StorageCard(Strict):
    size: Annotated[int, Meta(ge=1, description="Nuts the card holds.")]
    points: Annotated[int, Meta(ge=0, description="Points when full (ruling N3).")]


class JokerPair(Strict):
    shows: Annotated[list[str], Meta(min_length=2, max_length=2, description="The two kinds shown on the joker.")]
    count: Annotated[int, Meta(ge=1, description="Jokers showing this pair.")]


class SectionSpec(Strict):
    spaces: Annotated[str, Meta(pattern=r"^\d{1,2}(-\d{1,2})?$",
        description="The starting spaces under it: `2-4`, `7`.")]
    region: Annotated[str, Meta(description="The board region that prints it.")]
    raccoon: Annotated[bool, Meta(description="A raccoon field: any face-up nut plus one stolen.")] = False


class RowSpec(Strict):
    squirrels: Annotated[int, Meta(ge=1,
        description="Squirrels of one player a section of this row needs to take a nut.")]
    sections: Annotated[list[SectionSpec], Meta(min_length=1,
        description="Left to right, covering the starting track.")]


class TrackPart(Strict):
    spaces: Annotated[str, Meta(pattern=r"^\d{1,2}(-\d{1,2})?$", description="The starting spaces it prints: `2-6`.")]
    track: Annotated[str, Meta(description="The board track that prints them.")]


class PlaceSpec(Strict):
    spaces: Annotated[str, Meta(pattern=r"^\d{1,2}(-\d{1,2})?$",
        description="The starting spaces it lies under: `2-4`.")]
    region: Annotated[str, Meta(description="The board region that prints it.")]


@dataclass(frozen=True)
class Place:
    """A face-up nut's place under the starting track."""

    index: int
    label: str      # `2-4`, as printed and as records write it
    lo: int
    hi: int
    region: str


@dataclass(frozen=True)
class Section:
    """A section of a row, in the order the rows are checked (`index`)."""

    index: int
    row: int                    # 0: the first row checked (the 2-squirrel area)
    need: int                   # squirrels of one player that take a nut
    label: str
    lo: int
    hi: int
    region: str
    raccoon: bool
    above: int | None           # the section its pushed squirrels go to; None on the top row
    places: tuple[int, ...]     # the nut places it may take from

    @property
    def name(self) -> str:
        """`2-4 (2-squirrel area)`, for messages."""
        return f"{self.label} ({self.need}-squirrel area{', raccoon' if self.raccoon else ''})"


@dataclass(frozen=True)
class Board:
    track: tuple[int, int]
    sections: tuple[Section, ...]
    places: tuple[Place, ...]
    start: dict[int, int]       # starting space -> the section of the first row above it
    rows: tuple[tuple[int, ...], ...]   # each row's sections
    printed: dict[int, str]     # starting space -> its place on the printed board (`start-8-12 8`)

    @cached_property
    def needs(self) -> tuple[int, ...]:
        """Each section's squirrels to collect, in check order."""
        return tuple(s.need for s in self.sections)

    @property
    def top(self) -> Section:
        return self.sections[self.rows[-1][0]]

    def find(self, need: int, label: str) -> Section | None:
        """The section of the row that needs `need` squirrels, by its label: `find(3, "2-6")`."""
        return next((s for s in self.sections if s.need == need and s.label == label), None)

    def first_row(self, label: str) -> Section | None:
        return next((self.sections[i] for i in self.rows[0] if self.sections[i].label == label), None)

    def place(self, label: str) -> Place | None:
        return next((p for p in self.places if p.label == label), None)


def _span(text: str) -> tuple[int, int]:
    a, _, b = text.partition("-")
    return int(a), int(b or a)


@dataclass(frozen=True)
class NamedCard:
    name: str       # `3`, `3b`
    size: int
    points: int


class Params(Strict, dict=True):
    kinds: Annotated[list[str], Meta(min_length=1, description="The kinds of nut, as records write them.")]
    storage: Annotated[list[StorageCard], Meta(min_length=1, description="Each player's storage cards.")]
    supply: Annotated[dict[int, int], Meta(
        description="Nut cards of each kind in the game, by player count (ruling N5).")]
    jokers: Annotated[list[JokerPair], Meta(description="The jokers, by the pair of kinds they show (ruling N2).")]
    squirrels: Annotated[int, Meta(ge=1, description="Each player's squirrels: all they have.")] = 15
    set_aside: Annotated[int, Meta(ge=0,
        description="Nut cards put aside face down at the start, the draw pile at the end.")] = 8
    setup_squirrels: Annotated[list[int], Meta(
        description="Squirrels the players after the first put in the first row before the first turn, in seat "
                    "order.")] = field(default_factory=lambda: [1, 2, 3])
    track: Annotated[list[int], Meta(min_length=2, max_length=2,
        description="The starting track's first and last space (the green die plus one white die).")]
    track_printed: Annotated[list[TrackPart], Meta(min_length=1,
        description="The board's tracks that print the starting track, left to right, each with its spaces.")]
    nut_places: Annotated[list[PlaceSpec], Meta(min_length=1, description="The face-up nuts' places, left to right.")]
    rows: Annotated[list[RowSpec], Meta(min_length=1, description="The rows in the order they are checked.")]

    def __post_init__(self) -> None:
        if len(set(self.kinds)) != len(self.kinds):
            raise ValueError("kinds: a kind appears twice")
        seen: set[frozenset] = set()
        for pair in self.jokers:
            a, b = pair.shows
            if a == b or a not in self.kinds or b not in self.kinds:
                raise ValueError(f"jokers: {a}/{b} must be two different kinds of {', '.join(self.kinds)}")
            if frozenset(pair.shows) in seen:
                raise ValueError(f"jokers: {a}/{b} is listed twice")
            seen.add(frozenset(pair.shows))
        sizes = [c.size for c in self.storage]
        if any(sizes.count(s) > 26 for s in sizes):
            raise ValueError("storage: too many cards of one size to name them 3, 3b, ... 3z")
        self.board  # noqa: B018 (derives the board, raising ValueError where it does not fit together)

    @cached_property
    def board(self) -> Board:
        """The rows' sections in check order, what each pushes into and may take, and the places."""
        lo, hi = self.track
        if not 2 <= lo < hi <= 12:
            raise ValueError(f"track: {lo}-{hi} is not within 2-12, the sums of the green die and a white die")
        places = tuple(Place(i, p.spaces, *_span(p.spaces), p.region) for i, p in enumerate(self.nut_places))
        if any(a.hi >= b.lo for a, b in zip(places, places[1:])) or places[0].lo < lo or places[-1].hi > hi:
            raise ValueError("nut_places: must lie under the track, left to right, apart")
        sections: list[Section] = []
        rows: list[tuple[int, ...]] = []
        for r, row in enumerate(self.rows):
            spans = [_span(s.spaces) for s in row.sections]
            want = lo
            for (a, b), s in zip(spans, row.sections):
                if a != want or b < a:
                    raise ValueError(f"rows[{r}]: section {s.spaces} must start at space {want}: the sections "
                                     f"cover the track {lo}-{hi} left to right")
                want = b + 1
            if want != hi + 1:
                raise ValueError(f"rows[{r}]: the sections end at {want - 1}, not at the track's last space {hi}")
            if r and row.squirrels <= self.rows[r - 1].squirrels:
                raise ValueError(f"rows[{r}]: each row needs more squirrels than the row before")
            first = len(sections)
            for (a, b), s in zip(spans, row.sections):
                inside = tuple(p.index for p in places if a <= p.lo and p.hi <= b)
                if s.raccoon:
                    inside = tuple(p.index for p in places)
                elif r == 0 and len(inside) != 1:
                    raise ValueError(f"rows[0]: section {s.spaces} must have exactly one nut place under it")
                elif not inside:
                    raise ValueError(f"rows[{r}]: section {s.spaces} has no nut place under it")
                sections.append(Section(len(sections), r, row.squirrels, s.spaces, a, b, s.region, s.raccoon,
                                        None, inside))
            rows.append(tuple(range(first, len(sections))))
        for r in range(len(rows) - 1):
            for i in rows[r]:
                s = sections[i]
                up = [j for j in rows[r + 1] if sections[j].lo <= s.lo and s.hi <= sections[j].hi]
                if not up:
                    raise ValueError(f"rows[{r}]: no section of the next row lies over section {s.label}")
                sections[i] = replace(s, above=up[0])
        start = {space: next(i for i in rows[0] if sections[i].lo <= space <= sections[i].hi)
                 for space in range(lo, hi + 1)}
        printed: dict[int, str] = {}
        for part in self.track_printed:
            a, b = _span(part.spaces)
            if a != len(printed) + lo or b < a:
                raise ValueError(f"track_printed: {part.spaces} must start at space {len(printed) + lo}: the parts "
                                 f"print the track {lo}-{hi} left to right")
            printed |= {x: f"{part.track} {x}" for x in range(a, b + 1)}
        if len(printed) != hi - lo + 1:
            raise ValueError(f"track_printed: the parts end at {lo + len(printed) - 1}, not at the track's last "
                             f"space {hi}")
        return Board((lo, hi), tuple(sections), places, start, tuple(rows), printed)

    @cached_property
    def cards(self) -> list[NamedCard]:
        """Each storage card with the name a record uses: the size, then `b`, `c`... for repeats."""
        out: list[NamedCard] = []
        count: dict[int, int] = {}
        for c in self.storage:
            n = count.get(c.size, 0)
            count[c.size] = n + 1
            out.append(NamedCard(f"{c.size}{chr(ord('a') + n) if n else ''}", c.size, c.points))
        return out

    @property
    def joker_count(self) -> int:
        return sum(p.count for p in self.jokers)

    def supply_for(self, players: int) -> int:
        """Nut cards of each kind with this many players (the nearest listed count outside the range)."""
        counts = sorted(self.supply)
        near = min(counts, key=lambda c: (abs(c - players), -c))
        return self.supply[near]

    def jokers_showing(self, a: str, b: str) -> int:
        """How many jokers show kinds `a` and `b` (0 if none does)."""
        return sum(p.count for p in self.jokers if set(p.shows) == {a, b} and a != b)
