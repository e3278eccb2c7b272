"""The kit's vector art, drawn in code: chestnuts, flames, marks, trees, ornaments, nuts...

`draw(name, w, h, **opts)` returns the drawing fitted and centred in the box (0,0)-(w,h) mm,
keeping its aspect, as plain shapes (no groups) a piece can place with a Group. Every drawing has
a dark outline over mid-tone fills, so it reads printed in greyscale and under `--ink-saver`
(fills mixed toward white, strokes kept). Drawings are deterministic: the same call gives the same
shapes.

Options: `color` ("#rrggbb", the main or player colour where the drawing has one) is accepted by
every drawing; the others are listed by `options(name)`. An unknown name or option is a
ValueError that names the known ones.

A drawing's module (generator/art/chestnuts.py, ...) is imported when one of its drawings is first
asked for (_index.py says which module draws which): a kit loads the art it uses.
"""
from __future__ import annotations

from pnpkit.generator.art._core import WHERE, colour, drawing, fit, measure, measured
from pnpkit.generator.memo import cached
from pnpkit.generator.shapes import Shape

__all__ = ["describe", "draw", "names", "options"]


def names() -> list[str]:
    return sorted(WHERE)


def options(name: str) -> tuple[str, ...]:
    """The options `name` takes (always including "color")."""
    return ("color",) + _get(name).opts


def describe(name: str) -> str:
    return _get(name).doc


def _get(name: str):
    found = drawing(name)
    if found is None:
        raise ValueError(f"unknown drawing {name!r}; known: {', '.join(names())}")
    return found


def draw(name: str, w: float, h: float, **opts) -> tuple[Shape, ...]:
    d = _get(name)
    unknown = sorted(set(opts) - set(d.opts) - {"color"})
    if unknown:
        raise ValueError(f"drawing {name!r} takes no option {', '.join(map(repr, unknown))}; "
                         f"it takes: {', '.join(('color',) + d.opts)}")
    if opts.get("color") is not None:
        colour(opts, "#000000")  # validates "#rrggbb"
    try:
        return fitted(name, tuple(sorted(opts.items())), float(w), float(h))
    except TypeError:                     # an option that cannot be a key (a list): not kept
        return fit(measure(d.fn(**opts)), float(w), float(h))


@cached(1024)
def fitted(name: str, opts: tuple, w: float, h: float) -> tuple[Shape, ...]:
    """A drawing fitted to a box, kept: a sheet places the same drawing at the same size on
    many pieces (the tiles of a board, a counter tried at a few sizes in its disc)."""
    return fit(measured(name, opts), w, h)
