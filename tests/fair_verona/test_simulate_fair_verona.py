"""`pnpkit simulate fair-verona`: the difficulties from the kit, the same figures whatever --jobs,
saved games that check clean, why games are lost (V20's endings, and the simulator's turn limit),
players that mean something, and one table for the simulator and the random legal player."""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from pnpkit.kitfile.structs import convert
from pnpkit.kitfile import load_kit
from pnpkit.cli import cli
from pnpkit.scorer import api
from pnpkit.scorer.games.fair_verona.cards import Card
from pnpkit.scorer.games import load
from pnpkit.scorer.games.fair_verona import sim
from pnpkit.scorer.games.fair_verona.deck import Deck
from pnpkit.scorer.games.fair_verona.record import Record
from pnpkit.scorer.games.fair_verona import GAME
from pnpkit.scorer.sim import match as matches
from pnpkit.scorer.sim.match import Setup
from pnpkit.scorer.sim.run import Batch, Spec, play, play_batch

KIT = load_kit("fair-verona", components=False)
LOSSES = {"every player has 2 or more face-up tiles", "every player is mired in an Encounter they cannot clear",
          "no face-down tile is left, so no Encounter can come, and no Clue Token is held or at stake"}


def simulate(*args):
    return CliRunner().invoke(cli, ["simulate", "fair-verona", *map(str, args)])


def figures(*args) -> dict:
    r = simulate(*args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_the_difficulties_come_from_the_kit_and_the_figures_do_not_move_with_jobs():
    one = figures("--games", 6, "--seed", 3, "--jobs", 1)
    assert one == figures("--games", 6, "--seed", 3, "--jobs", 2)
    assert [s["setup"] for s in one["setups"]] == [
        {"name": d.name, "clue tokens": d.clue_tokens, "friends": d.friends} for d in KIT.params.difficulties]
    assert one["games"] == 18 and one["players"] == 4 and one["replay"] == {"checked": 18, "faulty": 0, "faults": []}
    for s in one["setups"]:
        assert s["won"]["games"] + s["lost"]["games"] + s["unfinished"]["games"] == 6
        assert sum(s["reasons"].values()) == s["lost"]["games"] + s["unfinished"]["games"]
        assert set(s["reasons"]) <= LOSSES
    assert figures("--games", 6, "--seed", 4, "--jobs", 1) != one


def test_the_report_says_why_games_were_lost():
    r = simulate("--games", 5, "--setup", "medium", "--jobs", 1)
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert any(l.startswith("Setup ") and "Team" not in l for l in lines)    # no roles: no Team column
    why = lines.index("Why games were lost, or did not end:")
    assert lines[why + 1].startswith("  Medium (clue tokens 7, friends 1): every player has 2 or more face-up tiles")
    assert "not one of 5 games was won" in r.stdout


def test_saved_games_are_records_that_check_clean(tmp_path):
    r = simulate("--games", 3, "--setup", "Hard", "--player", "greedy,random,random,random", "--save", tmp_path,
                 "--jobs", 2)
    assert r.exit_code == 0, r.output
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == [f"fair-verona-00000{i}.yaml" for i in (1, 2, 3)]
    for f in files:
        result = api.score_file(f)
        assert result.valid and result.finished and result.extra["why"].split(" (")[0] in LOSSES, f.name
    assert CliRunner().invoke(cli, ["check", str(files[0])]).exit_code == 0
    assert CliRunner().invoke(cli, ["replay", str(files[0]), "--out", str(tmp_path / "page")]).exit_code == 0


def test_a_game_cut_off_at_the_turn_limit_is_unfinished_and_the_replay_agrees(monkeypatch):
    monkeypatch.setattr(sim, "MAX_TURNS", 6)
    spec = Spec("fair-verona", ("random",) * 4, Setup("Easy"), 4, 1)
    tally = play_batch(Batch(spec, 0, 4)).tally
    assert tally.faulty == 0 and tally.outcomes["unfinished"] + tally.outcomes["lost"] == 4
    assert tally.reasons.get("still playing after 6 turns", 0) == tally.outcomes["unfinished"] > 0


def test_a_won_game_counts_every_seat_as_winning():
    import yaml
    from pathlib import Path
    data = yaml.safe_load((Path(__file__).parent / "fair_verona_won.yaml").read_text())
    result = GAME.score_record(convert(data, Record), KIT)
    names = [p["name"] for p in data["players"]]
    assert sim.summary(result, names) == matches.Summary(True, (), (0, 1, 2, 3), "won", "")


def test_greedy_brings_clue_tokens_home_and_random_does_not():
    module = matches.module("fair-verona")
    returned = {}
    for kind in ("random", "greedy"):
        spec = Spec("fair-verona", (kind,) * 4, Setup("Easy"), 2, 5)
        returned[kind] = sum(play(spec, g, KIT, module).st.desk.returned for g in range(2))
    assert returned["greedy"] > returned["random"], returned


def test_search_plays_a_whole_turn_ahead_legally():
    module = matches.module("fair-verona")
    m = play(Spec("fair-verona", ("search", "random", "random", "random"), Setup("Hard"), 1, 3), 0, KIT, module)
    result = GAME.score_record(convert(m.record(), Record), KIT)
    assert result.valid and matches.summary(load("fair-verona"), result, m.names) == m.summary()


def test_a_scratch_copy_stops_where_chance_comes():
    m = sim.new(KIT, ["Ann", "Ben", "Cat", "Dan"], Setup("Medium"), random.Random(1))
    assert m.to_move() == 0 and m.legal() == [sim.DRAW]
    look = m.copy()
    look.play(sim.DRAW)
    assert look.turn_done() and look.to_move() is None and look.legal() == []
    assert m.st.hand is None and m.record()["turns"] == [{}]          # the game itself is untouched


@pytest.mark.parametrize("seed", [0, 1])
def test_the_random_legal_player_plays_the_simulators_table(seed):
    a = sim.random_record(KIT, random.Random(seed), max_turns=15)
    m = sim.new(KIT, ["Ann", "Ben", "Cat", "Dan"], Setup("Medium"), rng := random.Random(seed))
    m.max_turns = 15
    while m.to_move() is not None:
        m.play(rng.choice(m.legal()))
    assert a == m.record()


def test_asking_the_deck_what_may_come_does_not_shuffle_the_discards_in():
    """The discards come back at the draw: a question asked earlier must not bring them back early,
    or a card discarded in between would be left out of the next shuffle."""
    deck = Deck(jokers=0, out={Card(r, s) for s in "SHDC" for r in ("2", "3", "4")}, hidden=0)
    deck.discards = {Card(r, s) for s in "SHDC" for r in ("5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")}
    assert deck.size == 0
    assert deck.why_not(Card("5", "S")) is None and len(deck.may_come()) == 40
    assert len(deck.discards) == 40           # unchanged: only a draw shuffles them in
    deck.draw(Card("5", "S"))
    assert not deck.discards and deck.size == 39
