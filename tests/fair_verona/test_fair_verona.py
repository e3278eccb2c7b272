"""Fair Verona encounter checks: every example of the rulebook's Distance Bonus and Suit Multiplier
sections, helpers, Friends, clearing, clues (V1-V7); one test per violation; cards as written."""
from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from pnpkit.kitfile import SourceError, load_kit
from pnpkit.scorer.api import score_text
from pnpkit.scorer.games.fair_verona.cards import RANKS, SUITS, Card, parse_card
from pnpkit.scorer.games.fair_verona.encounter import count, distance, resolve

PARAMS = load_kit("fair-verona").params


def run(*encounters, explain=False):
    record = {"game": "fair-verona", "encounters": list(encounters)}
    return score_text(yaml.safe_dump(record, sort_keys=False, allow_unicode=True), "enc.yaml", explain=explain)


def one(**encounter) -> dict:
    r = run(encounter)
    assert r.valid, r.violations
    return r.extra["encounters"][0]


# ---- the rulebook's examples ----------------------------------------------------------------------
# [east, north]; the encounter card is of another suit, so the strength is the person's count.

@pytest.mark.parametrize("card, at, worth, working", [
    ("QS", [1, 3], 9, "Q♠ 12 - 3 tiles = 9"),          # a Queen 3 tiles north and 1 east
    ("AS", [6, -2], 8, "A♠ 14 - 6 tiles = 8"),         # an Ace 2 tiles south and 6 east
    ("2S", [6, -7], 7, "2♠ max(2, 7 tiles) = 7"),      # a Two 7 south and 6 east
    ("8S", [9, -3], 9, "8♠ max(8, 9 tiles) = 9"),      # an Eight 3 south and 9 east
    ("5S", [-1, 2], 5, "5♠ max(5, 2 tiles) = 5"),      # a Five 2 north and 1 west is still 5
])
def test_distance_bonus_examples(card, at, worth, working):
    e = one(identity=card, at=at, card="2H")
    assert e["strength"] == worth
    assert e["explain"].startswith(working + ";")


@pytest.mark.parametrize("identity, card, strength, cleared, total", [
    ("7D", "QS", 7, False, "total 7 < Q♠ (12): not cleared"),     # 7 (♦) is not greater than Q (♠)
    ("10H", "10C", 10, False, "total 10 = 10♣: not cleared"),     # 10 (♥) is not greater than 10 (♣)
    ("4S", "7S", 8, True, "total 8 > 7♠: cleared"),               # 4♠ times 2 = 8, greater than 7
])
def test_suit_multiplier_examples(identity, card, strength, cleared, total):
    e = one(identity=identity, at=[0, 0], card=card)
    assert (e["strength"], e["cleared"]) == (strength, cleared)
    assert e["explain"].endswith(total)


def test_the_multiplier_doubles_after_the_distance_bonus():
    e = one(identity="KH", at=[2, 0], card="QH")
    assert e["strength"] == 22
    assert e["explain"] == "K♥ 13 - 2 tiles = 11, × 2 for ♥ = 22; total 22 > Q♥ (12): cleared"


def test_face_cards_never_below_zero():
    assert one(identity="AC", at=[0, -16], card="2H")["strength"] == 0


def test_helpers_count_from_their_tile_and_a_friend_adds_its_printed_value():
    e = one(identity="KH", at=[5, 0], card="9D", helpers=[{"identity": "3S", "at": [5, 0]}])
    assert e == {"strength": 13, "cleared": True, "clue": None,
                 "explain": "K♥ 13 - 5 tiles = 8; helper 3♠: max(3, 5 tiles) = 5; total 13 > 9♦: cleared"}
    e = one(identity="9C", at=[4, -2], card="KC", helpers=[{"identity": "JC"}], friend="QD")
    # 9♣ doubled = 18; J♣ 11 - 4 = 7, doubled = 14; the Friend Q♦ counts 12, no bonus or multiplier.
    assert e["strength"] == 18 + 14 + 12 and e["cleared"]
    assert "helper J♣: 11 - 4 tiles = 7, × 2 for ♣ = 14; friend Q♦: 12 (no bonus or multiplier)" in e["explain"]


def test_clue_matching():
    assert one(identity="KH", at=[0, 0], card="9D", clue="9C")["clue"] is True        # rank
    e = one(identity="2H", at=[0, 0], card="9D", clue="3D")                            # suit, not cleared
    assert e["clue"] is True and e["explain"].endswith("matches the Clue Card 3♦ in suit: the Clue Token stays on the encounter")
    assert one(identity="KH", at=[0, 0], card="9D", clue="3C")["clue"] is False
    e = one(identity="KH", at=[0, 0], card="9D", clue="JK")
    assert e["clue"] is None and "a Joker covers the Clue Card" in e["explain"]


def test_result_is_cooperative_and_unfinished():
    r = run({"identity": "KH", "at": [0, 0], "card": "9D"})
    out = r.to_json()
    assert out["outcome"] == "unfinished" and out["finished"] is False and out["valid"] is True
    assert "ranking" not in out and len(out["encounters"]) == 1


def test_encounter_arithmetic_is_callable_on_its_own():
    assert distance((-3, 7)) == 7
    c = count(Card("10", "H"), (0, 12), Card("2", "H"), PARAMS)
    assert (c.value, c.working) == (24, "max(10, 12 tiles) = 12, × 2 for ♥ = 24")
    out = resolve(Card("Q", "S"), (0, 0), Card("K", "S"), [], None, PARAMS)
    assert (out.strength, out.cleared) == (24, True)


# ---- violations ----------------------------------------------------------------------------------

def violations(**encounter):
    return [(v.rule, v.where) for v in run(encounter).violations]


def test_helper_on_another_tile_does_not_count():
    r = run({"identity": "KH", "at": [5, 0], "card": "9D", "helpers": [{"identity": "3S", "at": [4, 0]}]})
    assert [(v.rule, v.where) for v in r.violations] == [("Encounters", 'encounter 1, helper 1 "3♠"')]
    e = r.extra["encounters"][0]
    assert e["strength"] == 8 and not e["cleared"]
    assert e["explain"].endswith("not cleared; not counted: helper 3♠ (another tile)")


def test_one_friend_at_most():
    assert violations(identity="KH", at=[0, 0], card="9D", friend=["2C", "3C"]) == \
        [("ruling V5", 'encounter 1, friend 2 "3♣"')]


def test_a_card_is_one_person():
    assert violations(identity="KH", at=[0, 0], card="9D", helpers=[{"identity": "KH"}]) == \
        [("The Identity Card", 'encounter 1, helper 1 "K♥"')]


def test_more_helpers_than_other_players():
    helpers = [{"identity": c} for c in ["2C", "3C", "4C", "5C"]]
    assert violations(identity="KH", at=[0, 0], card="9D", helpers=helpers) == \
        [("Objective", 'encounter 1, helper 4 "5♣"')]


@pytest.mark.parametrize("where, encounter", [
    ('encounter 1, identity "Joker"', {"identity": "JK", "card": "9D"}),
    ('encounter 1, card "Joker"', {"identity": "KH", "card": "joker"}),
    ('encounter 1, helper 1 "Joker"', {"identity": "KH", "card": "9D", "helpers": [{"identity": "🃏"}]}),
    ('encounter 1, friend "Joker"', {"identity": "KH", "card": "9D", "friend": "JK"}),
])
def test_a_joker_is_not_a_person(where, encounter):
    assert violations(at=[0, 0], **encounter) == [("Jokers", where)]


# ---- cards as written ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, card", [
    ("QS", Card("Q", "S")), ("Q♠", Card("Q", "S")), ("q♤", Card("Q", "S")), ("10H", Card("10", "H")),
    ("TH", Card("10", "H")), ("10♥", Card("10", "H")), ("a d", Card("A", "D")), ("JK", Card("Joker", None)),
])
def test_card_notation(text, card):
    assert parse_card(text) == card


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(RANKS), st.sampled_from(list(SUITS)), st.booleans())
def test_every_card_reads_back_in_both_notations(rank, suit, symbol):
    text = rank + (SUITS[suit] if symbol else suit)
    card = parse_card(text)
    assert card == Card(rank, suit) and parse_card(str(card)) == card
    assert card.value(PARAMS.values) == {"J": 11, "Q": 12, "K": 13, "A": 14}.get(rank, rank.isdigit() and int(rank))


@pytest.mark.parametrize("bad", ["1S", "11H", "QX", "Q", "K♥♥", "ZZ"])
def test_not_a_playing_card_is_unreadable_naming_it_and_its_line(bad):
    text = f"game: fair-verona\nencounters:\n  - identity: KH\n    at: [0, 0]\n    card: {bad}\n"
    with pytest.raises(SourceError) as e:
        score_text(text, "enc.yaml")
    assert str(e.value).startswith(f"enc.yaml:5: encounters[0].card: {bad!r} is not a playing card")


def test_a_number_is_not_a_card():
    with pytest.raises(SourceError) as e:
        score_text("game: fair-verona\nencounters:\n  - {identity: KH, at: [0, 0], card: 9}\n", "enc.yaml")
    assert "enc.yaml:3: encounters[0].card: 9 is not a playing card" in str(e.value)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(RANKS), st.sampled_from(list(SUITS)), st.sampled_from(list(SUITS)),
       st.integers(-20, 20), st.integers(-20, 20))
def test_distance_lowers_face_cards_raises_number_cards_and_the_suit_doubles(rank, suit, against, e, n):
    card, enc = Card(rank, suit), Card("2", against)
    near = count(card, (0, 0), enc, PARAMS).value
    far = count(card, (e, n), enc, PARAMS).value
    if rank in ("J", "Q", "K", "A"):
        assert far <= near and far >= 0
    else:
        assert far >= near
    plain = count(card, (e, n), Card("2", next(s for s in SUITS if s != suit)), PARAMS).value
    assert far == (2 * plain if suit == against else plain)


def test_the_kit_holds_the_rulebooks_numbers():
    kit = load_kit("fair-verona")
    assert kit.game.players == "4"
    p = kit.params
    assert p.values == {**{str(v): v for v in range(2, 11)}, "J": 11, "Q": 12, "K": 13, "A": 14}
    assert [(d.name, d.clue_tokens, d.friends) for d in p.difficulties] == [
        ("Easy", 6, 2), ("Medium", 7, 1), ("Hard", 8, 0)]
    assert [m.tiles for m in p.movement] == [2, 4, 6] and p.tile_mm == 45 and p.jokers == 2


_card = st.one_of(st.builds(lambda r, s: r + s, st.sampled_from(RANKS), st.sampled_from(list(SUITS) + list(SUITS.values()))),
                  st.sampled_from(["JK", "KH", "KH", "9D"]))
_tile = st.lists(st.integers(-9, 9), min_size=2, max_size=2)
_encounter = st.fixed_dictionaries(
    {"identity": _card, "at": _tile, "card": _card},
    optional={"helpers": st.lists(st.fixed_dictionaries({"identity": _card}, optional={"at": _tile}), max_size=5),
              "friend": st.one_of(_card, st.lists(_card, max_size=3)), "clue": _card})


@settings(max_examples=80, deadline=None)
@given(st.lists(_encounter, min_size=1, max_size=3))
def test_any_encounter_record_is_scored_never_crashes(encounters):
    r = run(*encounters, explain=True)
    assert len(r.extra["encounters"]) == len(encounters) == len(r.explain)
    for e in r.extra["encounters"]:
        assert e["strength"] >= 0 and e["cleared"] in (True, False)
