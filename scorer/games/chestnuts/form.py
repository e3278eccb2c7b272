"""Chestnuts' end position as a form: where each player's chestnuts lie when the game ends, laid
out as the board is (the Basket, the Fire, the Overcooked and Burnt Boxes, each player's Plate and
Chair), a column for each player's chestnuts; the record is docs/records/chestnuts.md's
`start:` with no turn after it, scored by ruling C12 (own chestnuts on Chairs, minus own burnt).

    pN.name                 the players, the first player first
    basket.pN               player N's chestnuts in the Basket (left blank: the rest of their 12)
    fire.uncooked.pN        ... on the Fire, uncooked side up; fire.cooked.pN cooked side up
    overcooked.pN, burnt.pN ... in the Overcooked Box, in the Burnt Box
    plateM.pN, chairM.pN    ... on player M's Plate, on player M's Chair
    counted.pN              the chestnuts counted on the board (for the person; not read)
"""
from __future__ import annotations

import re

from pnpkit.kitfile.forms import Calc, Field, FormProblem, Layout, Values, count, text

TITLE = "the table when the game ends"
SEATS = 2
PAD = "score-pad"  # the kit's score pad: a row a game, each player's Chair (+), Burnt (-) and Total


def pad_calcs(printed: list[str]) -> dict[str, Calc]:
    """The pad's Total boxes as they add up on the fillable sheet (ruling C12): a player's
    Chestnuts on Chairs less theirs burnt, on the row of that game. By the printed names
    (`p1-Total-3`), where the row has both boxes it reads."""
    have = set(printed)
    out = {}
    for name in printed:
        m = re.fullmatch(r"(p\d+)-Total-(\d+)", name)
        if m and {f"{m[1]}-Chair_(+)-{m[2]}", f"{m[1]}-Burnt_(-)-{m[2]}"} <= have:
            out[name] = Calc("less", (f"{m[1]}-Chair_(+)-{m[2]}", f"{m[1]}-Burnt_(-)-{m[2]}"))
    return out


def _places(seats: int) -> list[tuple[str, str]]:
    """(box name, label) of every place a chestnut can lie, in the board's order."""
    out = [("basket", "Basket"), ("fire.uncooked", "Fire, uncooked"), ("fire.cooked", "Fire, cooked"),
           ("overcooked", "Overcooked Box"), ("burnt", "Burnt Box")]
    for m in range(1, seats + 1):
        out += [(f"plate{m}", f"Player {m}'s Plate"), (f"chair{m}", f"Player {m}'s Chair")]
    return out


def fields(kit) -> list[Field]:
    seats = range(1, SEATS + 1)
    out = [Field(f"p{n}.name", f"Player {n}", "name") for n in seats]
    for place, label in _places(SEATS):
        out += [Field(f"{place}.p{n}", f"{label}: player {n}'s chestnuts", "count") for n in seats]
    out += [Field(f"counted.p{n}", f"Player {n}'s chestnuts counted", "points",
                  calc=Calc("sum", tuple(f"{place}.p{n}" for place, _ in _places(SEATS)))) for n in seats]
    return out


def players(kit) -> Layout:
    return Layout(("Name",), tuple((f"Player {n}", (f"p{n}.name",)) for n in range(1, SEATS + 1)), (), row_head="Seat")


def boards(kit) -> list[tuple[str, Layout]]:
    return [("The board", board(kit))]


def board(kit) -> Layout:
    seats = range(1, SEATS + 1)
    rows = tuple((label, tuple(f"{place}.p{n}" for n in seats)) for place, label in _places(SEATS))
    return Layout(tuple(f"Player {n}'s chestnuts" for n in seats),
                  rows + (("Counted", tuple(f"counted.p{n}" for n in seats)),), (), row_head="Where")


def record(values: Values, kit) -> dict:
    """The two players and where their chestnuts lie; a blank Basket is left out (it holds the rest)."""
    names = [text(values, f"p{n}.name") for n in range(1, SEATS + 1)]
    for n, name in enumerate(names, 1):
        if not name:
            raise FormProblem(None, f"p{n}.name", "write both players' names, the first player first")
    start: dict = {}
    for place, _ in _places(SEATS):
        by_owner = {}
        for n, name in enumerate(names, 1):
            box = f"{place}.p{n}"
            if text(values, box) or place != "basket":
                k = count(values, box, "chestnuts", None)
                if k or place == "basket":
                    by_owner[name] = k
        if not by_owner:
            continue
        if place.startswith(("plate", "chair")):
            start.setdefault(place[:5], {})[names[int(place[5:]) - 1]] = by_owner
        elif place.startswith("fire."):
            for name, k in by_owner.items():
                start.setdefault("fire", {}).setdefault(name, {})[place[5:]] = k
        else:
            start[place] = by_owner
    return {"game": "chestnuts", "players": names, "start": start, "turns": []}


def fields_of(data: dict, kit) -> dict[str, str]:
    """The inverse of `record`: each box of the end position a `start:` record with no turn after
    it holds (a saved game opened again to correct it); FormProblem for any other record (a game
    played turn by turn, a `start:` saying more than where the chestnuts lie)."""
    names, start = data.get("players") or [], data.get("start")
    if data.get("turns") or not isinstance(start, dict) or len(names) != SEATS or set(start) - set(PLACES):
        raise FormProblem(None, "start", "only an end position (a `start:` of where the chestnuts lie, no turn "
                                         "after it) opens as this form")
    seat = {str(name): n for n, name in enumerate(names, 1)}
    out = {f"p{n}.name": str(name) for n, name in enumerate(names, 1)}
    try:
        for place, entry in start.items():
            if place == "fire":
                out |= {f"fire.{side}.p{seat[who]}": str(k) for who, sides in entry.items() for side, k in sides.items()}
            elif place in ("plate", "chair"):
                out |= {f"{place}{seat[owner]}.p{seat[who]}": str(k) for owner, by in entry.items() for who, k in by.items()}
            else:
                out |= {f"{place}.p{seat[who]}": str(k) for who, k in entry.items()}
    except (KeyError, AttributeError) as e:
        raise FormProblem(None, "start", f"{e} is not one of the two players' chestnuts") from None
    return out


PLACES = ("basket", "fire", "overcooked", "burnt", "plate", "chair")


def box(where: str, message: str, seats: dict[str, int]) -> str | None:
    """The box a refused `start:` entry is about: `start.chair.Ann` -> `chair1.pN` (the name is
    the owner of the Chair, the message names whose chestnuts), a sum that is not 12
    (`start.basket.Ann`) -> Ann's counted box; None if it is about the table."""
    parts = where.split(".")
    if len(parts) < 3 or parts[0] != "start" or parts[2] not in seats:
        return None
    seat = seats[parts[2]]
    if parts[1] == "basket":
        return f"counted.p{seat}"
    if parts[1] in ("plate", "chair"):
        return f"{parts[1]}{seat}.p{seat}"
    return f"{parts[1]}.p{seat}" if parts[1] != "fire" else f"fire.uncooked.p{seat}"
