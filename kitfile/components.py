"""The kinds of printable components a kit file may list.

A kit file's `components:` is a list; each entry's `kind` picks its model here (a discriminated
union), so `pnpkit schema kit` tells an editor exactly which keys each kind takes. The kinds are
general on purpose: a new game whose pieces are boards, counters, cards, tiles, score sheets and
reference cards is a new kit file, not new code.

Lengths, sizes, positions and colours are read by kitfile/units.py; the faces and texts several
kinds share are in kitfile/faces.py, a board's parts in kitfile/board.py, the base model and the
bounds of what can be printed in kitfile/strict.py (all re-exported here).
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import Field, model_validator

from pnpkit.kitfile.units import (  # noqa: F401  (re-exported: the kit-file models' vocabulary)
    MAX_COUNT,
    MAX_LENGTH,
    MM_PER_UNIT,
    NAMED_SIZES,
    Color,
    PieceLength,
    PieceSize,
    Count,
    Length,
    Point,
    PositiveLength,
    RowColor,
    Size,
    is_color,
    parse_length,
    parse_size,
)
from pnpkit.kitfile.board import (  # noqa: F401  (re-exported: a board's parts)
    Art,
    Attach,
    Grid,
    Holds,
    Label,
    Lattice,
    PlacedText,
    Region,
    Track,
)
from pnpkit.kitfile.faces import CardFace, Face, PieceSet, TextBlock  # noqa: F401  (re-exported)
from pnpkit.kitfile.pad import Scoring
from pnpkit.kitfile.strict import MAX_ITEMS, MAX_PT, MAX_ROWS, MAX_SPACES, MIN_PT, Strict  # noqa: F401  (re-exported)


# ---------------------------------------------------------------------------------------------
# The kinds.

class _Component(Strict):
    name: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60,
                      description="The component's id, e.g. chestnuts (unique in the kit).")
    title: str | None = Field(None, max_length=100, description="What the cover page and the manifest call it "
                              "(default: the name).")

    @property
    def display(self) -> str:
        return self.title or self.name.replace("-", " ").capitalize()


class _Faced(_Component):
    count: Count | None = Field(None, description="How many, when there are no `sets`.")
    sets: list[PieceSet] = Field(default_factory=list, max_length=MAX_ITEMS, description="Groups of pieces, each with its owner's colour and mark.")
    front: Face = Field(default_factory=Face, description="The front (every piece has one).")
    back: Face | None = Field(None, description="The back; leave it out for a single-sided piece.")
    border: Color = Field("#000000", description="The colour of the thin line just inside the cut.")
    cut_corner: Length = Field(0.0, description="Square pieces: the corner radius a cutting machine cuts (the SVG "
                               "pages' Cut layer), e.g. 3mm; 0 cuts square corners.")

    @model_validator(mode="after")
    def _count(self):
        if self.sets and self.count is not None:
            raise ValueError("give `count` or `sets`, not both")
        if not self.sets and self.count is None:
            raise ValueError("give `count` (how many) or `sets`")
        return self

    def groups(self) -> list[PieceSet]:
        return list(self.sets) or [PieceSet(name="", count=self.count or 0)]

    @property
    def total(self) -> int:
        return sum(s.count for s in self.groups())


class Counters(_Faced):
    """Small round or square pieces (5/8 in by default), one or two sided."""

    kind: Literal["counters"]
    shape: Literal["round", "square"] = "round"
    size: PieceLength = Field(15.875, description='Diameter or side, e.g. "5/8in" (default), "3/4in", "20mm".')
    cut_square: str | None = Field(None, max_length=120, description="Round counters the rules never tell apart by "
                                   "their outline: why cutting them square is fine (\"they are drawn from a bag\"), "
                                   "said on the cover.")


class Tiles(_Faced):
    """Larger square or rectangular pieces laid on the table (default 1 in square)."""

    kind: Literal["tiles"]
    size: PieceSize = Field((25.4, 25.4), description='e.g. "1in", "30x30mm", "2x1in".')
    corner: Length = Field(1.0, description="Corner radius of the drawing inside the cut.")


class Cards(_Component):
    """A deck. Each row of `deck` is one card design (its `count` copies); templates see `row`."""

    kind: Literal["cards"]
    size: PieceSize = Field((63.5, 88.9), description='Default poker, 63.5x88.9mm; also "bridge", "mini", "tarot".')
    count: Count = Field(1, description="Copies of each row (a row's own `count` overrides it).")
    deck: list[dict[str, Any]] = Field(default_factory=list, max_length=MAX_COUNT, description="One mapping per card design; "
                                       "`count` copies; other keys are read by the face templates as row.KEY.")
    front: CardFace = Field(default_factory=CardFace)
    back: CardFace | None = None
    corner: Length = Field(3.0, description="Corner radius of the frame inside the cut.")
    bleed: Length = Field(0.0, description="How far each face's background runs past the cut, so a "
                          "slightly off cut shows no white edge; `pnpkit build --bleed` sets 3mm.")
    cut_corner: Length = Field(0.0, description="The corner radius a cutting machine cuts (the SVG pages' Cut "
                               "layer), e.g. 3mm for rounded cards; 0 cuts square corners.")


class Column(Strict):
    label: str = Field(description="Column heading.")
    width: PositiveLength | None = Field(None, description="Width; columns without one share what is left.")
    group: str | None = Field(None, description="The name of a `groups` entry this column sits under.")
    shade: bool = Field(False, description="Shade the column (e.g. a total).")
    tick: bool = Field(False, description="Each cell holds a printed tick box (a box to tick, that a camera "
                                          "reads: `pnpkit score` of a photo of the sheet).")


class ColumnGroup(Strict):
    name: str
    label: str = Field(description="Printed over the group's columns (e.g. a player).")
    color: Color | None = None
    mark: str | None = Field(None, description="A player mark drawn by the label.")
    name_line: bool = Field(True, description="Leave a line to write a player's name on.")


class Box(Strict):
    label: str
    at: Point = Field(description="Top-left corner within the sheet.")
    size: Size
    ticks: Annotated[int, Field(ge=0, le=MAX_ROWS)] = Field(0, description="A row of tick boxes in the box, numbered "
                                                            "1..N (one a marker), instead of a space to write in.")
    tick_labels: str | None = Field(None, description="The tick boxes' labels, separated by commas, instead of "
                                    "numbers (jinja2 reading `params`: a tick box per bonus card id).")
    tick_rows: Annotated[int, Field(ge=1, le=10)] = Field(1, description="Rows the tick boxes are laid in.")


class ScoreSheet(_Component):
    """A sheet of rows and columns to write in (one page by default); `boxes` for extra tallies."""

    kind: Literal["score-sheet"]
    size: PieceSize = Field((190.0, 250.0), description="Trim size of one sheet.")
    count: Count = Field(1, description="Copies to print.")
    header: TextBlock | None = Field(None, description="Text above the grid (title, how to score).")
    header_height: Length = 24.0
    footer: TextBlock | None = None
    footer_height: Length = 0.0
    rows: Annotated[int, Field(ge=1, le=MAX_ROWS)] | Annotated[list[str], Field(max_length=MAX_ROWS)] = Field(description="Row count (numbered 1..N) or the row labels (a label with {{ }} is jinja2 reading `params`).")
    numbering: Literal["each", "continued"] = Field("each", description="Numbered rows: `each` copy 1..N; "
                                                    "`continued`: a pad whose pages go on (copy 2 numbers N+1..2N), "
                                                    "a game log written across its front and back.")
    row_label: str = Field("", description="Heading of the row-label column.")
    row_label_width: Length = 12.0
    columns: list[Column] = Field(min_length=1, max_length=MAX_ROWS)
    groups: list[ColumnGroup] = Field(default_factory=list, max_length=MAX_ROWS)
    boxes: list[Box] = Field(default_factory=list, max_length=MAX_ITEMS, description="Extra labelled boxes below the grid.")
    boxes_height: Length = 0.0
    fillable: bool = Field(True, description="Give the sheet form fields in KIT-PAPER-fillable.pdf; false: a pad "
                                             "written in pencil only (a game log), left out of that file.")
    corner_marks: Annotated[list[Annotated[int, Field(ge=0, le=49)]], Field(min_length=4, max_length=4)] | None = Field(
        None, description="Four ArUco marks (4x4, ids 0-49: top-left, top-right, bottom-right, bottom-left) in the "
                          "sheet's corners, so a camera finds the sheet and its boxes (`pnpkit score` of a photo).")
    group_height: PositiveLength = Field(13.0, description="Height of the band of column groups.")
    heading_height: PositiveLength = Field(7.0, description="Height of the row of column headings.")
    scoring: Scoring | None = Field(None, description="A pad that scores with no code: each column one player's, "
                                    "the rows their boxes; {total, adds, wins, range, tiebreaks} (kitfile/pad.py).")
    games: Annotated[int, Field(ge=1, le=1000)] | None = Field(None, description="How many games one sheet holds (a "
                                                               "row a game: 20): the cover says what the pad holds.")
    per_player: bool = Field(False, description="Each player scores a game on a sheet of their own: the cover says "
                                                "how many games the pad holds for each number of players.")

    @model_validator(mode="after")
    def _groups(self) -> "ScoreSheet":
        if self.scoring is not None:
            self.scoring.check(self.rows, self.groups)
        names = {g.name for g in self.groups}
        for c in self.columns:
            if c.group is not None and c.group not in names:
                raise ValueError(f"column {c.label!r}: no group named {c.group!r} (groups: {', '.join(sorted(names)) or 'none'})")
        return self


class Reference(_Component):
    """A player aid: text and tables from a template that can read the kit's params."""

    kind: Literal["reference"]
    size: PieceSize = Field(description='Trim size, e.g. "a5" or "190x128mm".')
    count: Count = Field(1, description="Copies (e.g. one per player).")
    front: TextBlock
    back: TextBlock | None = Field(None, description="A second side (double-sided card).")
    margin: Length = 5.0



class Board(_Component):
    """A board: regions, tracks, grids, lattices, labels, art and text blocks at given places (mm)."""

    kind: Literal["board"]
    size: PieceSize = Field(description="Trim size; larger than a page is fine (it is split with overlaps).")
    fill: Color | None = Field(None, description="Board background (default white).")
    regions: list[Region] = Field(default_factory=list, max_length=MAX_ITEMS)
    tracks: list[Track] = Field(default_factory=list, max_length=MAX_ITEMS)
    grids: list[Grid] = Field(default_factory=list, max_length=MAX_ITEMS)
    lattices: list[Lattice] = Field(default_factory=list, max_length=MAX_ITEMS)
    labels: list[Label] = Field(default_factory=list, max_length=MAX_ITEMS)
    art: list[Art] = Field(default_factory=list, max_length=MAX_ITEMS)
    texts: list[PlacedText] = Field(default_factory=list, max_length=MAX_ITEMS, description="Text blocks, e.g. the turn summary along an edge.")
    count: Count = Field(1, description="Copies to print (e.g. a ruler for each side of the table).")
    attach: Attach | None = Field(None, description="Laid against another board's edge (an expansion panel).")


class TileKey(_Component):
    """A key to a tile-laying game's tiles (Carcassonne's): each kind of tile drawn from the tile
    data in the kit's `params` (kitfile/tileset.py), with its code and how many the box holds, set
    by set. The scorer reads the same data, so the key shows the codes a record writes."""

    kind: Literal["tile-key"]
    size: Size = Field(description='Trim size, e.g. "186x248mm" (a page).')
    count: Count = Field(1, description="Copies to print.")
    tiles: str = Field("tiles", pattern=r"^[a-z_]+$", description="The `params` key holding the tile data.")
    columns: int = Field(6, ge=1, le=12, description="Tiles to a row.")
    intro: str = Field("", max_length=600, description="A few words under the title: how to read the key.")
    legend: str = Field("", max_length=600, description="A few words at the foot: what the drawings show.")


KIND_MODELS: dict[str, type[_Component]] = {
    "board": Board, "counters": Counters, "tiles": Tiles, "cards": Cards,
    "score-sheet": ScoreSheet, "reference": Reference, "tile-key": TileKey,
}
KINDS = tuple(KIND_MODELS)


Component = Annotated[Union[Board, Counters, Tiles, Cards, ScoreSheet, Reference, TileKey], Field(discriminator="kind")]
