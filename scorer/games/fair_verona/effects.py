"""What each Fair Verona step does to the position, once moves.why_illegal judged it, and the words
that say so (`State.said`): the setup's cards dealt, the tile laid or set aside, the cards drawn (a
Friend, an Encounter, the next Clue Card, a Joker over it), the attempt resolved by scorer.encounter
(`State.log` keeps its arithmetic), the move, the hand-off, a meeple's arrival in the Old Town (V9,
V16) and a turn's end (the losses of V20); and how the table evidently played a step the rules
refused: not at all, but a turn's end owing something still ends it.
"""
from __future__ import annotations

from dataclasses import replace

from pnpkit.scorer.games.fair_verona.cards import Card
from pnpkit.scorer.core import join_names, plural
from pnpkit.scorer.games.fair_verona.encounter import clue_match, resolve
from pnpkit.scorer.game import END_TURN, Illegal, Instead, Played
import pnpkit.scorer.games.fair_verona.rules as R
from pnpkit.scorer.games.fair_verona.checks import bad_helper
from pnpkit.scorer.games.fair_verona.map import xy_text
from pnpkit.scorer.games.fair_verona.state import (FACE_DOWN, SETUP_STEPS, UNSEEN, VERONA, ClueCard, Clear, Clue, Deal,
                                                   Draw, Encounter, FaceDown, FirstTurn, Friend, Give, Held, Identity,
                                                   Move, Person, Place, Players, State, Step, Take)

__all__ = ["apply", "arrive", "as_played", "clue_card", "close_turn", "deal_clue", "end_turn", "joker"]


def apply(st: State, a: Step) -> None:
    """Play a step (an action `why_illegal` accepted, what chance gave, a turn's end, a setup step);
    what it did, in words, is `st.said`."""
    st.face_down_last = a is FACE_DOWN
    if a.__class__ in SETUP_STEPS:
        _setup(st, a)
        return
    if a is END_TURN:
        st.said = close_turn(st)
        return
    key = a.key     # type: ignore[union-attr]
    if key == "draw" and a.code is None or key == "clear" and a.friend == UNSEEN:   # type: ignore[union-attr]
        st.drawing, st.pending = key == "draw", a if key == "clear" else None   # type: ignore[assignment]
        st.said = f"{st.player.name} " + ("draws a face-down tile" if key == "draw" else "turns a Friend card up")
        return
    if key != "clue":
        st.stage = max(st.stage, a.phase + (0 if key in ("friend", "encounter", "give") else 1))  # type: ignore[union-attr]
        if key == "draw":
            st.drawing = False
        elif key == "clear":
            st.pending = None
    st.said = EFFECTS[a.__class__](st, a)      # type: ignore[index]


def _setup(st: State, a: Step) -> None:
    st.said = ""
    if a.__class__ is ClueCard:
        st.said = deal_clue(st, a.card)     # type: ignore[union-attr]
    elif a.__class__ is Deal:
        st.deal_friends(st.level.friends)   # type: ignore[union-attr]
    elif a.__class__ is FirstTurn:
        st.first_turn()


def as_played(st: State, a: Step, why: Illegal) -> Played:
    """A refused step is not played (the position is unchanged), except where the table evidently
    went on with it: a turn's end that owes something still ends the turn; the setup's players and
    Identities are as written; a tile that fits set aside lies aside (and the next player's Encounter
    follows), and one laid where its sides fit but not next to the meeple lies there; an attempt
    with a helper who cannot help is made by the others."""
    if a is END_TURN or a.__class__ is Players or a.__class__ is Identity:
        return None
    if a.__class__ is Place and st.hand is not None and _lies(st, a, why):     # type: ignore[arg-type]
        return None
    if a.__class__ is Clear and why.rule is R.HELP and (bad := bad_helper(st, a)) is not None:     # type: ignore[arg-type]
        i, reason, _ = bad
        helpers, name = a.helpers, a.helpers[i]     # type: ignore[union-attr]
        return Instead(replace(a, helpers=helpers[:i] + tuple(n for n in helpers[i + 1:] if n != name),
                               aside=(*a.aside, f"{name} ({reason})")))      # type: ignore[union-attr]
    return why.message


def _lies(st: State, a: Place, why: Illegal) -> bool:
    """Whether a tile the rules refuse where it went evidently lies there: set aside although it
    fits, or laid on a space not next to the meeple where its sides fit (a tile whose sides do not
    fit cannot lie in the map at all: it is not played)."""
    if a.xy is None:
        return why.rule is R.MUST_PLAY
    return why.rule is R.ADJACENT and a.xy not in st.map.at and \
        st.map.why_not_fit(st.params.tiles.types[st.hand], a.quarters, a.xy) is None     # type: ignore[index]


def deal_clue(st: State, card: Card) -> str:
    """The setup's first Clue Card, or a Joker that turned up before it (V9)."""
    return clue_card(st, card)


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


def close_turn(st: State) -> str:
    """END_TURN: the turn's end (the losses of V20), then the next player's turn begins."""
    did = end_turn(st)
    if not st.over:
        st.begin_turn((st.seat + 1) % len(st.people))
    return did


def _draw(st: State, a: Draw) -> str:
    stack = st.stack()
    assert stack is not None
    stack[a.code] -= 1
    st.hand, st.took = a.code, False
    return f"{st.player.name} draws {a.code} ({st.params.tiles.types[a.code].spec.name})"


def _take(st: State, a: Take) -> str:
    st.player.face_up.remove(a.code)
    st.hand, st.took = a.code, True
    return f"{st.player.name} takes the face-up {a.code}"


def _place(st: State, a: Place) -> str:
    p, code = st.player, st.hand
    assert code is not None
    st.hand = None
    if a.xy is None:
        p.face_up.append(code)
        did = f"{code} fits nowhere around {p.name}'s meeple: it lies face up beside {p.name} ({len(p.face_up)} face up)"
        nxt = st.people[(st.seat + 1) % len(st.people)]
        if not st.deck.refill():
            return did + f"; no card is left for {nxt.name}'s Encounter"
        st.deal_to = (st.seat + 1) % len(st.people)
        return did + f"; an Encounter for {nxt.name} is drawn"
    st.map.place(code, a.quarters, a.xy, st.turn_no)
    t = st.params.tiles.types[code]
    why = (["a shield"] if t.spec.shield else []) + (["a completed city"] if st.map.completes_city(a.xy) else [])
    did = f"{p.name} lays {code} at {xy_text(a.xy)}" + (f" turned {a.quarters * 90}" if a.quarters else "")
    if why:
        got = st.deck.draw_hidden()
        st.friend_due = got             # chance: a Joker may show before the card that goes face down
        p.friends += got
        p.had += got
        did += f": {' and '.join(why)}, " + (f"a Friend for {p.name} ({p.friends} face down)" if got
                                             else "but no card is left for a Friend")
    return did


def _friend(st: State, a: Friend) -> str:
    return joker(st, "while drawing the Friend")


def _face_down(st: State, a: FaceDown) -> str:
    st.friend_due = False
    return ""


def joker(st: State, when: str) -> str:
    st.deck.draw(Card("Joker", None))
    on = f"over the Clue Card {st.desk.clue}" if st.desk.clue else "on the desk, for the next Clue Card"
    return f"a Joker turns up {when}: it lies {on}; clue hunting halts (V9)"


def _encounter(st: State, a: Encounter) -> str:
    assert a.card is not None and st.deal_to is not None
    if a.card.joker:
        return joker(st, "for the Encounter") + "; another card is drawn"
    to = st.people[st.deal_to]
    st.deal_to = None
    st.deck.draw(a.card)
    held = Held(a.card)
    to.encounters.append(held)
    did = f"{a.card} is {to.name}'s Encounter"
    clue = st.desk.clue
    if clue is not None and st.desk.token == "clue" and st.deck.jokers_out == 0:
        how = clue_match(a.card, clue)
        if how:
            held.token = True
            st.deck.discard(clue)
            st.desk.clue, st.desk.token = None, "encounter"
            did += f": it matches the Clue Card {clue} in {how}, so the Clue Token is its prize"
        else:
            did += f" (the Clue Card {clue} is not matched)"
    return did


def _clear(st: State, a: Clear) -> str:
    p = st.player
    st.attempted = True
    held = next(h for h in p.encounters if h.card == a.card)
    helpers = [(st.person(n).identity, p.xy) for n in a.helpers]
    out = resolve(p.identity, p.xy, held.card, helpers, a.friend, st.params)
    if a.aside:
        out = replace(out, explain=out.explain + f"; not counted: {', '.join(a.aside)}")
    st.last_outcome = out
    st.log.append({**out.to_json(), "clue": held.token})
    if a.friend is not None:
        p.friends -= 1
        st.deck.hidden -= 1
        st.deck.discard(a.friend)
    did = f"{p.name} at {xy_text(p.xy)}: {out.explain}"
    if not out.cleared:
        return did + "; the turn is over"
    p.encounters.remove(held)
    st.deck.discard(held.card)
    if held.token:
        p.token, st.desk.token = True, "held"
        did += f"; the Clue Token goes to {p.name}"
        did += arrive(st, p, moved=False)
    if p.encounters:
        did += f"; {plural(len(p.encounters), 'Encounter')} still held: the turn is over"
    return did


def _move(st: State, a: Move) -> str:
    p = st.player
    way = st.params.moving(a.way)
    assert way is not None and a.xy is not None
    reach = st.map.reach(p.spot, way.along, way.tiles)
    ends = [s for s in reach if s[:2] == a.xy]
    bank = st.map.bank_named(a.xy, a.bank) if a.bank else None
    end = next(s for s in ends if bank is None or s[2] == bank)
    start, p.spot = p.spot, end
    did = f"{p.name} moves {way.by.lower()} from {st.map.spot_text(start)} to {st.map.spot_text(end)} " \
          f"({plural(reach[end], 'tile')})"
    return did + arrive(st, p, moved=start[:2] != VERONA)


def _give(st: State, a: Give) -> str:
    giver, to = st.person(a.giver), st.person(a.to)
    giver.token, to.token = False, True
    return f"{giver.name} hands the Clue Token to {to.name}" + arrive(st, to, moved=False)


def arrive(st: State, p: Person, moved: bool) -> str:
    """A meeple on the Old Town: a move there discards the Jokers (V9); a Clue Token there is
    returned (V16)."""
    if p.xy != VERONA:
        return ""
    did = ""
    if moved and st.deck.jokers_out:
        n = st.deck.discard_jokers()
        did += f"; {p.name} is back in the Old Town: {plural(n, 'Joker')} discarded, clue hunting resumes"
    if p.token:
        p.token = False
        st.desk.returned += 1
        st.desk.token = "none"
        did += f"; the Clue Token is back with Verona ({st.desk.returned} of {st.desk.total})"
        if st.desk.returned >= st.desk.total:
            st.outcome, st.ended, st.why_ended = "won", st.turn_no, \
                f"the last Clue Token came back in turn {st.turn_no}"
            did += ": the mystery is solved, the players have won"
        elif st.deck.refill():
            st.clue_due = True
            did += ": the next Clue Card is drawn"
    return did


def _clue(st: State, a: Clue) -> str:
    assert a.card is not None
    return clue_card(st, a.card)


def clue_card(st: State, card: Card) -> str:
    if card.joker:
        return joker(st, "for the Clue Card") + "; another card is drawn"
    st.deck.draw(card)
    st.desk.clue, st.desk.token, st.clue_due = card, "clue", False
    covered = f", under {plural(st.deck.jokers_out, 'Joker')}" if st.deck.jokers_out else ""
    return f"the Clue Card is {card}{covered}, a Clue Token on it"


EFFECTS = {Draw: _draw, Take: _take, Place: _place, Friend: _friend, Encounter: _encounter, Clear: _clear,
           Move: _move, Give: _give, Clue: _clue, FaceDown: _face_down}
