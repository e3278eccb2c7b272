"""NUTS `start:` positions (docs/records/nuts.md, issue 27): any position between turns - between
rounds or in the middle of one - written as `start:` with the rest of the record after it replays to
the same end and the same scores as the whole record; impossible positions are refused at their key."""
from __future__ import annotations

import copy
import random

import pytest
import yaml
from click.testing import CliRunner

from pnpkit.kitfile.source import as_model
from pnpkit.cli import cli
from pnpkit.kitfile import load_kit
from pnpkit.scorer.api import score_text
from pnpkit.scorer.games.nuts import sim
from pnpkit.scorer.games.nuts.record import Record
from pnpkit.scorer.games.nuts import GAME
from pnpkit.scorer.replay import replay as _driven
from pnpkit.scorer.games.nuts.position import start_of
from test_nuts_log import _game


def replay(record, kit):
    """The move log through the one replay driver: (the position where it stops, what it found)."""
    return _driven(GAME, record, kit)

KIT = load_kit("nuts", components=False)
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def _score(data: dict):
    return score_text(yaml.safe_dump(data, sort_keys=False), "nuts.yaml")


def _random_game(seed: int, players: int) -> dict:
    rng = random.Random(seed)
    m = sim.new(KIT, NAMES[:players], None, rng)
    while m.to_move() is not None:
        m.play(m.sample(rng))
    return m.record()


def cuts(record: dict, every: int = 1):
    """(the record cut at a turn boundary as `start:` + the rest, where it was cut) for every
    `every`-th boundary: after a round's start and after each turn, mid-round ones included."""
    rounds = record["rounds"]
    k = 0
    for r, rnd in enumerate(rounds):
        for t in range(len(rnd["turns"]) + 1):
            k += 1
            if k % every:
                continue
            head = {**record, "rounds": rounds[:r] + [{**rnd, "turns": rnd["turns"][:t]}]}
            s, _ = replay(as_model(Record, head), KIT)
            if s.over:
                continue
            rest = copy.deepcopy(rounds[r + 1:])
            if not s.round_over:
                rest.insert(0, {"turns": copy.deepcopy(rnd["turns"][t:])})
            start = start_of(s, list(record["players"]))
            assert ("hunger" in start) == (not s.round_over)
            yield {"game": "nuts", "players": record["players"], "start": start, "rounds": rest}, (r + 1, t)


def _same_end(a, cut: dict, where) -> None:
    """The cut scores as the whole game did (`a`, the whole's result: scored once a game)."""
    b = _score(cut)
    assert b.violations == [], (where, b.violations[:2])
    assert [(p.name, p.total, p.breakdown) for p in b.players] == [(p.name, p.total, p.breakdown) for p in a.players], where
    assert b.finished == a.finished and b.ranking == a.ranking, where


def test_the_documented_game_cut_after_any_turn_scores_40_and_24():
    whole = _game()
    scored, seen = _score(whole), 0
    for cut, where in cuts(whole):
        _same_end(scored, cut, where)
        seen += 1
    assert seen == 8 + 5 + 7 - 3            # rounds of 7, 4 and 6 turns: every boundary but the last three
    #                                         (after round 3, turn 4 no one holds an Action token: the game is over)


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 2)])
def test_random_legal_games_cut_in_the_middle_of_a_round_replay_to_the_same_result(seed, players):
    whole = _random_game(seed, players)
    scored = _score(whole)
    assert scored.violations == []
    seen = [where for cut, where in cuts(whole, every=7) if _same_end(scored, cut, where) is None]
    assert any(t for _, t in seen), "no cut in the middle of a round"


def test_moves_from_a_start_in_the_middle_of_a_round():
    cut, _ = next((c, w) for c, w in cuts(_game()) if w == (2, 1))
    cut["rounds"] = []
    r = CliRunner().invoke(cli, ["moves", "-", "--json"], input=yaml.safe_dump(cut, sort_keys=False))
    assert r.exit_code == 0, r.output
    assert '"to_move": "Ann"' in r.output.replace("\n", "") or '"to_move":"Ann"' in r.output


@pytest.mark.parametrize("change,key,words", [
    ({"next": "Zed"}, "start.next", "one of Ann, Ben"),
    ({"hunger": 5}, "start.hunger", "1 to 4"),
    ({"passes": 2}, "start.passes", "2 passes in a row end the round"),
])
def test_an_impossible_round_in_progress_is_refused_at_its_key(change, key, words):
    cut, _ = next((c, w) for c, w in cuts(_game()) if w == (2, 1))
    cut["start"].update(change)
    r = CliRunner().invoke(cli, ["check", "-"], input=yaml.safe_dump(cut, sort_keys=False))
    assert r.exit_code == 2 and key in r.output and words in r.output, r.output


def test_the_round_going_on_after_a_start_has_no_hunger_of_its_own():
    cut, _ = next((c, w) for c, w in cuts(_game()) if w == (2, 1))
    cut["rounds"][0]["hunger"] = 3
    r = CliRunner().invoke(cli, ["check", "-"], input=yaml.safe_dump(cut, sort_keys=False))
    assert r.exit_code == 2 and "write its turns only" in r.output, r.output


def test_the_documented_start_in_the_middle_of_a_round_scores_as_the_whole_game():
    import re
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "docs" / "records" / "nuts.md").read_text(encoding="utf-8")
    page = yaml.safe_load(re.search(r"scores\n40 and 24 as the whole game does:\n\n```yaml\n(.*?)```", text, re.S)[1])
    r = _score(page)
    assert r.valid and [p.total for p in r.players] == [40, 24]
    cut, _ = next((c, w) for c, w in cuts(_game()) if w == (2, 1))
    assert as_model(Record, page).start == as_model(Record, cut).start


def test_an_orders_line_that_begins_with_an_empty_slot_is_quoted_and_an_unquoted_one_says_so(tmp_path):
    """Issue 36: `orders: - al pi ...` is not YAML (a leading "- " is a list entry); the message
    shows the line quoted, and quoted it reads."""
    import re
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[2] / "docs/records/nuts.md").read_text(encoding="utf-8")
    example = next(b for b in re.findall(r"```yaml\n(.*?)```", doc, re.S) if "start:" in b and "  orders: " in b)
    line = next(x for x in example.splitlines() if x.startswith("  orders: "))
    slots = line.split(": ", 1)[1].split()
    empty_first = " ".join(["-", *slots[1:-1], slots[0]])      # the same cards, slot 1 empty
    bad, good = tmp_path / "bad.yaml", tmp_path / "good.yaml"
    bad.write_text(example.replace(line, f"  orders: {empty_first}"), encoding="utf-8")
    good.write_text(example.replace(line, f'  orders: "{empty_first}"'), encoding="utf-8")
    r = CliRunner().invoke(cli, ["score", str(bad)])
    assert r.exit_code == 2 and f'bad.yaml:{example.splitlines().index(line) + 1}:' in r.output
    assert 'a value that begins with "- " reads as a list in YAML: quote it, orders: "- al' in r.output
    assert CliRunner().invoke(cli, ["score", str(good)]).exit_code in (0, 1)
