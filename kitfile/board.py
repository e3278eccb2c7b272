"""What a board (kitfile/components.py's `Board`) is made of: regions, tracks, grids, lattices,
labels, art and text blocks, each at its place in mm."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from pnpkit.kitfile.faces import TextBlock
from pnpkit.kitfile.strict import MAX_PT, MAX_ROWS, MAX_SPACES, MIN_PT, Strict
from pnpkit.kitfile.units import Color, Count, Length, Point, PositiveLength, Size


class Holds(Strict):
    count: Count = Field(description="How many counters the region must hold side by side.")
    counters: str = Field(description="The `counters` component whose size counts.")


class Region(Strict):
    """A named area of a board: a box, round space or oval, with its label and art."""

    name: str
    label: str | None = Field(None, description="Printed at the region's top edge (as read from `rotate`).")
    sublabel: str | None = Field(None, description="A smaller second line under the label.")
    at: Point
    size: Size
    shape: Literal["rect", "round", "ellipse"] = "rect"
    fill: Color | None = Field(None, description="Background (keep it light; it prints grey).")
    color: Color | None = Field(None, description="The owner's colour: a band along the label.")
    mark: str | None = Field(None, description="The owner's mark, drawn beside the label.")
    art: str | None = Field(None, description="Art drawn faintly in the region.")
    art_options: dict[str, Any] = Field(default_factory=dict)
    art_opacity: float = Field(0.35, ge=0, le=1, description="How strong the region's art is (it sits under the counters).")
    rotate: Literal[0, 90, 180, 270] = Field(0, description="Turn label and art to face a player on another side.")
    holds: Holds | None = Field(None, description="Counters it must hold; the build fails if they do not fit.")


class Track(Strict):
    """A row of numbered spaces (a score track, the Fire's Flame spaces)."""

    name: str
    at: Point = Field(description="Top-left of the first space.")
    spaces: list[str] = Field(default_factory=list, max_length=MAX_SPACES, description="The label of each space, in order (or give `numbers`).")
    space: PositiveLength = Field(description="Diameter or side of each space.")
    across: PositiveLength | None = Field(None, description="Each space's size across the track when it differs from "
                                          "`space` (its length along the track): square spaces become rectangles "
                                          "(e.g. a ruler marked in tiles), round ones ovals. Not with `turns`.")
    gap: Length = 2.0
    direction: Literal["right", "down", "left", "up"] = "right"
    shape: Literal["round", "square"] = "round"
    art: str | None = Field(None, description="Art drawn faintly in each space.")
    fill: Color | None = None
    rotate: Literal[0, 90, 180, 270] = 0
    turns: dict[int, Literal["right", "down", "left", "up"]] = Field(
        default_factory=dict, description="Corners: space index -> the direction the track takes from the space before "
        "it, e.g. {6: up, 21: right} for a track that runs round a board.")
    holds: str | None = Field(None, description="A `counters` component each space must hold (e.g. a score marker); "
                              "the build fails if it does not fit.")
    overhang: Length = Field(0.0, le=3.0, description="How far a counter the track `holds` may reach past its space "
                             "on each side: a lone marker (a player's score star) covering its square and the edges of "
                             "its neighbours, whose numbers still show (at most 3 mm).")
    numbers: tuple[int, int] | None = Field(None, description="[first, last]: spaces numbered first..last, instead of "
                                            "`spaces` (a YAML anchor in params can give the last).")

    @model_validator(mode="before")
    @classmethod
    def _numbered(cls, data: Any) -> Any:
        """`numbers: [0, 50]` fills `spaces` with "0", "1", ..., "50"."""
        if isinstance(data, dict) and data.get("numbers") is not None and "spaces" not in data:
            nums = data["numbers"]
            if (isinstance(nums, (list, tuple)) and len(nums) == 2
                    and all(isinstance(n, int) and not isinstance(n, bool) for n in nums)):
                if nums[0] > nums[1]:
                    raise ValueError(f"numbers: expected [first, last] with first <= last, got {list(nums)}")
                if nums[1] - nums[0] >= MAX_SPACES:
                    raise ValueError(f"numbers: at most {MAX_SPACES} spaces, got {list(nums)}")
                data = dict(data, spaces=[str(n) for n in range(nums[0], nums[1] + 1)])
        return data

    @model_validator(mode="after")
    def _turns(self) -> "Track":
        if not self.spaces:
            raise ValueError("give `spaces` (the label of each space, e.g. [\"1\", \"2\"]) or `numbers` [first, last]")
        if self.numbers is not None and self.spaces != [str(n) for n in range(self.numbers[0], self.numbers[1] + 1)]:
            raise ValueError("give `spaces` or `numbers`, not both")
        bad = [i for i in self.turns if not 1 <= i < len(self.spaces)]
        if bad:
            raise ValueError(f"turns: space {bad[0]} is not between 1 and {len(self.spaces) - 1}")
        if self.across is not None and self.turns:
            raise ValueError("give `across` or `turns`, not both (a track of long spaces runs straight)")
        return self

    def box(self) -> tuple[float, float]:
        """One space's width and height on the board: `space` along the track, `across` across it."""
        across = self.space if self.across is None else self.across
        return (self.space, across) if self.direction in ("right", "left") else (across, self.space)


class Grid(Strict):
    """A grid of squares with optional labels along its top and left."""

    name: str
    at: Point
    rows: int = Field(ge=1, le=MAX_ROWS)
    cols: int = Field(ge=1, le=MAX_ROWS)
    cell: PositiveLength
    row_labels: list[str] = Field(default_factory=list)
    col_labels: list[str] = Field(default_factory=list)
    fill: Color | None = None
    art: str | None = Field(None, description="Art drawn faintly in every square (e.g. a tree), under the counters.")
    art_options: dict[str, Any] = Field(default_factory=dict)
    art_opacity: float = Field(0.35, ge=0, le=1, description="How strong each square's art is.")


class Lattice(Strict):
    """A triangle of spaces, 1 in the top row to `rows` in the bottom, joined by lines."""

    name: str
    at: Point = Field(description="Centre of the top space.")
    rows: int | None = Field(None, ge=1, le=MAX_ROWS, description="Rows (1 space in the top row); not with `source: params`.")
    spacing: PositiveLength = Field(description="Distance between neighbouring spaces.")
    space: PositiveLength = Field(description="Diameter of a space.")
    labels: Literal["row-letter", "none"] = Field("row-letter", description="row-letter: A1, B1 B2, ...")
    source: Literal["rows", "params"] = Field("rows", description="params: the space names, the lines and the places "
                                              "come from the kit's params (`spaces`, `adjacent`, `position(name)`), "
                                              "the same the scorer reads, instead of `rows`.")
    label_at: Literal["centre", "below"] = Field("centre", description="below: the name printed small under the "
                                                 "space, where a counter on the space leaves it readable.")
    holds: str | None = Field(None, description="A `counters` component each space must hold, side by side with its "
                              "neighbours'; the build fails if it does not fit.")

    @model_validator(mode="after")
    def _rows(self) -> "Lattice":
        if (self.rows is None) == (self.source == "rows"):
            raise ValueError("give `rows`, or `source: params` (and no rows)")
        return self


class Label(Strict):
    text: str
    at: Point = Field(description="Where the text's anchor sits (its baseline).")
    pt: float = Field(10.0, ge=MIN_PT, le=MAX_PT, description="Font size, points.")
    font: Literal["regular", "bold", "condensed", "condensed-bold", "title", "heading", "body"] = "heading"
    anchor: Literal["start", "middle", "end"] = "middle"
    rotate: Literal[0, 90, 180, 270] = 0
    color: Color = "#000000"


class Art(Strict):
    name: str = Field(description="Art library name.")
    at: Point
    size: Size
    options: dict[str, Any] = Field(default_factory=dict)
    rotate: Literal[0, 90, 180, 270] = 0
    under: bool = Field(False, description="Draw it first, under the regions, tracks, grids and lattices (a picture "
                        "the board's spaces sit on, e.g. the tree under Trim the Tree's lattice).")


class PlacedText(TextBlock):
    at: Point
    size: Size
    rotate: Literal[0, 180] = Field(0, description="180: readable from the board's far edge.")
    frame: bool = Field(True, description="Draw a light rounded frame round the text.")


class Attach(Strict):
    """A board laid against another's edge (an expansion panel): it is printed with a glue strip on
    that side, both boards carry matching alignment marks on the shared edge, and the other
    board's assembly picture shows where it goes."""

    to: str = Field(description="The `board` component it is laid against, e.g. floor.")
    edge: Literal["left", "right", "top", "bottom"] = Field(description="Which edge of that board it goes against.")
    note: str | None = Field(None, description="When it is added, printed on the assembly picture (e.g. \"5-6 players\").")
