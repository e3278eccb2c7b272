"""`pnpkit check --explain` on a NUTS move log (issue 27, the spec's 3.3 layout): per action what it
did to the floor, per run the Matching Paths, the squirrel's rolls and steps, what he ate and what
the player scored, and each round's end."""
from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from pnpkit.cli import cli

DOC = Path(__file__).resolve().parents[2] / "docs" / "records" / "nuts.md"
GAME = re.search(r"### A whole game.*?```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)[1]


def _explain(tmp_path) -> list[str]:
    (tmp_path / "game.yaml").write_text(GAME, encoding="utf-8")
    r = CliRunner().invoke(cli, ["check", "--explain", str(tmp_path / "game.yaml")])
    assert r.exit_code == 0, r.output
    return r.output.splitlines()


def test_a_run_says_its_paths_the_squirrels_rolls_and_what_was_scored_on_two_lines(tmp_path):
    out = _explain(tmp_path)
    i = out.index("  round 1, turn 1 (Ann), run: Matching Paths 1->2 almond (salted), 2->1 cashew; "
                  "squirrel 2+2=4 Stop at 10;")
    assert out[i + 1] == "        Ann scores cashew (1), almond (1) + Salt (1)"
    assert ("  round 1, turn 4 (Ben), run: Matching Paths 2->1 cashew; squirrel 6+2=8 Hunt 9->8, 4+2=6 Scamper "
            "to 1: eats the cashew Order in slot 1 (Squirrel box 1)") in out
    assert ("  round 2, turn 2 (Ann), run: Matching Paths 3->3 peanut (salted), 4->4 pistachio; "
            "the squirrel is fed: no roll;") in out


def test_rounds_and_actions_are_said_in_the_specs_words(tmp_path):
    out = _explain(tmp_path)
    assert any(x.startswith("  round 1 (hunger 2, Ann first): orders flipped: al discarded (would match slot 1), "
                            "ca -> 1, al -> 2,") for x in out)
    assert ('  round 1, turn 1 (Ann), action 1 "build X 1:1-2": a Cross tile on 1:1-2 (15 Cross tiles left); '
            "2 tokens left") in out
    assert ('  round 1, turn 5 (Ann), action 1 "refill ca al ca": Order cards flipped: ca discarded (would match '
            "slot 1), al -> 1, ca -> 2; 1 token left") in out
    assert ('  round 3, turn 3 (Ann), action 1 "build SR 1:3-4": a splitter (tile B) from the right column on 1:3-4 '
            "(5 Splitter/Joiner B tiles left); 0 tokens left") in out
    assert "  end of round 1: complete rows Ann 0, Ben 0; tokens Ann 0, Ben 0" in out
    assert '  round 2, turn 2 (Ann), claim "salty-mama": Ann claims salty-mama (Salt box 3, needs 3)' in out
