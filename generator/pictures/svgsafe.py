"""An SVG from a stranger, parsed and checked before svglib draws it.

What a hostile SVG tries, and what stops it here (each a one-line PictureError):
- entities (the "billion laughs", or an external entity naming /etc/passwd): a document type that
  declares any entity is refused, and the parser never loads a DTD, resolves an entity or uses
  the network;
- references to other files or addresses (`<image href="../secret.png">`, `href="http://..."`,
  CSS `@import` or `url(file:...)`): a picture must be self-contained; only `#id` references
  inside it and pictures embedded as `data:image/png;base64,...` (or JPEG) are allowed, each
  embedded picture bounded like a PNG file;
- attributes: at most MAX_ATTRIBUTES on an element, counted before any is read (lxml and svglib
  read an element's attributes in time that grows with the square of their number: 60,000 on one
  element took minutes, in C code that no Ctrl-C interrupts);
- size: elements, numbers in path data and nesting are counted with every `<use>` expanded as
  the copy it makes (a few `<use>` of `<use>` can otherwise ask for billions of copies), and a
  `<use>` cycle is refused;
- huge dimensions: width, height and viewBox must be finite numbers within MAX_DIMENSION, and
  every number the SVG writes (a coordinate, a font size, a transform, a number in its CSS) within
  MAX_NUMBER, so that nothing reportlab cannot write (`font-size="1e30"`) gets past this module;
- CSS is read by a real CSS parser (svgcss.py), escapes and all, for @import, url() and its rules;
- embedded pictures: each is bounded like a PNG file, and the distinct ones are listed (by their
  bytes) so that the kit's budget counts each once and the drawing decodes each once;
- `<script>`: refused (pnpkit would never run it, but a picture that carries one is not art).
"""
from __future__ import annotations

import base64
import binascii
import math
import re
from dataclasses import dataclass, field
from typing import Any

from pnpkit.generator.pictures import budget, raster, svgcss
from pnpkit.generator.pictures.limits import (
    MAX_ATTRIBUTES,
    MAX_CSS_RULES,
    MAX_DEPTH,
    MAX_DIMENSION,
    MAX_ELEMENTS,
    MAX_NUMBER,
    MAX_NUMBERS,
    PictureError,
)

XLINK = "{http://www.w3.org/1999/xlink}href"
NUMBER = re.compile(rb"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
DATA_IMAGE = re.compile(r"^\s*data:image/(png|jpe?g);base64,", re.I)
HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}\b")
ATTR_NUMBER = re.compile(r"(?<![A-Za-z_])[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
NOT_NUMERIC = frozenset(("id", "class", "href", XLINK, "font-family", "lang", "style"))
NON_FINITE = re.compile(r"\b(?:nan|inf|infinity)\b", re.I)


@dataclass(frozen=True)
class Embedded:
    """A picture embedded in an SVG: its bytes (not yet decoded) and its size from its header."""

    key: str
    raw: bytes
    size: tuple[int, int]


@dataclass
class Checked:
    """A checked SVG: its root element (lxml), what it draws, and its distinct embedded pictures
    (by their data: URI as written, and by their bytes)."""

    root: Any
    elements: int = 0
    numbers: int = 0
    embedded: dict[str, Embedded] = field(default_factory=dict)

    @property
    def pixels(self) -> tuple[tuple[str, int], ...]:
        """(key, pixels) of each distinct embedded picture, each once."""
        seen = {e.key: e.size[0] * e.size[1] for e in self.embedded.values()}
        return tuple(seen.items())


def parse(raw: bytes) -> Any:
    """The checked root element of an SVG document (lxml), or PictureError."""
    return check(raw).root


def check(raw: bytes) -> Checked:
    """The checked SVG document, or PictureError."""
    from lxml import etree
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False,
                             huge_tree=False, remove_comments=True, remove_pis=True, recover=False)
    try:
        tree = etree.ElementTree(etree.fromstring(raw, parser=parser))
    except etree.XMLSyntaxError as e:
        text = str(e)
        if "entit" in text.lower():
            raise PictureError("declares or uses XML entities, which pictures may not (a billion-laughs "
                               "or external-entity attack?)") from None
        raise PictureError(f"is not well-formed XML ({text.split(',')[0][:120]})") from None
    except ValueError as e:
        raise PictureError(f"is not SVG text pnpkit can read ({str(e)[:120]})") from None
    dtd = tree.docinfo.internalDTD
    if dtd is not None and (list(dtd.iterentities()) or b"<!ENTITY" in raw.upper()):
        raise PictureError("declares XML entities, which pictures may not (a billion-laughs or "
                           "external-entity attack?)")
    if b"<!ENTITY" in raw.upper():
        raise PictureError("declares XML entities, which pictures may not")
    root = tree.getroot()
    _attributes(root)
    if not isinstance(root.tag, str) or root.tag.rsplit("}", 1)[-1] != "svg":
        raise PictureError("is not an SVG picture (its outermost element is not <svg>)")
    _dimensions(root)
    checked = Checked(root)
    _walk(root, checked)
    for key, pixels in checked.pixels:  # before anything of them is decoded
        budget.admit(key, pixels)
    return checked


def _number(value: str | None, what: str) -> float | None:
    if value is None or value.strip() == "" or value.strip().endswith("%"):
        return None
    m = re.match(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)", value)
    if not m:
        raise PictureError(f"its {what} {value[:40]!r} is not a number")
    v = float(m[1])
    if not math.isfinite(v) or abs(v) > MAX_DIMENSION:
        raise PictureError(f"its {what} is {value[:40]!r}: at most {MAX_DIMENSION:,.0f} (huge dimensions)")
    return v


def _dimensions(root: Any) -> None:
    for key in ("width", "height"):
        v = _number(root.get(key), key)
        if v is not None and v <= 0:
            raise PictureError(f"its {key} is {root.get(key)!r}: it must be larger than 0")
    box = root.get("viewBox")
    if box is not None:
        parts = [p for p in re.split(r"[\s,]+", box.strip()) if p]
        if len(parts) != 4:
            raise PictureError(f"its viewBox {box[:60]!r} is not four numbers")
        vals = [_number(p, "viewBox") for p in parts]
        if any(v is None for v in vals) or vals[2] <= 0 or vals[3] <= 0:
            raise PictureError(f"its viewBox {box[:60]!r} must give a width and a height larger than 0")


def _attributes(el: Any) -> None:
    """At most MAX_ATTRIBUTES on `el`, counted (in linear time) before any of them is read."""
    count = len(el.attrib)
    if count > MAX_ATTRIBUTES:
        raise PictureError(f"<{_local(el.tag)}> has {count:,} attributes: at most {MAX_ATTRIBUTES} on one element")


def _local(tag: Any) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _check_reference(el: Any, href: str, checked: Checked) -> None:
    if href.startswith("#") or href in checked.embedded:
        return
    if DATA_IMAGE.match(href):
        data = href.split(",", 1)[1]
        try:
            raw = base64.b64decode(re.sub(r"\s+", "", data), validate=True)
        except (binascii.Error, ValueError):
            raise PictureError("holds an embedded picture whose base64 data is damaged") from None
        w, h = raster.size_of(raw)
        raster.check_size(w, h, "holds an embedded picture of")
        checked.embedded[href] = Embedded(budget.key_of(raw), raw, (w, h))
        return
    shown = href if len(href) <= 60 else href[:57] + "..."
    raise PictureError(f"<{_local(el.tag)}> refers to {shown!r}: a picture must be self-contained (embed "
                       "pictures as data:image/png;base64, or give each its own art entry)")


def _check_numbers(name: str, key: str, value: str) -> None:
    """Every number an attribute writes within MAX_NUMBER (path data and points included), and no
    `nan` or `inf` where a number goes."""
    if key in NOT_NUMERIC or not any(c.isdigit() for c in value) and not NON_FINITE.search(value):
        return
    if key not in ("d", "points"):
        value = HEX_COLOUR.sub(" ", value)
    if NON_FINITE.search(value) and key not in ("d", "points"):
        raise PictureError(f"<{name} {key}={value[:40]!r}>: not a number")
    found = NUMBER.findall(value.encode("utf-8", "replace")) if key in ("d", "points") else ATTR_NUMBER.findall(value)
    if len(found) > MAX_NUMBERS:
        raise PictureError(f"<{name} {key}=...> holds {len(found):,} numbers: at most {MAX_NUMBERS:,} in a picture")
    if found and not max(map(abs, map(float, found))) <= MAX_NUMBER:
        text = next(t for t in found if not abs(float(t)) <= MAX_NUMBER)
        shown = text.decode() if isinstance(text, bytes) else text
        raise PictureError(f"<{name} {key}=...> holds the number {shown[:40]}: every number in a picture "
                           f"must be within {MAX_NUMBER:,.0f}")


def _check_element(el: Any, name: str, checked: Checked) -> None:
    """One element's references, CSS and numbers."""
    if name == "script":
        raise PictureError("holds a <script>: pictures may not carry programs")
    href = el.get(XLINK) or el.get("href")
    if href is not None:
        _check_reference(el, href, checked)
    for key, value in el.attrib.items():
        if key == "style" or "(" in value or "\\" in value:
            svgcss.check_value(value)  # style, and any presentation attribute that could hold url()
        _check_numbers(name, _local(key) if key != XLINK else key, value)


def _walk(root: Any, checked: Checked) -> None:
    """Every element's references checked; elements and numbers counted with <use> expanded."""
    ids: dict[str, Any] = {}
    rules = 0
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        _attributes(el)
        if el.get("id"):
            ids.setdefault(el.get("id"), el)
        name = _local(el.tag)
        _check_element(el, name, checked)
        if name == "style" and el.text:
            rules += svgcss.check_sheet(el.text)
            if rules > MAX_CSS_RULES:
                raise PictureError(f"its style sheets hold more than {MAX_CSS_RULES:,} rules")
    memo: dict[Any, tuple[int, int]] = {}
    elements, numbers = _size(root, ids, memo, set(), 0)
    if elements > MAX_ELEMENTS:
        raise PictureError(f"draws {elements:,} elements (its <use> copies counted): at most {MAX_ELEMENTS:,}")
    if numbers > MAX_NUMBERS:
        raise PictureError(f"holds {numbers:,} numbers in its paths (its <use> copies counted): at most {MAX_NUMBERS:,}")
    checked.elements, checked.numbers = elements, numbers


def _size(el: Any, ids: dict, memo: dict, active: set, depth: int) -> tuple[int, int]:
    """(elements, numbers) that `el` draws, each <use> counted as a copy of what it names."""
    if el in memo:
        return memo[el]
    if el in active:
        raise PictureError(f"a <use> leads back into <{_local(el.tag)}> that contains it (a reference cycle)")
    if depth > MAX_DEPTH:
        raise PictureError(f"nests its elements (or <use> in <use>) more than {MAX_DEPTH} deep")
    active.add(el)
    elements, numbers = 1, 0
    for key in ("d", "points"):
        value = el.get(key)
        if value:
            numbers += len(NUMBER.findall(value.encode("utf-8", "replace")))
    for child in el:
        if isinstance(child.tag, str):
            e, n = _size(child, ids, memo, active, depth + 1)
            elements, numbers = elements + e, numbers + n
        if elements > MAX_ELEMENTS or numbers > MAX_NUMBERS:
            break
    if _local(el.tag) == "use":
        href = el.get(XLINK) or el.get("href") or ""
        target = ids.get(href[1:]) if href.startswith("#") else None
        if target is not None:
            e, n = _size(target, ids, memo, active, depth + 1)
            elements, numbers = elements + e, numbers + n
    active.discard(el)
    memo[el] = (min(elements, MAX_ELEMENTS + 1), min(numbers, MAX_NUMBERS + 1))
    if elements > MAX_ELEMENTS:
        raise PictureError(f"draws more than {MAX_ELEMENTS:,} elements (its <use> copies counted)")
    if numbers > MAX_NUMBERS:
        raise PictureError(f"holds more than {MAX_NUMBERS:,} numbers in its paths (its <use> copies counted)")
    return elements, numbers
