"""Why one Fair Verona action may not be taken now, kind by kind (each rule once, with the words it
cites, rules.py): moves.why_illegal asks these after what holds for every action (the game's end,
what is due first, the phases' order).

A decision that chance completes is checked as far as it goes: `draw` (the tile is chance's) by
whether a face-down tile is left, `Draw(code)` also by the tile; `clear ... friend` by whether the
player holds a Friend, `clear ... friend 5H` also by the card turned up.
"""
from __future__ import annotations

from pnpkit.scorer.games.fair_verona.cards import Card
from pnpkit.scorer.core import plural
from pnpkit.scorer.game import Illegal
import pnpkit.scorer.games.fair_verona.rules as R
from pnpkit.scorer.games.fair_verona.map import neighbours8, xy_text
from pnpkit.scorer.games.fair_verona.state import (UNSEEN, Clear, Clue, Draw, Encounter, Friend, Give, Move, Place,
                                                   State, Take)


def attempts(st: State) -> str:
    stack = st.stack()
    ups = st.playable_face_up()
    parts = ([f"draw one of the {plural(sum(stack.values()), 'face-down tile')}"] if stack else []) + \
            ([f"take {' or '.join(ups)} (face up)"] if ups else [])
    return " or ".join(parts)


def why_draw(st: State, a: Draw) -> Illegal | None:
    """The decision (a face-down tile is left), then the tile chance gave (one of those left)."""
    stack = st.stack()
    if stack is None:
        return Illegal("no face-down tile is left: take one of your face-up tiles that fits, if one does", R.V13)
    if a.code is None:
        return None
    if a.code not in st.params.tiles.types:
        return Illegal(f"{a.code} is not a tile of the tile key", R.V11)
    if st.stacks[st.set_of[a.code]][a.code] <= 0:
        n = st.params.tiles.types[a.code].spec.count
        return Illegal(f"the box holds {n} {a.code} and " + ("it is" if n == 1 else "every one is") +
                       " already on the table or drawn", R.V11)
    if a.code not in stack:
        title = next(t.title for t in st.params.tiles.sets if t.id == st.set_of[next(iter(stack))])
        return Illegal(f"{plural(sum(stack.values()), 'face-down tile')} of {title} are left and they are drawn "
                       f"first: {a.code} is not one of them", R.SETUP_RIVER)
    return None


def why_take(st: State, a: Take) -> Illegal | None:
    p = st.player
    if a.code not in p.face_up:
        return Illegal(f"{p.name} has no face-up {a.code} (face up: {', '.join(p.face_up) or 'none'})", R.V13)
    if not st.fits(a.code):
        return Illegal(f"{a.code} fits nowhere around {p.name}'s meeple at {xy_text(p.xy)}: a face-up tile "
                       f"that cannot be played may not be chosen", R.FACE_UP)
    return None


def why_place(st: State, a: Place) -> Illegal | None:
    p = st.player
    if st.hand is None:
        return Illegal(f"{p.name} has no tile to place: `draw` or `take` one first", R.ATTEMPT)
    if a.xy is None:
        spots = st.fits(st.hand)
        if spots:
            (xy, q), more = spots[0], len(spots) - 1
            return Illegal(f"{st.hand} fits at {xy_text(xy)}" + (f" turned {q * 90}" if q else "") +
                           (f" (and {plural(more, 'other place')})" if more else "") +
                           ": a tile that can be played must be", R.MUST_PLAY)
        return None
    if a.xy not in neighbours8(p.xy):
        return Illegal(f"{xy_text(a.xy)} is not next to {p.name}'s meeple at {xy_text(p.xy)} (the 8 spaces "
                       f"around it)", R.ADJACENT)
    why = st.map.why_not_fit(st.params.tiles.types[st.hand], a.quarters, a.xy)
    if why is not None:
        said = f"{st.hand}" + (f" turned {a.quarters * 90}" if a.quarters else "") + f": {why[0]}"
        if why[1] == "match":       # the rulebook's own words first, the ruling that spells them out after
            return Illegal(f"{said}, as in Carcassonne (ruling V12: city to city, road to road, field to field, "
                           f"river to river)", R.CARCASSONNE_SIDES)
        return Illegal(said, R.V12_RIVER if why[1] == "river" else R.V12_SIDES)
    return None


def why_friend(st: State, a: Friend) -> Illegal | None:
    if not st.friend_due:
        return Illegal("no Friend is drawn here: a placement makes one with a shield or a completed city", R.FRIEND)
    if a.card is None or not a.card.joker:
        return Illegal("a Friend is drawn face down: write only a Joker that turned up while drawing it", R.V9)
    why = st.deck.why_not(a.card)
    return Illegal(why, R.V10) if why else None


def why_encounter(st: State, a: Encounter) -> Illegal | None:
    if st.deal_to is None:
        return Illegal("no Encounter is drawn here: one comes when a drawn tile cannot be played", R.UNPLAYABLE)
    return why_not_drawn(st, a.card)


def why_clue(st: State, a: Clue) -> Illegal | None:
    if not st.clue_due:
        return Illegal("no Clue Token came back to Verona here: a new Clue Card is drawn only then", R.RETURN)
    return why_not_drawn(st, a.card)


def why_not_drawn(st: State, card: Card) -> Illegal | None:
    """Why `card` cannot be the one drawn now: no card left, a Joker too many (V10), or a card in
    play or discarded (each card is one person)."""
    why = st.deck.why_not(card)
    return Illegal(why, R.V10 if card.joker or "discard" in why or "left" in why else R.UNIQUE) if why else None


def why_clear(st: State, a: Clear) -> Illegal | None:
    """The attempt (its Encounter, helpers and whether a Friend is played), then the Friend card
    turned up; while chance turns up the Friend of an attempt made (`pending`), that card alone."""
    if st.pending is not None:
        if (a.card, a.helpers) != (st.pending.card, st.pending.helpers) or a.friend in (None, UNSEEN):
            return Illegal(f"{st.player.name}'s Friend card for `{st.pending.card}` is turned up first", R.FRIEND_PLAY)
        return why_friend_card(st, a.friend)
    p = st.player
    if st.attempted:
        return Illegal(f"{p.name} has made this turn's attempt", R.V15)
    if not any(h.card == a.card for h in p.encounters):
        held = ", ".join(str(h.card) for h in p.encounters) or "none"
        return Illegal(f"{p.name} holds no Encounter {a.card} (Encounters: {held})", R.V15)
    if (bad := bad_helper(st, a)) is not None:
        return bad[2]
    if a.friend is not None:
        if p.friends <= 0 and not p.had and st.dealt == 0:
            return Illegal(f"{p.name} has no Friend card to play: none is dealt at the start at this difficulty, and "
                           f"{p.name} has made none (a placed tile with a shield, or one completing a city, makes "
                           f"one)", R.HARD_NO_FRIENDS)
        if p.friends <= 0:
            return Illegal(f"{p.name} has no Friend card left", R.FRIEND_PLAY)
        if a.friend == UNSEEN:
            return None if friend_cards(st) else Illegal("every card is in play or discarded: none can be a Friend "
                                                         "card", R.V10)
        return why_friend_card(st, a.friend)
    return None


def bad_helper(st: State, a: Clear) -> tuple[int, str, Illegal] | None:
    """The first helper named who cannot help (the player, someone on another tile, a name written
    twice), why in a few words, and the violation: effects.as_played leaves that one out."""
    p, seen = st.player, set()
    for i, name in enumerate(a.helpers):
        h = st.person(name)
        if h is p:
            return i, "the player", Illegal(f"{name} is the player: a helper is another player on the same tile",
                                            R.HELP)
        if h.xy != p.xy:
            return i, f"at {xy_text(h.xy)}", Illegal(f"{name} is at {xy_text(h.xy)}, not on {p.name}'s tile "
                                                     f"{xy_text(p.xy)}: only people on the same tile help", R.HELP)
        if name in seen:
            return i, "named twice", Illegal(f"{name} is named twice as a helper", R.HELP)
        seen.add(name)
    return None


def why_friend_card(st: State, card: Card) -> Illegal | None:
    if card.joker:
        return Illegal("a Joker is never a Friend: when drawn it is laid on the Clue Card", R.V9)
    if card in st.deck.out or card in st.deck.discards:
        return Illegal(f"{card} is in play or discarded: it cannot be a Friend card", R.UNIQUE)
    return None


def friend_cards(st: State) -> list[Card]:
    """The cards a Friend turned up may be: any card not seen in play or discarded."""
    return [c for c in st.deck.may_come() if not c.joker and c not in st.deck.out and c not in st.deck.discards]


def why_move(st: State, a: Move) -> Illegal | None:
    p = st.player
    if p.encounters:
        return Illegal(f"{p.name} holds {plural(len(p.encounters), 'Encounter')} "
                       f"({', '.join(str(h.card) for h in p.encounters)})", R.NO_MOVE)
    way = st.params.moving(a.way)
    if way is None:
        return Illegal(f"{a.way!r} is no way of moving: " + ", ".join(f"`{m.code}` ({m.by.lower()}, up to "
                                                                      f"{m.tiles})" for m in st.params.movement),
                       R.MOVE_ONE_WAY)
    assert a.xy is not None
    if a.xy not in st.map.at:
        return Illegal(f"no tile lies at {xy_text(a.xy)}", R.MOVE_ONE_WAY)
    reach = st.map.reach(p.spot, way.along, way.tiles)
    ends = sorted(s for s in reach if s[:2] == a.xy)
    if not ends:
        return _why_unreached(st, a, way)
    if a.bank is not None:
        bank = st.map.bank_named(a.xy, a.bank)
        if st.map.banks(a.xy) == 1:
            return Illegal(f"the river does not divide {xy_text(a.xy)}: leave the bank out", R.V17)
        if bank is None or (*a.xy, bank) not in reach:
            names = " or ".join(st.map.bank_name(s) for s in ends)
            return Illegal(f"{p.name} cannot reach the {a.bank} bank of {xy_text(a.xy)} {way.by.lower()}: only "
                           f"its {names} bank", R.RIVER_CROSSING)
    elif len(ends) > 1:
        return Illegal(f"{xy_text(a.xy)} is divided by the river and both banks can be reached: say which "
                       f"(`bank {st.map.bank_name(ends[0])}` or `bank {st.map.bank_name(ends[1])}`)",
                       R.RIVER_CROSSING)
    return None


def _why_unreached(st: State, a: Move, way) -> Illegal:
    p = st.player
    far = st.map.reach(p.spot, way.along, 40)
    steps = min((d for s, d in far.items() if s[:2] == a.xy), default=None)
    if steps is not None:
        return Illegal(f"{xy_text(a.xy)} is {plural(steps, 'tile')} away {way.by.lower()}; {way.by} moves "
                       f"{way.tiles} at the most", R.MOVE_ONE_WAY)
    if way.along is None:
        return Illegal(f"the river lies between {p.name} at {st.map.spot_text(p.spot)} and {xy_text(a.xy)}: it "
                       f"is crossed only at a bridge, its spring or its lake", R.RIVER_CROSSING)
    if not st.map.features_on(p.spot, way.along):
        return Illegal(f"no {way.along} on {p.name}'s {'bank of the ' if st.map.banks(p.xy) > 1 else ''}tile "
                       f"{st.map.spot_text(p.spot)} to start from", R.V17)
    return Illegal(f"no {way.along} connects {p.name}'s tile {xy_text(p.xy)} with {xy_text(a.xy)}", R.BARRIERS)


def why_give(st: State, a: Give) -> Illegal | None:
    giver, to = st.person(a.giver), st.person(a.to)
    if not giver.token:
        holder = next((q.name for q in st.people if q.token), None)
        return Illegal(f"{giver.name} holds no Clue Token" + (f" ({holder} does)" if holder else ""), R.HAND_OFF)
    if to is giver:
        return Illegal("a Clue Token is handed to another player", R.HAND_OFF)
    if to.xy != giver.xy:
        return Illegal(f"{to.name} is at {xy_text(to.xy)}, {giver.name} at {xy_text(giver.xy)}: a Clue Token is "
                       f"handed over on a shared tile", R.HAND_OFF)
    return None



WHY = {Draw: why_draw, Take: why_take, Place: why_place, Friend: why_friend, Encounter: why_encounter,
       Clue: why_clue, Clear: why_clear, Move: why_move, Give: why_give}
