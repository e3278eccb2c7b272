"""Shared scorer values: rule quotes come from the shipped texts; ranking settles ties in order."""
from __future__ import annotations

import pytest

from pnpkit.scorer import rulebook
from pnpkit.scorer.core import PlayerScore, Result, TieBreaker, rank


def score(name: str, points: int) -> PlayerScore:
    p = PlayerScore(name)
    p.add("points", points)
    return p


def test_quote_must_be_in_the_rulebook():
    rule = rulebook.section("chestnuts", "PLAY 4(c)", "Take one or more  Chestnuts from your Plate\nand eat them")
    assert rule.quote == "Take one or more Chestnuts from your Plate and eat them"
    with pytest.raises(ValueError):
        rulebook.section("chestnuts", "PLAY 4(c)", "Take all the Chestnuts")


def test_every_ruling_is_quotable():
    for rid in ["C1", "C12", "F8", "V7", "N5", "T4", "U7"]:
        r = rulebook.ruling(rid)
        assert r.id == f"ruling {rid}" and len(r.quote) > 20
    assert rulebook.ruling("U6").quote.startswith("Most nuts, then most Salt markers")


def test_rank_uses_tiebreakers_in_order_and_says_which():
    nuts = {"Ann": 10, "Ben": 12, "Cat": 12, "Dan": 12}
    salt = {"Ann": 0, "Ben": 3, "Cat": 3, "Dan": 1}
    scores = [score("Ann", 30), score("Ben", 20), score("Cat", 20), score("Dan", 20)]
    ranking, ties = rank(scores, [TieBreaker("most nuts", nuts.get), TieBreaker("most salt", salt.get)],
                         rulebook.ruling("U6"))
    assert ranking == [["Ann"], ["Ben", "Cat"], ["Dan"]]
    assert [(t.place, t.players) for t in ties] == [(2, ["Ben", "Cat"]), (4, ["Dan"])]
    assert ties[1].decided_by == "most salt"
    assert "shared" in ties[0].decided_by


def test_untied_ranking_has_no_tiebreaks():
    ranking, ties = rank([score("A", 3), score("B", 5)], [], rulebook.ruling("N4"))
    assert ranking == [["B"], ["A"]] and ties == []


@pytest.mark.parametrize("lowest", [False, True])
def test_a_table_with_no_two_equal_on_points_asks_no_tiebreaker(lowest):
    """A tie-breaker is read only for a tie (ten thousand NUTS sheets: most tables have none)."""
    def asked(name: str) -> int:
        raise AssertionError(f"a tie-breaker was asked about {name}")
    scores = [score("A", 3), score("B", 5), score("C", -1), score("D", 4)]
    ranking, ties = rank(scores, [TieBreaker("most nuts", asked)], rulebook.ruling("U6"), lowest=lowest)
    order = [["B"], ["D"], ["A"], ["C"]]
    assert ranking == (order[::-1] if lowest else order) and ties == []


def test_result_json_shape():
    p = score("Ann", 7)
    r = Result(game="nuts", players=[p], ranking=[["Ann"]])
    out = r.to_json()
    assert out == {"game": "nuts", "valid": True, "finished": True,
                   "players": [{"name": "Ann", "total": 7, "breakdown": [{"label": "points", "points": 7}]}],
                   "ranking": [["Ann"]], "winners": ["Ann"], "tiebreaks": [], "violations": []}


def test_a_breakdown_line_as_json_text_is_what_json_dumps_writes():
    """`--jsonl` writes each line's text made once (scorer/core.py Line.json_text): the very
    characters json.dumps writes, whatever the label holds."""
    import json
    from pnpkit.scorer.core import Line
    for line in (Line('a "quoted" \\ label\n', 3), Line("é ☃ \u2028", -2), Line("x", 0), Line("half", 2.5), Line("t", True)):
        assert line.json_text == json.dumps({"label": line.label, "points": line.points}, ensure_ascii=False)
