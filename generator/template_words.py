"""A template's slip in pnpkit's words: `{{ row.nam }}` on a card said as the deck file a person
mends ("moths.csv has no column 'nam' (did you mean 'name'? columns: id, kind, name, ...)"), not as
jinja2's "'dict object' has no attribute 'nam'"; the renderers put it at the kit file's line."""
from __future__ import annotations

import difflib
from typing import Any

from pnpkit.kitfile.errors import did_you_mean


def missing(kit: Any, where: tuple, context: dict, name: str, keys: tuple[str, ...]) -> str | None:
    """What a template that read a key its mapping lacks (`name`; the mapping had `keys`) is told:
    about the card's deck when it was the row, about the params when it was they; None for any
    other mapping (jinja2's words then: `kit.model_dump_json` is no slip of the finger)."""
    row = context.get("row")
    if isinstance(row, dict) and set(keys) == set(map(str, row)) and len(where) > 1 and where[0] == "components":
        return _column(kit, where[:2] + ("deck",), row, name)
    params = getattr(kit, "params", None)
    names = params.keys() if isinstance(params, dict) else () if params is None else type(params).__struct_fields__
    if not keys or set(keys) != set(map(str, names)):
        return None
    shown = ", ".join(sorted(keys)[:16]) + (", ..." if len(keys) > 16 else "")
    return f"the kit's params have no {name!r}{did_you_mean(name, keys)} (they have: {shown})"


def _column(kit: Any, deck: tuple, row: dict, name: str) -> str:
    """A card's row asked for a column: one the deck does not have (with the nearest and the deck's
    columns), or one this row leaves empty (the cell to fill)."""
    from pnpkit.kitfile.model import source_for
    source = source_for(kit)
    rows = getattr(kit.components[deck[1]], "deck", []) if len(kit.components) > deck[1] else []
    columns = list(dict.fromkeys(str(k) for r in rows for k in r)) or [str(k) for k in row]
    file = source.field_of(deck) if source is not None else "the deck"
    if name in columns:
        at = next((i for i, r in enumerate(rows) if r is row), None)
        cell = source.field_of(deck + (at, name)) if source is not None and at is not None else f"{file}, {name}"
        return f"{cell} is empty, and the template reads it: fill it in, or write {{{{ row.{name} | default('') }}}}"
    near = difflib.get_close_matches(name, columns, n=1, cutoff=0.75)
    return f"{file} has no column {name!r} ({f'did you mean {near[0]!r}? ' if near else ''}columns: {', '.join(columns)})"
