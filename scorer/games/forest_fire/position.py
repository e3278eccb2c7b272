"""Forest Fire positions: one written at the table (`start:`), and one drawn in the kit's names.

A record may begin from the board as it is at the start of a round (`start:`, record.py): the
fires with their counters, the Firebreaks, where each player stands and who is out. `start_problems`
refuses a position that cannot exist (a square listed twice, a fire on a Firebreak, more counters than
the kit has, a piece off the board and the ring).

`picture` names what lies where as kits/forest-fire.yaml does: the `forest` grid's squares, the
ring's four tracks, the Fire, Firebreak and role counters; `draw` is the position as text, for
--explain.
"""
from __future__ import annotations

from pnpkit.kitfile.params.forest_fire import Params
from pnpkit.scorer import seats
from pnpkit.scorer.game import END_TURN
from pnpkit.scorer.games.forest_fire.effects import settle
from pnpkit.scorer.games.forest_fire.record import Record, Start
from pnpkit.scorer.games.forest_fire.state import (STEPS, Drop, Extinguish, Jump, Move, Person, Place, Play, Roll, Square,
                                                   State, Step, sq)
from pnpkit.scorer.play import Area, Piece, Position

# What kits/forest-fire.yaml calls the places and pieces.
BOARD, GRID = "board", "forest"
RING = {"top": "ring-top", "bottom": "ring-bottom", "left": "ring-left", "right": "ring-right"}
FIRES, FIREBREAKS = "fires", "firebreaks"
PIECES = {"hotshot": "hotshots", "smoke-jumper": "smoke-jumpers", "pilot": "pilots"}


def start(record: Record, kit) -> State:
    """The position before the record's first entry: the players about to choose their starts, with
    the setup's rolls (as many as the record writes) due; or the board written under `start:`, its
    round begun."""
    params = kit.params
    people = [Person(p.name, params.role(p.role), None) for p in record.players]
    if record.start is None:
        st = State(params.grid, people)
        st.due = ["firebreak"] * len(record.setup.firebreaks) + ["fire"] * len(record.setup.fires)
    else:
        st = state_from(record.start, people, params.grid)
    st.seats = (kit.game.min_players, kit.game.max_players, kit.game.players)
    st.setup_rounds, st.firebreak_counters = params.setup_rounds, params.firebreaks
    settle(st)
    return st


def start_problems(record: Record, kit) -> list[tuple[tuple, str]]:
    """(path, message) for every way the record's `start:` position cannot exist (Game.problems asks
    only of a record with one)."""
    people = [(p.name, p.role) for p in record.players]
    return [(("start",) + path, message) for path, message in problems(record.start, people, kit.params)]


def problems(start: Start, people: list[tuple[str, str]], params: Params) -> list[tuple[tuple, str]]:
    """(path under `start`, message) for every way the position cannot exist. `people`: (name, role).
    The Fire counters are not counted against the kit's: the replay does not count them either (the
    rulebook does not say what happens when they run out), and legal games go past 48."""
    st = State(params.grid, [])
    out = _fire_problems(start, st)
    if len(start.firebreaks) > params.firebreaks:
        out.append((("firebreaks",), f"{len(start.firebreaks)} Firebreaks; the kit has {params.firebreaks}"))
    return out + _people_problems(start, people, st)


def _fire_problems(start: Start, st: State) -> list[tuple[tuple, str]]:
    """Each burning square and each Firebreak: on the board, listed once, no fire on a Firebreak."""
    n, out = st.n, []
    seen: dict[Square, int] = {}
    for i, (d, a, k) in enumerate(start.fires):
        s = (d, a)
        if not st.on_board(s):
            out.append((("fires", i), f"[{d}, {a}] is not a forest square (1-{n} down and across)"))
        elif s in seen:
            out.append((("fires", i), f"{sq(s)} is listed twice (also fires[{seen[s]}]): give its counters once"))
        elif k < 1:
            out.append((("fires", i), f"{k} counters: a burning square has 1 or more"))
        elif s in start.firebreaks:
            out.append((("fires", i), f"{sq(s)} has a Firebreak: fire never lies there (ruling F3)"))
        seen.setdefault(s, i)
    for i, s in enumerate(start.firebreaks):
        if not st.on_board(s):
            out.append((("firebreaks", i), f"[{s[0]}, {s[1]}] is not a forest square (1-{n} down and across)"))
        elif s in start.firebreaks[:i]:
            out.append((("firebreaks", i), f"{sq(s)} is listed twice"))
    return out


def _people_problems(start: Start, people: list[tuple[str, str]], st: State) -> list[tuple[tuple, str]]:
    """Each hotshot and smoke jumper either stands on the board or the ring (`at`) or is out; a
    pilot is neither (ruling F8); every name is a player's, once."""
    roles, out = dict(people), []
    for name in list(start.at) + start.out:
        if name not in roles:
            out.append((("at" if name in start.at else "out", name), f"{name!r} is not a player ({', '.join(roles)})"))
    for name, s in start.at.items():
        if roles.get(name) == "pilot":
            out.append((("at", name), f"{name} is a pilot, never on the board: leave them out of `at`"))
        elif name in start.out:
            out.append((("at", name), f"{name} is out (`out`), no longer on the board: leave them out of `at`"))
        elif name in roles and not (st.on_board(s) or st.on_ring(s)):
            out.append((("at", name), f"[{s[0]}, {s[1]}] is neither a forest square nor a space of the ring "
                                      f"(ruling F1)"))
    for i, name in enumerate(start.out):
        if name in start.out[:i]:
            out.append((("out", i), f"{name} is listed twice"))
        elif roles.get(name) == "pilot":
            out.append((("out", i), f"{name} is a pilot, never out (ruling F8): leave them out of `out`"))
    for name, role in people:
        if role != "pilot" and name not in start.at and name not in start.out:
            out.append((("at",), f"where does {name} ({role}) stand? Give `{name}: [down, across]`, or list "
                                 f"{name} under `out`"))
    return out


def state_from(start: Start, people: list[Person], n: int) -> State:
    """The State about to play `start.round` (its `round` is the one before it). A position with no
    fire is won, one with no player left or every square burning is lost (F4, F5): nothing may follow."""
    for p in people:
        if p.role.kind != "air":
            p.at = tuple(start.at[p.name]) if p.name in start.at else None  # type: ignore[assignment]
        if p.name in start.out:
            p.out_in = start.round - 1
        p.full = start.round % 2 == 0      # a pilot refills in odd rounds and drops in even ones (F8)
    st = State(n, people, fire={(d, a): k for d, a, k in start.fires},
               firebreaks={tuple(s) for s in start.firebreaks}, round=start.round - 1)  # type: ignore[misc]
    if not st.fire:
        st.outcome, st.ended_in = "won", st.round
    elif not st.in_play() or st.ablaze():
        st.outcome, st.ended_in = "lost", st.round
    return st


def start_of(state: State, names: list[str]) -> dict:
    """The `start:` that writes down `state` at the start of a round, before its first action, as
    the rules hold it there (moves.settle: `round` is the round about to be played): a record from
    it plays on as the game it was cut from (tests/scorer/test_games_conform.py). The players are the
    state's own (`names` is every game's signature). A pilot's tank is not written: F8 turns it with
    the round (state_from)."""
    assert state.done == 0 and not state.over, "a start: is written at the start of a round"
    return {"round": state.round,
            "fires": [[d, a, k] for (d, a), k in sorted(state.fire.items())],
            "firebreaks": [list(s) for s in sorted(state.firebreaks)],
            "at": {p.name: list(p.at) for p in state.people if p.at is not None and not p.out},
            "out": [p.name for p in state.people if p.out]}


def place_of(state: State, s: Square) -> str:
    """A square or a ring space as the kit names it: `forest 2 3`, `ring-top 3`."""
    n = state.n
    if state.on_board(s):
        return f"{GRID} {s[0]} {s[1]}"
    if s[0] == 0:
        return f"{RING['top']} {s[1]}"
    if s[0] == n + 1:
        return f"{RING['bottom']} {s[1]}"
    return f"{RING['left' if s[1] == 0 else 'right']} {s[0]}"


def places(st: State, m: Play) -> tuple[str, ...]:
    """What step `m` touches, in `picture`'s names: the square or ring space a piece leaves and the
    one it reaches, the squares put out or watered, the square rolled."""
    if m.__class__ is Roll:
        return (place_of(st, m.square),)        # type: ignore[union-attr]
    if m.__class__ is not Move:
        return ()
    p, a = st.people[m.seat], m.action      # type: ignore[union-attr]
    here = () if p.at is None else (place_of(st, p.at),)
    if a.__class__ is Step and p.at is not None:
        d = STEPS[a.direction]
        return here + (place_of(st, (p.at[0] + d[0], p.at[1] + d[1])),)
    if a.__class__ in (Place, Jump, Extinguish):
        return here + (place_of(st, a.square),) if a.__class__ is not Place else (place_of(st, a.square),)
    if a.__class__ is Drop:
        return tuple(place_of(st, s) for s in a.squares)
    return () if a is END_TURN else here


def picture(state: State, kit=None) -> Position:
    """The forest with its fires, Firebreaks and the players' pieces; off the board, the pilots and
    whoever is out."""
    pieces = [Piece(FIREBREAKS, place_of(state, s)) for s in sorted(state.firebreaks) if state.on_board(s)]
    pieces += [Piece(FIRES, place_of(state, s), count=k) for s, k in sorted(state.fire.items()) if state.on_board(s)]
    aside = []
    for p in state.people:
        kind = PIECES[p.role.id]
        if p.out:
            aside.append(Piece(kind, f"{p.name}: out in round {p.out_in}", label=p.name))
        elif p.at is None:
            aside.append(Piece(kind, f"{p.name}, {p.role.name.lower()}: tank " + ("full" if p.full else "empty"),
                               back=not p.full, label=p.name))
        elif not (state.on_board(p.at) or state.on_ring(p.at)):     # an illegal start, reported: drawn apart
            aside.append(Piece(kind, f"{p.name}: on {p.at[0]} {p.at[1]}, neither the forest nor the ring",
                               label=p.name))
        else:
            pieces.append(Piece(kind, place_of(state, p.at), label=p.name))
    areas = [Area("board", "The forest", BOARD, tuple(pieces))]
    if aside:
        areas.append(Area("aside", "Off the board", pieces=tuple(aside)))
    return Position(tuple(areas))


# ---- the picture for --explain ------------------------------------------------------------------

def tags(people: list[Person]) -> dict[str, str]:
    """One letter per player: their initial, or their seat number where initials clash."""
    return dict(zip((p.name for p in people), seats.tags([p.name for p in people])))


def draw(state: State) -> str:
    """The grid with its ring: `.` no fire, a number of Fire counters, `#` Firebreak, `·` an empty
    ring space, and each player's letter where they stand (`2A`: Ann on a square with 2 counters)."""
    tag = tags(state.people)
    n, w = state.n, 6
    lines = [("   " + "".join(f"{c:<{w}}" for c in [""] + [str(k) for k in range(1, n + 1)])).rstrip()]
    for d in range(0, n + 2):
        row = f"{d:>2} "
        for a in range(0, n + 2):
            s = (d, a)
            if state.on_board(s):
                base = "#" if s in state.firebreaks else (str(state.fire[s]) if s in state.fire else ".")
            elif state.on_ring(s):
                base = "·"
            else:
                row += " " * w
                continue
            here = "".join(tag[p.name] for p in state.in_play() if p.at == s)
            base = here if here and base == "·" else base + here
            row += f"{base:<{w}}"
        lines.append(row.rstrip())
    who = []
    for p in state.people:
        where = "off the board" if p.at is None else sq(p.at)
        extra = f", out in round {p.out_in}" if p.out else ""
        who.append(f"{tag[p.name]} {p.name} ({p.role.id}) {where}{extra}")
    lines.append("   " + "; ".join(who))
    return "\n".join(lines)
