"""The kit file whole: its head (`game`, `params`: kitfile/head.py) and its `components`."""
from __future__ import annotations

from functools import lru_cache

from pnpkit.kitfile.components import MAX_COUNT, Component
from pnpkit.kitfile.head import (GameInfo, KitHead, cached_source, deck_versions, expanded, head_schema, kit_ids,  # noqa: F401
                                 kit_path, load_head, located, params_model, source_for, with_params)
from pnpkit.kitfile.errors import field_name
from pnpkit.kitfile.source import Source, load_file, validate
from pnpkit.kitfile.structs import field


class Kit(KitHead):
    """A whole kit file: what the scorer reads (KitHead) and what is printed."""

    components: list[Component] = field(default_factory=list)


def kit_schema() -> dict:
    """The kit file's JSON Schema (`pnpkit schema kit`), without the fields the loader sets."""
    return head_schema(Kit)


def load_kit(name: str, components: bool = True, shown: str | None = None) -> Kit | KitHead:
    """Load and validate a kit by id or path. Raises SourceError with file:line: field: message.

    `components=False` is the scorer's view (kitfile.head.load_head): `game` and `params` only.
    Both are cached per file version (and the versions of the deck files it reads) within a process.
    `shown`: the kit's name in messages, if not `name` (a designer's kit as the record's reader
    reaches it: scorer/pad.py)."""
    if not components:
        return load_head(name)
    path, display, version = located(name)
    display = shown or display
    return _load(path, display, version, deck_versions(cached_source(path, display, version), path))


@lru_cache(maxsize=32)
def _load(path: str, display: str, version: tuple, decks: tuple = ()) -> Kit:
    source = expanded(path, display, version, decks)
    kit = validate(Kit, source)
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
