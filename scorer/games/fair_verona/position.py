"""Fair Verona's positions: the one a record starts from (the setup, or the table at the start of a
turn written under `start:`, record.py: read, refused when it cannot exist, played from), the one
the table writes down from a replay's state (`start_of`), and a position in the kit's names for the
replay page and `check --explain`.

The position at the start of a turn is what the table shows: the turn (whose it is follows from the
seats), the tiles laid, each meeple's tile and bank, each player's Encounters, face-up tiles and
Friends, the Clue Card and the Jokers over it, where the Clue Token in play is, the Clue Tokens back
with Verona and the discard pile. The rest follows from it as it does in the replay: the cards out
of the deck, the tiles left in the River and the supply (the box less the map and the face-up
tiles). What nobody at the table sees is not written: the Friends face down are a number, as the
replay knows them (a Friend turned up may be any card not seen, in a replay or from a `start:`).

`start_problems` refuses a position that cannot exist, each problem at its path: a tile the box
does not hold so many of, two tiles on one space, sides that do not match, a tile cut off from the
Old Town, a base tile out while River tiles are left, a meeple on no tile or on no bank, a card
twice, a Joker too many, more Friends than cards unseen, the Clue Token in play in two places or in
none. The River's shape (where its open end is, a bend twice the same way) is checked as each River
tile is laid, not in a `start:`.

Two pictures: the map (the tiles laid, drawn by the kit's tile key from its tile data, each
player's meeple on its tile and bank, the Clue Token beside whoever holds it) and the table beside
it (Verona's desk, and each player's Identity, Encounters, Friends and face-up tiles); `places`
names what a step touches with the map's names.
"""
from __future__ import annotations

from collections import Counter

from pnpkit.kitfile.tileset import SIDES, step
from pnpkit.scorer.games.fair_verona.cards import Card, parse_card
from pnpkit.scorer.core import plural
from pnpkit.scorer.games.fair_verona.deck import CARDS
from pnpkit.scorer.games.fair_verona.map import TileMap, xy_text
from pnpkit.scorer.games.fair_verona.moves import chance_due, close_turn, end_turn, why_turn_short
from pnpkit.scorer.games.fair_verona.notation import card_text, laid_text, place, read_laid, read_spot, spot_text
from pnpkit.scorer.games.fair_verona.record import Record, Start
from pnpkit.scorer.games.fair_verona.state import VERONA, Held, Person, State
from pnpkit.scorer.play import Area, Piece, Position, Row, Tile

Problems = list[tuple[tuple, str]]


def start_problems(record: Record, kit) -> Problems:
    """(path, message) for every way the record's `start:` cannot exist (Game.problems asks only of a
    record with one; an encounter-check record has no players or difficulty)."""
    if record.players is None or record.difficulty is None:
        return []
    level = next(d for d in kit.params.difficulties if d.name.lower() == record.difficulty.lower())
    names = [p.name for p in record.players]
    out = _seat_problems(record.start, names)
    if out:
        return [(("start",) + path, m) for path, m in out]
    tiles, found = _map_problems(record.start, kit.params)
    out = found + _at_problems(record.start, tiles) + _card_problems(record, kit.params)
    out += _token_problems(record.start, names, level.clue_tokens)
    return [(("start",) + path, m) for path, m in out]


def _seat_problems(start: Start, names: list[str]) -> Problems:
    out: Problems = [(("players", name), f"{name!r} is not a player ({', '.join(names)})")
                     for name in start.players if name not in names]
    out += [(("players",), f"where does {name}'s meeple stand? Give `{name}: {{at: E N}}`")
            for name in names if name not in start.players]
    whose = names[(start.turn - 1) % len(names)]
    if start.next is not None and start.next != whose:
        out.append((("next",), f"turn {start.turn} is {whose}'s (the turns go round the seats from "
                               f"{names[0]}'s turn 1), not {start.next}'s"))
    return out


def _map_problems(start: Start, params) -> tuple[TileMap, Problems]:
    """The map as written (what can be laid of it), and what is wrong with it."""
    types, out = params.tiles.types, []
    tiles = TileMap(params.tiles)
    tiles.place(params.old_town, 0, VERONA, 0)
    for i, text in enumerate(start.map):
        code, xy, q = read_laid(text)
        if code not in types:
            out.append((("map", i), f"{code} is not a tile of the tile key"))
        elif xy in tiles.at:
            held = "the Old Town" if xy == VERONA else f"{tiles.at[xy].code} (listed before)"
            out.append((("map", i), f"{xy_text(xy)} already holds {held}"))
        else:
            tiles.place(code, q, xy, 0)
    out += _count_problems(start, params) + _side_problems(start, tiles)
    return tiles, out


def _count_problems(start: Start, params) -> Problems:
    kinds = {t.code: t for t in params.tiles.kinds}
    out: list[tuple[str, tuple]] = [(read_laid(t)[0], ("map", i)) for i, t in enumerate(start.map)]
    out += [(code.upper(), ("players", name, "face_up", j)) for name, seat in start.players.items()
            for j, code in enumerate(seat.face_up)]
    used = Counter({params.old_town: 1})
    found: Problems = []
    for code, path in out:
        if code not in kinds:
            if path[0] == "players":
                found.append((path, f"{code} is not a tile of the tile key"))
            continue
        used[code] += 1
        if used[code] == kinds[code].count + 1:
            found.append((path, f"the box holds {kinds[code].count} {code}" +
                          (" (one is the Old Town)" if code == params.old_town else "") + ": this one is too many"))
    river = [c for c, t in kinds.items() if t.set == params.first]
    left = [c for c in river if kinds[c].count > used[c]]
    base = [(c, p) for c, p in out if c in kinds and kinds[c].set != params.first and c != params.old_town]
    if left and base:
        found.append((base[0][1], f"{base[0][0]} is out of the supply while River tiles are left "
                                  f"({', '.join(left)}): the River's tiles are drawn first (ruling V11)"))
    return found


def _side_problems(start: Start, tiles: TileMap) -> Problems:
    """Sides that touch and do not match (each pair once), and tiles cut off from the Old Town."""
    index = {read_laid(t)[1]: i for i, t in enumerate(start.map)}
    out: Problems = []
    for xy, i in index.items():
        if xy not in tiles.at or tiles.at[xy].code != read_laid(start.map[i])[0]:
            continue
        for side in range(4):
            nxy = step(xy, side)
            mine, theirs = tiles.edge(xy, side), tiles.edge(nxy, (side + 2) % 4)
            if theirs is not None and mine != theirs and (nxy == VERONA or index.get(nxy, -1) < i):
                out.append((("map", i), f"its {SIDES[side]} side ({mine}) meets the {theirs} of "
                                        f"{tiles.at[nxy].code} at {xy_text(nxy)}: sides that touch must match "
                                        f"(ruling V12)"))
    reached, todo = {VERONA}, [VERONA]
    while todo:
        here = todo.pop()
        for side in range(4):
            nxy = step(here, side)
            if nxy in tiles.at and nxy not in reached:
                reached.add(nxy)
                todo.append(nxy)
    out += [(("map", index[xy]), f"{xy_text(xy)} is cut off from the Old Town: every tile is laid against one "
                                 f"already on the table") for xy in tiles.at if xy not in reached]
    return out


def _at_problems(start: Start, tiles: TileMap) -> Problems:
    out: Problems = []
    for name, seat in start.players.items():
        (xy, bank), path = read_spot(seat.at), ("players", name, "at")
        if xy not in tiles.at:
            out.append((path, f"no tile lies at {xy_text(xy)}"))
            continue
        names = [tiles.bank_name((*xy, b)) for b in range(tiles.banks(xy))]
        if bank is None and len(names) > 1:
            out.append((path, f"the river divides {xy_text(xy)}: say which bank ({' or '.join(f'`bank {n}`' for n in names)})"))
        elif bank is not None and len(names) == 1:
            out.append((path, f"the river does not divide {xy_text(xy)}: leave the bank out"))
        elif bank is not None and tiles.bank_named(xy, bank) is None:
            out.append((path, f"{xy_text(xy)} has no {bank} bank (its banks: {', '.join(names)})"))
    return out


def _card_problems(record: Record, params) -> Problems:
    """Each card once (an Identity, the Clue Card, an Encounter held, a discard), no Joker as a
    person, no more Jokers than the deck has, no more Friends face down than cards unseen."""
    start = record.start
    assert start is not None and record.players is not None
    seen: dict[Card, str] = {p.identity: f"{p.name}'s Identity" for p in record.players}
    named = [(("clue",), start.clue, "the Clue Card")] if start.clue else []
    named += [(("players", n, "encounters", j), c, f"{n}'s Encounter") for n, s in start.players.items()
              for j, c in enumerate(s.encounters)]
    named += [(("discards", j), c, "discarded") for j, c in enumerate(start.discards)]
    out: Problems = []
    for path, card, what in named:
        if card.joker and path[0] != "discards":
            out.append((path, "a Joker is not a person: a Joker drawn lies on Verona's desk (`jokers`)"))
        elif card in seen:
            out.append((path, f"{card} is also {seen[card]}: each card is one person"))
        elif not card.joker:
            seen[card] = what
    jokers = start.jokers + sum(c.joker for c in start.discards)
    if jokers > params.jokers:
        out.append((("jokers",), f"{jokers} Jokers laid or discarded; the deck has {params.jokers}"))
    friends, unseen = sum(s.friends for s in start.players.values()), 52 - len(seen)
    if friends > unseen:
        out.append((("players",), f"{friends} Friend cards face down, and only {unseen} cards are neither in play "
                                  f"nor discarded"))
    return out


def _token_problems(start: Start, names: list[str], total: int) -> Problems:
    if start.returned > total:
        return [(("returned",), f"{start.returned} Clue Tokens back with Verona: this game has {total}")]
    if start.returned == total:
        return [((k,), f"every Clue Token ({total}) is back with Verona: none is in play")
                for k in ("clue", "clue_token") if getattr(start, k) is not None]
    if start.clue_token is None:
        return [] if start.clue else [((), "where is the Clue Token in play? Write the Clue Card it lies on "
                                                  "(`clue`), or `clue_token`: who holds it, or the Encounter it lies on")]
    if start.clue is not None:
        return [(("clue_token",), f"the Clue Token in play lies on the Clue Card {start.clue}: one is in play at a "
                                  f"time (leave out `clue_token`, or the Clue Card it was won from)")]
    if start.clue_token in names:
        return []
    try:
        card = parse_card(start.clue_token)
    except ValueError:
        card = None
    if card is None or not any(card in s.encounters for s in start.players.values()):
        return [(("clue_token",), f"{start.clue_token!r} is neither a player ({', '.join(names)}) nor an Encounter "
                                  f"a player holds")]
    return []


# ---- the position played from ------------------------------------------------------------------

def start(record: Record, kit) -> State:
    """The position before the record's first entry: the setup's (the players seated with their
    Identities, the cards still to deal), or the table written under `start:`."""
    params, game = kit.params, kit.game
    level = next(d for d in params.difficulties if d.name.lower() == record.difficulty.lower())
    if record.start is None:
        st = State(params, [Person(p.name, p.identity) for p in record.players], level.clue_tokens)
    else:
        st = state_from(record, kit, level)
    st.level, st.seats = level, (game.min_players, game.max_players, game.players)
    return st


def state_from(record: Record, kit, level) -> State:
    """The State between turns, its `turn_no` the turn before `start.turn` (the replay begins the
    next); a position already won or lost (V20) is over."""
    start, params = record.start, kit.params
    assert start is not None and record.players is not None
    token = _token(start, [p.name for p in record.players])
    people = [Person(p.name, p.identity) for p in record.players]
    st = State(params, people, level.clue_tokens)
    st.dealt = level.friends
    for text in start.map:
        code, xy, q = read_laid(text)
        st.map.place(code, q, xy, 0)
        st.stacks[st.set_of[code]][code] -= 1
    for p in people:
        seat = start.players[p.name]
        xy, bank = read_spot(seat.at)
        p.spot = (*xy, st.map.bank_named(xy, bank) if bank else 0)
        p.encounters = [Held(c, token == c) for c in seat.encounters]
        p.friends = p.had = seat.friends
        p.face_up = [c.upper() for c in seat.face_up]
        p.token = token == p.name
        for code in p.face_up:
            st.stacks[st.set_of[code]][code] -= 1
        st.deck.out.update(seat.encounters)
    _desk(st, start, token)
    st.turn_no, st.seat = start.turn - 1, (start.turn - 2) % len(people)
    if st.desk.returned >= st.desk.total:
        st.outcome, st.ended, st.why_ended = "won", st.turn_no, "every Clue Token is back with Verona"
    else:
        end_turn(st)
    return st


def _token(start: Start, names: list[str]) -> str | Card | None:
    """Where the Clue Token in play is: a player's name, the Encounter card it lies on, None."""
    t = start.clue_token
    return t if t is None or t in names else parse_card(t)


def _desk(st: State, start: Start, token) -> None:
    d, deck = st.desk, st.deck
    d.returned, d.clue = start.returned, start.clue
    d.token = "clue" if start.clue else "none" if token is None else "held" if isinstance(token, str) else "encounter"
    if start.clue:
        deck.out.add(start.clue)
    deck.jokers_out = start.jokers
    deck.discards = {c for c in start.discards if not c.joker}
    deck.jokers_discarded = sum(c.joker for c in start.discards)
    deck.hidden = sum(p.friends for p in st.people)


# ---- the position written ----------------------------------------------------------------------

def start_of(st: State, names: list[str]) -> dict:
    """The `start:` of the table at `st`: at the start of a turn, or at the end of one that owes
    nothing (it is ended first, as the table ends it), so a record from it plays on as the game it
    was cut from (tests/scorer/test_games_conform.py)."""
    if st.stage or st.attempted:
        if chance_due(st) or why_turn_short(st) is not None:
            raise ValueError(f"turn {st.turn_no} is in progress and owes something: a `start:` is written between turns")
        st = st.copy()
        close_turn(st)
    out: dict = {"turn": st.turn_no, "next": st.player.name}
    laid = sorted(((p.turn, xy, p) for xy, p in st.map.at.items() if xy != VERONA), key=lambda t: t[0])
    if laid:
        out["map"] = [laid_text(p.code, xy, p.quarters) for _, xy, p in laid]
    out["players"] = {p.name: _seat(st, p) for p in st.people}
    d = st.desk
    if d.clue is not None:
        out["clue"] = card_text(d.clue)
    if st.deck.jokers_out:
        out["jokers"] = st.deck.jokers_out
    holder = next((p.name for p in st.people if p.token), None)
    on = next((h.card for p in st.people for h in p.encounters if h.token), None)
    if holder or on:
        out["clue_token"] = holder or card_text(on)
    if d.returned:
        out["returned"] = d.returned
    discards = [card_text(c) for c in CARDS if c in st.deck.discards] + ["JK"] * st.deck.jokers_discarded
    if discards:
        out["discards"] = discards
    return out


def _seat(st: State, p: Person) -> dict:
    out: dict = {"at": spot_text(p.xy, st.map.bank_name(p.spot) if st.map.banks(p.xy) > 1 else None)}
    if p.friends:
        out["friends"] = p.friends
    if p.encounters:
        out["encounters"] = [card_text(h.card) for h in p.encounters]
    if p.face_up:
        out["face_up"] = list(p.face_up)
    return out


# ---- the position drawn --------------------------------------------------------------------

KEY = "tile-key"                    # kits/fair-verona.yaml's tile key: it draws the tiles
MEEPLE = "meeple"                   # the art library's meeple
COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#D55E00", "#0072B2")   # Okabe-Ito, by seat
TOKEN = "#3b3632"                   # the fifth colour: the Clue Tokens


def picture(st: State, kit=None) -> Position:
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


__all__ = ["desk", "hand", "picture", "start", "start_of", "start_problems", "state_from"]
