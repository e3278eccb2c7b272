"""In the Nuts!: a position of the move log drawn in the kit file's own names (the replay page).

The board (kits/in-the-nuts.yaml `board`): each player's squirrels in the regions that print the
rows' sections, the turn's squirrels on the printed starting track, the face-up nut cards at their
places under it and the draw pile on its outline; the params name them all (`Params.board`), so the
replay follows the printed board. Beside the board: the cards set aside, and David while he guards
no one. Then what lies in front of each player: their supply of squirrels (a stack with its count),
David when he guards them, and their storage cards as printed (in_the_nuts_sheets).
"""
from __future__ import annotations

from pnpkit.scorer.core import plural
from pnpkit.scorer.games.in_the_nuts_log import draw
from pnpkit.scorer.games.in_the_nuts_sheets import NUT_CARDS, joker_pairs, nut_card, storage_decks, stored
from pnpkit.scorer.games.in_the_nuts_state import State
from pnpkit.scorer.games.in_the_nuts_storage import card_line, player_score
from pnpkit.scorer.play import Area, Card, Piece, Position

# What kits/in-the-nuts.yaml calls the pieces and places the params do not name.
BOARD, SQUIRRELS, RACCOON, DRAW_PILE = "board", "squirrels", "raccoon", "draw-pile"


def squirrel_sets(kit) -> list[str | None]:
    """Each seat's squirrels: the kit's squirrel sets in order (the first player's colour first)."""
    for comp in kit.components:
        if comp.name == SQUIRRELS and comp.kind == "counters" and comp.sets:
            return [st.name for st in comp.sets]
    return [None]


def picture(s: State, kit) -> Position:
    b, names = s.b, s.names
    sets = squirrel_sets(kit)
    colour = [sets[p % len(sets)] for p in range(s.n)]
    pairs = joker_pairs(s.p)
    pieces = [Piece(SQUIRRELS, sec.region, colour[p], count=k)
              for sec, counts in zip(b.sections, s.counts) for p, k in enumerate(counts) if k]
    pieces += [Piece(SQUIRRELS, b.printed[x], colour[s.active]) for x in sorted(s.track) if x in b.printed]
    cards = [Card(c.component, c.row, place=place.region) for place in b.places
             if s.faceup[place.index] and (c := nut_card(s.faceup[place.index], pairs)) is not None]
    if s.pile:
        cards.append(Card(NUT_CARDS, 0, back=True, place=DRAW_PILE, count=s.pile))
    title = f"The board: turn {s.turn}, {names[s.active]}'s" if s.turn else "The board: the setup"
    areas = [Area("board", title, BOARD, tuple(pieces), cards=tuple(cards))]

    beside = (Piece(RACCOON, "David guards no one yet"),) if s.david is None else ()
    aside = (Card(NUT_CARDS, 0, back=True, count=s.aside, note=f"set aside: {plural(s.aside, 'card')}"),) if s.aside else ()
    areas.append(Area("aside", "Beside the board", pieces=beside, cards=aside))

    decks = storage_decks(kit)
    rows = {c.name: i for i, c in enumerate(s.p.cards)}
    for p, name in enumerate(names):
        held = sorted((c for c in s.cards[p].values() if c.full or c.held), key=lambda c: not c.full)  # full ones stacked first
        row = [stored(decks[p % len(decks)], rows[c.name], c.full, c.kind or "", c.nuts, c.jokers, pairs,
                      _note(c)) for c in held]
        row += [Card(k.component, k.row, note="kept") for k in (nut_card(j, pairs) for j in s.kept[p]) if k]
        total = player_score(name, held)[0].total
        by = (Piece(SQUIRRELS, f"{name}'s supply", colour[p], count=s.supply[p]),) if s.supply[p] else ()
        by += (Piece(RACCOON, "David guards " + name),) if s.david == p else ()
        title = f"{name} ({colour[p] or 'squirrels'}): {plural(total, 'point')}; {s.supply[p]} in the supply"
        areas.append(Area("cards", title + ("; David guards them" if s.david == p else ""), pieces=by,
                          cards=tuple(row)))
    return Position(tuple(areas), draw(s))


def _note(c) -> str:
    line = card_line(c.name, c.kind or "?", c.size if c.full else c.held, c.size, c.points)
    return f"{line.label.removeprefix('card ')}: {line.points}"
