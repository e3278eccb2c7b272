"""A photo is read in a process of its own, under the operating system's limits.

read.py bounds what it decodes (docs/safety.md); this is for the rest, as pnpkit/worker.py is for
a kit: the photo is read in a child process under RLIMIT_AS (memory) and RLIMIT_CPU (time), and
the caller (the CLI, or `pnpkit serve` from a thread, never its event loop) only waits. However
the child ends, the caller gets the Reading or one Refused naming the limit. One function, so the
serve's upload worker for PDFs (issue 34) and this can become one.

The children come from multiprocessing's fork server: a clean, single-threaded process that has
imported OpenCV once, forked for each photo. A plain fork of the caller is not safe: a server's
threads (or OpenCV's own thread pool, once used) would be copied mid-work, and the child could
hang on a lock no thread will ever release.
"""
from __future__ import annotations

import multiprocessing
import resource
import signal
from contextlib import contextmanager

MEMORY_MB = 1024      # address space: reading a 12 MP photo maps about 500 MB (OpenCV and numpy included)
CPU_SECONDS = 10      # a photo is read in well under 1 s
WALL_SECONDS = 60     # a child that neither ends nor uses CPU (it never should) is stopped


def _context():
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if ctx.get_start_method() == "forkserver":
        ctx.set_forkserver_preload(["pnpkit.photo.warm"])
    return ctx


def read(raw: bytes):
    """read.read(raw) in a child process with limits: its Reading, or read.Refused."""
    from pnpkit.photo.read import Refused
    ctx = _context()
    mine, theirs = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_child, args=(theirs, raw), daemon=True)
    with _may_start_children():
        child.start()
    theirs.close()
    answer = None
    if mine.poll(WALL_SECONDS):
        try:
            answer = mine.recv()
        except EOFError:
            answer = None
    child.join(5)
    if child.is_alive():
        child.kill()
        child.join()
    if answer is not None:
        kind, value = answer
        if kind == "ok":
            return value
        raise Refused(value)
    if child.exitcode in (-signal.SIGXCPU, -signal.SIGKILL):
        raise Refused(f"reading the photo needed more than the {CPU_SECONDS} s of CPU time a photo may use")
    raise Refused(f"reading the photo needed more than the {MEMORY_MB} MB of memory a photo may use, or failed")


@contextmanager
def _may_start_children():
    """A daemonic process (a Dask cluster's worker: `pnpkit score --cluster`) is not let start a
    child; this one may, for the child is a daemon that never outlives the wait above (it is
    killed at WALL_SECONDS), which is what the rule guards against."""
    me = multiprocessing.current_process()
    was = me.daemon
    if was:
        me._config["daemon"] = False     # (`daemon`'s setter refuses a process already started)
    try:
        yield
    finally:
        if was:
            me._config["daemon"] = True


def _child(conn, raw: bytes) -> None:
    """In the child: the limits, then the reading, sent back as ("ok", Reading) or ("refused", words)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)        # a Ctrl-C is the caller's to answer
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_MB << 20, MEMORY_MB << 20))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 2))
    from pnpkit.photo.read import Refused, read
    try:
        out = ("ok", read(raw))
    except Refused as e:
        out = ("refused", str(e))
    except MemoryError:
        out = ("refused", f"reading the photo needed more than the {MEMORY_MB} MB of memory a photo may use")
    conn.send(out)
    conn.close()
