"""The CLI's conventions (issue 22): --json wherever a program may read a result, shell completion,
quoted words in `rules`, a PDF handed to `score`, and a replay that exits 1 says why."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnpkit.cli import cli

ROOT = Path(__file__).resolve().parents[2]
MID_TURN_BROKEN = "game: chestnuts\nplayers: [Ann, Ben]\nturns:\n  - roll: 6\n    actions: [a, e 2]\n  - roll: 6\n    actions: [a]\n"


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("command", ["list", "build", "export", "score", "check", "moves", "rules", "replay", "simulate"])
def test_every_command_with_a_result_has_json(command):
    assert "--json" in run(command, "--help").output


def test_simulate_help_names_every_game_it_plays():
    """The help's list of games is prose: this keeps it to the registry (scorer/games.GAMES)."""
    from pnpkit.scorer.games import GAMES, load
    said = set(re.findall(r"[\w-]+", run("simulate", "--help").output))
    assert {g for g in GAMES if load(g).sim} <= said


def test_list_json_names_every_kit():
    r = run("list", "--json")
    assert r.exit_code == 0
    kits = json.loads(r.output)
    assert [k["id"] for k in kits] == sorted(k["id"] for k in kits)
    assert {"chestnuts", "nuts", "fair-verona"} <= {k["id"] for k in kits}
    assert all(set(k) == {"id", "title", "players", "printable"} for k in kits)


def test_build_json_lists_what_was_written(kit_build, tmp_path):
    r = run("build", "chestnuts", "--paper", "a4", "--out", str(tmp_path), "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    (b,) = out["builds"]
    assert (b["kit"], b["paper"]) == ("chestnuts", "a4")
    assert b["pages"] == kit_build("chestnuts").manifest["pages"]
    assert Path(b["pdf"]).is_file() and Path(b["manifest"]).is_file()
    assert all(Path(f).is_file() for f in b["files"])
    assert out["warnings"] == []


def test_export_json_lists_the_files(tmp_path):
    kit = ROOT / "examples" / "tide-pools" / "tide-pools.yaml"
    r = run("export", str(kit), "--to", "png", "--dpi", "72", "--out", str(tmp_path), "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["kit"] == "tide-pools" and out["target"] == "png"
    assert out["files"] and all((Path(out["folder"]) / f).is_file() for f in out["files"])


def test_replay_that_exits_1_says_why(tmp_path):
    rec = tmp_path / "game.yaml"
    rec.write_text(MID_TURN_BROKEN)
    r = run("replay", str(rec), "--out", str(tmp_path))
    assert r.exit_code == 1
    assert "breaks the rules (2 violations" in r.output
    assert 'turn 2 (Ben), action 1 "a": on a roll of 6 the turn must begin' in r.output
    assert "(Notes 1)" in r.output
    assert "stops before the game's end" in r.output
    j = run("replay", str(rec), "--out", str(tmp_path), "--json")
    assert j.exit_code == 1
    out = json.loads(j.output)
    assert out["valid"] is False and out["steps"] == 6 and Path(out["page"]).is_file()
    assert [v["rule"] for v in out["violations"]] == ["Notes 1", "Notes 1"]


def test_rules_quoted_words_find_what_unquoted_words_find():
    quoted, unquoted = run("rules", "chestnuts", "end turn"), run("rules", "chestnuts", "end", "turn")
    assert unquoted.exit_code == 0
    assert quoted.exit_code == 0 and quoted.output == unquoted.output
    assert run("rules", "chestnuts", "notes 1").output == run("rules", "chestnuts", "notes", "1").output


def test_score_of_a_pdf_says_it_reads_records(kit_build):
    r = run("score", str(kit_build("chestnuts").pdf))
    assert r.exit_code == 2
    assert "this is a PDF, not a filled fillable score sheet" in r.output   # (tests/test_score_sheet_pdf.py)
    assert "docs/records.md" in r.output
    assert "UTF-8" not in r.output


def test_shell_completion_offers_kits_and_games():
    env = {**os.environ, "_PNPKIT_COMPLETE": "bash_complete", "COMP_WORDS": "pnpkit build ch", "COMP_CWORD": "2"}
    out = subprocess.run([sys.executable, "-m", "pnpkit"], env=env, capture_output=True, text=True).stdout
    assert "plain,chestnuts" in out.split()
    env.update(COMP_WORDS="pnpkit rules tr", COMP_CWORD="2")
    out = subprocess.run([sys.executable, "-m", "pnpkit"], env=env, capture_output=True, text=True).stdout
    assert out.split() == ["plain,trim-the-tree"]
