"""The kinds of printable components a kit file may list.

A kit file's `components:` is a list; each entry's `kind` picks its model here (a discriminated
union), so `pnpkit schema kit` tells an editor exactly which keys each kind takes. The kinds are
general on purpose: a new game whose pieces are boards, counters, cards, tiles, score sheets and
reference cards is a new kit file, not new code.

Lengths, sizes, positions and colours are read by kitfile/units.py; the faces and texts several
kinds share are in kitfile/faces.py, a board's parts in kitfile/board.py, the base model and the
bounds of what can be printed in kitfile/strict.py (all re-exported here).
"""
# (annotations evaluated here, not as text: msgspec compiled each one's text when it first read a model)

from typing import Annotated, Any, Literal

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
from pnpkit.kitfile.custom_types import expected
from pnpkit.kitfile.pad import Scoring
from pnpkit.kitfile.strict import MAX_ITEMS, MAX_PT, MAX_ROWS, MAX_SPACES, MIN_PT, Strict  # noqa: F401  (re-exported)
from pnpkit.kitfile.structs import Invalid, Meta, convert, field
from pnpkit.kitfile.yamlscalars import short


# ---------------------------------------------------------------------------------------------
# The kinds.

class _Component(Strict):
    name: Annotated[str, Meta(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60,
                              description="The component's id, e.g. chestnuts (unique in the kit).")]
    title: Annotated[Annotated[str, Meta(max_length=100)] | None, Meta(
        description="What the cover page and the manifest call it (default: the name).")] = None

    @property
    def display(self) -> str:
        return self.title or self.name.replace("-", " ").capitalize()


class _Faced(_Component):
    count: Annotated[Count | None, Meta(description="How many, when there are no `sets`.")] = None
    sets: Annotated[list[PieceSet], Meta(max_length=MAX_ITEMS, description="Groups of pieces, each with its owner's "
                                         "colour and mark.")] = field(default_factory=list)
    front: Annotated[Face, Meta(description="The front (every piece has one).")] = field(default_factory=Face)
    back: Annotated[Face | None, Meta(description="The back; leave it out for a single-sided piece.")] = None
    border: Annotated[Color, Meta(description="The colour of the thin line just inside the cut.")] = "#000000"
    cut_corner: Annotated[Length, Meta(description="Square pieces: the corner radius a cutting machine cuts (the SVG "
                                       "pages' Cut layer), e.g. 3mm; 0 cuts square corners.")] = 0.0

    def __post_init__(self) -> None:
        if self.sets and self.count is not None:
            raise ValueError("give `count` or `sets`, not both")
        if not self.sets and self.count is None:
            raise ValueError("give `count` (how many) or `sets`")

    def groups(self) -> list[PieceSet]:
        return list(self.sets) or [PieceSet(name="", count=self.count or 0)]

    @property
    def total(self) -> int:
        return sum(s.count for s in self.groups())


class Counters(_Faced):
    """Small round or square pieces (5/8 in by default), one or two sided."""

    kind: Literal["counters"]
    shape: Literal["round", "square"] = "round"
    size: Annotated[PieceLength, Meta(description='Diameter or side, e.g. "5/8in" (default), "3/4in", '
                                      '"20mm".')] = 15.875
    cut_square: Annotated[Annotated[str, Meta(max_length=120)] | None, Meta(
        description="Round counters the rules never tell apart by their outline: why cutting them square is fine "
                    "(\"they are drawn from a bag\"), said on the cover.")] = None


class Tiles(_Faced):
    """Larger square or rectangular pieces laid on the table (default 1 in square)."""

    kind: Literal["tiles"]
    size: Annotated[PieceSize, Meta(description='e.g. "1in", "30x30mm", "2x1in".')] = (25.4, 25.4)
    corner: Annotated[Length, Meta(description="Corner radius of the drawing inside the cut.")] = 1.0


class Cards(_Component):
    """A deck. Each row of `deck` is one card design (its `count` copies); templates see `row`."""

    kind: Literal["cards"]
    size: Annotated[PieceSize, Meta(description='Default poker, 63.5x88.9mm; also "bridge", "mini", '
                                    '"tarot".')] = (63.5, 88.9)
    count: Annotated[Count, Meta(description="Copies of each row (a row's own `count` overrides it).")] = 1
    deck: Annotated[list[dict[str, Any]], Meta(max_length=MAX_COUNT, description="One mapping per card design; "
                                               "`count` copies; other keys are read by the face templates as "
                                               "row.KEY.")] = field(default_factory=list)
    front: CardFace = field(default_factory=CardFace)
    back: CardFace | None = None
    corner: Annotated[Length, Meta(description="Corner radius of the frame inside the cut.")] = 3.0
    bleed: Annotated[Length, Meta(description="How far each face's background runs past the cut, so a slightly off "
                                  "cut shows no white edge; `pnpkit build --bleed` sets 3mm.")] = 0.0
    cut_corner: Annotated[Length, Meta(description="The corner radius a cutting machine cuts (the SVG pages' Cut "
                                       "layer), e.g. 3mm for rounded cards; 0 cuts square corners.")] = 0.0


class Column(Strict):
    label: Annotated[str, Meta(description="Column heading.")]
    width: Annotated[PositiveLength | None, Meta(description="Width; columns without one share what is "
                                                 "left.")] = None
    group: Annotated[str | None, Meta(description="The name of a `groups` entry this column sits under.")] = None
    shade: Annotated[bool, Meta(description="Shade the column (e.g. a total).")] = False
    tick: Annotated[bool, Meta(description="Each cell holds a printed tick box (a box to tick, that a camera reads: "
                               "`pnpkit score` of a photo of the sheet).")] = False


class ColumnGroup(Strict):
    name: str
    label: Annotated[str, Meta(description="Printed over the group's columns (e.g. a player).")]
    color: Color | None = None
    mark: Annotated[str | None, Meta(description="A player mark drawn by the label.")] = None
    name_line: Annotated[bool, Meta(description="Leave a line to write a player's name on.")] = True


class Box(Strict):
    label: str
    at: Annotated[Point, Meta(description="Top-left corner within the sheet.")]
    size: Size
    ticks: Annotated[int, Meta(ge=0, le=MAX_ROWS, description="A row of tick boxes in the box, numbered 1..N (one a "
                               "marker), instead of a space to write in.")] = 0
    tick_labels: Annotated[str | None, Meta(description="The tick boxes' labels, separated by commas, instead of "
                                            "numbers (jinja2 reading `params`: a tick box per bonus card id).")] = None
    tick_rows: Annotated[int, Meta(ge=1, le=10, description="Rows the tick boxes are laid in.")] = 1


class ScoreSheet(_Component):
    """A sheet of rows and columns to write in (one page by default); `boxes` for extra tallies."""

    kind: Literal["score-sheet"]
    size: Annotated[PieceSize, Meta(description="Trim size of one sheet.")] = (190.0, 250.0)
    count: Annotated[Count, Meta(description="Copies to print.")] = 1
    header: Annotated[TextBlock | None, Meta(description="Text above the grid (title, how to score).")] = None
    header_height: Length = 24.0
    footer: TextBlock | None = None
    footer_height: Length = 0.0
    rows: Annotated[Annotated[int, Meta(ge=1, le=MAX_ROWS)] | Annotated[list[str], Meta(max_length=MAX_ROWS)], Meta(
        description="Row count (numbered 1..N) or the row labels (a label with {{ }} is jinja2 reading `params`).")]
    numbering: Annotated[Literal["each", "continued"], Meta(
        description="Numbered rows: `each` copy 1..N; `continued`: a pad whose pages go on (copy 2 numbers "
                    "N+1..2N), a game log written across its front and back.")] = "each"
    row_label: Annotated[str, Meta(description="Heading of the row-label column.")] = ""
    row_label_width: Length = 12.0
    columns: Annotated[list[Column], Meta(min_length=1, max_length=MAX_ROWS)]
    groups: Annotated[list[ColumnGroup], Meta(max_length=MAX_ROWS)] = field(default_factory=list)
    boxes: Annotated[list[Box], Meta(max_length=MAX_ITEMS, description="Extra labelled boxes below the "
                                     "grid.")] = field(default_factory=list)
    boxes_height: Length = 0.0
    fillable: Annotated[bool, Meta(description="Give the sheet form fields in KIT-PAPER-fillable.pdf; false: a pad "
                                   "written in pencil only (a game log), left out of that file.")] = True
    corner_marks: Annotated[Annotated[list[Annotated[int, Meta(ge=0, le=49)]], Meta(min_length=4, max_length=4)]
                            | None, Meta(
        description="Four ArUco marks (4x4, ids 0-49: top-left, top-right, bottom-right, bottom-left) in the sheet's "
                    "corners, so a camera finds the sheet and its boxes (`pnpkit score` of a photo).")] = None
    group_height: Annotated[PositiveLength, Meta(description="Height of the band of column groups.")] = 13.0
    heading_height: Annotated[PositiveLength, Meta(description="Height of the row of column headings.")] = 7.0
    scoring: Annotated[Scoring | None, Meta(
        description="A pad that scores with no code: each column one player's, the rows their boxes; {total, adds, "
                    "wins, range, tiebreaks} (kitfile/pad.py).")] = None
    games: Annotated[Annotated[int, Meta(ge=1, le=1000)] | None, Meta(
        description="How many games one sheet holds (a row a game: 20): the cover says what the pad holds.")] = None
    per_player: Annotated[bool, Meta(description="Each player scores a game on a sheet of their own: the cover says "
                                     "how many games the pad holds for each number of players.")] = False

    def __post_init__(self) -> None:
        if self.scoring is not None:
            self.scoring.check(self.rows, self.groups)
        names = {g.name for g in self.groups}
        for c in self.columns:
            if c.group is not None and c.group not in names:
                raise ValueError(f"column {c.label!r}: no group named {c.group!r} (groups: {', '.join(sorted(names)) or 'none'})")


class Reference(_Component):
    """A player aid: text and tables from a template that can read the kit's params."""

    kind: Literal["reference"]
    size: Annotated[PieceSize, Meta(description='Trim size, e.g. "a5" or "190x128mm".')]
    count: Annotated[Count, Meta(description="Copies (e.g. one per player).")] = 1
    front: TextBlock
    back: Annotated[TextBlock | None, Meta(description="A second side (double-sided card).")] = None
    margin: Length = 5.0



class Board(_Component):
    """A board: regions, tracks, grids, lattices, labels, art and text blocks at given places (mm)."""

    kind: Literal["board"]
    size: Annotated[PieceSize, Meta(description="Trim size; larger than a page is fine (it is split with "
                                    "overlaps).")]
    fill: Annotated[Color | None, Meta(description="Board background (default white).")] = None
    regions: Annotated[list[Region], Meta(max_length=MAX_ITEMS)] = field(default_factory=list)
    tracks: Annotated[list[Track], Meta(max_length=MAX_ITEMS)] = field(default_factory=list)
    grids: Annotated[list[Grid], Meta(max_length=MAX_ITEMS)] = field(default_factory=list)
    lattices: Annotated[list[Lattice], Meta(max_length=MAX_ITEMS)] = field(default_factory=list)
    labels: Annotated[list[Label], Meta(max_length=MAX_ITEMS)] = field(default_factory=list)
    art: Annotated[list[Art], Meta(max_length=MAX_ITEMS)] = field(default_factory=list)
    texts: Annotated[list[PlacedText], Meta(max_length=MAX_ITEMS, description="Text blocks, e.g. the turn summary "
                                            "along an edge.")] = field(default_factory=list)
    count: Annotated[Count, Meta(description="Copies to print (e.g. a ruler for each side of the table).")] = 1
    attach: Annotated[Attach | None, Meta(description="Laid against another board's edge (an expansion "
                                          "panel).")] = None


class TileKey(_Component):
    """A key to a tile-laying game's tiles (Carcassonne's): each kind of tile drawn from the tile
    data in the kit's `params` (kitfile/tileset.py), with its code and how many the box holds, set
    by set. The scorer reads the same data, so the key shows the codes a record writes."""

    kind: Literal["tile-key"]
    size: Annotated[Size, Meta(description='Trim size, e.g. "186x248mm" (a page).')]
    count: Annotated[Count, Meta(description="Copies to print.")] = 1
    tiles: Annotated[str, Meta(pattern=r"^[a-z_]+$", description="The `params` key holding the tile data.")] = "tiles"
    columns: Annotated[int, Meta(ge=1, le=12, description="Tiles to a row.")] = 6
    intro: Annotated[str, Meta(max_length=600, description="A few words under the title: how to read the "
                               "key.")] = ""
    legend: Annotated[str, Meta(max_length=600, description="A few words at the foot: what the drawings "
                                "show.")] = ""


KIND_MODELS: dict[str, type[_Component]] = {
    "board": Board, "counters": Counters, "tiles": Tiles, "cards": Cards,
    "score-sheet": ScoreSheet, "reference": Reference, "tile-key": TileKey,
}
KINDS = tuple(KIND_MODELS)


class _OneOf(type):
    """A component counts as a `Component` (msgspec checks what `decode` gives)."""

    def __instancecheck__(cls, value: Any) -> bool:
        return isinstance(value, _Component)


class Component(metaclass=_OneOf):
    """One entry of `components:`, read as the model its `kind` names: a problem in it is said by
    that model (its keys for a did-you-mean), and an unknown or missing kind lists the kinds."""

    json_schema_uses = tuple(KIND_MODELS.values())
    json_schema = {"oneOf": [{"$ref": f"#/$defs/{m.__name__}"} for m in KIND_MODELS.values()],
                   "discriminator": {"propertyName": "kind",
                                     "mapping": {k: f"#/$defs/{m.__name__}" for k, m in KIND_MODELS.items()}}}

    @classmethod
    def decode(cls, value: Any) -> _Component:
        if not isinstance(value, dict):
            raise ValueError(expected("a mapping", value))
        if "kind" not in value:
            raise Invalid(f"this field is required (one of: {', '.join(KINDS)})", at=("kind",))
        kind = value["kind"]
        model = KIND_MODELS.get(kind) if isinstance(kind, str) else None
        if model is None:
            raise Invalid(f"unknown kind {short(str(kind), 40)} (expected one of: {', '.join(KINDS)})", at=("kind",))
        return convert(value, model)
