"""`pnpkit list | build | preview | schema kit`: the printing side of the CLI.

The commands only parse options, call generator.build / generator.preview and print what was
written; a kit file with a problem raises SourceError, which cli.py turns into exit 2 with
`file:line: field: message`.
"""
from __future__ import annotations

import json
import math
import time

import click

from pnpkit import complete
from pnpkit.progress import Progress, quiet_option

from pnpkit.generator import options as print_options
from pnpkit.generator.options import PrintOptions
from pnpkit.generator.options import MAX_BACK_OFFSET, PAPERS

PAPER = click.Choice(sorted(PAPERS), case_sensitive=False)
DUPLEX = click.Choice(print_options.DUPLEX, case_sensitive=False)
BACKS = click.Choice(print_options.BACKS, case_sensitive=False)


class Offset(click.ParamType):
    """X,Y in millimetres, e.g. `0.5,-1`."""

    name = "X,Y"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        parts = str(value).replace(" ", "").split(",")
        try:
            if len(parts) != 2:
                raise ValueError
            x, y = float(parts[0]), float(parts[1])
        except ValueError:
            self.fail(f"expected two numbers in mm as X,Y (e.g. 0.5,-1), got {value!r}", param, ctx)
        for v in (x, y):
            if math.isnan(v) or abs(v) > MAX_BACK_OFFSET:
                self.fail(f"each offset must be within ±{MAX_BACK_OFFSET:g} mm, got {value!r}", param, ctx)
        return (x, y)


def _kit_or_exit(name: str):
    from pnpkit.kitfile import load_kit
    return load_kit(name)


class PageRange(click.ParamType):
    """FIRST-LAST or one page, e.g. `5-8` or `9`."""

    name = "FIRST-LAST"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        text = str(value).replace(" ", "")
        try:
            a, _, b = text.partition("-")
            first, last = int(a), int(b or a)
        except ValueError:
            self.fail(f"expected pages as FIRST-LAST (e.g. 5-8) or one page, got {value!r}", param, ctx)
        if not 1 <= first <= last <= 10_000:
            self.fail(f"expected 1 <= FIRST <= LAST, got {value!r}", param, ctx)
        return (first, last)


def _names(values) -> tuple[str, ...]:
    """--only a,b --only c -> ("a", "b", "c")."""
    return tuple(dict.fromkeys(n.strip() for v in values for n in v.split(",") if n.strip()))


def print_options(command):
    """The options that change a printed kit, shared by `build` and `preview` (so a preview shows
    exactly the PDF a build makes). Applied innermost first: --paper is listed first in --help."""
    for option in reversed((
        click.option("--paper", type=PAPER, default=None,
                     help="Paper size: a4 (210x297), letter (215.9x279.4) or universal (210x279.4, fits both). "
                          "Default: build makes a4 and letter, preview a4."),
        click.option("--duplex", type=DUPLEX, default="long", show_default=True,
                     help="How the printer flips a sheet for its back: long or short edge."),
        click.option("--back-offset", type=Offset(), default="0,0", show_default=True,
                     help="Move every back page by X,Y mm to correct a printer (read it on page 2, the cover's back, against the light)."),
        click.option("--ink-saver", is_flag=True, help="Outlines and light fills instead of large solid areas."),
        click.option("--backs", type=BACKS, default="duplex", show_default=True,
                     help="duplex: backs on the next page, for double-sided printing; gutter: each double-sided "
                          "piece printed front and back side by side, to fold and glue (for single-sided printers)."),
        click.option("--bleed", type=click.FloatRange(0, 5), is_flag=False, flag_value=3.0, default=None, metavar="[MM]",
                     help="Run coloured backgrounds MM past the cut (3 mm if no value), so a slightly off cut "
                          "shows no white edge. Pieces on white get none."),
        click.option("--only", "only", multiple=True, metavar="COMPONENT[,...]",
                     help="Print only these components (repeat it or separate names with commas), e.g. a deck you changed."),
        click.option("--pages", "pages", type=PageRange(), default=None,
                     help="Print only these pages, numbered as in the whole kit (e.g. 5-8)."),
        click.option("--face", "face", type=click.Choice(["fronts", "backs"]), default=None,
                     help="Print one side of every sheet, for a printer without duplex: all fronts, then put the "
                          "stack back and print the backs (blank backs included, so the stack stays in step)."),
        click.option("--sheet", "sheet", type=click.IntRange(1, 10_000), default=None, metavar="PAGE",
                     help="Reprint one sheet: this page and the other side of its paper."),
    )):
        command = option(command)
    return command


def _options(paper: str, duplex: str, back_offset, ink_saver: bool, backs: str, bleed, only=(), pages=None,
             face=None, sheet=None, cut_only: bool = False) -> PrintOptions:
    return PrintOptions(paper.lower(), duplex.lower(), back_offset, ink_saver, backs.lower(), bleed,
                        _names(only), pages, face, sheet, cut_only)


def _warnings(found: list[str]) -> None:
    for w in found:
        click.echo(f"pnpkit: warning: {w}", err=True)


@click.command("list")
@click.option("--json", "as_json", is_flag=True,
              help='Print [{"id", "title", "players", "printable"}, ...] as JSON.')
def list_kits(as_json: bool) -> None:
    """List the kits this pnpkit can print: id, title and players."""
    from pnpkit.kitfile import kit_ids, load_kit
    kits = [load_kit(k) for k in kit_ids()]
    if as_json:
        click.echo(json.dumps([{"id": k.game.id, "title": k.game.title, "players": str(k.game.players),
                                "printable": bool(k.components)} for k in kits], indent=2, ensure_ascii=False))
        return
    for kit in kits:
        note = "" if kit.components else "  (not printable yet)"
        click.echo(f"{kit.game.id:<16} {kit.game.title} ({kit.game.players} players){note}")


@click.command("build")
@click.argument("kit", required=False, metavar="[KIT|PATH.yaml]", shell_complete=complete.kits)
@click.option("--all", "all_", is_flag=True, help="Build every kit that has components.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="output", show_default=True, help="Folder to write into; files go to OUT/KIT/.")
@click.option("--cut-layer-only", "cut_only", is_flag=True,
              help="Write only each page's cut paths (svg/KIT-...-pNN-cut.svg), for a cutting machine.")
@click.option("--watch", is_flag=True,
              help="Build, then build again whenever the kit file or a file it names changes; "
                   "OUT/KIT/watch.html shows the pages and reloads itself. Ctrl-C stops.")
@click.option("--json", "as_json", is_flag=True,
              help='Print {"builds": [{"kit", "paper", "pages", "pieces", "pdf", ...}], "warnings"} as JSON.')
@print_options
@quiet_option
def build(kit, all_, out_dir, cut_only, watch, as_json, paper, duplex, back_offset, ink_saver, backs, bleed,
          only, pages, face, sheet, quiet) -> None:
    """Build a kit: the PDF, one SVG per page and the manifest, into OUT/KIT/, for A4 and
    Letter (or the --paper given). File names carry the paper and every option that changes
    the PDF (chestnuts-letter-inksaver.pdf), so one build never replaces another.

    Each SVG page holds its cut paths in a layer of their own ("Cut"), for cutting machines.

    KIT is a kit id (see `pnpkit list`) or a path to a kit file.
    """
    from pnpkit.generator import build as b
    if all_ == bool(kit):
        raise click.UsageError("give a KIT or --all (not both)")
    papers = [paper.lower()] if paper else ["a4", "letter"]
    options = _options(papers[0], duplex, back_offset, ink_saver, backs, bleed, only, pages, face, sheet, cut_only)
    if watch:
        if all_:
            raise click.UsageError("--watch builds one KIT, not --all")
        if as_json:
            raise click.UsageError("--watch runs until Ctrl-C; --json is for a build that ends")
        from pnpkit import cmd_watch
        cmd_watch.watch(kit, out_dir, options.on(paper.lower() if paper else "a4"))
        return
    _build(b, kit, all_, out_dir, options, papers, as_json, quiet)  # a selection that names nothing: SelectionError, exit 2


def _build(b, kit, all_, out_dir, options, papers, as_json=False, quiet=False) -> None:
    from pnpkit.scorer.games import pad_calcs, sheet_form  # the form the fillable sheet's boxes are named by
    if all_:
        kits = b.printable_kits()
        if not kits:
            click.echo("no kit has components yet: nothing to build")
            return
        started = last = time.perf_counter()
        times = {}
        with Progress(len(kits) * len(papers), "building", quiet) as bar:
            def done(kit: str, paper: str) -> None:
                nonlocal last
                now = time.perf_counter()
                times[kit, paper], last = now - last, now
                bar(item=f"{kit} {paper}")
            reports = b.build_all(out_dir, papers, options, kits, done, forms=sheet_form, sums=pad_calcs)
        if as_json:
            click.echo(_json(reports, [], times))
            return
        for r in reports:
            _report(r, times[r.kit, r.paper])
        click.echo(f"{len(reports)} builds in {time.perf_counter() - started:.2f} s "
                   "(a kit's first paper includes drawing its pieces)")
        return
    loaded = _kit_or_exit(kit)
    if not loaded.components:
        raise b.not_printable(loaded)
    from pnpkit.generator import pictures
    with pictures.collecting() as found:
        reports = b.build_papers(loaded, out_dir, options, papers, forms=sheet_form, sums=pad_calcs)
    if as_json:
        click.echo(_json(reports, found))
        return
    for r in reports:
        _report(r)
    _warnings(found)


@click.command("preview")
@click.argument("kit", metavar="KIT|PATH.yaml", shell_complete=complete.kits)
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="output", show_default=True, help="Folder to write into; PNGs go to OUT/KIT/preview-PAPER[-OPTIONS]/.")
@click.option("--dpi", type=click.IntRange(20, 600), default=100, show_default=True, help="Resolution of the PNGs.")
@print_options
def preview(kit, out_dir, dpi, paper, duplex, back_offset, ink_saver, backs, bleed, only, pages, face, sheet) -> None:
    """Build a kit, then draw every page as a PNG (page-NN.png) to look at before printing.
    Takes the options of `build`, so the pictures are of the very PDF a build makes."""
    from pnpkit.generator import build as b
    from pnpkit.generator import pictures
    from pnpkit.scorer.games import pad_calcs, sheet_form
    loaded = _kit_or_exit(kit)
    if not loaded.components:
        raise b.not_printable(loaded)
    options = _options(paper or "a4", duplex, back_offset, ink_saver, backs, bleed, only, pages, face, sheet)
    with pictures.collecting() as found:
        r = b.build_kit(loaded, out_dir, options, preview_dpi=dpi, forms=sheet_form, sums=pad_calcs)
    _report(r)
    _warnings(found)
    click.echo(f"  {len(r.previews)} previews in {r.previews[0].parent}" if r.previews else "  no pages")


@click.command("kit")
def schema_kit() -> None:
    """Print the JSON Schema of a kit file."""
    from pnpkit.kitfile.model import kit_schema
    click.echo(json.dumps(kit_schema(), indent=2, ensure_ascii=False))


def register(cli: click.Group, schema: click.Group) -> None:
    """Add this module's commands to the groups (pnpkit/cli.py loads it when one is asked for)."""
    for command in (list_kits, build, preview):
        cli.add_command(command)
    schema.add_command(schema_kit)


def _json(reports, warnings: list[str], times: dict | None = None) -> str:
    """What a build wrote, for a program: one object per kit and paper, with every path."""
    def one(r) -> dict:
        out = {"kit": r.kit, "paper": r.paper, "pages": r.pages, "pieces": r.pieces,
               "pdf": str(r.pdf) if r.pdf_bytes else None, "pdf_bytes": r.pdf_bytes,
               "fillable": str(r.fillable) if r.fillable else None, "manifest": str(r.manifest),
               "svgs": [str(p) for p in r.svgs], "files": [str(p) for p in r.paths]}
        if times is not None:
            out["seconds"] = round(times[r.kit, r.paper], 3)
        return out
    return json.dumps({"builds": [one(r) for r in reports], "warnings": warnings}, indent=2, ensure_ascii=False)


def _report(r, seconds: float | None = None) -> None:
    took = f" in {seconds:.2f} s" if seconds is not None else ""
    if r.pdf_bytes == 0 and r.paths and str(r.paths[0]).endswith("-cut.svg"):  # --cut-layer-only
        click.echo(f"{r.kit} ({r.paper}): cut paths of {len(r.paths)} pages{took}")
        click.echo(f"  {r.paths[0].parent}/ ({len(r.paths)} SVG files, the Cut layer only)")
        return
    if r.pdf_bytes == 0:
        click.echo(f"{r.kit} ({r.paper}): no page has pieces to cut")
        return
    click.echo(f"{r.kit} ({r.paper}): {r.pages} pages, {r.pieces} pieces{took}")
    click.echo(f"  {r.pdf}  ({r.pdf_bytes // 1024} KB)")
    if r.fillable:
        click.echo(f"  {r.fillable}  (score sheets to fill in on screen)")
    click.echo(f"  {r.manifest}")
    if r.svgs:
        click.echo(f"  {r.svgs[0].parent}/ ({len(r.svgs)} SVG pages)")
