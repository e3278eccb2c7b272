"""Faces and texts shared by several kinds of component (kitfile/components.py): a piece's side,
a card's side, a block of text, a set of pieces of one owner."""
from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from pnpkit.kitfile.layout import CARD_PARTS, PIECE_PARTS, Layout, checked
from pnpkit.kitfile.strict import MAX_PT, MIN_PT, Strict
from pnpkit.kitfile.units import Color, Count, RowColor, is_color


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
