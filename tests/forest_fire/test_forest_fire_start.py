"""A Forest Fire record from a `start:` position, as a user writes one: every position that cannot
exist is refused with one message naming its line and what is expected (exit 2, no traceback), and
a board already won or lost takes nothing after it."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnpkit.cli import cli

RECORD = """\
game: forest-fire
players:
  - {name: Ann, role: hotshot}
  - {name: Ben, role: smoke-jumper}
  - {name: Cat, role: pilot}
start:
  round: 3
  fires: [[5, 5, 2], [5, 6, 1], [2, 2, 1]]
  firebreaks: [[4, 4]]
  at: {Ann: [2, 3], Ben: [3, 2]}
"""


def run(args: list[str], text: str, tmp_path, monkeypatch):
    (tmp_path / "game.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return CliRunner().invoke(cli, [*args, "game.yaml"])


@pytest.mark.parametrize("old, new, said", [
    ("[5, 6, 1]", "[5, 6]", "game.yaml:8: start.fires[1]: expected [down, across, counters], 3 whole numbers; got 2 entries"),
    ("[5, 6, 1]", "[5, 7, 1]", "game.yaml:8: start.fires[1]: [5, 7] is not a forest square (1-6 down and across)"),
    ("[2, 2, 1]", "[5, 5, 1]", "game.yaml:8: start.fires[2]: 5 5 is listed twice (also fires[0]): give its counters once"),
    ("[2, 2, 1]", "[4, 4, 1]", "game.yaml:8: start.fires[2]: 4 4 has a Firebreak: fire never lies there (ruling F3)"),
    ("[2, 2, 1]", "[2, 2, 0]", "game.yaml:8: start.fires[2]: 0 counters: a burning square has 1 or more"),
    ("[[4, 4]]", "[[4, 4], [1, 1], [1, 2], [1, 3], [1, 4]]", "game.yaml:9: start.firebreaks: 5 Firebreaks; the kit has 4"),
    ("Ben: [3, 2]", "Ben: [0, 0]", "game.yaml:10: start.at.Ben: [0, 0] is neither a forest square nor a space of the "
                                   "ring (ruling F1)"),
    ("Ben: [3, 2]", "Ben: [3]", "game.yaml:10: start.at.Ben: expected [down, across], 2 whole numbers; got 1 entries"),
    ("Ben: [3, 2]}", "Ben: [3, 2], Cat: [1, 1]}", "game.yaml:10: start.at.Cat: Cat is a pilot, never on the board: "
                                                  "leave them out of `at`"),
    ("Ben: [3, 2]}", "Ben: [3, 2]}\n  out: [Cat]", "game.yaml:11: start.out[0]: Cat is a pilot, never out (ruling F8): "
                                                   "leave them out of `out`"),
    ("Ben: [3, 2]}", "Ben: [3, 2]}\n  out: [Ben]", "game.yaml:10: start.at.Ben: Ben is out (`out`), no longer on the "
                                                   "board: leave them out of `at`"),
    ("Ann: [2, 3], Ben: [3, 2]}", "Ann: [2, 3]}\n  out: [Ben, Ben]", "game.yaml:11: start.out[1]: Ben is listed twice"),
    ("Ann: [2, 3], Ben: [3, 2]}", "Ann: [2, 3]}", "game.yaml:10: start.at: where does Ben (smoke-jumper) stand? Give "
                                                  "`Ben: [down, across]`, or list Ben under `out`"),
    ("Ben: [3, 2]}", "Ben: [3, 2], Dan: [0, 1]}", "game.yaml:10: start.at.Dan: 'Dan' is not a player (Ann, Ben, Cat)"),
    ("round: 3", "round: 0", "game.yaml:7: start.round: expected at least 1, got 0"),
])
def test_a_position_that_cannot_exist_gets_one_message_with_its_line(old, new, said, tmp_path, monkeypatch):
    assert old in RECORD
    r = run(["check"], RECORD.replace(old, new), tmp_path, monkeypatch)
    assert r.exit_code == 2 and isinstance(r.exception, SystemExit), r.output
    assert r.output.strip() == f"pnpkit: {said}"


def test_a_start_with_a_setup_or_a_players_own_start_is_refused_at_its_line(tmp_path, monkeypatch):
    text = RECORD.replace("{name: Ann, role: hotshot}", "{name: Ann, role: hotshot, start: [0, 1]}")
    r = run(["check"], text, tmp_path, monkeypatch)
    assert r.exit_code == 2
    assert r.output.strip() == "pnpkit: game.yaml:3: players[0].start: with a `start:` position, say where each " \
                               "player stands in `start.at`"


@pytest.mark.parametrize("changes, outcome", [
    ({"fires: [[5, 5, 2], [5, 6, 1], [2, 2, 1]]": "fires: []"}, "won"),                              # F5
    ({"at: {Ann: [2, 3], Ben: [3, 2]}": "out: [Ann, Ben]"}, "unfinished"),                     # the pilot plays on
    ({"at: {Ann: [2, 3], Ben: [3, 2]}": "out: [Ann, Ben]", "  - {name: Cat, role: pilot}\n": ""}, "lost"),  # F4
])
def test_a_board_already_won_or_lost_is_over_and_takes_nothing_after_it(changes, outcome, tmp_path, monkeypatch):
    text = RECORD
    for old, new in changes.items():
        assert old in text
        text = text.replace(old, new)
    r = run(["score", "--json"], text, tmp_path, monkeypatch)
    assert r.exit_code == 0 and json.loads(r.output)["outcome"] == outcome, r.output
    then = "{Ann: [move N], Cat: [refill]}" if "Cat" in text else "{Ann: [move N]}"
    later = run(["check"], text + f"rounds:\n  - moves: {then}\n", tmp_path, monkeypatch)
    if outcome == "unfinished":
        assert later.exit_code == 1 and "Ann went out in round 2" in later.output, later.output
    else:
        assert later.exit_code == 1 and "nothing after that is played" in later.output, later.output
