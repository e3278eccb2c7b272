"""Forest Fire's rules, action by action (rulings F1, F5-F8): why a player's action may not be taken
now (an `Illegal` or None), every action the acting player may take (`legal_moves`: the candidates
`why_illegal` accepts, so the list and the check cannot disagree), and `apply`. The fire's own
rules (F3, F4) are the position's (state.py).

A game from its start, as the rulebook plays it: each ground player chooses a start on the ring
(`Place`), then chance rolls the Firebreaks and the setup's fires (`chance`: a `Roll` for each of
`State.due`); each round every player in play acts, then ends the turn (`END_TURN`, where F8 allows
it); after the last turn those on fire go out and chance rolls one fire per player still in play.
A record's replay plays the same steps, with the facts of its shape (the players, how many rolls
it writes, a round written after the end, actions of a player who is out) judged here too
(`_why_record`). What a step does is effects.py's.
"""
from __future__ import annotations

from functools import lru_cache

import re

from pnpkit.scorer.core import join_names
from pnpkit.scorer.game import END_TURN, END_TURN_TEXT, Illegal
from pnpkit.scorer.games.forest_fire.effects import apply, as_played, placing, settle
from pnpkit.scorer.games.forest_fire.notation import parse_action, text, words
from pnpkit.scorer.games.forest_fire.position import places
from pnpkit.scorer.games.forest_fire.rules import (F1, F4, F5, F6, F6_ACTIONS, F6_NO_FIRE, F7, F8, R_ACTIONS,
                                                  R_EXTINGUISH, R_FIREBREAKS, R_OUT, R_PILOT_LINE, R_PILOT_TURNS,
                                                  R_PLAYERS, R_SETUP_FIRES, R_SQUARES, R_START)
from pnpkit.scorer.games.forest_fire.state import (EIGHT, STEPS, Action, Drop, Extinguish, Gone, Jump, Late, Move, Person,
                                                   Place, Play, Players, Refill, Roll, Rolls, Square, State, Step,
                                                   board, sq)

__all__ = ["apply", "as_played", "candidates", "chance", "drops", "in_line", "is_over", "legal_moves", "placing",
           "places", "read", "repeats", "settle", "to_move", "why_illegal", "why_start_illegal", "why_turn_short",
           "words", "write"]

REFILL = Refill()
STEP_ACTIONS = tuple(Step(d) for d in STEPS)


def why_illegal(st: State, m: Play) -> Illegal | None:
    if m.__class__ is not Move:
        return _why_record(st, m)
    a = m.action        # type: ignore[union-attr]
    if st.outcome != "playing":
        return None if a is END_TURN else over(st)      # (the turn the game ended in may end)
    if a is END_TURN and m.seat == st.acting:     # type: ignore[union-attr]
        return why_turn_short(st)       # (the replay's most common step: every turn's end)
    p = st.people[m.seat]       # type: ignore[union-attr]
    if st.acting is None or a.__class__ is Place:
        return _why_setup(st, p, m)
    if p.out:
        return Illegal(f"{p.name} went out in round {p.out_in} and takes no more actions", R_OUT)
    if m.seat != st.acting:     # type: ignore[union-attr]
        return _out_of_turn(st, m)      # type: ignore[arg-type]
    if a is END_TURN:
        return why_turn_short(st)
    if p.role.kind == "air":
        return _why_air(st, p, a)
    return _why_ground(st, p, a)


def over(st: State) -> Illegal:
    """Anything after the game's end."""
    when = "during the setup" if st.ended_in == 0 else f"in round {st.ended_in}"
    return Illegal(f"the game was already {st.outcome} {when}; nothing after that is played",
                   F5 if st.outcome == "won" else F4)


def _out_of_turn(st: State, m: Move) -> Illegal | None:
    """An action of a player whose turn it is not: one who has acted this round, or (written at the
    table, `Ben: move N`) one still to act, judged as if the turns before theirs ended here."""
    acting = st.people[st.acting].name      # type: ignore[index]
    if m.seat < st.acting:      # type: ignore[operator]
        return Illegal(f"{st.people[m.seat].name} has already acted in round {st.round}; the players act in seat "
                       f"order, and it is {acting}'s turn", F4)
    ahead = st.copy()
    for k in range(st.acting, m.seat):      # type: ignore[arg-type]
        if not ahead.people[k].out:
            why = why_turn_short(ahead)
            if why is not None:
                return why
            apply(ahead, Move(k, END_TURN))
    if ahead.acting != m.seat:
        return Illegal(f"it is {acting}'s turn: the players act in seat order, each turn ended before the next "
                       "begins", F4)
    return why_illegal(ahead, m)


def _why_record(st: State, m: Play) -> Illegal | None:
    """A roll, and the facts of the record's shape: as many players as the game is for, as many
    Firebreak and fire rolls as the setup or the round has, no round after the end, no action of a
    player who is out."""
    kind = m.__class__
    if kind is Roll:
        if st.outcome != "playing":
            return over(st)
        if not st.due or st.acting is not None or (st.round == 0 and placing(st) is not None):
            return Illegal("no roll is due here: the players act first", F4)
        return st.why_roll_illegal(m.square)        # type: ignore[union-attr]
    if kind is Players:
        lo, hi, players = st.seats
        return None if lo <= m.count <= hi else Illegal(f"{m.count} players; the game is for {players}", R_PLAYERS)  # type: ignore[union-attr]
    if kind is Rolls:
        return _why_rolls(st, m.kind, m.count, m.setup)      # type: ignore[union-attr]
    if kind is Late:
        return over(st)
    if kind is Gone:
        p = st.people[m.seat]       # type: ignore[union-attr]
        return Illegal(f"{p.name} went out in round {p.out_in} and takes no more actions", R_OUT)
    return None


def _why_rolls(st: State, kind: str, count: int, setup: bool) -> Illegal | None:
    """How many rolls the record writes here: Firebreaks up to one a player (the kit's counters at the
    most), the setup's fires one a player per round's worth, a round's one a player still in play."""
    players = len(st.people)
    if kind == "firebreak":
        if count <= min(players, st.firebreak_counters):
            return None
        return Illegal(f"{count} Firebreak rolls for {players} players (and {st.firebreak_counters} Firebreak "
                       f"counters)", R_FIREBREAKS)
    want = st.setup_rounds * players if setup else sum(p.out_in is None for p in st.people)
    if count == want:
        return None
    live = st.in_play()
    if setup:
        k = st.setup_rounds
        rule, why_want = R_SETUP_FIRES, f"{k} rounds' worth: one roll for each of the {players} players, {k} times"
    else:
        rule, why_want = F4, f"one fire roll for each player still in play ({join_names(p.name for p in live)})"
    return Illegal(f"{count} fire roll{'s' * (count != 1)}; expected {want}: {why_want}", rule)


def repeats(st: State, why: Illegal) -> bool:
    """A turn that ends owing a refill is not reported where one of its actions was refused already."""
    return why.rule is R_PILOT_TURNS and st.refused


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
    if st.acting is None or st.refilled:
        return None
    p = st.people[st.acting]
    if p.role.kind == "air" and st.outcome == "playing" and st.round % 2 == 1:     # st.refill_turn()
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


def read(st: State, written: str) -> Play:
    """`move N` (the player to move's) or `Ben: move N` (a player named) -> a Move; `end the turn`;
    `start 0 3` (a start on the ring, while the starts are chosen). ValueError if it cannot be read
    here."""
    names = [p.name for p in st.people]
    head, sep, rest = written.partition(":")
    if sep and head.strip() in names:
        return Move(names.index(head.strip()), _action(st, rest))
    seat = to_move(st)      # no player acting (the rolls due): the first player, whom the rules then refuse
    return Move(0 if seat is None else seat, _action(st, written))


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


def write(st: State, m: Play) -> str:
    """The move as `pnpkit moves` takes it: the action alone for the player to move, else with the
    player's name: read(st, write(st, m)) == m."""
    if m.__class__ is not Move:
        raise ValueError(f"{m} is written with its round (a roll, the shape of the record), not on a line of its own")
    a = m.action        # type: ignore[union-attr]
    said = END_TURN_TEXT if a is END_TURN else f"start {sq(a.square)}" if a.__class__ is Place else text(a)
    return said if m.seat == to_move(st) else f"{st.people[m.seat].name}: {said}"     # type: ignore[union-attr]


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
