"""End positions as forms: the games whose record is a move log can also be scored from the table
as it is when the game ends, written as their `start:` record (docs/records/*.md, "Starting from
the table") with no turn after it. Each game's end-position form is described once, as a final
sheet is (scorer/forms: Field, Layout): the board's boxes laid out as the board is, the players'
boxes, and the record they stand for; `pnpkit serve` draws it and scores that record.

An end-position form knows:

    TITLE: str                           # what the form is of ("the table when the game ends")
    def players(kit) -> Layout           # a row of boxes per player (pN.name first)
    def boards(kit) -> list[tuple[str, Layout]]  # the board's boxes, as the board lies (a tree each)
    def fields(kit) -> list[Field]       # every box of both
    def record(values: Values, kit) -> dict  # the record, or a FormProblem naming the box
    def fields_of(data: dict, kit) -> dict[str, str]  # record's inverse (a saved game corrected)
    def box(where, message, seats) -> str | None  # the box a problem the scorer refuses is about

Fair Verona has no `start:` form (its position is the deck, the map and every card in play): it is
not scored from an end position. A Trim the Tree score depends on the order the ornaments were
hung: its end position takes the scores as written and checks the trees. In the Nuts!' end
position is its final storage cards: the final-sheet form (scorer/games/in_the_nuts/form.py).
"""
from __future__ import annotations

import importlib
from types import ModuleType

END_GAMES = ("chestnuts", "forest-fire", "trim-the-tree")
SEE_ALSO = {"in-the-nuts": "/sheet/in-the-nuts"}   # its end position is its final sheet


def end_form(game: str) -> ModuleType | None:
    if game not in END_GAMES:
        return None
    return importlib.import_module(f"pnpkit.scorer.games.{game.replace('-', '_')}.form")
