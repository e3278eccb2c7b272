"""Fair Verona's rules, action by action: why an action may not be taken now (each rule once, with
the words it cites, rules.py), what may be taken (`legal_moves`: the candidates `why_illegal`
accepts, so the list and the check cannot disagree), and `apply` (effects.py says what each does).
The replay, `pnpkit moves` and the simulator all ask these functions.
"""
from __future__ import annotations

from pnpkit.scorer.cards import Card
from pnpkit.scorer.core import join_names, plural
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.games.fair_verona import effects, notation
from pnpkit.scorer.games.fair_verona import rules as R
from pnpkit.scorer.games.fair_verona.map import neighbours8, xy_text
from pnpkit.scorer.games.fair_verona.state import (Action, Clear, Clue, Draw, Encounter, Friend, Give, Move, Place,
                                                   State, Take)


JOKER = Card("Joker", None)


def why_illegal(st: State, a: Action) -> Illegal | None:
    if st.over:
        return Illegal(f"the game is already {st.outcome} ({st.why_ended}); nothing more is played",
                       R.WIN if st.outcome == "won" else R.LOSE)
    if (due := _due(st, a)) is not None:
        return due
    if a.key == "clear" and st.attempted:
        return Illegal(f"{st.player.name} has made this turn's attempt", R.V15)
    if a.key != "clue" and a.phase < st.stage:
        return Illegal(f"`{a.key}` comes too late in {st.player.name}'s turn: the phases are the tile, "
                       f"then the Encounter, then the movement, each once", R.PHASES)
    return _WHY[type(a)](st, a)  # type: ignore[operator]


def _due(st: State, a: Action) -> Illegal | None:
    """What must come first, if something must."""
    p = st.player
    if st.clue_due and a.key != "clue":
        return Illegal("the Clue Token is back with Verona: the next Clue Card is drawn first (`clue`)", R.RETURN)
    if st.hand is not None and a.key != "place":
        return Illegal(f"{p.name} holds {st.hand}: it is placed (or, if it fits nowhere, set aside) first",
                       R.MUST_PLAY)
    if st.deal_to is not None and a.key != "encounter":
        return Illegal(f"{p.name}'s tile lies aside: the Encounter for {st.people[st.deal_to].name} is "
                       f"drawn first (`encounter`)", R.UNPLAYABLE)
    if st.stage == 0 and a.key not in ("draw", "take", "clue") and st.can_attempt():
        return Illegal(f"{p.name} first attempts to place a tile: " + _attempts(st), R.ATTEMPT)
    return None


def _attempts(st: State) -> str:
    stack = st.stack()
    ups = st.playable_face_up()
    parts = ([f"draw one of the {plural(sum(stack.values()), 'face-down tile')}"] if stack else []) + \
            ([f"take {' or '.join(ups)} (face up)"] if ups else [])
    return " or ".join(parts)


def _why_draw(st: State, a: Draw) -> Illegal | None:
    stack = st.stack()
    if stack is None:
        return Illegal("no face-down tile is left: take one of your face-up tiles that fits, if one does", R.V13)
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


def _why_take(st: State, a: Take) -> Illegal | None:
    p = st.player
    if a.code not in p.face_up:
        return Illegal(f"{p.name} has no face-up {a.code} (face up: {', '.join(p.face_up) or 'none'})", R.V13)
    if not st.fits(a.code):
        return Illegal(f"{a.code} fits nowhere around {p.name}'s meeple at {xy_text(p.xy)}: a face-up tile "
                       f"that cannot be played may not be chosen", R.FACE_UP)
    return None


def _why_place(st: State, a: Place) -> Illegal | None:
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


def _why_friend(st: State, a: Friend) -> Illegal | None:
    if not st.friend_due:
        return Illegal("no Friend is drawn here: a placement makes one with a shield or a completed city", R.FRIEND)
    if a.card is None or not a.card.joker:
        return Illegal("a Friend is drawn face down: write only a Joker that turned up while drawing it", R.V9)
    why = st.deck.why_not(a.card)
    return Illegal(why, R.V10) if why else None


def _why_encounter(st: State, a: Encounter) -> Illegal | None:
    if st.deal_to is None:
        return Illegal("no Encounter is drawn here: one comes when a drawn tile cannot be played", R.UNPLAYABLE)
    return _why_not_drawn(st, a.card)


def _why_clue(st: State, a: Clue) -> Illegal | None:
    if not st.clue_due:
        return Illegal("no Clue Token came back to Verona here: a new Clue Card is drawn only then", R.RETURN)
    return _why_not_drawn(st, a.card)


def _why_not_drawn(st: State, card: Card) -> Illegal | None:
    """Why `card` cannot be the one drawn now: no card left, a Joker too many (V10), or a card in
    play or discarded (each card is one person)."""
    why = st.deck.why_not(card)
    return Illegal(why, R.V10 if card.joker or "discard" in why or "left" in why else R.UNIQUE) if why else None


def _why_clear(st: State, a: Clear) -> Illegal | None:
    p = st.player
    if st.attempted:
        return Illegal(f"{p.name} has made this turn's attempt", R.V15)
    if not any(h.card == a.card for h in p.encounters):
        held = ", ".join(str(h.card) for h in p.encounters) or "none"
        return Illegal(f"{p.name} holds no Encounter {a.card} (Encounters: {held})", R.V15)
    for name in a.helpers:
        h = st.person(name)
        if h is p:
            return Illegal(f"{name} is the player: a helper is another player on the same tile", R.HELP)
        if h.xy != p.xy:
            return Illegal(f"{name} is at {xy_text(h.xy)}, not on {p.name}'s tile {xy_text(p.xy)}: only "
                           f"people on the same tile help", R.HELP)
    if len(set(a.helpers)) != len(a.helpers):
        return Illegal("a helper is named twice", R.HELP)
    if a.friend is not None:
        if p.friends <= 0 and not p.had and st.dealt == 0:
            return Illegal(f"{p.name} has no Friend card to play: none is dealt at the start at this difficulty, and "
                           f"{p.name} has made none (a placed tile with a shield, or one completing a city, makes "
                           f"one)", R.HARD_NO_FRIENDS)
        if p.friends <= 0:
            return Illegal(f"{p.name} has no Friend card left", R.FRIEND_PLAY)
        if a.friend.joker:
            return Illegal("a Joker is never a Friend: when drawn it is laid on the Clue Card", R.V9)
        if a.friend in st.deck.out or a.friend in st.deck.discards:
            return Illegal(f"{a.friend} is in play or discarded: it cannot be a Friend card", R.UNIQUE)
    return None


def _why_move(st: State, a: Move) -> Illegal | None:
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


def _why_give(st: State, a: Give) -> Illegal | None:
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


def why_turn_short(st: State) -> Illegal | None:
    """What the turn still owes before it may end, or None."""
    if st.over:
        return None
    p = st.player
    if st.clue_due:
        return Illegal("the Clue Token came back to Verona, and the next Clue Card is not written (`clue`)", R.RETURN)
    if st.hand is not None:
        return Illegal(f"{p.name} holds {st.hand} and has not placed it (`place`, or `place aside` if it fits "
                       f"nowhere)", R.MUST_PLAY)
    if st.deal_to is not None:
        return Illegal(f"{p.name}'s tile lies aside, and {st.people[st.deal_to].name}'s Encounter is not "
                       f"written (`encounter`)", R.UNPLAYABLE)
    if st.stage == 0 and st.can_attempt():
        return Illegal(f"{p.name} did not attempt to place a tile: " + _attempts(st), R.ATTEMPT)
    return None


_WHY = {Draw: _why_draw, Take: _why_take, Place: _why_place, Friend: _why_friend, Encounter: _why_encounter,
        Clue: _why_clue, Clear: _why_clear, Move: _why_move, Give: _why_give}


# ---- what may come next ------------------------------------------------------------------------

def legal_moves(st: State) -> list[Action]:
    """Every action that may come next in the turn in progress: the candidates `why_illegal` accepts."""
    return [a for a in candidates(st) if why_illegal(st, a) is None]


def candidates(st: State) -> list[Action]:
    """The actions worth asking about now, in the order `pnpkit moves` lists them (a superset of
    the legal ones: what is due first, else the tile phase, else the rest of the turn)."""
    if st.over:
        return []
    if st.clue_due:
        return [Clue(c) for c in st.deck.may_come()]
    if st.hand is not None:
        return [Place(xy, q) for xy, q in st.fits(st.hand)] + [Place(None)]
    if st.deal_to is not None:
        return [Encounter(c) for c in st.deck.may_come()]
    if st.stage == 0 and st.can_attempt():
        return [Draw(c) for c in st.stack() or {}] + [Take(c) for c in sorted(set(st.player.face_up))]
    return [Friend(JOKER), *_attempts_at(st), *_moves(st), *_hand_offs(st)]


def _attempts_at(st: State) -> list[Action]:
    """Every attempt at one of the player's Encounters: with each set of the people on the tile,
    without a Friend or with any card that may be one."""
    p = st.player
    here = [q.name for q in st.people if q is not p and q.xy == p.xy]
    friends = [None] + ([c for c in st.deck.may_come() if not c.joker] if p.friends else [])
    out: list[Action] = []
    for h in p.encounters:
        for mask in range(1 << len(here)):
            helpers = tuple(n for i, n in enumerate(here) if mask >> i & 1)
            out += [Clear(h.card, helpers, f) for f in friends]
    return out


def _moves(st: State) -> list[Action]:
    """Every tile each way of moving reaches, each bank where the river divides it."""
    p = st.player
    if p.encounters:
        return []
    out: list[Action] = []
    for way in st.params.movement:
        tiles: dict[tuple[int, int], list] = {}
        for s in sorted(st.map.reach(p.spot, way.along, way.tiles)):
            tiles.setdefault(s[:2], []).append(s)
        for xy, ends in tiles.items():
            out += [Move(way.code, xy)] if len(ends) == 1 else [Move(way.code, xy, st.map.bank_name(s)) for s in ends]
    return out


def _hand_offs(st: State) -> list[Action]:
    return [Give(q.name, o.name) for q in st.people if q.token for o in st.people if o is not q]


# ---- playing ----------------------------------------------------------------------------------

def apply(st: State, a: Action) -> str:
    """Play an action `why_illegal` accepted; what it did, in words."""
    if a.key != "clue":
        st.stage = max(st.stage, a.phase + (0 if a.key in ("friend", "encounter", "give") else 1))
    return effects.EFFECTS[type(a)](st, a)


def deal_clue(st: State, card: Card) -> str:
    """The setup's first Clue Card, or a Joker that turned up before it (V9)."""
    return effects.clue_card(st, card)


def end_turn(st: State) -> str:
    """Close the turn: the ways the game is lost (V20)."""
    if st.over:
        return ""
    names = join_names(p.name for p in st.people)
    why = None
    if all(len(p.face_up) >= 2 for p in st.people):
        why = f"every player has 2 or more face-up tiles ({', '.join(f'{p.name} {len(p.face_up)}' for p in st.people)})"
    elif all(st.mired(p) for p in st.people):
        why = f"every player is mired in an Encounter they cannot clear ({names})"
    elif st.face_down() == 0 and st.desk.token not in ("held", "encounter"):
        why = "no face-down tile is left, so no Encounter can come, and no Clue Token is held or at stake"
    if why is None:
        return ""
    st.outcome, st.ended, st.why_ended = "lost", st.turn_no, why
    return f"the game is lost: {why}"


def is_over(st: State) -> bool:
    return st.over


def to_move(st: State) -> int | None:
    """The seat whose turn it is (the cards drawn are written by the record as that turn's actions)."""
    return None if st.over else st.seat


def read(st: State, text: str) -> Action:
    """An action in the record's notation (`place 1 0 turned 90`), the players' names the position's."""
    return notation.parse_text(text, [p.name for p in st.people])


def write(st: State, a: Action) -> str:
    """The action in the record's notation: read(st, write(st, a)) == a."""
    return notation.text(a)
