"""Hostile kits made of pictures (issue 28, tests/hostile_art.py): each built as `pnpkit build` in a
process of its own under a 2 GB address-space cap, as a stranger's kit would be, ends with exit 0
or 2 (never 3, never a kill) within 5 s and 500 MB (measured by the kernel), with one line that
names the kit file and what is wrong."""
from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

import hostile_art

CAP = 2 * 1024 ** 3
LIMIT_S, LIMIT_MB = 5.0, 500


def run_pnpkit(args: list[str], env: dict | None = None, cwd: Path | None = None) -> tuple[int, str, float, float]:
    """(exit code, stderr, wall seconds, peak MB of the process and its children) of `pnpkit ARGS`."""
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))

    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "pnpkit", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, preexec_fn=cap, cwd=cwd,
                            env={**os.environ, **(env or {})})
    out, err = proc.communicate(timeout=60)
    _, status, usage = os.wait4(proc.pid, 0) if proc.returncode is None else (0, 0, None)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return proc.returncode, err.decode("utf-8", "replace"), seconds, peak


@pytest.mark.parametrize("case", hostile_art.CASES, ids=lambda c: c.name)
def test_a_hostile_picture_kit_ends_within_bounds(tmp_path, case):
    kit = hostile_art.write(case, tmp_path / "kit")
    code, err, seconds, peak = run_pnpkit(["build", str(kit), "--paper", "a4", "--out", str(tmp_path / "out")])
    assert code in case.codes, err
    assert "Traceback" not in err and "internal error" not in err
    if code == 2:
        line = err.strip()
        assert "\n" not in line, line
        assert line.startswith(f"pnpkit: {kit}:") and case.says in line, line
        assert not (tmp_path / "out" / "hostile").exists()
    assert seconds < LIMIT_S, (seconds, err)
    assert peak < LIMIT_MB, (peak, err)


def test_the_small_cases_are_kept_in_the_corpus():
    for case in hostile_art.CASES:
        folder = hostile_art.CORPUS / case.name
        if hostile_art.kept(case):
            assert (folder / "kit.yaml").read_text() == case.kit()
            for name, make in case.files.items():
                assert (folder / name).read_bytes() == make(), (case.name, name)
