"""Fair Verona before its first turn, as the web table asks it (scorer/game.py: `opening`): the
difficulty, each player's Identity card dealt face up, and the first Clue Card (with the Jokers that
turned up before it), written into the record's `difficulty`, `players` and `clue`."""
from __future__ import annotations

from pnpkit.scorer.games.fair_verona.cards import RANKS, SUITS, parse_card
from pnpkit.scorer.play import Ask

CARDS = tuple(f"{r}{s}" for s in SUITS.values() for r in RANKS)   # every card an Identity may be (never a Joker)


def asks(kit, names: list[str]) -> list[Ask]:
    levels = tuple(d.name for d in kit.params.difficulties)
    out = [Ask("difficulty", "Difficulty", levels, default=levels[0])]
    out += [Ask(f"players.{i}.identity", f"{name}'s Identity card (dealt face up)", CARDS)
            for i, name in enumerate(names)]
    out.append(Ask("clue", "The first Clue Card", hint="e.g. 7H (JK 7H: a Joker came first)"))
    return out


def record(kit, names: list[str], answers: dict[str, str]) -> dict:
    clue = answers.get("clue", "").replace(",", " ").split()
    for c in clue:
        try:
            parse_card(c)
        except ValueError as e:
            raise ValueError(f"the first Clue Card: {e}") from None
    if not clue:
        raise ValueError("the first Clue Card: write the card dealt, e.g. 7H")
    return {"game": "fair-verona", "difficulty": answers.get("difficulty", ""),
            "players": [{"name": n, "identity": answers.get(f"players.{i}.identity", "")} for i, n in enumerate(names)],
            "clue": clue if len(clue) > 1 else clue[0], "turns": []}
