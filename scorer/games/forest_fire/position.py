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
from pnpkit.scorer.games.forest_fire.record import Record, Start
from pnpkit.scorer.games.forest_fire.state import Person, Square, State, sq
from pnpkit.scorer.play import Area, Piece, Position

# What kits/forest-fire.yaml calls the places and pieces.
BOARD, GRID = "board", "forest"
RING = {"top": "ring-top", "bottom": "ring-bottom", "left": "ring-left", "right": "ring-right"}
FIRES, FIREBREAKS = "fires", "firebreaks"
PIECES = {"hotshot": "hotshots", "smoke-jumper": "smoke-jumpers", "pilot": "pilots"}


def start_problems(record: Record, kit) -> list[tuple[tuple, str]]:
    """(path, message) for every way the record's `start:` position cannot exist (none without one)."""
    if record.start is None:
        return []
    people = [(p.name, p.role) for p in record.players]
    return [(("start",) + path, message) for path, message in problems(record.start, people, kit.params)]


def problems(start: Start, people: list[tuple[str, str]], params: Params) -> list[tuple[tuple, str]]:
    """(path under `start`, message) for every way the position cannot exist. `people`: (name, role)."""
    n = params.grid
    st = State(n, [])
    roles = dict(people)
    out: list[tuple[tuple, str]] = []
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
    total = sum(k for _, _, k in start.fires)
    if total > params.fire_counters:
        out.append((("fires",), f"{total} Fire counters on the board; the kit has {params.fire_counters}"))
    for i, s in enumerate(start.firebreaks):
        if not st.on_board(s):
            out.append((("firebreaks", i), f"[{s[0]}, {s[1]}] is not a forest square (1-{n} down and across)"))
        elif s in start.firebreaks[:i]:
            out.append((("firebreaks", i), f"{sq(s)} is listed twice"))
    if len(start.firebreaks) > params.firebreaks:
        out.append((("firebreaks",), f"{len(start.firebreaks)} Firebreaks; the kit has {params.firebreaks}"))
    for name in list(start.at) + start.out:
        if name not in roles:
            out.append((("at" if name in start.at else "out", name), f"{name!r} is not a player ({', '.join(roles)})"))
    for name, s in start.at.items():
        if roles.get(name) == "pilot":
            out.append((("at", name), f"{name} is a pilot, never on the board: leave them out of `at`"))
        elif name in roles and not (st.on_board(s) or st.on_ring(s)):
            out.append((("at", name), f"[{s[0]}, {s[1]}] is neither a forest square nor a space of the ring "
                                      f"(ruling F1)"))
    for name, role in people:
        if role != "pilot" and name not in start.at and name not in start.out:
            out.append((("at",), f"where does {name} ({role}) stand? Give `{name}: [down, across]`"))
    return out


def state_from(start: Start, people: list[Person], n: int) -> State:
    """The State about to play `start.round` (its `round` is the one before it)."""
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
    return st


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


def picture(state: State) -> Position:
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
