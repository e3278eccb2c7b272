"""In the Nuts!: a move log that begins from the table as it is (`start:`), not from the setup.

The position at the start of a player's turn: the squirrels on the board by area and section, the
four face-up nuts, the cards left in the draw pile, whom David guards, each player's storage cards
(written as the final-storage record writes them) and kept jokers. The rest follows: a player's
supply is their squirrels not on the board; the eight cards set aside are still aside (they come in
during the turn that ends the game); the cards out of the deck are the ones in sight (a nut that
went back in the box is not known, so ruling N5 counts what is in sight). `start_problems` refuses a
position that cannot be the start of a turn, each problem at its path under `start:`.
"""
from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BeforeValidator, Field

from pnpkit.kitfile.params.in_the_nuts import Params
from pnpkit.scorer.games.in_the_nuts_notation import CardText, SectionText, parse_card
from pnpkit.scorer.games.in_the_nuts_rules import N5
from pnpkit.scorer.games.in_the_nuts_state import ROLL, State
from pnpkit.scorer.games.in_the_nuts_stores import Store, check_stores
from pnpkit.scorer.records import MAX_ITEMS, MAX_PLAYERS, Name, Strict


def _area(v: Any) -> Any:
    # `2:` in YAML is a number; `2-squirrel` is how the board prints it
    return int(v.split("-")[0]) if isinstance(v, str) and v.split("-")[0].isdigit() else v


Area = Annotated[int, BeforeValidator(_area)]
Counts = Annotated[dict[Name, Annotated[int, Field(ge=0)]], Field(max_length=MAX_PLAYERS)]


class Start(Strict):
    """The table at the start of a player's turn."""

    next: Name | None = Field(None, description="Whose turn begins (default: the first player).")
    squirrels: dict[Area, Annotated[dict[SectionText, Counts], Field(max_length=MAX_ITEMS)]] = Field(
        default_factory=dict, max_length=MAX_ITEMS, description="The squirrels on the board: by area (the "
        "squirrels a section needs: 2, 3, 4), then section as printed (2-4, 7, 2-12), then player: "
        "{2: {2-4: {Anna: 1}}, 4: {2-12: {Uwe: 3}}}.")
    nuts: list[CardText] = Field(max_length=MAX_ITEMS, description="The four face-up nuts, left to right "
                                 "(under 2-4, 5-6, 8-9, 10-12).")
    draw_pile: int = Field(ge=0, description="The cards left in the draw pile.")
    david: Name | None = Field(None, description="Whom David guards (left out: no one yet).")
    stores: dict[Name, Annotated[list[Store], Field(max_length=MAX_ITEMS)]] = Field(
        default_factory=dict, max_length=MAX_PLAYERS, description="Each player's storage cards that hold nuts "
        "or are full, as at the end: {card: 3, nut: walnut, nuts: 2, jokers: [walnut/acorn]}.")
    kept: dict[Name, Annotated[list[CardText], Field(max_length=MAX_ITEMS)]] = Field(
        default_factory=dict, max_length=MAX_PLAYERS, description="Each player's jokers kept for the end.")


_AFTER = re.compile(r"(; not scored twice| \((scored as full|not counted[^)]*)\))$")   # what scoring does about it


def start_problems(start: Start, names: list[str], params: Params) -> list[tuple[tuple, str]]:
    """(path under `start`, message) for every way this cannot be the start of a turn."""
    out: list[tuple[tuple, str]] = []
    who = " and ".join(names) if len(names) < 3 else ", ".join(names)

    def player(path: tuple, name: str | None) -> None:
        if name is not None and name not in names:
            out.append((path, f"{name!r} is not a player ({who})"))

    player(("next",), start.next)
    player(("david",), start.david)
    for key in ("stores", "kept"):
        for name in getattr(start, key):
            player((key, name), name)
    b = params.board
    on_board = dict.fromkeys(names, 0)
    for need, sections in start.squirrels.items():
        row = next((r for r in b.rows if b.sections[r[0]].need == need), None)
        if row is None:
            out.append((("squirrels", need), f"no {need}-squirrel area: the areas are "
                                             f"{', '.join(str(b.sections[r[0]].need) for r in b.rows)}"))
            continue
        for label, counts in sections.items():
            sec = b.find(need, label)
            if sec is None:
                labels = ", ".join(b.sections[i].label for i in row)
                out.append((("squirrels", need, label), f"no section {label} in the {need}-squirrel area ({labels})"))
                continue
            for name, k in counts.items():
                player(("squirrels", need, label, name), name)
                on_board[name] = on_board.get(name, 0) + k
                if k >= need:
                    out.append((("squirrels", need, label, name), (
                        f"{name} has {k} in {sec.name}: {need} collect a nut at a turn's end, so at most "
                        f"{need - 1} lie there when a turn begins")))
    for name, k in on_board.items():
        if name in names and k > params.squirrels:
            out.append((("squirrels",), f"{name} has {k} squirrels on the board; each player has {params.squirrels}"))
    if len(start.nuts) != len(b.places):
        out.append((("nuts",), f"{len(start.nuts)} face-up nuts; {len(b.places)} lie face up, one under each of "
                               f"{', '.join(p.label for p in b.places)}"))
    if start.draw_pile < 1 and params.set_aside:
        out.append((("draw_pile",), "never empty when a turn begins: its last card brings in the cards set "
                                    "aside, and the game ends with that turn (ruling N12)"))
    for name, jokers in start.kept.items():
        for j, card in enumerate(jokers):
            if "/" not in card:
                out.append((("kept", name, j), f"only a joker is kept; the {card} is stored at once"))
    if out:
        return out
    checked = check_stores([(n, start.stores.get(n, [])) for n in names], params, len(names), str)
    for path, message, rule in checked.problems:
        if rule is not N5:          # the supply is counted below, with everything in sight
            out.append((("stores", names[path[0]]) + path[1:], _AFTER.sub("", message)))
    if out:
        return out
    s = state_from(start, names, params)
    seen = s.deck.have.keys()
    for card in seen:
        if s.deck.taken(card) > s.deck.have[card]:
            what = f"{card} jokers" if "/" in card else f"{card}s"
            out.append((("stores",), f"{s.deck.taken(card)} {what} in sight (face up, stored, kept); the game has "
                                     f"{s.deck.have[card]} with {len(names)} players (ruling N5)"))
    total, in_sight = sum(s.deck.have.values()), sum(s.deck.taken(c) for c in seen)
    if in_sight + s.pile + s.aside > total:
        out.append((("draw_pile",), f"{start.draw_pile} cards in the draw pile, {params.set_aside} set aside and "
                                    f"{in_sight} in sight make {in_sight + s.pile + s.aside}; the game has {total} "
                                    f"with {len(names)} players"))
    return out


def state_from(start: Start, names: list[str], params: Params) -> State:
    """The State at the start of `start.next`'s turn (turn 1 of the record)."""
    s = State(params, names)
    b, index = s.b, {n: i for i, n in enumerate(names)}
    for need, sections in start.squirrels.items():
        for label, counts in sections.items():
            sec = b.find(need, label)
            for name, k in counts.items():
                if sec is not None and name in index:
                    s.counts[sec.index][index[name]] += k
                    s.supply[index[name]] -= k
    for i, card in enumerate(start.nuts[:len(s.faceup)]):
        s.faceup[i] = parse_card(card)
        s.deck.take(s.faceup[i])
    checked = check_stores([(n, start.stores.get(n, [])) for n in names], params, len(names), str)
    s.cards = checked.cards
    for cards in s.cards:
        for c in cards.values():
            if c.kind is not None:
                s.deck.take(c.kind, c.nuts)
            for joker in c.jokers:
                s.deck.take(joker)
    for name, jokers in start.kept.items():
        if name in index:
            s.kept[index[name]] = [parse_card(j) for j in jokers]
            for joker in s.kept[index[name]]:
                s.deck.take(joker)
    s.david = index.get(start.david) if start.david else None
    s.pile = start.draw_pile
    s.phase, s.turn = ROLL, 1
    s.active = s.actor = index.get(start.next, 0) if start.next else 0
    return s
