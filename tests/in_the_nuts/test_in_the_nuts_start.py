"""In the Nuts!' `start_of`: the whole game of docs/records/in-the-nuts.md cut after a turn, the table
there written as `start:` and the rest of its turns after it, is what a user would write down at the
table, and `pnpkit score --json` gives the same result as the whole game."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from pnpkit.cli import cli
from pnpkit.kitfile import load_kit
from pnpkit.kitfile.structs import convert
from pnpkit.scorer.game import END_TURN
from pnpkit.scorer.games import load
from pnpkit.scorer.games.in_the_nuts.position import draw, start_of, state_from
from pnpkit.scorer.games.in_the_nuts.record import Start, params_of

DOC = Path(__file__).resolve().parents[2] / "docs" / "records" / "in-the-nuts.md"
WHOLE = re.search(r"### A whole game.*?```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)[1]
# after: Anna's first turn (stopped, nothing collected), the first theft (turn 13: David to Uwe), turn
# 24's four collections, turn 50 (Anna keeps a joker), and the last turn before the draw pile runs out
CUTS = [1, 13, 24, 50, 60]


def run(args: list[str], text: str, tmp_path: Path):
    (tmp_path / "r.yaml").write_text(text, encoding="utf-8")
    return CliRunner().invoke(cli, [*args, str(tmp_path / "r.yaml")])


def table_after(full: dict, k: int):
    """The state where turn k+1 begins: the table where the record stops after k turns, the k-th
    turn ended if the record leaves it open (a stop that collects nothing is written mid-record by
    the next turn alone)."""
    game, kit = load("in-the-nuts"), load_kit("in-the-nuts", components=False)
    state = game.table_of(convert({**full, "turns": full["turns"][:k]}, game.Record), kit).state
    rules = game.part("rules")
    if END_TURN in rules.legal_moves(state):
        rules.apply(state, END_TURN)
    return state, params_of(kit)


@pytest.mark.parametrize("k", CUTS)
def test_the_documented_game_cut_after_a_turn_scores_as_the_whole_game(k, tmp_path):
    full = yaml.safe_load(WHOLE)
    state, _ = table_after(full, k)
    cut = {"game": "in-the-nuts", "players": full["players"], "start": start_of(state, full["players"]),
           "turns": full["turns"][k:], "end": full["end"]}
    whole = run(["score", "--json"], WHOLE, tmp_path)
    again = run(["score", "--json"], yaml.safe_dump(cut, sort_keys=False), tmp_path)
    assert whole.exit_code == again.exit_code == 0, again.output
    assert json.loads(again.output) == json.loads(whole.output)


@pytest.mark.parametrize("k", CUTS)
def test_the_written_start_is_the_table_as_it_lies(k):
    """Everything the table shows (squirrels, supplies, face-up nuts, piles, David, storage cards,
    kept jokers) is the same read back from the written `start:`."""
    full = yaml.safe_load(WHOLE)
    state, params = table_after(full, k)
    start = start_of(state, full["players"])
    again = state_from(convert(start, Start), full["players"], params)
    assert draw(again) == draw(state)
    assert (again.active, again.supply, again.kept) == (state.active, state.supply, state.kept)


def test_the_cut_after_the_first_theft_writes_david_and_the_storage_cards():
    full = yaml.safe_load(WHOLE)
    start = start_of(table_after(full, 13)[0], full["players"])
    # turn 13, Anna's: the joker under 2-4 onto her walnuts, an acorn stolen from Uwe onto card 3
    assert start["next"] == "Marlene" and start["david"] == "Uwe" and start["kept"] == {}
    assert start["nuts"] == ["walnut", "beechnut/acorn", "acorn", "acorn"] and start["draw_pile"] == 36
    assert start["stores"]["Anna"] == [{"card": "3", "nut": "acorn", "nuts": 1},
                                       {"card": "3b", "nut": "walnut", "nuts": 2, "jokers": ["walnut/hazelnut"]}]
    assert start["stores"]["Uwe"] == [{"card": "3", "nut": "beechnut", "nuts": 1},
                                      {"card": "3b", "nut": "acorn", "nuts": 1}]
    assert start["squirrels"][3] == {"2-6": {"Anna": 1, "Marlene": 1, "Christine": 2}, "7": {"Marlene": 1},
                                     "8-12": {"Anna": 2, "Marlene": 2, "Uwe": 2}}


def test_a_joker_kept_is_written_as_kept():
    full = yaml.safe_load(WHOLE)
    start = start_of(table_after(full, 50)[0], full["players"])     # turn 50: Anna keeps a joker for the end
    assert start["kept"] == {"Anna": ["hazelnut/beechnut"]} and start["david"] == "Anna"


def test_a_turn_in_progress_is_no_start():
    full = yaml.safe_load(WHOLE)
    game, kit = load("in-the-nuts"), load_kit("in-the-nuts", components=False)
    rolling = game.table_of(convert({**full, "turns": full["turns"][:1]}, game.Record), kit).state
    with pytest.raises(ValueError, match="where a turn begins"):
        start_of(rolling, full["players"])
