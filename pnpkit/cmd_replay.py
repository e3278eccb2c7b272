"""`pnpkit replay RECORD [--out DIR] [--png STEP]`: the game drawn on the kit's board, step by step.

Writes DIR/<record>-replay.html (one self-contained page) and, with --png, DIR/<record>-step-N.png.
Both are written whole or not at all (generator.atomic). Exit codes as `check`: 0 the record is
legal, 1 it breaks the rules (the page marks each violation at its step), 2 unreadable.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import click

from pnpkit.kitfile.errors import Problem, SourceError
from pnpkit.cmd_score import RECORD_HELP, read


def _stem(record: str) -> str:
    if record == "-":
        return "record"
    stem = Path(record).stem
    return re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip("-.") or "record"


def register(cli: click.Group) -> None:
    @cli.command(epilog=RECORD_HELP)
    @click.argument("record", metavar="RECORD")
    @click.option("--out", "out", default="output", show_default=True, metavar="DIR", help="Where to write the page.")
    @click.option("--png", "png_step", metavar="STEP",
                  help="Also write step STEP (1 is the start, `last` the last) as a PNG, to send to a friend.")
    def replay(record: str, out: str, png_step: str | None) -> None:
        """Write one self-contained HTML page of the game: the position after every action, drawn with
        the kit's own board and counters; step buttons, a slider and the arrow keys; the move list with
        what each action did and every violation at its move, with the rule and its words. For a
        final-sheet record (nuts, in-the-nuts' final storage cards) the page shows the sheets or
        storage cards as printed, with the breakdown."""
        from pnpkit.generator.atomic import write_atomic  # the drawing side is loaded only when a page is drawn:
        from pnpkit.replay import page, replayed, step_png   # it would cost every other command 0.4 s
        from pnpkit.kitfile import load_kit
        game, rec, _, source = read(record)
        kit = load_kit(game.id)  # the whole kit: its boards and counters are what the page draws
        rep = replayed(game, rec, kit, source)
        stem = _stem(record)
        files: dict[Path, bytes] = {Path(out) / f"{stem}-replay.html": page(rep, record if record != "-" else "<stdin>").encode()}
        if png_step is not None:
            n = len(rep.steps)
            number = n if png_step.strip().lower() == "last" else int(png_step) if png_step.strip().isdigit() else 0
            if not 1 <= number <= n:
                raise SourceError("--png", [Problem(None, "", f"STEP must be 1 to {n} (or `last`), got {png_step!r}")])
            files[Path(out) / f"{stem}-step-{number}.png"] = step_png(rep, number)
        for path, data in files.items():
            write_atomic(path, data)
        for path in files:
            click.echo(f"wrote {path} ({len(rep.steps)} step{'s' if len(rep.steps) != 1 else ''})"
                       if path.suffix == ".html" else f"wrote {path}")
        sys.exit(0 if rep.result.valid else 1)
