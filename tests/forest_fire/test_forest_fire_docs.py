"""The examples in docs/records/forest-fire.md do what the page says: the full example scores as
told, and its `start:` section (the same game written from the start of round 2, a bad position,
`pnpkit moves` from the start) prints what the page shows."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from pnpkit.kitfile.structs import convert
from pnpkit.cli import cli
from pnpkit.kitfile import load_kit
from pnpkit.scorer.api import score_text
from pnpkit.scorer.games import load

DOC = Path(__file__).resolve().parents[2] / "docs" / "records" / "forest-fire.md"
PAGE = DOC.read_text(encoding="utf-8")
FULL, FROM_ROUND_2 = re.findall(r"```yaml\n(.*?)```", PAGE, re.S)[:2]
REFUSED, MOVES = re.findall(r"```text\n(.*?)```", PAGE, re.S)[:2]
WON = {"outcome": "won", "fires": [], "out": [], "round": 2}


def run(args: list[str], text: str, tmp_path: Path, monkeypatch):
    (tmp_path / "game.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return CliRunner().invoke(cli, [*args, "game.yaml"])


def test_the_documented_example_is_legal_and_won_in_round_2():
    r = score_text(FULL, "forest-fire.md", explain=True)
    assert r.valid, r.violations
    assert r.extra == WON
    assert any("spreads to 4 5 (between 4 6 and burning 4 4)" in note for note in r.explain)


def test_the_start_example_is_the_full_example_from_round_2_and_is_won_there_too():
    kit, game = load_kit("forest-fire", components=False), load("forest-fire")
    full = yaml.safe_load(FULL)
    after_round_1 = game.table_of(convert({**full, "rounds": full["rounds"][:1]}, game.Record), kit).state
    written = game.part("start_of")(after_round_1, [p["name"] for p in full["players"]])
    documented = convert(yaml.safe_load(FROM_ROUND_2), game.Record)
    assert documented.start == convert({**yaml.safe_load(FROM_ROUND_2), "start": written}, game.Record).start
    r = score_text(FROM_ROUND_2, "forest-fire.md")
    assert r.valid and r.extra == WON


@pytest.mark.parametrize("cut", [0, 1])
def test_the_documented_game_cut_before_any_round_scores_as_the_whole_game(cut, tmp_path, monkeypatch):
    """What a user does: `pnpkit moves` where the record stops, the board written down as `start:`,
    the rest of the game after it; `pnpkit score --json` gives the same result."""
    kit, game = load_kit("forest-fire", components=False), load("forest-fire")
    full = yaml.safe_load(FULL)
    whole = run(["score", "--json"], FULL, tmp_path, monkeypatch)
    state = game.table_of(convert({**full, "rounds": full["rounds"][:cut]}, game.Record), kit).state
    players = [{"name": p["name"], "role": p["role"]} for p in full["players"]]
    cut_record = {"game": "forest-fire", "players": players, "start": game.part("start_of")(state, []),
                  "rounds": full["rounds"][cut:]}
    again = run(["score", "--json"], yaml.safe_dump(cut_record, sort_keys=False), tmp_path, monkeypatch)
    assert again.exit_code == whole.exit_code == 0, again.output
    assert json.loads(again.output) == json.loads(whole.output)


def test_a_bad_start_position_gets_the_one_message_the_page_shows(tmp_path, monkeypatch):
    bad = FROM_ROUND_2.replace("Ben: [4, 3]", "Ben: [4, 9]")
    r = run(["check"], bad, tmp_path, monkeypatch)
    assert r.exit_code == 2 and isinstance(r.exception, SystemExit)     # no traceback: exit 2, said once
    assert r.output.strip() == REFUSED.strip()


def test_moves_on_a_record_that_stops_at_its_start_shows_the_table_the_page_shows(tmp_path, monkeypatch):
    only_start = FROM_ROUND_2[:FROM_ROUND_2.index("rounds:")]
    r = run(["moves"], only_start, tmp_path, monkeypatch)
    assert r.exit_code == 0 and r.output.strip() == MOVES.strip()
