"""Scoring an In the Nuts! record imports no pydantic (issue 40: `from pydantic import BaseModel`
alone was ~80 ms of a `pnpkit score`); nor does scoring a pad record (`kit:`) once its kit file's
models (kitfile/pad.py, the components) are msgspec's too."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _doc_record(heading: str) -> str:
    """The first record of docs/records/in-the-nuts.md after `heading`."""
    text = (ROOT / "docs" / "records" / "in-the-nuts.md").read_text(encoding="utf-8")
    return re.search(r"```yaml[^\n]*\n(.*?)```", text[text.index(heading):], re.S)[1]


def _imported(args: list[str], cwd: Path) -> tuple[subprocess.CompletedProcess, set[str]]:
    r = subprocess.run([sys.executable, "-X", "importtime", *args], capture_output=True, text=True, cwd=cwd,
                       timeout=120)
    return r, {line.rsplit("|", 1)[-1].strip() for line in r.stderr.splitlines() if line.startswith("import time:")}


@pytest.mark.parametrize("heading, exit_code", [("### A record", 0), ("### A whole game", 0),
                                                ("## The final storage cards", 0), ("### Violations", 1)])
def test_scoring_an_in_the_nuts_record_imports_no_pydantic(tmp_path, heading, exit_code):
    (tmp_path / "r.yaml").write_text(_doc_record(heading), encoding="utf-8")
    r, imported = _imported(["-m", "pnpkit", "score", "r.yaml"], tmp_path)
    assert r.returncode == exit_code, r.stderr[-2000:]
    assert "pnpkit.scorer.games.in_the_nuts.record" in imported
    assert sorted(m for m in imported if m.split(".")[0] in ("pydantic", "pydantic_core")) == []


def test_an_unreadable_in_the_nuts_record_is_said_without_pydantic(tmp_path):
    (tmp_path / "r.yaml").write_text("game: in-the-nuts\nplayers: [Anna, Uwe]\nsetup:\n  nuts: [acorn]\n"
                                     "  first: {Anna: {take: peanut}}\n", encoding="utf-8")
    r, imported = _imported(["-m", "pnpkit", "score", "r.yaml"], tmp_path)
    assert r.returncode == 2 and "r.yaml:5: setup.first.Anna.take: cannot read nut card 'peanut'" in r.stderr
    assert sorted(m for m in imported if m.split(".")[0] in ("pydantic", "pydantic_core")) == []


def test_scoring_a_pad_record_imports_no_pydantic():
    r, imported = _imported(["-m", "pnpkit", "score", "game.yaml"], ROOT / "examples" / "moth-and-lamp")
    assert r.returncode == 0, r.stderr[-2000:]
    assert "pnpkit.scorer.pad" in imported
    assert sorted(m for m in imported if m.split(".")[0] in ("pydantic", "pydantic_core")) == []
