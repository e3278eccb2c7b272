"""Final score sheets as forms: the printed sheet, one per player, turned into the record the CLI
reads, and each violation and each points box put back where it is on the sheet.

Nothing here knows a game: each game's form description (its form.py, kitfile/forms: its fields,
their layout, the record they stand for) is the one the fillable PDF is written from and read back by.
The web form names its boxes as the PDF does (`p1.almond.3`, `p2.card3b.nut`), hands what was
typed to the same `record`, and writes that record as YAML text, scored by `pnpkit score`'s scorer.
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Iterable

import yaml

from pnpkit.kitfile.errors import SourceError
from pnpkit.kitfile.forms import Field, FormProblem, Layout, Value, Values, calcs, told, told_box
from pnpkit.kitfile.forms.calc import evaluate
from pnpkit.scorer.games import form as game_form
from pnpkit.scorer.games import forms  # noqa: F401 (the routes ask it which games have which form)


def form(game: str) -> Any:
    """`game`'s final-sheet form (kitfile/forms: SheetForm)."""
    return game_form(game, "sheets")


def end_form(game: str) -> Any:
    """`game`'s end-position form (kitfile/forms: EndForm)."""
    return game_form(game, "end")


def fields(game: str, kit: Any) -> list[Field]:
    return form(game).fields(kit)


@dataclass(frozen=True)
class Seat:
    """One player's sheet on the page: its number (p1 is 1), its boxes by name, and their layout;
    number 0: boxes that are nobody's (an end position's board), named as they are."""

    number: int
    boxes: dict[str, Field]
    layout: Layout

    def field(self, name: str) -> str:
        return f"p{self.number}.{name}" if self.number else name

    def columns(self) -> list[tuple[str, str]]:
        """Each grid column's head and the group its cells share ("" if they share none): a
        violation about the column (`sheet.almond`) is shown under it."""
        out = []
        for i, head in enumerate(self.layout.columns):
            groups = {self.boxes[r[1][i]].group for r in self.layout.rows if r[1][i] is not None}
            out.append((head, groups.pop() if len(groups) == 1 and "" not in groups else ""))
        return out

    def row_group(self, names: tuple[str | None, ...]) -> str:
        """The group a grid row's boxes share (a storage card), or ""."""
        groups = {self.boxes[n].group for n in names if n is not None}
        return groups.pop() if len(groups) == 1 and "" not in groups else ""


def seats(game: str, kit: Any) -> list[Seat]:
    """A sheet for each seat the game has (the most players), in seat order."""
    boxes = {f.name: f for f in fields(game, kit)}
    layout = form(game).layout(kit)
    return [Seat(n, boxes, layout) for n in range(1, kit.game.max_players + 1)]


def shown(kit: Any, filled: dict | None) -> int:
    """How many sheets a page shows at first: the fewest players the game takes, or as many as a
    saved game being corrected names (the rest are a button away: nobody scrolls past empty sheets)."""
    named = [int(k[1:].split(".")[0]) for k, v in (filled or {}).items()
             if k.endswith(".name") and str(v).strip() and k[1:].split(".")[0].isdigit()]
    return max([kit.game.min_players, *named])


def values(items: Iterable[tuple[str, Any]]) -> Values:
    """The posted form as the PDF reader's values: a box ticked several times (the goal cards
    claimed) is one text, its values joined by commas; each box is on its seat's "page"."""
    joined: dict[str, list[str]] = defaultdict(list)
    for k, v in items:
        if isinstance(v, str) and "." in k:        # a box's name has a dot: not the token, not the date
            joined[k].append(v)
    out: Values = {}
    for k, vs in joined.items():
        seat = re.match(r"p(\d+)\.", k)
        out[k] = Value(", ".join(v for v in vs if v.strip()), int(seat[1]) if seat else 0)
    return out


def end_seats(game: str, kit: Any) -> tuple[Seat, list[tuple[str, Seat]]]:
    """An end position's form (kitfile/forms: EndForm): the players' boxes, and the board's (a
    tree each, in Trim the Tree), each with its title."""
    f = end_form(game)
    boxes = {x.name: x for x in f.fields(kit)}
    return Seat(0, boxes, f.players(kit)), [(title, Seat(0, boxes, b)) for title, b in f.boards(kit)]


def record(game: str, kit: Any, typed: Values, end: bool = False) -> tuple[dict, dict[str, int]]:
    """The record the typed sheets (or end position) stand for, and each player's seat by name
    (FormProblem: a box that is not a record yet, by its field)."""
    data = (end_form(game) if end else form(game)).record(typed, kit)
    seat_of = {}
    for seat in range(1, kit.game.max_players + 1):
        name = typed.get(f"p{seat}.name")
        if name is not None and name.text.strip():
            seat_of.setdefault(name.text.strip(), seat)
    return data, seat_of


def reopened(game: str, kit: Any, text: str, name: str, end: bool = False) -> dict[str, str]:
    """A saved final-sheet (or end-position) game's record as what each box of its form holds,
    to correct it (FormProblem: a record the form cannot show, such as a move log, or a form
    that cannot be filled from a record yet; SourceError: not YAML)."""
    from pnpkit.kitfile.source import parse
    f = end_form(game) if end else form(game)
    data = parse(text, name).data
    if not isinstance(data, dict) or data.get("game") != game:
        raise FormProblem(None, "game", f"the record is not a {game} game")
    return f.fields_of(data, kit)


def correcting(game: str, kit: Any, text: str, name: str) -> str | None:
    """Where a saved game is corrected as a form (`/sheet/nuts`, `/end/chestnuts`), or None if no
    form of its game shows it (a move log)."""
    for end, route in ((False, "/sheet/"), (True, "/end/")):
        if game in forms("end" if end else "sheets"):
            try:
                reopened(game, kit, text, name, end)
                return route + game
            except (FormProblem, SourceError):
                pass
    return None


def to_yaml(data: dict) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)


def said(game: str, kit: Any, where: str, data: dict, end: bool = False) -> str:
    """A violation's `where` as the players say it (`Ann, goals[0]` -> `Ann's first goal card, Salty
    Mama`); an end position's, and one about the table, as it is."""
    return where if end else told(form(game), kit, where, data.get("players", []))


def box_of(game: str, where: str, data: dict, seat_of: dict[str, int], end: bool = False) -> str | None:
    """The form field a violation's `where` is about (`Ann, sheet.almond` -> `p1.almond`, the
    almond column; `Uwe, stores[1]` -> `p2.card3b`), the player's name box when it names only the
    player (always, on an end position); None for the table."""
    for player in data.get("players", []):
        name = player if isinstance(player, str) else player.get("name", "")
        if name in seat_of and (where == name or where.startswith(name + ",")):
            if end:
                return f"p{seat_of[name]}.name"
            return f"p{seat_of[name]}.{form(game).box(where[len(name):].lstrip(', '), player)}"
    return None


def points_of(game: str, players: list[dict], seat_of: dict[str, int]) -> dict[str, int]:
    """Each points box of the sheets as the scorer counts it (its breakdown lines added up by the
    box they belong to), and each player's total: what the printed sheet asks the person to add."""
    out: dict[str, int] = {}
    for p in players:
        seat = seat_of.get(p["name"])
        if seat is None:
            continue
        for line in p.get("breakdown", []):
            box = form(game).points(line["label"])
            if box is not None:
                key = f"p{seat}.{box}"
                out[key] = out.get(key, 0) + line["points"]
        out[f"p{seat}.points.total"] = p["total"]
    return out


def problem(game: str, kit: Any, e: FormProblem, typed: Values, end: bool = False) -> dict:
    """A box that is not a record yet, as a violation beside that box (a grid's cell: its column),
    told as the players say it (`Cara's pistachio column, box 4`)."""
    if end:
        seat, name = "", e.field
        box = next((f for f in end_form(game).fields(kit) if f.name == name), None)
    else:
        seat, _, name = e.field.partition(".")
        box = next((f for f in fields(game, kit) if f.name == name), None)
    where = (f"{seat}." if seat else "") + (box.group or box.name) if box is not None else e.field
    message = f"{box.label}: {e.message}" if box is not None and end else e.message
    said = e.field if end else told_box(form(game), kit, typed, e.field)
    return {"where": said, "message": message, "rule": "", "quote": "", "box": where}


def calculated(game: str, kit: Any, typed: Values, end: bool = False) -> dict[str, str]:
    """Each calculated box of the named players' sheets, as the fillable PDF computes it (in its
    calculation order, each box seeing those computed before it); of an end position's board."""
    out: dict[str, str] = {}
    if end:
        for f in end_form(game).fields(kit):
            if f.calc is not None:
                out[f.name] = evaluate(f.calc, lambda x: out[x] if x in out else typed[x].text if x in typed else "")
        return out
    for seat in seats(game, kit):
        if not (typed.get(seat.field("name")) or Value("", 0)).text.strip():
            continue
        def get(name: str, seat: Seat = seat) -> str:
            key = seat.field(name)
            return out[key] if key in out else typed[key].text if key in typed else ""
        for name, calc in calcs(form(game), kit).items():
            out[seat.field(name)] = evaluate(calc, get)
    return out


def refusals(game: str, problems: list, seat_of: dict[str, int]) -> list[dict]:
    """An end position the scorer refuses (a player's chestnuts that do not add up to 12, five
    Firebreaks): each problem as a violation beside the box it is about, if the form has one."""
    f = end_form(game)
    return [{"where": p.field, "message": p.message, "rule": "", "quote": "",
             "box": f.box(p.field, p.message, seat_of)} for p in problems]
