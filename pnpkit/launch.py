"""The `pnpkit` console script: catches Ctrl-C from the very first instant.

The console script imports this small module first and the command line (click, msgspec, the
generator...) only inside `main`, so a Ctrl-C while those load, which takes a few tenths of a
second, ends in one line like any other moment, never a traceback; the commands that read a
kit's files run in a worker process under memory and time limits (pnpkit/worker.py).

Until pnpkit/worker.py's handlers are in place, Ctrl-C and SIGTERM are caught by the package's
first lines (pnpkit/__init__.py, when this process is pnpkit: its console script or `python -m
pnpkit`), and `main` catches them again first thing for a program that imported this module to
run pnpkit. A Ctrl-C while the worker module loaded once printed a KeyboardInterrupt traceback.
"""
from __future__ import annotations

import sys

from pnpkit import catch_early


def _cli() -> None:
    from pnpkit.cli import main as cli_main
    cli_main()


def _kit_named(argv: list[str]) -> str:
    from pnpkit.cli import kit_named
    return kit_named(argv)


def main() -> None:
    catch_early()  # a program that imported this module runs pnpkit now
    from pnpkit import worker  # small: os, signal, resource; Ctrl-C is caught from here on
    if worker.wanted(sys.argv[1:]):
        if worker.command(sys.argv[1:]) in ("build", "preview"):
            from pnpkit.generator import startup
            startup.pause()  # no cyclic collections while the modules and the kit load (startup.py)
        worker.run(_cli, sys.argv[1:], _kit_named)  # never returns
    worker.finish(worker.guarded(_cli))
