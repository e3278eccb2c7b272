"""`pnpkit score A.yaml B.yaml games/`: many records in one process, a line each.

A club scoring a season's games, or a designer checking a thousand simulated ones, should not pay a
process start per record: the kit and the game modules are read once, and each record costs only
its own reading, checking and scoring. A folder stands for the records in it and below it (.yaml,
.yml, .json, and .pdf: filled fillable score sheets). Each record gives one line (`--jsonl`: one JSON object); a record that cannot be read
gives its one-line message and does not stop the others. The exit code is the worst of them.
"""
from __future__ import annotations

import gc
import json
import os
from typing import Iterator, NamedTuple

from pnpkit.kitfile.collector import collector_paused
from pnpkit.kitfile.errors import SourceError

SUFFIXES = (".yaml", ".yml", ".json", ".pdf")  # .pdf: filled fillable score sheets
MAX_RECORDS = 1_000_000  # a folder of more is refused before any is read


def expand(names: tuple[str, ...]) -> list[str]:
    """The records named: files as given, folders as their record files (sorted, links not
    followed into other folders)."""
    out: list[str] = []
    for name in names:
        if name != "-" and os.path.isdir(name):
            found = []
            for root, dirs, files in os.walk(name):
                dirs.sort()
                found += [Found(os.path.join(root, f)) for f in sorted(files) if f.endswith(SUFFIXES)]
                if len(out) + len(found) > MAX_RECORDS:
                    raise SourceError(name, [_problem(f"holds more than {MAX_RECORDS:,} records")])
            if not found:
                raise SourceError(name, [_problem(f"holds no record ({', '.join(SUFFIXES)} files)")])
            out += found
        else:
            out.append(name)
    return out


class Found(str):
    """A record file found in a folder, not named: a kit file there (beside the records of a
    designer's game, whose `kit:` names it) is passed over."""


def _passed_over(path: str, e: SourceError) -> bool:
    from pnpkit.scorer.api import KitFile
    return isinstance(path, Found) and isinstance(e, KitFile)


def _problem(message: str):
    from pnpkit.kitfile.errors import Problem
    return Problem(None, "", message)


_HEADS: dict = {}  # game -> its kit, read once a run (and inherited by the workers forked)


def results(paths: list[str]) -> Iterator[tuple[str, int, object]]:
    """(path, exit code, Result or the SourceError) for each record, in order."""
    from pnpkit.reading import read
    for path in paths:
        got = outcome(path, lambda: read(path, _HEADS))
        if got is not None:
            yield path, *got


def outcome(path: str, reading) -> tuple[int, object] | None:
    """(exit code, Result or the SourceError) of the record `reading()` reads (pnpkit/reading.py),
    scored, its violations told as its players say them (a filled sheet's: `in_words`), whichever
    process runs it; None for a kit file found among the records (passed over)."""
    from pnpkit.reading import in_words
    try:
        got = reading()
        result = in_words(got.game.score_record(got.record, got.kit), got)
    except SourceError as e:
        return None if _passed_over(path, e) else (2, e)
    return 0 if result.valid else 1, result


CHUNK = 200          # records a worker scores at a time: a few KB of names out, its lines back
PARALLEL_FROM = 500  # fewer records than this are scored in this process alone


def scored(paths: list[str], as_jsonl: bool, jobs: int | None = None) -> Iterator[tuple[int, str]]:
    """(exit code, the record's line) for each record, in order. With many records the work is
    shared by `jobs` processes (default: one per core), each scoring a chunk of them; the lines come
    back in the records' order, so the output is the same whatever `jobs`.

    The workers are forked (where the system can) after the first record is scored here, so they
    start with its game's modules imported and its kit read, rather than each reading them again;
    what they send back is each chunk's lines, already written."""
    jobs = jobs or (os.cpu_count() or 1)
    if jobs == 1 or len(paths) < PARALLEL_FROM:
        for i in range(0, len(paths), CHUNK):   # (a chunk at a time: the collector resumes between them)
            yield from _chunk(paths[i:i + CHUNK], as_jsonl)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    yield from _chunk(paths[:1], as_jsonl)
    gc.freeze()  # what is imported stays in the pages the workers share (no collection writes to them)
    try:
        rest = paths[1:]
        chunks = [rest[i:i + CHUNK] for i in range(0, len(rest), CHUNK)]
        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_worker) as pool:
            for lines in pool.map(_chunk, chunks, [as_jsonl] * len(chunks)):
                yield from lines
    finally:
        gc.unfreeze()  # this process collects as before (a test, or a caller that goes on)


WINDOW = 4  # batches in flight per cluster worker thread: the cluster stays busy, this process holds little
BATCH_MOST = 5_000  # records in one batch sent to a cluster at the most (a few MB of text)


def batch_size(records: int, threads: int) -> int:
    """Records a cluster's batch holds: the records shared out in about WINDOW batches per worker
    thread, so that each batch pays its round trip (the scheduler, the texts out, the lines back)
    for hundreds or thousands of records, not CHUNK; never fewer than CHUNK nor more than BATCH_MOST.
    2,000 records on two threads: 8 batches of 250 (they were 10 of 200); 100,000: 5,000 each."""
    return max(CHUNK, min(BATCH_MOST, -(-records // (WINDOW * max(1, threads)))))


def scored_on(executor, threads: int, paths: list[str], as_jsonl: bool) -> Iterator[tuple[int, str]]:
    """`scored`, on a cluster (pnpkit/cluster.py), in batches (`batch_size`) whose lines come back in
    order. A worker that shares this machine's files (`Here`: the same user, the same folders) is
    sent the records' paths and reads them itself, as this process would, the workers in parallel;
    once a worker says it does not, every batch goes as the records' texts, read here (a worker
    need not see this machine's files). Batches are submitted a window ahead of the one awaited,
    so a million records are never all in memory."""
    import pickle  # (a cluster's batches only: not imported to score a folder here)
    from collections import deque
    pending: deque[list] = deque()   # [the batch's paths, its future, whether sent as paths]
    size = batch_size(len(paths), threads)
    by_path = [Here.possible()]

    def send(part: list[str]) -> list:
        here = Here.of(part) if by_path[0] else None
        records = [(p, None, None) if here is not None and p != "-" else (p, *_text_here(p)) for p in part]
        # one bytes object, not a list: Dask walks a task's arguments for futures and hashes them,
        # 2,000 tuples a run (a fifth of the client's CPU once connected), and its scheduler unpickles them
        sent = pickle.dumps(records, protocol=pickle.HIGHEST_PROTOCOL)
        return [part, executor.submit(_chunk_of_texts, sent, as_jsonl, here), here is not None]

    def taken() -> list[tuple[int, str]]:
        lines = pending[0][1].result()
        if lines is None:   # the worker does not see these files: they and every later batch go as texts
            by_path[0] = False
            for i, (part, future, as_paths) in enumerate(pending):
                if as_paths:
                    future.cancel()
                    pending[i] = send(part)
            lines = pending[0][1].result()
        pending.popleft()
        return lines
    try:
        for i in range(0, len(paths), size):
            pending.append(send(paths[i:i + size]))
            if len(pending) >= WINDOW * threads:
                yield from taken()
        while pending:
            yield from taken()
    except BaseException:  # Ctrl-C, or the reader gone: the cluster's tasks are cancelled, not left running
        for _, future, _ in pending:
            future.cancel()
        raise


def _text_here(path: str) -> "tuple[str | SourceError, object]":
    """A record's text read here, and what it names beside it (reading.beside), for a worker that
    cannot read them itself."""
    from pnpkit.reading import beside, record_text, sendable
    try:
        text, file = record_text(path)
    except SourceError as e:  # unreadable here: its line is written on the worker, in its place
        return sendable(e), None
    return text, beside(text, file, path)


class Here(NamedTuple):
    """What a cluster's worker must share with this process to read a batch's record files itself
    and read what this process would read (the same bytes, the same refusals): the same user and
    groups, and the same folders, each the same directory (device and inode) at the same path.
    A worker on this machine, started by this user, does; a worker on another machine, in a
    container or as another user, says it does not (`seen`), and is sent the texts instead."""

    folder: str                             # this process's working folder: relative paths start there
    user: tuple                             # (user id, group id, groups)
    folders: tuple[tuple[str, int, int], ...]  # (folder, device, inode) of each folder of the batch's records

    @staticmethod
    def possible() -> bool:
        return hasattr(os, "geteuid")       # (Windows: no user ids to compare; texts are sent)

    @classmethod
    def of(cls, paths: list[str]) -> "Here | None":
        folder = os.getcwd()
        try:
            folders = {os.path.join(folder, d) for d in {os.path.dirname(p) for p in paths}}
            seen = tuple((d, *_identity(d)) for d in folders)
        except OSError:   # a folder gone or unreadable here: the texts are read here, with their messages
            return None
        return cls(folder, _user(), seen)

    def seen(self) -> bool:
        """Whether this process (a worker) sees the same folders as the user who sent the batch."""
        try:
            return self.user == _user() and all(_identity(d) == (dev, ino) for d, dev, ino in self.folders)
        except OSError:
            return False


def _user() -> tuple:
    return os.geteuid(), os.getegid(), tuple(sorted(os.getgroups()))


def _identity(folder: str) -> tuple[int, int]:
    info = os.stat(folder)
    return info.st_dev, info.st_ino


def _reading(here: Here | None, path: str, text, sent):
    """How a worker reads a record (reading.read_text, as `--jobs` reads it): by its path from the
    user's folder, named as the user named it, when this worker shares the user's files (`here`),
    else from its text and what the client sent beside it."""
    from pnpkit.reading import NOTHING, file_text, read_text
    if text is None:
        at = os.path.join(here.folder, path)
        return lambda: read_text(file_text(at, path), path, at, _HEADS)
    if isinstance(text, SourceError):
        def unreadable():
            raise text
        return unreadable
    return lambda: read_text(text, "<stdin>" if path == "-" else path, path, _HEADS, sent or NOTHING)


# A chunk of records is scored with the cyclic garbage collector paused: a record's objects are freed
# by their reference counts as its line is written (10,000 NUTS sheets leave no cycle), and the
# collections that each record's many small objects set off scanned the kit, the modules and the
# models for nothing (7% of scoring a folder of NUTS sheets). Whatever cycles a chunk does leave are
# collected after it, as usual.
@collector_paused()
def _chunk_of_texts(sent: bytes, as_jsonl: bool, here: Here | None = None) -> list[tuple[int, str]] | None:
    """A chunk's lines from the records sent (pickled: [(path, its text or why it could not be read
    or None, what it names beside it or None)]), on a cluster's worker; a text not sent (None) is read
    here from its path, when this worker shares the client's files (`here`), else None."""
    if here is not None and not here.seen():
        return None
    import pickle
    records: list[tuple[str, "str | SourceError | None", object]] = pickle.loads(sent)
    render = jsonl if as_jsonl else line
    out = []
    for path, text, beside in records:
        got = outcome(path, _reading(here, path, text, beside))
        if got is not None:
            out.append((got[0], render(path, *got)))
    return out


@collector_paused()
def _chunk(paths: list[str], as_jsonl: bool) -> list[tuple[int, str]]:
    render = jsonl if as_jsonl else line
    return [(code, render(path, code, outcome)) for path, code, outcome in results(paths)]


def _worker() -> None:
    """A worker leaves Ctrl-C to the command, which stops them all and says one line."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def line(path: str, code: int, outcome) -> str:
    """One record's line: its verdict and scores, or why it cannot be read (its first problem)."""
    if code == 2:
        first = str(outcome).split("\n")[0]
        return first if first.startswith(path) else f"{path}: {first}"
    r = outcome
    verdict = "legal" if r.valid else f"breaks the rules ({len(r.violations)} violation{'s' * (len(r.violations) != 1)})"
    if r.cooperative:
        return f"{path}: {verdict}; {r.extra.get('outcome', 'unknown')}"
    scores = ", ".join(f"{p.name} {p.total}" for p in r.players)
    if not r.finished:
        end = "unfinished"
    else:
        won = r.winners_as_played
        end = ("winner " if len(won) == 1 else "winners (shared) ") + ("" if r.valid else "as played ") + ", ".join(won)
    return f"{path}: {verdict}; {scores}; {end}"


_JSON = json.JSONEncoder(ensure_ascii=False)  # what json.dumps(..., ensure_ascii=False) makes on every call


def jsonl(path: str, code: int, outcome) -> str:
    if code == 2:
        return _JSON.encode({"file": path, "exit": 2, "error": str(outcome)})
    return outcome.json_text(file=path, exit=code)


def summary(counts: dict[int, int]) -> str:
    n = sum(counts.values())
    return (f"{n} record{'s' * (n != 1)}: {counts.get(0, 0)} legal, {counts.get(1, 0)} breaking the rules, "
            f"{counts.get(2, 0)} unreadable")


def is_many(names: tuple[str, ...]) -> bool:
    return len(names) > 1 or any(n != "-" and os.path.isdir(n) for n in names)


__all__ = ["expand", "is_many", "jsonl", "line", "results", "scored", "summary"]
