"""NUTS' fillable score sheet: a page per player, and the record (docs/records/nuts.md) it stands for.

The printed sheet (kits/nuts.yaml `score-sheet`) names its boxes as the renderer lists them
(`almond-nuts-3`, `Salt_box`, ...: scorer/games/nuts_sheets.py draws by those names); the form
names them for what they hold, each under its player's `pN.`:

    pN.name                       the player's name
    pN.almond.3                   a token in the almond column's row numbered 3 (any mark: x)
    pN.salt, pN.squirrel          markers in the Salt and Squirrel boxes (a number, or an x each)
    pN.goals                      goal cards claimed, by title or id, separated by commas
    pN.bonus                      bonus cards held, by the id printed on them (B05 B11)
    pN.row-complete.3             the row-complete ticks, and the totals pN.points.rows, .columns,
    pN.points.salt ... .total     .salt, .goals, .bonus, .total: for the person; the sheet adds
                                  them up (fields(): Calc), the scorer never reads them
"""
from __future__ import annotations

import re

from pnpkit.kitfile.forms import Calc, Field, FormProblem, Layout, Values, count, items, named_seats, text

COMPONENT = "score-sheet"
PER_PLAYER = True
SIGNATURE = "p1.salt"      # a field only this form has: a PDF with it is a NUTS sheet
BOXES = {"Name": "name", "Salt_box": "salt", "Squirrel_box": "squirrel", "Goal_cards": "goals",
         "Bonus_cards": "bonus", "Rows": "points.rows", "Columns": "points.columns", "Salt": "points.salt",
         "Goals": "points.goals", "Bonus": "points.bonus", "Total": "points.total"}
EMPTY = {"", "0", "-"}                     # a cell holding these holds no token


def fields(kit) -> list[Field]:
    """A player's sheet: the name, the grid (a row at a time, as printed: a cell per column, then
    the row's tick), the boxes under it, and the points boxes the sheet adds up."""
    params = kit.params
    rows, kinds = [str(r) for r in params.rows], list(params.columns)
    out = [Field("name", "Name", "name")]
    for r in rows:
        out += [Field(f"{k}.{r}", f"{k}, {r} points", "tick", group=k) for k in kinds]
        out.append(Field(f"row-complete.{r}", "Row complete", "points", calc=Calc("all", tuple(f"{k}.{r}" for k in kinds))))
    out += [Field("salt", "Salt box", "count"), Field("squirrel", "Squirrel box", "count"),
            Field("goals", "Goal cards", "picks", tuple((g.id, g.title) for g in params.goals)),
            Field("bonus", "Bonus cards", "text")]
    by_row = tuple(f"{k}.{r}" for r in rows for k in kinds)
    by_column = tuple(f"{k}.{r}" for k in kinds for r in rows)
    sums = ("points.rows", "points.columns", "points.salt", "points.goals", "points.bonus")
    out += [Field("points.rows", "Rows", "points", calc=Calc("rows", by_row, (len(kinds), params.row_points))),
            Field("points.columns", "Columns", "points", calc=Calc("columns", by_column, tuple(params.rows))),
            Field("points.salt", "Salt", "points", calc=Calc("times", ("salt",), (params.salt_points,))),
            Field("points.goals", "Goals", "points"), Field("points.bonus", "Bonus", "points"),
            Field("points.total", "Total", "points", calc=Calc("sum", sums))]
    return out


def layout(kit) -> Layout:
    """The printed grid: a column per nut, the row-complete column, the points down the left;
    the four boxes under it, then the six points boxes."""
    params = kit.params
    kinds = list(params.columns)
    rows = tuple((str(r), tuple(f"{k}.{r}" for k in kinds) + (f"row-complete.{r}",)) for r in params.rows)
    return Layout(tuple(k.capitalize() for k in kinds) + ("Row complete",), rows,
                  (("salt", "squirrel", "goals", "bonus"),
                   ("points.rows", "points.columns", "points.salt", "points.goals", "points.bonus", "points.total")),
                  row_head="Points")


def box(where: str, entry: dict) -> str:
    """`sheet.almond` -> the almond column, `goals[0]` -> the goal cards, `salt` -> the Salt box."""
    if m := re.match(r"sheet\.(\w+)", where):
        return m[1]
    if m := re.match(r"(salt|squirrel|bonus|goals)\b", where):
        return m[1]
    return "name"


def points(label: str) -> str | None:
    """The points box a breakdown line (`rows (2 complete x 7)`, `almond (4 tokens)`, `goal
    Salty Mama`, `bonus B05 ...`) adds to."""
    first = label.split(" ", 1)[0]
    return {"rows": "points.rows", "salt": "points.salt", "goal": "points.goals",
            "bonus": "points.bonus"}.get(first, "points.columns")


def name(printed: str) -> str | None:
    """`almond-nuts-3` -> `almond.3`, `Row_complete-3` -> `row-complete.3`, `Salt_box` -> `salt`."""
    if printed in BOXES:
        return BOXES[printed]
    if m := re.fullmatch(r"(\w+)-nuts-(\d+)", printed):
        return f"{m[1]}.{m[2]}"
    if m := re.fullmatch(r"Row_complete-(\d+)", printed):
        return f"row-complete.{m[1]}"
    return None


def record(values: Values, kit) -> dict:
    """The players whose page has a name, in page order, as docs/records/nuts.md writes them."""
    params = kit.params
    read = {f.name for f in fields(kit) if f.kind != "points"}   # points boxes: for the person, never read
    players = []
    for p, player, seat in named_seats(values, kit, read, PER_PLAYER):
        bonus = items(values, p + "bonus")
        if not bonus:
            raise FormProblem(seat, p + "bonus", f"write the bonus cards {player} held, by the ids printed on them "
                                                 "(e.g. B05 B11): every player keeps at least one")
        players.append({
            "name": player,
            "sheet": {kind: _column(values, p + kind, [str(r) for r in params.rows], seat) for kind in params.columns},
            "salt": count(values, p + "salt", "Salt markers", seat),
            "squirrel": count(values, p + "squirrel", "Squirrel markers", seat),
            "goals": _goals(values, p + "goals", params),
            "bonus": bonus,
        })
    if not players:
        raise FormProblem(1, "p1.name", "the sheet is blank: write each player's name on their page, and what their "
                                        "sheet holds (a page per player)")
    return {"game": "nuts", "players": players}


def fields_of(data: dict, kit) -> dict[str, str]:
    """The inverse of `record`: what each box of the sheets holds for a final-sheet record (a
    saved game opened again to correct it); FormProblem for what the printed sheet cannot hold (a
    move log, a bonus card written out, more players than sheets)."""
    params = kit.params
    out: dict[str, str] = {}
    for seat, player in enumerate(_sheet_players(data, kit), 1):
        p = f"p{seat}."
        out[p + "name"] = str(player.get("name", ""))
        for kind, n in (player.get("sheet") or {}).items():
            if kind not in params.columns or not isinstance(n, int) or not 0 <= n <= len(params.rows):
                raise FormProblem(seat, f"{p}{kind}", f"the sheet has no {len(params.rows)}-row column holding {n!r} {kind}")
            out |= {f"{p}{kind}.{r}": "x" for r in params.rows[:n]}
        out |= {p + k: str(player[k]) for k in ("salt", "squirrel") if player.get(k)}
        out[p + "goals"] = ", ".join(str(g) for g in player.get("goals") or [])
        bonus = player.get("bonus") or []
        if any(not isinstance(b, str) for b in bonus):
            raise FormProblem(seat, p + "bonus", "a bonus card written out (needs, points) has no id to write on the sheet")
        out[p + "bonus"] = " ".join(bonus)
    return out


def _sheet_players(data: dict, kit) -> list[dict]:
    """The players of a final-sheet record, one sheet each (a move log's players are names)."""
    players = data.get("players") or []
    if not all(isinstance(p, dict) and "sheet" in p for p in players) or "rounds" in data:
        raise FormProblem(None, "players", "this record is a move log, not the final score sheets")
    if len(players) > kit.game.max_players:
        raise FormProblem(None, "players", f"the sheets hold {kit.game.max_players} players, not {len(players)}")
    return players


def _column(values: Values, column: str, rows: list[str], page: int) -> int:
    """Tokens in a column: the ticked cells, which fill it from the top (ruling U2)."""
    ticked = [text(values, f"{column}.{r}") not in EMPTY for r in rows]
    n = ticked.index(False) if False in ticked else len(ticked)
    if any(ticked[n:]):
        below = rows[n + ticked[n:].index(True)]
        raise FormProblem(page, f"{column}.{below}", f"is ticked below the empty {column}.{rows[n]}: tokens fill a "
                                                     "column from the top (ruling U2), tick its cells from the first row down")
    return n


def _goals(values: Values, field: str, params) -> list[str]:
    """Goal cards by id or title (`Salty Mama`, `salty-mama`); anything else as written, for the
    scorer to refuse by name."""
    def key(t: str) -> str:
        return re.sub(r"[\s_-]+", "-", t.strip().lower())
    known = {key(g.id): g.id for g in params.goals} | {key(g.title): g.id for g in params.goals}
    return [known.get(key(t), t.strip()) for t in re.split(r"[,;\n]+", text(values, field)) if t.strip()]
