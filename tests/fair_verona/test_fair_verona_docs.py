"""docs/records/fair-verona.md: its examples score as the page says (the encounter checks, the
whole game log, and the same game from the start of its turn 12)."""
from __future__ import annotations

import re
from pathlib import Path

from pnpkit.scorer.api import score_text

DOC = Path(__file__).resolve().parents[2] / "docs" / "records" / "fair-verona.md"


def _examples() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    return {"start" if "\nstart:" in b else "log" if "\nturns:" in b else "encounters": b for b in blocks}


def test_the_documented_encounters_score_as_documented():
    text = DOC.read_text(encoding="utf-8")
    r = score_text(_examples()["encounters"], "fair-verona.md")
    assert r.valid and r.extra["outcome"] == "unfinished"
    got = [(e["strength"], e["cleared"]) for e in r.extra["encounters"]]
    assert got == [(13, True), (8, True), (14, False), (10, False)]
    for e in r.extra["encounters"]:
        assert e["explain"].split(";")[0] in text


def test_the_documented_game_is_legal_and_ends_as_the_page_says():
    r = score_text(_examples()["log"], "fair-verona.md", explain=True)
    assert r.valid, r.violations
    assert r.extra["outcome"] == "lost" and r.extra["turn"] == 27
    assert r.extra["why"].startswith("every player has 2 or more face-up tiles")
    assert r.extra["clue_tokens"] == {"returned": 3, "total": 7}
    said = "\n".join(r.explain)
    # what the comments in the example point out happens where they say
    assert 'turn 2 (Ben), clear "2H with Ann, Cat, Dan friend 5C"' in said and "(1 of 7)" in said
    assert 'turn 6 (Ben), take "R1"' in said
    assert "a Joker turns up for the Encounter" in said and "Dan is back in the Old Town: 1 Joker discarded" in said
    assert 'turn 20 (Dan), place "0 -1": Dan lays J at [0, -1]: a completed city, a Friend for Dan' in said
    assert 'turn 22 (Ben), place "-3 1 turned 270": Ben lays O at [-3, 1] turned 270: a shield, a Friend' in said
    assert 'turn 13 (Ann), clear "AC with Ben, Cat"' in said and "1 Encounter still held: the turn is over" in said


def test_the_documented_start_scores_as_the_whole_game_from_its_turn_12():
    whole = score_text(_examples()["log"], "fair-verona.md")
    r = score_text(_examples()["start"], "fair-verona.md", explain=True)
    assert r.valid, r.violations
    assert r.extra["encounters"] == whole.extra["encounters"][-len(r.extra["encounters"]):]
    assert len(r.extra["encounters"]) == 10     # the attempts of turns 12-27
    assert {k: v for k, v in r.extra.items() if k != "encounters"} == \
        {k: v for k, v in whole.extra.items() if k != "encounters"}
    said = "\n".join(r.explain)
    assert said.startswith("start: the table at the start of turn 12")
    assert "turn 12 (Dan), move \"any 0 0\"" in said and "the Clue Token is back with Verona (3 of 7)" in said


def test_the_documented_refusal_and_moves_from_the_start_are_what_pnpkit_prints(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from pnpkit.cli import cli
    text = DOC.read_text(encoding="utf-8")
    start = _examples()["start"]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.yaml").write_text(start.replace("Ben: {at: -1 0 bank W,", "Ben: {at: -1 0,"), encoding="utf-8")
    r = CliRunner().invoke(cli, ["check", "game.yaml"])
    assert r.exit_code == 2 and r.output.strip() in text, r.output
    (tmp_path / "game.yaml").write_text(start[:start.index("turns:")] + "turns: []\n", encoding="utf-8")
    r = CliRunner().invoke(cli, ["moves", "game.yaml"])
    assert r.exit_code == 0 and r.output.strip() in text, r.output
