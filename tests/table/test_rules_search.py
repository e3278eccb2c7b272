"""`pnpkit rules GAME WORDS` answers the questions a table asks in its own words: the passage that
decides the question comes first (SQLite FTS5, stems, filler words left out, each kit's glossary)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnpkit.cli import cli
from pnpkit.scorer.search import groups

# (game, a question as a table asks it, the passages that may come first: the one that decides it,
# or its twin where a ruling restates the section)
QUESTIONS = [
    ("chestnuts", "what does it cost to add a flame", {"PLAY 4(b)", "Notes 1"}),
    ("chestnuts", "when does the game end", {"GAME END"}),
    ("chestnuts", "what happens when the fire overheats", {"Overheating", "ruling C11"}),
    ("chestnuts", "can I eat my opponent's chestnuts", {"PLAY 4(i)", "ruling C10"}),
    ("chestnuts", "what must I do when I roll a 3", {"PLAY 4(j)", "ruling C8"}),
    ("chestnuts", "who wins", {"ruling C12"}),
    ("chestnuts", "do unused nut points carry over", {"ruling C4"}),
    ("forest-fire", "does fire jump a firebreak", {"Difficulty", "ruling F3"}),
    ("forest-fire", "how do you win", {"ruling F5"}),
    ("forest-fire", "what can a pilot do", {"Pilots", "ruling F8"}),
    ("forest-fire", "what happens if a player is on a burning square at the end of the round", {"End of round"}),
    ("forest-fire", "how does a smoke jumper move", {"Smoke Jumpers", "ruling F7"}),
    ("fair-verona", "how is distance bonus counted", {"Distance Bonus"}),
    ("fair-verona", "when do we lose", {"End Game"}),
    ("fair-verona", "what happens when a joker is drawn", {"Jokers", "ruling V9"}),
    ("fair-verona", "how far can my meeple move", {"Movement", "ruling V18"}),
    ("fair-verona", "can I call a friend", {"Friends", "ruling V14"}),
    ("fair-verona", "where do clue tokens go", {"Clues", "ruling V16"}),
    ("in-the-nuts", "what if I cannot place a squirrel", {"Bad Roll"}),
    ("in-the-nuts", "when does the game end", {"The End of the Game"}),
    ("in-the-nuts", "how does the raccoon work", {"The Raccoon Fields", "ruling N10"}),
    ("in-the-nuts", "what are jokers for", {"Jokers", "ruling N2"}),
    ("in-the-nuts", "who goes first", {"Preparation"}),
    ("trim-the-tree", "who picks first next round", {"Passing the Bag", "ruling T3"}),
    ("trim-the-tree", "how do I score a triangle", {"3) Scoring"}),
    ("trim-the-tree", "when does the game end", {"Game end"}),
    ("trim-the-tree", "must I take the last ornament", {"Note", "ruling T3"}),
    ("nuts", "unfulfilled bonus card penalty", {"Plan", "FINAL SCORING", "ruling U5"}),
    ("nuts", "tie breaker", {"FINAL SCORING", "ruling U6"}),
    ("nuts", "how much does swap cost", {"Swap"}),
    ("nuts", "what does feeding the squirrel do", {"Feed the Squirrel"}),
    ("nuts", "when does the game end", {"Ending a Round", "ruling U7"}),
    ("nuts", "how are salt markers scored", {"FINAL SCORING", "ruling U3"}),
    # a long passage gathered the question's words from unrelated sentences (issue 36): Overheating
    # says "turn the counters over" and "the game" apart; Preparation has "two" and "storage cards"
    ("chestnuts", "when is the game over", {"GAME END"}),
    ("in-the-nuts", "can I put two kinds of nuts on one storage card", {"Putting Nuts in Storage", "ruling N1"}),
    # a plain word one passage happens to hold ("stored away", "share their victory") weighed more
    # than two of the game's own words the question also asks (issue 36)
    ("in-the-nuts", "do I have to store a joker right away", {"Jokers", "ruling N11", "ruling N2"}),
    # "two" counts nothing the rulebook answers ("only one squirrel in each of the spaces"), and the
    # board's 2-, 3- and 4-squirrel-areas are places, not squirrels
    ("in-the-nuts", "can two squirrels share a space", {"Playing the Game"}),
    # its deciding passage shares no word with it but an irregular form ("lose": "the game is lost"),
    # said twice there, once in Difficulty's aside "(Remember, the players still lose if ...)"
    ("forest-fire", "how do we lose", {"End of round", "ruling F4"}),
]

# questions the ranking cannot yet put first: the deciding passage is among the first three
IN_THREE = [
    # issue 36's last miss: "tie" is in no passage ("equal does not clear")
    ("fair-verona", "does a tie clear the encounter", {"Encounters", "Suit Multiplier", "ruling V6"}),
    # "cannot" is the rulebook's "can not"
    ("fair-verona", "what happens if I cannot place my tile", {"Tile Placement", "ruling V13"}),
]


def first(game: str, question: str) -> str:
    r = CliRunner().invoke(cli, ["rules", game, question, "--json"])
    assert r.exit_code == 0, (question, r.output)
    return json.loads(r.output)[0]["id"]


def test_at_least_30_questions_across_the_six_games():
    assert len(QUESTIONS) >= 30
    assert {g for g, _, _ in QUESTIONS} == {"chestnuts", "forest-fire", "fair-verona", "in-the-nuts", "trim-the-tree", "nuts"}


@pytest.mark.parametrize("game, question, deciding", QUESTIONS, ids=[f"{g}: {q}" for g, q, _ in QUESTIONS])
def test_the_deciding_passage_comes_first(game, question, deciding):
    assert first(game, question) in deciding


def test_filler_words_and_the_glossary():
    assert groups("who goes first?", {"goes first": ["starting player"]}) == [["goes first", "starting player"]]
    assert groups("what does it cost to add a flame", {}) == [["cost"], ["add"], ["flame"]]
    assert groups("does it do", {}) == []
    assert groups("can two squirrels share a space", {}) == [["squirrels"], ["share"], ["space"]]   # a count is filler
    assert groups("do I have to store it", {}) == [["have to"], ["store"]]         # "have to" asks what "must" does
    assert groups("the 3-squirrel area", {}) == [["3-squirrel-area", "3-squirrel area", "3-squirrel"]]


def test_a_board_s_hyphenated_name_is_one_word():
    # `3-squirrel-area` is a place: its "squirrel" is not the squirrels a question asks about, but
    # "the 3-squirrel area" and "face-up" are found as the rulebook writes them
    assert first("in-the-nuts", "how many squirrels do I need in the 3-squirrel area") == "Checking the 3-Squirrel-Area"
    found = [e["id"] for e in json.loads(CliRunner().invoke(cli, ["rules", "fair-verona", "face up tile", "--json"]).output)]
    assert {"Tile Placement", "ruling V13"} & set(found[:3])


def test_the_text_shows_the_best_passages_and_names_the_rest():
    r = CliRunner().invoke(cli, ["rules", "chestnuts", "fire"])
    every = [e["id"] for e in json.loads(CliRunner().invoke(cli, ["rules", "chestnuts", "fire", "--json"]).output)]
    assert r.exit_code == 0 and len(every) > 3
    shown = [line[:-1] for line in r.output.splitlines() if line[:-1] in every and line.endswith(":")]
    assert shown == every[:3]
    assert r.output.rstrip().splitlines()[-1] == "Also: " + ", ".join(every[3:])


@pytest.mark.parametrize("game, question, deciding", IN_THREE, ids=[f"{g}: {q}" for g, q, _ in IN_THREE])
def test_the_deciding_passage_is_among_the_first_three(game, question, deciding):
    r = CliRunner().invoke(cli, ["rules", game, question, "--json"])
    assert {e["id"] for e in json.loads(r.output)[:3]} & deciding


def test_a_passage_that_states_no_rule_comes_after_every_rule():
    # the designer's notes speak of ornaments, boxes and trees, as the rules do; credits name the game
    for game, question, aside in [("trim-the-tree", "what goes in the box", "Designer's notes"),
                                  ("chestnuts", "who drew the artwork for the chestnuts", "Credits")]:
        found = [e["id"] for e in json.loads(CliRunner().invoke(cli, ["rules", game, question, "--json"]).output)]
        assert aside in found and found.index(aside) == len(found) - 1, (question, found)


def test_a_question_is_answered_by_one_sentence_not_words_scattered_over_a_passage():
    from pnpkit.scorer.search import Index
    idx = Index([("Scattered", "Scattered", "Turn the counters over. Later on, continue the game."),
                 ("Together", "Together", "Nothing else here. The game is over when a player wins.")])
    assert [idx.passages[k][0] for k in idx.search([["game"], ["over"]])] == ["Together", "Scattered"]


def test_a_word_one_passage_happens_to_hold_does_not_outweigh_the_game_s_own_words():
    # "share" is in one passage of six ("share their victory"): by its count alone it said more than
    # "squirrels" and "space" together, which the passage that decides it holds in one sentence
    from pnpkit.scorer.search import Index
    idx = Index([("Victory", "A", "If there is another tie, the players share their victory."),
                 ("Spaces", "B", "Put your squirrels on empty spaces only.")]
                + [(f"P{k}", f"P{k}", "Your squirrels gather nuts.") for k in range(2)]
                + [(f"Q{k}", f"Q{k}", "Each space on the track is numbered.") for k in range(2)])
    assert [idx.passages[k][0] for k in idx.search([["squirrels"], ["share"], ["space"]])][0] == "Spaces"


def test_a_short_word_finds_its_plural():
    # too short to take an ending off, but the porter stemmer reads "Ties" as "ti": NUTS' ruling U6
    # ("Ties. Most nuts, then ...") was not found for "tie" at all
    found = [e["id"] for e in json.loads(CliRunner().invoke(cli, ["rules", "nuts", "what if there is a tie", "--json"]).output)]
    assert "ruling U6" in found[:3]


def test_a_passage_that_answers_twice_comes_before_an_aside_that_answers_once():
    from pnpkit.scorer.search import Index
    idx = Index([("Aside", "A", "Roll fewer for a challenge. (Remember, you still lose if the forest burns!)"),
                 ("Round", "B", "Then anyone on a fire is out. If every square burns, the game is lost. All out: lost.")])
    assert [idx.passages[k][0] for k in idx.search([["lose"]])] == ["Round", "Aside"]
