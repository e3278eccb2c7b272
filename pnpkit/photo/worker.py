"""A photo is read in a process of its own, under the operating system's limits.

read.py bounds what it decodes (docs/safety.md); this is for the rest, as pnpkit/worker.py is for
a kit: the photo is read in a forked child under RLIMIT_AS (memory) and RLIMIT_CPU (time), and the
caller (the CLI, or `pnpkit serve` from a thread, never its event loop) only waits. However the
child ends, the caller gets the Reading or one Refused naming the limit. One function, so the
serve's upload worker for PDFs (issue 34) and this can become one.
"""
from __future__ import annotations

import os
import pickle
import resource
import signal

MEMORY_MB = 768       # address space: reading a 12 MP photo maps about 350 MB (OpenCV and numpy included)
CPU_SECONDS = 10      # a photo is read in well under 1 s
WALL_SECONDS = 60     # a child that neither ends nor uses CPU (it never should) is stopped


def read(raw: bytes):
    """read.read(raw) in a child process with limits: its Reading, or read.Refused."""
    from pnpkit.photo.read import Refused, Reading  # noqa: F401  (unpickled here)
    _warm()
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:                                            # the child: read, send, leave
        os.close(r)
        code = 0
        try:
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY_MB << 20, MEMORY_MB << 20))
            resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 2))
            from pnpkit.photo.read import read as read_photo
            try:
                out = ("ok", read_photo(raw))
            except Refused as e:
                out = ("refused", str(e))
            except MemoryError:
                out = ("refused", f"reading the photo needed more than the {MEMORY_MB} MB of memory a photo may use")
            with os.fdopen(w, "wb") as f:
                f.write(pickle.dumps(out))
        except BaseException:  # noqa: BLE001 - the child never returns into the caller's code
            code = 3
        finally:
            os._exit(code)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        data = _read_all(f, pid)
    _, status = os.waitpid(pid, 0)
    if data:
        kind, value = pickle.loads(data)                    # our own child's bytes, never a stranger's
        if kind == "ok":
            return value
        raise Refused(value)
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL):
        raise Refused(f"reading the photo needed more than the {CPU_SECONDS} s of CPU time a photo may use")
    raise Refused(f"reading the photo needed more than the {MEMORY_MB} MB of memory a photo may use, or failed")


def _warm() -> None:
    """OpenCV imported and the sheets' geometry made before the fork: every child starts with them."""
    import cv2  # noqa: F401
    from pnpkit.photo import geometry
    geometry.readable()


def _read_all(f, pid: int) -> bytes:
    """The child's answer; a child still silent after WALL_SECONDS is stopped."""
    import select
    chunks, waited = [], 0.0
    while True:
        ready, _, _ = select.select([f], [], [], 1.0)
        if not ready:
            waited += 1.0
            if waited >= WALL_SECONDS:
                os.kill(pid, signal.SIGKILL)
                return b""
            continue
        chunk = f.read1(1 << 16) if hasattr(f, "read1") else f.read(1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
