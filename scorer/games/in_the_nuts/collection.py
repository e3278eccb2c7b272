"""In the Nuts!: what the rules do by themselves, between a player's decisions (the collection).

Ending a turn successfully pushes its squirrels up and runs the checks: row by row, left to right,
every player with enough squirrels in a section collects (nearest clockwise after the player whose
turn it is first, N6, N8), taking squirrels back and pushing the others' up; the run stops at each
nut to take or steal (a decision) and goes on from there when it has been taken. A bad roll, the
next turn, the end of the game (the set-aside cards, everything pushed to the top, the last picks,
the kept jokers) happen here too. `State.narrate` makes each step say what happened, for --explain.
"""
from __future__ import annotations

from pnpkit.scorer.games.in_the_nuts.state import (CHECKS, DONE, END_JOKERS, LAST, OVER, ROLL, SETUP_SQUIRRELS, STEAL,
                                                   TAKE, State)
from pnpkit.scorer.seats import closest_after, next_seat


def settle_next(s: State, after: int) -> None:
    """The setup squirrels: the players after the first put 1, 2, 3 ... in seat order; then turn 1."""
    counts = s.p.setup_squirrels
    for p in range(after + 1, s.n):
        if p - 1 < len(counts) and counts[p - 1]:
            s.phase, s.actor, s.settle_left = SETUP_SQUIRRELS, p, counts[p - 1]
            return
    s.phase, s.active, s.actor, s.turn = ROLL, 0, 0, 1


def steal_skip(s: State) -> None:
    """A theft the record leaves out, where it goes on with the next nut: the table did not steal."""
    if s.phase == STEAL:
        collect_next(s)


def settle_skip(s: State) -> None:
    """The setup squirrels a record left out are skipped: on to the next player's, or to turn 1."""
    settle_next(s, s.actor)


def next_turn(s: State) -> None:
    s.active = s.actor = next_seat(s.active, s.n)
    s.turn += 1
    s.phase, s.track = ROLL, []


def stop(s: State, a: object = None) -> None:
    """Ending successfully (the action Stop, `a`): the turn's squirrels go up into the first row, then
    the checks run."""
    p = s.active
    for space in s.track:
        s.counts[s.b.start[space]][p] += 1
    if s.narrate:
        ups = sorted({s.b.sections[s.b.start[x]].label for x in s.track}, key=lambda lab: int(lab.split("-")[0]))
        s.say(f"{s.names[p]} stops: squirrels from {' '.join(map(str, sorted(s.track)))} pushed up into "
              f"{', '.join(ups)}")
    s.track = []
    s.stage, s.next_sec, s.queue = CHECKS, 0, []
    collect_next(s)


def collectors(s: State, sec) -> list[int]:
    """N6, N8: every player with enough squirrels here, nearest clockwise after the active player
    first, once for each full set."""
    c = s.counts[sec.index]
    if max(c) < sec.need:
        return []
    return [q for q in closest_after(s.active, s.n) for _ in range(c[q] // sec.need)]


def collect_next(s: State) -> None:
    """Run the checks on to the next nut to take, or to the end of the turn (or of the game)."""
    sections = s.b.sections
    while True:
        if s.queue:
            p = s.queue.pop(0)
            sec = sections[s.sec]
            gather(s, sec, p)
            s.again = s.actor == p and not s.fresh      # the player's second set in this section (N8)
            s.actor, s.fresh = p, False
            s.steal_due = sec.raccoon and s.stage == CHECKS
            if s.places():
                s.phase = TAKE
                return
            if s.narrate:
                s.say(f"{s.names[p]} finds no nut to take at {sec.label}: no card was left to replace one (N9)")
            if steal_next(s):
                return
            continue
        if s.stage == CHECKS and s.next_sec < len(sections):
            counts, needs, i, n = s.counts, s.b.needs, s.next_sec, len(sections)
            while i < n and max(counts[i]) < needs[i]:   # no one collects here
                i += 1
            s.next_sec = i + 1
            if i < n:
                s.sec, s.fresh = i, True
                s.queue = collectors(s, sections[i])
                _say_order(s)
            continue
        if s.stage == CHECKS and s.ending:
            push_all_up(s)
            s.stage, s.sec, s.fresh = LAST, s.b.top.index, True
            s.queue = collectors(s, s.b.top)
            _say_order(s)
            continue
        if s.stage == CHECKS:
            next_turn(s)
            return
        s.stage = DONE
        end_jokers(s)
        return


def _say_order(s: State) -> None:
    """--explain: where several players collect in one section, in which order, and why."""
    if not s.narrate:               # (a plain check says nothing: the order is not worked out)
        return
    who = list(dict.fromkeys(s.queue))
    if len(who) > 1 or len(who) < len(s.queue):
        sets = ", ".join(f"{s.names[p]} {s.queue.count(p)}" for p in who)
        s.say(f"at {s.section().name} {len(s.queue)} nuts are collected ({sets}), nearest clockwise after "
              f"{s.names[s.active]} first (N6, N8)")


def gather(s: State, sec, p: int) -> None:
    """A collection's squirrels: `need` of the collector's back to the supply; the other players'
    squirrels pushed up, except a player still to collect here (N8) and never on the top row."""
    c = s.counts[sec.index]
    c[p] -= sec.need
    s.supply[p] += sec.need
    pushed = []
    if sec.above is not None:
        up = s.counts[sec.above]
        for q in range(s.n):
            if q != p and c[q] and q not in s.queue:
                up[q] += c[q]
                pushed.append(f"{s.names[q]}'s {c[q]}")
                c[q] = 0
    if s.narrate:
        what = "picks at the end" if s.stage == LAST else f"collects at {sec.name}"
        line = f"{s.names[p]} {what}: {sec.need} squirrels back to the supply ({c[p]} left there)"
        if pushed:
            line += f"; pushed up into {s.b.sections[sec.above].name}: {', '.join(pushed)}"
        s.say(line)


def push_all_up(s: State) -> None:
    top = s.b.top.index
    for i, c in enumerate(s.counts):
        if i != top:
            for q in range(s.n):
                s.counts[top][q] += c[q]
                c[q] = 0
    if s.narrate:
        s.say("the end: every squirrel left on the board is pushed up into the top row; the last picks follow, "
              "one face-up nut for every four squirrels of a player, nearest clockwise after "
              f"{s.names[s.active]} first (N12)")


def steal_next(s: State) -> bool:
    """After a raccoon field's face-up nut: the steal, if a nut can be stolen (N10)."""
    if not s.steal_due:
        return False
    s.steal_due = False
    if s.victims():
        s.phase = STEAL
        return True
    if s.narrate:
        s.say(f"no nut can be stolen: David stays {'with ' + s.names[s.david] if s.david is not None else 'out'} (N10)")
    return False


def end_jokers(s: State) -> None:
    if any(s.kept):
        s.phase = END_JOKERS
        s.actor = next(p for p in range(s.n) if s.kept[p])
    else:
        s.phase = OVER
