"""The operating system's limits on a process pnpkit starts to read strangers' files (a build's
worker: worker.py; a reading process: limited.py): each set no higher than the process was given,
and, for a worker that ran out of one, which one it reached."""
from __future__ import annotations

import os
import resource
from typing import Any


def lowered(which: int, soft: int, hard: int | None = None) -> tuple[int, int]:
    """(soft, hard) no higher than what this process was already given."""
    old_soft, old_hard = resource.getrlimit(which)
    hard = soft if hard is None else hard
    cap = lambda v, old: v if old == resource.RLIM_INFINITY else min(v, old)  # noqa: E731
    return cap(soft, old_soft), cap(hard, old_hard)


def reached(status: int, usage: Any, mb: int, cpu: int) -> str:
    """Which limit a worker that ran out of one reached, from what the kernel measured of it."""
    used = usage.ru_utime + usage.ru_stime
    peak = usage.ru_maxrss / 1024
    if used >= cpu - 0.5:
        reached = f"more than {cpu} s of CPU time"
    elif os.WIFEXITED(status):  # a MemoryError, said by the worker as EXIT_LIMIT
        reached = f"more than the {mb:,} MB of memory one kit may use"
    else:  # a library that aborted when an allocation failed
        reached = f"more than the {mb:,} MB of memory one kit may use ({peak:,.0f} MB in use when it stopped)"
    return f"the work on it needed {reached}; a kit must be smaller or simpler"
