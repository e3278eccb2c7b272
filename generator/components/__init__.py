"""Kit-file components -> pieces: one small renderer module per kind.

`pieces_for(kit)` returns every physical piece of the kit, in the kit's component order, each at
its real size and count; the pipeline (generator.build) puts them on sheets.
"""
from __future__ import annotations

import importlib

from pnpkit.generator import legibility, pictures
from pnpkit.generator.components.common import MISSING_ART, error, unknown_art
from pnpkit.generator.fonts import TextFitError
from pnpkit.generator.pieces import Piece
from pnpkit.kitfile.structs import Strict

# kind -> the module whose `pieces(kit, component, index)` draws it, imported when a kit has that
# kind: a kit without tiles does not load the tile data's models (kitfile/tileset.py)
RENDERERS = {
    "board": "board",
    "counters": "counters",
    "tiles": "tiles",
    "cards": "cards",
    "score-sheet": "score_sheet",
    "reference": "reference",
    "tile-key": "tile_key",
}


def renderer(kind: str):
    """The function that draws components of `kind`."""
    return importlib.import_module(f"{__name__}.{RENDERERS[kind]}").pieces


ART_FIELDS = {"art", "mark"}


def _art_names(value, path: tuple):
    """(path, name) for every art or mark name written in a component."""
    if isinstance(value, Strict):
        for key in value.__struct_fields__:
            sub = getattr(value, key)
            if key in ART_FIELDS and isinstance(sub, str):
                yield path + (key,), sub
            elif key == "name" and type(value).__name__ == "Art":
                yield path + (key,), sub
            else:
                yield from _art_names(sub, path + (key,))
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _art_names(item, path + (i,))


def check_art(kit) -> None:
    """A misspelt drawing name is an error at its line, not a placeholder on paper. A card face's
    name may be a template reading the deck row (`{{ row.kind }}`): that one is checked per row,
    when the card is drawn."""
    try:
        from pnpkit.generator import art as library
    except ImportError:  # no art library: placeholders (MISSING_ART says which)
        return
    known = set(library.names())
    for i, c in enumerate(kit.components):
        for path, name in _art_names(c, ("components", i)):
            if name not in known and not (c.kind == "cards" and "{" in name) and not pictures.is_picture(name):
                raise unknown_art(kit, path, name, known)


def pieces_for(kit) -> list[Piece]:
    """All the kit's pieces, component by component, in the order the kit file lists them."""
    check_art(kit)
    seen: dict[str, int] = {}
    out: list[Piece] = []
    for i, c in enumerate(kit.components):
        if c.name in seen:
            raise error(kit, ("components", i, "name"), f"the name {c.name!r} is already used by components[{seen[c.name]}]")
        seen[c.name] = i
        out.extend(drawn(kit, c, i))
    return out


def drawn(kit, c, i: int) -> list[Piece]:
    """One component's pieces, refused at its line when a word would not fit its box or would
    print under the size text read during play must have (generator/legibility.py)."""
    try:
        made = renderer(c.kind)(kit, c, i)
    except TextFitError as e:
        raise error(kit, ("components", i), str(e)) from None
    small = legibility.too_small(made)
    if small:
        raise error(kit, ("components", i), small)
    return made


__all__ = ["pieces_for", "RENDERERS", "MISSING_ART", "renderer"]
