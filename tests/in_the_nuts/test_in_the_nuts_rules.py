"""In the Nuts!: the rules the rulebook leaves open (rulings N7-N12) and the raccoon, David and
storage rules, each played from a position through `why_illegal` / `legal_moves` / `apply`."""
from __future__ import annotations

from in_the_nuts_positions import P, position, squirrels, store
from pnpkit.scorer.games.in_the_nuts import rules as R
from pnpkit.scorer.games.in_the_nuts.moves import apply, legal_moves, why_illegal
from pnpkit.scorer.games.in_the_nuts.state import END_JOKERS, OVER, ROLL, ROLL_OR_STOP, STEAL, TAKE, EndStore, Roll, Steal, Stop, Take
from pnpkit.scorer.games.in_the_nuts.storage import KEEP

NAMES = ["Anna", "Marlene", "Christine", "Uwe"]


def rule(s, a):
    why = why_illegal(s, a)
    return why.rule if why else None


def test_n7_no_squirrel_left_no_roll():
    s = position(NAMES, "Anna", {(4, "2-12"): {"Anna": 3}, (3, "2-6"): {"Anna": 2}, (3, "8-12"): {"Anna": 2},
                                 (2, "2-4"): {"Anna": 1}, (2, "5-6"): {"Anna": 1}, (2, "8-9"): {"Anna": 1},
                                 (2, "10-12"): {"Anna": 1}, (2, "7"): {"Anna": 1}})
    assert s.supply[0] == 3
    for roll in (Roll(1, (1, 2), 2), Roll(1, (3, 4), 4), Roll(2, (1, 4), 6)):
        apply(s, roll)
    assert s.supply[0] == 0 and s.phase == ROLL_OR_STOP
    assert rule(s, Roll(3, (3, 5), 8)) is R.N7
    assert legal_moves(s) == [Stop()]


def test_n8_two_sets_in_the_top_row_take_two_nuts_one_after_the_other():
    s = position(NAMES, "Anna", {(3, "2-6"): {"Marlene": 2, "Christine": 3}, (4, "2-12"): {"Marlene": 6}})
    apply(s, Roll(1, (1, 4), 5))
    apply(s, Stop())
    # Anna's one squirrel in 5-6 takes nothing; Christine collects in 2-6 and pushes Marlene's two up.
    assert s.names[s.actor] == "Christine"
    apply(s, Take("acorn", None, "beechnut", "2"))
    # Marlene has 8 at the top: two sets. The first takes 4 back; the second is still to come.
    assert s.names[s.actor] == "Marlene" and squirrels(s, 4, "2-12") == {"Marlene": 4} and s.queue == [1]
    apply(s, Take("beechnut", "2-4", "walnut", "2"))
    assert s.names[s.actor] == "Marlene" and squirrels(s, 4, "2-12") == {}
    apply(s, Take("walnut", "2-4", "acorn", "3"))
    assert s.phase == ROLL and s.names[s.active] == "Marlene"


def test_n9_two_of_a_kind_where_the_player_may_choose_need_the_place():
    s = position(NAMES, "Anna", {(2, "7"): {"Anna": 1}}, face_up=("walnut", "acorn", "walnut", "acorn"))
    apply(s, Roll(3, (4, 4), 7))
    apply(s, Stop())
    assert s.phase == TAKE                                                 # the raccoon: any face-up nut
    assert rule(s, Take("walnut", None, "hazelnut", "2")) is R.N9
    assert rule(s, Take("walnut", "8-9", "hazelnut", "2")) is None
    assert rule(s, Take("walnut", "5-6", "hazelnut", "2")) is R.RACCOON    # the nut under 5-6 is an acorn
    assert rule(s, Take("walnut", "3-5", "hazelnut", "2")) is R.FACE_UP


def test_n9_an_empty_place_gives_nothing_and_the_squirrels_still_go_back():
    s = position(NAMES, "Anna", {(2, "2-4"): {"Anna": 1, "Marlene": 1}})
    s.pile = s.aside = 0
    s.faceup[0] = None                          # taken at the very end, nothing left to replace it
    s.narrate = True
    apply(s, Roll(1, (1, 2), 2))
    apply(s, Stop())
    assert s.phase == ROLL and s.names[s.active] == "Marlene"
    assert squirrels(s, 2, "2-4") == {} and squirrels(s, 3, "2-6") == {"Marlene": 1}
    assert any("finds no nut to take at 2-4" in e for e in s.events)


def test_n12_no_card_left_no_new_card():
    s = position(NAMES, "Anna", {(2, "2-4"): {"Anna": 1}})
    s.pile = s.aside = 0
    apply(s, Roll(1, (1, 2), 2))
    apply(s, Stop())
    assert rule(s, Take("acorn", None, "walnut", "2")) is R.N12
    assert rule(s, Take("acorn", None, None, "2")) is None
    s2 = position(NAMES, "Anna", {(2, "2-4"): {"Anna": 1}})
    apply(s2, Roll(1, (1, 2), 2))
    apply(s2, Stop())
    assert rule(s2, Take("acorn", None, None, "2")) is R.REPLACED


def test_n12_the_draw_pile_runs_out_mid_collection_and_the_game_ends_after_the_checks():
    s = position(NAMES, "Anna", {(2, "2-4"): {"Anna": 1, "Marlene": 1}, (3, "2-6"): {"Marlene": 2, "Uwe": 2},
                                 (4, "2-12"): {"Christine": 3, "Uwe": 5}})
    s.pile = 1                                   # the last card of the draw pile
    apply(s, Roll(1, (1, 2), 2))
    apply(s, Stop())
    apply(s, Take("acorn", None, "hazelnut/acorn", "2"))      # the draw pile is used up: the 8 come in
    assert s.ending and s.pile == 8 and s.aside == 0
    # The checks go on: Marlene (pushed into 2-6: 3) collects, pushing Uwe's 2 up to the top.
    assert s.names[s.actor] == "Marlene"
    apply(s, Take("walnut", None, "beechnut", "2"))
    # Uwe has 7 at the top: one collection in the checks, then the end pushes everything up and the
    # last picks begin, nearest clockwise after Anna: Christine (3) has none, Uwe (3) none, Anna (1) none.
    assert s.names[s.actor] == "Uwe"
    apply(s, Take("hazelnut", None, "walnut", "3"))
    # The checks are over: everything is pushed up, and no one has four for a last pick.
    assert s.phase == OVER
    assert squirrels(s, 4, "2-12") == {"Christine": 3, "Uwe": 3}


def test_n12_last_picks_go_round_once_each_player_taking_all_theirs():
    s = position(NAMES, "Marlene", {(2, "2-4"): {"Marlene": 1}, (2, "8-9"): {"Anna": 1},
                                    (3, "8-12"): {"Anna": 2, "Christine": 1}, (4, "2-12"): {"Anna": 3, "Uwe": 3}})
    s.pile = 1
    apply(s, Roll(1, (1, 2), 2))
    apply(s, Stop())
    apply(s, Take("acorn", None, "walnut", "2"))
    # The end: Anna 1 + 2 + 3 = 6, Christine 1, Uwe 3 at the top. Picks from Christine (after Marlene):
    # Christine none, Uwe none, Anna one.
    assert s.stage == 1 and s.names[s.actor] == "Anna"          # LAST
    assert squirrels(s, 4, "2-12") == {"Anna": 2, "Christine": 1, "Uwe": 3}
    assert rule(s, Take("hazelnut", None, None, "2")) is R.REPLACED
    assert rule(s, Take("acorn", None, "beechnut", "2")) is R.LAST_PICKS
    apply(s, Take("walnut", "2-4", "beechnut", "2"))
    assert s.phase == OVER


JOKER_KEPT = ("walnut/acorn", KEEP)           # a first nut that leaves the storage cards empty


def test_raccoon_steals_after_the_face_up_nut_and_david_guards_the_robbed():
    s = position(NAMES, "Anna", {(2, "7"): {"Anna": 1}}, first=JOKER_KEPT)
    store(s, "Marlene", "3", "walnut", 2)
    store(s, "Christine", "2", "acorn", 2)                        # full: turned over
    store(s, "Uwe", "4", "hazelnut", 0, ["hazelnut/acorn"])       # only a joker
    apply(s, Roll(3, (4, 4), 7))
    apply(s, Stop())
    assert s.phase == TAKE and rule(s, Take("beechnut", None, "acorn", "2")) is None   # any face-up nut
    apply(s, Take("beechnut", None, "acorn", "2"))
    assert s.phase == STEAL
    assert {(a.victim, a.card) for a in legal_moves(s)} == {(1, "3")}
    assert rule(s, Steal(0, "2", "3")) is R.RACCOON              # not from oneself
    assert rule(s, Steal(2, "2", "3")) is R.NOT_FULL             # a full card
    assert rule(s, Steal(3, "4", "3")) is R.NOT_FULL             # a joker is never stolen
    assert rule(s, Steal(1, "3", "2")) is R.ONE_KIND             # Anna's 2 holds a beechnut now
    apply(s, Steal(1, "3", "3"))
    assert s.david == 1 and s.cards[1]["3"].nuts == 1 and s.cards[0]["3"].kind == "walnut"
    assert s.phase == ROLL
    # Next raccoon field: Marlene is guarded by David.
    s2 = position(NAMES, "Christine", {(2, "7"): {"Christine": 1}}, first=JOKER_KEPT)
    s2.david = 1
    store(s2, "Marlene", "3", "walnut", 2)
    store(s2, "Anna", "2", "acorn", 1)
    apply(s2, Roll(3, (4, 4), 7))
    apply(s2, Stop())
    apply(s2, Take("acorn", None, "walnut", "2"))
    assert rule(s2, Steal(1, "3", "3")) is R.DAVID
    assert rule(s2, Steal(0, "2", "2")) is None


def test_n10_no_nut_to_steal_nothing_is_stolen_and_david_stays():
    s = position(NAMES, "Anna", {(2, "7"): {"Anna": 1}}, first=JOKER_KEPT)
    s.david, s.narrate = 2, True
    apply(s, Roll(3, (4, 4), 7))
    apply(s, Stop())
    apply(s, Take("beechnut", None, "acorn", "2"))
    assert s.phase == ROLL and s.david == 2
    assert any("no nut can be stolen: David stays with Christine" in e for e in s.events)
    assert rule(s, Steal(1, "3", "3")) is R.RACCOON


def test_n10_a_card_emptied_by_theft_takes_any_kind():
    s = position(NAMES, "Anna", {(2, "7"): {"Anna": 1}}, first=JOKER_KEPT)
    store(s, "Marlene", "2", "walnut", 1)
    apply(s, Roll(3, (4, 4), 7))
    apply(s, Stop())
    apply(s, Take("beechnut", None, "acorn", "2"))
    apply(s, Steal(1, "2", "3"))
    assert s.cards[1]["2"].kind is None


def test_n11_storing_at_once_keeping_jokers_and_the_box():
    s = position(NAMES, "Anna", {(2, "2-4"): {"Anna": 1}}, face_up=("walnut/acorn", "walnut", "hazelnut", "beechnut"))
    apply(s, Roll(1, (1, 2), 2))
    apply(s, Stop())
    j = "walnut/acorn"
    assert rule(s, Take(j, None, "acorn", "2")) is R.JOKER_KIND               # empty card: which kind?
    assert rule(s, Take(j, None, "acorn", "2", "hazelnut")) is R.JOKER_KIND   # not one it shows
    assert rule(s, Take(j, None, "acorn", "6")) is None                      # Anna's 6 holds walnuts
    assert rule(s, Take(j, None, "acorn", KEEP)) is None
    assert rule(s, Take(j, None, "acorn", None)) is R.JOKER_KEPT             # stored or kept, not dropped
    s2 = position(NAMES, "Anna", {(2, "2-4"): {"Anna": 1}})
    apply(s2, Roll(1, (1, 2), 2))
    apply(s2, Stop())
    assert rule(s2, Take("acorn", None, "walnut", KEEP)) is R.STORE_AT_ONCE
    assert rule(s2, Take("acorn", None, "walnut", None)) is R.STORE_AT_ONCE
    assert rule(s2, Take("acorn", None, "walnut", "6")) is R.ONE_KIND         # 6 holds walnuts
    assert rule(s2, Take("acorn", None, "walnut", "9")) is R.EIGHT_CARDS
    assert rule(s2, Take("acorn", None, "walnut", "2", "walnut")) is R.N2
    for name, card in s2.cards[0].items():                                   # every card full or walnut
        if name != "6":
            store(s2, "Anna", name, "walnut", card.size)
    assert rule(s2, Take("acorn", None, "walnut", "6")) is R.N11             # no card can: the box
    assert rule(s2, Take("acorn", None, "walnut", None)) is None
    apply(s2, Take("acorn", None, "walnut", None))
    assert all(c.kind != "acorn" for c in s2.cards[0].values())


def test_n11_kept_jokers_are_stored_at_the_end_and_only_then():
    s = position(NAMES, "Anna", {(2, "2-4"): {"Anna": 1}}, face_up=("walnut/acorn", "walnut", "hazelnut", "beechnut"))
    s.pile = 1
    apply(s, Roll(1, (1, 2), 2))
    assert rule(s, EndStore(0, "walnut/acorn", "6")) is R.N11
    apply(s, Stop())
    apply(s, Take("walnut/acorn", None, "acorn", KEEP))
    assert s.phase == END_JOKERS and s.kept[0] == ["walnut/acorn"]
    assert rule(s, EndStore(0, "walnut/acorn", KEEP)) is R.STORED_AWAY
    assert rule(s, EndStore(1, "walnut/acorn", "6")) is R.JOKER_KEPT          # Marlene kept none
    assert rule(s, EndStore(0, "walnut/acorn", "2")) is R.JOKER_KIND         # empty: which kind?
    apply(s, EndStore(0, "walnut/acorn", "2", "acorn"))
    assert s.phase == OVER and s.cards[0]["2"].kind == "acorn"


def test_the_double_nut_takes_the_card_that_replaced_the_first():
    s = position(NAMES, "Anna", {(2, "2-4"): {"Anna": 1, "Uwe": 1}, (2, "8-9"): {"Anna": 1}})
    for roll in (Roll(1, (1, 2), 2), Roll(1, (2, 3), 3), Roll(3, (1, 1), 4), Roll(4, (4, 5), 8)):
        apply(s, roll)
    apply(s, Stop())
    assert squirrels(s, 2, "2-4") == {"Anna": 2} and squirrels(s, 3, "2-6") == {"Uwe": 1}
    apply(s, Take("acorn", None, "hazelnut", "2"))
    assert s.again and s.names[s.actor] == "Anna"
    assert rule(s, Take("acorn", None, "walnut", "3")) is R.DOUBLE_NUT     # the acorn is gone: a hazelnut now
    apply(s, Take("hazelnut", None, "walnut", "3"))
    assert not s.again and s.sec == P.board.find(2, "8-9").index          # Anna again, but a new section
    assert rule(s, Take("acorn", None, "walnut", "3")) is R.ROW_2


def test_the_rules_play_chance_apart_from_the_decisions_as_a_record_entry_holds_them():
    """The Rules protocol (scorer/game.py): the decision to roll, then the dice as chance, then the
    space they offer; a nut picked, then the card that replaces it as chance; stopping is END_TURN.
    The same turn played as the record's entries (a roll with its dice, a take with its new card)
    ends in the same position."""
    from pnpkit.scorer.game import END_TURN
    from pnpkit.scorer.games.in_the_nuts.moves import chance, legal_moves, read, to_move, write
    from pnpkit.scorer.games.in_the_nuts.state import ROLL_AGAIN, Draw, Pick, Throw
    s = position(NAMES, "Anna", {(2, "2-4"): {"Anna": 1}})
    assert to_move(s) == 0 and legal_moves(s) == [ROLL_AGAIN] and not chance(s)
    apply(s, ROLL_AGAIN)
    assert to_move(s) is None and len(chance(s)) == 126 and legal_moves(s) == []
    apply(s, Throw(1, (1, 2)))
    assert to_move(s) == 0 and legal_moves(s) == [Roll(1, (1, 2), 2), Roll(1, (1, 2), 3)]
    assert rule(s, Roll(1, (1, 3), 2)) is R.ROLL                  # not the dice thrown
    apply(s, Roll(1, (1, 2), 2))
    assert legal_moves(s) == [ROLL_AGAIN, END_TURN] and write(s, END_TURN) == "end the turn"
    assert read(s, "end the turn") == END_TURN == read(s, "stop") and read(s, "roll") == ROLL_AGAIN
    apply(s, END_TURN)
    assert s.phase == TAKE and Pick("acorn", None, "2") in legal_moves(s)
    apply(s, Pick("acorn", None, "2"))
    assert to_move(s) is None and Draw("hazelnut") in chance(s)
    apply(s, Draw("hazelnut"))
    entries = position(NAMES, "Anna", {(2, "2-4"): {"Anna": 1}})
    for a in (Roll(1, (1, 2), 2), Stop(), Take("acorn", None, "hazelnut", "2")):
        assert why_illegal(entries, a) is None
        apply(entries, a)
    assert (s.phase, s.active, s.faceup, s.cards[0]["2"].contents(), s.counts) == \
        (entries.phase, entries.active, entries.faceup, entries.cards[0]["2"].contents(), entries.counts)
