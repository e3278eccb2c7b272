"""Forest Fire's rules, action by action (rulings F1, F5-F8): why a player's action may not be taken
now (an `Illegal` or None), every action the acting player may take (`legal_moves`: the candidates
`why_illegal` accepts, so the list and the check cannot disagree), and `apply`. The fire's own
rules (F3, F4) are the position's (state.py).

A game from its start, as the rulebook plays it: each ground player chooses a start on the ring
(`Place`), then chance rolls the Firebreaks and the setup's fires (`chance`: a `Roll` for each of
`State.due`); each round every player in play acts, then ends the turn (`END_TURN`, where F8 allows
it); after the last turn those on fire go out and chance rolls one fire per player still in play.
A record's replay plays the same actions, one round at a time (replay.py).
"""
from __future__ import annotations

from functools import lru_cache

import re

from pnpkit.scorer.game import END_TURN, END_TURN_TEXT, Illegal
from pnpkit.scorer.games.forest_fire.notation import parse_action, text
from pnpkit.scorer.games.forest_fire.rules import (F1, F4, F5, F6, F6_ACTIONS, F6_NO_FIRE, F7, F8, R_ACTIONS, R_START,
                                                  R_EXTINGUISH, R_OUT, R_PILOT_LINE, R_PILOT_TURNS, R_SQUARES)
from pnpkit.scorer.games.forest_fire.state import (EIGHT, STEPS, Action, Drop, Extinguish, Jump, Move, Person, Place,
                                                   Refill, Roll, Square, State, Step, board, sq)

REFILL = Refill()
STEP_ACTIONS = tuple(Step(d) for d in STEPS)


def why_illegal(st: State, m: Move) -> Illegal | None:
    p = st.people[m.seat]
    if st.over:
        return Illegal(f"the game is already {st.outcome} (round {st.ended_in})", F5 if st.outcome == "won" else F4)
    a = m.action
    if st.acting is None or a.__class__ is Place:
        return _why_setup(st, p, m)
    if p.out:
        return Illegal(f"{p.name} went out in round {p.out_in} and takes no more actions", R_OUT)
    if m.seat != st.acting:
        return Illegal(f"it is {st.people[st.acting].name}'s turn: the players act in seat order, each turn ended "
                       "before the next begins", F4)
    if a is END_TURN:
        return why_turn_short(st)
    if p.role.kind == "air":
        return _why_air(st, p, a)
    return _why_ground(st, p, a)


def placing(st: State) -> int | None:
    """The seat whose start is to be chosen (before the setup's rolls), or None."""
    if st.round or st.acting is not None:
        return None
    return next((i for i, p in enumerate(st.people) if p.at is None and p.role.kind != "air"), None)


def why_start_illegal(st: State, p: Person, at: Square) -> Illegal | None:
    if st.on_ring(at):
        return None
    return Illegal(f"{p.name} starts on {sq(at)}; a piece starts on the ring around the grid, next to a forest "
                   f"square (one coordinate 0 or {st.n + 1}, the other 1-{st.n})", R_START)


def _why_setup(st: State, p: Person, m: Move) -> Illegal | None:
    """A start chosen, or anything while no player acts (the starts to choose, or chance due)."""
    seat = placing(st)
    if seat is None:
        if m.action.__class__ is Place:
            return Illegal(f"{p.name} chooses a start before the setup's rolls, not in round {st.round}", R_START)
        return Illegal(f"no player acts now: the {'setup' if st.round == 0 else f'round {st.round}'} rolls "
                       "come next", F4)
    first = st.people[seat].name
    if m.action.__class__ is not Place:
        return Illegal(f"{first} chooses a start on the ring first: the players place their pieces before "
                       "the first round", R_START)
    if m.seat != seat:
        return Illegal(f"{first} chooses a start first (the players place their pieces in seat order)", R_START)
    return why_start_illegal(st, p, m.action.square)


def _why_air(st: State, p: Person, a: Action) -> Illegal | None:
    if st.done >= 1:
        return Illegal(f"{p.name} has already taken this turn's action: a pilot refills or drops, once a turn", F8)
    if isinstance(a, Refill):
        if not st.refill_turn():
            return Illegal(f"{p.name} refilled last round: this is a drop turn (turns alternate, refill first)", F8)
        return None
    if isinstance(a, Drop):
        if st.refill_turn():
            return Illegal(f"{p.name} must refill this turn: a pilot drops only on the turn after a refill", R_PILOT_TURNS)
        off = [s for s in a.squares if not st.on_board(s)]
        if off:
            return Illegal(f"{sq(off[0])} is not a forest square (1-{st.n} down and across)", R_SQUARES)
        if len(a.squares) != p.role.line or not in_line(a.squares):
            return Illegal(f"a drop names {p.role.line} squares in a straight line, each next to the one before; "
                           f"got {', '.join(sq(s) for s in a.squares)}", R_PILOT_LINE)
        return None
    return Illegal(f"a pilot does not {a.kind}: each turn is `refill`, then `drop R C R C R C` the next", F8)


def _why_ground(st: State, p: Person, a: Action) -> Illegal | None:
    rules = F7 if p.role.jump else F6
    if st.done >= p.role.actions:
        return Illegal(f"{p.name} has already taken {p.role.actions} actions this round",
                       R_ACTIONS.get(p.role.id, rules))
    assert p.at is not None
    if isinstance(a, Step):
        step = STEPS[a.direction]
        to = (p.at[0] + step[0], p.at[1] + step[1])
        if not (st.on_board(to) or st.on_ring(to)):
            return Illegal(f"move {a.direction} from {sq(p.at)} leads to {sq(to)}, neither a forest square "
                           f"nor a space of the ring around the grid", F1)
        return None
    if isinstance(a, Extinguish):
        t = a.square
        if not st.on_board(t):
            return Illegal(f"{sq(t)} is not a forest square (1-{st.n} down and across)", R_SQUARES)
        if max(abs(t[0] - p.at[0]), abs(t[1] - p.at[1])) > 1:
            return Illegal(f"{sq(t)} is not {p.name}'s square ({sq(p.at)}) or next to it",
                           R_EXTINGUISH.get(p.role.id, rules))
        if not st.burning(t):
            return Illegal(f"{sq(t)} has no fire to put out", F6_NO_FIRE)
        return None
    if isinstance(a, Jump):
        if not p.role.jump:
            return Illegal(f"{p.name} is a {p.role.name}, who does not jump: their actions are move and "
                           "extinguish", F6_ACTIONS)
        if not (st.on_ring(p.at) or st.on_edge(p.at)):
            return Illegal(f"{p.name} is on {sq(p.at)}, inside the grid: a jump starts from an edge square "
                           f"or off the board", F7)
        if not st.on_board(a.square):
            return Illegal(f"{sq(a.square)} is not a forest square (1-{st.n} down and across)", R_SQUARES)
        return None
    return Illegal(f"only a pilot can {a.kind}; a {p.role.name}'s actions are move and extinguish", rules)


def why_turn_short(st: State) -> Illegal | None:
    """A pilot who must refill and did not (F8); other turns may end at any time."""
    p = st.people[st.acting] if st.acting is not None else None
    if p is not None and p.role.kind == "air" and not st.over and st.refill_turn() and not st.refilled:
        return Illegal(f"{p.name} must refill this round (a pilot's turns alternate, starting with refill)",
                       R_PILOT_TURNS)
    return None


def candidates(st: State) -> list[Move]:
    """Every action the acting player could take (a superset of the legal ones): a pilot's refill and
    every line of squares; a ground role's moves, extinguishing its own and the 8 neighbouring
    squares, and (a Smoke Jumper) a jump to every square; last, the end of the turn where F8 allows
    it. On a pilot's refill turn the drops are left out first (`why_illegal` refuses them all
    there), which changes no list, only its speed. Before the setup's rolls: every start on the ring."""
    if st.acting is None:
        seat = placing(st)
        return [] if seat is None else list(_places(seat, st.n))
    p = st.people[st.acting]
    if p.role.kind == "air":
        out = list(_air(st.acting, st.n, p.role.line, st.refill_turn()))
    elif p.at is None:
        return []
    else:
        out = list(_ground(st.acting, st.n, p.at, p.role.jump))
    if why_turn_short(st) is None:
        out.append(Move(st.acting, END_TURN))
    return out


@lru_cache(maxsize=64)
def _places(seat: int, n: int) -> tuple[Move, ...]:
    """The ring clockwise from the top left: along the top, down the right, back along the bottom,
    up the left."""
    ring = [(0, a) for a in range(1, n + 1)] + [(d, n + 1) for d in range(1, n + 1)] + \
        [(n + 1, a) for a in range(n, 0, -1)] + [(d, 0) for d in range(n, 0, -1)]
    return tuple(Move(seat, Place(s)) for s in ring)


@lru_cache(maxsize=256)
def _air(seat: int, n: int, line: int, refill: bool) -> tuple[Move, ...]:
    return tuple(Move(seat, a) for a in ((REFILL,) if refill else (REFILL, *drops(n, line))))


@lru_cache(maxsize=4096)
def _ground(seat: int, n: int, at: Square, jump: bool) -> tuple[Move, ...]:
    return tuple(Move(seat, a) for a in (*STEP_ACTIONS, *_extinguishes(n, at), *(_jumps(n) if jump else ())))


def legal_moves(st: State) -> list[Move]:
    """Every action the acting player may take now: the candidates that `why_illegal` accepts."""
    return [m for m in candidates(st) if why_illegal(st, m) is None]


def apply(st: State, m: Move | Roll) -> str:
    """Play an action `why_illegal` accepted, or what chance gave; returns what happened, in words."""
    if m.__class__ is Roll:
        return _rolled(st, m.square)
    p, a = st.people[m.seat], m.action
    if a is END_TURN or a.__class__ is Place:
        return _between(st, p, a)
    st.done += 1
    kind = a.__class__                  # (a pilot's actions first: most actions of a long game)
    if kind is Drop:
        p.full = False
        took = sum(st.fire.get(s, 0) for s in a.squares)
        for s in a.squares:
            st.remove(s, st.fire.get(s, 0))
        what = f"{p.name} drops water on {', '.join(sq(s) for s in a.squares)}: {took} counters removed" \
            if st.words else ""
    elif kind is Refill:
        st.refilled = p.full = True
        what = f"{p.name} refills (off the board)"
    elif kind is Step:
        step = STEPS[a.direction]
        assert p.at is not None
        p.at = (p.at[0] + step[0], p.at[1] + step[1])
        what = f"{p.name} moves {a.direction} to {sq(p.at)}" + ("" if st.on_board(p.at) else " (off the board)")
    elif kind is Jump:
        p.at = a.square
        what = f"{p.name} jumps to {sq(p.at)}"
    else:                              # Extinguish
        have = st.fire[a.square]
        took = have if p.role.removes is None else min(p.role.removes, have)
        st.remove(a.square, took)
        what = f"{p.name} puts out {took} of {have} counter{'s' * (have != 1)} on {sq(a.square)}"
    if not st.fire and st.outcome == "playing":
        st.outcome, st.ended_in = "won", st.round
        what += ". No Fire counter is left: the players have won (F5)"
    return what


def _between(st: State, p: Person, a: Action) -> str:
    """A start chosen, or a turn ended: the next player's turn, or (after the last) the end of the
    moves (F4: whoever stands on fire goes out) and the round's fire rolls due."""
    if a.__class__ is Place:
        p.at = a.square
        settle(st)
        return f"{p.name} starts on {sq(p.at)}"
    assert st.acting is not None      # why_illegal refuses an end of turn while no player acts
    nxt = next((k for k in range(st.acting + 1, len(st.people)) if not st.people[k].out), None)
    if nxt is not None:
        st.begin_turn(nxt)
        return f"{p.name} ends the turn"
    st.acting = None
    gone = st.end_of_moves()
    if not st.over:
        st.due = ["fire"] * len(st.in_play())
    return f"{p.name} ends the turn; the moves are over" + \
        (f": {', '.join(q.name for q in gone)} on a burning square, out" if gone else "")


def _rolled(st: State, s: Square) -> str:
    """One roll of `State.due`: a Firebreak or a fire (F2, F3); after the last of them, every
    square burning loses (F4), else the next round begins."""
    if st.due.pop(0) == "firebreak":
        st.firebreaks.add(s)      # a repeated roll adds nothing (F2)
        what = f"Firebreak on {sq(s)}"
    else:
        what = st.roll(s)
    settle(st)
    return what


def settle(st: State) -> None:
    """Nothing left to choose or roll before the next round (the starts chosen, the rolls due
    rolled, if any): every square burning loses (F4), else the next round begins with its first
    player in play."""
    if st.acting is None and not st.due and placing(st) is None and not st.over and not st.blaze():
        st.round += 1
        first = next((k for k, q in enumerate(st.people) if not q.out), None)
        if first is not None:
            st.begin_turn(first)


def chance(st: State) -> tuple[Roll, ...]:
    """A roll of the two dice, any square, while rolls are due and no start is left to choose."""
    return () if st.over or not st.due or st.acting is not None or placing(st) is not None else _rolls(st.n)


@lru_cache(maxsize=16)
def _rolls(n: int) -> tuple[Roll, ...]:
    return tuple(Roll(s) for s in board(n))


def to_move(st: State) -> int | None:
    if st.over:
        return None
    return st.acting if st.acting is not None else placing(st)


def is_over(st: State) -> bool:
    return st.over


START = re.compile(r"start (-?\d{1,3}),? (-?\d{1,3})")


def read(st: State, written: str) -> Move:
    """`move N` (the player to move's) or `Ben: move N` (a player named) -> a Move; `end the turn`;
    `start 0 3` (a start on the ring, while the starts are chosen). ValueError if it cannot be read
    here."""
    names = [p.name for p in st.people]
    head, sep, rest = written.partition(":")
    if sep and head.strip() in names:
        return Move(names.index(head.strip()), _action(st, rest))
    seat = to_move(st)
    if seat is None:
        raise ValueError(f"{written!r}: no player is acting here; name one (`{names[0]}: move N`)")
    return Move(seat, _action(st, written))


def _action(st: State, written: str) -> Action:
    said = " ".join(str(written).lower().split())
    if said == END_TURN_TEXT:
        return END_TURN
    if (m := START.fullmatch(said)) is not None:
        if placing(st) is None:
            raise ValueError(f"{written.strip()!r}: the starts are chosen before the setup's rolls (the record "
                             "writes them with the players)")
        return Place((int(m[1]), int(m[2])))
    return parse_action(written)


def write(st: State, m: Move) -> str:
    """The move as `pnpkit moves` takes it: the action alone for the player to move, else with the
    player's name: read(st, write(st, m)) == m."""
    a = m.action
    said = END_TURN_TEXT if a is END_TURN else f"start {sq(a.square)}" if a.__class__ is Place else text(a)
    return said if m.seat == to_move(st) else f"{st.people[m.seat].name}: {said}"


@lru_cache(maxsize=16)
def drops(n: int, length: int) -> tuple[Drop, ...]:
    """Every line of `length` squares on an n x n board, from each square in each of 8 directions."""
    out = []
    for s in board(n):
        for d in EIGHT:
            line = tuple((s[0] + k * d[0], s[1] + k * d[1]) for k in range(length))
            if all(1 <= x[0] <= n and 1 <= x[1] <= n for x in line):
                out.append(Drop(line))
    return tuple(out)


@lru_cache(maxsize=1024)
def _extinguishes(n: int, at: Square) -> tuple[Extinguish, ...]:
    return tuple(Extinguish(s) for s in board(n) if max(abs(s[0] - at[0]), abs(s[1] - at[1])) <= 1)


@lru_cache(maxsize=16)
def _jumps(n: int) -> tuple[Jump, ...]:
    return tuple(Jump(s) for s in board(n))


def in_line(squares: tuple[Square, ...]) -> bool:
    """Squares in a straight line (row, column or diagonal), each next to the one before."""
    if len(squares) < 2:
        return True
    d = (squares[1][0] - squares[0][0], squares[1][1] - squares[0][1])
    if d not in EIGHT:
        return False
    return all((b[0] - a[0], b[1] - a[1]) == d for a, b in zip(squares, squares[1:]))
