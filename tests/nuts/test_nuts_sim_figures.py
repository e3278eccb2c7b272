"""`pnpkit simulate nuts` says how often the squirrel ate and how the bonus cards and goals decided
the games (issue 27), counted from the replayed records, the same whatever --jobs."""
from __future__ import annotations

import json
import re

from click.testing import CliRunner

from pnpkit.cli import cli
from pnpkit.scorer.api import score_file
from pnpkit.scorer.core import Line, PlayerScore, Result
from pnpkit.scorer.games.nuts import figures

WHAT = ["Orders the squirrel ate", "nuts scored", "bonus cards held", "bonus cards fulfilled",
        "bonus points, net", "goals claimed", "won by the bonus cards", "won by the goals"]


def simulate(*args):
    r = CliRunner().invoke(cli, ["simulate", "nuts", *map(str, args)])
    assert r.exit_code == 0, r.output
    return r.stdout


def test_the_figures_are_in_the_json_and_the_text_and_the_same_whatever_jobs(tmp_path):
    one = json.loads(simulate("--players", 3, "--games", 6, "--jobs", 1, "--json", "--save", tmp_path))
    two = json.loads(simulate("--players", 3, "--games", 6, "--jobs", 2, "--json"))
    assert one == two
    assert list(one["figures"]) == WHAT
    ate = one["figures"]["Orders the squirrel ate"]
    # the same count, read another way: every replayed record's --explain, "eats the ... Order"
    said = [score_file(tmp_path / f"nuts-{i:06d}.yaml", explain=True) for i in range(1, 7)]
    eaten = [sum(line.count(": eats the ") for line in r.explain) for r in said]
    assert ate["mean"] == round(sum(eaten) / 6, 4) and ate["min"] == min(eaten) and ate["max"] == max(eaten)
    assert max(eaten) > 0
    report = simulate("--players", 3, "--games", 6, "--jobs", 1)
    assert "Each game" in report and all(f"  {w} " in report for w in WHAT)
    won = one["figures"]["won by the goals"]
    k = round(won["mean"] * 6)                  # a yes-or-no figure: the games, their share, its interval
    assert re.search(rf"  won by the goals +{k} games? +{100 * k / 6:.1f}%  \(", report), report


def _result(*players: list[Line]) -> Result:
    return Result(game="nuts", players=[PlayerScore(n, list(lines)) for n, lines in zip("ABC", players)],
                  extra={figures.ATE: 4, figures.SCORED: 17})


def test_a_bonus_card_or_a_goal_that_changes_the_winner_is_counted():
    rows = Line("rows (1 complete x 5)", 5)
    by_bonus = _result([rows, Line("pe (3 tokens)", 6), Line("bonus B01 fulfilled (2 pe)", 5)],
                       [rows, Line("al (3 tokens)", 8), Line("bonus B02 not fulfilled (2 al, 1 ca)", -2)])
    got = dict(figures.summary(by_bonus, ["A", "B"]).figures)
    assert got == {"Orders the squirrel ate": 4, "nuts scored": 17, "bonus cards held": 2,
                   "bonus cards fulfilled": 1, "bonus points, net": 3, "goals claimed": 0,
                   "won by the bonus cards": 1, "won by the goals": 0}
    by_goal = _result([rows, Line("goal Salty Mama", 3)], [rows, Line("pe (1 token)", 1)])
    got = dict(figures.summary(by_goal, ["A", "B"]).figures)
    assert (got["won by the goals"], got["won by the bonus cards"], got["goals claimed"]) == (1, 0, 1)
    neither = _result([rows, Line("pe (3 tokens)", 9), Line("goal Salty Mama", 3)], [rows])
    assert dict(figures.summary(neither, ["A", "B"]).figures)["won by the goals"] == 0
