"""Python's cyclic garbage collector paused while a new `pnpkit build` or `preview` process runs.

Start-up (click and the kit-file models, jinja2, reportlab, pnpkit's modules, the kit file read and
validated) makes a few hundred thousand objects and frees next to none of them, so each of the
eighty-odd collections it triggers scans them again for nothing: 15-30 ms of a Chestnuts build's
~420 (issue 29). So pnpkit's launcher pauses the collector for these commands (`pause`), and the
build, as it starts (generator/build.py `collections_paused`), ends the start-up's part of it
(`over`): what start-up made is moved out of the collector's sight for good (`gc.freeze`: it lives
as long as the process anyway). The collector stays paused: the launcher's process for these
commands is a worker that ends with its command, and a collection after a build scanned all the
build made and cached (10 ms of a Chestnuts build, issue 40) to free a few dozen objects (a
build's cyclic garbage: `build --all` builds every kit in one worker with no more memory).
Anything that ends the process before a build starts (a refused kit, --help) ends it with the
collector still paused, which costs nothing. A program that imports pnpkit is untouched: only the
launcher calls `pause`, and without it a build pauses the collector only while it runs.
"""
from __future__ import annotations

import gc

_paused = False


def pause() -> None:
    """Pause the collector for start-up (if it runs: a caller that paused it keeps its own pause)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def over() -> None:
    """Start-up is over: what it made is frozen out of later collections, which stay paused (the
    process ends with its command)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
