"""The type checker that CI runs (.ci/typecheck: mypy over scorer/ and kitfile/) holds every game to
the protocols of scorer/protocol.py, through the typed parts of its descriptor: the tree checks
clean, and a game whose rules break the protocol (an `apply` that returns what it did, a rules
module without `words`) fails the check, naming what breaks it."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / ".ci" / "typecheck"

BROKEN_APPLY = '''
from pnpkit.scorer.games.trim_the_tree.moves import (as_played, candidates, chance, is_over, legal_moves, places,
                                                     read, repeats, to_move, why_illegal, words, write)
from pnpkit.scorer.games.trim_the_tree.state import State, Step


def apply(s: State, a: Step) -> tuple[int, int, int]:    # what it did, returned: not the protocol's None
    return 0, 0, 0
'''

WITHOUT_WORDS = '''
from pnpkit.scorer.games.trim_the_tree.moves import (apply, as_played, candidates, chance, is_over, legal_moves,
                                                     places, read, repeats, to_move, why_illegal, write)
'''

DESCRIPTOR = '''
from pnpkit.scorer.games.trim_the_tree.state import State, Step
from pnpkit.scorer.protocol import Rules


def _rules() -> "Rules[State, Step]":
    from broken import moves
    return moves
'''


def _layout(tmp: Path) -> Path:
    """The repository laid out as the installed package (what .ci/typecheck reads), and a config
    that reports the broken game's errors as it does a shipped game's."""
    pkg = tmp / "pnpkit"
    pkg.mkdir()
    for f in (ROOT / "pnpkit").glob("*.py"):
        (pkg / f.name).symlink_to(f)
    for d in ("serve", ):
        (pkg / d).symlink_to(ROOT / "pnpkit" / d)
    for d in ("generator", "scorer", "kitfile", "kits", "templates", "fonts"):
        (pkg / d).symlink_to(ROOT / d)
    return tmp


def _mypy(where: Path, cache: Path, *args: str) -> subprocess.CompletedProcess:
    if shutil.which("mypy") is None and subprocess.run([sys.executable, "-m", "mypy", "--version"],
                                                       capture_output=True).returncode != 0:
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    return subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir", str(cache), *args],
                          cwd=where, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "MYPYPATH": str(where)})


@pytest.fixture(scope="module")
def mypy_cache(tmp_path_factory) -> Path:
    """One mypy cache for this module's checks: the tree's check (.ci/typecheck takes it as mypy's
    MYPY_CACHE_DIR) fills it, and the broken games are checked against the shipped modules it
    holds (0.2 s of CPU instead of 2.4 s). Both lay the package out the same way, so mypy finds
    the same files by the same relative paths; what changed since is checked again."""
    return tmp_path_factory.mktemp("mypy-cache")


def test_the_tree_checks_clean(mypy_cache):
    r = subprocess.run(["bash", str(CHECK), sys.executable], capture_output=True, text=True, timeout=600,
                       env={**os.environ, "MYPY_CACHE_DIR": str(mypy_cache)})
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert "Success" in r.stdout


@pytest.fixture(scope="module")
def layout(tmp_path_factory) -> Path:
    """One layout for the broken games, checked with mypy_cache: the second against the shipped
    modules the checks before it cached; only the broken game's two files change between them,
    and mypy checks what changed again."""
    return _layout(tmp_path_factory.mktemp("typecheck"))


@pytest.mark.parametrize("moves, says", [(BROKEN_APPLY, "apply"), (WITHOUT_WORDS, "words")])
def test_a_game_that_breaks_the_protocol_fails_the_check(layout, mypy_cache, moves, says):
    where = layout
    broken = where / "broken"
    broken.mkdir(exist_ok=True)
    (broken / "__init__.py").write_text(DESCRIPTOR, encoding="utf-8")
    (broken / "moves.py").write_text(moves, encoding="utf-8")
    r = _mypy(where, mypy_cache, "-p", "broken")
    assert r.returncode == 1, r.stdout
    out = r.stdout
    assert 'broken/__init__.py' in out and 'expected "Rules[State, ' in out, out
    assert says in out, out
