"""An SVG from a stranger, parsed and checked before svglib draws it.

What a hostile SVG tries, and what stops it here (each a one-line PictureError):
- entities (the "billion laughs", or an external entity naming /etc/passwd): a document type that
  declares any entity is refused, and the parser never loads a DTD, resolves an entity or uses
  the network;
- references to other files or addresses (`<image href="../secret.png">`, `href="http://..."`,
  CSS `@import` or `url(file:...)`): a picture must be self-contained; only `#id` references
  inside it and pictures embedded as `data:image/png;base64,...` (or JPEG) are allowed, each
  embedded picture bounded like a PNG file;
- size: elements, numbers in path data and nesting are counted with every `<use>` expanded as
  the copy it makes (a few `<use>` of `<use>` can otherwise ask for billions of copies), and a
  `<use>` cycle is refused;
- huge dimensions: width, height and viewBox must be finite numbers within MAX_DIMENSION;
- `<script>`: refused (pnpkit would never run it, but a picture that carries one is not art).
"""
from __future__ import annotations

import base64
import binascii
import math
import re
from typing import Any

from pnpkit.generator.pictures import raster
from pnpkit.generator.pictures.limits import (
    MAX_DEPTH,
    MAX_DIMENSION,
    MAX_ELEMENTS,
    MAX_NUMBERS,
    MAX_PIXELS,
    PictureError,
)

XLINK = "{http://www.w3.org/1999/xlink}href"
NUMBER = re.compile(rb"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
DATA_IMAGE = re.compile(r"^\s*data:image/(png|jpe?g);base64,", re.I)
CSS_URL = re.compile(r"url\(\s*['\"]?\s*([^'\")\s]*)", re.I)


def parse(raw: bytes) -> Any:
    """The checked root element of an SVG document (lxml), or PictureError."""
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
    if not isinstance(root.tag, str) or root.tag.rsplit("}", 1)[-1] != "svg":
        raise PictureError("is not an SVG picture (its outermost element is not <svg>)")
    _dimensions(root)
    _walk(root)
    return root


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


def _local(tag: Any) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _check_reference(el: Any, href: str) -> None:
    if href.startswith("#"):
        return
    if DATA_IMAGE.match(href):
        data = href.split(",", 1)[1]
        try:
            raw = base64.b64decode(re.sub(r"\s+", "", data), validate=True)
        except (binascii.Error, ValueError):
            raise PictureError("holds an embedded picture whose base64 data is damaged") from None
        w, h = raster.size_of(raw)
        if w * h > MAX_PIXELS:
            raise PictureError(f"holds an embedded picture of {w} x {h} pixels: at most {MAX_PIXELS:,} pixels")
        return
    shown = href if len(href) <= 60 else href[:57] + "..."
    raise PictureError(f"<{_local(el.tag)}> refers to {shown!r}: a picture must be self-contained (embed "
                       "pictures as data:image/png;base64, or give each its own art entry)")


def _check_css(text: str) -> None:
    if "@import" in text.lower():
        raise PictureError("its style sheet imports another file (@import): a picture must be self-contained")
    for target in CSS_URL.findall(text):
        if target and not target.startswith("#"):
            shown = target if len(target) <= 60 else target[:57] + "..."
            raise PictureError(f"its style refers to {shown!r}: a picture must be self-contained")


def _walk(root: Any) -> None:
    """Every element's references checked; elements and numbers counted with <use> expanded."""
    ids: dict[str, Any] = {}
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        if el.get("id"):
            ids.setdefault(el.get("id"), el)
        name = _local(el.tag)
        if name == "script":
            raise PictureError("holds a <script>: pictures may not carry programs")
        href = el.get(XLINK) or el.get("href")
        if href is not None:
            _check_reference(el, href)
        if el.get("style"):
            _check_css(el.get("style"))
        if name == "style" and el.text:
            _check_css(el.text)
        for key, value in el.attrib.items():
            if "url(" in value and key not in ("style",):
                _check_css(value)
    memo: dict[Any, tuple[int, int]] = {}
    elements, numbers = _size(root, ids, memo, set(), 0)
    if elements > MAX_ELEMENTS:
        raise PictureError(f"draws {elements:,} elements (its <use> copies counted): at most {MAX_ELEMENTS:,}")
    if numbers > MAX_NUMBERS:
        raise PictureError(f"holds {numbers:,} coordinates (its <use> copies counted): at most {MAX_NUMBERS:,}")


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
        raise PictureError(f"holds more than {MAX_NUMBERS:,} coordinates (its <use> copies counted)")
    return elements, numbers
