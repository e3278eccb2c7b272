"""Uploads read apart from the server, so that a hostile one never stops it.

`pnpkit serve` answers every request on one event loop: a PDF read there (a 1.8 MB object-stream
bomb) left `GET /` unanswered for more than four minutes while the server grew to 907 MB. So an
upload is read in a process of its own under the limits `pnpkit score` reads a file with
(pnpkit/limited.py: 3 s of CPU, 400 MB), waited for from one of two threads: at most two uploads
are read at once (the machine a table runs on may have two cores), the others wait their turn,
and the event loop goes on answering every other request meanwhile.

A reader is named by its kind (pnpkit/limited.py READERS: "record" is a record or a filled
sheet for the history); a new kind of upload (a photo) adds its reader there and calls `read`.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from pnpkit import limited

AT_ONCE = 2
_WAITING = ThreadPoolExecutor(max_workers=AT_ONCE, thread_name_prefix="pnpkit-upload")


async def read(kind: str, raw: bytes, name: str, limits: limited.Limits = limited.LIMITS) -> str | bytes:
    """The upload `raw` as READERS[kind] reads it, in a process of its own under `limits`: its
    text (or bytes), or a SourceError naming `name` (the reader's refusal, or the limit reached)."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_WAITING, limited.read, kind, raw, name, limits)
