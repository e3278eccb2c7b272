"""A Fair Verona position in the kit's names, for the replay page and `check --explain`.

Two pictures: the map (the tiles laid, drawn by the kit's tile key from its tile data, each
player's meeple on its tile and bank, the Clue Token beside whoever holds it) and the table beside
it (Verona's desk, and each player's Identity, Encounters, Friends and face-up tiles).
"""
from __future__ import annotations

from pnpkit.scorer.core import plural
from pnpkit.scorer.games.fair_verona.state import State
from pnpkit.scorer.play import Area, Piece, Position, Row, Tile

KEY = "tile-key"                    # kits/fair-verona.yaml's tile key: it draws the tiles
MEEPLE = "meeple"                   # the art library's meeple
COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#D55E00", "#0072B2")   # Okabe-Ito, by seat
TOKEN = "#3b3632"                   # the fifth colour: the Clue Tokens


def place(st: State, spot) -> str:
    xy = spot[:2]
    return f"{xy[0]} {xy[1]}" + (f" {st.map.bank_name(spot)}" if st.map.banks(xy) > 1 else "")


def picture(st: State) -> Position:
    tiles = tuple(Tile(p.code, x, y, p.quarters) for (x, y), p in sorted(st.map.at.items(), key=lambda kv: kv[1].turn))
    pieces = [Piece(MEEPLE, place(st, p.spot), set=COLOURS[i % len(COLOURS)], label=p.name)
              for i, p in enumerate(st.people)]
    pieces += [Piece(MEEPLE, place(st, p.spot), set=TOKEN, label="Clue") for p in st.people if p.token]
    rows = [Row(desk(st))] + [Row(hand(st, i), tuple(p.face_up)) for i, p in enumerate(st.people)]
    areas = (Area("tiles", "The map", KEY, tuple(pieces), tiles=tiles),
             Area("rows", "Verona's desk and the players", KEY, rows=tuple(rows)))
    return Position(areas, text="\n".join(r.text + (f"; face up: {' '.join(r.tiles)}" if r.tiles else "") for r in rows))


def desk(st: State) -> str:
    d = st.desk
    if d.clue is not None:
        clue = f"Clue Card {d.clue} (a Clue Token on it)"
    else:
        clue = {"encounter": "the Clue Token lies on an Encounter", "held": "a player holds the Clue Token"}.get(
            d.token, "no Clue Card")
    jokers = f"; {plural(st.deck.jokers_out, 'Joker')} over it: clue hunting halts" if st.deck.jokers_out else ""
    left = ", ".join(f"{next(t.title for t in st.params.tiles.sets if t.id == s)} {sum(n.values())}"
                     for s, n in st.stacks.items())
    return f"Verona: {clue}{jokers}; Clue Tokens returned {d.returned} of {d.total}; face-down tiles: {left}"


def hand(st: State, i: int) -> str:
    p = st.people[i]
    parts = [f"{p.name} ({p.identity}) at {st.map.spot_text(p.spot)}"]
    if p.encounters:
        parts.append("Encounters " + ", ".join(f"{h.card}" + (" (the Clue Token on it)" if h.token else "")
                                                 for h in p.encounters))
    parts.append(plural(p.friends, "Friend") + " face down")
    if p.token:
        parts.append("holds the Clue Token")
    if st.mired(p):
        parts.append("mired")
    return "; ".join(parts)
