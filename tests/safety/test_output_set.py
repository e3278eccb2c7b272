"""A build replaces its files in OUT/KIT/ as one set, whatever happens to it: a failure, a folder
in the way, Ctrl-C or SIGKILL at any moment, a full disk, two builds at once; and every problem
with --out is one line and exit 2."""
from __future__ import annotations

import hashlib
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from interrupts import pythons_own

from pnpkit.generator.atomic import publish
from pnpkit.cli import cli

KIT = """game: {id: tiny, title: Tiny, players: 2}
components:
  - kind: counters
    name: discs
    count: 30
    front: {label: "LABEL"}
    back: {label: "B"}
  - kind: reference
    name: aid
    size: a6
    front: {text: "# Tiny\\nA kit to build again and again."}
"""


def _files(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def _build(kit: Path, out: Path, *extra: str):
    return CliRunner().invoke(cli, ["build", str(kit), "--out", str(out), *(extra or ("--paper", "a4"))])


@pytest.fixture(scope="module")
def sets(tmp_path_factory):
    """Two editions of the tiny kit (the same files, other words on the counters) and the set of
    files each builds: (the kit file, its first edition's set, its second's). The kit file holds
    the first edition; `_edit` turns it into the second."""
    root = tmp_path_factory.mktemp("sets")
    kit = root / "tiny.yaml"
    found = []
    for word in ("A", "Z"):
        kit.write_text(KIT.replace("LABEL", word))
        assert _build(kit, root / word).exit_code == 0
        found.append(_files(root / word / "tiny"))
    a, b = found
    assert a.keys() == b.keys() and all(a[k] != b[k] for k in a if k.endswith(".pdf"))
    kit.write_text(KIT.replace("LABEL", "A"))
    return kit, a, b


def _edition(kit: Path, second: bool) -> Path:
    """The kit file of the first or the second edition, beside `kit` (same id, same file names)."""
    path = kit.with_name("second.yaml" if second else "first.yaml")
    path.write_text(KIT.replace("LABEL", "Z" if second else "A"))
    return path


def _whole(folder: Path, a: dict, b: dict) -> str:
    now = _files(folder)
    assert now in (a, b), "a mix of two builds, or a set with files missing"
    return "first" if now == a else "second"


def test_a_folder_in_the_way_leaves_the_old_set_and_no_debris(tmp_path, sets):
    kit, a, _ = sets
    out = tmp_path / "out"
    assert _build(kit, out).exit_code == 0
    (out / "tiny" / "svg" / "tiny-a4-p03.svg").unlink()
    (out / "tiny" / "svg" / "tiny-a4-p03.svg").mkdir()  # a folder where a file of the set goes
    (out / "tiny" / "svg" / "tiny-a4-p03.svg" / "mine.txt").write_text("not pnpkit's")
    before = _files(out / "tiny")
    r = _build(_edition(kit, second=True), out)
    assert r.exit_code == 2
    assert r.stderr == f"pnpkit: cannot write {out}/tiny/svg/tiny-a4-p03.svg: a folder is in the way of a file of the build\n"
    assert _files(out / "tiny") == before
    assert sorted(p.name for p in out.iterdir()) == ["tiny"]  # no staging folder, no .part file


def test_the_other_papers_and_a_users_files_are_kept(tmp_path, sets):
    kit, _, _ = sets
    out = tmp_path / "out"
    assert _build(kit, out, "--paper", "letter").exit_code == 0
    (out / "tiny" / "notes.txt").write_text("printed on the office laser, 2 copies")
    assert _build(kit, out).exit_code == 0
    names = set(_files(out / "tiny"))
    assert {"tiny-a4.pdf", "tiny-letter.pdf", "manifest-a4.json", "manifest-letter.json", "notes.txt"} <= names


def test_a_shorter_build_removes_the_pages_it_no_longer_has(tmp_path):
    """The set is replaced, not overlaid: SVG pages of a longer earlier build do not linger."""
    folder = tmp_path / "k"
    publish(folder, {"a.pdf": b"1", "svg/p1.svg": b"1", "svg/p2.svg": b"2"}, lambda rel: True)
    publish(folder, {"a.pdf": b"3", "svg/p1.svg": b"3"}, lambda rel: rel != "keep.txt")
    assert _files(folder).keys() == {"a.pdf", "svg/p1.svg"}


def test_a_killed_builds_staging_folder_is_removed_by_the_next_build(tmp_path, sets):
    kit, a, _ = sets
    out = tmp_path / "out"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = out / f".tiny.pnpkit-{dead.pid}-0badc0de"
    (stale / "svg").mkdir(parents=True)
    (stale / "tiny-a4.pdf").write_bytes(b"half")
    assert _build(kit, out).exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == ["tiny"] and _files(out / "tiny") == a


SCRIPT = "import sys; sys.argv = ['pnpkit'] + sys.argv[1:]; from pnpkit.launch import main; main()"


def _start(kit: Path, out: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", SCRIPT, "build", str(kit), "--out", str(out),
                             *(extra or ("--paper", "a4"))],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT, signal.SIGTERM])
def test_a_build_stopped_at_any_moment_leaves_one_whole_set(tmp_path, sets, sig):
    """A build of the second edition over the first, stopped at moments spread over its run
    (while pnpkit loads, while it draws, while it writes): the folder holds one whole set; Ctrl-C
    and SIGTERM say one line and no traceback; nothing hidden stays once the next build ran.
    (The moments start once the interpreter itself is up: a signal while Python starts is
    Python's, before any of pnpkit runs.)"""
    kit, a, b = sets
    out = tmp_path / "out"
    assert _build(kit, out).exit_code == 0
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    python = time.perf_counter() - started
    started = time.perf_counter()
    second = _edition(kit, second=True)
    probe = _start(second, out)
    probe.communicate()
    full = time.perf_counter() - started
    assert _whole(out / "tiny", a, b) == "second"
    seen = set()
    # the first stop at once (the old set must stay whatever the load), then spread over the run
    for delay in [0.0] + [1.5 * python + (full - 1.5 * python) * 0.22 * i for i in range(5)]:
        assert _build(kit, out).exit_code == 0
        p = _start(second, out)
        time.sleep(delay)
        p.send_signal(sig)
        _, err = p.communicate()
        seen.add(_whole(out / "tiny", a, b))
        if sig != signal.SIGKILL and pythons_own(p.returncode, err):  # while Python started: no pnpkit yet
            pass
        elif sig != signal.SIGKILL and p.returncode != 0:
            assert p.returncode == 130, err
            assert err.count("\n") == 1 and err.startswith("pnpkit: interrupted") and "Traceback" not in err, err
    assert _build(kit, out).exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == ["tiny"], "debris left in --out"
    assert "first" in seen  # the early stops kept the old set


def test_out_that_is_not_a_folder_is_refused_before_building(tmp_path, sets):
    kit, _, _ = sets
    r = _build(kit, Path("/dev/null"))
    assert r.exit_code == 2 and r.stderr == "pnpkit: --out /dev/null is not a folder\n", r.output
    (tmp_path / "file.txt").write_text("x")
    r = _build(kit, tmp_path / "file.txt")
    assert r.exit_code == 2 and "Invalid value for '--out'" in r.stderr and "is a file" in r.stderr
    r = _build(kit, tmp_path / "file.txt" / "below")
    assert r.exit_code == 2 and "cannot be made" in r.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in read-only folders")
def test_a_read_only_out_is_refused(tmp_path, sets):
    kit, _, _ = sets
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    r = _build(kit, ro / "out")
    assert r.exit_code == 2 and "permission denied" in r.stderr


def test_a_full_disk_is_one_line_and_leaves_the_old_set(tmp_path, sets):
    """A file-size limit (what a full disk or a quota does to a write) stops the build: exit 2,
    one line, the old set whole, nothing hidden left."""
    kit, a, _ = sets
    out = tmp_path / "out"
    assert _build(kit, out).exit_code == 0

    def small_disk():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))

    r = subprocess.run([sys.executable, "-c", SCRIPT, "build", str(_edition(kit, second=True)), "--out", str(out),
                        "--paper", "a4"],
                       capture_output=True, text=True, preexec_fn=small_disk)
    assert r.returncode == 2, r.stderr
    assert r.stderr.startswith(f"pnpkit: cannot write {out}/tiny/") and "File too large" in r.stderr, r.stderr
    assert r.stderr.count("\n") == 1
    assert _files(out / "tiny") == a and sorted(p.name for p in out.iterdir()) == ["tiny"]


def test_two_builds_at_once_keep_both_papers(tmp_path, sets):
    kit, _, _ = sets
    out = tmp_path / "out"
    procs = [_start(kit, out, "--paper", paper) for paper in ("a4", "letter", "universal")]
    for p in procs:
        assert p.wait() == 0, p.stderr.read()
    names = set(_files(out / "tiny"))
    assert {"tiny-a4.pdf", "tiny-letter.pdf", "tiny-universal.pdf"} <= names
