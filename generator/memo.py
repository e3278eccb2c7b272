"""Caches of pure computations a build repeats: a drawing measured, a word's width, a style
scaled to a placement. Each answer depends only on its arguments, so it is kept for the process
(a kit places the same drawing and sets the same words hundreds of times; `build --all` draws
both papers and every kit in one process).

Every such cache is made with `cached`, so that `clear()` can empty them all: bench/build.py
clears them before each timed build, so that it times what a new process's first build does,
not a build that finds its work already done.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

_CACHES: list[Any] = []


def cached(maxsize: int | None) -> Callable[[Callable], Callable]:
    """functools.lru_cache(maxsize), registered for `clear`. Keys must be hashable; bound
    `maxsize` wherever a key can come from a kit file, so a stranger's file cannot grow it."""
    def deco(fn: Callable) -> Callable:
        kept = lru_cache(maxsize=maxsize)(fn)
        _CACHES.append(kept)
        return kept
    return deco


def clear() -> None:
    """Forget every cached answer (as a new process would start)."""
    for c in _CACHES:
        c.cache_clear()
