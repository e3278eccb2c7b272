"""msgspec.convert, a type's first conversion made by one thread at a time.

msgspec reads a struct's annotations into its type info the first time the struct is converted,
in Python code during which another thread may run, and a second thread converting into the
half-read type crashed the process: a segmentation fault, about 1 run in 60 of four threads reading
every game's kit, and what two Dask worker threads, or two requests to a server just started, do
with their first record. Once a type is read, it is converted without the lock (a set lookup).
"""
from __future__ import annotations

import _thread
from typing import Any

import msgspec

_READ: set = set()      # the types msgspec has read (it keeps their type info on them)
_FIRST = _thread.RLock()  # (reentrant: a custom type's `decode` converts inside a conversion)


def convert(data: Any, kind: Any, **options: Any) -> Any:
    try:
        read = kind in _READ
    except TypeError:       # an unhashable annotation: always under the lock
        read = False
    if read:
        return msgspec.convert(data, kind, **options)
    with _FIRST:
        try:
            return msgspec.convert(data, kind, **options)
        finally:            # (its type info is read before the data: a refused value leaves it read)
            try:
                _READ.add(kind)
            except TypeError:
                pass
