"""NUTS: the bonus deck as scored (each card's needs, points and breakdown lines, built once per
kit) and the score sheet's lines; the kit's params read and checked once.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnpkit.kitfile.errors import Problem, SourceError
from pnpkit.kitfile.head import KitHead as Kit
from pnpkit.kitfile.params.nuts import Params
from pnpkit.scorer.core import Line
from pnpkit.scorer.games.nuts.floor import NUTS


@dataclass(frozen=True)
class Card:
    """A bonus card as scored: its label, needs by column, points, and its two breakdown lines."""

    label: str                     # `B07` or `{almond 2, peanut 1}`
    needs: tuple[int, ...]
    points: int
    fulfilled: Line                # the breakdown line when fulfilled (lines are immutable: shared)
    unfulfilled: Line

    @classmethod
    def make(cls, card_id: str | None, needs: tuple[int, ...], points: int) -> "Card":
        text = needs_text(needs)
        if card_id is None:
            label = "{" + text + "}"
            return cls(label, needs, points, Line(f"bonus {label} fulfilled", points),
                       Line(f"bonus {label} not fulfilled", -points))
        return cls(card_id, needs, points, Line(f"bonus {card_id} fulfilled ({text})", points),
                   Line(f"bonus {card_id} not fulfilled ({text})", -points))


def needs_text(needs: tuple[int, ...]) -> str:
    return ", ".join(f"{kind} {n}" for kind, n in zip(NUTS, needs) if n)


_WRITTEN: dict[tuple[tuple[int, ...], int], Card] = {}


def written(needs: tuple[int, ...], points: int) -> Card:
    """A written-out card (the same card written twice is made once: labels cost more than scoring)."""
    card = _WRITTEN.get((needs, points))
    if card is None:
        if len(_WRITTEN) > 4096:
            _WRITTEN.clear()
        card = _WRITTEN[(needs, points)] = Card.make(None, needs, points)
    return card


_DECKS: dict[int, tuple[Params, dict[str, Card], dict[tuple[str, int | str], Line]]] = {}


def deck_of(params: Params) -> tuple[dict[str, Card], dict[tuple[str, int | str], Line]]:
    """The kit's bonus deck by id, and the score sheet's breakdown lines (rows, each column, salt)
    for every count the sheet can hold, and each goal's: built once per kit, shared by every record
    scored (its JSON text is then written once)."""
    cached = _DECKS.get(id(params))
    if cached is None or cached[0] is not params:
        deck = {c.id: Card.make(c.id, tuple(c.needs.get(k, 0) for k in NUTS), c.points) for c in params.bonus}
        height = len(params.rows)
        lines = {("rows", n): Line(f"rows ({n} complete x {params.row_points})", n * params.row_points)
                 for n in range(height + 1)}
        for kind in NUTS:
            for n in range(height + 1):
                lines[(kind, n)] = Line(f"{kind} ({n} token{'s' if n != 1 else ''})", params.rows[n - 1] if n else 0)
        for n in range(4 * height):
            lines[("salt", n)] = Line(f"salt ({n} x {params.salt_points})", n * params.salt_points)
        for g in params.goals:
            lines[("goal", g.id)] = Line(f"goal {g.title}", g.points)
        cached = _DECKS[id(params)] = (params, deck, lines)
    return cached[1], cached[2]


def params_of(kit: Kit) -> Params:
    params = kit.params
    if not isinstance(params, Params) or tuple(params.columns) != NUTS:
        raise SourceError(kit.file, [Problem(None, "params.columns",
                                             f"this scorer reads the columns {', '.join(NUTS)}")])
    return params
