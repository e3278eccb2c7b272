"""NUTS at the table: where a move log stops, for `pnpkit moves` (scorer/play.py: Table).

The record's last turn is the one in progress when it is a play with no squirrel dice and no claim
written: its actions are played, its end (U12 and the run) not yet. The one-path rule (U12) is an
end-of-actions rule, so the table also says whether one Matching Path through every action that
configured the floor can still be made with the tokens left: a search over Build, Salt,
Reposition and Swap (Refill and Plan, whose cards are chance, left out), bounded, which says when
it stopped.

Chance (`chance_turn`, `chance`): a round starts with its Hunger die (a new round written), then its
Order cards flipped (added to its `orders:` until every open slot is filled; the slots still open
meanwhile are not reported); a run waits for the squirrel's D6s (added to the turn's `sq:`), a face
that needs more than its number refused saying what to write with it (a Scamper's square, a Hunt
tie's side). Refill's and Plan's cards are written in their actions, as the record writes them.
"""
from __future__ import annotations

from pnpkit.scorer.core import plural
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.games.nuts import auto, moves
from pnpkit.scorer.games.nuts import rules as R
from pnpkit.scorer.games.nuts.floor import SHORT
from pnpkit.scorer.games.nuts.notation import die, die_text, nut, parse, write
from pnpkit.scorer.games.nuts.record import Play, Record
from pnpkit.scorer.games.nuts.replay import replay
from pnpkit.scorer.games.nuts.state import Action, State
from pnpkit.scorer.play import Dice, Option, Turn, cannot_extend

SEARCH_LIMIT = 3000
"""Positions the U12 search looks at, at most (a depth-1 search of a 12-column floor is ~300)."""


def is_open(record: Record) -> bool:
    """Whether the record's last turn may still be in progress: a play (its actions go on while its
    `sq:` is not written; its claims, while one may be made)."""
    rounds = record.rounds or []
    return bool(rounds and rounds[-1].turns and isinstance(rounds[-1].turns[-1], Play))


def claims_done(record: Record) -> bool:
    """The last turn wrote `claim: []`: its player claims nothing though a goal could be claimed
    (`done`), so the turn is over."""
    last = record.rounds[-1].turns[-1]
    return "claim" in last.model_fields_set and not last.claim


def read_action(text: str) -> Action:
    return Action("pass") if text.strip().lower() == "pass" else parse(text)


class AtTable:
    def __init__(self, record: Record, kit) -> None:
        self.record, self.names = record, record.names
        self.open = is_open(record)
        self.state, rep = replay(record, kit, open_end=self.open)
        s = self.state
        self.flipping = flipping(record, s)
        # the slots still open while the Order cards are being written are not (yet) a violation
        self.violations = [v for v in rep.violations
                           if not (self.flipping and v.rule == R.FILL.id and v.where == f"round {s.round}")]
        self.in_turn = self.open       # the state is still in the record's last turn
        if self.open and s.turn.ran is not None and (claims_done(record) or not any(
                moves.why_illegal(s, Action("claim", (g,))) is None for g in s.goals)):
            auto.end_turn(s)           # nothing left to claim, or `claim: []`: the turn is over
            self.in_turn = False

    def turn(self) -> Turn:
        s = self.state
        if s.over:
            return Turn(to_move=None, may_end_turn=True, waiting="the game is over (Ending a Round, ruling U7)")
        chance = self.chance_turn()
        if chance is not None:
            return chance
        me = s.me()
        options = [Option(write(a), s.f.cost.get(a.verb, 0)) for a in moves.legal_moves(s)]
        notes = [f"{me.name} has {plural(me.tokens, 'Action token')}",
                 "refill and plan are written with their cards: `refill pe al`, `plan B05 B12 keep B05`"]
        if s.turn.acted:
            notes.append(reachable(s))
        where = (f"round {s.round}, turn {s.index + 1} ({me.name}), hunger {s.hunger}"
                 + (f", {plural(s.turn.acted, 'action')} taken" if s.turn.acted else ""))
        return Turn(to_move=me.name, legal=options, may_end_turn=True, turn=where, notes=notes,
                    cost_unit="Action token")

    def chance_turn(self) -> Turn | None:
        """What chance must say before anything can be chosen: a round's Hunger die, its Order
        cards flipped, the squirrel's next die in a run; None if nothing."""
        s = self.state
        if s.round_over:
            h = s.f.hunger
            return Turn(to_move=None, dice=Dice((f"Hunger D{h}",), faces=h),
                        waiting=f"round {s.round + 1} starts: write its `hunger:` (the D{h}), then the `orders:` "
                        "flipped to fill the open slots")
        if self.flipping:
            return Turn(to_move=None, waiting=f"round {s.round}, hunger {s.hunger}: the Order cards flipped to fill "
                        f"the open slots ({', '.join(map(str, s.fillable()))}), in order, the discarded ones too: "
                        "`al ca pe pi`")
        if s.turn.waiting:
            return Turn(to_move=None, dice=Dice(("squirrel D6",), faces=s.f.die),
                        waiting=f"the squirrel's next D6 in {s.me().name}'s run (hunger {s.hunger}): add it to the "
                        f"turn's `sq:`: `4`; `4 > 9` if it Scampers (the D{s.columns} sent him to 9); `5 L` / `5 R` "
                        "on a Hunt tie")
        return None

    def chance(self, data: dict, given: str) -> dict:
        """What chance gave written where the table waits for it: a round's Hunger die (a new
        round), the Order cards flipped (its `orders:`), the squirrel's next die (the turn's `sq:`)."""
        s = self.state
        rounds = [dict(r) for r in data.get("rounds") or []]
        if s.round_over and not s.over:
            hunger = self.turn().dice.read(given)[0][0]
            return {**data, "rounds": rounds + [{"hunger": hunger, "orders": [], "turns": []}]}
        if self.flipping:
            cards = [nut(x) for x in given.replace(",", " ").split()]
            if not cards:
                raise ValueError("write the Order cards flipped, in order: `al ca pe pi`")
            rounds[-1]["orders"] = list(rounds[-1].get("orders") or []) + [SHORT[c] for c in cards]
            return {**data, "rounds": rounds}
        if self.in_turn and s.turn.waiting:
            rolled = [die(x) for x in given.split(",") if x.strip()]
            if len(rolled) == 1 and rolled[0][1] is None and (more := more_than_a_face(s, rolled[0][0])):
                raise ValueError(more)
            dice = [d[0] if d[1] is None else die_text(d) for d in rolled]
            if not dice:
                raise ValueError("write the squirrel's D6: `4`, `4 > 9` or `5 L`")
            turns = list(rounds[-1]["turns"])
            turns[-1] = {**turns[-1], "sq": list(turns[-1].get("sq") or []) + dice}
            rounds[-1]["turns"] = turns
            return {**data, "rounds": rounds}
        raise ValueError("the table waits for no chance now: " + (self.turn().waiting or "tap a move"))

    def why_illegal(self, action: str) -> Illegal | None:
        a = read_action(action)
        return moves.why_illegal(self.state, a)

    def extend(self, data: dict, action: str) -> dict:
        """The record with `action` added: to the turn in progress, or as the next turn."""
        a = read_action(action)
        s = self.state
        rounds = [dict(r) for r in data.get("rounds") or []]
        if not rounds and not s.round_over and data.get("start"):
            rounds = [{"turns": []}]            # the first turn after a `start:` in the middle of a round
        if s.over or s.round_over or not rounds:
            raise cannot_extend(self.turn().waiting or "no round has started")
        turns = list(rounds[-1].get("turns") or [])
        if self.in_turn:
            last = dict(turns[-1])
            if s.turn.ran is not None:          # after the run: claims (`done` with none writes `claim: []`)
                last["claim"] = list(last.get("claim") or [])
                if a.verb != "done":
                    last["claim"].append(a.args[0] if a.verb == "claim" else action)
            elif s.turn.waiting:
                raise cannot_extend(self.turn().waiting or "")
            elif a.verb == "end":
                last["sq"] = []
            else:
                last["do"] = list(last.get("do") or []) + [action]
            turns[-1] = last
        else:
            turns.append("pass" if a.verb == "pass" else {"do": [], "sq": []} if a.verb == "end" else {"do": [action]})
        rounds[-1]["turns"] = turns
        return {**data, "rounds": rounds}


def flipping(record: Record, s: State) -> bool:
    """Whether the table waits for the Order cards of the round just started: its Hunger written,
    no turn yet, slots open and cards left to flip (U16)."""
    rounds = record.rounds or []
    return bool(rounds and rounds[-1].hunger is not None and not rounds[-1].turns and not s.round_over
                and s.fillable() and (any(s.order_deck) or any(s.order_discards)))


def more_than_a_face(s: State, d: int) -> str | None:
    """What the squirrel's D6 `d` needs written besides its face, from where he stands: a Scamper's
    square (the D12/D16 rolled), a Hunt tie's side (the player's choice); None if nothing."""
    move = s.f.move(d + s.hunger)
    if move == "scamper":
        return (f"{d}+{s.hunger}={d + s.hunger} is a Scamper: write where the D{s.columns} sent him too, "
                f"`{d} > 9` (square 9)")
    slots = {p.slot for p in s.turn.paths}
    dist = min((abs(s.squirrel - x) for x in slots), default=0)
    if move == "hunt" and dist and s.squirrel - dist in slots and s.squirrel + dist in slots:
        return (f"{d}+{s.hunger}={d + s.hunger} is a Hunt and the nearest paths lie {dist} to either side: write "
                f"the player's choice too, `{d} L` or `{d} R`")
    return None


def reachable(s: State) -> str:
    """Whether one Matching Path through every configuring action (U12) can still be made."""
    if not any(True for _ in s.turn.places):
        return "no action has configured the floor yet: the one-path rule (U12) asks nothing of this turn"
    if auto.one_path(s, s.paths()) is None and s.paths():
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
                if paths and auto.one_path(t, paths) is None:
                    return so_far + [write(a)]
                if left > s.f.cost[a.verb]:
                    nxt.append((t, left - s.f.cost[a.verb], so_far + [write(a)]))
        queue = nxt
    return None


def table(record: Record, kit) -> AtTable:
    return AtTable(record, kit)
