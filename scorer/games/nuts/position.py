"""NUTS' positions: the one a record starts from (the setup's factory, or a `start:` position), the
one the table writes down (`start_of`), and the final sheets as printed (`pictures`); the factory in
play is drawn by picture.py.

A `start:` (docs/records/nuts.md) is the table between two rounds, or at the start of a turn in the
middle of a round, written instead of the setup, so a record may begin from a game in progress; the
rest of the round in progress (its `turns:` only) and the rounds after it follow. What can be worked
out is not written: the tile supply (from the tiles on the floor), the Order discards (the kit's
Orders less the deck and those on the floor), the Bonus discards (the cards seen less those held),
the goals claimed (from the sheets).

The final sheets: each player's score sheet filled in, and their goal and bonus cards. The score sheet is kits/nuts.yaml's `score-sheet`; what is written in it is named by the fields the
generator gives that sheet (the fillable PDF's names: `almond-nuts-3` is the almond column's row
numbered 3, `Salt_box-2` the Salt box's second tick box). The cards are the kit's `goals` and `bonus` decks, by row.
The numbers written are the scorer's own: the breakdown that `pnpkit score` prints.
"""
from __future__ import annotations

from pnpkit.scorer.games.nuts.factory import factory_of
from pnpkit.scorer.games.nuts.floor import SHORT, cell_text
from pnpkit.scorer.games.nuts.notation import card, nut
from pnpkit.scorer.games.nuts.state import State
from pnpkit.scorer.games.nuts.record import Start
from pnpkit.scorer.core import Result, plural
from pnpkit.scorer.games.nuts.deck import params_of
from pnpkit.scorer.games.nuts.picture import SHEET, lines, position, sheet_fields
from pnpkit.scorer.games.nuts.record import Record
from pnpkit.scorer.play import Area, Card, Position


def start(record, kit) -> State:
    """The setup's factory (its cards are the record's first step, effects.deal), or the `start:` position."""
    if record.start is not None:
        return state_from(record, kit)
    return State.setup(record.names, record.setup.squirrel, factory_of(kit, len(record.names)))


def picture(s: State, kit) -> Position:
    """The factory drawn with the kit's pieces, the paths that ran marked (picture.py), and in words."""
    return position(s, [str(r) for r in params_of(kit).rows], lines(s))


def _nuts(text: str, columns: int, empty: bool) -> list:
    words = text.split()
    if len(words) != columns:
        raise ValueError(f"{len(words)} written; the floor has {columns} columns")
    return [None if empty and w == "-" else nut(w) for w in words]


def start_problems(record, kit) -> list[tuple[tuple, str]]:
    """What makes the record's `start:` impossible: each (path, message); Game.problems asks only of
    a record with one."""
    st = record.start
    out: list[tuple[tuple, str]] = []
    f = factory_of(kit, len(record.names))
    n = f.columns
    for key, empty in (("dispensers", False), ("orders", True)):
        try:
            _nuts(getattr(st, key), n, empty)
        except ValueError as e:
            out.append((("start", key), str(e)))
    for text, kind in st.tiles.items():
        try:
            row, rest = text.split(":")
            a, b = (int(x) for x in rest.split("-"))
            ok = b == a + 1 and (int(row), a) in f.cells and kind in f.face_of
        except ValueError:
            ok = False
        if not ok:
            out.append((("start", "tiles", text), f"{text}: {kind} is not a tile (X, SL, SR, JL, JR) on a printed cell"))
    if len(set(st.salters)) != len(st.salters) or not all(1 <= x <= n for x in st.salters):
        out.append((("start", "salters"), f"Salters stand on different squares 1-{n}"))
    if not 1 <= st.squirrel <= n:
        out.append((("start", "squirrel"), f"the Squirrel stands on a square 1-{n}"))
    out += _round_problems(st, record.names, f.hunger)
    for name in [*st.tokens, *st.sheets]:
        if name not in record.names:
            out.append((("start",), f"no player named {name!r}"))
    if not out:
        try:
            s = state_from(record, kit)
        except ValueError as e:
            return [(("start",), str(e))]
        if any(v < 0 for v in s.supply.values()):
            out.append((("start", "tiles"), f"more tiles of a kind than the kit has ({f.tiles_text()})"))
        if any(v < 0 for v in s.order_discards):
            out.append((("start", "order_deck"), f"more Orders of a nut than the kit has ({f.orders_per_nut})"))
        if s.paths():
            out.append((("start", "orders"), "a Matching Path lies on the floor " + (
                "between rounds: every one runs" if s.round_over else "at the start of a turn: every one runs before "
                "a turn ends")))
    return out


def state_from(record, kit) -> State:
    st = record.start
    s = State.setup(record.names, st.squirrel, factory_of(kit, len(record.names)))
    n = s.columns
    s.round, s.round_over = st.round, st.hunger is None
    if st.hunger is not None:                   # at the start of `next`'s turn in round `round`
        s.hunger, s.passes = st.hunger, st.passes or 0
        s.index = (record.names.index(st.next) - s.first) % len(record.names)
    s.dispensers = _nuts(st.dispensers, n, False)
    s.orders = _nuts(st.orders, n, True)
    s.salters = list(st.salters)
    for text, kind in st.tiles.items():
        row, rest = text.split(":")
        s.tiles[(int(row), int(rest.split("-")[0]))] = kind
        s.supply[s.f.face_of[kind]] -= 1
    s.order_deck = [st.order_deck.get(k, 0) for k in SHORT]
    on_floor = [sum(1 for o in s.orders if o == k) for k in range(4)]
    s.order_discards = [s.f.orders_per_nut - d - k for d, k in zip(s.order_deck, on_floor)]
    held: set[str] = set()
    for p in s.players:
        p.tokens = st.tokens.get(p.name, 0)
        sh = st.sheets.get(p.name)
        if sh is not None:
            p.sheet = [sh.al, sh.ca, sh.pe, sh.pi]
            p.salt, p.squirrel, p.goals, p.bonus = sh.salt, sh.squirrel, list(sh.goals), [card(c) for c in sh.bonus]
            held |= set(p.bonus)
            s.claimed.update({g: p.name for g in p.goals})
    seen = {card(c) for c in st.bonus_seen}
    s.bonus_deck = set(s.f.bonus) - seen
    s.bonus_discards = seen - held
    return s


def _round_problems(st: Start, names: list[str], hunger: int) -> list[tuple[tuple, str]]:
    """A round in progress: its Hunger die, the player to move, fewer passes in a row than players."""
    if st.hunger is None:
        return [(("start", key), f"{key} is written for a round in progress, with its hunger")
                for key in ("next", "passes") if getattr(st, key) is not None]
    out = []
    if not 1 <= st.hunger <= hunger:
        out.append((("start", "hunger"), f"the Hunger die (D{hunger}) shows 1 to {hunger}"))
    if st.next is None or st.next not in names:
        out.append((("start", "next"), f"the player whose turn it is: one of {', '.join(names)}"))
    if (st.passes or 0) >= len(names):
        out.append((("start", "passes"), f"{st.passes} passes in a row end the round: write the position between "
                    "rounds (without hunger)"))
    return out


def start_of(s: State, names: list[str]) -> dict:
    """The `start:` mapping of a position between rounds or at the start of a turn (a table's, or a
    simulated game's)."""
    assert s.round_over or (s.turn.acted == 0 and s.turn.ran is None), "a start: is written between turns"
    mid = {} if s.round_over else {"hunger": s.hunger, "next": names[s.active], "passes": s.passes}
    return {
        "round": s.round, **mid,
        "tokens": {p.name: p.tokens for p in s.players},
        "dispensers": " ".join(SHORT[d] for d in s.dispensers),
        "tiles": {cell_text(c): k for c, k in sorted(s.tiles.items())},
        "salters": list(s.salters),
        "squirrel": s.squirrel,
        "orders": " ".join("-" if o is None else SHORT[o] for o in s.orders),
        "sheets": {p.name: {**dict(zip(SHORT, p.sheet)), "salt": p.salt, "squirrel": p.squirrel,
                            "goals": list(p.goals), "bonus": list(p.bonus)} for p in s.players},
        "order_deck": dict(zip(SHORT, s.order_deck)),
        "bonus_seen": sorted(s.bonus_discards | {c for p in s.players for c in p.bonus}),
    }





# ---------------------------------------------------------------- the final sheets

GOALS, BONUS = "goals", "bonus"
TOTALS = {"rows": "Rows", "almond": "Columns", "cashew": "Columns", "peanut": "Columns", "pistachio": "Columns",
          "salt": "Salt", "goal": "Goals", "bonus": "Bonus"}


def pictures(record: Record, kit, result: Result) -> Position:
    """Each player's sheet (tokens in the columns, markers in the boxes, the totals written in) and
    the goal and bonus cards they hold, each marked with what it scored."""
    params = params_of(kit)
    if record.is_log:                      # a move log: the sheets it ends with
        from pnpkit.scorer.games import load
        from pnpkit.scorer.games.nuts.score import final_sheets
        from pnpkit.scorer.replay import replay
        record = final_sheets(replay(load("nuts"), record, kit)[0])
    rows = [str(r) for r in params.rows]
    areas = []
    for player, score in zip(record.players, result.players):
        fields = sheet_fields(rows, player.name, player.sheet.counts(), player.salt, player.squirrel, player.goals,
                              [b if isinstance(b, str) else "written" for b in player.bonus],
                              {g.id: g.title for g in params.goals})
        sums: dict[str, int] = {}
        for line in score.breakdown:
            box = TOTALS.get(line.label.split(" ")[0])
            if box:
                sums[box] = sums.get(box, 0) + line.points
        fields += [(box, str(n)) for box, n in sums.items()] + [("Total", str(score.total))]
        areas.append(Area("sheet", f"{player.name}: {plural(score.total, 'point')}", SHEET, fields=tuple(fields)))
        cards = []
        for gid in player.goals:
            goal = next((i for i, g in enumerate(params.goals) if g.id == gid), None)
            if goal is not None:
                got = next((l for l in score.breakdown if l.label.startswith(f"goal {params.goals[goal].title}")), None)
                cards.append(Card(GOALS, goal, note=f"{got.points:+d}" if got and got.points else "condition not met"))
        bonus_lines = iter([l for l in score.breakdown if l.label.startswith("bonus ")])
        for entry in player.bonus:         # a line for each card the scorer read, in the record's order
            found = params.card(entry) if isinstance(entry, str) else None
            if isinstance(entry, str) and found is None:
                continue                   # not a card of the deck: not scored
            line = next(bonus_lines, None)
            if found is not None and line is not None:
                cards.append(Card(BONUS, params.bonus.index(found),
                                  note=("fulfilled " if line.points > 0 else "not fulfilled ") + f"{line.points:+d}"))
        if cards:
            areas.append(Area("cards", f"{player.name}'s goal and bonus cards", cards=tuple(cards)))
    return Position(tuple(areas))


__all__ = ["picture", "pictures", "start", "start_of", "start_problems", "state_from"]
