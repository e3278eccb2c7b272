"""NUTS' final sheets as printed: each player's score sheet filled in, and their goal and bonus cards.

The score sheet is kits/nuts.yaml's `score-sheet`; what is written in it is named by the fields the
generator gives that sheet (the fillable PDF's names: `almond-nuts-3` is the almond column's row
numbered 3, `Salt_box-2` the Salt box's second tick box). The cards are the kit's `goals` and `bonus` decks, by row.
The numbers written are the scorer's own: the breakdown that `pnpkit score` prints.
"""
from __future__ import annotations

from pnpkit.scorer.core import Result, plural
from pnpkit.scorer.games.nuts.deck import params_of
from pnpkit.scorer.games.nuts.picture import SHEET, sheet_fields
from pnpkit.scorer.games.nuts.record import Record
from pnpkit.scorer.play import Area, Card, Position

GOALS, BONUS = "goals", "bonus"
TOTALS = {"rows": "Rows", "almond": "Columns", "cashew": "Columns", "peanut": "Columns", "pistachio": "Columns",
          "salt": "Salt", "goal": "Goals", "bonus": "Bonus"}


def pictures(record: Record, kit, result: Result) -> Position:
    """Each player's sheet (tokens in the columns, markers in the boxes, the totals written in) and
    the goal and bonus cards they hold, each marked with what it scored."""
    params = params_of(kit)
    if record.is_log:                      # a move log: the sheets it ends with
        from pnpkit.scorer.games.nuts.replay import final_sheets, replay
        record = final_sheets(replay(record, kit)[0])
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
