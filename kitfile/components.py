"""The kinds of printable components a kit file may list.

A kit file's `components:` is a list; each entry's `kind` picks its model here (a discriminated
union), so `pnpkit schema kit` tells an editor exactly which keys each kind takes. The kinds are
general on purpose: a new game whose pieces are boards, counters, cards, tiles, score sheets and
reference cards is a new kit file, not new code.

Lengths, sizes, positions and colours are read by kitfile/units.py (re-exported here).
"""
from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

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
from pnpkit.kitfile.layout import CARD_PARTS, PIECE_PARTS, Layout, checked
from pnpkit.kitfile.pad import Scoring


class Strict(BaseModel):
    # defer_build: validators made at first use; a build uses only Kit's, so its parts' are never made
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False, defer_build=True)


# Bounds of what can be printed (docs/safety.md): a kit file past them is refused at its line,
# before anything is drawn. Lengths and counts are bounded in kitfile/units.py.
MAX_ITEMS = 500    # regions, tracks, labels, boxes ... on one board or sheet
MAX_ROWS = 100     # rows and columns of a grid or score sheet, rows of a lattice
MAX_SPACES = 1000  # spaces of one track
# Font sizes on a piece: DESIGN.md's print conventions want 7 pt for anything read during play
# (generator/legibility.py holds every piece to it, drawings included); 144 pt fills a page.
MIN_PT, MAX_PT = 7.0, 144.0


# ---------------------------------------------------------------------------------------------
# Faces and texts shared by several kinds.

class Face(Strict):
    """One side of a counter, tile or card. Every empty field may be filled by the piece's set."""

    fill: Color | None = Field(None, description="Background colour (default white; a set's colour tints it if `tint`).")
    tint: bool = Field(False, description="Tint the background with the set's colour (light on purpose: greyscale printers).")
    art: str | None = Field(None, description="A name from the art library (`generator.art.names()`), or your own picture "
                            "file beside the kit file (`art/fox.svg`, `art/fox.png`), drawn in the middle; "
                            "on cards it may be jinja2 reading `row` (\"{{ row.kind }}\", \"art/{{ row.id }}.svg\").")
    art_options: dict[str, Any] = Field(default_factory=dict, description="Options for the art, e.g. {cooked: true}; for a "
                                        "picture file `fit` (fit, fill, stretch, actual) and `crop` [x, y, w, h]; on cards "
                                        "a text value with {{ }} is jinja2 reading `row` and `params` (\"{{ row.size }}\").")
    art_scale: float = Field(0.62, gt=0, le=1, description="The art's box as a share of the face's size.")
    art_share: float = Field(0.45, gt=0, lt=1, description="Cards with text: the share of the height under the "
                                    "title the art takes (default 0.45); more for a drawing that carries the card.")
    art_box: Literal["square", "face", "full"] = Field("square", description="Cards: `face` gives the art the whole face "
                                                       "inside the frame (a drawing that lays out its own numbers); "
                                                       "`square` (default) a square box under the title. Any face: "
                                                       "`full` covers the whole face and runs past the cut as bleed "
                                                       "(`fit: fill` unless its options say otherwise), with no frame line.")
    color: Color | None = Field(None, description="The owner's colour, given to the art and the mark (a set fills it).")
    mark: str | None = Field(None, description="A player mark (art name, e.g. mark-circle) printed so colour never stands alone.")
    label: str | None = Field(None, description="A short word printed on the face (a set's label fills it).")
    title: str | None = Field(None, description="Cards: a title at the top (jinja2, sees `row`, `params`).")
    text: str | None = Field(None, description="Cards: body text under the art (jinja2 template text, sees `row`, `params`).")
    blank: bool = Field(False, description="Print nothing on this side (a set's colour and mark are not added).")
    layout: Layout = Field(default_factory=dict, description="Where the face's parts are drawn and how their words "
                           "look, as Squib's layouts: a part (label, art; on cards also title and text) or a named "
                           "text of your own -> {at, size, font, size_pt, color, align, valign, rotate}, mm from "
                           'the face\'s top-left (e.g. {label: {color: "#ffffff"}}).')

    PARTS: ClassVar[tuple[str, ...]] = PIECE_PARTS

    @model_validator(mode="after")
    def _layout(self) -> "Face":
        checked(self.layout, self.PARTS)
        if self.art_box == "full" and "art" in self.layout and self.layout["art"].placed:
            raise ValueError("layout.art: `art_box: full` covers the whole face: give the art a box of its own or "
                             "`art_box: full`, not both")
        if self.PARTS is PIECE_PARTS:
            for name, place in self.layout.items():
                if place.color is not None and not is_color(place.color):
                    raise ValueError(f'layout.{name}.color: expected a colour "#rrggbb", got {place.color!r} '
                                     "(only a card's colour may read its deck row)")
        return self


class CardFace(Face):
    """A card's face: its colours may also come from the deck, a row's column giving each card its own."""

    PARTS: ClassVar[tuple[str, ...]] = CARD_PARTS

    fill: RowColor | None = Field(None, description='Background colour; on cards also jinja2 reading the deck row '
                                  '(e.g. "{{ row.hex }}" for a column `hex` of "#rrggbb" colours).')
    color: RowColor | None = Field(None, description="The owner's colour (frame line, art, mark); on cards also "
                                   'jinja2 reading the deck row ("{{ row.colour }}").')


class TextBlock(Strict):
    """Text laid out in a box: from a template file in templates/ (or next to the kit) or inline."""

    template: str | None = Field(None, description="A jinja2 file in templates/ (or beside the kit file), e.g. chestnuts-turn.j2.")
    text: str | None = Field(None, description="Inline jinja2 text, instead of a template file.")
    columns: int = Field(1, ge=1, le=4, description="Columns the text flows through.")
    max_pt: float = Field(10.0, ge=MIN_PT, le=MAX_PT, description="Largest font size tried (pt).")
    min_pt: float = Field(MIN_PT, ge=MIN_PT, le=MAX_PT, description="Smallest readable size; if the text does not fit at it, the build fails.")

    @model_validator(mode="after")
    def _one(self) -> "TextBlock":
        if (self.template is None) == (self.text is None):
            raise ValueError("give exactly one of `template` or `text`")
        if self.min_pt > self.max_pt:
            raise ValueError("min_pt must not be larger than max_pt")
        return self


class PieceSet(Strict):
    """A group of identical pieces of one owner: `2 x 12 chestnuts, one set per player` is two sets."""

    name: str = Field(description="The set's name, used in piece names (e.g. Orange).")
    count: Count = Field(description="How many pieces in this set.")
    color: Color | None = Field(None, description="The set's colour, given to faces that have none.")
    mark: str | None = Field(None, description="The set's mark (art name), given to faces that have none.")
    label: str | None = Field(None, description="The set's label, given to faces that have none.")


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
