"""One conformance test for every registered game with a move log (in the spirit of OpenSpiel's
random-simulation test): random legal games, played by the game's own simulator through its
`Rules` (scorer/game.py), must

- replay clean (`pnpkit check` finds nothing);
- list only moves `why_illegal` accepts, and `read`/`write` each one round trip;
- agree with the table (`pnpkit moves`) at every decision: every move the table lists is legal
  there, and the record extended by it still checks clean;
- catch every single mutation at its move with its rule: an action that is legal elsewhere in the
  game but not here, written in place, is refused by the table with a rule, and `check` of the
  record extended by it reports that rule first;
- cut after any turn, written as a `start:` position with the rest of the record after it, score
  as the whole record does;
- say each legal move in one sentence (`words`) and name what it touches (`places`), as the table
  lists it.

Every packaged game's rules hold its chance (`chance(state)`, a distinct kind of step that `apply`
plays) and its turn's end (`END_TURN`, scorer/game.py), and its Match plays them.
"""
from __future__ import annotations

import copy
import functools
import itertools
import random

import pytest

from pnpkit.kitfile import load_kit
from pnpkit.kitfile.source import as_model
from pnpkit.scorer.game import END_TURN, END_TURN_TEXT, Rules
from pnpkit.scorer.games import GAMES, load
from pnpkit.scorer.sim import match as matches
from pnpkit.scorer.sim.run import rngs

LOG_GAMES = [g for g in GAMES if load(g).rules is not None]
SEEDS = (1, 2, 3)
TRIES = 3               # mutations tried at each decision
EVERY = 4               # the table is asked at one decision in EVERY (the replay is re-run each time)




def _params() -> list:
    def marks(g: str) -> list:
        if not load(g).sim:
            return [pytest.mark.skip(reason=f"{g} has no simulator yet (issue 27)")]
        return []
    return [pytest.param(g, id=g, marks=marks(g))
            for g in LOG_GAMES]


@functools.cache
def _playthrough(game: str, seed: int):
    """A random legal game: (kit, descriptor, the rules, [(state before, record so far, move)], record).
    Played once a (game, seed) for the three tests that walk it (read only: each copies what it plays on)."""
    described = load(game)
    kit = load_kit(game, components=False)
    rules = described.part("rules")
    chance, choices = rngs(seed, 0)
    seats = max(kit.game.min_players, min(kit.game.max_players, 2 + seed % 3))
    setup = matches.setups(described, kit, seats, None, None)[0]
    m = described.sim_module().new(kit, ["Ann", "Ben", "Cat", "Dan", "Eve"][:seats], setup, chance)
    chance = vars(rules).get("chance", lambda s: ())     # a game whose chance its Match plays has none
    points = []
    while (seat := m.to_move()) is not None:
        move = m.sample(choices)
        assert rules.to_move(m.s) == seat and not chance(m.s), "the Match's decision is not the rules'"
        points.append((m.s.copy(), copy.deepcopy(m.record()), move))   # a record shares its lists
        m.play(move)
    return kit, described, rules, points, m.record()


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", _params())
def test_random_legal_games_replay_clean_and_list_what_why_illegal_accepts(game, seed):
    kit, described, rules, points, record = _playthrough(game, seed)
    assert points, "the game took no decision"
    result = described.score_record(as_model(described.Record, record), kit)
    assert result.violations == [], result.violations[:3]
    holds_chance = vars(rules).get("holds_chance", lambda a: False)    # NUTS' Plan and Refill carry their cards
    for s, _, move in points:
        legal = rules.legal_moves(s)
        if holds_chance(move):
            assert rules.why_illegal(s, move) is None and rules.read(s, rules.write(s, move)) == move, move
        else:
            assert move in legal
        for a in legal:
            assert rules.why_illegal(s, a) is None, a
            assert rules.read(s, rules.write(s, a)) == a, a
            said, places = rules.words(s, a), rules.places(s, a)    # what the table and the board show of it
            assert isinstance(said, str) and said.strip() and "\n" not in said, (a, said)
            assert isinstance(places, tuple) and all(isinstance(p, str) and p for p in places), (a, places)
        assert rules.to_move(s) is not None and not rules.is_over(s)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", _params())
def test_the_table_agrees_with_check_and_every_mutation_is_caught_with_its_rule(game, seed):
    kit, described, rules, points, _ = _playthrough(game, seed)
    rng = random.Random(seed)
    pool = sorted({rules.write(s, move) for s, _, move in points})    # actions legal somewhere in this game
    caught, asked, written = 0, 0, 0
    for k, (s, data, move) in enumerate(points):
        record = _readable(described, data)
        if record is None:      # the setup's choices, which the record writes with the players (starts)
            assert not asked, f"the record so far cannot be read at decision {k}"
            continue
        if k % EVERY:
            continue
        asked += 1
        table = described.table_of(record, kit)
        assert table.violations == []
        legal = [rules.write(s, a) for a in rules.legal_moves(s)]
        if [rules.write(table.state, a) for a in rules.legal_moves(table.state)] != legal:
            # the record writes this decision with the chance before it (In the Nuts!' dice and the
            # space they offer, a first nut dealt and stored): the table stands before that chance and
            # takes the two as one entry
            text = rules.write(s, move)
            assert table.why_illegal(text) is None and _checked(described, kit, table.extend(data, text)) == [], text
            continue
        turn = table.turn()
        # options written with dice (`Option.dice`: In the Nuts!' `roll > 8`) are the one decision the
        # dice answer; an option the rules read as END_TURN (In the Nuts!' `stop`) is the turn's end
        rolled = [o.text for o in turn.legal if o.dice is not None]
        # options written with what chance draws for them (`Option.draw`: NUTS' Refill and Plan) are
        # offered besides the legal moves, which leave them out (Fair Verona's `draw` is one of them)
        listed = [o.text for o in turn.legal if o.dice is None and (o.draw is None or o.text in legal)
                  and not _ends(rules, s, o.text)] + rolled[:1]
        assert len(listed) == len(legal) - legal.count(END_TURN_TEXT)
        if END_TURN_TEXT in legal:
            assert turn.may_end_turn, "the rules end the turn here, and the table does not"
        assert all(o.words for o in turn.legal if o.dice is None), "the table lists a move without its words"
        taken = [o for o in turn.legal if o.draw is None or o.text in legal]
        for o in rng.sample(taken, min(TRIES, len(taken))):
            text = _with_dice(table, o)
            assert table.why_illegal(text) is None, text
            extended = _extended(table, rules, s, data, text)
            assert extended is None or _checked(described, kit, extended) == [], text
            written += extended is not None
        listed = [o.text for o in turn.legal]
        wrong = [t for t in pool if t not in listed and _illegal_here(rules, s, t)]
        for text in rng.sample(wrong, min(TRIES, len(wrong))):
            if text == END_TURN_TEXT:   # the record writes a turn's end by what follows it: the table says no
                assert not turn.may_end_turn, "the rules refuse to end the turn here, and the table ends it"
                caught += 1
                continue
            why = table.why_illegal(text)
            assert why is not None, f"{text!r} is not legal here, and the table takes it"
            try:
                extended = table.extend(data, text)
            except ValueError:      # a record cannot write it here (a turn's second tile): refused is all
                continue
            found = _checked(described, kit, extended)
            assert found and found[0].rule == why.rule.id and found[0].message == why.message, (text, found[:2])
            caught += 1
    assert caught, "no mutation was tried: the test would prove nothing"
    assert written, "no listed move was written into the record: the test would prove nothing"


def _readable(described, data: dict):
    try:
        return as_model(described.Record, data)
    except ValueError:          # (kitfile/structs.Invalid)
        return None


def _illegal_here(rules, s, text: str) -> bool:
    try:
        return rules.why_illegal(s, rules.read(s, text)) is not None
    except ValueError:          # not even readable here (a player who picks no more): not a mutation of a move
        return False


def _ends(rules, s, text: str) -> bool:
    try:
        return rules.read(s, text) == END_TURN
    except ValueError:
        return False


def _with_dice(table, option) -> str:
    """A listed option as the record writes it: one written with dice, with the first dice (in
    order) that make it legal."""
    if option.dice is None:
        return option.text
    faces = itertools.product(range(1, option.dice.faces + 1), repeat=len(option.dice.dice))
    return next(t for f in faces if table.why_illegal(t := option.dice.text([list(f)])) is None)


def _extended(table, rules, s, data: dict, text: str) -> dict | None:
    """The record with the legal decision `text` written in where the table writes it next; one the
    record writes only with what chance gives it (Fair Verona's `draw`, written `draw R3`) with the
    first outcome chance offers after it. None: the record cannot write it on its own (In the Nuts!'
    nut taken, written with the card that replaces it; an action of another kind than the record's
    next entry)."""
    try:
        return table.extend(data, text)
    except ValueError:
        pass
    try:
        decision = rules.read(s, text)
    except ValueError:
        return None
    after = s.copy()
    rules.apply(after, decision)
    outcomes = vars(rules).get("chance", lambda s: ())(after)
    if not outcomes or _written_inside_entry(rules, after, outcomes[0]):
        return None
    try:
        return table.extend(data, rules.write(after, outcomes[0]))
    except ValueError:
        return None


def _written_inside_entry(rules, s, outcome) -> bool:
    """A chance outcome the record writes only inside the entry of the decision before it (In the
    Nuts!' new card, written with the nut taken): the rules refuse to write it on its own."""
    try:
        rules.write(s, outcome)
    except ValueError:
        return True
    return False


def _checked(described, kit, data: dict):
    """What `pnpkit moves` sees as broken in the record (its last turn still open)."""
    return described.table_of(as_model(described.Record, data), kit).violations


@pytest.mark.parametrize("game", LOG_GAMES)  # whatever its playthrough can show yet
def test_the_game_declares_what_it_has(game):
    described = load(game)
    assert described.id == game and described.rules and described.sim
    rules = described.part("rules")
    names = ("to_move", "is_over", "why_illegal", "legal_moves", "apply", "read", "write")
    if described.explain is not None:
        names = tuple(n for n in vars(Rules) if not n.startswith("_"))
    for name in names:
        assert callable(vars(rules).get(name)), f"{game}'s rules have no {name}"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", _params())
def test_a_start_position_cut_from_a_random_game_replays_to_the_same_result(game, seed):
    """The game cut after its k-th turn (or round): the position there written as `start:` and the
    rest of the record after it score as the whole record does (what the result lists event by
    event, Fair Verona's encounters, it lists from the cut on)."""
    kit, described, rules, _, record = _playthrough(game, seed)
    if described.position is None:
        pytest.skip(f"{game} declares no start_of")
    key = next(k for k, v in record.items() if k != "players" and isinstance(v, list)       # the turns or rounds
               and all(isinstance(x, dict) for x in v))
    whole = described.score_record(as_model(described.Record, record), kit)
    names = [p if isinstance(p, str) else p["name"] for p in record["players"]]
    cuts = 0
    for k in range(1, len(record[key]), max(1, len(record[key]) // 4)):
        head = as_model(described.Record, {**record, key: record[key][:k]})
        state = described.table_of(head, kit).state
        if END_TURN in rules.legal_moves(state):    # turn k still open in the head (In the Nuts!' stop that
            state = state.copy()                    # collects nothing is written mid-record by the next turn
            rules.apply(state, END_TURN)            # alone): the whole record ends it there
        if rules.is_over(state):        # steps 1-3 that end the game: nothing to cut
            continue
        cut = {**_begun(record), "start": described.part("start_of")(state, names), key: record[key][k:]}
        again = described.score_record(as_model(described.Record, cut), kit)
        assert again.violations == [], (k, again.violations[:2])
        assert [p.total for p in again.players] == [p.total for p in whole.players], k
        before = described.score_record(head, kit).extra
        assert again.finished == whole.finished and again.extra == _from_cut(whole.extra, before), k
        cuts += 1
    assert cuts


def _begun(record: dict) -> dict:
    """The record without what a `start:` is written in place of: its `setup`, Fair Verona's first
    Clue Card (`clue`), and where each player began (Forest Fire's `start` of a player)."""
    players = [p if isinstance(p, str) else {k: v for k, v in p.items() if k != "start"} for p in record["players"]]
    return {**{k: v for k, v in record.items() if k not in ("setup", "clue")}, "players": players}


EVENTS = ("encounters",)    # what a result lists event by event (Fair Verona's attempts), not as it stands


def _from_cut(whole: dict, before: dict) -> dict:
    """The whole game's result as the cut reports it: its EVENTS from the cut on (the game before the
    cut, `before`, listed the others), the rest as it is."""
    return {k: v[len(before.get(k, [])):] if k in EVENTS else v for k, v in whole.items()}
