"""Forest Fire's end position as a form: the board as it lies when the game ends, a box per square
(down 1-6, across 1-6: its Fire counters, or F for a Firebreak), and each player's role and where
they stand; the record is docs/records/forest-fire.md's `start:` with no round after it, whose
outcome is F5's: won when no Fire counter is left, lost when every square but the Firebreaks
burns or everyone is out.

    pN.name, pN.role        the players in seat order, each with their role
    pN.at                   where a hotshot or smoke jumper stands: `2 3` (down, across; 0 or 7 on the ring)
    pN.out                  ticked: the player is out
    sq.2.3                  the square down 2, across 3: its Fire counters (a number), or F (a Firebreak)
"""
from __future__ import annotations

import re

from pnpkit.kitfile.forms import Field, FormProblem, Layout, Values, text

TITLE = "the board when the game ends"
BREAK = {"f", "firebreak", "#", "b"}


def fields(kit) -> list[Field]:
    p, seats = kit.params, range(1, kit.game.max_players + 1)
    roles = tuple((r.id, r.name) for r in p.roles)
    out = []
    for n in seats:
        out += [Field(f"p{n}.name", f"Player {n}", "name"), Field(f"p{n}.role", "Role", "pick", roles),
                Field(f"p{n}.at", "Stands on (down across)", "text"), Field(f"p{n}.out", "Out", "tick")]
    squares = range(1, p.grid + 1)
    out += [Field(f"sq.{d}.{a}", f"down {d}, across {a}", "text", group=f"sq.{d}.{a}") for d in squares for a in squares]
    return out


def players(kit) -> Layout:
    rows = tuple((str(n), (f"p{n}.name", f"p{n}.role", f"p{n}.at", f"p{n}.out")) for n in range(1, kit.game.max_players + 1))
    return Layout(("Name", "Role", "Stands on", "Out"), rows, (), row_head="Seat")


def boards(kit) -> list[tuple[str, Layout]]:
    return [("The board", board(kit))]


def board(kit) -> Layout:
    squares = range(1, kit.params.grid + 1)
    return Layout(tuple(str(a) for a in squares), tuple((str(d), tuple(f"sq.{d}.{a}" for a in squares)) for d in squares),
                  (), row_head="")


def record(values: Values, kit) -> dict:
    """The players who have a name, their roles and places, and the board's fires and Firebreaks."""
    p = kit.params
    players, at, out = [], {}, []
    for n in range(1, kit.game.max_players + 1):
        name = text(values, f"p{n}.name")
        if not name:
            continue
        role = text(values, f"p{n}.role")
        if role not in {r.id for r in p.roles}:
            raise FormProblem(None, f"p{n}.role", f"pick {name}'s role")
        players.append({"name": name, "role": role})
        if text(values, f"p{n}.out"):
            out.append(name)
        elif text(values, f"p{n}.at"):
            at[name] = _square(text(values, f"p{n}.at"), f"p{n}.at", p.grid + 1)
    if not players:
        raise FormProblem(None, "p1.name", "write the players' names, in seat order, with their roles")
    fires, breaks = [], []
    for d in range(1, p.grid + 1):
        for a in range(1, p.grid + 1):
            t = text(values, f"sq.{d}.{a}").lower()
            if t in BREAK:
                breaks.append([d, a])
            elif re.fullmatch(r"\d{1,2}", t):
                if int(t):
                    fires.append([d, a, int(t)])
            elif t:
                raise FormProblem(None, f"sq.{d}.{a}", f"expected the Fire counters on the square (a number) or F for a "
                                                      f"Firebreak, not {t[:20]!r}")
    start = {"fires": fires, "firebreaks": breaks, "at": at, "out": out}
    return {"game": "forest-fire", "players": players, "start": start, "rounds": []}


def fields_of(data: dict, kit) -> dict[str, str]:
    """The inverse of `record`: each box of the board and the players a `start:` record with no
    round after it holds (a saved game opened again to correct it); FormProblem for any other
    record (a game played round by round, a `start:` saying which round is next)."""
    players, start = data.get("players") or [], data.get("start")
    if data.get("rounds") or not isinstance(start, dict) or set(start) - {"fires", "firebreaks", "at", "out"}:
        raise FormProblem(None, "start", "only an end position (a `start:` of the board, no round after it) "
                                         "opens as this form")
    out: dict[str, str] = {}
    try:
        seat = {}
        for n, p in enumerate(players, 1):
            seat[p["name"]] = n
            out |= {f"p{n}.name": str(p["name"]), f"p{n}.role": str(p["role"])}
        for name, (d, a) in (start.get("at") or {}).items():
            out[f"p{seat[name]}.at"] = f"{d} {a}"
        out |= {f"p{seat[name]}.out": "x" for name in start.get("out") or []}
        out |= {f"sq.{d}.{a}": "F" for d, a in start.get("firebreaks") or []}
        out |= {f"sq.{d}.{a}": str(k) for d, a, k in start.get("fires") or []}
    except (KeyError, TypeError, ValueError) as e:
        raise FormProblem(None, "start", f"the end position cannot be shown as this form ({e})") from None
    return out


def box(where: str, message: str, seats: dict[str, int]) -> str | None:
    """The box a refused `start:` entry is about: a player's place (`start.at`, the message names
    them) -> `pN.at`; None for the board as a whole (too many Firebreaks)."""
    if where.startswith("start.at") or where.startswith("start.out"):
        named = [n for n in seats if n in message or where.endswith("." + n)]
        return f"p{seats[named[0]]}.at" if named else None
    return None


def _square(t: str, field: str, edge: int) -> list[int]:
    m = re.fullmatch(r"\s*(\d)\s*[, ]\s*(\d)\s*", t)
    if not m or int(m[1]) > edge or int(m[2]) > edge:
        raise FormProblem(None, field, f"expected the square as down and across, 0 to {edge} (`2 3`; 0 and {edge} "
                                       f"are the ring), not {t[:20]!r}")
    return [int(m[1]), int(m[2])]
