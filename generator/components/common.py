"""What every component renderer shares: art with a fallback, fading, turning, templates, errors."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Iterable

from pnpkit.generator import colour, templating
from pnpkit.generator.template_values import KIT_DATA, TooBig, kit_values, plain
from pnpkit.generator.fonts import fit_size as fit_text  # noqa: F401  (the renderers' name for it)
from pnpkit.generator.memo import cached
from pnpkit.generator.shapes import (
    Circle,
    Ellipse,
    Group,
    Image,
    Line,
    Polygon,
    Rect,
    Shape,
    Style,
    Text,
    evolve,
)
from pnpkit.generator.shapes import Path as PathShape
from pnpkit.kitfile.files import kit_folder
from pnpkit.kitfile.head import error_at as error  # a problem found while drawing, at its line of the kit file
from pnpkit.kitfile.source import SourceError

INK = "#1a1a1a"
MISSING_ART: set[str] = set()  # art names a kit asked for that the library does not have (yet)


# --- art ---------------------------------------------------------------------------------------

def art(name: str, w: float, h: float, **opts: Any) -> tuple[Shape, ...]:
    """pnpkit.generator.art's drawing fitted into (0,0,w,h); a labelled placeholder if the name is missing."""
    opts = {k: v for k, v in opts.items() if v is not None}
    try:
        from pnpkit.generator import art as library
        known = set(library.names())
    except ImportError:
        library, known = None, set()
    if library is not None and name in known:
        allowed = set(library.options(name))
        return tuple(library.draw(name, w, h, **{k: v for k, v in opts.items() if k in allowed}))
    MISSING_ART.add(name)
    s = min(w, h)
    return (Rect((w - s) / 2, (h - s) / 2, s, s, Style(fill="#f2f2f2", stroke="#999999", width=0.2, dash=(0.8, 0.6)), r=s * 0.12),
            Text(w / 2, h / 2 + s * 0.06, name, size=max(3.0, min(7.0, s * 0.9)), font="condensed", color="#666666",
                 anchor="middle"))


def kit_art(kit: Any, where: tuple, name: str, w: float, h: float, **opts: Any) -> tuple[Shape, ...]:
    """`art`, where a bad option (a wrong type, a value the drawing refuses) is the kit file's
    error at `where` (its options), with its line, not an internal one. A name that is a picture
    file (`art/fox.svg`) is the designer's own picture, found beside the kit file
    (generator/pictures)."""
    from pnpkit.generator import pictures
    if pictures.is_picture(name):
        field = where[:-1] + (("art",) if where[-1] == "art_options" else ("name",))
        return pictures.place(kit, field, name, w, h, opts, where)
    try:
        return art(name, w, h, **opts)
    except (ValueError, TypeError, AttributeError, LookupError, ArithmeticError) as e:
        # a drawing given a stranger's options may fail any of these ways: the kit's error, at its line
        raise error(kit, where, f"the drawing {name!r}: {str(e)[:160]}") from None


def unknown_art(kit: Any, where: tuple, name: str, known: Iterable[str], note: str = "") -> SourceError:
    """The error for a drawing name the art library does not have, with the nearest name."""
    import difflib
    known = sorted(known)
    hint = difflib.get_close_matches(name, known, n=1)
    return error(kit, where, f"no drawing named {name!r}{note}" + (f" (did you mean {hint[0]!r}?)" if hint else
                                                                   f" (drawings: {', '.join(known)})"))


def placed(shapes: Iterable[Shape], x: float, y: float) -> Group:
    return Group(tuple(shapes), dx=x, dy=y)


def oriented(shapes: Iterable[Shape], x: float, y: float, w: float, h: float, rotate: int) -> Group:
    """Shapes drawn in a local frame turned by `rotate` (clockwise) into the box (x, y, w, h).

    The local frame is w x h for 0/180 and h x w for 90/270, so a label written along the
    local top edge reads from the side of the board the rotation faces.
    """
    dx, dy = {0: (x, y), 90: (x + w, y), 180: (x + w, y + h), 270: (x, y + h)}[rotate]
    return Group(tuple(shapes), dx=dx, dy=dy, rotate=float(rotate))


def local_size(w: float, h: float, rotate: int) -> tuple[float, float]:
    return (h, w) if rotate in (90, 270) else (w, h)


def mix(color: str | None, amount: float, toward: str = "#ffffff") -> str | None:
    """`color` moved `amount` (0..1) of the way toward `toward`."""
    return None if color is None else colour.mix(color, toward, amount)


def faded(shapes: Iterable[Shape], strength: float) -> tuple[Shape, ...]:
    """The drawing printed lighter: every colour mixed toward white (strength 1 = unchanged).

    Region art sits under the counters, so it must not compete with them.
    """
    t = 1.0 - strength

    styles: dict[Style, Style] = {}  # a drawing has hundreds of shapes and a few styles

    def st(s: Style) -> Style:
        got = styles.get(s)
        if got is None:
            got = styles[s] = evolve(s, fill=mix(s.fill, t), stroke=mix(s.stroke, t))
        return got

    out: list[Shape] = []
    for s in shapes:
        if isinstance(s, Group):
            out.append(evolve(s, items=faded(s.items, strength)))
        elif isinstance(s, Text):
            out.append(evolve(s, color=mix(s.color, t)))
        elif isinstance(s, Image):  # a picture: faded by letting the paper show through
            out.append(evolve(s, opacity=s.opacity * strength))
        elif hasattr(s, "style"):
            out.append(evolve(s, style=st(s.style)))
        else:
            out.append(s)
    return tuple(out)


def badge(mark: str, color: str | None, cx: float, cy: float, d: float) -> list[Shape]:
    """A player mark on a small white disc: legible on a light or a dark background."""
    inner = d * 0.74
    return [Circle(cx, cy, d / 2, Style(fill="#ffffff", stroke=INK, width=max(0.15, d * 0.04))),
            placed(art(mark, inner, inner, color=color, fill=True), cx - inner / 2, cy - inner / 2)]


# --- templates ---------------------------------------------------------------------------------

def render_template(kit: Any, block: Any, where: tuple, **context: Any) -> str:
    """A TextBlock's text: its template file or inline text, rendered in the sandbox with the
    kit's values (generator/templating.py)."""
    field = ("template",) if block.template is not None else ("text",)
    return _render(kit, where + field, context, file=block.template, text=block.text)


def templated(kit: Any, text: str, where: tuple, **context: Any) -> str:
    """`text` rendered as jinja2 if it holds any template syntax ({{ }}, {% %}), else as written."""
    return render_string(kit, text, where, **context) if "{" in text else text


def render_string(kit: Any, text: str, where: tuple, **context: Any) -> str:
    return _render(kit, where, context, text=text)


def _render(kit: Any, where: tuple, context: dict, *, file: str | None = None, text: str | None = None) -> str:
    env = _environment(getattr(kit, "path", "") or "")
    try:
        values = {**_kit_values(kit), **{k: plain(v, [KIT_DATA]) for k, v in context.items()}}
        return templating.render(env, values, file=file, text=text)
    except TooBig:
        raise error(kit, where, f"the kit's data, as its templates see it (aliases expanded), is more than "
                                f"{KIT_DATA:,} characters") from None
    except templating.TemplateProblem as e:
        line = f" (template line {e.line})" if e.line else ""
        if e.missing is not None:   # a misspelt column or param, in pnpkit's words (generator/template_words.py)
            from pnpkit.generator.template_words import missing
            words = missing(kit, where, context, *e.missing)
            if words is not None:
                raise error(kit, where, words + ("" if file is None and "\n" not in (text or "") else line)) from None
        raise error(kit, where, f"{e.message}{line}") from None


_VALUES: dict[int, tuple[Any, dict]] = {}  # id(kit) -> (kit, its values): a build renders hundreds of texts


def _kit_values(kit: Any) -> dict:
    """The kit as its templates see it (generator/template_values.py), made once per kit object."""
    got = _VALUES.get(id(kit))
    if got is None or got[0] is not kit:
        if len(_VALUES) >= 8:
            _VALUES.clear()
        got = _VALUES[id(kit)] = (kit, kit_values(kit))
    return got[1]


@cached(8)
def _environment(path: str) -> templating.KitSandbox:
    """The sandbox of the kit file at `path`: its folder is found (links resolved) once, not
    for each of the hundreds of texts a build renders."""
    return templating.environment(kit_folder(SimpleNamespace(path=path)))




__all__ = ["art", "placed", "oriented", "local_size", "mix", "faded", "fit_text", "badge", "render_template",
           "render_string", "error", "INK", "MISSING_ART", "Circle", "Ellipse", "Line", "PathShape", "Polygon"]
