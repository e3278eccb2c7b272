"""Python's cyclic garbage collector paused for one piece of work that makes many objects and frees
them by their reference counts: a build, a chunk of records scored, a batch of simulated games,
distributed's import. Each collection such work sets off scans everything alive (the modules, the
kit, what the work holds) and frees next to nothing; the cycles it does leave are collected after
it, as usual. Here, the floor of the layers, so the generator, the scorer and pnpkit's commands
share the one pause (generator/startup.py pauses a new build process's start-up, for good).
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def collector_paused() -> Iterator[None]:
    """The collector paused for a `with` block, or for each call of a function it decorates
    (`@collector_paused()`), and running again after it if it ran before: a caller that paused it
    keeps its own pause."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
