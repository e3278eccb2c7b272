"""NUTS' replay in words, as `pnpkit check --explain` prints it (the spec's layout, docs/records/nuts.md):
a round's start with the Order cards flipped, each action with what it did to the floor, each run
with its Matching Paths, the squirrel's rolls and steps, what was eaten and what was scored, and
each round's end with the complete rows and the tokens kept (scorer/protocol.py's `Telling`); and
what the table says about a position besides the rules' answers, with a search for whether one
Matching Path through every configuring action (U12) can still be made. Nothing here judges a step.

What an action did is said after it is applied; what applying forgets (the tile taken off, the
Order moved, the cards a Refill flips and where they went) is read before (`before_words`).
"""
from __future__ import annotations

from pnpkit.scorer.core import plural
from pnpkit.scorer.game import END_TURN, Illegal, Said, Told
import pnpkit.scorer.games.nuts.draws as draws
import pnpkit.scorer.games.nuts.effects as auto
import pnpkit.scorer.games.nuts.moves as moves
import pnpkit.scorer.games.nuts.rules as R
from pnpkit.scorer.games.nuts.checks import one_path
from pnpkit.scorer.games.nuts.floor import NUTS, cell_text
from pnpkit.scorer.games.nuts.notation import write
from pnpkit.scorer.games.nuts.state import Action, RoundEnd, Setup, Start, State, Step
from pnpkit.scorer.play import Dice

TILE_WORDS = {"X": "a Cross tile", "SL": "a splitter (tile A) from the left column",
              "SR": "a splitter (tile B) from the right column", "JL": "a joiner (tile B) into the left column",
              "JR": "a joiner (tile A) into the right column"}
"""Each face a tile lies as (ruling U9), in words."""
INDENT = "\n      "
"""A run's scores go on a second line, indented under it (the CLI splits notes at newlines)."""


def before_words(s: State, a: Action) -> object:
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


# ---------------------------------------------------------------- the replay's steps (scorer/protocol.py: Telling)

def opening(s: State, record) -> list[Told]:
    return [Told("the game's setup" if record.start is None else "the position written under start:", (), "start")]


def tell(before: State, s: State, a: Step, where: str, why: Illegal | None, refused: str | None) -> list[Told]:
    kind = a.__class__
    if kind is not Action:
        if refused is not None or a is END_TURN:
            return []
        if kind is Setup:
            return [Told("the game's setup")]
        if kind is RoundEnd:
            return [Told(round_end(s), [f"{where}: the record's round ends here", round_end(s)])]
        if kind is Start:
            head = f"hunger {s.hunger}, {s.players[s.first].name} first"
            flips = ", ".join(s.said)
            return [Told(f"{head}; orders flipped: {flips}", [f"round {s.round} ({head}): orders flipped: {flips}"])]
        did = run(s.said)
        return [Told(did.replace(INDENT, " "), [f"{where}: {did}"])]
    if refused is not None:
        if before.over:
            return [Told("not played: the game is over")]
        return [Told(f"not played: {refused}", [f"{where}: not played ({refused})"])]
    v = a.verb      # type: ignore[union-attr]
    me = s.players[before.active]
    did = action(s, a, before_words(before, a) if v != "pass" else None, me.name) + \
        (f"; {tokens_left(me.tokens)}" if v in s.f.cost else "")     # type: ignore[arg-type]
    said = [f"{where}: {did}" + (" (ILLEGAL, played as recorded)" if why else "")]
    if v == "pass" and s.round_over and not before.round_over:
        did += ("; every player passed: the round ends, complete rows "
                + ", ".join(f"{p.name} {min(p.sheet)}" for p in s.players) + ("; the game is over" if s.over else ""))
        said = [said[0] + "; every player passed", round_end(s)]
    return [Told(did, said)]


# ---------------------------------------------------------------- the table's words

def said(s: State) -> Said:
    if s.over:
        return Said(waiting="the game is over (Ending a Round, ruling U7)")
    if s.round_over:
        h = s.f.hunger
        return Said(may_end_turn=False, dice=Dice((f"Hunger D{h}",), faces=h),
                    waiting=f"round {s.round + 1} starts: write its `hunger:` (the D{h}), then the `orders:` "
                            "flipped to fill the open slots")
    if s.flipping:
        return Said(may_end_turn=False, draw=draws.flips(s), waiting=f"round {s.round}, hunger {s.hunger}: the Order cards flipped to "
                    f"fill the open slots ({', '.join(map(str, s.fillable()))}), in order, the discarded ones too: "
                    "`al ca pe pi`")
    if s.turn.waiting:
        return Said(may_end_turn=False, dice=Dice(("squirrel D6",), faces=s.f.die, then=draws.squirrel_then(s)),
                    waiting=f"the squirrel's next D6 in {s.me().name}'s run (hunger {s.hunger}): add it to the "
                    f"turn's `sq:`: `4`; `4 > 9` if it Scampers (the D{s.columns} sent him to 9); `5 L` / `5 R` "
                    "on a Hunt tie")
    me = s.me()
    notes = [f"{me.name} has {plural(me.tokens, 'Action token')}",
             "refill and plan are written with their cards (`refill pe al`, `plan B05 B12 keep B05`); at the table, tap "
             "their button, then the cards drawn"]
    if s.turn.acted:
        notes.append(reachable(s))
    where = (f"round {s.round}, turn {s.index + 1} ({me.name}), hunger {s.hunger}"
             + (f", {plural(s.turn.acted, 'action')} taken" if s.turn.acted else ""))
    return Said(to_move=me.name, turn=where, notes=notes, cost_unit="Action token", more=draws.more(s))


def cost(s: State, a: Step) -> int | None:
    return s.f.cost.get(a.verb, 0) if a.__class__ is Action else None      # type: ignore[union-attr]


SEARCH_LIMIT = 3000
"""Positions the U12 search looks at, at most (a depth-1 search of a 12-column floor is ~300)."""


def reachable(s: State) -> str:
    """Whether one Matching Path through every configuring action (U12) can still be made."""
    if not any(True for _ in s.turn.places):
        return "no action has configured the floor yet: the one-path rule (U12) asks nothing of this turn"
    if one_path(s, s.paths()) is None and s.paths():
        return "one Matching Path passes every action that configured the floor (U12): the turn may end here"
    seen = [0]
    found = _search(s, s.me().tokens, seen, [])
    if found is not None:
        return ("one Matching Path through every configuring action (U12) can still be made, e.g. with "
                + ", ".join(found))
    if seen[0] >= SEARCH_LIMIT:
        return (f"no Matching Path through every configuring action (U12) found in {SEARCH_LIMIT} positions: the "
                "search stopped there (not searched further)")
    return ("no Matching Path through every configuring action (U12) can be made with the tokens left "
            f"(searched all {seen[0]} positions; Refill and Plan, whose cards are chance, left out)")


def _search(s: State, tokens: int, seen: list[int], done: list[str]) -> list[str] | None:
    """Breadth-first (fewest actions first): configuring actions after which U12 holds."""
    queue = [(s, tokens, done)]
    while queue:
        nxt = []
        for here, left, so_far in queue:
            for a in moves.candidates(here):
                if a.verb not in s.f.configuring or s.f.cost[a.verb] > left:
                    continue
                if seen[0] >= SEARCH_LIMIT:
                    return None
                if moves.why_illegal(here, a) is not None:
                    continue
                seen[0] += 1
                t = here.copy()
                moves.apply(t, a)
                paths = t.paths()
                if paths and one_path(t, paths) is None:
                    return so_far + [write(a)]
                if left > s.f.cost[a.verb]:
                    nxt.append((t, left - s.f.cost[a.verb], so_far + [write(a)]))
        queue = nxt
    return None


