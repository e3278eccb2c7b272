"""NUTS before its first round, as the web table asks it (scorer/game.py: `opening`): the
Squirrel's square (the D12, D16 with 5-6 players: the kit's factory says which) and each player's
setup Bonus cards, kept and dropped, written into the record's `setup` (docs/records/nuts.md).
The rounds' chance (Hunger, Order flips, the squirrel's dice) is asked by the table (table.py)."""
from __future__ import annotations

from pnpkit.scorer.games.nuts.factory import factory_of
from pnpkit.scorer.games.nuts.notation import card
from pnpkit.scorer.play import Ask, Dice, Draw


def asks(kit, names: list[str]) -> list[Ask]:
    f = factory_of(kit, max(len(names), 1))
    out = [Ask("setup.squirrel", f"The Squirrel's square (the D{f.columns})",
               dice=Dice((f"D{f.columns}",), faces=f.columns))]
    deck = tuple((c, 1) for c in sorted(f.bonus))       # a button a card of the Bonus deck, by the id printed on it
    for i, name in enumerate(names):
        out.append(Ask(f"setup.bonus.{i}.keep", f"{name}'s setup Bonus cards kept ({f.setup_draw} drawn)",
                       hint="the ids printed on them, e.g. B01 B09", draw=Draw(deck, f.setup_draw, fewest=1)))
        out.append(Ask(f"setup.bonus.{i}.drop", f"{name}'s setup Bonus cards dropped", hint="e.g. B17; empty if none",
                       draw=Draw(deck, f.setup_draw - 1, fewest=0)))
    return out


def _cards(text: str, label: str) -> list[str]:
    try:
        return [card(c) for c in text.replace(",", " ").split()]
    except ValueError as e:
        raise ValueError(f"{label}: {e}") from None


def record(kit, names: list[str], answers: dict[str, str]) -> dict:
    by_field = {a.field: a for a in asks(kit, names)}
    square = by_field["setup.squirrel"]
    try:
        rolled = square.dice.read(answers.get(square.field, ""))
    except ValueError as e:
        raise ValueError(f"{square.label}: {e}") from None
    bonus = {}
    for i, name in enumerate(names):
        keep, drop = (f"setup.bonus.{i}.{k}" for k in ("keep", "drop"))
        bonus[name] = {"keep": _cards(answers.get(keep, ""), by_field[keep].label),
                       "drop": _cards(answers.get(drop, ""), by_field[drop].label)}
        if not bonus[name]["keep"]:
            raise ValueError(f"{by_field[keep].label}: write at least one card kept, e.g. B01")
    return {"game": "nuts", "players": list(names), "setup": {"squirrel": rolled[0][0], "bonus": bonus},
            "rounds": []}
