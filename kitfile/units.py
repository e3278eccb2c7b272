"""Units: the one place a length, a size or a position a person writes is read.

Lengths and sizes are strings written with their unit ("5/8in", "15.9mm", "63.5x88.9mm",
"poker"); bare numbers are millimetres. They are parsed here and nowhere else, so every bad size
gives the same message: `expected e.g. "63x88mm", got "63x"`. Kit-file models use the annotated
types at the bottom (Length, PositiveLength, Size, Point, Color): custom types of
kitfile/structs.py (`Plain`: each value read by its `decode` and stored as the plain float, (w, h)
or text it gives).
"""
from __future__ import annotations

import math
import re
from typing import Annotated, Any

from pnpkit.kitfile.structs import Meta, Plain
from pnpkit.kitfile.yamlscalars import short

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, '"': 25.4, "pt": 25.4 / 72.0}
NAMED_SIZES = {  # width x height in mm
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.45, 63.5),
    "tarot": (69.85, 120.65),
    "a6": (105.0, 148.0),
    "a5": (148.0, 210.0),
    "half-letter": (139.7, 215.9),
}
MAX_LENGTH = 1200.0  # mm: the long side of A0, the largest sheet anyone prints a board on (in parts)
MAX_COUNT = 10_000   # copies of one piece, and pieces in a whole kit (kitfile/model.py)

_NUM = r"(?:\d+(?:\.\d+)?|\.\d+)(?:\s*/\s*\d+)?|\d+\s+\d+\s*/\s*\d+"  # 15.9, 5/8, 1 1/2
_LEN = re.compile(rf"^\s*({_NUM})\s*(mm|cm|in|pt|\")?\s*$")
_SIZE = re.compile(rf"^\s*({_NUM})\s*(mm|cm|in|pt|\")?\s*[x×]\s*({_NUM})\s*(mm|cm|in|pt|\")?\s*$")


def _q(value: Any) -> str:
    """A value as the person wrote it, in double quotes: "63x"."""
    return f'"{value}"' if isinstance(value, str) else repr(value)


def _number(text: str) -> float:
    """15.9, 5/8, 1.5/2, 1 1/2 -> the float nearest the exact value: a fraction is divided once, in
    whole numbers, as fractions.Fraction would (whose import was a build's millisecond)."""
    text = text.strip()
    if " " in text and "/" in text:  # "1 1/2"
        whole, frac = text.split(None, 1)
        num, _, den = frac.replace(" ", "").partition("/")
        n, d = int(whole), int(den)  # ValueError for "1.5 / 2", "1 /2"
        if d == 0:
            raise ZeroDivisionError
        return (n * d + int(num)) / d  # int / int: correctly rounded
    if "/" in text:
        num, den = (p.strip() for p in text.split("/"))
        (n, d), (n2, d2) = _exact(num), _exact(den)
        if n2 == 0:
            raise ValueError("division by zero")
        return (n * d2) / (d * n2)
    return float(text)


def _exact(decimal: str) -> tuple[int, int]:
    """"1.5" -> (15, 10): a decimal number as a numerator and a denominator."""
    units, _, tenths = decimal.partition(".")
    return int(units or 0) * 10 ** len(tenths) + int(tenths or 0), 10 ** len(tenths)


def parse_length(value: Any) -> float:
    """"5/8in" | "15.9mm" | "2cm" | "12pt" | 15.9 (a bare number is mm) -> mm."""
    if isinstance(value, bool):
        raise ValueError(f'expected a length like "15.9mm" or "5/8in", got {_q(value)}')
    if isinstance(value, (int, float)):
        mm = float(value)
    else:
        m = _LEN.match(str(value))
        try:
            if not m:
                raise ValueError
            mm = _number(m[1]) * MM_PER_UNIT[m[2] or "mm"]
        except (ValueError, ZeroDivisionError):
            raise ValueError(f'expected a length like "15.9mm" or "5/8in", got {_q(value)}') from None
    if not math.isfinite(mm):
        raise ValueError(f'expected a length like "15.9mm" or "5/8in", got {_q(value)}')
    if mm < 0:
        raise ValueError(f"a length cannot be negative, got {_q(value)}")
    if mm > MAX_LENGTH:
        raise ValueError(f"a length of at most {MAX_LENGTH:g} mm (an A0 sheet's long side), got {_q(value)}")
    return mm


def parse_size(value: Any) -> tuple[float, float]:
    """"63.5x88.9mm" | "2.5x3.5in" | "63.5mm x 88.9mm" | "poker" | "5/8in" (square) -> (w, h) mm."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        w, h = parse_length(value[0]), parse_length(value[1])
        if w <= 0 or h <= 0:
            raise ValueError(f"a size must be larger than zero, got {_q(value)}")
        return w, h
    text = str(value).strip().lower()
    if text in NAMED_SIZES:
        return NAMED_SIZES[text]
    bad = ValueError(f'expected e.g. "63x88mm", "2.5x3.5in", "5/8in" or "poker", got {_q(value)}')
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return parse_length(value), parse_length(value)
    m = _SIZE.match(text)
    try:
        if m:
            unit = m[4] or m[2] or "mm"
            w = _number(m[1]) * MM_PER_UNIT[m[2] or unit]
            h = _number(m[3]) * MM_PER_UNIT[unit]
        elif _LEN.match(text):
            w = h = parse_length(text)
        else:
            raise bad
    except (ValueError, ZeroDivisionError):
        raise bad from None
    if w <= 0 or h <= 0:
        raise ValueError(f"a size must be larger than zero, got {_q(value)}")
    if not (math.isfinite(w) and math.isfinite(h)) or max(w, h) > MAX_LENGTH:
        raise ValueError(f"a size of at most {MAX_LENGTH:g} mm a side (an A0 sheet's long side), got {_q(value)}")
    return w, h


def _point(value: Any) -> tuple[float, float]:
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return parse_length(value[0]), parse_length(value[1])
    raise ValueError(f"expected a position [x, y] from the top-left corner, e.g. [10, 25] (mm) or [1in, 2in], got {_q(value)}")


def _length_schema(description: str, *examples: Any) -> dict:
    """The JSON Schema of a length (Length and its narrower kinds): a text with its unit, or a bare number."""
    return {"type": ["string", "number"], "examples": ["15.9mm", "5/8in", *examples], "description": description}


class Length(Plain):
    plain = float
    json_schema = _length_schema("A length: a number with mm, cm, in or pt; a bare number is mm.", 12)

    @classmethod
    def decode(cls, value: Any) -> float:
        return parse_length(value)


class PositiveLength(Length):
    json_schema = _length_schema("A length larger than zero: a number with mm, cm, in or pt; a bare number is mm.", 12)

    @classmethod
    def decode(cls, value: Any) -> float:
        mm = parse_length(value)
        if not mm > 0:
            raise ValueError(f"expected more than 0, got {short(value)}")
        return mm


class Size(Plain):
    plain = tuple
    json_schema = {"type": "string", "examples": ["63.5x88.9mm", "2.5x3.5in", "poker", "5/8in"],
                   "description": "Width x height with a unit, a named size, or one length for a square."}

    @classmethod
    def decode(cls, value: Any) -> tuple[float, float]:
        return parse_size(value)


MIN_PIECE = 8.0  # mm: a piece smaller than this cannot be cut out with scissors, nor hold a mark


def _big_enough(value: Any, *sides: float) -> None:
    if min(sides) < MIN_PIECE:
        raise ValueError(f"a piece of at least {MIN_PIECE:g} mm a side (smaller cannot be cut out), got {_q(value)}")


def _piece_size(value: Any) -> tuple[float, float]:
    w, h = parse_size(value)
    _big_enough(value, w, h)
    return w, h


def _piece_length(value: Any) -> float:
    mm = parse_length(value)
    _big_enough(value, mm)
    return mm


class PieceLength(Length):
    json_schema = _length_schema(f"A piece's diameter or side, at least {MIN_PIECE:g} mm.")

    @classmethod
    def decode(cls, value: Any) -> float:
        return _piece_length(value)


class PieceSize(Size):
    json_schema = {"type": "string", "examples": ["63.5x88.9mm", "2.5x3.5in", "poker", "5/8in"],
                   "description": f"A piece's width x height (at least {MIN_PIECE:g} mm a side), "
                                  "a named size, or one length for a square."}

    @classmethod
    def decode(cls, value: Any) -> tuple[float, float]:
        return _piece_size(value)


class Point(Plain):
    plain = tuple
    json_schema = {"type": "array", "items": {"type": ["string", "number"]}, "minItems": 2, "maxItems": 2,
                   "description": "[x, y] from the top-left corner (mm unless a unit is given)."}

    @classmethod
    def decode(cls, value: Any) -> tuple[float, float]:
        return _point(value)


Color = Annotated[str, Meta(pattern=r"^#[0-9a-fA-F]{6}$", description='A colour, "#rrggbb".')]
COLOR = re.compile(r"#[0-9a-fA-F]{6}")


def is_color(value: Any) -> bool:
    """"#rrggbb", the one way a kit file (or a deck's cell) writes a colour."""
    return isinstance(value, str) and COLOR.fullmatch(value) is not None


def _row_color(value: Any) -> str:
    """A colour, or jinja2 that gives one per deck row ("{{ row.hex }}"): checked when the row is drawn."""
    if isinstance(value, str) and ("{{" in value or "{%" in value):
        return value
    if is_color(value):
        return value
    raise ValueError(f'expected a colour "#rrggbb" or a template reading the deck row, e.g. "{{{{ row.hex }}}}", '
                     f'got {_q(value)}')


class RowColor(Plain):
    plain = str
    json_schema = {"type": "string", "examples": ["#E69F00", "{{ row.hex }}"],
                   "description": 'A colour "#rrggbb", or jinja2 reading the deck row that gives one.'}

    @classmethod
    def decode(cls, value: Any) -> str:
        return _row_color(value)


Count = Annotated[int, Meta(ge=1, le=MAX_COUNT, description=f"How many (1 to {MAX_COUNT:,}).")]
