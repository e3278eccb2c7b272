"""NUTS' replay in words, as `pnpkit check --explain` prints it (the spec's layout, docs/records/nuts.md):
a round's start with the Order cards flipped, each action with what it did to the floor, each run
with its Matching Paths, the squirrel's rolls and steps, what was eaten and what was scored, and
each round's end with the complete rows and the tokens kept.

What an action did is said after it is applied; what applying forgets (the tile taken off, the
Order moved, the cards a Refill flips and where they went) is read before (`before`).
"""
from __future__ import annotations

from pnpkit.scorer.core import plural
from pnpkit.scorer.games.nuts import auto
from pnpkit.scorer.games.nuts import rules as R
from pnpkit.scorer.games.nuts.floor import NUTS, cell_text
from pnpkit.scorer.games.nuts.state import Action, State

TILE_WORDS = {"X": "a Cross tile", "SL": "a splitter (tile A) from the left column",
              "SR": "a splitter (tile B) from the right column", "JL": "a joiner (tile B) into the left column",
              "JR": "a joiner (tile A) into the right column"}
"""Each face a tile lies as (ruling U9), in words."""
INDENT = "\n      "
"""A run's scores go on a second line, indented under it (the CLI splits notes at newlines)."""


def before(s: State, a: Action) -> object:
    """What the action's words need that applying it forgets: the tile on a cell, the Order in a
    slot, the Refill's flips in words (filling played on a copy)."""
    if a.verb == "build":
        return s.tiles.get((a.args[1], a.args[2]))
    if a.verb == "repo":
        return s.orders[a.args[0] - 1] if 1 <= a.args[0] <= s.columns else None
    if a.verb == "refill":
        return auto.fill(s.copy(), list(a.args), 2, R.REFILL)[1]
    return None


def action(s: State, a: Action, prior: object, who: str) -> str:
    """What an applied action did, in words (`a Cross tile on 1:1-2 (15 left)`)."""
    v, x = a.verb, a.args
    if v == "plan":
        drawn, kept = x
        dropped = [c for c in drawn if c not in kept]
        return (f"{who} draws {' and '.join(drawn)}, keeps {', '.join(kept) or 'none'}"
                + (f" ({', '.join(dropped)} discarded)" if dropped else "") + f"; Bonus deck {len(s.bonus_deck)}")
    if v == "feed":
        return "the Squirrel is fed: no roll this turn"
    if v == "refill":
        return "Order cards flipped: " + (", ".join(prior) if prior else "none")      # type: ignore[arg-type]
    if v == "build":
        cell = cell_text((x[1], x[2]))
        if x[0].startswith("-"):
            kind = prior if isinstance(prior, str) else x[0][1:] or "X"
            return f"the {TILE_WORDS[kind][2:]} taken off {cell} ({_left(s, kind)})"
        return f"{TILE_WORDS[x[0]]} on {cell} ({_left(s, x[0])})"
    if v == "salt":
        return f"the Salter on square {x[0]} moved to {x[1]}"
    if v == "repo":
        what = f"the {NUTS[prior]} Order" if isinstance(prior, int) else "the Order"
        return f"{what} moved from slot {x[0]} to slot {x[1]}"
    if v == "swap":
        a1, a2 = x
        if 1 <= a1 <= s.columns and 1 <= a2 <= s.columns:
            return (f"Dispensers {a1} and {a2} swapped: {a1} now {NUTS[s.dispensers[a1 - 1]]}, "
                    f"{a2} {NUTS[s.dispensers[a2 - 1]]}")
        return f"Dispensers {a1} and {a2} swapped"
    if v == "claim":
        return f"{who} claims {x[0]}" + _goal_words(s, x[0], who)
    return f"{who} {'passes' if v == 'pass' else v}"


def _goal_words(s: State, goal: str, who: str) -> str:
    """What a claimed goal card asks and what the claimer has (U4): ` (Salt box 3 of 3)`."""
    if goal not in s.goals:
        return ""
    box, at_least = s.goals[goal]
    me = next((p for p in s.players if p.name == who), None)
    have = getattr(me, box, None)
    return f" ({box.capitalize()} box {have}, needs {at_least})" if isinstance(have, int) else ""


def _left(s: State, kind: str) -> str:
    tile = s.f.face_of[kind]            # the kit's name of the tile this face is printed on
    return f"{plural(s.supply.get(tile, 0), tile + ' tile')} left"


def run(said: list[str]) -> str:
    """A run's words (auto.run's parts: the paths, the squirrel with what he ate, what was scored)
    in the spec's layout: the scores on a second line, indented under the first."""
    if not said:
        return "no Matching Path: the factory does not run"
    return "; ".join(said[:2]) + "".join(f";{INDENT}{x}" for x in said[2:])


def round_end(s: State) -> str:
    """The end of a round: its complete rows and the tokens each player keeps."""
    rows = ", ".join(f"{p.name} {min(p.sheet)}" for p in s.players)
    tokens = ", ".join(f"{p.name} {p.tokens}" for p in s.players)
    return f"end of round {s.round}: complete rows {rows}; tokens {tokens}" + ("; the game is over" if s.over else "")


def tokens_left(n: int) -> str:
    return f"{plural(n, 'token')} left"
