"""The In the Nuts! move log in docs/records/in-the-nuts.md: the full game is legal and scores as the
page says, and the replay's account of turn 24 that the page shows is what --explain prints."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnpkit.kitfile import SourceError
from pnpkit.scorer.api import score_text

DOC = Path(__file__).resolve().parents[2] / "docs" / "records" / "in-the-nuts.md"
TEXT = DOC.read_text(encoding="utf-8")


def block(after: str, lang: str = "yaml") -> str:
    return re.search(re.escape(after) + rf".*?```{lang}\n(.*?)```", TEXT, re.S)[1]


def test_the_whole_game_is_legal_finished_and_scored_as_the_page_says():
    r = score_text(block("### A whole game"), "in-the-nuts.md", explain=True)
    assert r.valid, r.violations[:3]
    assert r.finished
    assert {p.name: p.total for p in r.players} == {"Anna": 29, "Marlene": 29, "Christine": 34, "Uwe": 41}
    assert r.ranking == [["Uwe"], ["Christine"], ["Anna"], ["Marlene"]]
    assert [(t.place, t.players, t.decided_by, t.rule) for t in r.tiebreaks] == [
        (3, ["Anna"], "most valuable full card", "The End of the Game; ruling N4"), (4, ["Marlene"], "most valuable full card", "The End of the Game; ruling N4")]
    assert "place 3: Anna (tied on 29): most valuable full card [ruling N4]" in TEXT


def test_the_explained_turn_on_the_page_is_what_the_replay_says():
    r = score_text(block("### A whole game"), "in-the-nuts.md", explain=True)
    said = "\n".join(r.explain)
    page = re.search(r"Turn 24 above:\n\n```\n(.*?)```", TEXT, re.S)[1]
    # The page wraps long lines (continuations indented by 6) and cuts some short with "...".
    lines = re.sub(r"\n {6}", " ", page).splitlines()
    for line in lines:
        for part in line.split("..."):
            part = part.strip(" ;")
            if part:
                assert part in said, part
    for picture in ("  4-squirrel area  2-12: A2 U3", "  3-squirrel area  2-6: - | 7*: M1 C1 | 8-12: -",
                    "  David            with Christine"):
        assert picture in said


def test_the_start_of_a_game_on_the_page_is_legal_and_unfinished():
    r = score_text(block("### A record"), "in-the-nuts.md", explain=True)
    assert r.valid and not r.finished
    assert any("3 + 5" not in n and "8 taken: a bad roll" in n for n in r.explain)
    assert any("Christine keeps the walnut/acorn joker" in n for n in r.explain)


TURN_24 = ("      - {take: acorn, new: hazelnut, to: 3}\n"
           "      - {take: hazelnut 8-9, new: beechnut, to: 3b}\n")


def test_a_pick_names_its_taker_and_a_wrong_one_is_reported_at_that_pick():
    # issue 36: turn 24, Anna collects before Marlene (closest to Uwe, clockwise); the table wrote who
    game = block("### A whole game")
    assert TURN_24 in game
    named = game.replace(TURN_24, TURN_24.replace("to: 3}", "to: 3, by: Anna}").replace("to: 3b}", "to: 3b, by: Marlene}"))
    r = score_text(named, "in-the-nuts.md")
    assert r.valid and {p.name: p.total for p in r.players} == {"Anna": 29, "Marlene": 29, "Christine": 34, "Uwe": 41}
    # the table collected in the wrong order, Marlene before Anna: one violation, at Marlene's pick,
    # quoting the rulebook's order first; the nuts go where the table put them
    swapped = game.replace(TURN_24, "      - {take: hazelnut, new: hazelnut, to: 3b, by: Marlene}\n"
                                    "      - {take: acorn, new: beechnut, to: 3, by: Anna}\n")
    r = score_text(swapped, "in-the-nuts.md")
    assert [(v.where, v.rule) for v in r.violations] == [
        ('turn 24 (Uwe), nut 2 (Anna) "take hazelnut, new hazelnut, to 3b, by Marlene"',
         "Checking the 3-Squirrel-Area; ruling N6")]
    v = r.violations[0]
    assert "the record has Marlene take this nut, but by the rules' order this pick at" in v.message
    assert v.quote.startswith("the first player to pick a nut is the one closest to the player whose turn it is")
    assert "Ruling N6:" in v.quote
    # a name that is no player is refused, naming the field
    with pytest.raises(SourceError, match=r"turns\[23\]\.nuts\[1\]\.by: no player named 'Ana'"):
        score_text(game.replace(TURN_24, TURN_24.replace("to: 3}", "to: 3, by: Ana}")), "in-the-nuts.md")
