"""A type's first conversion is made by one thread at a time (kitfile/first_use.py): msgspec reads a
struct's annotations into its type info then, in Python code another thread may interrupt, and two
threads reading into one half-read type crashed the process (two Dask worker threads, or a server's
two first requests)."""
from __future__ import annotations

import threading
import time
from typing import Annotated

import msgspec

from pnpkit.kitfile.structs import Strict, convert

SPANS: list[tuple[float, float]] = []


def _slow_meta() -> msgspec.Meta:
    """An annotation whose reading takes a while (a long pattern compiled, say) and notes when."""
    start = time.perf_counter()
    time.sleep(0.05)
    SPANS.append((start, time.perf_counter()))
    return msgspec.Meta(ge=0)


class Inner(Strict):
    a: Annotated[int, _slow_meta()]


class Outer(Strict):
    inner: Inner
    b: Annotated[int, _slow_meta()]


def test_threads_converting_into_a_type_never_read_read_it_one_at_a_time():
    assert not SPANS   # (the annotations are read at the first conversion, not when the classes are made)
    got: list = []
    barrier = threading.Barrier(3)

    def go():
        barrier.wait()
        got.append(convert({"inner": {"a": 1}, "b": 2}, Outer))
    threads = [threading.Thread(target=go) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == [Outer(inner=Inner(a=1), b=2)] * 3
    spans = sorted(SPANS)
    assert len(spans) == 2, spans  # each annotation read once, by the first thread
    assert all(end <= next_start for (_, end), (next_start, _) in zip(spans, spans[1:])), spans


def test_a_type_read_once_is_converted_again_after_a_refusal():
    class Counted(Strict):
        n: Annotated[int, msgspec.Meta(ge=0)]
    for value in (-1, 3):
        try:
            assert convert({"n": value}, Counted) == Counted(n=3)
        except ValueError as e:
            assert "expected at least 0" in str(e)
