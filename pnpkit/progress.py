"""A progress bar for long work (`build --all`, `export`, `simulate`, `score FOLDER`): counts done of
all, the rate and the time left, on standard error, only when standard error is a terminal.

A script's or CI's stderr is a pipe or a file: nothing is drawn there, and standard output is never
touched, so `--json`, `--jsonl` and the text a pipe reads are the same with or without it. The bar
appears once the work has taken a second (work that ends sooner draws nothing at all), and `--quiet`
turns it off on a terminal too.

It is click's own progress bar (`click.progressbar`): click is loaded by every command already, and
its bar's module costs 1-1.5 ms of CPU to import, when a bar first shows; `import tqdm` took 44 ms
and `import rich.progress` 43-56 ms on the same machine (load 22, issue 40), a library more each
for the same line.
"""
from __future__ import annotations

import os
import sys
import time

AFTER_S = 1.0
"""Seconds of work before the bar shows (PNPKIT_PROGRESS_AFTER may say otherwise: tests show it at once)."""


REDRAW_S = 0.1  # the bar is drawn again at most ten times a second


def _after() -> float:
    try:
        return max(0.0, float(os.environ.get("PNPKIT_PROGRESS_AFTER", AFTER_S)))
    except ValueError:
        return AFTER_S


class Progress:
    """`progress(n)` says n more are done (`total=` may set or change the whole, `item=` names what
    was just done, shown after the count); `close()` ends the bar, if one was drawn. A context
    manager too."""

    def __init__(self, total: int, label: str, quiet: bool = False) -> None:
        self.total, self.label, self.done = total, label, 0
        self.start = time.monotonic()
        self.shown = not quiet and _terminal()
        self.after = _after()
        self.bar = None
        self.drawn, self.pending, self.item = 0.0, 0, None

    def __call__(self, n: int = 1, total: int | None = None, item: str | None = None) -> None:
        self.done += n
        if item is not None:
            self.item = item
        if total is not None and total != self.total:
            self.total = total
            if self.bar is not None:
                self.bar.length = total
        if not self.shown:
            return
        if self.bar is None:
            if time.monotonic() - self.start < self.after or not self.total:
                return
            import click
            self.bar = click.progressbar(length=self.total, label=self.label, file=sys.stderr, show_pos=True,
                                         show_percent=True, show_eta=True, item_show_func=lambda item: item)
            self.bar.__enter__()
            self.pending = self.done - n
        self.pending += n
        now = time.monotonic()
        if now - self.drawn >= REDRAW_S or self.done >= self.total:  # ten thousand records: not ten thousand lines drawn
            self.drawn = now
            self.bar.update(self.pending, self.item)
            self.pending = 0

    def close(self) -> None:
        if self.bar is not None:
            if self.pending:
                self.bar.update(self.pending, self.item)
            self.bar.__exit__(None, None, None)
            self.bar = None

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # replaced or closed
        return False


def quiet_option(f):
    """`--quiet`: no progress bar, even on a terminal."""
    import click
    return click.option("--quiet", "-q", is_flag=True, help="No progress bar (one shows on a terminal for long work).")(f)
