"""NUTS' fillable score sheet: a page per player, and the record (docs/records/nuts.md) it stands for.

The printed sheet (kits/nuts.yaml `score-sheet`) names its boxes as the renderer lists them
(`almond-nuts-3`, `Salt_box-4`, `Bonus_cards-B05`, ...: scorer/games/nuts/picture.py draws by those
names); the form names them for what they hold, each under its player's `pN.`. Every box a camera
reads (pnpkit/photo/: `pnpkit score` of a photo of the sheet) is a tick box:

    pN.name                       the player's name (written: never read from a photo)
    pN.almond.3                   a token in the almond column's row numbered 3 (ticked: any mark)
    pN.salt.1 ... pN.salt.15      a Salt marker each, a row of MARKER_BOXES tick boxes (the box's
    pN.squirrel.1 ... .15         count is its ticks, wherever they are); the Squirrel box alike
    pN.goals.salty-mama           a goal card claimed: a tick box per goal (its title, hyphenated)
    pN.bonus.B05                  a bonus card held: a tick box per card of the deck, by its id
    pN.row-complete.3             the row-complete ticks, and the totals pN.points.rows, .columns,
    pN.points.salt ... .total     .salt, .goals, .bonus, .total: for the person; the sheet adds
                                  them up (fields(): Calc), the scorer never reads them

Where they lie: the grid's cells (a tick box in the middle of each), then under the grid the Salt
and Squirrel boxes side by side, the goal and bonus cards, the six points boxes (`layout`); the
millimetres are the printed sheet's (generator/components/score_sheet.py lists each box's
rectangle in the piece's meta["fields"], and the corner marks in meta["marks"]).

A sheet filled in before the boxes were ticks (`pN.salt: 3`, `pN.goals: Salty Mama`, `pN.bonus:
B05 B11`) is still read: those texts count as they did.
"""
from __future__ import annotations

import re

from pnpkit.kitfile.forms import Calc, Field, FormProblem, Layout, Values, count, items, named_seats, ordinal, text
from pnpkit.kitfile.forms import words as _words

COMPONENT = "score-sheet"
PER_PLAYER = True
SIGNATURE = "p1.salt.1"    # a field only this form has: a PDF with it is a NUTS sheet
LEGACY = ("p1.salt", "p1.bonus")   # ... or one of these: a sheet printed before its boxes were ticks
MARKER_BOXES = 15          # tick boxes in the Salt box and in the Squirrel box (kits/nuts.yaml prints as many)
BOXES = {"Name": "name", "Rows": "points.rows", "Columns": "points.columns", "Salt": "points.salt",
         "Goals": "points.goals", "Bonus": "points.bonus", "Total": "points.total"}
TICKS = {"Salt_box": "salt", "Squirrel_box": "squirrel", "Goal_cards": "goals", "Bonus_cards": "bonus"}
EMPTY = {"", "0", "-"}                     # a cell holding these holds no token


def fields(kit) -> list[Field]:
    """A player's sheet: the name, the grid (a row at a time, as printed: a cell per column, then
    the row's tick), the boxes under it, and the points boxes the sheet adds up."""
    params = kit.params
    rows, kinds = [str(r) for r in params.rows], list(params.columns)
    out = [Field("name", "Name", "name")]
    for n, r in enumerate(rows, 1):
        out += [Field(f"{k}.{r}", f"{k}, {r} points", "tick", group=k, words=f"{k} column, box {n}") for k in kinds]
        out.append(Field(f"row-complete.{r}", "Row complete", "points", calc=Calc("all", tuple(f"{k}.{r}" for k in kinds)),
                         words=f"row-complete tick, row {n}"))
    for box, label in (("salt", "Salt marker"), ("squirrel", "Squirrel marker")):
        out += [Field(f"{box}.{i}", f"{label} {i}", "tick", group=box, words=f"{label.split()[0]} box, box {i}")
                for i in range(1, MARKER_BOXES + 1)]
    out += [Field(f"goals.{slug(g.title)}", g.title, "tick", group="goals", words=f"goal card {g.title}") for g in params.goals]
    out += [Field(f"bonus.{b.id}", b.id, "tick", group="bonus", words=f"bonus card {b.id}") for b in params.bonus]
    by_row = tuple(f"{k}.{r}" for r in rows for k in kinds)
    by_column = tuple(f"{k}.{r}" for k in kinds for r in rows)
    sums = ("points.rows", "points.columns", "points.salt", "points.goals", "points.bonus")
    out += [Field("points.rows", "Rows", "points", calc=Calc("rows", by_row, (len(kinds), params.row_points))),
            Field("points.columns", "Columns", "points", calc=Calc("columns", by_column, tuple(params.rows))),
            Field("points.salt", "Salt", "points", calc=Calc("ticks", ticks(params, "salt"), (params.salt_points,))),
            Field("points.goals", "Goals", "points"), Field("points.bonus", "Bonus", "points"),
            Field("points.total", "Total", "points", calc=Calc("sum", sums))]
    return out


def slug(title: str) -> str:
    """A goal's title as its tick box's name: `Salty Mama` -> `salty-mama`."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def ticks(params, box: str) -> tuple[str, ...]:
    """The tick boxes of the Salt (`salt`) or Squirrel box, or of the goal or bonus cards."""
    if box == "goals":
        return tuple(f"goals.{slug(g.title)}" for g in params.goals)
    if box == "bonus":
        return tuple(f"bonus.{b.id}" for b in params.bonus)
    return tuple(f"{box}.{i}" for i in range(1, MARKER_BOXES + 1))


def layout(kit) -> Layout:
    """The printed grid: a column per nut, the row-complete column, the points down the left;
    under it the Salt and Squirrel boxes, the goal and bonus cards (rows of tick boxes), then the
    six points boxes."""
    params = kit.params
    kinds = list(params.columns)
    rows = tuple((str(r), tuple(f"{k}.{r}" for k in kinds) + (f"row-complete.{r}",)) for r in params.rows)
    tick_rows = tuple((label, box, ticks(params, box)) for label, box in
                      (("Salt box", "salt"), ("Squirrel box", "squirrel"), ("Goal cards", "goals"), ("Bonus cards", "bonus")))
    return Layout(tuple(k.capitalize() for k in kinds) + ("Row complete",), rows,
                  (("points.rows", "points.columns", "points.salt", "points.goals", "points.bonus", "points.total"),),
                  row_head="Points", ticks=tick_rows)


def groups(kit) -> dict[str, str]:
    """The groups of boxes in the players' words (a box's own are its Field's `words`)."""
    return {"name": "name", "salt": "Salt box", "squirrel": "Squirrel box", "goals": "goal cards",
            "bonus": "bonus cards", **{k: f"{k} column" for k in kit.params.columns}}


def words(box: str, kit) -> str:
    """`pistachio.3` -> `pistachio column, box 2`, `goals` -> `goal cards` (after "Cara's")."""
    return _words(fields(kit), groups(kit), box)


def said(where: str, entry: dict, kit) -> str:
    """A violation's place in a player's sheet (`goals[0]`, `bonus[1]`, `sheet.almond`, `salt`) in
    the players' words: `first goal card, Salty Mama`, `almond column`."""
    if m := re.fullmatch(r"(goals|bonus)\[(\d+)\]", where):
        i, listed = int(m[2]), entry.get(m[1]) or []
        title = {g.id: g.title for g in kit.params.goals}.get(str(listed[i]), str(listed[i])) \
            if i < len(listed) and isinstance(listed[i], (str, int)) else ""
        return f"{ordinal(i)} {'goal' if m[1] == 'goals' else 'bonus'} card" + (f", {title}" if title else "")
    return words(box(where, entry), kit)


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
    """`almond-nuts-3` -> `almond.3`, `Row_complete-3` -> `row-complete.3`, `Salt_box-4` ->
    `salt.4`, `Goal_cards-Salty_Mama` -> `goals.salty-mama`, `Bonus_cards-B05` -> `bonus.B05`."""
    if printed in BOXES:
        return BOXES[printed]
    box, _, tick = printed.partition("-")
    if box in TICKS and tick:
        return f"{TICKS[box]}.{slug(tick) if box == 'Goal_cards' else tick}"
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
    read |= {"salt", "squirrel", "goals", "bonus"}         # a sheet filled in before the boxes were ticks
    for p, player, seat in named_seats(values, kit, read, PER_PLAYER):
        bonus = items(values, p + "bonus") + [b.id for b in params.bonus if _ticked(values, f"{p}bonus.{b.id}")]
        if not bonus:
            raise FormProblem(seat, p + "bonus", f"tick the bonus cards {player} held (their ids are printed under "
                                                 "the Bonus cards box): every player keeps at least one")
        players.append({
            "name": player,
            "sheet": {kind: _column(values, p + kind, [str(r) for r in params.rows], seat) for kind in params.columns},
            "salt": _markers(values, p, "salt", "Salt markers", seat),
            "squirrel": _markers(values, p, "squirrel", "Squirrel markers", seat),
            "goals": _goals(values, p + "goals", params) + [g.id for g in params.goals
                                                           if _ticked(values, f"{p}goals.{slug(g.title)}")],
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
        for box in ("salt", "squirrel"):
            n = player.get(box) or 0
            if not isinstance(n, int) or not 0 <= n <= MARKER_BOXES:
                raise FormProblem(seat, f"{p}{box}", f"the sheet's {box.capitalize()} box has {MARKER_BOXES} boxes to "
                                                     f"tick, not room for {n!r} markers")
            out |= {f"{p}{box}.{i}": "x" for i in range(1, n + 1)}
        out |= _ticks_of(player.get("goals") or [], {g.id: f"goals.{slug(g.title)}" for g in params.goals}, p, seat, "goal card")
        bonus = player.get("bonus") or []
        if any(not isinstance(b, str) for b in bonus):
            raise FormProblem(seat, p + "bonus", "a bonus card written out (needs, points) has no id to tick on the sheet")
        out |= _ticks_of(bonus, {b.id: f"bonus.{b.id}" for b in params.bonus}, p, seat, "bonus card")
    return out


def _ticks_of(ids: list, boxes: dict[str, str], p: str, seat: int, what: str) -> dict[str, str]:
    """The tick boxes of the cards a record names (FormProblem: a card the sheet has no box for)."""
    out = {}
    for card in ids:
        key = str(card).strip()
        key = next((k for k in boxes if k.lower() == key.lower()), key)
        if key not in boxes:
            group = boxes[next(iter(boxes))].split(".")[0] if boxes else what
            raise FormProblem(seat, f"{p}{group}", f"the sheet has no box for the {what} {card!r}")
        out[p + boxes[key]] = "x"
    return out


def _ticked(values: Values, field: str) -> bool:
    return text(values, field) not in EMPTY


def _markers(values: Values, p: str, box: str, what: str, page: int) -> int:
    """Markers in the Salt or Squirrel box: its ticked boxes (and a count written in a sheet of
    before the ticks)."""
    return count(values, p + box, what, page) + sum(_ticked(values, f"{p}{box}.{i}") for i in range(1, MARKER_BOXES + 1))


def _sheet_players(data: dict, kit) -> list[dict]:
    """The players of a final-sheet record, one sheet each (a move log's players are names)."""
    players = data.get("players") or []
    if not all(isinstance(p, dict) and "sheet" in p for p in players) or "rounds" in data:
        raise FormProblem(None, "players", "this record is a move log, not the final score sheets")
    if len(players) > kit.game.max_players:
        raise FormProblem(None, "players", f"the sheets hold {kit.game.max_players} players, not {len(players)}")
    return players


def _column(values: Values, column: str, rows: list[str], page: int) -> int:
    """Tokens in a column: the ticked cells, which fill it from the top (ruling U2). The problem is
    told at its box, in words (`Cara's pistachio column, box 4`: kitfile.forms.told_box)."""
    ticked = [text(values, f"{column}.{r}") not in EMPTY for r in rows]
    n = ticked.index(False) if False in ticked else len(ticked)
    if any(ticked[n:]):
        k = n + ticked[n:].index(True)
        raise FormProblem(page, f"{column}.{rows[k]}", f"is ticked below the empty box {n + 1}: "
                                                       "tokens fill a column from the top (ruling U2), tick its boxes "
                                                       "from the first down")
    return n


def _goals(values: Values, field: str, params) -> list[str]:
    """Goal cards by id or title (`Salty Mama`, `salty-mama`); anything else as written, for the
    scorer to refuse by name."""
    def key(t: str) -> str:
        return re.sub(r"[\s_-]+", "-", t.strip().lower())
    known = {key(g.id): g.id for g in params.goals} | {key(g.title): g.id for g in params.goals}
    return [known.get(key(t), t.strip()) for t in re.split(r"[,;\n]+", text(values, field)) if t.strip()]
