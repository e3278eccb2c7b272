"""pnpkit: print board-game kits at home, and score the games played with them.

This package is the command line only; the work is done in `generator` (kit -> PDF/SVG) and
`scorer` (record -> verdict), which both read kit files through `kitfile`.
"""
from __future__ import annotations

import _signal
import os as _os
import sys as _sys

__version__ = "0.1.0"

EXIT_INTERRUPTED = 130  # what a shell reports for a program stopped by Ctrl-C (128 + SIGINT)
MESSAGE = "pnpkit: interrupted; nothing was half-written (outputs are replaced whole or not at all)"


# Ctrl-C from the first line pnpkit runs. These are the first lines of the package, so the console
# script and `python -m pnpkit` run them before anything else of pnpkit is even found; until
# pnpkit/worker.py's handlers take over, a Ctrl-C or SIGTERM says the line and leaves at once
# (nothing has begun). `_signal` is the interpreter's built-in module: catching costs no import.
# Only Python's own start-up (site, the standard streams) comes before: a Ctrl-C there is Python's.

def _early(signum: int, frame: object) -> None:
    """Ctrl-C or SIGTERM before pnpkit's own handlers: nothing is begun, nothing to undo."""
    try:
        _os.write(2, (MESSAGE + "\n").encode())
    finally:
        _os._exit(EXIT_INTERRUPTED)


def catch_early() -> None:
    """Ctrl-C and SIGTERM end pnpkit with its line from now on (worker.py's handlers take over)."""
    for s in (_signal.SIGINT, _signal.SIGTERM):
        _signal.signal(s, _early)


def _is_the_program() -> bool:
    """Whether this process runs pnpkit (its console script, `python -m pnpkit`), not a program
    that imports it (pytest, a benchmark): only pnpkit's own process has its Ctrl-C changed."""
    if _sys.argv and _os.path.basename(_sys.argv[0]) in ("pnpkit", "pnpkit.exe"):
        return True
    # `python -m pnpkit`: the package is imported before sys.argv[0] names its __main__
    return getattr(_sys, "orig_argv", [])[1:3] == ["-m", "pnpkit"]


if _is_the_program():
    catch_early()
