"""Fair Verona's game log: every rule checked where it is broken, with its rule (rulings V8-V20 and
the rulebook), the game's end, random legal games that check clean, and every single-action
mutation that breaks a rule caught at that action."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnpkit.kitfile.structs import convert
from pnpkit.kitfile import load_kit
from pnpkit.scorer.games.fair_verona.cards import parse_card
from pnpkit.scorer.games.fair_verona import notation
from pnpkit.scorer.game import END_TURN
from pnpkit.scorer.games.fair_verona import moves
from pnpkit.scorer.games.fair_verona.moves import apply, deal_clue, end_turn, legal_moves, why_illegal
from pnpkit.scorer.games.fair_verona.notation import parse_text, write
from pnpkit.scorer.games.fair_verona.record import Record
from pnpkit.scorer.games.fair_verona.explain import turn_actions
from pnpkit.scorer.games.fair_verona import GAME
from pnpkit.scorer.games.fair_verona.state import FACE_DOWN, SETUP_STEPS, AfterEnd
from pnpkit.scorer.replay import replay
from pnpkit.scorer.games.fair_verona.sim import random_record
from pnpkit.scorer.games.fair_verona.state import Held, Person, State

KIT = load_kit("fair-verona", components=False)
NAMES = ["Ann", "Ben", "Cat", "Dan"]


def log(*turns: dict, clue="9C", difficulty="Medium", ids=("KH", "3S", "9D", "QC")) -> dict:
    return {"game": "fair-verona", "difficulty": difficulty, "clue": clue,
            "players": [{"name": n, "identity": i} for n, i in zip(NAMES, ids)], "turns": list(turns)}


def check(data: dict, explain: bool = False):
    return GAME.score_record(convert(data, Record), KIT, explain=explain)


def broken(data: dict) -> list[tuple[str, str]]:
    return [(v.where, v.rule) for v in check(data).violations]


# the river's start: R5 turned 270 puts its city against the Old Town, its river north-south
R5 = {"draw": "R5", "place": "1 0 turned 270"}


def test_a_legal_start():
    r = check(log(R5, {"draw": "R2", "place": "1 1 turned 90"}), explain=True)
    assert r.valid and r.extra["outcome"] == "unfinished" and not r.finished
    assert "Ann lays R5 at [1, 0] turned 270" in "\n".join(r.explain)


@pytest.mark.parametrize("turn, where, rule", [
    ({"draw": "D", "place": "1 0"}, 'turn 1 (Ann), draw "D"', "Setup"),                     # the River first
    ({"draw": "R5", "place": "2 0 turned 270"}, 'turn 1 (Ann), place "2 0 turned 270"', "Tile Placement"),  # not next to the meeple
    ({"draw": "R5", "place": "1 0"}, 'turn 1 (Ann), place "1 0"', "Tile Placement"),         # river side against a city
    ({"draw": "R5", "place": "aside", "encounter": "5H"}, 'turn 1 (Ann), place "aside"', "Tile Placement"),   # it fits
    ({"draw": "R2", "place": "aside"}, "turn 1 (Ann)", "Tile Placement"),                    # no Encounter drawn
    ({"place": "1 0"}, 'turn 1 (Ann), place "1 0"', "Tile Placement"),                       # nothing drawn
    ({"take": "R2", "place": "1 0"}, 'turn 1 (Ann), take "R2"', "Tile Placement; ruling V13"),               # not face up
    ({"draw": "R2", "place": "aside", "encounter": "KH"}, 'turn 1 (Ann), encounter "KH"', "The Identity Card"),
    ({"draw": "R5", "place": "1 0 turned 270", "friend": "JK"}, 'turn 1 (Ann), friend "JK"', "Tile Placement"),
    ({"draw": "R5", "place": "1 0 turned 270", "move": "road 1 0"}, 'turn 1 (Ann), move "road 1 0"', "Movement; ruling V17"),
    ({"draw": "R5", "place": "1 0 turned 270", "move": "any 3 0"}, 'turn 1 (Ann), move "any 3 0"', "Movement"),
    ({"draw": "R5", "place": "1 0 turned 270", "give": "Ann to Ben"}, 'turn 1 (Ann), give "Ann to Ben"', "Clues"),
    ({"draw": "R5", "place": "1 0 turned 270", "clue": "5S"}, 'turn 1 (Ann), clue "5S"', "Clues"),
    ({"draw": "R5", "place": "1 0 turned 270", "clear": "5S"}, 'turn 1 (Ann), clear "5S"', "Encounters; ruling V15"),
])
def test_each_rule_is_checked_where_it_is_broken(turn, where, rule):
    assert (where, rule) in broken(log(turn))


def test_the_river_continues_and_does_not_turn_back():
    # R6 (two city caps) fits the Old Town west of it, but joins no river
    assert ('turn 2 (Ben), place "-1 0 turned 90"', "Tile Placement; ruling V12") in broken(log(R5, {"draw": "R6", "place": "-1 0 turned 90"}))
    # R7 bends the river coming in from the east to the south; R3 below it may not bend it back
    start = {"draw": "R7", "place": "1 0 turned 270"}
    assert not broken(log(start, {"draw": "R3", "place": "1 -1 turned 90"}))
    assert broken(log(start, {"draw": "R3", "place": "1 -1 turned 180"}))[0] == ('turn 2 (Ben), place "1 -1 turned 180"', "Tile Placement; ruling V12")


def test_an_unplayable_tile_deals_the_next_player_an_encounter_and_the_clue_match_takes_the_token():
    data = log({"draw": "R2", "place": "aside", "encounter": "9H"}, clue="9C")
    r = check(data, explain=True)
    said = "\n".join(r.explain)
    assert r.valid and "9♥ is Ben's Encounter: it matches the Clue Card 9♣ in rank, so the Clue Token is its prize" in said
    # Ben cannot move while he holds it; he clears it with the Friend he was dealt
    data["turns"].append({"draw": "R5", "place": "1 0 turned 270", "move": "any 1 0"})
    assert ('turn 2 (Ben), move "any 1 0"', "Encounters") in broken(data)
    data["turns"][-1] = {"draw": "R5", "place": "1 0 turned 270", "clear": "9H with Ann, Cat friend 8D"}
    r = check(data, explain=True)
    said = "\n".join(r.explain)
    assert "the Clue Token goes to Ben; the Clue Token is back with Verona (1 of 7)" in said
    assert r.violations[-1].where == "turn 2 (Ben)" and r.violations[-1].rule == "Clues"   # the next Clue Card is owed
    data["turns"][-1]["clue"] = "QS"
    assert check(data).valid and check(data).extra["clue_tokens"] == {"returned": 1, "total": 7}


def test_one_attempt_a_turn_helped_by_the_players_on_the_same_tile():
    st = state()
    st.map.place("R5", 3, (1, 0), 1)
    st.stacks = {k: {c: 0 for c in v} for k, v in st.stacks.items()}        # no tile to attempt
    ann, ben, cat, dan = st.people
    ann.encounters = [Held(parse_card("QD")), Held(parse_card("4C"))]
    cat.spot = (1, 0, 0)
    st.begin_turn(0)
    assert act(st, "clear QD with Cat").rule.id == "Encounters"           # Cat is on [1, 0]
    assert act(st, "clear QD friend 5H").rule.id == "Friends"             # no Friend dealt here
    assert act(st, "clear 9H").rule.id == "Encounters; ruling V15"                    # not Ann's
    assert act(st, "move any 1 0").rule.id == "Encounters"               # Encounters held: no move
    did = act(st, "clear QD with Ben, Dan")                               # 13 + 3 + 12 = 28 > 12
    assert "total 28 > Q♦ (12): cleared" in did and "1 Encounter still held: the turn is over" in did
    assert act(st, "clear 4C").rule.id == "Encounters; ruling V15"                    # one attempt a turn
    assert act(st, "move any 1 0").rule.id == "Encounters"
    ann.token = True
    assert act(st, "give Ann to Cat").rule.id == "Clues"                 # Cat is on another tile
    assert "Ann hands the Clue Token to Ben" in act(st, "give Ann to Ben")


def test_jokers_halt_the_hunt_until_someone_comes_back_to_the_old_town():
    data = log({"draw": "R2", "place": "aside", "encounter": ["JK", "9H"]},              # Ben: 9H, no prize
               {"draw": "R3", "place": "aside", "encounter": "4C", "clear": "9H with Ann, Cat"},
               {"draw": "R4", "place": "aside", "encounter": "2S", "clear": "4C"},
               {**R5, "clear": "2S", "move": "any 1 0"},                                 # Dan leaves the Old Town
               {"draw": "R6", "place": "1 1 turned 90"},
               {"draw": "R8", "place": "1 -1 turned 90"},
               {"draw": "R1", "place": "aside", "encounter": "3D"},
               {"draw": "R10", "place": "aside", "encounter": "5D", "clear": "3D", "move": "any 0 0"}, clue="9C")
    r = check(data, explain=True)
    said = "\n".join(r.explain)
    assert r.valid, r.violations
    assert "a Joker turns up for the Encounter: it lies over the Clue Card 9♣" in said and "prize" not in said
    assert "Dan is back in the Old Town: 1 Joker discarded, clue hunting resumes" in said
    assert ("setup, Clue Card \"Joker\"", "Jokers; ruling V9") in broken(log(R5, clue="JK"))       # a Joker is not a Clue Card
    assert ('turn 1 (Ann), friend "5H"', "Tile Placement") in broken(log({**R5, "friend": "5H"}))  # no Friend made


def test_the_game_is_lost_when_every_player_holds_two_face_up_tiles():
    # the River tiles without a city side fit nowhere around the Old Town: eight of them set aside
    tiles = ["R2", "R3", "R4", "R8", "R9", "R1", "R10", "R2"]
    cards = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "10H"]
    data = log(*[{"draw": t, "place": "aside", "encounter": c} for t, c in zip(tiles, cards)], clue="AS")
    r = check(data)
    assert r.valid and r.extra["outcome"] == "lost" and r.extra["turn"] == 8
    assert r.extra["why"].startswith("every player has 2 or more face-up tiles")
    data["turns"].append({"draw": "R3", "place": "aside", "encounter": "9H"})
    assert broken(data) == [("turn 9", "End Game")]


def state(**kw) -> State:
    st = State(KIT.params, [Person(n, parse_card(i)) for n, i in zip(NAMES, ("KH", "3S", "9D", "QC"))], 7)
    deal_clue(st, parse_card("9C"))
    for k, v in kw.items():
        setattr(st, k, v)
    return st


def act(st: State, text: str):
    a = parse_text(text, NAMES)
    why = why_illegal(st, a)
    if why is not None:
        return why
    apply(st, a)
    return st.said


def test_mired_players_lose_and_a_friend_keeps_a_player_from_being_mired():
    st = state()
    for k, p in enumerate(st.people):               # each alone, far out: K♥ 13 - 5 = 8, 3♠ 6 × 2 = 12 ... < A♠ 14
        p.encounters.append(Held(parse_card("AS")))
        p.spot = (5 + k, 5, 0)
    st.people[0].friends = 1
    st.begin_turn(0)
    assert end_turn(st) == "" and not st.mired(st.people[0]) and st.mired(st.people[1])
    st.people[0].friends = 0
    st.begin_turn(1)
    assert end_turn(st).startswith("the game is lost: every player is mired") and st.outcome == "lost"


def test_the_last_clue_token_home_wins_and_a_lost_hunt_with_no_tiles_left_loses():
    st = state()
    st.map.place("R5", 3, (1, 0), 1)
    ann = st.people[0]
    ann.spot, ann.token = (1, 0, st.map.bank_named((1, 0), "W")), True
    st.desk.returned, st.desk.token, st.desk.clue = 6, "held", None
    st.begin_turn(0)
    st.stacks = {k: {c: 0 for c in v} for k, v in st.stacks.items()}       # nothing to attempt
    assert "the players have won" in act(st, "move any 0 0") and st.outcome == "won"
    assert act(st, "give Ann to Ben").rule.id == "End Game"
    st = state()
    st.stacks = {k: {c: 0 for c in v} for k, v in st.stacks.items()}
    st.begin_turn(0)
    assert "no face-down tile is left" in end_turn(st) and st.outcome == "lost"


def test_a_placement_makes_one_friend_for_a_shield_or_a_completed_city():
    st = state()
    st.stacks = {"river": {c: 0 for c in st.stacks["river"]}, "base": dict(st.stacks["base"])}
    st.deal_friends(1)
    st.begin_turn(0)
    act(st, "draw M")
    assert act(st, "place 1 0 turned 180").endswith("a shield, a Friend for Ann (2 face down)")
    assert act(st, "friend 5H").rule.id == "Jokers; ruling V9"          # a Friend is drawn face down: only a Joker is written
    assert "a Joker turns up while drawing the Friend" in act(st, "friend JK")
    st = state()
    st.stacks = {"river": {c: 0 for c in st.stacks["river"]}, "base": dict(st.stacks["base"])}
    st.deal_friends(1)
    for xy, q in (((0, 1), 2), ((1, 0), 3), ((-1, 0), 1)):
        st.map.place("E", q, xy, 1)
    st.begin_turn(0)
    act(st, "draw E")
    did = act(st, "place 0 -1")
    assert did.endswith("a completed city, a Friend for Ann (2 face down)") and st.friend_due


# ---------------------------------------------------------------- random games and mutations

@pytest.mark.parametrize("seed", range(6))
def test_random_legal_games_check_clean(seed):
    data = random_record(KIT, random.Random(seed), purpose=0.6 if seed % 2 else 0.0, max_turns=80)
    r = check(data)
    assert r.valid, r.violations[:3]
    assert r.extra["outcome"] in ("won", "lost", "unfinished") and len(data["turns"]) <= 80


def _mutants(rng: random.Random, key: str, text: str) -> list[str]:
    codes = [t.code for t in KIT.params.tiles.kinds]
    cards = ["9H", "QS", "JK", "KH", "2C", "AD"]
    if key in ("draw", "take"):
        return [f"{key} {rng.choice(codes)}", f"{'take' if key == 'draw' else 'draw'} {rng.choice(codes)}"]
    if key == "place":
        q = rng.choice([0, 90, 180, 270])
        return [f"place {rng.randint(-3, 3)} {rng.randint(-3, 3)} turned {q}", "place aside"]
    if key in ("encounter", "clue", "friend"):
        return [f"{key} {rng.choice(cards)}"]
    if key == "clear":
        return [f"clear {rng.choice(cards)}", f"{text} friend {rng.choice(cards)}",
                f"clear {text.split()[0]} with {rng.choice(NAMES)}"]
    if key == "move":
        return [f"move {rng.choice(['any', 'city', 'road'])} {rng.randint(-4, 4)} {rng.randint(-4, 4)}"]
    return [f"give {rng.choice(NAMES)} to {rng.choice(NAMES)}"]


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_every_single_action_mutation_that_breaks_a_rule_is_caught_at_that_action(seed):
    """Replace one action of a random legal game: if the table says it is illegal there, `check`'s
    first violation is at that action, with the same rule; if legal, the game checks clean up to it."""
    rng = random.Random(seed)
    data = random_record(KIT, rng, purpose=0.5, max_turns=30)
    rec = convert(data, Record)
    played = turn_actions(rec, KIT)
    k = rng.randrange(len(played))
    if not played[k]:
        return
    j = rng.randrange(len(played[k]))
    key, _, text = played[k][j].partition(" ")
    entry: dict = {}
    for done in played[k][:j]:
        entry = write(entry, parse_text(done, NAMES))
    prefix = {**data, "turns": data["turns"][:k] + [entry]}
    table = GAME.table_of(convert(prefix, Record), KIT)
    for mutant in _mutants(rng, key, text):
        try:
            a = parse_text(mutant, NAMES)
        except ValueError:
            continue
        if a.key != key or notation.text(a) == played[k][j]:
            continue
        why = table.why_illegal(mutant)
        turns = [dict(t) for t in data["turns"]]
        old = turns[k][key]
        if isinstance(old, list):                      # one card of a list (a Joker before the card)
            n = sum(1 for x in played[k][:j] if x.startswith(key + " "))
            turns[k][key] = old[:n] + [notation.entry(a)] + old[n + 1:]
        else:
            turns[k][key] = notation.entry(a)
        found = check({**data, "turns": turns}).violations
        at = f'turn {k + 1} ({NAMES[k % 4]}), {key} "{notation.entry(a)}"'
        if why is None:
            assert at not in [v.where for v in found], (mutant, found[:2])
            continue
        assert found, (mutant, why)
        assert (found[0].where, found[0].rule) == (at, why.rule.id), (mutant, why, found[:2])


def test_a_whole_won_game_checks_clean_and_nothing_is_played_after_the_last_clue_token():
    """A real won game (tests/fair_verona_won.yaml, Easy: six Clue Tokens home)."""
    import yaml
    from pathlib import Path
    data = yaml.safe_load((Path(__file__).parent / "fair_verona_won.yaml").read_text())
    r = check(data, explain=True)
    assert r.valid and r.finished and r.extra["outcome"] == "won" and r.extra["turn"] == len(data["turns"])
    assert r.extra["clue_tokens"] == {"returned": 6, "total": 6}
    said = "\n".join(r.explain)
    assert said.count("the Clue Token is back with Verona") == 6 and "the mystery is solved, the players have won" in said
    data["turns"].append({"draw": "U", "place": "aside"})
    assert broken(data) == [(f"turn {len(data['turns'])}", "End Game")]


@pytest.mark.parametrize("seed", range(3))
def test_every_legal_action_reads_back_from_its_notation_and_the_rules_accept_it(seed):
    """At every decision of a random game: each listed action is accepted by `why_illegal`, and
    reading its notation back gives the same action (read(write(a)) == a), also as the record writes
    it (but `draw` and `clear ... friend`, which the record writes with what chance gave them)."""
    data = random_record(KIT, random.Random(seed), purpose=0.5, max_turns=25)
    seen = [0]

    def decision(where, st, a) -> None:         # each decision the record writes, before it is played
        if (a is END_TURN or a is FACE_DOWN or a.__class__ in SETUP_STEPS or isinstance(a, AfterEnd)
                or a.key in ("friend", "encounter", "clue")):
            return
        for b in legal_moves(st):
            assert why_illegal(st, b) is None
            assert moves.read(st, moves.write(st, b)) == b
            if b is not END_TURN and "draw" != moves.write(st, b) and not moves.write(st, b).endswith(" friend"):
                assert notation.parse(b.key, notation.entry(b), NAMES) == b
            seen[0] += 1

    replay(GAME, convert(data, Record), KIT, watch=decision)
    assert seen[0] > 100


def test_a_turn_in_flow_style_names_its_helpers_with_and_and_a_comma_there_is_explained(tmp_path):
    """Issue 36: `{clear: 2H with Ann, Cat}` cannot be written in flow style (the comma starts a new
    entry). Written with "and" it reads as the block style does; with the comma, the message says why."""
    import json as _json
    import re
    from pathlib import Path

    from click.testing import CliRunner

    from pnpkit.cli import cli
    doc = (Path(__file__).resolve().parents[2] / "docs/records/fair-verona.md").read_text(encoding="utf-8")
    game = next(b for b in re.findall(r"```yaml\n(.*?)```", doc, re.S) if "difficulty: Medium" in b)
    block = "  - draw: R1\n    place: aside\n    encounter: 10S\n    clear: 2H with Ann, Cat, Dan friend 5C\n    clue: JH\n"
    assert block in game
    flow = "  - {draw: R1, place: aside, encounter: 10S, clear: 2H with Ann and Cat and Dan friend 5C, clue: JH}\n"
    (tmp_path / "block.yaml").write_text(game, encoding="utf-8")
    (tmp_path / "flow.yaml").write_text(game.replace(block, flow), encoding="utf-8")
    (tmp_path / "comma.yaml").write_text(game.replace(block, flow.replace(" and ", ", ")), encoding="utf-8")
    run = lambda f: CliRunner().invoke(cli, ["score", str(tmp_path / f), "--json"])  # noqa: E731
    assert _json.loads(run("flow.yaml").output) == _json.loads(run("block.yaml").output)
    r = run("comma.yaml")
    assert r.exit_code == 2 and "unknown key 'Cat' (in {...} a comma starts a new entry" in r.output
