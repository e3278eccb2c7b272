"""A face's `layout:`: where each of its parts is drawn and how its words look, as Squib's layouts
say it (a part's name mapped to its box and style, data rather than code).

    layout:
      label: {color: "#ffffff"}                              # the label where it stands, in white
      title: {at: [4, 4], size: 55.5x9mm, align: left}       # the title in a box of its own
      value: {text: "{{ row.value }}", at: [4, 72], size: 12x12mm, font: title, size_pt: 20}

A part is one the face already has (`title`, `label`, `text`, `art`; counters and tiles have no
title or text) or a named text of the designer's own, which carries its `text`. Lengths are mm
from the face's top-left corner (units as everywhere: `[1in, 2in]`, `12x9mm`). A part given `at`
and `size` leaves the face's flow and is drawn in that box (the rest of the face takes the room it
left); a part given only styles (`color`, `font`, `size_pt`, `align`) is drawn where it stands.
With no layout a face is drawn as it always was: the default layout is the face's flow.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from pnpkit.kitfile.errors import did_you_mean
from pnpkit.kitfile.strict import Strict
from pnpkit.kitfile.units import Point, RowColor, Size

MIN_PT, MAX_PT = 7.0, 144.0   # as kitfile/components.py's: text read at the table is never under 7 pt
CARD_PARTS = ("title", "label", "text", "art")
PIECE_PARTS = ("label", "art")   # counters and tiles
FontName = Literal["regular", "bold", "condensed", "condensed-bold", "title", "heading", "body"]
# what each part takes beside at, size and rotate (a part's words have a font; a drawing has none)
STYLES = {"title": {"font", "size_pt", "color", "align", "valign"},
          "label": {"font", "size_pt", "color", "align", "valign"},
          "text": {"size_pt", "color", "valign"},       # paragraphs in the markup: no one font or alignment
          "art": {"align", "valign"}}
NAMED = {"font", "size_pt", "color", "align", "valign"}
DEFAULT_PT = {"title": 12.0, "label": 10.0, "text": 9.0, "named": 10.0}   # cards' sizes, as the flow sets them


class Place(Strict):
    """One part of a face: its box (`at` and `size`, both or neither) and the look of its words."""

    at: Point | None = Field(None, description="The top-left corner of the part's box, from the face's top-left "
                             "corner, e.g. [4, 4] (mm) or [0.2in, 0.2in]; with `size`.")
    size: Size | None = Field(None, description='The box, e.g. "20x8mm"; with `at`. Without both the part stays '
                              "where the face puts it.")
    font: FontName | None = Field(None, description="regular, bold, condensed, condensed-bold, title, heading or "
                                  "body (default: the part's own; a named text: condensed-bold).")
    size_pt: float | None = Field(None, ge=MIN_PT, le=MAX_PT, description="The largest size of its words (pt); they "
                                  "are set smaller to fit their box, never under 7 pt (default: the part's own; "
                                  "title 12, label 10, text 9, a named text 10).")
    color: RowColor | None = Field(None, description='The colour of its words, "#rrggbb" (default near black); on '
                                   'cards also jinja2 reading the deck row ("{{ row.ink }}").')
    align: Literal["left", "center", "right"] | None = Field(None, description="Where its lines sit across the box "
                                                             "(default center).")
    valign: Literal["top", "middle", "bottom"] | None = Field(None, description="Where its lines sit up and down "
                                                              "the box (default: top for text, middle for the rest); "
                                                              "with `at`.")
    rotate: Literal[0, 90, 180, 270] = Field(0, description="Turn the part clockwise in its box (its words read "
                                             "from another side); with `at`.")
    text: str | None = Field(None, max_length=2000, description="A named text's words (jinja2 on cards, reading "
                             "`row` and `params`); the face's own parts take theirs from the face.")

    @model_validator(mode="after")
    def _box(self) -> "Place":
        if (self.at is None) != (self.size is None):
            raise ValueError("give `at` and `size` together (the part's box), or neither (the part stays where it is)")
        if self.at is None and (self.rotate or self.valign):
            raise ValueError("`rotate` and `valign` need the part's own box: give `at` and `size`")
        return self

    @property
    def placed(self) -> bool:
        return self.at is not None

    def styles(self) -> set[str]:
        """The style keys written (at, size, rotate and text aside)."""
        return {k for k in NAMED if getattr(self, k) is not None}


def checked(layout: dict[str, Place], parts: tuple[str, ...]) -> dict[str, Place]:
    """`layout` refused (ValueError, at the face's line) where a part takes a key it cannot use: a
    drawing's font, a named text without its words or its box, a face's part with words of its own."""
    for name, place in layout.items():
        if name in parts:
            if place.text is not None:
                raise ValueError(f"layout.{name}: the face's own {name} takes its words from the face's `{name}`; "
                                 "`text` is for a named text of your own")
            wrong = sorted(place.styles() - STYLES[name])
            if wrong:
                raise ValueError(f"layout.{name}: {name} takes no {wrong[0]} (it takes at, size, rotate, "
                                 f"{', '.join(sorted(STYLES[name]))})")
        elif name in CARD_PARTS:
            raise ValueError(f"layout.{name}: only cards have a {name} (this face's parts: {', '.join(parts)}, or a "
                             "named text with `text`, `at` and `size`)")
        elif place.text is None or not place.placed:
            raise ValueError(f"layout.{name}: {name!r} is not one of the face's parts ({', '.join(parts)})"
                             f"{did_you_mean(name, parts)}; a named text of your own needs `text`, `at` and `size`")
    return layout


PartName = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_-]*$", max_length=40)]
Layout = Annotated[dict[PartName, Place], Field(max_length=40)]
