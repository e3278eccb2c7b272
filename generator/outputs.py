"""A document's files (generator/document.py), in memory and then on disk as one set: the PDF,
the fillable score sheets, an SVG of every page (its cut paths in a layer of their own), the
manifest and, when asked for, a PNG of every page. `write` puts them in OUT/KIT/ atomically.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pnpkit.generator import cutlayer, fillable, manifest
from pnpkit.generator.atomic import publish
from pnpkit.generator.backends import pdf as pdf_backend
from pnpkit.generator.backends import svg as svg_backend
from pnpkit.generator.document import Document, fillable_name
from pnpkit.generator.options import PrintOptions
from pnpkit.kitfile.forms import KEYWORD


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


def _svg_name(stem: str, number: int, total: int) -> str:
    return f"{stem}-p{number:0{max(2, len(str(total)))}d}.svg"


def set_of(kit: str, options: PrintOptions) -> re.Pattern:
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
    pattern = set_of(doc.info.id, doc.options)
    publish(Path(out_dir) / doc.info.id, files, lambda rel: pattern.fullmatch(rel) is not None)
    return report


def _cut_only(doc: Document, root: Path, stem: str, total: int) -> tuple[dict[str, bytes], BuildReport]:
    """For a cutting machine: each page's cut layer, nothing else."""
    files = {}
    for page in doc.pages:
        cut = cutlayer.outlines(page)
        if cut:
            files[f"svg/{_svg_name(stem, page.number, total)[:-4]}-cut.svg"] = svg_backend.render_page(
                (), doc.paper.w, doc.paper.h, title=f"{doc.info.title}, page {page.number}: cut paths",
                cut=cut, cut_only=True).encode("utf-8")
    paths = [root / n for n in files]
    return files, BuildReport(doc.info.id, doc.paper.name, root, paths, root, len(doc.pages),
                              len(doc.manifest["pieces"]), 0, paths=paths)


def _form(doc: Document) -> bytes:
    """The score sheets to fill in on screen: the same drawings, with form fields."""
    sheets = doc.fillable
    if doc.options.ink_saver:
        from pnpkit.generator import inksaver
        sheets = [fillable.Sheet(inksaver.transform(s.shapes), s.fields) for s in sheets]
    return pdf_backend.render([s.shapes for s in sheets], doc.paper.w, doc.paper.h,
                              title=f"{doc.info.title}: score sheets to fill in",
                              author=doc.info.designer, subject=doc.info.credit,
                              fields=[list(s.fields) for s in sheets],
                              mark=lambda canvas: canvas.setKeywords(f"{KEYWORD}: {doc.info.id}"))


def render(doc: Document, out_dir: Path | str, preview_dpi: int | None = None,
           written: dict | None = None) -> tuple[dict[str, bytes], BuildReport]:
    """Every file of `doc`, in memory (name in OUT/KIT/ -> bytes), and the report of where they go.
    `written`: the SVG markup of drawings already written (svg.render_page), shared by the papers
    of one build, which place the very same pieces."""
    kit, paper, stem, label = doc.info.id, doc.paper.name, doc.options.stem(doc.info.id), doc.options.label
    root = Path(out_dir) / kit
    shapes = doc.page_shapes()
    total = doc.manifest.get("pages", len(shapes))
    if doc.options.cut_only:
        return _cut_only(doc, root, stem, total)
    pdf_bytes = pdf_backend.render(shapes, doc.paper.w, doc.paper.h, title=doc.info.title,
                                   author=doc.info.designer, subject=doc.info.credit)
    files: dict[str, bytes] = {f"{stem}.pdf": pdf_bytes}
    form_name = fillable_name(kit, doc.options)
    if doc.fillable:
        files[form_name] = _form(doc)
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
