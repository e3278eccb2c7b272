"""`pnpkit export KIT --to png|tts|print-shop`: every piece of the kit (cards, tiles, counters,
boards, score sheets and player aids) for other places to print and play (generator/export/).
Written as one set into OUT/KIT/png/, tts/ or print-shop/. A shop's templates that cannot take a
component leave it out, and the export then exits 1 naming it."""
from __future__ import annotations

import json
import re
from pathlib import Path

import click

from pnpkit import complete
from pnpkit.kitfile.errors import InputError
from pnpkit.progress import Progress, quiet_option

TARGETS = ("png", "tts", "print-shop")


def _base_url(ctx, param, value: str) -> str:
    """An http(s) or file address ending in "/" (one is added), so a name put after it is a file in it."""
    if not value:
        return ""
    if len(value) > 500 or not re.fullmatch(r"(https?://[^\s\"'<>\\]+|file:///[^\s\"'<>]+)", value):
        raise click.BadParameter("expected an address starting https://, http:// or file:/// (no spaces or "
                                 f"quotes), e.g. https://example.org/my-game/tts/, got {value[:60]!r}")
    return value if value.endswith("/") else value + "/"


@click.command("export")
@click.argument("kit", metavar="KIT|PATH.yaml", shell_complete=complete.kits)
@click.option("--to", "target", type=click.Choice(TARGETS), required=True,
              help="png: one PNG per face and back of every piece, with bleed; tts: Tabletop Simulator deck "
                   "sheets (and the Custom Deck dialog's fields), tokens and tiles; print-shop: one-up PDFs "
                   "with bleed and safe zone.")
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True,
              help="Resolution of PNGs and TTS sheets (TTS sheets stay within 4096 px).")
@click.option("--bleed", type=click.FloatRange(0, 5), default=3.0, show_default=True,
              help="mm of background past the cut on every side (png and print-shop; TTS cells have none).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="output", show_default=True,
              help="Folder to write into; files go to OUT/KIT/png/, tts/ or print-shop/.")
@click.option("--only", "only", multiple=True, metavar="COMPONENT[,...]", help="Export only these components.")
@click.option("--base-url", "base_url", default="", metavar="URL", callback=_base_url,
              help="tts: the address the images will be at (https://... where you upload them, or "
                   "file:///... on your own computer), put before each image's name in the saved "
                   "objects; without it they name the images alone.")
@click.option("--shop", type=click.Choice(["drivethrucards"]), default=None,
              help="print-shop: that shop's card templates (DriveThruCards: poker, bridge and mini cards, 1/8 in "
                   "bleed and safe zone, PDF/X-1a in CMYK); its bleed replaces --bleed; a component none of them "
                   "takes is left out, and the export exits 1 naming it.")
@click.option("--json", "as_json", is_flag=True,
              help='Print {"kit", "target", "folder", "files", "warnings"} (and "left_out") as one JSON object.')
@quiet_option
def export(kit, target, dpi, bleed, out_dir, only, base_url, shop, as_json, quiet) -> None:
    """Export every piece of a kit (cards, tiles, counters, boards, score sheets and player aids):
    PNGs per face for a print shop or a web tool, Tabletop Simulator decks, tokens and objects,
    or one-up PDFs for a print shop. Each run replaces OUT/KIT/TARGET/ as a whole."""
    from pnpkit.generator import build as b
    from pnpkit.generator import pictures, templating
    from pnpkit.generator.atomic import check_out, publish
    from pnpkit.generator.export import components
    from pnpkit.kitfile import load_kit
    for given, option, only_for in ((shop, "--shop", "print-shop"), (base_url, "--base-url", "tts")):
        if given and target != only_for:
            raise click.UsageError(f"{option} is for --to {only_for}")
    check_out(out_dir)
    loaded = load_kit(kit)
    with pictures.collecting() as found, templating.budget():
        pieces = b.pieces_of(loaded)
    pieces = _only(pieces, only)
    if not components(pieces):
        raise InputError(f"{loaded.game.id} has no pieces to export")
    root = Path(out_dir) / loaded.game.id
    notes: list[str] = []
    left_out: list[str] = []  # what a shop's templates cannot take: the export exits 1 saying so
    from pnpkit.generator.export import images, rendering
    with Progress(images(pieces) if target == "png" else 0, f"{loaded.game.id}: {target} images", quiet) as progress, \
            rendering(progress):
        if target == "png":
            from pnpkit.generator.export import png
            files = png.export(pieces, dpi, bleed)
        elif target == "tts":
            from pnpkit.generator.export import tts
            files = tts.export(pieces, dpi, base_url, loaded.game.title)
        else:
            from pnpkit.generator.export import printshop
            files, notes, left_out = printshop.export(pieces, bleed, loaded.game.title,
                                                      printshop.SHOPS.get(shop or ""))
    folder = target + "/"
    publish(root, files, lambda rel: rel.startswith(folder))
    missing = _missing(left_out, shop, files, folder, loaded.game.id)
    if as_json:
        click.echo(json.dumps({"kit": loaded.game.id, "target": target, "folder": str(root / target),
                               "files": sorted(n[len(folder):] for n in files), "warnings": found + notes,
                               **({"left_out": left_out} if left_out else {})}, indent=2, ensure_ascii=False))
        if missing:
            click.echo(f"pnpkit: {missing}", err=True)
            raise SystemExit(1)
        return
    click.echo(f"{loaded.game.id}: {len(files)} files in {root / target}/")
    for n in sorted(files)[:12]:
        click.echo(f"  {n[len(folder):]}")
    if len(files) > 12:
        click.echo(f"  ... and {len(files) - 12} more (see {'index.csv' if target == 'png' else 'the list'})")
    for w in found + notes:
        click.echo(f"pnpkit: warning: {w}", err=True)
    if missing:
        click.echo(f"pnpkit: {missing}", err=True)
        raise SystemExit(1)



def _only(pieces: list, only: tuple[str, ...]) -> list:
    """The pieces of the components --only names (all of them without it); a name that is not a
    component is refused, naming those there are."""
    from pnpkit.generator.export import components
    names = tuple(n.strip() for v in only for n in v.split(",") if n.strip())
    if names:
        known = list(components(pieces))
        bad = [n for n in names if n not in known]
        if bad:
            raise InputError(f"--only: no component {bad[0]!r} to export (they are: {', '.join(known)})")
        pieces = [p for p in pieces if p.component in names]
    return pieces


def _missing(left_out: list[str], shop, files: dict, folder: str, game: str) -> str:
    """What a shop's templates left out and what to do about it, or "" when nothing was."""
    if not left_out:
        return ""
    from pnpkit.generator.export import printshop
    sold = printshop.SHOPS[shop]
    taken = sorted({n[len(folder):].split(".")[0] for n in files if n.endswith(".pdf") and "-proof" not in n})
    return (f"left out: {', '.join(left_out)}: {sold.name} prints {sold.offers()}. Export them without "
            "--shop" + (f"; --only {','.join(taken)} exports just what {sold.name} takes" if taken else
                        f"; nothing in {game} is a card {sold.name} prints"))

def register(cli: click.Group) -> None:
    """Add this module's commands to the groups (pnpkit/cli.py loads it when one is asked for)."""
    cli.add_command(export)
