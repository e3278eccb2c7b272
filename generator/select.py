"""Only part of a kit: some components, a page range, one side of every sheet, one sheet again.

A person reprints what they need: the deck they changed (`--only creatures`), the pages a jam
spoiled (`--pages 5-8`), the sheet they cut wrongly (`--sheet 9`: page 9 and the other side of
its paper), or every front and then every back on a printer without duplex (`--face fronts`,
then `--face backs`; backs include the blank backs, so the stack stays in step).

Components are chosen before the pieces are laid out (a smaller kit, with its own cover); pages
are chosen after, so a page keeps its number and heading ("page 9 of 30") and its place on the
cover's contents, and the manifest lists the pieces on the pages printed.
"""
from __future__ import annotations

from pnpkit.generator.options import PrintOptions
from pnpkit.generator.pieces import Piece
from pnpkit.generator.sheets import Page
from pnpkit.kitfile.errors import InputError


class SelectionError(InputError, ValueError):
    """A selection that names nothing the kit prints (exit 2, with what there is)."""


def components(pieces: list[Piece], options: PrintOptions) -> list[Piece]:
    if not options.only:
        return pieces
    known = list(dict.fromkeys(p.component for p in pieces))
    unknown = [c for c in options.only if c not in known]
    if unknown:
        raise SelectionError(f"--only: the kit has no component {unknown[0]!r} (components: {', '.join(known)})")
    return [p for p in pieces if p.component in options.only]


def pages(all_pages: list[Page], options: PrintOptions) -> list[Page]:
    """The pages `options` asks for, in order, numbered as in the whole document."""
    if not options.selects:
        return all_pages
    total = len(all_pages)
    keep = list(all_pages)
    if options.pages is not None:
        a, b = options.pages
        if a > total:
            raise SelectionError(f"--pages {a}-{b}: the kit prints {total} pages")
        keep = [p for p in keep if a <= p.number <= b]
    if options.reprint is not None:
        n = options.reprint
        if n > total:
            raise SelectionError(f"--sheet {n}: the kit prints {total} pages")
        page = all_pages[n - 1]
        partner = page.back_of or next((p for p in all_pages if p.back_of is page), None)
        sheet = {page.number} | ({partner.number} if partner is not None else set())
        keep = [p for p in keep if p.number in sheet]
    if options.face is not None:
        if not any(p.is_back for p in all_pages):
            raise SelectionError(f"--face {options.face}: this kit prints single-sided (it has no backs); "
                                 "print it without --face")
        keep = [p for p in keep if p.is_back == (options.face == "backs")]
    if not keep:
        raise SelectionError("that selection holds no page (see the contents on the cover)")
    return keep


def manifest(man: dict, kept: list[Page]) -> dict:
    """The manifest of the pages printed: each piece whose front or back is on one of them."""
    numbers = {p.number for p in kept}
    pieces = [e for e in man["pieces"] if e["page"] in numbers or (e.get("back") or {}).get("page") in numbers]
    return dict(man, pieces=pieces, printed_pages=sorted(numbers))
