"""`moves` and `--try` agree with `check` (issue 12), on every shipped example and on random legal
games: at every point of a record (or a sample of points, for long random games),
- the action the record takes next is in the table's list, and `why_illegal` accepts it;
- every listed action, written into the record, replays clean;
- an action the table refuses, written into the record, is a violation of `check` with the rule
  `why_illegal` gave.
It runs through the one interface every move-log game offers (scorer/play.py), so a new move-log
game is tested by adding its walker here."""
from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pytest

from pnpkit.kitfile.source import as_model
from pnpkit.kitfile import load_kit
from pnpkit.scorer import api
from pnpkit.scorer.game import END_TURN
from pnpkit.scorer.games.forest_fire.moves import apply, legal_moves
from pnpkit.scorer.games.forest_fire.notation import text as action_text
from pnpkit.scorer.games.forest_fire.state import EIGHT, Person, State, sq

DOCS = Path(__file__).parents[2] / "docs"
KITS = {g: load_kit(g) for g in ("chestnuts", "trim-the-tree", "forest-fire", "in-the-nuts", "fair-verona")}


# ---------------------------------------------------------------- each game's points and candidates

def chestnut_points(record: dict):
    """(the record cut at a point, the action it takes there or None at a turn's end, whose turn)."""
    turns, players = record["turns"], record["players"]
    first = players.index(record["start"].get("next") or players[0]) if record.get("start") else 0
    for k, turn in enumerate(turns):
        acts = turn["actions"]
        for j in range(len(acts) + 1):
            yield ({**record, "turns": turns[:k] + [{"roll": turn["roll"], "actions": acts[:j]}]},
                   acts[j] if j < len(acts) else None, players[(first + k) % 2])


def trim_points(record: dict):
    rounds = record["rounds"]
    for k, rnd in enumerate(rounds):
        picks = rnd.get("picks", [])
        for j in range(len(picks) + 1):
            pick = picks[j] if j < len(picks) else None
            yield ({**record, "rounds": rounds[:k] + [{"box": rnd["box"], "picks": picks[:j]}]},
                   f"{pick['player']}: {pick['take']} at {pick['at']}" if pick else None, None)


def forest_points(record: dict):
    rounds, seats = record["rounds"], [p["name"] for p in record["players"]]
    for k, rnd in enumerate(rounds):
        acting = [n for n in seats if n in rnd["moves"]]
        for i, name in enumerate(acting):
            acts = rnd["moves"][name]
            for j in range(len(acts) + 1):
                moves = {n: rnd["moves"][n] for n in acting[:i]} | {name: acts[:j]}
                yield ({**record, "rounds": rounds[:k] + [{"moves": moves}]},
                       f"{name}: {acts[j]}" if j < len(acts) else None, name)


def nuts_points(record: dict):
    """In the Nuts!: the setup squirrels one by one, each roll, the stop, each nut, each kept joker."""
    if "setup" not in record and "start" not in record:
        return                                  # the final storage cards: nothing to step through
    setup, turns, end = record.get("setup") or {}, record.get("turns") or [], record.get("end") or {}
    settlers = [n for n in record["players"] if n in setup.get("squirrels", {})]
    for i, name in enumerate(settlers):
        got = setup["squirrels"][name]
        for j in range(len(got)):
            squirrels = {n: setup["squirrels"][n] for n in settlers[:i]} | {name: got[:j]}
            yield {**record, "setup": {**setup, "squirrels": squirrels}, "turns": [], "end": None}, got[j], name
    # a turn before the last one that is written without nuts stopped and collected none: cut there,
    # it is the last and says so (`nuts: []`)
    closed = [t if "nuts" in t or _bad(t["rolls"][-1]) else {**t, "nuts": []} for t in turns]
    for k, turn in enumerate(turns):
        rolls, nuts = turn["rolls"], turn.get("nuts")
        yield {**record, "turns": closed[:k], "end": None}, rolls[0], None
        for j in range(1, len(rolls)):
            yield {**record, "turns": closed[:k] + [{"rolls": rolls[:j]}], "end": None}, rolls[j], None
        if nuts is None and (k == len(turns) - 1 or _bad(rolls[-1])):
            continue                            # the record stops mid-turn, or a bad roll ended it
        if not _bad(rolls[-1]):
            yield {**record, "turns": closed[:k] + [{"rolls": rolls}], "end": None}, "stop", None
        for j, nut in enumerate(nuts or []):
            yield {**record, "turns": closed[:k] + [{"rolls": rolls, "nuts": nuts[:j]}], "end": None}, _line(nut), None
    done: dict[str, list] = {}
    for name, jokers in end.items():
        for joker in jokers:
            yield {**record, "end": dict(done) or None}, f"{name}: " + _line(joker), None
            done[name] = done.get(name, []) + [joker]
    yield record, None, None


def _bad(roll: str) -> bool:
    return ">" not in str(roll)


def _line(entry: dict) -> str:
    """A record entry in the line `moves` lists it in: `take acorn, new walnut, to 2`."""
    head = next(k for k in ("take", "steal", "joker") if k in entry)
    return ", ".join([f"{head} {entry[head]}"] + [f"{k} {entry[k]}" for k in ("new", "to", "as") if k in entry])


def nuts_listed(text: str) -> str | None:
    """How `moves` lists an In the Nuts! action: what chance decides left out (the dice, the new card);
    a bad roll is no choice and is not listed."""
    text = str(text)
    if re.fullmatch(r"[\d ]+", text):
        return None
    if ">" in text:
        return "roll > " + text.split(">")[1].strip()
    return re.sub(r", new [^,]+", "", text)


def nuts_fill(table, text: str, rng: random.Random) -> str:
    """A listed In the Nuts! action as a record writes it: dice that offer its space, the card drawn."""
    if text.startswith("roll > "):
        space = int(text[7:])
        options = [f"{g} {a} {b} > {space}" for g, a, b in itertools.product(range(1, 7), repeat=3)
                   if space in (g + a, g + b)]
    elif text.startswith("take ") and ", new " not in text:
        head, *rest = text.split(", ")
        options = [", ".join([head, f"new {card}"] + rest) for card in NUT_CARDS] + [text]
    else:
        return text
    fine = [o for o in options if table.why_illegal(o) is None]
    assert fine, (text, "no way chance may fall makes it legal")
    return rng.choice(fine if fine[-1] != text or len(fine) == 1 else fine[:-1])


NUT_CARDS = ["walnut", "hazelnut", "beechnut", "acorn"] + [
    f"{a}/{b}" for a, b in itertools.combinations(["walnut", "hazelnut", "beechnut", "acorn"], 2)]
NUTS_TRIES = ["stop", "roll > 7", "roll > 13", "2 1 6 > 8", "3 3 3 > 6", "4 5 6", "5-6", "7",
              "take walnut, new acorn, to 3", "take beechnut/acorn, new walnut, to keep", "take hazelnut, to 2",
              "steal Anna 3, to 2", "steal Marlene 2b", "Anna: joker walnut/acorn, to 2, as walnut"]


def verona_points(record: dict):
    """Each turn's actions in the order the replay takes them (a `clue` where a Clue Token came back);
    a cut at a turn's start holds the new turn as `{}` (ruling: the next player's turn has begun)."""
    from pnpkit.scorer.games.fair_verona.notation import parse_text, write
    from pnpkit.scorer.games.fair_verona.explain import turn_actions
    _, rec = record_of(record)
    names = [p["name"] for p in record["players"]]
    turns = record["turns"]
    first = record["start"]["turn"] - 1 if record.get("start") else 0      # the seat of the record's first turn
    for k, acts in enumerate(turn_actions(rec, KITS["fair-verona"])):
        entry: dict = {}
        for j in range(len(acts) + 1):
            yield ({**record, "turns": turns[:k] + [entry]}, acts[j] if j < len(acts) else None,
                   names[(first + k) % len(names)])
            if j < len(acts):
                entry = write(entry, parse_text(acts[j], names))


def verona_tries(rng: random.Random) -> list[str]:
    p = KITS["fair-verona"].params
    codes = [t.code for t in p.tiles.kinds]
    return [f"draw {rng.choice(codes)}", f"take {rng.choice(codes)}", "place aside",
            f"place {rng.randint(-2, 2)} {rng.randint(-2, 2)} turned {rng.choice([0, 90, 180, 270])}", "friend JK",
            f"encounter {rng.choice(['9D', 'QS', 'JK'])}", f"clear {rng.choice(['9D', 'QS'])} with Ben",
            f"move {rng.choice(['any', 'city', 'road'])} {rng.randint(-3, 3)} {rng.randint(-3, 3)}", "give Ann to Ben",
            "clue 5S"]


def verona_listed(text: str) -> str | None:
    """How `moves` lists a Fair Verona entry: the tile drawn and the Friend turned up are chance's
    (`draw`, `clear 9D friend`); a Joker shown drawing a Friend is no choice at all."""
    if text.startswith("friend "):
        return None
    if text.startswith("draw "):
        return "draw"
    return re.sub(r" friend \S+$", " friend", text)


def verona_fill(table, text: str, rng: random.Random) -> str:
    """A listed decision as the record writes it: with a tile or a Friend card chance may give."""
    from pnpkit.scorer.games.fair_verona import moves
    if text != "draw" and not text.endswith(" friend"):
        return text
    st = table.state.copy()
    moves.apply(st, moves.read(st, text))
    return moves.write(st, rng.choice(moves.chance(st)))


CHESTNUT_TRIES = ["a", "b", "c 1", "c 2", "d", "e 1", "e 3", "f 1", "f 2", "g 1", "h", "i", "j", "k 1", "k 2 free 1", "l"]


def trim_tries(rng: random.Random) -> list[str]:
    p = KITS["trim-the-tree"].params
    return [f"{rng.choice(p.ornaments)} at {rng.choice(p.spaces)}" for _ in range(6)] + ["red box at F1"]


def forest_tries(rng: random.Random) -> list[str]:
    squares = [f"{rng.randint(1, 6)} {rng.randint(1, 6)}" for _ in range(3)]
    return ["move N", "move S", "move E", "move W", "refill", "drop 2 2 2 3 2 4", "jump 3 3"] + \
           [f"extinguish {s}" for s in squares]


POINTS = {"chestnuts": chestnut_points, "trim-the-tree": trim_points, "forest-fire": forest_points,
          "in-the-nuts": nuts_points, "fair-verona": verona_points}
TRIES = {"chestnuts": lambda rng: CHESTNUT_TRIES, "trim-the-tree": trim_tries, "forest-fire": forest_tries,
         "in-the-nuts": lambda rng: NUTS_TRIES, "fair-verona": verona_tries}
# How `moves` lists the action a record takes (by default: without the player's name), and the record's
# way of writing a listed action (by default: as listed). In the Nuts! lists what chance decides apart.
LISTED = {"in-the-nuts": nuts_listed, "fair-verona": verona_listed}
FILL = {"in-the-nuts": nuts_fill, "fair-verona": verona_fill}


# ---------------------------------------------------------------- the agreement, at one point

def record_of(data: dict):
    game = api.game_of(data["game"])
    return game, as_model(game.Record, data)


def checked(data: dict):
    game, rec = record_of(data)
    return game.score_record(rec, KITS[data["game"]]).violations


def agree_at(prefix: dict, nxt: str | None, who: str | None, rng: random.Random, tries: int = 4) -> None:
    game = prefix["game"]
    described, rec = record_of(prefix)
    table = described.table_of(rec, KITS[game])
    assert table.violations == [], (prefix, table.violations)
    turn = table.turn()
    listed = [o.text for o in turn.legal]
    shown = LISTED.get(game, lambda t: t.split(": ", 1)[-1])
    if nxt is not None:
        assert shown(nxt) in listed + [None], (nxt, listed, turn)
        assert table.why_illegal(nxt) is None, (nxt, table.why_illegal(nxt))
    elif turn.to_move == who and not turn.waiting:
        assert turn.may_end_turn, turn      # the record ends this player's turn here, legally
    for text in rng.sample(listed, min(tries, len(listed))):
        assert table.why_illegal(text) is None
        extended = table.extend(prefix, FILL.get(game, lambda tb, t, r: t)(table, text, rng))
        game2, rec2 = record_of(extended)
        assert game2.table_of(rec2, KITS[game]).violations == [], (text, extended)
    before = {(v.where, v.rule, v.message) for v in checked(prefix)}
    refused = [t for t in TRIES[game](rng) if shown(t) not in listed + [None]]    # None: not a choice (a bad roll)
    for text in rng.sample(refused, min(tries, len(refused))):
        why = table.why_illegal(text)
        assert why is not None, (text, listed)
        try:
            extended = table.extend(prefix, text)
        except ValueError:
            continue                       # nothing can be written here (a roll, a box, the fires first)
        new = [v for v in checked(extended) if (v.where, v.rule, v.message) not in before]
        assert why.rule.id in [v.rule for v in new], (text, why, new)


# ---------------------------------------------------------------- the shipped examples, every point

def shipped(game: str) -> list[dict]:
    import yaml
    out = []
    pages = [DOCS / "records" / f"{game}.md", DOCS / "at-the-table.md"]
    for block in re.findall(r"```yaml[^\n]*\n(.*?)```", "".join(p.read_text() for p in pages), re.S):
        data = yaml.safe_load(block)
        if isinstance(data, dict) and data.get("game") == game and (game != "fair-verona" or "turns" in data):
            described, rec = record_of(data)
            if not described.score_record(rec, KITS[game]).violations:
                out.append(data)
    return out


@pytest.mark.parametrize("game", list(POINTS))
def test_moves_agree_with_check_at_every_point_of_the_shipped_examples(game):
    examples = shipped(game)
    assert examples, f"docs/records/{game}.md has a legal example"
    rng = random.Random(12)
    for data in examples:
        for prefix, nxt, who in POINTS[game](data):
            agree_at(prefix, nxt, who, rng, tries=3)


# ---------------------------------------------------------------- random legal games, sampled points

def forest_game(rng: random.Random) -> dict:
    """A random legal Forest Fire game (random legal actions, random fire rolls), up to 8 rounds."""
    kit = KITS["forest-fire"]
    n = rng.randint(2, 4)
    roles = [rng.choice(["hotshot", "smoke-jumper", "pilot"]) for _ in range(n)]
    ring = [(0, rng.randint(1, 6)), (7, rng.randint(1, 6)), (rng.randint(1, 6), 0), (rng.randint(1, 6), 7)]
    players = [{"name": f"P{i}", "role": r} | ({} if r == "pilot" else {"start": list(ring[i])}) for i, r in enumerate(roles)]
    die = lambda: [rng.randint(1, 6), rng.randint(1, 6)]  # noqa: E731
    record = {"game": "forest-fire", "players": players, "setup": {"fires": [die() for _ in range(2 * n)]}, "rounds": []}
    state = State(kit.params.grid, [Person(p["name"], kit.params.role(p["role"]), tuple(p["start"]) if "start" in p else None)
                                    for p in players])
    for s in record["setup"]["fires"]:
        state.roll(tuple(s))
    for r in range(1, 9):
        if state.over:
            break
        state.round = r
        moves: dict[str, list[str]] = {}
        for i, p in enumerate(state.people):
            if p.out:
                continue
            state.begin_turn(i)
            acts = []
            for _ in range(rng.randint(0 if p.role.kind != "air" or not state.refill_turn() else 1, 2)):
                legal = [m for m in legal_moves(state) if m.action is not END_TURN]   # the record writes no end
                if not legal or state.over:
                    break
                a = rng.choice(legal)
                apply(state, a)
                acts.append(action_text(a.action))
            if p.role.kind == "air" and state.refill_turn() and not state.refilled and not state.over:
                break
            moves[p.name] = acts
        else:
            record["rounds"].append({"moves": moves})
            if not state.over:
                state.end_of_moves()
            if state.over:
                break
            rolls = [die() for _ in state.in_play()]
            for s in rolls:
                state.roll(tuple(s))
            record["rounds"][-1]["fires"] = rolls
            state.blaze()
            continue
        break
    return record


def random_games(game: str, seed: int) -> dict:
    rng = random.Random(seed)
    if game == "chestnuts":
        from pnpkit.scorer.games.chestnuts.sim import random_record
        return random_record(KITS[game], rng)
    if game == "trim-the-tree":
        from pnpkit.scorer.games.trim_the_tree.sim import random_record
        return random_record(KITS[game], rng, ["Ann", "Ben", "Cat"][: rng.randint(1, 3)])
    if game == "in-the-nuts":
        from pnpkit.scorer.games.in_the_nuts.sim import random_record
        return random_record(KITS[game], rng, ["Anna", "Marlene", "Christine", "Uwe"][: rng.randint(2, 4)])
    if game == "fair-verona":
        from pnpkit.scorer.games.fair_verona.sim import random_record
        return random_record(KITS[game], rng, purpose=0.5)
    return forest_game(rng)


@pytest.mark.parametrize("game", list(POINTS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_moves_agree_with_check_on_random_legal_games(game, seed):
    data = random_games(game, seed)
    assert not checked(data), "the random player plays legally"
    rng = random.Random(seed)
    points = list(POINTS[game](data))
    for prefix, nxt, who in rng.sample(points, min(12, len(points))):
        agree_at(prefix, nxt, who, rng, tries=3)
