"""The `pnpkit` console script: catches Ctrl-C from the very first instant.

The console script imports this small module first and the command line (click, pydantic, the
generator...) only inside `main`, so a Ctrl-C while those load, which takes a few tenths of a
second, ends in one line like any other moment, never a traceback.
"""
from __future__ import annotations

import os
import signal
import sys

EXIT_INTERRUPTED = 130  # what a shell reports for a program stopped by Ctrl-C (128 + SIGINT)


def _terminated(signum, frame) -> None:
    """SIGTERM (a `kill`, a closing terminal) stops pnpkit as Ctrl-C does: cleanly."""
    raise KeyboardInterrupt


def interrupted() -> None:
    sys.stderr.write("pnpkit: interrupted; nothing was half-written (outputs are replaced whole or not at all)\n")
    sys.stderr.flush()
    sys.exit(EXIT_INTERRUPTED)


def main() -> None:
    # pnpkit uses no pydantic plugin; looking for them reads every installed package's metadata
    # (5-20 ms of each command's start-up)
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    try:
        signal.signal(signal.SIGTERM, _terminated)
        from pnpkit.cli import main as cli_main
        cli_main()
    except KeyboardInterrupt:
        interrupted()
