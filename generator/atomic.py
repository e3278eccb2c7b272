"""Atomic output: a build replaces its set of files in OUT/KIT/ as one, or changes nothing.

A build's files (the PDF, the fillable sheets, every SVG, the manifest, the previews) belong
together: a manifest that describes another PDF, or SVGs of an older build beside a new PDF,
mislead the person who prints them. So a build never writes into OUT/KIT/ itself:

1. everything is drawn and rendered in memory first (a refused kit or a drawing error writes
   nothing at all);
2. a hidden staging folder beside it, `OUT/.KIT.pnpkit-PID-XXXX/`, receives the new set, plus a
   hard link to every file of OUT/KIT/ that is not this set's (the other paper's PDF, a user's
   notes), so nothing else is lost;
3. the staging folder and OUT/KIT/ are exchanged in one step (Linux `renameat2(RENAME_EXCHANGE)`;
   elsewhere two renames, with the old folder kept until the new one is in place), and the old
   set, now in the staging folder, is removed.

Ctrl-C and SIGTERM wait during steps 2-3 (milliseconds), so an interrupted build leaves the old
set whole. Only SIGKILL or a power cut in those milliseconds can leave a staging folder behind;
the next build of the same OUT removes any whose process is gone. Builds into one OUT take turns
(a lock on the OUT folder), so two at once cannot lose each other's files.

No file is fsynced: the rename is what protects against a half-written file when a build is
interrupted, and an fsync per file cost a quarter of `build --all`. A power cut in the seconds
after a build may lose that build, which the kit file makes again.
"""
from __future__ import annotations

import ctypes
import errno
import os
import re
import secrets
import shutil
import signal
from collections.abc import Callable, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from pnpkit.generator.errors import OutputError

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows
    fcntl = None  # type: ignore[assignment]


_STAGE = re.compile(r"^\.(?P<name>.+)\.pnpkit-(?P<pid>\d+)-[0-9a-f]{8}$")


def check_out(out: Path | str) -> None:
    """Refuse an output folder that cannot work, before anything is built: it must be a folder
    (or not exist yet, below a folder) that this user may write in."""
    out = Path(out)
    probe = out
    while not os.path.lexists(probe):
        if probe.parent == probe:
            break
        probe = probe.parent
    if not probe.is_dir():
        what = "is not a folder" if probe == out else f"cannot be made: {probe} is not a folder"
        raise OutputError(f"--out {out} {what}")
    if not os.access(probe, os.W_OK | os.X_OK):
        raise OutputError(f"--out {out}: cannot write in {probe} (permission denied)")


def publish(folder: Path | str, files: Mapping[str, bytes], owned: Callable[[str], bool]) -> None:
    """Make `folder` hold `files` (relative path -> bytes) in place of the files `owned` says
    belong to this set (relative paths with /), keeping every other file, as one step."""
    folder = Path(folder)
    parent = folder.parent
    stage = parent / f".{folder.name}.pnpkit-{os.getpid()}-{secrets.token_hex(4)}"
    try:
        parent.mkdir(parents=True, exist_ok=True)
        if os.path.lexists(folder) and not folder.is_dir():
            raise OutputError(f"{folder} is in the way: a file where the kit's folder goes")
        with _quiet_signals(), _locked(parent):
            _sweep(parent)
            try:
                stage.mkdir()
                if folder.is_dir():
                    _carry_over(folder, stage, lambda rel: owned(rel) or rel in files)
                made = {stage}
                for rel, data in files.items():
                    target = stage.joinpath(*rel.split("/"))
                    try:
                        if target.parent not in made:  # once per folder, not once per file
                            target.parent.mkdir(parents=True, exist_ok=True)
                            made.add(target.parent)
                        with open(target, "wb") as f:
                            f.write(data)
                    except OSError as e:  # a full disk names no file: name the one it stopped
                        raise OSError(e.errno, e.strerror, str(folder.joinpath(*rel.split("/")))) from None
                _swap(stage, folder)
            finally:
                shutil.rmtree(stage, ignore_errors=True)
    except OutputError:
        raise
    except OSError as e:
        where = str(e.filename or folder).replace(str(stage), str(folder))  # the name the person knows
        why = "a folder is in the way of a file of the build" if e.errno == errno.EISDIR else e.strerror or e
        raise OutputError(f"cannot write {where}: {why}") from None


def _carry_over(old: Path, stage: Path, replaced: Callable[[str], bool]) -> None:
    """Hard-link (or copy) every file of `old` that the new set does not replace into `stage`."""
    for dirpath, dirnames, filenames in os.walk(old):
        rel_dir = Path(dirpath).relative_to(old)
        for name in dirnames:
            (stage / rel_dir / name).mkdir(exist_ok=True)
        for name in filenames:
            rel = (rel_dir / name).as_posix()
            if replaced(rel):
                continue
            src, dst = Path(dirpath) / name, stage / rel_dir / name
            if os.path.islink(src):
                os.symlink(os.readlink(src), dst)
                continue
            try:
                os.link(src, dst)
            except OSError:
                shutil.copy2(src, dst)
    # folders the new set emptied (svg/ of a kit that now has none) go with the old set
    for dirpath, dirnames, filenames in os.walk(stage, topdown=False):
        if dirpath != str(stage) and not os.listdir(dirpath):
            os.rmdir(dirpath)


def _swap(stage: Path, folder: Path) -> None:
    """Put `stage` at `folder`; whatever was at `folder` ends up at `stage`."""
    if not os.path.lexists(folder):
        os.rename(stage, folder)
        return
    if _exchange(stage, folder):
        return
    old = stage.with_name(stage.name + "-old")
    os.rename(folder, old)
    try:
        os.rename(stage, folder)
    except OSError:
        os.rename(old, folder)
        raise
    os.rename(old, stage)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically where the system can (Linux 3.15+); False where it cannot."""
    libc = _libc()
    fn = getattr(libc, "renameat2", None) if libc is not None else None
    if fn is None:
        return False
    ret = fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    if ret == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


_LIBC: list = []


def _libc():
    """The C library already loaded into this process (dlopen of the program itself: no search,
    which ctypes.util.find_library would do by running ldconfig)."""
    if not _LIBC:
        try:
            _LIBC.append(ctypes.CDLL(None, use_errno=True))
        except (OSError, TypeError):
            _LIBC.append(None)
    return _LIBC[0]


def _sweep(parent: Path) -> None:
    """Remove staging folders that a killed build left in `parent` (their process is gone)."""
    try:
        names = os.listdir(parent)
    except OSError:
        return
    for name in names:
        m = _STAGE.match(name.removesuffix("-old"))
        if m and not _alive(int(m["pid"])):
            shutil.rmtree(parent / name, ignore_errors=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Builds into one OUT folder take turns (an advisory lock on the folder itself: no lock file)."""
    if fcntl is None:
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


@contextmanager
def _quiet_signals() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM until the set is in place (they are delivered right after)."""
    held = {signal.SIGINT, signal.SIGTERM}
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def write_atomic(path: Path | str, data: bytes | str) -> None:
    """One file, whole or not at all (a temporary beside it, renamed into place)."""
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    tmp = path.with_name(f".{path.name}.pnpkit-{os.getpid()}-{secrets.token_hex(4)}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _quiet_signals():
            try:
                with open(tmp, "wb") as f:
                    f.write(raw)
                os.replace(tmp, path)
            finally:
                if os.path.lexists(tmp):
                    os.unlink(tmp)
    except OSError as e:
        raise OutputError(f"cannot write {e.filename or path}: {e.strerror or e}") from None


__all__ = ["OutputError", "check_out", "publish", "write_atomic"]
