"""`pnpkit score A.yaml B.yaml games/`: many records in one process, a line each.

A club scoring a season's games, or a designer checking a thousand simulated ones, should not pay a
process start per record: the kit and the game modules are read once, and each record costs only
its own reading, checking and scoring. A folder stands for the records in it and below it (.yaml,
.yml, .json, and .pdf: filled fillable score sheets). Each record gives one line (`--jsonl`: one JSON object); a record that cannot be read
gives its one-line message and does not stop the others. The exit code is the worst of them.
"""
from __future__ import annotations

import functools
import gc
import json
import os
from typing import Iterator

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
        try:
            game, record, kit, _ = read(path, _HEADS)
            result = game.score_record(record, kit)
        except SourceError as e:
            if not _passed_over(path, e):
                yield path, 2, e
            continue
        yield path, 0 if result.valid else 1, result


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
    """`scored`, on a cluster (pnpkit/cluster.py): this process reads the records (a worker need not
    see this machine's files) and sends their texts in batches (`batch_size`); the lines come back
    in order. Batches are submitted a window ahead of the one awaited, so a million records are
    never all in memory."""
    from collections import deque
    from pnpkit.reading import record_text
    pending: deque = deque()
    size = batch_size(len(paths), threads)

    def chunks() -> Iterator[list[tuple[str, str | SourceError]]]:
        for i in range(0, len(paths), size):
            texts: list[tuple[str, str | SourceError]] = []
            for path in paths[i:i + size]:
                try:
                    texts.append((path, record_text(path)[0]))
                except SourceError as e:  # unreadable here: its line is written here, in its place
                    texts.append((path, e))
            yield texts
    try:
        for texts in chunks():
            pending.append(executor.submit(_chunk_of_texts, texts, as_jsonl))
            if len(pending) >= WINDOW * threads:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
    except BaseException:  # Ctrl-C, or the reader gone: the cluster's tasks are cancelled, not left running
        for f in pending:
            f.cancel()
        raise


def _paused(chunk):
    """A chunk of records is scored with the cyclic garbage collector paused: a record's objects
    are freed by their reference counts as its line is written (10,000 NUTS sheets leave no
    cycle), and the collections that each record's many small objects set off scanned the kit,
    the modules and pydantic's validators for nothing (7% of scoring a folder of NUTS sheets).
    Whatever cycles a chunk does leave are collected after it, as usual."""
    @functools.wraps(chunk)
    def paused(*args):
        was = gc.isenabled()
        gc.disable()
        try:
            return chunk(*args)
        finally:
            if was:
                gc.enable()
    return paused


@_paused
def _chunk_of_texts(texts: list[tuple[str, "str | SourceError"]], as_jsonl: bool) -> list[tuple[int, str]]:
    """A chunk's lines from the records' texts (on a cluster's worker)."""
    from pnpkit.kitfile.source import parse
    from pnpkit.scorer import api
    render = jsonl if as_jsonl else line
    out = []
    for path, text in texts:
        try:
            if isinstance(text, SourceError):
                raise text
            game, record, kit = api.read_record(parse(text, path, lines=False), _HEADS)
            result = game.score_record(record, kit)
        except SourceError as e:
            if not _passed_over(path, e):
                out.append((2, render(path, 2, e)))
            continue
        code = 0 if result.valid else 1
        out.append((code, render(path, code, result)))
    return out


@_paused
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
