"""Forest Fire: hand-computed games (fire spread F3, round order F4, the three roles F6-F8,
winning and losing) and one test per violation, each checked for its rule id and where."""
from __future__ import annotations

import pytest
import yaml

from pnpkit.kitfile import SourceError, load_kit
from pnpkit.scorer.api import score_text

HOT2 = [{"name": "Ann", "role": "hotshot", "start": [0, 1]},
        {"name": "Ben", "role": "hotshot", "start": [7, 6]}]


def run(players, fires, rounds=(), firebreaks=(), explain=False):
    record = {"game": "forest-fire", "players": players,
              "setup": {"firebreaks": [list(s) for s in firebreaks], "fires": [list(s) for s in fires]},
              "rounds": list(rounds)}
    return score_text(yaml.safe_dump(record, sort_keys=False, allow_unicode=True), "game.yaml", explain=explain)


def fires(result) -> dict:
    return {(d, a): k for d, a, k in result.extra["fires"]}


def only(result, rule: str, where: str):
    assert [(v.rule, v.where) for v in result.violations] == [(rule, where)], result.violations
    return result.violations[0]


# ---- F3: the fire ---------------------------------------------------------------------------

EIGHT = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


@pytest.mark.parametrize("d", EIGHT)
def test_fire_spreads_in_each_of_the_eight_directions(d):
    centre = (4, 4)
    far = (4 + 2 * d[0], 4 + 2 * d[1])
    mid = (4 + d[0], 4 + d[1])
    # Two rolls on the Firebreak at 1 1 do nothing; then the far fire, then the centre.
    r = run(HOT2, [(1, 1), (1, 1), far, centre], firebreaks=[(1, 1)])
    assert r.valid, r.violations
    assert fires(r) == {far: 1, centre: 1, mid: 1}
    assert r.extra["outcome"] == "unfinished" and r.extra["round"] == 0


def test_a_firebreak_blocks_the_spread_and_a_roll_on_it_does_nothing():
    r = run(HOT2, [(4, 6), (4, 5), (4, 4), (2, 2)], firebreaks=[(4, 5)])
    assert r.valid
    # 4 5 is a Firebreak: the roll on it adds nothing, and 4 4 cannot spread across it to 4 6.
    assert fires(r) == {(4, 6): 1, (4, 4): 1, (2, 2): 1, (3, 3): 1}


def test_a_spread_does_not_spread_again_and_a_burning_square_gains_a_counter():
    r = run(HOT2, [(3, 5), (2, 2), (4, 4), (3, 5)])
    # 4 4 spreads NW to 3 3 (2 2 burns); 3 3 does not then spread to 3 4 (between it and 3 5).
    # The second roll on 3 5 adds a counter there; its W neighbour 3 4 lies between it and 3 3: spreads.
    assert fires(r) == {(3, 5): 2, (2, 2): 1, (4, 4): 1, (3, 3): 1, (3, 4): 1}


# ---- the roles --------------------------------------------------------------------------------

def test_hotshots_put_out_every_counter_and_win():
    rounds = [{"moves": {"Ann": ["extinguish 1 1"], "Ben": ["extinguish 6 6"]}}]
    r = run(HOT2, [(1, 1), (1, 1), (6, 6), (6, 6)], rounds)
    assert r.valid, r.violations
    assert r.extra == {"outcome": "won", "fires": [], "out": [], "round": 1}
    assert r.finished and r.cooperative
    assert r.to_json()["outcome"] == "won"


def test_players_on_burning_squares_go_out_and_all_out_loses():
    rounds = [{"moves": {"Ann": ["move S"], "Ben": ["move N"]}}]
    r = run(HOT2, [(1, 1), (1, 1), (6, 6), (3, 3)], rounds)
    assert r.valid, r.violations
    assert r.extra["outcome"] == "lost" and r.extra["out"] == ["Ann", "Ben"] and r.extra["round"] == 1


def test_one_player_out_means_one_roll_fewer():
    players = HOT2 + [{"name": "Cat", "role": "pilot"}]
    rounds = [{"moves": {"Ann": ["move S"], "Cat": ["refill"]}, "fires": [(3, 3), (4, 4)]},
              {"moves": {"Ben": ["move N", "extinguish 5 5"], "Cat": ["drop 1 1 2 2 3 3"]}}]
    setup = [(1, 1), (6, 1), (5, 5), (1, 6), (6, 3), (2, 6)]
    r = run(players, setup, rounds)
    assert r.valid, r.violations
    # Setup: 6 3 spreads W to 6 2. Round 1: Ann moves onto 1 1 and goes out, so Ben and Cat roll
    # two fires: 3 3 spreads NW to 2 2 (1 1 burns) and SE to 4 4 (5 5 burns); 4 4 gets a second
    # counter and spreads NE to 3 5 (2 6 burns) and SW to 5 3 (6 2 burns). Round 2: Ben puts out
    # 5 5, Cat's drop clears 1 1, 2 2 and 3 3.
    assert r.extra["out"] == ["Ann"] and r.extra["outcome"] == "unfinished" and r.extra["round"] == 2
    assert fires(r) == {(6, 1): 1, (1, 6): 1, (6, 3): 1, (6, 2): 1, (2, 6): 1, (4, 4): 2, (3, 5): 1, (5, 3): 1}


def test_smoke_jumper_removes_one_counter_and_jumps_from_the_ring_and_the_edge():
    players = [{"name": "Sam", "role": "smoke-jumper", "start": [3, 0]},
               {"name": "Ann", "role": "hotshot", "start": [0, 6]}]
    rounds = [
        {"moves": {"Sam": ["jump 3 4", "extinguish 4 4"]}, "fires": [(6, 1), (6, 1)]},
        # Sam walks to the edge square 3 6 and jumps from there (one action) to 5 2.
        {"moves": {"Sam": ["move E", "move E"]}, "fires": [(1, 1), (1, 1)]},
        {"moves": {"Sam": ["jump 5 2", "extinguish 6 1"]}},
    ]
    r = run(players, [(4, 4), (4, 4), (4, 4), (1, 6)], rounds)
    assert r.valid, r.violations
    # 4 4 had 3 counters; Sam removed one. 6 1 got 2, Sam removed one.
    assert fires(r) == {(4, 4): 2, (1, 6): 1, (6, 1): 1, (1, 1): 2}


def test_pilot_alternates_refill_and_drop_on_a_diagonal():
    players = [{"name": "Cat", "role": "pilot"}, {"name": "Ann", "role": "hotshot", "start": [7, 1]}]
    rounds = [{"moves": {"Cat": ["refill"]}, "fires": [(6, 6), (6, 6)]},
              {"moves": {"Cat": ["drop 4 4 5 5 6 6"]}, "fires": [(1, 2), (1, 2)]},
              {"moves": {"Cat": ["refill"], "Ann": ["move N", "extinguish 5 2"]}}]
    r = run(players, [(4, 4), (5, 5), (5, 2), (1, 2)], rounds)
    assert r.valid, r.violations
    assert fires(r) == {(1, 2): 3}


def test_every_square_burning_loses():
    players = [{"name": "Ann", "role": "hotshot", "start": [0, 1]},
               {"name": "Ben", "role": "smoke-jumper", "start": [7, 6]}]
    # Row 1 by four rolls (spreads fill 1 2 and 1 4); row 3 by four, which also fill row 2 from
    # above; row 6 by four; row 4 by four, which fill row 5 from below. 16 rolls, 36 squares.
    rolls = [(1, 1), (1, 3), (1, 5), (1, 6), (3, 1), (3, 3), (3, 5), (3, 6),
             (6, 1), (6, 3), (6, 5), (6, 6), (4, 1), (4, 3), (4, 5), (4, 6)]
    rounds = [{"moves": {}, "fires": [rolls[k], rolls[k + 1]]} for k in range(4, 16, 2)]
    r = run(players, rolls[:4], rounds)
    assert r.valid, r.violations
    assert r.extra["outcome"] == "lost" and r.extra["round"] == 6 and r.extra["out"] == []
    assert len(r.extra["fires"]) == 36


def test_a_record_may_stop_after_a_rounds_moves():
    rounds = [{"moves": {"Ann": ["extinguish 1 1"]}}]
    r = run(HOT2, [(1, 1), (2, 2), (6, 6), (6, 6)], rounds)
    assert r.valid and not r.finished
    assert r.extra["outcome"] == "unfinished" and r.extra["round"] == 1


def test_explain_draws_the_board_and_says_why_the_fire_spread():
    r = run(HOT2, [(2, 2), (1, 1), (6, 6), (4, 4)], [{"moves": {"Ann": ["move S"]}}], explain=True)
    text = "\n".join(r.explain)
    assert 'setup, fires, roll 4 [4, 4]: fire on 4 4 (1 counter); spreads to 3 3 (between 4 4 and burning 2 2)' in text
    assert 'round 1, Ann, action 1 "move S": Ann moves S to 1 1' in text
    assert "round 1, end of moves: Ann on a burning square: out" in text
    said, *board = r.explain[-1].splitlines()
    assert said == "round 1, end of moves: Ann on a burning square: out"
    assert board[0].split() == ["1", "2", "3", "4", "5", "6"]
    assert board[1].split() == ["0"] + ["·"] * 6                    # the ring above, Ann gone from it
    assert board[2].split() == ["1", "·", "1", ".", ".", ".", ".", ".", "·"]
    assert board[4].split() == ["3", "·", ".", ".", "1", ".", ".", ".", "·"]
    assert board[8].split() == ["7", "·", "·", "·", "·", "·", "B"]  # Ben on 7 6
    assert "A Ann (hotshot) 1 1, out in round 1" in board[-1]


# ---- violations: one each, with its rule and where ----------------------------------------------

BASE = [(1, 1), (2, 2), (4, 4), (6, 6)]   # 4 4 spreads to 3 3, 6 6 to 5 5


def test_extinguish_not_adjacent():
    r = run(HOT2, BASE, [{"moves": {"Ann": ["extinguish 4 4"]}}])
    v = only(r, "Hotshot", 'round 1, Ann, action 1 "extinguish 4 4"')
    assert "not Ann's square (0 1) or next to it" in v.message and "adjacent square" in v.quote


def test_smoke_jumper_extinguish_not_adjacent_cites_smoke_jumpers():
    players = [{"name": "Sam", "role": "smoke-jumper", "start": [0, 1]}, HOT2[1]]
    r = run(players, BASE, [{"moves": {"Sam": ["extinguish 3 3"]}}])
    only(r, "Smoke Jumpers", 'round 1, Sam, action 1 "extinguish 3 3"')


def test_more_than_two_actions():
    r = run(HOT2, BASE, [{"moves": {"Ann": ["move S", "move S", "move S"]}}])
    v = only(r, "Hotshot", 'round 1, Ann, action 3 "move S"')
    assert v.quote == "A Hotshot gets 2 moves per round."


def test_move_off_the_ring():
    r = run(HOT2, BASE, [{"moves": {"Ann": ["move N", "move W"]}}])
    assert [(v.rule, v.where) for v in r.violations] == [
        ("ruling F1", 'round 1, Ann, action 1 "move N"'),
        ("ruling F1", 'round 1, Ann, action 2 "move W"')]   # 0 0 is a corner, not the ring
    assert "neither a forest square nor a space of the ring" in r.violations[0].message


def test_extinguishing_nothing():
    r = run(HOT2, BASE, [{"moves": {"Ann": ["extinguish 1 2"]}}], explain=True)
    v = only(r, "ruling F6", 'round 1, Ann, action 1 "extinguish 1 2"')
    assert v.message == "1 2 has no fire to put out"
    assert r.explain[-1] == 'round 1, Ann, action 1 "extinguish 1 2": not played: 1 2 has no fire to put out (ruling F6)'


def test_jump_from_the_interior():
    players = [{"name": "Sam", "role": "smoke-jumper", "start": [0, 3]}, HOT2[1]]
    r = run(players, BASE, [{"moves": {"Sam": ["move S", "move S"]}, "fires": [(6, 1), (6, 2)]},
                            {"moves": {"Sam": ["jump 5 5"]}}])
    only(r, "ruling F7", 'round 2, Sam, action 1 "jump 5 5"')


def test_a_hotshot_does_not_jump():
    r = run(HOT2, BASE, [{"moves": {"Ann": ["jump 5 5"]}}])
    only(r, "ruling F6", 'round 1, Ann, action 1 "jump 5 5"')


def test_pilot_dropping_on_a_refill_turn():
    players = [HOT2[0], {"name": "Cat", "role": "pilot"}]
    r = run(players, BASE, [{"moves": {"Cat": ["drop 1 1 1 2 1 3"]}}])
    v = only(r, "Pilots", 'round 1, Cat, action 1 "drop 1 1 1 2 1 3"')
    assert v.message == "Cat must refill this turn: a pilot drops only on the turn after a refill"


def test_pilot_not_refilling():
    players = [HOT2[0], {"name": "Cat", "role": "pilot"}]
    v = only(run(players, BASE, [{"moves": {"Ann": ["move S"]}}]), "Pilots", "round 1, Cat")
    assert v.message.startswith("Cat must refill this round")


def test_pilot_drop_not_in_a_line():
    players = [HOT2[0], {"name": "Cat", "role": "pilot"}]
    rounds = [{"moves": {"Cat": ["refill"]}, "fires": [(6, 1), (6, 2)]},
              {"moves": {"Cat": ["drop 1 1 1 3 1 2"]}}]
    v = only(run(players, BASE, rounds), "Pilots", 'round 2, Cat, action 1 "drop 1 1 1 3 1 2"')
    assert "straight line" in v.message and "3 squares in a row" in v.quote


def test_pilot_refilling_twice_in_a_row():
    players = [HOT2[0], {"name": "Cat", "role": "pilot"}]
    rounds = [{"moves": {"Cat": ["refill"]}, "fires": [(6, 1), (6, 2)]}, {"moves": {"Cat": ["refill"]}}]
    only(run(players, BASE, rounds), "ruling F8", 'round 2, Cat, action 1 "refill"')


def test_wrong_number_of_fire_rolls():
    r = run(HOT2, BASE, [{"moves": {}, "fires": [(5, 1)]}])
    v = only(r, "ruling F4", "round 1, fires")
    assert v.message == "1 fire roll; expected 2: one fire roll for each player still in play (Ann and Ben)"


def test_missing_fires_in_a_round_that_is_not_the_last():
    r = run(HOT2, BASE, [{"moves": {}}, {"moves": {}}])
    only(r, "ruling F4", "round 1, fires")


def test_roll_outside_one_to_six():
    r = run(HOT2, BASE, [{"moves": {}, "fires": [(7, 1), (2, 3)]}])
    v = only(r, "Setup", "round 1, fires, roll 1 [7, 1]")
    assert "not a roll of the two dice" in v.message


def test_wrong_number_of_setup_fires():
    only(run(HOT2, BASE[:3]), "Hotshot", "setup, fires")


def test_start_not_on_the_ring():
    players = [{"name": "Ann", "role": "hotshot", "start": [3, 3]}, HOT2[1]]
    only(run(players, BASE), "Setup", "setup, Ann start [3, 3]")


def test_more_firebreaks_than_players():
    only(run(HOT2, BASE, firebreaks=[(5, 1), (5, 2), (5, 3)]), "Difficulty", "setup, firebreaks")


def test_a_player_out_takes_no_actions():
    rounds = [{"moves": {"Ann": ["move S"]}, "fires": [(5, 1)]}, {"moves": {"Ann": ["move N"]}}]
    only(run(HOT2, BASE, rounds), "End of round", "round 2, Ann")


def test_nothing_after_the_game_is_won():
    rounds = [{"moves": {"Ann": ["extinguish 1 1"], "Ben": ["extinguish 6 6", "move N"]}}]
    r = run(HOT2, [(1, 1), (1, 1), (6, 6), (6, 6)], rounds)
    only(r, "ruling F5", 'round 1, Ben, action 2 "move N"')
    assert r.extra["outcome"] == "won"


def test_no_round_after_the_game_is_won():
    rounds = [{"moves": {"Ann": ["extinguish 1 1"], "Ben": ["extinguish 6 6"]}}, {"moves": {}}]
    only(run(HOT2, [(1, 1), (1, 1), (6, 6), (6, 6)], rounds), "ruling F5", "round 2")


def test_no_fires_after_everyone_is_out():
    rounds = [{"moves": {"Ann": ["move S"], "Ben": ["move N"]}, "fires": [(3, 3)]}]
    r = run(HOT2, [(1, 1), (1, 1), (6, 6), (3, 3)], rounds)
    v = only(r, "ruling F4", "round 1, fires")
    assert v.message == "the game was already lost in round 1; nothing after that is played"


def test_player_count_outside_two_to_four():
    only(run(HOT2[:1], BASE[:2]), "Introduction", "setup, players")


# ---- unreadable records ---------------------------------------------------------------------------

UNREADABLE = """\
game: forest-fire
players:
  - {name: Ann, role: hotshot, start: [0, 1]}
  - {name: Ben, role: hotshot, start: [7, 6]}
setup:
  fires: [[1, 1], [2, 2], [4, 4], [6, 6]]
rounds:
  - moves:
      Ann: [move S]
      Ben: [move N]
"""


@pytest.mark.parametrize("old, new, message", [
    ("Ann: [move S]", "Ann: [fly 2 2]", "game.yaml:9: rounds[0].moves.Ann[0]: cannot read action 'fly 2 2': expected"),
    ("Ben: [move N]", "Bob: [move N]", "game.yaml:10: rounds[0].moves.Bob: no player named 'Bob' (players: Ann, Ben)"),
    ("hotshot, start: [0, 1]", "hotshot", "game.yaml:3: players[0]: a hotshot needs `start: [down, across]`"),
    ("{name: Ben, role: hotshot, start: [7, 6]}", "{name: Ann, role: pilot}", "game.yaml:4: players[1].name: 'Ann' is named twice"),
    ("{name: Ben, role: hotshot, start: [7, 6]}", "{name: Ben, role: pilot, start: [7, 6]}",
     "game.yaml:4: players[1].start: a pilot is never on the board"),
    ("role: hotshot, start: [0, 1]", "role: fireman, start: [0, 1]", "game.yaml:3: players[0].role: expected one of:"),
])
def test_unreadable_records_name_the_line_and_field(old, new, message):
    with pytest.raises(SourceError) as e:
        score_text(UNREADABLE.replace(old, new), "game.yaml")
    assert message in str(e.value)


def test_the_kit_is_this_editions_board_and_counters():
    from pnpkit.kitfile import load_kit
    kit = load_kit("forest-fire")
    assert kit.game.players == "2-4"
    p = kit.params
    printed = {c.name: c.count for c in kit.components if c.kind == "counters"}
    assert printed["fires"] == p.fire_counters and printed["firebreaks"] == p.firebreaks
    assert (p.grid, p.ring, p.firebreaks, p.setup_rounds) == (6, True, 4, 2) and p.fire_counters >= 40
    assert [(r.id, r.kind, r.actions, r.removes, r.jump) for r in p.roles if r.kind == "ground"] == [
        ("hotshot", "ground", 2, None, False), ("smoke-jumper", "ground", 2, 1, True)]
    assert p.role("pilot").line == 3


def test_the_starts_are_actions_of_the_rules_chosen_on_the_ring_in_seat_order():
    """Before the setup's rolls each ground player chooses a start (`Place`); anything else, or a
    start off the ring, is refused with the rule; the rolls follow as chance."""
    from pnpkit.scorer.games.forest_fire import moves
    from pnpkit.scorer.games.forest_fire.state import Move, Person, Place, Roll, State
    kit = load_kit("forest-fire", components=False)
    st = State(6, [Person("Ann", kit.params.role("pilot"), None), Person("Ben", kit.params.role("hotshot"), None)],
               due=["fire", "fire"])
    assert moves.to_move(st) == 1 and moves.chance(st) == ()
    assert moves.why_illegal(st, Move(1, Place((3, 3)))).rule.id == moves.R_START.id
    assert moves.why_illegal(st, Move(0, Place((0, 3)))).rule.id == moves.R_START.id
    assert "chooses a start" in moves.why_illegal(st, moves.read(st, "move N")).message
    assert moves.read(st, "start 0 3") == Move(1, Place((0, 3))) and moves.why_illegal(st, Move(1, Place((0, 3)))) is None
    assert len(moves.legal_moves(st)) == 24
    moves.apply(st, Move(1, Place((0, 3))))
    assert moves.to_move(st) is None and len(moves.chance(st)) == 36
    moves.apply(st, Roll((2, 2)))
    moves.apply(st, Roll((2, 2)))
    assert st.round == 1 and moves.to_move(st) == 0 and st.fire == {(2, 2): 2}
    try:
        moves.read(st, "start 0 3")
    except ValueError as e:
        assert "before the setup's rolls" in str(e)
    else:
        raise AssertionError("a start read in round 1")
