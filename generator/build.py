"""The printing API: a kit in, PDF + SVG sheets + manifest out, written atomically.

    build_kit(kit, out_dir, PrintOptions(paper="letter", ...)) -> BuildReport
    build_all(out_dir, papers=("a4", "letter"), options) -> list[BuildReport]
    build_pieces(pieces, info, out_dir, options) -> BuildReport   (no kit file needed)

How to print (paper, duplex, back offset, ink saver, backs, bleed) is one PrintOptions value
(generator/options.py), checked when it is made.

Document order for a kit with double-sided pieces: two runs, each printed with one printer
setting, and no page blank on purpose. The double-sided run (every front an odd page, its back the
even page after it): 1 the cover, with the calibration's front lines, 2 its back: the rulers, the
back alignment's numbered lines, cutting and assembly; then each page of double-sided pieces
followed by its backs. One sheet without pieces. The single-sided run: the pages of single-sided
pieces, then thumbnails of further split boards. The cover says which pages are which run. Score
sheets go back to back in pairs (`pads`).
A kit with nothing double-sided, or built with backs="gutter" (generator/fold.py: every
double-sided piece a front-and-back pair to fold), prints single-sided: the cover, the assembly
page only if a board comes in parts, the pieces; no back pages, blank pages or calibration lines.
"""
from __future__ import annotations

import gc
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnpkit.generator import bleed, boxart, calibration, cover, cover_back, cutlayer, fillable, fold, inksaver, joins, manifest, select, templating
from pnpkit.generator.atomic import check_out, publish
from pnpkit.generator.backends import pdf as pdf_backend
from pnpkit.generator.backends import svg as svg_backend
from pnpkit.generator.impose import impose
from pnpkit.generator.options import DEFAULT, PrintOptions
from pnpkit.generator.pieces import Piece
from pnpkit.generator.sheets import HEADER_BOTTOM, Page, Paper, crop_marks, edge_ticks, furniture, side_furniture
from pnpkit.generator.split import thumbnail
from pnpkit.generator import startup
from pnpkit.kitfile.forms import KEYWORD, Forms, Pads, no_forms, no_pads


@dataclass
class BuildReport:
    kit: str
    paper: str
    pdf: Path
    svgs: list[Path]
    manifest: Path
    pages: int
    pieces: int  # physical pieces (a split board counts its parts)
    pdf_bytes: int
    split_boards: int = 0
    paths: list[Path] = field(default_factory=list)  # everything written, in order
    fillable: Path | None = None  # the score sheets with form fields, if the kit has any
    previews: list[Path] = field(default_factory=list)  # a PNG of every page, when asked for


@dataclass
class Document:
    info: cover.KitInfo
    options: PrintOptions
    pages: list[Page]
    manifest: dict
    fillable: list[fillable.Sheet] = field(default_factory=list)  # score sheets to fill on screen

    @property
    def paper(self) -> Paper:
        return Paper.of(self.options.paper)

    def page_shapes(self) -> list[tuple]:
        shapes = [p.shapes() for p in self.pages]
        return [inksaver.transform(s) for s in shapes] if self.options.ink_saver else shapes


def _ranges(numbers: Iterable[int]) -> str:
    nums = sorted(set(numbers))
    out: list[str] = []
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        out.append(str(nums[i]) if i == j else f"{nums[i]}-{nums[j]}")
        i = j + 1
    return ", ".join(out)


def _summary(page: Page, titles: dict[str, str]) -> str:
    counts: dict[str, int] = {}
    for p in page.placed:
        name = p.piece.meta.get("board") or titles.get(p.piece.component, p.piece.component)
        counts[name] = counts.get(name, 0) + 1
    parts = [p.piece.meta["part"] for p in page.placed if "part" in p.piece.meta]
    if parts:
        return ", ".join(f"{k} part {v}" for k, v in zip(counts, parts))
    return ", ".join(f"{k} x{v}" for k, v in counts.items())


def _head(sides: str, splits: bool, back_offset: tuple[float, float]) -> list[Page]:
    """The pages before the pieces: one sheet at most. Printed double-sided: the cover (with the
    calibration's front lines) and its back (the rulers, the numbered lines that read the backs'
    offset, moved with it, and cutting and assembly). Printed single-sided (nothing has a back, or
    --backs gutter): the cover, and the assembly page only when a board comes in parts; no back
    alignment to measure (the cover's square checks the scale)."""
    if sides != "two":
        return [Page("cover")] + ([Page("assembly")] if splits else [])
    head = [Page("cover"), Page("assembly", offset=back_offset)]
    head[1].back_of = head[0]
    return head


def _players(players: str) -> tuple[int, int]:
    """"2-6" -> (2, 6): the player counts a pad's games are told for."""
    nums = [int(n) for n in players.replace(" ", "").split("-") if n.isdigit()]
    return (nums[0], nums[-1]) if nums else (1, 1)


def pads(pieces: list[Piece]) -> list[Piece]:
    """In a file printed double-sided, the copies of a score sheet go back to back in pairs (a
    pad printed on both sides of the paper), so a sheet never sits alone opposite a blank page.
    A pair is one physical piece; an odd copy out stays single-sided."""
    out: list[Piece] = []
    i = 0
    while i < len(pieces):
        p = pieces[i]
        q = pieces[i + 1] if i + 1 < len(pieces) else None
        if (p.kind == "score-sheet" and not p.double_sided and q is not None and q.component == p.component
                and not q.double_sided and (q.w, q.h) == (p.w, p.h)):
            out.append(replace(p, name=f"{p.name} (and {q.name.rsplit(' ', 1)[-1]} on its back)", back=q.front,
                               grounds=(p.grounds[0], q.grounds[0])))
            i += 2
        else:
            out.append(p)
            i += 1
    return out


def compose(pieces: list[Piece], info: cover.KitInfo, options: PrintOptions = DEFAULT,
            titles: dict[str, str] | None = None, forms: Forms = no_forms, sums: Pads = no_pads) -> Document:
    """Pieces -> every page of the document, numbered, with marks, headings and credit.
    `titles` names components for people (component id -> title) on the cover and headings;
    `forms` gives the form a game's score sheet is (its fillable boxes named for what they hold),
    `sums` the boxes of a game's pad that add themselves up on its fillable sheet."""
    titles = titles or {}
    paper, duplex, back_offset, folded = Paper.of(options.paper), options.duplex, options.back_offset, options.folded
    pieces = select.components(pieces, options)
    drawn, inside = pieces, cover.notes(pieces, titles, _players(info.players))  # the cover's picture and notes
    to_fill = fillable.sheets(pieces, paper, info.title, info.credit, titles, info.id, _most_players(info.players),
                              forms, sums)
    pieces = [bleed.resolve(p, options.bleed) for p in pieces]
    if folded:
        pieces = [fold.fold(p, *paper.area_size) for p in pieces]
    sides = "fold" if folded else "two" if any(p.double_sided for p in pieces) else "one"
    if sides == "two":
        pieces = pads(pieces)
    imposed = impose(pieces, paper, duplex, back_offset)
    panels = joins.panels_of(pieces)  # boards laid against a split board: on its assembly picture
    head = _head(sides, bool(imposed.splits), back_offset)
    tail = [Page("thumbnail", title=s.board.name) for s in imposed.splits[1:]]
    pages = head + imposed.pages + tail
    double_run = len(head) + imposed.double_run if sides == "two" else 0
    for i, p in enumerate(pages, 1):
        p.number = i
    total = len(pages)
    flip = f"flip on the {duplex} edge"

    # contents: component -> count, pages
    entries: dict[str, dict] = {}
    for page in imposed.pages:
        for p in page.placed:
            name = p.piece.meta.get("board") or titles.get(p.piece.component, p.piece.component)
            e = entries.setdefault(name, {"kind": p.piece.kind, "count": 0, "pages": [], "two": False,
                                          "parts": 0})
            if page.kind == "pieces":
                if "part" in p.piece.meta:
                    e["parts"] += 1
                    e["count"] = 1
                else:
                    e["count"] += 1
                e["two"] = e["two"] or p.piece.double_sided
            e["pages"].append(page.number)
    contents = [cover.Entry(k, v["kind"], v["count"], _ranges(v["pages"]), v["two"],
                            f"{v['parts']} parts" if v["parts"] else "") for k, v in entries.items()]

    top = HEADER_BOTTOM + 3
    thumbs = [p.number for p in pages if p.kind in ("assembly", "thumbnail")]
    rounds = [pl.piece.w for pg in imposed.pages if pg.kind == "pieces" for pl in pg.placed if pl.piece.shape == "circle"]
    how = cover.Printing(sides, duplex, assembly_pages=_ranges(thumbs), double_run=_ranges(range(1, double_run + 1)),
                         single_run=_ranges(range(double_run + 1, total + 1)), has_split=bool(imposed.splits),
                         round_sizes=tuple(rounds), fillable=fillable_name(info.id, options) if to_fill else None,
                         back_bleed=any(bleed.coloured(pl.piece.ground_of("back")) and pl.piece.double_sided
                                        for pg in imposed.pages for pl in pg.placed),
                         kinds=tuple(sorted({pl.piece.kind for pg in imposed.pages for pl in pg.placed})), notes=inside)
    for page in pages:
        right = f"page {page.number} of {total}"
        if page.kind == "cover":
            left = ""
            page.furniture = cover.cover(info, paper, contents, total, how,
                                         lambda w, h: boxart.view(drawn, w, h, info.id))
        elif page.kind == "assembly":
            left = f"{info.title}: printing, cutting" + (" and assembly" if imposed.splits else "") + \
                (f" (back of page 1: {flip})" if page.is_back else "")
            thumb, board, parts = None, "", 0
            if imposed.splits:
                s = imposed.splits[0]
                board, parts = s.board.name, len(s.parts)
                thumb = (lambda x, y, w, h, s=s: thumbnail(s, x, y, w, h, panels.get(s.board.component, ())))
            page.furniture = cover_back.cover_back(paper, info, how, top, thumb, board, parts,
                                                   panels.get(imposed.splits[0].board.component, ()) if imposed.splits else ())
            if page.is_back:
                page.marks = calibration.back(paper, duplex)  # moves with the offset
        elif page.kind == "pieces":
            sided = ("fronts" if any(p.piece.double_sided for p in page.placed)
                     else "fronts and backs: fold on the dashed lines" if any("fold" in p.piece.meta for p in page.placed)
                     else "single-sided")
            left = f"{info.title}: {_summary(page, titles)} ({sided})"
            page.marks = crop_marks(paper, page.placed) + (edge_ticks(paper, page.placed) if page.tall else [])
        elif page.kind == "backs":
            left = f"{info.title}: backs of page {page.back_of.number} ({flip})"
            page.marks = crop_marks(paper, page.placed, page.offset)  # mirrored with the backs: for a sheet of backs cut alone
            page.marks += edge_ticks(paper, page.placed) if page.tall else []
        elif page.kind == "thumbnail":
            s = next(x for x in imposed.splits if x.board.name == page.title)
            left = f"{info.title}: how {s.board.name} goes together"
            page.furniture = cover_back.assembly(paper, info, lambda x, y, w, h, s=s: thumbnail(
                s, x, y, w, h, panels.get(s.board.component, ())), s.board.name, len(s.parts), top,
                panels.get(s.board.component, ()))
        if page.tall:  # the grid fills the page from margin to margin: the heading goes beside it
            rows = [y for pl in page.placed for y in (pl.y + page.offset[1], pl.y + pl.h + page.offset[1])]
            page.furniture = side_furniture(paper, left, right, rows)
        else:
            page.furniture = list(page.furniture) + furniture(paper, left, right, info.credit)
    man = manifest.manifest(info.id, paper, pages)
    if to_fill:
        man["fillable"] = fillable_name(info.id, options)
    if options.selects:  # only some pages: each keeps its number and heading from the whole kit
        kept = select.pages(pages, options)
        return Document(info, options, kept, select.manifest(man, kept), to_fill)
    return Document(info, options, pages, man, to_fill)


def _svg_name(stem: str, number: int, total: int) -> str:
    return f"{stem}-p{number:0{max(2, len(str(total)))}d}.svg"


def _set_of(kit: str, options: PrintOptions) -> re.Pattern:
    """The files in OUT/KIT/ that one build with `options` makes (and so replaces): its PDF,
    fillable sheets, manifest, SVG pages and previews. Anything else in the folder is kept."""
    stem, label = re.escape(options.stem(kit)), re.escape(options.label)
    form = re.escape(fillable_name(kit, options))
    if options.cut_only:
        return re.compile(rf"svg/{stem}-p\d+-cut\.svg")
    return re.compile(rf"{stem}\.pdf|{form}|manifest-{label}\.json|svg/{stem}-p\d+\.svg|preview-{label}/page-\d+\.png")


def write(doc: Document, out_dir: Path | str, preview_dpi: int | None = None) -> BuildReport:
    """Render `doc` to PDF, SVGs and manifest (and, with `preview_dpi`, a PNG of every page) and
    put them in out_dir/KIT/ as one set: all of them or, if anything fails, none (atomic.py)."""
    files, report = render(doc, out_dir, preview_dpi)
    pattern = _set_of(doc.info.id, doc.options)
    publish(Path(out_dir) / doc.info.id, files, lambda rel: pattern.fullmatch(rel) is not None)
    return report


def render(doc: Document, out_dir: Path | str, preview_dpi: int | None = None,
           written: dict | None = None) -> tuple[dict[str, bytes], BuildReport]:
    """Every file of `doc`, in memory (name in OUT/KIT/ -> bytes), and the report of where they go.
    `written`: the SVG markup of drawings already written (svg.render_page), shared by the papers
    of one build, which place the very same pieces."""
    kit, paper, stem, label = doc.info.id, doc.paper.name, doc.options.stem(doc.info.id), doc.options.label
    root = Path(out_dir) / kit
    shapes = doc.page_shapes()
    total = doc.manifest.get("pages", len(shapes))
    if doc.options.cut_only:  # for a cutting machine: each page's cut layer, nothing else
        files = {}
        for page in doc.pages:
            cut = cutlayer.outlines(page)
            if cut:
                files[f"svg/{_svg_name(stem, page.number, total)[:-4]}-cut.svg"] = svg_backend.render_page(
                    (), doc.paper.w, doc.paper.h, title=f"{doc.info.title}, page {page.number}: cut paths",
                    cut=cut, cut_only=True).encode("utf-8")
        paths = [root / n for n in files]
        return files, BuildReport(kit, paper, root, paths, root, len(doc.pages), len(doc.manifest["pieces"]), 0,
                                  paths=paths)
    pdf_bytes = pdf_backend.render(shapes, doc.paper.w, doc.paper.h, title=doc.info.title,
                                   author=doc.info.designer, subject=doc.info.credit)
    files: dict[str, bytes] = {f"{stem}.pdf": pdf_bytes}
    form_name = fillable_name(kit, doc.options)
    if doc.fillable:
        sheets = doc.fillable
        if doc.options.ink_saver:
            sheets = [fillable.Sheet(inksaver.transform(s.shapes), s.fields) for s in sheets]
        files[form_name] = pdf_backend.render([s.shapes for s in sheets], doc.paper.w, doc.paper.h,
                                              title=f"{doc.info.title}: score sheets to fill in",
                                              author=doc.info.designer, subject=doc.info.credit,
                                              fields=[list(s.fields) for s in sheets],
                                              mark=lambda canvas: canvas.setKeywords(f"{KEYWORD}: {doc.info.id}"))
    svg_names = []
    written = {} if written is None else written  # every copy of a piece shares its drawing's markup
    for page, s in zip(doc.pages, shapes):
        name = f"svg/{_svg_name(stem, page.number, total)}"
        files[name] = svg_backend.render_page(s, doc.paper.w, doc.paper.h, title=f"{doc.info.title}, page {page.number}",
                                              cut=cutlayer.outlines(page), written=written).encode("utf-8")
        svg_names.append(name)
    man_name = f"manifest-{label}.json"
    files[man_name] = manifest.dumps(doc.manifest).encode("utf-8")
    pngs = []
    if preview_dpi:
        from pnpkit.generator.preview import pngs_of
        for i, png in enumerate(pngs_of(pdf_bytes, preview_dpi), 1):
            name = f"preview-{label}/page-{doc.pages[i - 1].number:0{max(2, len(str(total)))}d}.png"
            files[name] = png
            pngs.append(root / name)
    svgs = [root / n for n in svg_names]
    form_path = root / form_name if form_name in files else None
    n_pieces = len(doc.manifest["pieces"])
    splits = len({e["name"].rsplit(" part ", 1)[0] for e in doc.manifest["pieces"] if "part" in e})
    return files, BuildReport(kit, paper, root / f"{stem}.pdf", svgs, root / man_name, len(doc.pages),
                              n_pieces, len(pdf_bytes), splits, [root / n for n in files], form_path, pngs)


def _most_players(players: str) -> int:
    """"2-6" -> 6: the pages a sheet filled one per player needs."""
    last = players.split("-")[-1].strip()
    return int(last) if last.isdigit() else 1


def fillable_name(kit: str, options: PrintOptions) -> str:
    return f"{options.fillable_stem(kit)}.pdf"


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
    A new `pnpkit build` process's start-up pause ends here (generator/startup.py)."""
    startup.over()
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


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
        patterns.append(_set_of(info.id, options.on(paper)))
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
