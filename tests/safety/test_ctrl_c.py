"""Ctrl-C at any moment of pnpkit's start-up, from its first line on, prints the interrupted line
and exits 130: while the package and its console script's module load (pnpkit/__init__.py
catches it first thing), while the worker module loads (it once printed a KeyboardInterrupt
traceback), while click, msgspec and the generator load, and in the worker. The moments are
spread from the process's start to past the worker's; a stop that lands while Python itself
starts, before any line of pnpkit, is Python's (tests/interrupts.py tells it by what it printed).

On a busy machine a start takes anything from a tenth of a second to two, so the moments past
the worker's start are counted from its start in each try (seen in /proc), not from one earlier
start: measured once, a quick start put all 24 moments inside Python's own (2 of 24 reached
pnpkit)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from interrupts import INTERRUPTED, pnpkit_frames, pythons_own

# a kit with no template: a build on a loaded machine is never refused for its templates' time
TINY = """game: {id: tiny, title: Tiny, players: "2"}
components:
  - kind: cards
    name: c
    count: 9
    front: {title: A card}
"""
SCRIPT = Path(sys.executable).parent / "pnpkit"  # the console script (pyproject's [project.scripts])
MOMENTS = 24


def _commands() -> list[list[str]]:
    out = [[sys.executable, "-m", "pnpkit"]]
    if SCRIPT.exists():
        out.append([str(SCRIPT)])
    return out


def _default_ctrl_c() -> None:
    """In the child: Ctrl-C as a terminal's process gets it (a test runner's worker may ignore
    SIGINT, and a process inherits that; Python then ignores it until pnpkit catches it)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _until_the_worker(command: list[str], tmp: Path, kit: Path) -> float:
    """Seconds from starting `pnpkit build` to its worker's fork, on this machine now."""
    started = time.perf_counter()
    p = subprocess.Popen([*command, "build", str(kit), "--paper", "a4", "--out", str(tmp / "first")],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=_default_ctrl_c)
    forked = _forked(p) - started
    assert p.wait() == 0
    return forked


def _forked(p: subprocess.Popen) -> float:
    """The moment `p` has forked its worker (or has ended)."""
    children = Path(f"/proc/{p.pid}/task/{p.pid}/children")
    while p.poll() is None:
        try:
            if children.read_text().split():
                break
        except OSError:
            break
        time.sleep(0.001)
    return time.perf_counter()


@pytest.mark.skipif(not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").exists(),
                    reason="needs /proc/PID/task/PID/children to see the worker start")
@pytest.mark.parametrize("command", _commands(), ids=lambda c: "console-script" if len(c) == 1 else "python-m")
def test_ctrl_c_at_any_moment_of_the_start_says_interrupted(tmp_path, command):
    kit = tmp_path / "tiny.yaml"
    kit.write_text(TINY)
    start = sorted(_until_the_worker(command, tmp_path, kit) for _ in range(3))[1]
    outcomes = []
    for i in range(MOMENTS):
        p = subprocess.Popen([*command, "build", str(kit), "--paper", "a4", "--out", str(tmp_path / "out")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, preexec_fn=_default_ctrl_c)
        moment = 1.3 * i / (MOMENTS - 1)  # in starts: 1 is the worker's fork
        if moment < 1:
            time.sleep(start * moment)
        else:  # past the worker's start: from this try's own
            _forked(p)
            time.sleep(start * (moment - 1))
        p.send_signal(signal.SIGINT)
        err = p.communicate()[1]
        assert not pnpkit_frames(err), (i, err)  # never a traceback through pnpkit's code
        if p.returncode == 130:
            assert err == INTERRUPTED, (i, err)
        else:
            assert pythons_own(p.returncode, err) or (p.returncode == 0 and err == ""), (i, p.returncode, err)
        outcomes.append(p.returncode)
    assert outcomes.count(130) >= 3, outcomes  # the moments reached pnpkit (on a loaded machine Python starts slower)


AT_A_SET_NAME = """
import os, signal, sys
sys.argv = ["pnpkit", "build", *sys.argv[1:]]
from pnpkit import launch, worker

def profile(frame, event, arg):  # the moment: the worker, importing the command line, names a descriptor
    code = frame.f_code
    if event == "call" and code.co_name == "__set_name__" and worker.in_worker() and "enum" not in code.co_filename:
        sys.setprofile(None)
        os.kill(os.getpid(), signal.SIGINT)

sys.setprofile(profile)
launch.main()
"""


def test_ctrl_c_while_the_worker_loads_a_class_says_interrupted(tmp_path):
    """The silent exit 2 at moment 13: a Ctrl-C that lands while Python calls a `__set_name__`
    (functools.cached_property's, as `platform` defines `uname_result.processor` while the worker
    imports the command line) is turned by Python 3.11 into a RuntimeError ("Error calling
    __set_name__ on 'cached_property' instance 'processor'..."), which got past every handler and
    left the worker with its starting code, 2, and no message. The moment is made here, not waited
    for: the worker stops itself there."""
    kit = tmp_path / "tiny.yaml"
    kit.write_text(TINY)
    r = subprocess.run([sys.executable, "-c", AT_A_SET_NAME, str(kit), "--paper", "a4", "--out", str(tmp_path / "out")],
                       capture_output=True, text=True, timeout=120)
    assert (r.returncode, r.stderr) == (130, INTERRUPTED)
