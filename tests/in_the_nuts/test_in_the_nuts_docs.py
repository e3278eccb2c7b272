"""The In the Nuts! move log in docs/records/in-the-nuts.md: the full game is legal and scores as the
page says, and the replay's account of turn 24 that the page shows is what --explain prints."""
from __future__ import annotations

import re
from pathlib import Path

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
        (3, ["Anna"], "most valuable full card", "ruling N4"), (4, ["Marlene"], "most valuable full card", "ruling N4")]
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
