"""What every component renderer shares: art with a fallback, fading, turning, templates, errors."""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterable

import jinja2

from generator import colour
from generator.fonts import fit_size as fit_text  # noqa: F401  (the renderers' name for it)
from generator.shapes import (
    Circle,
    Ellipse,
    Group,
    Line,
    Polygon,
    Rect,
    Shape,
    Style,
    Text,
)
from generator.shapes import Path as PathShape
from kitfile.source import Problem, SourceError, field_name, load_file

INK = "#1a1a1a"
MISSING_ART: set[str] = set()  # art names a kit asked for that the library does not have (yet)


# --- art ---------------------------------------------------------------------------------------

def art(name: str, w: float, h: float, **opts: Any) -> tuple[Shape, ...]:
    """generator.art's drawing fitted into (0,0,w,h); a labelled placeholder if the name is missing."""
    opts = {k: v for k, v in opts.items() if v is not None}
    try:
        from generator import art as library
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
    error at `where`, with its line, not an internal one."""
    try:
        return art(name, w, h, **opts)
    except (ValueError, TypeError, AttributeError) as e:
        raise error(kit, where, f"the drawing {name!r}: {e}") from None


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

    def st(s: Style) -> Style:
        return replace(s, fill=mix(s.fill, t), stroke=mix(s.stroke, t))

    out: list[Shape] = []
    for s in shapes:
        if isinstance(s, Group):
            out.append(replace(s, items=faded(s.items, strength)))
        elif isinstance(s, Text):
            out.append(replace(s, color=mix(s.color, t)))
        elif hasattr(s, "style"):
            out.append(replace(s, style=st(s.style)))
        else:
            out.append(s)
    return tuple(out)


def badge(mark: str, color: str | None, cx: float, cy: float, d: float) -> list[Shape]:
    """A player mark on a small white disc: legible on a light or a dark background."""
    inner = d * 0.74
    return [Circle(cx, cy, d / 2, Style(fill="#ffffff", stroke=INK, width=max(0.15, d * 0.04))),
            placed(art(mark, inner, inner, color=color, fill=True), cx - inner / 2, cy - inner / 2)]


# --- templates ---------------------------------------------------------------------------------

def _templates_dir() -> str:
    return str(resources.files("templates"))


@lru_cache(maxsize=8)
def environment(kit_dir: str | None) -> jinja2.Environment:
    """Templates beside the kit file first (a user's own kit), then the shipped templates/."""
    paths = ([kit_dir] if kit_dir else []) + [_templates_dir()]
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(paths), undefined=jinja2.StrictUndefined,
                             autoescape=False, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=False)
    env.filters["rolls"] = rolls_text
    env.filters["cost"] = cost_text
    env.filters["roll_groups"] = roll_groups
    env.filters["number_word"] = number_word
    env.filters["action_groups"] = action_groups
    return env


def rolls_text(rolls: list[int]) -> str:
    """[1, 2] -> "1 or 2"; [4, 5, 6] -> "4, 5 or 6"; all six -> "any roll"."""
    rolls = list(rolls)
    if sorted(rolls) == [1, 2, 3, 4, 5, 6]:
        return "any roll"
    if len(rolls) == 1:
        return str(rolls[0])
    return ", ".join(map(str, rolls[:-1])) + f" or {rolls[-1]}"


def cost_text(action: Any) -> str:
    """An action's printed cost: "1", "2", "1 each"."""
    word = "Nut Point" if action.cost == 1 else "Nut Points"
    return f"{action.cost} {word}" + (" each" if getattr(action, "per_chestnut", False) else "")


def number_word(n: int) -> str:
    """3 -> "three", as a rulebook writes small numbers."""
    words = "zero one two three four five six seven eight nine ten eleven twelve".split()
    return words[n] if 0 <= n < len(words) else str(n)


def roll_groups(nut_points: list[int]) -> list[tuple[str, int]]:
    """[3, 3, 4, 4, 5, 5] -> [("1 or 2", 3), ("3 or 4", 4), ("5 or 6", 5)]: rolls that pay alike."""
    out: list[tuple[list[int], int]] = []
    for roll, points in enumerate(nut_points, start=1):
        if out and out[-1][1] == points:
            out[-1][0].append(roll)
        else:
            out.append(([roll], points))
    return [(rolls_text(r), p) for r, p in out]


def action_groups(actions: list[Any]) -> list[tuple[Any, list[Any]]]:
    """Actions in runs that share their rolls, Tongs state and whether they are forced, as the
    rulebook prints them under one heading. Yields (first action of the run, the run)."""
    out: list[tuple[Any, list[Any]]] = []
    for a in actions:
        key = (tuple(a.rolls), a.tongs, a.forced)
        if out and (tuple(out[-1][0].rolls), out[-1][0].tongs, out[-1][0].forced) == key:
            out[-1][1].append(a)
        else:
            out.append((a, [a]))
    return out


def kit_dir(kit: Any) -> str | None:
    path = real_path(kit)
    return str(path.parent) if path is not None else None


def real_path(kit: Any) -> Path | None:
    """Where the kit file really is (kit.file is the name shown in messages)."""
    from kitfile.model import kit_ids, kit_path
    name = getattr(kit, "file", "") or ""
    m = re.fullmatch(r"kits/([a-z0-9-]+)\.yaml", name)
    if m and m[1] in kit_ids() and not Path(name).exists():
        return kit_path(m[1])[0]
    return Path(name) if name and Path(name).exists() else None


def render_template(kit: Any, block: Any, where: tuple, **context: Any) -> str:
    """A TextBlock's text: its template file or inline text, rendered with the kit's values."""
    env = environment(kit_dir(kit))
    ctx = {"kit": kit, "game": kit.game, "params": kit.params, **context}
    try:
        if block.template is not None:
            return env.get_template(block.template).render(**ctx)
        return env.from_string(block.text).render(**ctx)
    except jinja2.TemplateNotFound as e:
        raise error(kit, where + ("template",), f"no template {e.name!r} in templates/ or beside the kit file") from None
    except jinja2.TemplateError as e:
        line = f" (template line {e.lineno})" if getattr(e, "lineno", None) else ""
        raise error(kit, where + (("template",) if block.template else ("text",)),
                    f"{type(e).__name__}: {e.message}{line}") from None


def templated(kit: Any, text: str, where: tuple, **context: Any) -> str:
    """`text` rendered as jinja2 if it holds any template syntax ({{ }}, {% %}), else as written."""
    return render_string(kit, text, where, **context) if "{" in text else text


def render_string(kit: Any, text: str, where: tuple, **context: Any) -> str:
    env = environment(kit_dir(kit))
    try:
        return env.from_string(text).render(kit=kit, game=kit.game, params=kit.params, **context)
    except jinja2.TemplateError as e:
        raise error(kit, where, f"{type(e).__name__}: {e.message}") from None


# --- errors ------------------------------------------------------------------------------------

def error(kit: Any, path: tuple, message: str) -> SourceError:
    """A problem found while drawing, reported at its place in the kit file."""
    file = getattr(kit, "file", "") or "kit"
    line = None
    real = real_path(kit)
    if real is not None:
        try:
            line = load_file(real, file).line_of(path)
        except SourceError:
            line = None
    return SourceError(file, [Problem(line, field_name(path), message)])


__all__ = ["art", "placed", "oriented", "local_size", "mix", "faded", "fit_text", "badge", "render_template",
           "render_string", "error", "INK", "MISSING_ART", "Circle", "Ellipse", "Line", "PathShape", "Polygon"]
