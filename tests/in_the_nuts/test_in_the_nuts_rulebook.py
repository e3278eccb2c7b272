"""In the Nuts!: the rulebook's own worked examples, replayed exactly as printed.

Anna's roll and Marlene's bad roll are whole records from the setup. Marlene's, Christine's and
Anna's pushes and picks start from the position the rulebook's pictures show (built here, since no
game from the setup reaches exactly it) and run through the same `why_illegal` / `apply` the
replay uses. Uwe's 33 points are scored by the storage scoring both records end in.
"""
from __future__ import annotations

import json

import pytest

from pnpkit.scorer.api import score_text
from pnpkit.scorer.games.in_the_nuts import rules as R
from pnpkit.kitfile.params.in_the_nuts import NamedCard
from in_the_nuts_positions import P, after_setup, position, squirrels
from pnpkit.scorer.games.in_the_nuts.moves import apply, legal_entries, why_illegal
from pnpkit.scorer.games.in_the_nuts.state import ROLL, TAKE, Roll, Stop, Take
from pnpkit.scorer.games.in_the_nuts.storage import Card, player_score
SETUP = {"nuts": ["acorn", "walnut", "hazelnut", "beechnut"],
         "first": {"Marlene": {"take": "walnut", "to": 2}, "Christine": {"take": "acorn", "to": 2},
                   "Anna": {"take": "hazelnut", "to": 3}, "Uwe": {"take": "beechnut", "to": 4}},
         "squirrels": {"Christine": ["2-4"], "Anna": ["5-6", "8-9"], "Uwe": ["2-4", "5-6", "10-12"]}}


def record(players, turns, setup=SETUP):
    return score_text(json.dumps({"game": "in-the-nuts", "players": players, "setup": setup, "turns": turns}),
                      "t.json", explain=True)


def where_rule(r):
    return [(v.where, v.rule) for v in r.violations]


# --- Anna's roll: green 2, white 1 and 6: space 3 or 8 -------------------------------------------

ANNA_FIRST = ["Anna", "Marlene", "Christine", "Uwe"]
ANNA_SETUP = dict(SETUP, squirrels={"Marlene": ["2-4"], "Christine": ["5-6", "8-9"], "Uwe": ["2-4", "5-6", "10-12"]})


@pytest.mark.parametrize("space", [3, 8])
def test_anna_may_put_her_squirrel_on_3_or_8(space):
    r = record(ANNA_FIRST, [{"rolls": [f"2 1 6 > {space}"]}], ANNA_SETUP)
    assert r.valid and not r.finished
    assert any(f"a squirrel on {space}" in n for n in r.explain)


@pytest.mark.parametrize("space", [2, 7, 9])
def test_anna_may_not_put_it_anywhere_else(space):
    r = record(ANNA_FIRST, [{"rolls": [f"2 1 6 > {space}"]}], ANNA_SETUP)
    assert where_rule(r) == [(f'turn 1 (Anna), roll 1 "2 1 6 > {space}"', "Playing the Game")]
    assert r.violations[0].quote == R.ROLL.quote
    assert "is not green 2 + a white die (3 or 8)" in r.violations[0].message


def test_anna_legal_moves_for_that_roll_are_3_and_8():
    s = after_setup(ANNA_FIRST)
    moves = [m for m in legal_entries(s) if isinstance(m, Roll) and (m.green, m.white) == (2, (1, 6))]
    assert sorted(m.space for m in moves) == [3, 8]


# --- Marlene's bad roll: green 4, white 5 and 6, with squirrels on 9 and 10 ------------------------

MARLENE_FIRST = ["Marlene", "Christine", "Anna", "Uwe"]


def test_marlene_bad_roll_ends_her_turn_and_takes_her_squirrels_back():
    r = record(MARLENE_FIRST, [{"rolls": ["3 6 1 > 9", "4 6 1 > 10", "4 5 6"]},
                               {"rolls": ["1 1 1 > 2"]}])
    assert r.valid, r.violations
    note = next(n for n in r.explain if n.startswith('turn 1 (Marlene), roll 3 "4 5 6"'))
    assert "9 or 10 taken: a bad roll; 2 squirrels back to the supply, the turn is over" in note
    assert any(n.startswith('turn 2 (Christine), roll 1 "1 1 1 > 2"') for n in r.explain)
    after = next(n for n in r.explain if n.startswith("after the setup"))
    assert "M Marlene: 15 squirrels in the supply" in after


def test_marlene_cannot_put_a_squirrel_on_9_or_10_again():
    r = record(MARLENE_FIRST, [{"rolls": ["3 6 1 > 9", "4 6 1 > 10", "4 5 6 > 10"]}])
    assert where_rule(r) == [('turn 1 (Marlene), roll 3 "4 5 6 > 10"', "Bad Roll")]
    assert r.violations[0].quote == R.BAD_ROLL.quote


def test_after_a_bad_roll_no_more_rolls_or_nuts():
    r = record(MARLENE_FIRST, [{"rolls": ["3 6 1 > 9", "4 6 1 > 10", "4 5 6", "1 1 1 > 2"]}])
    assert where_rule(r) == [('turn 1 (Marlene), roll 4 "1 1 1 > 2"', "Bad Roll")]


def test_a_roll_with_a_free_space_must_place_a_squirrel():
    r = record(MARLENE_FIRST, [{"rolls": ["3 6 1 > 9", "4 6 1"]}])
    assert where_rule(r) == [('turn 1 (Marlene), roll 2 "4 6 1"', "Playing the Game")]
    assert "a squirrel goes on 5 or 10" in r.violations[0].message


# --- Marlene, Christine and Anna: the pushes and the picks ----------------------------------------

def test_marlene_christine_and_anna_collect_as_the_rulebook_shows():
    # Marlene red, Christine blue, Anna white, Uwe black. Before Marlene's turn: one red and one blue
    # squirrel in 2-4; two blue, one white, one black, one red in 2-6; three white at the top.
    s = position(MARLENE_FIRST, "Marlene", {(2, "2-4"): {"Marlene": 1, "Christine": 1},
                                            (3, "2-6"): {"Christine": 2, "Anna": 1, "Uwe": 1, "Marlene": 1},
                                            (4, "2-12"): {"Anna": 3}})
    s.narrate = True
    for roll in (Roll(1, (1, 3), 2), Roll(2, (1, 5), 3)):      # squirrels on 2 and 3
        assert why_illegal(s, roll) is None
        apply(s, roll)
    apply(s, Stop())
    # "She now has three squirrels in the section ... She takes two of them back into her supply and
    # pushes Christine's blue squirrel up into the 3-squirrel-area. Marlene's third red squirrel stays."
    assert s.phase == TAKE and s.names[s.actor] == "Marlene"
    assert squirrels(s, 2, "2-4") == {"Marlene": 1}
    assert squirrels(s, 3, "2-6") == {"Marlene": 1, "Christine": 3, "Anna": 1, "Uwe": 1}
    assert "Marlene collects at 2-4 (2-squirrel area): 2 squirrels back to the supply (1 left there); pushed up " \
           "into 2-6 (3-squirrel area): Christine's 1" in s.events
    # "She takes the acorn and replaces it with a new nut from the draw pile."
    assert {m.card for m in legal_entries(s)} == {"acorn"}
    take = Take("acorn", None, "hazelnut", "2")
    assert why_illegal(s, take) is None
    wrong = why_illegal(s, Take("walnut", None, "hazelnut", "2"))
    assert wrong.rule is R.ROW_2 and "no walnut lies face up where Marlene may take" in wrong.message
    apply(s, take)
    # "She takes these back into her supply and pushes all squirrels belonging to the other players
    # (black, white and red) up into the 4-squirrel-area. Now, she gets to choose between the two nuts
    # below the "2-4" and the "5-6" section. She picks the walnut."
    assert s.names[s.actor] == "Christine" and s.phase == TAKE
    assert squirrels(s, 3, "2-6") == {}
    assert squirrels(s, 4, "2-12") == {"Marlene": 1, "Anna": 4, "Uwe": 1}
    assert {(m.card, m.place) for m in legal_entries(s)} == {("hazelnut", "2-4"), ("walnut", "5-6")}
    beech = why_illegal(s, Take("beechnut", None, "acorn", "3"))
    assert beech.rule is R.ROW_3 and "under 2-4: hazelnut; under 5-6: walnut" in beech.message
    apply(s, Take("walnut", None, "acorn", "3"))
    # "Now Anna has had a squirrel pushed into the 4-squirrel-area, which means that she has enough
    # squirrels there to collect a nut. She takes the four squirrels back into her supply and chooses
    # one of the four face-up nuts ... The other players' squirrels aren't pushed on."
    assert s.names[s.actor] == "Anna" and s.phase == TAKE
    assert squirrels(s, 4, "2-12") == {"Marlene": 1, "Uwe": 1}
    assert {(m.card, m.place) for m in legal_entries(s)} == {("hazelnut", "2-4"), ("acorn", "5-6"), ("hazelnut", "8-9"),
                                                          ("beechnut", "10-12")}
    assert why_illegal(s, Take("hazelnut", None, "walnut", "2")).rule is R.N9   # two hazelnuts: which one?
    apply(s, Take("hazelnut", "8-9", "walnut", "2"))
    # Everyone has collected: Christine's turn.
    assert s.phase == ROLL and s.names[s.active] == "Christine"
    assert s.supply == [13, 15, 15, 14] and s.faceup == ["hazelnut", "acorn", "walnut", "beechnut"]


def test_the_player_closest_clockwise_collects_first_and_keeps_their_squirrels():
    # Marlene's turn (seats: Anna, Marlene, Christine, Uwe). Her squirrel on 8 makes two in 8-9:
    # she collects and pushes Uwe's up into 8-12, where Christine and Uwe now have three each.
    names = ["Anna", "Marlene", "Christine", "Uwe"]
    s = position(names, "Marlene", {(2, "8-9"): {"Marlene": 1, "Uwe": 1},
                                    (3, "8-12"): {"Anna": 2, "Christine": 3, "Uwe": 2}})
    s.narrate = True
    apply(s, Roll(4, (4, 6), 8))
    apply(s, Stop())
    # Christine collects first (closest after Marlene, clockwise) and pushes only Anna's two: Uwe has
    # enough to collect himself (the rulebook's note on several players in one section).
    apply(s, Take("hazelnut", None, "walnut", "2"))
    assert s.names[s.actor] == "Christine"
    assert squirrels(s, 3, "8-12") == {"Uwe": 3}
    assert squirrels(s, 4, "2-12") == {"Anna": 2}
    apply(s, Take("walnut", None, "acorn", "2"))
    assert s.names[s.actor] == "Uwe"
    apply(s, Take("beechnut", None, "acorn", "3"))
    assert s.phase == ROLL and s.names[s.active] == "Christine"


# --- Uwe's 33 points -------------------------------------------------------------------------------

def test_uwe_scores_33_with_three_full_cards_and_two_partly_filled():
    cards = {c.name: Card(c) for c in P.cards}
    for name, kind, n, jokers in (("2", "walnut", 2, []), ("3", "acorn", 2, ["hazelnut/acorn"]),
                                  ("4", "hazelnut", 4, []), ("3b", "beechnut", 2, []), ("5", "walnut", 1, [])):
        for _ in range(n):
            cards[name].put(kind)
        for j in jokers:
            cards[name].put(kind, j)
    ps, best = player_score("Uwe", cards.values())
    assert [line.points for line in ps.breakdown] == [5, 10, 15, 2, 1] and ps.total == 33
    assert best == 15 and [c.full for c in cards.values()].count(True) == 3


def test_a_card_has_a_name_size_and_points_from_the_kit():
    assert [(c.name, c.size, c.points) for c in P.cards][:3] == [("2", 2, 5), ("2b", 2, 5), ("3", 3, 10)]
    assert isinstance(P.cards[0], NamedCard)
