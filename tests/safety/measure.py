"""How a timed test measures: what the limit protects, the CPU time and memory of the work under
test (never wall time, never the test runner's own), against the documented limit, with the
margin a busy machine needs.

- CPU time, not wall time: a process waiting for a core costs none. A case run as a process of its
  own is measured by the kernel (wait4: tests/test_budget.py). A case run inside the test process
  is measured by `cpu_of_the_work`: the CPU time of this thread and of the threads the work starts
  (a build deflates its PDF in one), not of the threads the runner and earlier tests left going (a
  server, a browser's reader: process_time counted them), and with the runner's heap frozen for
  the collector (a pnpkit process does not carry pytest's objects, which a collection during the
  case scanned again). The fuzzed records cost at most 0.30 s in 2,500 cases measured alone; one
  was measured at 2.01 s in the full suite.
- LOAD_MARGIN: the same work costs more CPU time on a busy machine (caches, memory bandwidth and
  the cores themselves shared with other processes) and on a slower one. Measured: four busy loops
  beside a Chestnuts build on 2 cores add 4% to its CPU time (8 paired runs at load 15); the
  largest photograph's preview took 5.0 s at load 2 and 5.68 s at load 8-11 on one machine
  (issue 34), 2.85 s on another, alone or two at once. A bound is the documented limit times
  LOAD_MARGIN; memory needs none (the kernel's peak is the same on a busy machine).
"""
from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

LOAD_MARGIN = 1.5


def cpu_bound(documented_s: float) -> float:
    """The CPU time a test allows for a documented limit: the limit with the margin load needs."""
    return documented_s * LOAD_MARGIN


def _cpu(thread: threading.Thread) -> float | None:
    try:
        return time.clock_gettime(time.pthread_getcpuclockid(thread.ident))
    except (OSError, TypeError, AttributeError, OverflowError):  # ended, or no per-thread clocks here
        return None


@contextmanager
def cpu_of_the_work() -> Iterator[Callable[[], float]]:
    """`with cpu_of_the_work() as used:` ... `used()`: the CPU seconds this process spent on the
    work in the block, less what the threads already running before it spent meanwhile."""
    here = threading.current_thread()
    others = {t: _cpu(t) for t in threading.enumerate() if t is not here}
    gc.freeze()  # moves what is tracked out of the collector's sight at once (no collection here)
    started = time.process_time()
    spent: list[float] = []

    def used() -> float:
        return spent[0] if spent else _spent()

    def _spent() -> float:
        total = time.process_time() - started
        for thread, before in others.items():
            after = _cpu(thread)
            if before is not None and after is not None:
                total -= after - before
        return total

    try:
        yield used
    finally:
        spent.append(_spent())
        gc.unfreeze()
