"""`--cluster ADDRESS`: simulate and score on a Dask cluster instead of this machine's cores.

pnpkit does not schedule, retry or ship work itself: a Dask distributed scheduler does (the optional
extra `pnpkit[cluster]`). Dask was chosen over Ray because pnpkit's work is plain Python batches
with small inputs and outputs, which is what dask.distributed's futures are for; its scheduler
re-runs the task of a worker that is lost (a task's result is taken once, so nothing is counted
twice), it runs from `pip install` alone on any machine with Python, and `Client.get_executor()`
is a `concurrent.futures.Executor`, the interface pnpkit's simulator already plays its batches
through (scorer/sim/run.py).

The same seed gives the same result on a cluster as on one core: a game's dice and choices come
from (seed, game number) alone and the tallies are whole numbers added up (scorer/sim/run.py), and
scored records come back in the records' order (pnpkit/many.py).

Every worker needs pnpkit installed (the same version): it plays and scores with its own copy of
the rules and the shipped kits. docs/simulate.md shows a cluster started by hand.
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator

from pnpkit.kitfile.collector import collector_paused
from pnpkit.kitfile.errors import Problem, SourceError

CONNECT_TIMEOUT_S = 10


def _refused(address: str, message: str) -> SourceError:
    return SourceError(f"--cluster {address}", [Problem(None, "", message)])


LEFT_OUT = ("numpy", "jinja2")
"""What distributed takes if it can but the client's process does not need, left out of its import
where nothing has imported it yet: numpy only allocates the buffers distributed receives into
without zeroing them (distributed/protocol/utils.py, `host_array`), which pnpkit's few-KB batches do
not need; jinja2 only draws a notebook's HTML of the client (dask/widgets, which does without it)."""


def _client() -> type:
    """distributed's Client, imported as cheaply as it can be (0.16 s of CPU instead of 0.23, paired,
    on this project's machine): without what it need not (LEFT_OUT), with the cyclic garbage
    collector paused (an import's thousands of classes and functions set off collections that
    scanned them all, a fifth of the import), and its own and Dask's configuration files read by
    PyYAML's C loader (the same safe loader, its scanner in C; dask and distributed call the Python
    one). A distributed that cannot do without one of LEFT_OUT is imported again, with it."""
    if "distributed.client" in sys.modules:
        from distributed import Client
        return Client
    import yaml
    safe_load = yaml.safe_load
    if hasattr(yaml, "CSafeLoader"):
        yaml.safe_load = lambda stream: yaml.load(stream, Loader=yaml.CSafeLoader)  # noqa: S506 - the safe loader
    try:
        with collector_paused():
            return _imported([m for m in LEFT_OUT if m not in sys.modules])
    finally:
        yaml.safe_load = safe_load


def _imported(left_out: list[str]) -> type:
    for name in left_out:
        sys.modules[name] = None  # type: ignore[assignment]  # `import numpy` raises ImportError meanwhile
    try:
        from distributed import Client
        return Client
    except ImportError:
        for name in [m for m in sys.modules if m.split(".")[0] in ("distributed", "dask")]:
            del sys.modules[name]   # half-imported: the import starts again, everything allowed
    finally:
        for name in left_out:
            if sys.modules.get(name, 0) is None:
                del sys.modules[name]
    from distributed import Client
    return Client


@contextmanager
def connected(address: str) -> Iterator[tuple[object, int]]:
    """(a concurrent.futures executor on the cluster, its worker threads), closed afterwards.

    ADDRESS is a scheduler's address (`tcp://host:8786`) or the JSON file a scheduler wrote with
    `--scheduler-file`. A refusal is one line and exit 2: no extra installed, nobody answering."""
    try:
        Client = _client()
    except ImportError:
        raise _refused(address, "running on a cluster needs Dask's distributed: pip install 'pnpkit[cluster]'") from None
    where = {"scheduler_file": address} if address.endswith(".json") and os.path.isfile(address) else {"address": address}
    try:
        client = Client(**where, timeout=CONNECT_TIMEOUT_S, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as e:
        raise _refused(address, f"no Dask scheduler answers there within {CONNECT_TIMEOUT_S} s "
                                f"({type(e).__name__}: {str(e).splitlines()[0] if str(e) else 'no answer'})") from None
    try:
        threads = sum(client.nthreads().values())
        if threads == 0:
            raise _refused(address, "the scheduler has no workers: start some with `dask worker ADDRESS`")
        yield client.get_executor(), threads
    finally:
        client.close()


def dask_setup(worker) -> None:
    """`dask worker ADDRESS --preload pnpkit.cluster`: a worker imports pnpkit's scorer and reads
    every shipped game's kit as it starts, as a worker that has scored before has, so that a
    cluster started for a run (a batch job's) is warm for its first call, having warmed up while
    that call's own process started and imported Dask's client, instead of paying it (about a
    quarter of a second of CPU a worker process) with its first batches. A warm-up that fails
    leaves the worker as it would be without it: the first batch reads what it needs."""
    try:
        from pnpkit import many, reading  # noqa: F401 - reading: what a worker reads a record file with
        from pnpkit.scorer.api import game_of, load_head, scored_games
        for game in scored_games():
            game_of(game)   # its descriptor and record model
            many._HEADS.setdefault(game, load_head(game))
    except Exception as e:  # noqa: BLE001 - a warm-up only
        import logging
        logging.getLogger(__name__).warning("pnpkit's warm-up did not finish (%s: %s)", type(e).__name__, e)
