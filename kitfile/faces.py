"""Faces and texts shared by several kinds of component (kitfile/components.py): a piece's side,
a card's side, a block of text, a set of pieces of one owner."""
# (annotations evaluated here, not as text: msgspec compiled each one's text when it first read a model)

from typing import Annotated, Any, ClassVar, Literal

from pnpkit.kitfile.layout import CARD_PARTS, PIECE_PARTS, Layout, checked
from pnpkit.kitfile.strict import MAX_PT, MIN_PT, Strict
from pnpkit.kitfile.structs import Meta, field
from pnpkit.kitfile.units import Color, Count, RowColor, is_color


class Face(Strict):
    """One side of a counter, tile or card. Every empty field may be filled by the piece's set."""

    fill: Annotated[Color | None, Meta(description="Background colour (default white; a set's colour tints it if "
                                       "`tint`).")] = None
    tint: Annotated[bool, Meta(description="Tint the background with the set's colour (light on purpose: greyscale "
                               "printers).")] = False
    art: Annotated[str | None, Meta(description="A name from the art library (`generator.art.names()`), or your own "
                                    "picture file beside the kit file (`art/fox.svg`, `art/fox.png`), drawn in the "
                                    "middle; on cards it may be jinja2 reading `row` (\"{{ row.kind }}\", "
                                    "\"art/{{ row.id }}.svg\").")] = None
    art_options: Annotated[dict[str, Any], Meta(description="Options for the art, e.g. {cooked: true}; for a "
                                                "picture file `fit` (fit, fill, stretch, actual) and `crop` [x, y, w, "
                                                "h]; on cards a text value with {{ }} is jinja2 reading `row` and "
                                                "`params` (\"{{ row.size }}\").")] = field(default_factory=dict)
    art_scale: Annotated[float, Meta(gt=0.0, le=1.0, description="The art's box as a share of the face's size.")] = 0.62
    art_share: Annotated[float, Meta(gt=0.0, lt=1.0, description="Cards with text: the share of the height under "
                                     "the title the art takes (default 0.45); more for a drawing that carries the "
                                     "card.")] = 0.45
    art_box: Annotated[Literal["square", "face", "full"], Meta(
        description="Cards: `face` gives the art the whole face inside the frame (a drawing that lays out its own "
                    "numbers); `square` (default) a square box under the title. Any face: `full` covers the whole "
                    "face and runs past the cut as bleed (`fit: fill` unless its options say otherwise), with no "
                    "frame line.")] = "square"
    color: Annotated[Color | None, Meta(description="The owner's colour, given to the art and the mark (a set fills "
                                        "it).")] = None
    mark: Annotated[str | None, Meta(description="A player mark (art name, e.g. mark-circle) printed so colour never "
                                     "stands alone.")] = None
    label: Annotated[str | None, Meta(description="A short word printed on the face (a set's label fills it).")] = None
    title: Annotated[str | None, Meta(description="Cards: a title at the top (jinja2, sees `row`, `params`).")] = None
    text: Annotated[str | None, Meta(description="Cards: body text under the art (jinja2 template text, sees `row`, "
                                     "`params`).")] = None
    blank: Annotated[bool, Meta(description="Print nothing on this side (a set's colour and mark are not added).")] = False
    layout: Annotated[Layout, Meta(description="Where the face's parts are drawn and how their words look, as "
                                   "Squib's layouts: a part (label, art; on cards also title and text) or a named "
                                   "text of your own -> {at, size, font, size_pt, color, align, valign, rotate}, mm "
                                   "from the face's top-left (e.g. {label: {color: \"#ffffff\"}}).")] = field(
        default_factory=dict)

    PARTS: ClassVar[tuple[str, ...]] = PIECE_PARTS

    def __post_init__(self) -> None:
        checked(self.layout, self.PARTS)
        if self.art_box == "full" and "art" in self.layout and self.layout["art"].placed:
            raise ValueError("layout.art: `art_box: full` covers the whole face: give the art a box of its own or "
                             "`art_box: full`, not both")
        if self.PARTS is PIECE_PARTS:
            for name, place in self.layout.items():
                if place.color is not None and not is_color(place.color):
                    raise ValueError(f'layout.{name}.color: expected a colour "#rrggbb", got {place.color!r} '
                                     "(only a card's colour may read its deck row)")


class CardFace(Face):
    """A card's face: its colours may also come from the deck, a row's column giving each card its own."""

    PARTS: ClassVar[tuple[str, ...]] = CARD_PARTS

    fill: Annotated[RowColor | None, Meta(description='Background colour; on cards also jinja2 reading the deck row '
                                          '(e.g. "{{ row.hex }}" for a column `hex` of "#rrggbb" colours).')] = None
    color: Annotated[RowColor | None, Meta(description="The owner's colour (frame line, art, mark); on cards also "
                                           'jinja2 reading the deck row ("{{ row.colour }}").')] = None


class TextBlock(Strict):
    """Text laid out in a box: from a template file in templates/ (or next to the kit) or inline."""

    template: Annotated[str | None, Meta(description="A jinja2 file in templates/ (or beside the kit file), e.g. "
                                         "chestnuts-turn.j2.")] = None
    text: Annotated[str | None, Meta(description="Inline jinja2 text, instead of a template file.")] = None
    columns: Annotated[int, Meta(ge=1, le=4, description="Columns the text flows through.")] = 1
    max_pt: Annotated[float, Meta(ge=MIN_PT, le=MAX_PT, description="Largest font size tried (pt).")] = 10.0
    min_pt: Annotated[float, Meta(ge=MIN_PT, le=MAX_PT, description="Smallest readable size; if the text does not "
                                  "fit at it, the build fails.")] = MIN_PT

    def __post_init__(self) -> None:
        if (self.template is None) == (self.text is None):
            raise ValueError("give exactly one of `template` or `text`")
        if self.min_pt > self.max_pt:
            raise ValueError("min_pt must not be larger than max_pt")


class PieceSet(Strict):
    """A group of identical pieces of one owner: `2 x 12 chestnuts, one set per player` is two sets."""

    name: Annotated[str, Meta(description="The set's name, used in piece names (e.g. Orange).")]
    count: Annotated[Count, Meta(description="How many pieces in this set.")]
    color: Annotated[Color | None, Meta(description="The set's colour, given to faces that have none.")] = None
    mark: Annotated[str | None, Meta(description="The set's mark (art name), given to faces that have none.")] = None
    label: Annotated[str | None, Meta(description="The set's label, given to faces that have none.")] = None
