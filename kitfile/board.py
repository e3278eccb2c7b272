"""What a board (kitfile/components.py's `Board`) is made of: regions, tracks, grids, lattices,
labels, art and text blocks, each at its place in mm."""
# (annotations evaluated here, not as text: msgspec compiled each one's text when it first read a model)

from typing import Annotated, Any, Literal

from pnpkit.kitfile.faces import TextBlock
from pnpkit.kitfile.strict import MAX_PT, MAX_ROWS, MAX_SPACES, MIN_PT, Strict
from pnpkit.kitfile.structs import Meta, field, force_setattr
from pnpkit.kitfile.units import Color, Count, Length, Point, PositiveLength, Size

Rotation = Literal[0, 90, 180, 270]
Direction = Literal["right", "down", "left", "up"]
Opacity = Annotated[float, Meta(ge=0.0, le=1.0)]


class Overhang(Length):
    """A length of at most 3 mm (a track's `overhang`)."""

    @classmethod
    def decode(cls, value: Any) -> float:
        mm = super().decode(value)
        if mm > 3.0:
            raise ValueError(f"expected at most 3.0, got {mm!r}")
        return mm


class Holds(Strict):
    count: Annotated[Count, Meta(description="How many counters the region must hold side by side.")]
    counters: Annotated[str, Meta(description="The `counters` component whose size counts.")]


class Region(Strict):
    """A named area of a board: a box, round space or oval, with its label and art."""

    name: str
    label: Annotated[str | None, Meta(description="Printed at the region's top edge (as read from `rotate`).")] = None
    sublabel: Annotated[str | None, Meta(description="A smaller second line under the label.")] = None
    at: Point
    size: Size
    shape: Literal["rect", "round", "ellipse"] = "rect"
    fill: Annotated[Color | None, Meta(description="Background (keep it light; it prints grey).")] = None
    color: Annotated[Color | None, Meta(description="The owner's colour: a band along the label.")] = None
    mark: Annotated[str | None, Meta(description="The owner's mark, drawn beside the label.")] = None
    art: Annotated[str | None, Meta(description="Art drawn faintly in the region.")] = None
    art_options: dict[str, Any] = field(default_factory=dict)
    art_opacity: Annotated[Opacity, Meta(description="How strong the region's art is (it sits under the "
                                         "counters).")] = 0.35
    rotate: Annotated[Rotation, Meta(description="Turn label and art to face a player on another side.")] = 0
    holds: Annotated[Holds | None, Meta(description="Counters it must hold; the build fails if they do not "
                                        "fit.")] = None


class Track(Strict):
    """A row of numbered spaces (a score track, the Fire's Flame spaces)."""

    name: str
    at: Annotated[Point, Meta(description="Top-left of the first space.")]
    spaces: Annotated[list[str], Meta(max_length=MAX_SPACES, description="The label of each space, in order (or "
                                      "give `numbers`).")] = field(default_factory=list)
    space: Annotated[PositiveLength, Meta(description="Diameter or side of each space.")]
    across: Annotated[PositiveLength | None, Meta(
        description="Each space's size across the track when it differs from `space` (its length along the "
                    "track): square spaces become rectangles (e.g. a ruler marked in tiles), round ones ovals. Not "
                    "with `turns`.")] = None
    gap: Length = 2.0
    direction: Direction = "right"
    shape: Literal["round", "square"] = "round"
    art: Annotated[str | None, Meta(description="Art drawn faintly in each space.")] = None
    fill: Color | None = None
    rotate: Rotation = 0
    turns: Annotated[dict[int, Direction], Meta(
        description="Corners: space index -> the direction the track takes from the space before it, e.g. {6: up, "
                    "21: right} for a track that runs round a board.")] = field(default_factory=dict)
    holds: Annotated[str | None, Meta(description="A `counters` component each space must hold (e.g. a score "
                                      "marker); the build fails if it does not fit.")] = None
    overhang: Annotated[Overhang, Meta(
        description="How far a counter the track `holds` may reach past its space on each side: a lone marker (a "
                    "player's score star) covering its square and the edges of its neighbours, whose numbers still "
                    "show (at most 3 mm).")] = 0.0
    numbers: Annotated[tuple[int, int] | None, Meta(
        description="[first, last]: spaces numbered first..last, instead of `spaces` (a YAML anchor in params can "
                    "give the last).")] = None

    def __post_init__(self) -> None:
        if self.numbers is not None and not self.spaces:  # `numbers: [0, 50]`: spaces "0", "1", ..., "50"
            first, last = self.numbers
            if first > last:
                raise ValueError(f"numbers: expected [first, last] with first <= last, got {list(self.numbers)}")
            if last - first >= MAX_SPACES:
                raise ValueError(f"numbers: at most {MAX_SPACES} spaces, got {list(self.numbers)}")
            force_setattr(self, "spaces", [str(n) for n in range(first, last + 1)])
        if not self.spaces:
            raise ValueError("give `spaces` (the label of each space, e.g. [\"1\", \"2\"]) or `numbers` [first, last]")
        if self.numbers is not None and self.spaces != [str(n) for n in range(self.numbers[0], self.numbers[1] + 1)]:
            raise ValueError("give `spaces` or `numbers`, not both")
        bad = [i for i in self.turns if not 1 <= i < len(self.spaces)]
        if bad:
            raise ValueError(f"turns: space {bad[0]} is not between 1 and {len(self.spaces) - 1}")
        if self.across is not None and self.turns:
            raise ValueError("give `across` or `turns`, not both (a track of long spaces runs straight)")

    def box(self) -> tuple[float, float]:
        """One space's width and height on the board: `space` along the track, `across` across it."""
        across = self.space if self.across is None else self.across
        return (self.space, across) if self.direction in ("right", "left") else (across, self.space)


class Grid(Strict):
    """A grid of squares with optional labels along its top and left."""

    name: str
    at: Point
    rows: Annotated[int, Meta(ge=1, le=MAX_ROWS)]
    cols: Annotated[int, Meta(ge=1, le=MAX_ROWS)]
    cell: PositiveLength
    row_labels: list[str] = field(default_factory=list)
    col_labels: list[str] = field(default_factory=list)
    fill: Color | None = None
    art: Annotated[str | None, Meta(description="Art drawn faintly in every square (e.g. a tree), under the "
                                    "counters.")] = None
    art_options: dict[str, Any] = field(default_factory=dict)
    art_opacity: Annotated[Opacity, Meta(description="How strong each square's art is.")] = 0.35


class Lattice(Strict):
    """A triangle of spaces, 1 in the top row to `rows` in the bottom, joined by lines."""

    name: str
    at: Annotated[Point, Meta(description="Centre of the top space.")]
    rows: Annotated[Annotated[int, Meta(ge=1, le=MAX_ROWS)] | None, Meta(
        description="Rows (1 space in the top row); not with `source: params`.")] = None
    spacing: Annotated[PositiveLength, Meta(description="Distance between neighbouring spaces.")]
    space: Annotated[PositiveLength, Meta(description="Diameter of a space.")]
    labels: Annotated[Literal["row-letter", "none"], Meta(description="row-letter: A1, B1 B2, ...")] = "row-letter"
    source: Annotated[Literal["rows", "params"], Meta(
        description="params: the space names, the lines and the places come from the kit's params (`spaces`, "
                    "`adjacent`, `position(name)`), the same the scorer reads, instead of `rows`.")] = "rows"
    label_at: Annotated[Literal["centre", "below"], Meta(
        description="below: the name printed small under the space, where a counter on the space leaves it "
                    "readable.")] = "centre"
    holds: Annotated[str | None, Meta(description="A `counters` component each space must hold, side by side with "
                                      "its neighbours'; the build fails if it does not fit.")] = None

    def __post_init__(self) -> None:
        if (self.rows is None) == (self.source == "rows"):
            raise ValueError("give `rows`, or `source: params` (and no rows)")


class Label(Strict):
    text: str
    at: Annotated[Point, Meta(description="Where the text's anchor sits (its baseline).")]
    pt: Annotated[float, Meta(ge=MIN_PT, le=MAX_PT, description="Font size, points.")] = 10.0
    font: Literal["regular", "bold", "condensed", "condensed-bold", "title", "heading", "body"] = "heading"
    anchor: Literal["start", "middle", "end"] = "middle"
    rotate: Rotation = 0
    color: Color = "#000000"


class Art(Strict):
    name: Annotated[str, Meta(description="Art library name.")]
    at: Point
    size: Size
    options: dict[str, Any] = field(default_factory=dict)
    rotate: Rotation = 0
    under: Annotated[bool, Meta(description="Draw it first, under the regions, tracks, grids and lattices (a "
                                "picture the board's spaces sit on, e.g. the tree under Trim the Tree's "
                                "lattice).")] = False


class PlacedText(TextBlock):
    at: Point
    size: Size
    rotate: Annotated[Literal[0, 180], Meta(description="180: readable from the board's far edge.")] = 0
    frame: Annotated[bool, Meta(description="Draw a light rounded frame round the text.")] = True


class Attach(Strict):
    """A board laid against another's edge (an expansion panel): it is printed with a glue strip on
    that side, both boards carry matching alignment marks on the shared edge, and the other
    board's assembly picture shows where it goes."""

    to: Annotated[str, Meta(description="The `board` component it is laid against, e.g. floor.")]
    edge: Annotated[Literal["left", "right", "top", "bottom"], Meta(description="Which edge of that board it goes "
                                                                    "against.")]
    note: Annotated[str | None, Meta(description="When it is added, printed on the assembly picture (e.g. \"5-6 "
                                     "players\").")] = None
