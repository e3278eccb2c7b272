"""pnpkit: print board-game kits at home, and score the games played with them.

This package is the command line only; the work is done in `generator` (kit -> PDF/SVG) and
`scorer` (record -> verdict), which both read kit files through `kitfile`.

Its first lines catch Ctrl-C for pnpkit's own process: the console script and `python -m
pnpkit` run them before anything else of pnpkit is even found, so until pnpkit/worker.py's
handlers take over, a Ctrl-C or SIGTERM says the interrupted line and leaves at once (nothing
has begun). `_signal` is the interpreter's built-in module: catching costs no import. The
handler is set first and given back at once when this process is not pnpkit (pytest, a
benchmark importing it). Only Python's own start-up (site, the standard streams, finding this
file) comes before: a Ctrl-C there is Python's (tests/safety/interrupts.py).
"""
import _signal
import os as _os
import sys as _sys

EXIT_INTERRUPTED = 130  # what a shell reports for a program stopped by Ctrl-C (128 + SIGINT)
MESSAGE = "pnpkit: interrupted; nothing was half-written (outputs are replaced whole or not at all)"
_STOPS = (_signal.SIGINT, _signal.SIGTERM)


def _early(signum, frame):
    """Ctrl-C or SIGTERM before pnpkit's own handlers: nothing is begun, nothing to undo."""
    try:
        _os.write(2, (MESSAGE + "\n").encode())
    finally:
        _os._exit(EXIT_INTERRUPTED)


def _is_the_program():
    """Whether this process runs pnpkit (its console script, `python -m pnpkit`), not a program
    that imports it (pytest, a benchmark): only pnpkit's own process has its Ctrl-C changed."""
    if _sys.argv and _os.path.basename(_sys.argv[0]) in ("pnpkit", "pnpkit.exe"):
        return True
    # `python -m pnpkit`: the package is imported before sys.argv[0] names its __main__
    return getattr(_sys, "orig_argv", [])[1:3] == ["-m", "pnpkit"]


def catch_early():
    """Ctrl-C and SIGTERM end pnpkit with its line from now on (worker.py's handlers take over);
    returns the handlers they replaced (none from a thread other than the main one)."""
    try:
        return [(s, _signal.signal(s, _early)) for s in _STOPS]
    except ValueError:  # not the main thread: signals are not this import's to catch
        return []
    except KeyboardInterrupt:  # a Ctrl-C that came while the handler was being set
        if _is_the_program():
            _early(_signal.SIGINT, None)
        raise


_before = catch_early()  # pnpkit catches Ctrl-C from here (tests/safety/interrupts.py reads this line)


if not _is_the_program():
    for _s, _handler in _before:
        _signal.signal(_s, _handler)
del _before

__version__ = "0.1.0"
