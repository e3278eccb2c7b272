"""The kit file whole: its head (`game`, `params`: kitfile/head.py) and its `components`."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import BaseModel, Field

from pnpkit.kitfile.components import MAX_COUNT, Component
from pnpkit.kitfile.head import (GameInfo, KitHead, cached_source, deck_versions, expanded, head_schema, kit_ids,  # noqa: F401
                                 kit_path, load_head, located, params_model, source_for, with_params)
from pnpkit.kitfile.errors import SourceError, field_name
from pnpkit.kitfile.source import Source, load_file, validate
from pnpkit.kitfile.strict import Strict
from pnpkit.kitfile.structs import Invalid, field, from_pydantic


class _Components(Strict):
    """A kit file's `components`, validated by pydantic while the components are pydantic models and
    the head (KitHead) is msgspec's (issue 40 moves them in stages)."""

    components: list[Component] = Field(default_factory=list)


class _Parts(type):
    def __instancecheck__(cls, value: Any) -> bool:
        return type(value) is list and all(isinstance(c, BaseModel) for c in value)


class Components(metaclass=_Parts):
    """`components` as a custom type of kitfile/structs.py: a list of kitfile/components.py's
    (pydantic) models, the first problem said at its place."""

    json_schema: dict = {"type": "array", "description": "The components to print."}

    @classmethod
    def decode(cls, value: Any) -> list:
        try:
            return from_pydantic(_Components, {"components": value}).components
        except Invalid as e:
            raise Invalid(e.message, at=e.at[1:]) from None


class Kit(KitHead):
    """A whole kit file: what the scorer reads (KitHead) and what is printed."""

    components: Components = field(default_factory=list)


def _validated(source: Source) -> Kit:
    """The head by msgspec (its first problem) and the components by pydantic (theirs), the problems
    of both said together, the head's first, as one validation said them before."""
    problems = []
    data = source.data
    try:
        head = validate(KitHead, source, data={k: v for k, v in data.items() if k != "components"})
    except SourceError as e:
        problems += e.problems
    try:
        parts = validate(_Components, source, data={k: v for k, v in data.items() if k == "components"})
    except SourceError as e:
        problems += e.problems
    if problems:
        raise SourceError(source.file, problems)
    return Kit(game=head.game, params=head.params, file=head.file, path=head.path, components=parts.components)


def kit_schema() -> dict:
    """The kit file's JSON Schema (`pnpkit schema kit`): the head's (msgspec) with the components'
    (pydantic) in it."""
    out = head_schema(Kit)
    parts = _Components.model_json_schema(ref_template="#/$defs/{model}")
    out["$defs"].update(parts.pop("$defs", {}))
    out["properties"]["components"] = parts["properties"]["components"]
    return out


def load_kit(name: str, components: bool = True) -> Kit | KitHead:
    """Load and validate a kit by id or path. Raises SourceError with file:line: field: message.

    `components=False` is the scorer's view (kitfile.head.load_head): `game` and `params` only.
    Both are cached per file version (and the versions of the deck files it reads) within a process."""
    if not components:
        return load_head(name)
    path, display, version = located(name)
    return _load(path, display, version, deck_versions(cached_source(path, display, version), path))


@lru_cache(maxsize=32)
def _load(path: str, display: str, version: tuple, decks: tuple = ()) -> Kit:
    source = expanded(path, display, version, decks)
    kit = _validated(source)
    _check_extent(kit, source)
    _check_card_ids(kit, source)
    return with_params(kit, source, display, path)


MAX_PAGES = 300  # the most pages a kit may need (the largest shipped kit prints 34)
_PAGE_AREA = 197.3 * 266.0 * 0.5  # mm² of pieces one page holds: the area inside the margins, half used


def extent(kit: Kit) -> tuple[int, float]:
    """(pieces, pages) a kit will print, estimated from the kit file alone (before anything is
    drawn): pieces counted as the generator counts them, pages from the printed area, backs
    included."""
    pieces, area = 0, 0.0
    for c in kit.components:
        w, h = (c.size, c.size) if isinstance(c.size, float) else c.size
        if c.kind == "cards":
            copies = sum(r["count"] if isinstance(r.get("count"), int) and r["count"] > 0 else c.count
                         for r in c.deck) if c.deck else c.count
        else:
            copies = getattr(c, "total", None) or c.count
        sides = 2 if getattr(c, "back", None) is not None else 1
        pieces += copies
        area += w * h * copies * sides
    return pieces, area / _PAGE_AREA


def _check_extent(kit: Kit, source: Source) -> None:
    """A kit that would print more than anyone cuts out is refused before a piece is drawn."""
    pieces, pages = extent(kit)
    if pieces > MAX_COUNT:
        raise source.error(("components",), f"the kit prints {pieces:,} pieces: at most {MAX_COUNT:,}")
    if pages > MAX_PAGES:
        raise source.error(("components",), f"the kit would print about {pages:,.0f} pages: at most {MAX_PAGES}")


def _check_card_ids(kit: Kit, source: Source) -> None:
    """A deck's `id` names one card design: the same id on two rows (a copied spreadsheet row, a
    typo) is refused at the second, naming the first, before anything is drawn."""
    for i, c in enumerate(kit.components):
        if c.kind != "cards":
            continue
        first: dict[str, int] = {}
        for r, row in enumerate(c.deck):
            key = row.get("id")
            if key is None:
                continue
            if str(key) in first:
                at = ("components", i, "deck", first[str(key)], "id")
                earlier = source.field_of(at)
                if earlier == field_name(at):  # a row written in the kit file: its line
                    earlier += f" (line {source.line_of(at)})"
                raise source.error(("components", i, "deck", r, "id"), f"the card id {key!r} is given twice: "
                                   f"also {earlier} (each row's id names one card design)")
            first[str(key)] = r


def source_of(name: str) -> Source:
    """The kit's parsed source, for tools that need lines (e.g. the schema checker)."""
    path, display = kit_path(name)
    return load_file(path, display)
