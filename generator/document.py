"""Pieces -> every page of the document (generator/build.py writes it): the pieces imposed on
sheets, the pages before them (cover, assembly) and after them (thumbnails of split boards),
numbered, each with its marks, heading and credit, and the manifest of where everything lies.

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

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from pnpkit.generator import bleed, boxart, calibration, cover, cover_back, fillable, joins, manifest, select
from pnpkit.generator.impose import Imposed, impose
from pnpkit.generator.options import DEFAULT, PrintOptions
from pnpkit.generator.pieces import Piece
from pnpkit.generator.sheets import HEADER_BOTTOM, Page, Paper, crop_marks, edge_ticks, furniture, side_furniture
from pnpkit.generator.split import thumbnail
from pnpkit.kitfile.forms import Forms, Pads, no_forms, no_pads


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
        if not self.options.ink_saver:
            return shapes
        from pnpkit.generator import inksaver
        return [inksaver.transform(s) for s in shapes]


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


def _most_players(players: str) -> int:
    """"2-6" -> 6: the pages a sheet filled one per player needs."""
    last = players.split("-")[-1].strip()
    return int(last) if last.isdigit() else 1


def fillable_name(kit: str, options: PrintOptions) -> str:
    return f"{options.fillable_stem(kit)}.pdf"


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


@dataclass
class _Run:
    """What every page's heading and furniture need to know of the whole document."""

    info: cover.KitInfo
    paper: Paper
    duplex: str
    titles: dict[str, str]
    imposed: Imposed
    panels: dict
    drawn: list[Piece]
    total: int = 0


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
        from pnpkit.generator import fold
        pieces = [fold.fold(p, *paper.area_size) for p in pieces]
    sides = "fold" if folded else "two" if any(p.double_sided for p in pieces) else "one"
    if sides == "two":
        pieces = pads(pieces)
    imposed = impose(pieces, paper, duplex, back_offset)
    run = _Run(info, paper, duplex, titles, imposed, joins.panels_of(pieces), drawn)  # panels: boards laid
    head = _head(sides, bool(imposed.splits), back_offset)                            # against a split board
    tail = [Page("thumbnail", title=s.board.name) for s in imposed.splits[1:]]
    pages = head + imposed.pages + tail
    double_run = len(head) + imposed.double_run if sides == "two" else 0
    for i, p in enumerate(pages, 1):
        p.number = i
    run.total = len(pages)
    how = _printing(run, pages, sides, double_run, inside, fillable_name(info.id, options) if to_fill else None)
    contents = _contents(imposed, titles)
    for page in pages:
        _dress(page, run, contents, how)
    man = manifest.manifest(info.id, paper, pages)
    if to_fill:
        man["fillable"] = fillable_name(info.id, options)
    if options.selects:  # only some pages: each keeps its number and heading from the whole kit
        kept = select.pages(pages, options)
        return Document(info, options, kept, select.manifest(man, kept), to_fill)
    return Document(info, options, pages, man, to_fill)


def _contents(imposed: Imposed, titles: dict[str, str]) -> list[cover.Entry]:
    """The cover's contents: each component (a split board by its name) with its count and pages."""
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
    return [cover.Entry(k, v["kind"], v["count"], _ranges(v["pages"]), v["two"],
                        f"{v['parts']} parts" if v["parts"] else "") for k, v in entries.items()]


def _printing(run: _Run, pages: list[Page], sides: str, double_run: int, inside: tuple[str, ...],
              form: str | None) -> cover.Printing:
    """How the file prints, as the cover tells it: its runs, assembly pages, punch, stock."""
    imposed = run.imposed
    thumbs = [p.number for p in pages if p.kind in ("assembly", "thumbnail")]
    rounds = [pl.piece.w for pg in imposed.pages if pg.kind == "pieces" for pl in pg.placed if pl.piece.shape == "circle"]
    return cover.Printing(sides, run.duplex, assembly_pages=_ranges(thumbs),
                          double_run=_ranges(range(1, double_run + 1)),
                          single_run=_ranges(range(double_run + 1, run.total + 1)), has_split=bool(imposed.splits),
                          round_sizes=tuple(rounds), fillable=form,
                          back_bleed=any(bleed.coloured(pl.piece.ground_of("back")) and pl.piece.double_sided
                                         for pg in imposed.pages for pl in pg.placed),
                          kinds=tuple(sorted({pl.piece.kind for pg in imposed.pages for pl in pg.placed})),
                          notes=inside)


def _dress(page: Page, run: _Run, contents: list[cover.Entry], how: cover.Printing) -> None:
    """A page's furniture and marks: the cover, the assembly page, a page of pieces or of their
    backs, a thumbnail; then its heading (left), its number (right) and the credit."""
    info, paper, imposed, panels = run.info, run.paper, run.imposed, run.panels
    flip = f"flip on the {run.duplex} edge"
    right = f"page {page.number} of {run.total}"
    top = HEADER_BOTTOM + 3
    if page.kind == "cover":
        left = ""
        page.furniture = cover.cover(info, paper, contents, run.total, how,
                                     lambda w, h: boxart.view(run.drawn, w, h, info.id))
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
            page.marks = calibration.back(paper, run.duplex)  # moves with the offset
    elif page.kind == "pieces":
        sided = ("fronts" if any(p.piece.double_sided for p in page.placed)
                 else "fronts and backs: fold on the dashed lines" if any("fold" in p.piece.meta for p in page.placed)
                 else "single-sided")
        left = f"{info.title}: {_summary(page, run.titles)} ({sided})"
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
