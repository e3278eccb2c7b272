"""Shared fixtures: each shipped kit is built once per paper for the whole test session."""
from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

# Compiled bytecode is written beside the code (in its __pycache__ folders, which git ignores) as
# Python does by default, even where PYTHONDONTWRITEBYTECODE is set: otherwise each test process
# rewrites the asserts of every test module from source (3.5 s of CPU a process, paid by each -n
# worker) and each pnpkit process the tests start compiles what it imports again (0.06 s of its
# 0.19 s to refuse a kit). Set before any test module or pnpkit loads.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

from pnpkit.cli import cli  # noqa: E402

# tests/ is grouped by what each tests (a folder a game, print, serve, safety...): a test takes a
# helper or another test's fixtures by its module's name (`from test_serve_browser import server`),
# whichever folder it and the helper are in and whichever folder is run.
sys.path += [str(d) for d in sorted(Path(__file__).parent.iterdir()) if d.is_dir() and any(d.glob("*.py"))]


@dataclass
class Built:
    """A kit built through `pnpkit build KIT --paper P`, as a user gets it."""

    kit: str
    paper: str
    out: Path  # the --out folder; the files are in out/KIT/
    manifest: dict
    output: str  # what the command printed

    @property
    def pdf(self) -> Path:
        return self.out / self.kit / f"{self.kit}-{self.paper}.pdf"

    @property
    def fillable(self) -> Path | None:
        path = self.out / self.kit / f"{self.kit}-{self.paper}-fillable.pdf"
        return path if path.exists() else None

    @cached_property
    def reader(self) -> PdfReader:
        return PdfReader(str(self.pdf))


@pytest.fixture(scope="session")
def kit_build(tmp_path_factory):
    """kit_build(kit, paper) -> Built: the shipped kit built once per paper and shared (read only)."""
    cache: dict[tuple[str, str], Built] = {}

    def get(kit: str, paper: str = "a4") -> Built:
        if (kit, paper) not in cache:
            out = tmp_path_factory.mktemp(f"{kit}-{paper}")
            r = CliRunner().invoke(cli, ["build", kit, "--paper", paper, "--out", str(out)])
            assert r.exit_code == 0, r.output
            manifest = json.loads((out / kit / f"manifest-{paper}.json").read_text())
            cache[kit, paper] = Built(kit, paper, out, manifest, r.output)
        return cache[kit, paper]
    return get


NO_BROWSER = ("no Chromium found: the replay page and --watch tests need a real browser; install Debian's "
              "`chromium` (apt-get install chromium) or name one in PNPKIT_CHROMIUM")


def _browser_required() -> bool:
    """CI sets PNPKIT_REQUIRE_BROWSER=1 (.ci/run installs chromium), so there a missing browser fails."""
    import os
    return os.environ.get("PNPKIT_REQUIRE_BROWSER", "") not in ("", "0")


def pytest_report_header(config):
    """One line at the top, where it does not hide the summary line, when the browser tests skip."""
    from cdp_browser import executable
    if executable() is None and not _browser_required():
        return "browser tests skipped: " + NO_BROWSER


@pytest.fixture(autouse=True)
def _browser_forgets(request):
    """A test with the browser leaves nothing kept in it for the next (tests/cdp_browser.py `forget`):
    a sheet typed and not saved was found as a draft by another test that expected empty boxes."""
    yield
    if "browser" in request.fixturenames:
        request.getfixturevalue("browser").forget()


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session (Debian's `chromium`; .ci/run installs it)."""
    from cdp_browser import Chromium, executable
    exe = executable()
    if exe is None:
        if _browser_required():
            pytest.fail(NO_BROWSER)
        pytest.skip(NO_BROWSER)
    chrome = Chromium(exe)
    try:
        yield chrome
    finally:
        chrome.close()


@pytest.fixture
def reading_in_process(monkeypatch):
    """A filled sheet or an upload read by its reader (pnpkit/limited.py READERS) in this process,
    its answer taken as the reading process's is (the same JSON, the same `_answer`): for the tests
    of what a sheet says, not of the process. A reading process is a fresh interpreter, 0.3-0.5 s
    of CPU each; its limits are tested with it (tests/safety/test_hostile_pdf.py, test_terminal.py)."""
    import subprocess

    from pnpkit import limited

    def read(kind: str, raw: bytes, name: str, limits: limited.Limits = limited.LIMITS):
        answer = limited._run(kind, raw, name[:300])
        done = subprocess.CompletedProcess([], 0, json.dumps(answer).encode(), b"")
        return limited._answer(done, name, limits)
    monkeypatch.setattr(limited, "read", read)
