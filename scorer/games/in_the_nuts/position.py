"""In the Nuts!: positions, as text and in the kit file's own names, and the `start:` position.

`draw` writes a position as text (--explain). `picture` draws a position of the move log for the
replay page. The board (kits/in-the-nuts.yaml `board`): each player's squirrels in the regions that
print the rows' sections, the turn's squirrels on the printed starting track, the face-up nut cards
at their places under it and the draw pile on its outline; the params name them all
(`Params.board`), so the replay follows the printed board. Beside the board: the cards set aside,
and David while he guards no one. Then what lies in front of each player: their supply of squirrels
(a stack with its count), David when he guards them, and their storage cards as printed.

The storage cards as printed: a player's storage cards are the kit's `storage-*` decks in order (the
first player's motif first); a card is a row of that deck (`3b` is the second card holding 3). A
full card lies on its full side; the nut cards and jokers on a card that is not full lie on it (the
kit's `nuts` deck, a row per kind, and `jokers`, a row per pair). The note under each card is the
scorer's breakdown line. `pictures` draws the final-storage record; the move log's replay draws its
cards the same way (`stored`).

A move log may begin from the table as it is (`start:`, record.py's `Start`): the position at the
start of a player's turn. The rest follows: a player's supply is their squirrels not on the board;
the eight cards set aside are still aside (they come in during the turn that ends the game); the
cards out of the deck are the ones in sight (a nut that went back in the box is not known, so
ruling N5 counts what is in sight). `start_problems` refuses a position that cannot be the start of
a turn, each problem at its path under `start:`; `state_from` is the State it describes, and
`start_of` writes a State where a turn begins as its `start:` (the descriptor's `start_of`).
"""
from __future__ import annotations

import re

from pnpkit.kitfile.params.in_the_nuts import Params
from pnpkit.scorer.core import Result, plural
from pnpkit.scorer.games.in_the_nuts.notation import parse_card
from pnpkit.scorer.games.in_the_nuts.record import Record, Start, params_of
from pnpkit.scorer.games.in_the_nuts.rules import N5
from pnpkit.scorer.games.in_the_nuts.state import ROLL, State
from pnpkit.scorer.games.in_the_nuts.storage import (KINDS, Card as StorageCard, card_line, check_stores, parse_joker,
                                                     player_score)
from pnpkit.scorer.play import Area, Card, Piece, Position
from pnpkit.scorer.seats import tags

# What kits/in-the-nuts.yaml calls the pieces and places the params do not name.
BOARD, SQUIRRELS, RACCOON, DRAW_PILE = "board", "squirrels", "raccoon", "draw-pile"
NUT_CARDS, JOKER_CARDS, STORAGE = "nuts", "jokers", "storage-"
SHOWN = 6                           # nut cards drawn on a card at the most (a 6-card holds 6)


# ---------------------------------------------------------------- the position as text

def draw(s: State) -> str:
    """The position as text: each row's sections with every player's squirrels (`M3`: three of
    Marlene's), the starting track, the face-up nuts and the pile, David, the storage cards."""
    tag = tags(s.names)
    b = s.b
    lines = []
    for r in reversed(range(len(b.rows))):
        cells = []
        for i in b.rows[r]:
            sec = b.sections[i]
            who = " ".join(f"{tag[p]}{k}" for p, k in enumerate(s.counts[i]) if k) or "-"
            cells.append(f"{sec.label}{'*' if sec.raccoon else ''}: {who}")
        lines.append(f"  {b.sections[b.rows[r][0]].need}-squirrel area  " + " | ".join(cells))
    if s.track:
        lines.append(f"  starting track   {' '.join(map(str, sorted(s.track)))} ({s.names[s.active]})")
    nuts = " | ".join(f"{p.label} {s.faceup[p.index] or '(empty)'}" for p in b.places)
    lines.append(f"  face up          {nuts}; draw pile {s.pile}" + (f", set aside {s.aside}" if s.aside else ""))
    lines.append(f"  David            {'with ' + s.names[s.david] if s.david is not None else 'with no one'}")
    for p, name in enumerate(s.names):
        cards = " | ".join(c.describe() for c in s.cards[p].values() if c.full or c.kind) or "nothing stored"
        kept = f" | kept {', '.join(s.kept[p])}" if s.kept[p] else ""
        lines.append(f"  {tag[p]} {name}: {s.supply[p]} squirrels in the supply | cards {cards}{kept}")
    return "\n".join(lines)


# ---------------------------------------------------------------- the position on the kit's board

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


# ---------------------------------------------------------------- the storage cards as printed

def storage_decks(kit) -> list[str]:
    """Each player's storage cards, by seat: the kit's `storage-*` decks in order (one a motif)."""
    decks = [c.name for c in kit.components if c.kind == "cards" and c.name.startswith(STORAGE)]
    return decks or [STORAGE + "cards"]         # none in the kit: the drawing names what is missing


def nut_card(card: str, pairs: list[frozenset]) -> Card | None:
    """A nut card (`walnut`) or a joker (`walnut/acorn`) as a card of the kit's decks."""
    if "/" not in card:
        return Card(NUT_CARDS, KINDS.index(card)) if card in KINDS else None
    pair = frozenset(card.split("/"))
    return Card(JOKER_CARDS, pairs.index(pair)) if pair in pairs else None


def joker_pairs(params) -> list[frozenset]:
    """The jokers deck's rows, each a pair of kinds (the kit's params.jokers, the deck printed)."""
    return [frozenset(p.shows) for p in params.jokers]


def stored(deck: str, row: int, full: bool, kind: str, nuts: int, jokers: list[str], pairs: list[frozenset],
           note: str) -> Card:
    """One storage card as it lies: full on its full side, else with its nut cards and jokers on it."""
    on: list[Card] = []
    if not full:
        on += [Card(NUT_CARDS, KINDS.index(kind))] * max(0, min(nuts, SHOWN)) if kind in KINDS else []
        on += [c for c in (nut_card(j, pairs) for j in jokers) if c is not None]
    return Card(deck, row, back=full, on=tuple(on), note=note)


def pictures(record: Record, kit, result: Result) -> Position:
    params = params_of(kit)
    names = [c.name for c in params.cards]
    decks = storage_decks(kit)
    pairs = joker_pairs(params)
    areas = []
    for i, (player, score) in enumerate(zip(record.players, result.players)):
        deck = decks[i % len(decks)]
        lines = iter(score.breakdown)
        cards = []
        for store in player.stores:
            name = store.card.strip().lower()
            if name not in names:
                continue
            line = next(lines, None)
            if line is None:
                break
            if "again" in line.label:          # a card used twice: scored once, drawn once
                continue
            jokers = ["/".join(p) for p in (parse_joker(text) for text in store.jokers) if p is not None]
            cards.append(stored(deck, names.index(name), "full" in line.label, store.nut, store.nuts, jokers, pairs,
                                f"{line.label.removeprefix('card ')}: {line.points}"))
        cards.sort(key=lambda c: not c.back)        # the full cards, turned over, stacked first
        areas.append(Area("cards", f"{player.name}: {plural(score.total, 'point')}", cards=tuple(cards)))
    return Position(tuple(areas))


# ---------------------------------------------------------------- start: positions

_AFTER = re.compile(r"(; not scored twice| \((scored as full|not counted[^)]*)\))$")   # what scoring does about it


def start_problems(record: Record, kit) -> list[tuple[tuple, str]]:
    """What makes the record's `start:` position impossible, by path (the record is then refused,
    each problem on its line; Game.problems asks only of a record with one)."""
    return [(("start",) + path, message)
            for path, message in position_problems(record.start, record.names, params_of(kit))]


def position_problems(start: Start, names: list[str], params: Params) -> list[tuple[tuple, str]]:
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
    _squirrels(start, names, params, out, player)
    b = params.board
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
    return out or _in_sight(start, names, params)


def _squirrels(start: Start, names: list[str], params: Params, out: list, player) -> None:
    """The squirrels on the board: areas and sections the board has, fewer than collect, no more
    than a player has."""
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


def _in_sight(start: Start, names: list[str], params: Params) -> list[tuple[tuple, str]]:
    """N5: no more cards in sight (face up, stored, kept) than the game has, nor in all."""
    out: list[tuple[tuple, str]] = []
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


def start_of(s: State, names: list[str]) -> dict:
    """The `start:` that writes down `s` where a turn begins (after a turn's last check, before its
    player's first roll): a record from it plays on as the game it was cut from (tests/
    test_games_conform.py). What the format leaves out follows from what it writes (state_from): the
    supplies (15 less what is on the board), the eight cards still aside, and the cards out of the
    deck (those in sight; a more permissive deck than the game's, which knows the nuts in the box,
    so every card the rest of the game draws is still one the deck may give). A card emptied by a
    theft takes any kind again (N10), so it is written only while it holds a nut or is full."""
    if s.phase != ROLL or s.track or s.ending or None in s.faceup:
        raise ValueError("a start: is written where a turn begins, before its first roll")
    start: dict = {"next": names[s.active], "squirrels": {}}
    for sec, counts in zip(s.b.sections, s.counts):
        held = {names[p]: k for p, k in enumerate(counts) if k}
        if held:
            start["squirrels"].setdefault(sec.need, {})[sec.label] = held
    start["nuts"] = list(s.faceup)
    start["draw_pile"] = s.pile
    if s.david is not None:
        start["david"] = names[s.david]
    stores = {names[p]: [_store(c) for c in cards.values() if c.full or c.held] for p, cards in enumerate(s.cards)}
    start["stores"] = {name: written for name, written in stores.items() if written}
    start["kept"] = {names[p]: list(k) for p, k in enumerate(s.kept) if k}
    return start


def _store(c: StorageCard) -> dict:
    """One storage card as `stores:` writes it (a full card with what filled it: N5 counts it)."""
    return {"card": c.name, "nut": c.kind, "nuts": c.nuts, **({"jokers": list(c.jokers)} if c.jokers else {})}


def start(record: Record, kit) -> State:
    """The position before the record's first entry: every squirrel in its player's supply before the
    setup, or the table written under `start:`."""
    params, names = params_of(kit), [str(p) for p in record.players]
    s = State(params, names) if record.start is None else state_from(record.start, names, params)
    s.seats = (kit.game.min_players, kit.game.max_players, kit.game.players)
    return s


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
