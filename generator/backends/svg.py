"""SVG backend: one SVG document per page, in millimetres (viewBox = the paper).

Same shapes as the PDF; groups become <g transform=...>, clips <clipPath> with ids numbered in
drawing order, numbers rounded to 0.001 mm, so the same page always gives the same text. Text names
its font family (DejaVu Sans / Lato, the files in fonts/); the PDF is the file that embeds them.

The markup is written directly as strings (the elements are few and fixed): building an element
tree with svgwrite took twice as long, for the same bytes.
"""
from __future__ import annotations

import re

from pnpkit.generator.fonts import SVG_FAMILY
from pnpkit.generator.memo import cached
from pnpkit.generator.shapes import (
    MM_PER_PT,
    Circle,
    Ellipse,
    Group,
    Image,
    Line,
    Path,
    Polygon,
    Rect,
    Shape,
    Style,
    Text,
)

HEAD = ('<svg baseProfile="full" height="{h}mm" version="1.1" viewBox="0 0 {w} {h}" width="{w}mm" '
        'xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events" '
        'xmlns:xlink="http://www.w3.org/1999/xlink"{ns}>')
INKSCAPE = ' xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"'


def _layer(name: str, body: str) -> str:
    """A layer as Inkscape, Cricut Design Space and Silhouette Studio read one: a named group."""
    return (f'<g id="{name.lower()}" inkscape:groupmode="layer" inkscape:label="{name}">' + body + "</g>")


_NUMBERS: dict[float, str] = {}


def n(v: float) -> str:
    """v in mm to 0.001, no trailing zeros (pages repeat their numbers: each is written once)."""
    s = _NUMBERS.get(v)
    if s is None:
        s = f"{v:.3f}".rstrip("0").rstrip(".")
        if s in ("-0", ""):
            s = "0"
        if len(_NUMBERS) > 200_000:
            _NUMBERS.clear()
        _NUMBERS[v] = s
    return s


def _style(st: Style) -> list[tuple[str, str]]:
    a = [("fill", st.fill or "none")]
    if st.fill and st.opacity != 1.0:
        a.append(("fill-opacity", n(st.opacity)))
    if st.fill and st.evenodd:
        a.append(("fill-rule", "evenodd"))
    if st.stroke and st.width > 0:
        a += [("stroke", st.stroke), ("stroke-width", n(st.width))]
        if st.dash:
            a.append(("stroke-dasharray", " ".join(n(d) for d in st.dash)))
        if st.cap != "butt":
            a.append(("stroke-linecap", st.cap))
        if st.join != "miter":
            a.append(("stroke-linejoin", st.join))
    else:
        a.append(("stroke", "none"))
    return a


_SPECIAL = re.compile("[&<>\"'\n\r\t]")


def escape(text: str) -> str:
    """xml.sax.saxutils.escape(text), the same characters: that module imports urllib.request (and
    with it http, email, ssl...), a tenth of a `pnpkit build` process's imports."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(text: str) -> str:
    """xml.sax.saxutils.quoteattr(text), the same characters (see `escape`)."""
    text = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in text:
        return '"' + text + '"'
    if "'" not in text:
        return "'" + text + "'"
    return '"' + text.replace('"', "&quot;") + '"'


def _q(v: str) -> str:
    """quoteattr(v), without its work for the values that need none (numbers, colours, paths)."""
    return quoteattr(v) if _SPECIAL.search(v) else '"' + v + '"'


def _tag(name: str, attrs: list[tuple[str, str]], text: str | None = None) -> str:
    inner = " ".join([k + "=" + _q(v) for k, v in sorted(attrs)])
    if text is None:
        return f"<{name} {inner} />"
    return f"<{name} {inner}>{escape(text) if _SPECIAL.search(text) else text}</{name}>"


# The geometry attributes of each element, in the order _tag sorts attributes (their values are
# numbers, which need no quoting).
_RECT, _RECT_R = ("height", "width", "x", "y"), ("height", "rx", "width", "x", "y")
_CIRCLE, _ELLIPSE, _LINE = ("cx", "cy", "r"), ("cx", "cy", "rx", "ry"), ("x1", "x2", "y1", "y2")
_POINTS, _D = ("points",), ("d",)
_SLOT = object()


@cached(4096)
def _element(name: str, geometry: tuple[str, ...], st: Style) -> str:
    """The markup `_tag` writes for an element of this kind and style, with a `%s` where each
    geometry value goes: a page has thousands of shapes and a few dozen styles, so the style's
    attributes are quoted and sorted in among the geometry once per style, not once per shape."""
    style = _style(st)
    if name == "polyline":       # an open line is never filled
        style = [(k, "none" if k == "fill" else v) for k, v in style]
    attrs = sorted([(k, "") for k in geometry] + style)
    slots = set(geometry)
    inner = " ".join([k + '="%s"' if k in slots else k + "=" + _q(v).replace("%", "%%") for k, v in attrs])
    return f"<{name} {inner} />"


@cached(4096)
def _text(font: str, size: float, color: str, anchor: str, rotated: bool) -> str:
    """The markup `_tag` writes for a text in this font, size, colour and anchor, with a `%s`
    for its transform (if `rotated`), x, y and the text itself (the `_element` of texts)."""
    fam, weight = SVG_FAMILY.get(font, ("DejaVu Sans", "normal"))
    attrs = [("x", _SLOT), ("y", _SLOT), ("font-family", fam), ("font-size", n(size * MM_PER_PT)), ("fill", color)]
    if weight != "normal":
        attrs.append(("font-weight", weight))
    if anchor != "start":
        attrs.append(("text-anchor", anchor))
    if rotated:
        attrs.append(("transform", _SLOT))
    inner = " ".join([k + '="%s"' if v is _SLOT else k + "=" + _q(v).replace("%", "%%")
                      for k, v in sorted(attrs, key=lambda kv: kv[0])])
    return f"<text {inner}>%s</text>"


Written = dict[int, tuple[Shape, str]]  # id(shape) -> (the shape, its markup)


class _Page:
    """One SVG document's markup. `written` remembers the markup of shapes already written,
    by identity: the copies of a piece share their drawing (the same shape objects, placed by
    an outer <g transform>), so a deck of 24 cards writes its face once and repeats the text.
    A shape's markup depends on nothing but the shape unless a clip inside it takes the next
    clip id, so only markup that added no clip is remembered."""

    def __init__(self, prefix: str = "c", written: Written | None = None) -> None:
        self.prefix = prefix      # clip ids: unique in a document that holds several drawings
        self.defs: list[str] = []
        self.out: list[str] = []
        self.images: dict[bytes, str] = {}  # a picture's PNG bytes -> the id of its one <image> in defs
        self.image_uses = 0  # markup that refers to a picture is not remembered for other pages
        self.scale = 1.0  # of the groups around the shape being written: a picture's drawn size in mm
        self.written: Written = {} if written is None else written

    def add(self, s: Shape) -> None:
        seen = self.written.get(id(s))
        if seen is not None and seen[0] is s:   # the entry holds s, so its id is not reused
            if seen[1]:
                self.out.append(seen[1])
            return
        out, start, clips, uses = self.out, len(self.out), len(self.defs), self.image_uses
        self._add(s)
        if len(self.defs) == clips and self.image_uses == uses:
            markup = "".join(out[start:])
            out[start:] = [markup] if markup else []
            self.written[id(s)] = (s, markup)

    def _group(self, s: Group) -> None:
        """A group: its transform and clip on a <g> around its items (an empty one closed at once);
        its scale multiplies the drawn size of the pictures inside (`_picture`)."""
        out = self.out
        tr = []
        if s.dx or s.dy:
            tr.append(f"translate({n(s.dx)} {n(s.dy)})")
        if s.rotate:
            tr.append(f"rotate({n(s.rotate)})")
        if s.scale != 1.0:
            tr.append(f"scale({n(s.scale)})")
        attrs = [("transform", " ".join(tr))] if tr else []
        if s.clip is not None:
            cid = f"{self.prefix}{len(self.defs) + 1}"
            x, y, w, h = s.clip
            self.defs.append(f'<clipPath id="{cid}">'
                             + _tag("rect", [("x", n(x)), ("y", n(y)), ("width", n(w)), ("height", n(h))])
                             + "</clipPath>")
            attrs.append(("clip-path", f"url(#{cid})"))
        if s.place:      # a name from a record: quoted as an attribute's text, never markup
            attrs.append(("data-place", s.place))
        head = f"<g {' '.join([k + '=' + _q(v) for k, v in sorted(attrs)])}" if attrs else "<g"
        start = len(out)
        out.append(head + ">")
        outer = self.scale
        self.scale = outer * s.scale
        for item in s.items:
            self.add(item)
        self.scale = outer
        if len(out) == start + 1:  # nothing drawn inside
            out[start] = head + " />"
        else:
            out.append("</g>")

    def _add(self, s: Shape) -> None:
        out = self.out
        t = type(s)
        if t is Group:
            self._group(s)
        elif t is Rect:
            if s.r > 0:
                out.append(_element("rect", _RECT_R, s.style) % (n(s.h), n(s.r), n(s.w), n(s.x), n(s.y)))
            else:
                out.append(_element("rect", _RECT, s.style) % (n(s.h), n(s.w), n(s.x), n(s.y)))
        elif t is Circle:
            out.append(_element("circle", _CIRCLE, s.style) % (n(s.cx), n(s.cy), n(s.r)))
        elif t is Ellipse:
            out.append(_element("ellipse", _ELLIPSE, s.style) % (n(s.cx), n(s.cy), n(s.rx), n(s.ry)))
        elif t is Line:
            out.append(_element("line", _LINE, s.style) % (n(s.x1), n(s.x2), n(s.y1), n(s.y2)))
        elif t is Polygon:
            pts = " ".join([f"{n(x)},{n(y)}" for x, y in s.points])
            out.append(_element("polygon" if s.closed else "polyline", _POINTS, s.style) % pts)
        elif t is Path:
            d = " ".join([op[0] + (" " + " ".join([n(v) for v in op[1:]]) if len(op) > 1 else "") for op in s.ops])
            out.append(_element("path", _D, s.style) % d)
        elif t is Text:
            if not s.text:
                return
            x, y = n(s.x), n(s.y)
            where = (f"rotate({n(s.rotate)} {x} {y})", x, y) if s.rotate else (x, y)
            text = escape(s.text) if _SPECIAL.search(s.text) else s.text
            out.append(_text(s.font, s.size, s.color, s.anchor, bool(s.rotate)) % (*where, text))
        elif t is Image:
            attrs = [("xlink:href", "#" + self._picture(s)),
                     ("transform", f"matrix({n(s.w)} 0 0 {n(s.h)} {n(s.x)} {n(s.y)})")]
            if s.opacity != 1.0:
                attrs.append(("opacity", n(s.opacity)))
            out.append(_tag("use", attrs))
        else:
            raise TypeError(f"cannot draw {t.__name__}")


    def _picture(self, s: Image) -> str:
        """The id of the page's one copy of a picture (a unit square, placed by each <use>): a
        picture drawn on 60 cards or 200 times in one SVG is written into a page once, not once
        per copy (200 copies of a 1 MB picture were 270 MB of text). A large picture is written as
        its screen copy at the size it is first drawn on the page (pictures/screen.py)."""
        self.image_uses += 1
        found = self.images.get(s.png)
        if found is None:
            found = self.images[s.png] = f"{self.prefix}img{len(self.images) + 1}"
            from pnpkit.generator.pictures import screen  # not imported by a build without pictures
            href = screen.href(s.png, s.w * self.scale, s.h * self.scale)
            self.defs.append(_tag("image", [("id", found), ("width", "1"), ("height", "1"),
                                            ("preserveAspectRatio", "none"), ("xlink:href", href)]))
        return found


def render_page(shapes: tuple[Shape, ...], w: float, h: float, title: str = "",
                cut: tuple[Shape, ...] = (), cut_only: bool = False, written: Written | None = None) -> str:
    """One page. With `cut` paths (generator/cutlayer.py) the drawing goes in a layer "Print" and
    the paths in a layer "Cut" above it; `cut_only` writes the Cut layer alone. Pass the same
    `written` (a dict) to every page of a build, so that a drawing placed on many pages is
    written once."""
    page = _Page(written=written)
    for s in (() if cut_only else shapes):
        page.add(s)
    head = HEAD.format(w=n(w), h=n(h), ns=INKSCAPE if cut else "") + (f"<title>{escape(title)}</title>" if title else "")
    defs = f"<defs>{''.join(page.defs)}</defs>" if page.defs else "<defs />"
    if not cut:
        return head + defs + "".join(page.out) + "</svg>"
    cuts = _Page()
    for s in cut:
        cuts.add(s)
    body = "" if cut_only else _layer("Print", "".join(page.out))
    return head + defs + body + _layer("Cut", "".join(cuts.out)) + "</svg>"


def render_fragment(shapes: tuple[Shape, ...] | list[Shape], prefix: str) -> str:
    """The shapes as SVG markup to put inside another SVG element (a <symbol>, a <g>): their clip
    paths first, with ids starting `prefix`, so many drawings can share one HTML page."""
    page = _Page(prefix)
    for s in shapes:
        page.add(s)
    return (f"<defs>{''.join(page.defs)}</defs>" if page.defs else "") + "".join(page.out)
