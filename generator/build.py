"""The printing API: a kit in, PDF + SVG sheets + manifest out, written atomically.

    build_kit(kit, out_dir, PrintOptions(paper="letter", ...)) -> BuildReport
    build_all(out_dir, papers=("a4", "letter"), options) -> list[BuildReport]
    build_pieces(pieces, info, out_dir, options) -> BuildReport   (no kit file needed)

How to print (paper, duplex, back offset, ink saver, backs, bleed) is one PrintOptions value
(generator/options.py), checked when it is made. The pieces become a document's pages in
generator/document.py (`compose`, which says the order of the pages) and its files in
generator/outputs.py (`render`, `write`); this module draws a kit's pieces once and builds them for
every paper asked for, as one set of files.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from pnpkit.generator import cover, startup, templating
from pnpkit.generator.atomic import check_out, publish
from pnpkit.generator.backends import svg as svg_backend  # noqa: F401  (tests replace its render_page)
from pnpkit.generator.document import Document, compose, fillable_name, pads
from pnpkit.generator.options import DEFAULT, PrintOptions
from pnpkit.generator.outputs import BuildReport, render, set_of, write
from pnpkit.generator.pieces import Piece
from pnpkit.kitfile.collector import collector_paused
from pnpkit.kitfile.forms import Forms, Pads, no_forms, no_pads

__all__ = ["BuildReport", "Document", "build_all", "build_kit", "build_papers", "build_pieces", "collections_paused",
           "compose", "fillable_name", "not_printable", "pads", "pieces_of", "printable_kits", "render",
           "titles_of", "write"]


def build_pieces(pieces: list[Piece], info: cover.KitInfo, out_dir: Path | str,
                 options: PrintOptions = DEFAULT, titles: dict[str, str] | None = None) -> BuildReport:
    return write(compose(pieces, info, options, titles), out_dir)


def titles_of(kit) -> dict[str, str]:
    """Component id -> the title people read (kit file `title`, else the id made readable)."""
    out = {}
    for c in kit.components:
        title = getattr(c, "display", None) or getattr(c, "title", None) or c.name
        out[c.name] = title
    return out


def _load(kit):
    if isinstance(kit, (str, Path)):
        from pnpkit.kitfile import load_kit
        return load_kit(str(kit))
    return kit


def pieces_of(kit) -> list[Piece]:
    """The kit's pieces, from the component renderers (generator.components), its pictures within
    one budget for the whole kit (generator/pictures/budget.py)."""
    from pnpkit.generator.components import pieces_for
    from pnpkit.generator.pictures import budget
    with budget.kit():
        return list(pieces_for(kit))


def build_kit(kit, out_dir: Path | str, options: PrintOptions = DEFAULT, preview_dpi: int | None = None,
              forms: Forms = no_forms, sums: Pads = no_pads) -> BuildReport:
    """Build one kit (a Kit, a kit id or a path to a kit file) for one paper.

    `options.bleed` (mm) runs every coloured background that far past its cut (generator/bleed.py)."""
    return build_papers(kit, out_dir, options, [options.paper], preview_dpi=preview_dpi, forms=forms, sums=sums)[0]


def build_papers(kit, out_dir: Path | str, options: PrintOptions = DEFAULT, papers: Iterable[str] = ("a4", "letter"),
                 progress: Callable[[str, str], None] | None = None, preview_dpi: int | None = None,
                 forms: Forms = no_forms, sums: Pads = no_pads) -> list[BuildReport]:
    """One kit for several papers, written as one set. The pieces do not depend on the paper, so
    they are drawn once and only imposed and rendered once per paper. `forms`: see compose."""
    check_out(out_dir)
    kit = _load(kit)
    if not kit.components:
        raise ValueError(f"kit {kit.game.id} has no components yet: nothing to print")
    with collections_paused():
        return _build_papers(kit, out_dir, options, papers, progress, preview_dpi, forms, sums)


@contextmanager
def collections_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused for one build. A build makes a few hundred
    thousand objects (shapes, PDF operators, SVG markup) and keeps most of them until its files
    are written, so each collection during it scans them again (and, in a new process, everything
    imported) and frees next to nothing: 10-25 ms of a NUTS build's 290 (bench/build.py). What
    little cyclic garbage a build leaves (reportlab's canvas and its document refer to each other)
    is collected after it, as before; what a build holds meanwhile is bounded by the build itself.
    A new `pnpkit build` process's start-up is over here, its collector paused to its end
    (generator/startup.py)."""
    startup.over()
    with collector_paused():
        yield


def _build_papers(kit, out_dir: Path | str, options: PrintOptions, papers: Iterable[str],
                  progress: Callable[[str, str], None] | None, preview_dpi: int | None, forms: Forms,
                  sums: Pads = no_pads) -> list[BuildReport]:
    with templating.budget():
        pieces = pieces_of(kit)
    info, titles = cover.KitInfo.of(kit), titles_of(kit)
    files: dict[str, bytes] = {}
    patterns: list[re.Pattern] = []
    reports = []
    written: dict = {}
    for paper in papers:
        paper_files, report = render(compose(pieces, info, options.on(paper), titles, forms, sums), out_dir, preview_dpi, written)
        files.update(paper_files)
        patterns.append(set_of(info.id, options.on(paper)))
        reports.append(report)
        if progress:
            progress(kit.game.id, paper)
    publish(Path(out_dir) / info.id, files, lambda rel: any(p.fullmatch(rel) for p in patterns))
    return reports


def not_printable(kit) -> Exception:
    """A kit with nothing to print is the kit file's problem, at its line (exit 2)."""
    from pnpkit.generator.components.common import error
    return error(kit, ("components",), f"kit {kit.game.id} has no components yet: nothing to print")


def printable_kits() -> list[str]:
    from pnpkit.kitfile import kit_ids, load_kit
    return [k for k in kit_ids() if load_kit(k).components]


def build_all(out_dir: Path | str, papers: Iterable[str] = ("a4", "letter"),
              options: PrintOptions = DEFAULT, kits: Iterable[str] | None = None,
              progress: Callable[[str, str], None] | None = None, forms: Forms = no_forms,
              sums: Pads = no_pads) -> list[BuildReport]:
    """Every kit with components (or `kits`), for every paper in `papers` (options' other fields kept)."""
    reports = []
    for k in (list(kits) if kits is not None else printable_kits()):
        reports += build_papers(k, out_dir, options, list(papers), progress, forms=forms, sums=sums)
    return reports
