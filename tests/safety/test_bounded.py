"""Hostile kits within the limits (issue 28): templates, decks and exports that passed every check
of the kit file and still took gigabytes, crashed or wrote a live formula. Each case of
tests/corpus/bounded/ (a kit folder: kit.yaml and its files) runs as a real `pnpkit` process under
a 2 GB address-space cap, and the kernel measures it: exit 0 or 2, at most 5 s of CPU and 500 MB
at its peak, and, for exit 2, one message naming the kit file and its line.

The first lines of a case's kit.yaml say what to expect:

    # expect: exit=2 line=7 "words the message holds"
    # run: export --to png; export --to tts       (default: build --paper a4)
    # check: no-formula | no-kit-path             (what the files written must not hold)
"""
from __future__ import annotations

import csv
import io
import json
import os
import re
import resource
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

CORPUS = Path(__file__).parents[1] / "corpus" / "bounded"
EXPECT = re.compile(r'^# expect: exit=(\d)(?: line=(\d+))?(?: "(.*)")?$')
CAP = 2 << 30          # RLIMIT_AS of each run
LIMIT_S, LIMIT_MB = 5.0, 500
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


@dataclass
class Run:
    code: int
    cpu: float
    peak_mb: float
    output: str


def run_pnpkit(args: list[str], cwd: Path) -> Run:
    """`pnpkit ARGS` in a process of its own under the cap; its CPU time and peak memory from the
    kernel (wait4's rusage of that one child)."""
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    p = subprocess.Popen([sys.executable, "-m", "pnpkit", *args], cwd=cwd, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, preexec_fn=cap)
    output = p.stdout.read().decode("utf-8", "replace")
    p.stdout.close()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return Run(p.returncode, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, output)


def _header(kit: Path) -> dict[str, str]:
    out = {}
    for line in kit.read_text(encoding="utf-8").splitlines():
        if not line.startswith("# "):
            break
        key, _, value = line[2:].partition(": ")
        out[key] = value
    return out


def _commands(header: dict[str, str]) -> list[list[str]]:
    runs = header.get("run", "build --paper a4")
    return [c.split() for c in runs.split(";")]


def _texts(out: Path) -> dict[str, str]:
    """Every text file written, and the text of every PDF page (pypdfium2), by name."""
    import pypdfium2
    found = {}
    for f in out.rglob("*"):
        if f.suffix in (".csv", ".txt", ".json", ".svg", ".html"):
            found[str(f)] = f.read_text(encoding="utf-8", errors="replace")
        elif f.suffix == ".pdf":
            doc = pypdfium2.PdfDocument(str(f))
            found[str(f)] = "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
            doc.close()
    return found


def _formula_cells(out: Path) -> list[str]:
    """Text that begins a cell (CSV), a JSON string or a listed name (TTS .txt) with a formula's mark."""
    bad = []
    for f in out.rglob("*"):
        if f.suffix == ".csv":
            bad += [c for row in csv.reader(io.StringIO(f.read_text(encoding="utf-8"))) for c in row
                    if c.startswith(FORMULA_START) and not re.fullmatch(r"[-+]?\d+(\.\d+)?", c)]
        elif f.suffix == ".json":
            def walk(v):
                if isinstance(v, str):
                    yield v
                elif isinstance(v, dict):
                    for x in v.values():
                        yield from walk(x)
                elif isinstance(v, list):
                    for x in v:
                        yield from walk(x)
            bad += [s for s in walk(json.loads(f.read_text(encoding="utf-8"))) if s.startswith(FORMULA_START)
                    and not re.fullmatch(r"[-+]?\d+(\.\d+)?", s)]
        elif f.suffix == ".txt":
            for line in f.read_text(encoding="utf-8").split("\n"):
                name = re.sub(r"^\s*\d+\.\s", "", line).split("  x")[0]
                if name.startswith(FORMULA_START) and not re.fullmatch(r"[-+]?\d+(\.\d+)?", name):
                    bad.append(name)
    return bad


@pytest.mark.parametrize("case", sorted(p.name for p in CORPUS.iterdir() if p.is_dir()))
def test_a_hostile_kit_within_the_limits_ends_in_bounds(case, tmp_path):
    kit_dir = tmp_path / "a stranger's kit"
    shutil.copytree(CORPUS / case, kit_dir)
    kit = kit_dir / "kit.yaml"
    header = _header(kit)
    m = EXPECT.match("# expect: " + header["expect"])
    code, line, words = int(m[1]), m[2], m[3]
    out = tmp_path / "out"
    for command in _commands(header):
        r = run_pnpkit([*command[:1], str(kit), *command[1:], "--out", str(out)], tmp_path)
        assert r.code == code, (case, r.output[-600:])
        assert r.cpu < LIMIT_S, (case, f"{r.cpu:.1f} s of CPU")
        assert r.peak_mb < LIMIT_MB, (case, f"{r.peak_mb:.0f} MB at its peak")
        assert "Traceback" not in r.output and "internal error" not in r.output, (case, r.output[-600:])
        if code == 2:
            message = r.output.strip()
            assert len(message.splitlines()) == 1 and len(message) < 500, (case, message)
            assert message.startswith(f"pnpkit: {kit}:{line}: "), (case, message)
            assert words is None or words in message, (case, message)
            assert not out.exists() or not any(out.rglob("*")), f"{case}: a refused kit wrote files"
    checks = header.get("check", "")
    if "no-kit-path" in checks:
        texts = _texts(out)
        assert texts
        assert not [f for f, t in texts.items() if str(kit_dir) in t or str(tmp_path) in t], case
        assert any("kit.yaml" in t for t in texts.values())  # the kit file's name, relative to its folder
    if "no-formula" in checks:
        assert not _formula_cells(out), (case, _formula_cells(out)[:5])


def test_the_corpus_is_listed():
    listed = (CORPUS / "README.md").read_text(encoding="utf-8")
    assert all(f"| {p.name} |" in listed for p in CORPUS.iterdir() if p.is_dir())
