"""NUTS' factory drawn at a step of a move log, with the kit's own pieces at the places its board
names (`pnpkit replay`): the nut markers on the Dispensers, the Cross and Splitter/Joiner tiles on
their cells, the Salters, the Squirrel, the Order cards in their slots; the Matching Paths over the
floor (those that ran in red, each with what it scored written in its emptied slot; those that would
run when the actions end dashed in blue); beside it each player's Action tokens, the First Player
marker, the Hunger die and the decks; and each player's score sheet as it stands.

The board is kits/nuts.yaml's `floor` (columns 1-12) and, for 5-6 players, `floor-extension`
(13-16): its grids name the places (`dispenser-3 1 1`, `conveyor-2 1 4`, `salters 1 7`,
`squirrel-row 1 5`) and its regions the Order slots (`order-5`) and the half cells at the ends of
conveyor row 2. A path is drawn through the columns its nut runs in: the belts lie at the quarter
points of a two-column cell.
"""
from __future__ import annotations

from pnpkit.scorer.core import plural
from pnpkit.scorer.games.nuts.factory import Factory
from pnpkit.scorer.games.nuts.floor import NUTS, SHORT, Path, cell_text, routes
from pnpkit.scorer.games.nuts.state import State
from pnpkit.scorer.play import Area, Card, Piece, Position, Trace

MARKERS = ("almonds", "cashews", "peanuts", "pistachios")
"""The Dispenser markers, by nut (the score sheet's order)."""
TILE_PIECES = {"X": ("cross-tiles", False), "SL": ("splitter-tiles", False), "JR": ("splitter-tiles", True),
               "SR": ("splitter-tiles-b", False), "JL": ("splitter-tiles-b", True)}
"""Each face a tile lies as (ruling U9): the kit's tile component and whether its back is up."""
ORDERS, SHEET, RAN, WOULD = "orders", "score-sheet", "#d1241b", "#1f4fa3"


def panel(f: Factory, c: int) -> tuple[int, int]:
    """Which panel (board) of the floor column `c` lies on, and its column there (1-based)."""
    start = 0
    for k, (_, n) in enumerate(f.panels):
        if c <= start + n:
            return k, c - start
        start += n
    return len(f.panels) - 1, c - start + f.panels[-1][1]


def conveyor_place(f: Factory, row: int, c: int) -> tuple[int, str, float]:
    """Where column `c`'s belt crosses conveyor row `row`: the panel, its place (a cell of the
    row's grid, or the half cell at either end of an offset row) and the fraction across it."""
    k, local = panel(f, c)
    first, n = f.conveyor[row - 1], f.panels[k][1]
    if local < first:
        return k, f"half-{row}-left", 0.5
    a = first + 2 * ((local - first) // 2)
    if a + 1 > n:
        return k, f"half-{row}-right", 0.5
    return k, f"conveyor-{row} 1 {(a - first) // 2 + 1}", 0.25 if local == a else 0.75


def column_places(f: Factory, c: int) -> tuple[int, dict[str, str]]:
    k, local = panel(f, c)
    return k, {"dispenser": f"dispenser-{c} 1 1", "salter": f"salters 1 {local}",
               "squirrel": f"squirrel-row 1 {local}", "order": f"order-{c}"}


def path_points(tiles, p: Path, f) -> list[list[tuple[int, str, float, float]]]:
    """Each route of a Matching Path as points on the panels: out of the Dispenser, into and out of
    each conveyor row in the columns the nut runs in, down through the Salter and Squirrel rows to
    the top of its Order slot (what it scored is written in the slot, under the line's end)."""
    out = []
    columns = f.columns
    for r in routes(tiles, p.dispenser, f.rows):
        if r.slot != p.slot:
            continue
        cols = list(r.entered) + [r.slot]
        if not all(1 <= c <= columns for c in cols + [p.dispenser]):
            continue                       # a way off the printed floor (a tile the table laid off it)
        k, top = column_places(f, p.dispenser)
        pts = [(k, top["dispenser"], 0.5, 0.75)]
        for row in (1, 2, 3):
            k1, place1, f1 = conveyor_place(f, row, cols[row - 1])
            k2, place2, f2 = conveyor_place(f, row, cols[row])
            pts += [(k1, place1, f1, 0.0), (k2, place2, f2, 1.0)]
        k, bottom = column_places(f, p.slot)
        pts += [(k, bottom["salter"], 0.5, 0.5), (k, bottom["squirrel"], 0.5, 1.0)]   # to its slot's top edge
        out.append(pts)
    return out


def _scored(s: State, p: Path) -> str:
    """What a path that ran gave the active player, written in its emptied slot."""
    if not s.turn.fed and s.squirrel == p.slot:
        return "eaten"
    return NUTS[p.nut] + ("\n+ Salt" if p.slot in s.salters else "")


def _traces(s: State) -> list[list[Trace]]:
    """Per panel: the paths that ran this turn (red, with what each scored), else the Matching
    Paths standing now (blue, dashed: the factory will run when the actions end)."""
    ran = bool(s.turn.ran)
    paths = s.turn.paths if ran else s.paths()
    per: list[list[Trace]] = [[] for _ in s.f.panels]
    noted: set[int] = set()
    for p in paths:
        for pts in path_points(s.tiles, p, s.f):
            for k in sorted({x[0] for x in pts}):
                mine = tuple((place, fx, fy) for kk, place, fx, fy in pts if kk == k)
                last = k == pts[-1][0] and ran and p.slot not in noted
                if last:
                    noted.add(p.slot)
                per[k].append(Trace(mine, RAN if ran else WOULD, note=_scored(s, p) if last else "",
                                    note_at=f"order-{p.slot}" if last else "", dashed=not ran))
    return per


def _floor(s: State) -> list[Area]:
    f = s.f
    pieces: list[list[Piece]] = [[] for _ in f.panels]
    cards: list[list[Card]] = [[] for _ in f.panels]
    for c in range(1, s.columns + 1):
        k, at = column_places(f, c)
        pieces[k].append(Piece(MARKERS[s.dispensers[c - 1]], at["dispenser"]))
        if s.orders[c - 1] is not None:
            cards[k].append(Card(ORDERS, s.orders[c - 1], place=at["order"]))
    printed = f.cells
    for (row, a), kind in sorted(s.tiles.items()):
        if (row, a) not in printed:
            continue                       # laid off the printed cells (a violation): said beside the floor
        k, place, _ = conveyor_place(f, row, a)
        name, back = TILE_PIECES[kind]
        pieces[k].append(Piece(name, place, back=back))
    for c in s.salters:
        if 1 <= c <= s.columns:            # one moved off the row (a violation) is said beside the floor
            k, at = column_places(f, c)
            pieces[k].append(Piece("salters", at["salter"]))
    if 1 <= s.squirrel <= s.columns:
        k, at = column_places(f, s.squirrel)
        pieces[k].append(Piece("squirrel", at["squirrel"]))
    traces = _traces(s)
    titles, first = [], 1
    for k, (_, n) in enumerate(f.panels):
        span = f"columns {first}-{first + n - 1}"
        titles.append(f"The factory floor ({span})" if k == 0 else span.capitalize())
        first += n
    return [Area("board", titles[k], board, pieces=tuple(pieces[k]), cards=tuple(cards[k]), traces=tuple(traces[k]))
            for k, (board, _) in enumerate(f.panels)]


def _table(s: State) -> Area:
    """Beside the floor: the Hunger die, the First Player marker, each player's Action tokens, the decks."""
    pieces = []
    if s.round:
        pieces += [Piece("hunger", f"Hunger {s.hunger}"),
                   Piece("first-player", f"round {s.round}: {s.players[s.first].name} first")]
    pieces += [Piece("actions", f"{p.name}: {plural(p.tokens, 'Action token')}", count=p.tokens) for p in s.players]
    printed = s.f.cells
    off = [f"{cell_text(c)} {k}" for c, k in sorted(s.tiles.items()) if c not in printed]
    if off:                                # as the table laid them, where the floor prints no cell
        pieces.append(Piece("cross-tiles", "off the printed cells: " + ", ".join(off), count=0))
    astray = [str(c) for c in s.salters if not 1 <= c <= s.columns]
    if astray:
        pieces.append(Piece("salters", f"off the Salter row: {', '.join(astray)}", count=len(astray)))
    orders = sum(s.order_deck)
    cards = [Card(ORDERS, 0, back=True, count=max(1, orders), note=f"Order deck: {orders}")] if orders else []
    return Area("aside", "Beside the floor", pieces=tuple(pieces), cards=tuple(cards))


def picture(s: State, rows: list[str]) -> tuple[Area, ...]:
    """The step's areas: the floor (and its extension), what lies beside it, each player's sheet."""
    sheets = [Area("sheet", f"{p.name}'s score sheet", SHEET,
                   fields=tuple(sheet_fields(rows, p.name, p.sheet, p.salt, p.squirrel, p.goals, p.bonus)))
              for p in s.players]
    return tuple(_floor(s) + [_table(s)] + sheets)


def position(s: State, rows: list[str], words: list[str]) -> Position:
    return Position(picture(s, rows), text=" | ".join(words))


def sheet_fields(rows: list[str], name: str, counts, salt: int, squirrel: int, goals: list[str],
                 bonus: list[str], titles: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """What a player's score sheet holds, by the sheet's field names: a token in each nut column's
    spaces from the top (U2), the complete rows ticked, a tick a marker in the Salt and Squirrel
    boxes, the goal cards (`titles`: each goal's printed title by id) and bonus cards ticked. The
    move log's replay draws the same sheet at every step; the final-sheet picture (position.py) too."""
    counts = [max(0, min(len(rows), n)) for n in counts]
    fields = [("Name", name)]
    for kind, n in zip(NUTS, counts):
        fields += [(f"{kind}-nuts-{rows[r]}", "\u25cf") for r in range(n)]
    fields += [(f"Row_complete-{rows[r]}", "\u2713") for r in range(min(counts))]
    fields += [(f"Salt_box-{i}", "\u25cf") for i in range(1, salt + 1)]
    fields += [(f"Squirrel_box-{i}", "\u25cf") for i in range(1, squirrel + 1)]
    titles = titles or {}
    fields += [("Goal_cards-" + titles.get(g, g.replace("-", " ").title()).replace(" ", "_"), "\u2713") for g in goals]
    return fields + [(f"Bonus_cards-{b}", "\u2713") for b in bonus]


def lines(s: State) -> list[str]:
    """The floor, the decks and each player, in words."""
    tiles = ", ".join(f"{cell_text(c)} {k}" for c, k in sorted(s.tiles.items())) or "none"
    out = [f"Dispensers (columns 1-{s.columns}): {' '.join(SHORT[d] for d in s.dispensers)}",
           f"Tiles: {tiles}",
           f"Salters on {', '.join(map(str, sorted(s.salters)))}; the Squirrel on {s.squirrel}",
           f"Orders (slots 1-{s.columns}): {' '.join('-' if o is None else SHORT[o] for o in s.orders)}",
           f"Order deck: {', '.join(f'{SHORT[i]} {n}' for i, n in enumerate(s.order_deck))}; round {s.round}, "
           f"hunger {s.hunger}"]
    for p in s.players:
        out.append(f"{p.name}: {plural(p.tokens, 'token')}; sheet "
                   + " ".join(f"{SHORT[i]} {n}" for i, n in enumerate(p.sheet))
                   + f"; Salt {p.salt}, Squirrel {p.squirrel}" + (f"; {', '.join(p.goals)}" if p.goals else "")
                   + f"; bonus {' '.join(p.bonus) or '-'}")
    return out
