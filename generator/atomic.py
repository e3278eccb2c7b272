"""Atomic output: every file of a build appears whole, under its final name, or not at all.

Each file is written to a temporary name in its own folder, flushed and fsynced; only when every
file of the build is written are they renamed into place (os.replace is atomic on one file
system). If anything fails before that, the temporaries are removed and the old outputs stay.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


class Batch:
    """`with Batch() as b: b.write(path, data)`; files are renamed into place on a clean exit."""

    def __init__(self) -> None:
        self.pending: list[tuple[str, Path]] = []

    def write(self, path: Path | str, data: bytes | str) -> None:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        raw = data.encode("utf-8") if isinstance(data, str) else data
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
        try:
            os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600; outputs are ordinary files
            with os.fdopen(fd, "wb") as f:
                f.write(raw)
                f.flush()
                os.fsync(f.fileno())
        except BaseException:
            _unlink(tmp)
            raise
        self.pending.append((tmp, path))

    def commit(self) -> None:
        dirs = set()
        for tmp, path in self.pending:
            os.replace(tmp, path)
            dirs.add(path.parent)
        self.pending = []
        for d in sorted(dirs):
            _fsync_dir(d)

    def abort(self) -> None:
        for tmp, _ in self.pending:
            _unlink(tmp)
        self.pending = []

    def __enter__(self) -> Batch:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.commit()
        else:
            self.abort()


def write_atomic(path: Path | str, data: bytes | str) -> None:
    with Batch() as b:
        b.write(path, data)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _unlink(p: str) -> None:
    try:
        os.unlink(p)
    except FileNotFoundError:
        pass


def _fsync_dir(d: Path) -> None:
    try:
        fd = os.open(d, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
