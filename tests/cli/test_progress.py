"""The progress bar of long work (pnpkit/progress.py): on a terminal's stderr only, never in a pipe,
never in stdout, and not with --quiet. The terminal is a real pseudo-terminal (pty) given to a real
`pnpkit` process as its stderr; its stdout goes to a file, as `pnpkit ... > out` does."""
from __future__ import annotations

import os
import select
import subprocess
import sys
import tempfile
import time

import pytest

pty = pytest.importorskip("pty")  # POSIX only

RECORD = "game: nuts\nplayers:\n  - {name: Ann, sheet: {almond: 3, cashew: 2}, bonus: [B07]}\n  - {name: Ben, sheet: {almond: 1}}\n"


def run(args: list[str], terminal: bool, timeout: float = 90) -> tuple[int, bytes, bytes]:
    """(exit code, stdout, stderr) of `pnpkit ARGS`, its stderr a terminal (a pty) or a pipe; the bar
    shows at once (PNPKIT_PROGRESS_AFTER=0) rather than after a second."""
    env = dict(os.environ, PNPKIT_PROGRESS_AFTER="0")
    env.pop("CI", None)
    with tempfile.TemporaryFile() as out:
        if not terminal:
            p = subprocess.run([sys.executable, "-m", "pnpkit", *args], stdout=out, stderr=subprocess.PIPE, env=env,
                               timeout=timeout)
            out.seek(0)
            return p.returncode, out.read(), p.stderr
        master, slave = pty.openpty()
        proc = subprocess.Popen([sys.executable, "-m", "pnpkit", *args], stdout=out, stderr=slave, env=env)
        os.close(slave)
        err, end = b"", time.monotonic() + timeout
        while time.monotonic() < end:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the process has closed its end
                    break
                if not chunk:
                    break
                err += chunk
            elif proc.poll() is not None:
                break
        os.close(master)
        code = proc.wait(timeout=timeout)
        out.seek(0)
        return code, out.read(), err


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    d = tmp_path_factory.mktemp("records")
    for i in range(40):
        (d / f"{i:03d}.yaml").write_text(RECORD)
    return d


def test_scoring_a_folder_shows_counts_on_a_terminal_and_nothing_in_a_pipe(folder):
    code, out, err = run(["score", str(folder), "--jsonl"], terminal=True)
    assert b"40 records" in err and b"40/40" in err                   # the label and the count done of all
    code2, out2, err2 = run(["score", str(folder), "--jsonl"], terminal=False)
    assert code2 == code and err2 == b""                               # a pipe: not a byte of it
    assert out == out2 and out.count(b"\n") == 40                      # the output itself never changes
    code3, out3, err3 = run(["score", str(folder), "--jsonl", "--quiet"], terminal=True)
    assert code3 == code and err3 == b"" and out3 == out


def test_simulate_shows_its_games_on_a_terminal_and_the_json_is_the_same():
    args = ["simulate", "chestnuts", "--games", "40", "--jobs", "1", "--json"]
    code, out, err = run(args, terminal=True)
    assert code == 0 and b"chestnuts: 40 games" in err and b"40/40" in err
    code2, out2, err2 = run(args, terminal=False)
    assert out == out2 and b"[#" not in err2 and b"40/40" not in err2
    _, _, quiet = run([*args, "-q"], terminal=True)
    assert b"40/40" not in quiet


def test_export_counts_the_images_it_renders(tmp_path):
    code, out, err = run(["export", "chestnuts", "--to", "png", "--dpi", "72", "--out", str(tmp_path)], terminal=True)
    assert code == 0 and b"chestnuts: png images" in err and b"11/11" in err   # every piece, counters too
    code, out2, err2 = run(["export", "chestnuts", "--to", "png", "--dpi", "72", "--out", str(tmp_path / "b")],
                           terminal=False)
    assert code == 0 and err2 == b"" and out2.replace(b"/b/", b"/") == out


def test_a_short_run_draws_nothing_until_a_second_has_passed(monkeypatch):
    import io

    from pnpkit.progress import Progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    monkeypatch.delenv("PNPKIT_PROGRESS_AFTER", raising=False)
    with Progress(10_000, "records") as bar:
        for _ in range(10_000):
            bar()
    assert screen.getvalue() == ""  # it ended within a second: nothing drawn at all
