"""Final score sheets as forms: the boxes of the printed sheet, one sheet per player, turned into the
record the CLI reads, and each violation put back beside the box it is about.

The boxes come from the kit file (NUTS' nut columns, goal cards and bonus deck; In the Nuts!' storage
cards and nut kinds), so the form is the sheet that was printed and the record is scored by the same
rules as `pnpkit score`. A form never builds anything the scorer would not read: it writes the
record as YAML text and scores that text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

import yaml

from pnpkit.scorer.forms import FORM_GAMES  # the games whose final sheets are records

MAX_PLAYERS = 6


@dataclass(frozen=True)
class Box:
    """One box of a player's sheet: its form field (`p0.almond`), label, and kind of input."""

    field: str
    label: str
    kind: str                       # number, text, check, choice
    choices: tuple[str, ...] = ()
    group: str = ""                 # a row of boxes that belong together (a storage card)
    path: tuple = ()                # where it lands in the player's record entry


def boxes(game: str, kit: Any, seat: int) -> list[Box]:
    """The boxes of seat `seat`'s sheet, in the printed order."""
    p = f"p{seat}."
    if game == "nuts":
        params = kit.params
        out = [Box(p + c, c, "number", path=("sheet", c)) for c in params.columns]
        out += [Box(p + "salt", "Salt box", "number", path=("salt",)),
                Box(p + "squirrel", "Squirrel box", "number", path=("squirrel",))]
        out += [Box(p + "goal." + g.id, g.title, "check", path=("goals", g.id)) for g in params.goals]
        out.append(Box(p + "bonus", "Bonus cards held (ids, e.g. B07 B11)", "text", path=("bonus",)))
        return out
    if game == "in-the-nuts":
        params = kit.params
        out = []
        for c in params.cards:
            group = f"card {c.name} (holds {c.size}, {c.points} points full)"
            out += [Box(f"{p}card{c.name}.nut", "nut", "choice", ("", *params.kinds), group, ("stores", c.name, "nut")),
                    Box(f"{p}card{c.name}.nuts", "nuts", "number", group=group, path=("stores", c.name, "nuts")),
                    Box(f"{p}card{c.name}.jokers", "jokers (e.g. acorn/hazelnut)", "text", group=group,
                        path=("stores", c.name, "jokers"))]
        return out
    raise KeyError(game)


def _number(text: str) -> int | str:
    text = text.strip()
    return int(text) if re.fullmatch(r"-?\d{1,6}", text) else (text or 0)


def record(game: str, kit: Any, form: Mapping[str, str]) -> tuple[dict, list[str]]:
    """The record a filled form stands for, and the names of its players (seats with a name)."""
    players = []
    names = []
    for seat in range(MAX_PLAYERS):
        name = form.get(f"p{seat}.name", "").strip()
        if not name:
            continue
        names.append(name)
        entry: dict[str, Any] = {"name": name}
        stores: dict[str, dict] = {}
        for box in boxes(game, kit, seat):
            value = form.get(box.field, "")
            if box.path[0] == "sheet":
                entry.setdefault("sheet", {})[box.path[1]] = _number(value)
            elif box.path[0] in ("salt", "squirrel"):
                entry[box.path[0]] = _number(value)
            elif box.path[0] == "goals":
                if value:
                    entry.setdefault("goals", []).append(box.path[1])
            elif box.path[0] == "bonus":
                entry["bonus"] = [b for b in re.split(r"[\s,;]+", value.strip()) if b]
            elif box.path[0] == "stores":
                stores.setdefault(box.path[1], {})[box.path[2]] = value.strip()
        if game == "in-the-nuts":
            entry["stores"] = [_store(card, fields) for card, fields in stores.items()
                               if fields.get("nut") or fields.get("nuts", "") not in ("", "0") or fields.get("jokers")]
        players.append(entry)
    return {"game": game, "players": players}, names


def _store(card: str, fields: dict) -> dict:
    out: dict[str, Any] = {"card": card}
    if fields.get("nut"):
        out["nut"] = fields["nut"]
    out["nuts"] = _number(fields.get("nuts", "") or "0")
    jokers = [j for j in re.split(r"[\s,;]+", fields.get("jokers", "")) if j]
    if jokers:
        out["jokers"] = jokers
    return out


def to_yaml(data: dict) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)


def box_of(where: str, data: dict) -> str | None:
    """The form field a violation's `where` is about (`Ann, sheet.almond`, `Uwe, stores[1]`,
    `Ann, goals[0]`), or the player's name box when it names only the player; None for the table."""
    for seat, player in enumerate(data.get("players", [])):
        name = player.get("name", "")
        if not (where == name or where.startswith(name + ",")):
            continue
        rest = where[len(name):].lstrip(", ")
        if m := re.match(r"sheet\.(\w+)", rest):
            return f"p{seat}.{m[1]}"
        if m := re.match(r"(salt|squirrel|bonus)\b", rest):
            return f"p{seat}.{m[1]}"
        if (m := re.match(r"goals\[(\d+)\]", rest)) and int(m[1]) < len(player.get("goals", [])):
            return f"p{seat}.goal.{player['goals'][int(m[1])]}"
        if (m := re.match(r"stores\[(\d+)\]", rest)) and int(m[1]) < len(player.get("stores", [])):
            return f"p{seat}.card{player['stores'][int(m[1])]['card']}.nut"
        return f"p{seat}.name"
    return None
