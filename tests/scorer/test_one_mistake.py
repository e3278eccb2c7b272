"""Issue 36: a verdict a table accepts. One mistake is one violation, and what follows from it is
replayed as the table played it (items 1); a violation is placed where it happened and names who
made it (item 2); NUTS' round ends for a player with no Action token left, pass written or not
(item 4). Each seen from the user's side: a record, `pnpkit score --json`, the violation with its
place and its rule."""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import yaml
from click.testing import CliRunner

from pnpkit.kitfile.source import as_model
from pnpkit.cli import cli

TESTS = Path(__file__).resolve().parents[1]
WON = yaml.safe_load((TESTS / "fair_verona" / "fair_verona_won.yaml").read_text(encoding="utf-8"))
NUTS_DOC = (TESTS.parent / "docs" / "records" / "nuts.md").read_text(encoding="utf-8")
NUTS = yaml.safe_load(re.search(r"### A whole game.*?```yaml\n(.*?)```", NUTS_DOC, re.S)[1])


def scored(data: dict) -> tuple[int, dict]:
    """`pnpkit score - --json` of a record: its exit code and its JSON."""
    done = CliRunner().invoke(cli, ["score", "-", "--json"], input=yaml.safe_dump(data, sort_keys=False))
    assert done.exit_code in (0, 1), done.output
    return done.exit_code, json.loads(done.output)


def told(out: dict) -> list[tuple[str, str, str]]:
    return [(v["where"], v["rule"], v["message"]) for v in out["violations"]]


# ---- item 1: one mistake, one report ------------------------------------------------------------

def test_a_helper_on_another_tile_is_not_counted_and_the_others_attempt_goes_on():
    """Turn 9: Ann names Cat, who stands on another tile, among her helpers. Cat's help is refused;
    Ann, Ben, Dan and the Friend still clear the 10 of spades (34 > 10), as the table played it, so
    Ann's move and the Clue Cards later are legal, and the game is still won in turn 50."""
    data = copy.deepcopy(WON)
    assert data["turns"][8]["clear"] == "10S with Ben, Dan friend 6S"
    data["turns"][8]["clear"] = "10S with Ben, Cat, Dan friend 6S"
    code, out = scored(data)
    assert code == 1
    assert told(out) == [('turn 9 (Ann), clear "10S with Ben, Cat, Dan friend 6S"', "Encounters",
                          "Cat is at [1, -1], not on Ann's tile [0, -1]: only people on the same tile help")]
    attempt = next(e for e in out["encounters"] if "10♠" in e["explain"])
    assert attempt["cleared"] and attempt["strength"] == 34
    assert attempt["explain"].endswith("total 34 > 10♠: cleared; not counted: Cat (at [1, -1])")
    assert out["outcome"] == "won" and out["turn"] == 50


def test_a_helper_who_cannot_help_leaves_an_attempt_that_fails_without_her_failed():
    """Without the helper the attempt falls short: it is not cleared, by the rules; no more is said
    of it than the helper's one violation until the player moves while holding the Encounter."""
    data = copy.deepcopy(WON)
    data["turns"] = data["turns"][:9]
    data["turns"][8] = {"take": "R8", "place": "0 -2 turned 270", "clear": "10S with Cat"}
    code, out = scored(data)
    assert [(w, r) for w, r, _ in told(out)] == [('turn 9 (Ann), clear "10S with Cat"', "Encounters")]
    assert out["encounters"][-1]["cleared"] is False
    assert out["encounters"][-1]["explain"].endswith("not cleared; not counted: Cat (at [1, -1])")


def test_a_tile_that_fits_set_aside_is_one_violation_and_the_encounter_it_deals_follows():
    """Turn 5: Ann sets R7 aside although it fits. The table laid it beside her and drew Ben's
    Encounter: the Encounter, Ann's attempt and the turn's end are as the table played them."""
    data = copy.deepcopy(WON)
    data["turns"] = data["turns"][:5]
    data["turns"][4] = {"draw": "R7", "place": "aside", "encounter": "5C",
                        "clear": "8D with Ben, Cat, Dan friend KC"}
    code, out = scored(data)
    assert told(out) == [('turn 5 (Ann), place "aside"', "Tile Placement",
                          "R7 fits at [0, 1] turned 90 (and 7 other places): a tile that can be played must be")]
    assert out["encounters"][-1]["cleared"] is True


def test_a_tile_laid_where_it_fits_but_not_next_to_the_meeple_is_one_violation_and_lies_there():
    data = copy.deepcopy(WON)
    data["turns"] = data["turns"][:6]
    data["turns"][5] = {"take": "R2", "place": "0 -2 turned 90"}        # Ben stands on [0, 0]
    code, out = scored(data)
    assert [(w, r) for w, r, _ in told(out)] == [('turn 6 (Ben), place "0 -2 turned 90"', "Tile Placement")]


def _nuts_claim_at_two_salt() -> dict:
    data = copy.deepcopy(NUTS)
    data["rounds"] = data["rounds"][:1]
    data["rounds"][0]["turns"][4]["claim"] = ["salty-mama"]      # Ann's Salt box holds 2 here (and at the end)
    return data


def test_nuts_salty_mama_claimed_with_two_salt_markers_is_reported_once_at_the_claim():
    code, out = scored(_nuts_claim_at_two_salt())
    assert code == 1
    assert told(out) == [('round 1, turn 5 (Ann), claim "salty-mama"', "Claim Goal Cards",
                          "salty-mama needs 3 markers in the Salt box; Ann has 2")]
    ann = next(p for p in out["players"] if p["name"] == "Ann")
    assert {"label": "goal Salty Mama (condition not met)", "points": 0} in ann["breakdown"]


def test_nuts_a_log_of_too_few_players_still_says_so():
    """The sheets' one check that is no step of the log, the number of players, is still made."""
    data = copy.deepcopy(NUTS)
    data["players"] = ["Ann"]
    data["setup"]["bonus"] = {"Ann": data["setup"]["bonus"]["Ann"]}
    data["rounds"] = [{"hunger": 2, "orders": data["rounds"][0]["orders"], "turns": []}]
    code, out = scored(data)
    assert ("players", "THE FACTORY") in [(w, r) for w, r, _ in told(out)]


# ---- item 2: placed where it happened ------------------------------------------------------------

def test_a_13th_almond_order_is_placed_at_its_card_and_cites_the_kits_12_orders_of_a_nut():
    """Round 1 flips ten almonds for slot 1 (each discarded: almond arrives there) before the record's
    own: its 13th almond, flipped for slot 10, cannot come from a deck of 12."""
    data = copy.deepcopy(NUTS)
    data["rounds"] = data["rounds"][:1]
    data["rounds"][0]["turns"] = data["rounds"][0]["turns"][:4]        # (Ann's Refill would flip a 14th)
    orders = data["rounds"][0]["orders"]
    data["rounds"][0]["orders"] = ["al"] * 10 + orders[1:]
    assert data["rounds"][0]["orders"].count("al") == 13
    code, out = scored(data)
    v = out["violations"][0]
    assert len(out["violations"]) == 1
    assert v["where"] == 'round 1 (Ann first), Order card 20 "al" (slot 10)'
    assert v["message"].startswith("no almond Order is left in the Order deck (al 0, ")
    assert v["rule"] == "COMPONENTS" and v["quote"].startswith("Order cards: 12 of each nut, 48 in all")


def test_a_violation_of_a_rounds_start_names_the_first_player_and_the_die():
    data = copy.deepcopy(NUTS)
    data["rounds"][1]["hunger"] = 7
    code, out = scored(data)
    assert told(out)[0] == ("round 2 (Ben first), hunger 7", "Starting a Round",
                            "the Hunger die (D4) shows 1 to 4, not 7")


# ---- item 4: NUTS, the round has ended for a player with no Action token -----------------------

def _without_passes_of_players_without_tokens(data: dict) -> tuple[dict, int]:
    """The record with every `pass` of a player holding no Action token taken out (found by
    replaying it: the position before each pass), and how many were."""
    from pnpkit.kitfile import load_kit
    from pnpkit.scorer.games.nuts import GAME
    from pnpkit.scorer.games.nuts.record import Record
    from pnpkit.scorer.games.nuts.state import Action
    from pnpkit.scorer.replay import replay
    out: list[tuple[int, int]] = []

    def seen(where: str, s, step) -> None:
        m = re.fullmatch(r"round (\d+), turn (\d+) \(\w+\)", where)
        if m and step == Action("pass") and s.me().tokens == 0:
            out.append((int(m[1]) - 1, int(m[2]) - 1))

    replay(GAME, as_model(Record, data), load_kit("nuts", components=False), watch=seen)
    data = copy.deepcopy(data)
    for r, t in sorted(out, reverse=True):
        del data["rounds"][r]["turns"][t]
    return data, len(out)


def test_nuts_the_whole_game_without_the_passes_of_players_without_tokens_is_the_same_game():
    """The game on the page closes each round with the passes of two players without tokens: all
    six left out, it is the same legal game, finished, 40 to 24."""
    data, left_out = _without_passes_of_players_without_tokens(NUTS)
    assert left_out == 6
    code, out = scored(data)
    assert code == 0 and out["valid"] and out["finished"], out["violations"][:2]
    assert {p["name"]: p["total"] for p in out["players"]} == {"Ann": 40, "Ben": 24}


def test_nuts_random_games_of_three_to_six_score_the_same_with_or_without_those_passes():
    """The simulator's legal games (it writes every pass), with the passes of players without tokens
    left out, mid-round ones too: the same verdict, scores and end."""
    import random

    from pnpkit.kitfile import load_kit
    from pnpkit.scorer.games.nuts import sim
    kit = load_kit("nuts", components=False)
    dropped = 0
    for seed, players in ((1, 3), (2, 4), (3, 5), (4, 6), (5, 3)):
        rng = random.Random(seed)
        m = sim.new(kit, ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][:players], None, rng)
        while m.to_move() is not None:
            m.play(m.sample(rng))
        whole = m.record()
        cut, n = _without_passes_of_players_without_tokens(whole)
        dropped += n
        (code_a, a), (code_b, b) = scored(whole), scored(cut)
        assert code_a == code_b == 0 and b["finished"] == a["finished"], (seed, b["violations"][:2])
        assert b["players"] == a["players"] and b["ranking"] == a["ranking"], seed
    assert dropped > 20


def test_nuts_a_missing_pass_names_the_player_who_could_still_play():
    """Round 1 written without its last three turns: Ann keeps 2 Action tokens and did not pass after
    Ben's play, so the round did not end there (Ben, without tokens, need not pass)."""
    data = copy.deepcopy(NUTS)
    data["rounds"][0]["turns"] = data["rounds"][0]["turns"][:4]
    code, out = scored(data)
    assert told(out)[0] == ("round 1, turn 5 (Ann)", "Ending a Round",
                            "round 1 ends here, but Ann could still play (Ann 2 Action tokens) and did not pass "
                            "after the last play")
