"""Fair Verona's rules (scorer/game.py: `Rules`), action by action: why an action may not be taken
now (what holds for every action here, each kind's own rules in checks.py), what may be decided
(`legal_moves`: the candidates `why_illegal` accepts, so the list and the check cannot disagree),
what chance may give (`chance`), and `apply` (effects.py says what each does). The replay,
`pnpkit moves` and the simulator all ask these functions.

A player decides; chance gives what is drawn unseen: the tile after `draw` (`Draw(code)`), the
Friend card turned up after `clear ... friend` (`Clear(..., friend=card)`), a Joker or the card that
goes face down while a Friend made is drawn (`Friend(JK)`, `FACE_DOWN`), the next player's
Encounter after a tile set aside (`Encounter(card)`), the next Clue Card (`Clue(card)`). While chance
is due, `to_move` is None. A record writes a decision with what chance gave it (`draw R3`, `clear 9D
friend 5H`): played at a decision, such an action is both at once. `END_TURN` ends the turn where
nothing is owed; the next player's turn begins (or the game is lost, V20). The setup's steps (the
players, their Identities, the first Clue Card) are judged here too (`why_setup`).
"""
from __future__ import annotations

from pnpkit.scorer.games.fair_verona.cards import Card
from pnpkit.scorer.game import END_TURN, END_TURN_TEXT, Illegal
import pnpkit.scorer.games.fair_verona.rules as R
from pnpkit.scorer.games.fair_verona.notation import parse_text, text
from pnpkit.scorer.games.fair_verona.checks import WHY, attempts, friend_cards
from pnpkit.scorer.games.fair_verona.effects import apply, as_played, close_turn, deal_clue, end_turn
from pnpkit.scorer.games.fair_verona.notation import place_words, places, words
from pnpkit.scorer.games.fair_verona.state import (DRAW, FACE_DOWN, SETUP_STEPS, UNSEEN, Action, AfterEnd, ClueCard,
                                                   Clear, Clue, Draw, Encounter, Friend, Give, Identity, Move, Place,
                                                   Players, State, Step, Take)

__all__ = ["apply", "as_played", "candidates", "chance", "chance_due", "close_turn", "deal_clue", "end_turn",
           "is_over", "legal_moves", "place_words", "places", "read", "repeats", "to_move", "why_illegal", "why_turn_short", "words",
           "write"]

JOKER = Card("Joker", None)


def why_illegal(st: State, a: Step) -> Illegal | None:
    if a.__class__ in SETUP_STEPS:
        return why_setup(st, a)
    if a is END_TURN:
        return why_turn_short(st)
    if st.over:
        return Illegal(f"the game is already {st.outcome} ({st.why_ended}); nothing more is played",
                       R.WIN if st.outcome == "won" else R.LOSE)
    if a.__class__ is AfterEnd:
        return None
    if a is FACE_DOWN:
        return None if st.friend_due else Illegal("no Friend is drawn here", R.FRIEND)
    if a.__class__ is Friend and st.face_down_last and not st.friend_due:
        before = st.copy()      # the Friend's card went face down only as far as the record says:
        before.friend_due = True    # a Joker shown drawing it may still be written
        return why_illegal(before, a)
    if (due := _due(st, a)) is not None:
        return due
    if a.key == "clear" and st.attempted:
        return Illegal(f"{st.player.name} has made this turn's attempt", R.V15)
    if a.key != "clue" and a.phase < st.stage:
        return Illegal(f"`{a.key}` comes too late in {st.player.name}'s turn: the phases are the tile, "
                       f"then the Encounter, then the movement, each once", R.PHASES)
    return WHY[type(a)](st, a)  # type: ignore[index]


def why_setup(st: State, a: Step) -> Illegal | None:
    """The setup (V8, V9): as many players as the game is for, each Identity a person and one card,
    the first Clue Card a card (the Jokers that turned up before it written first)."""
    if a.__class__ is Players:
        lo, hi, text = st.seats
        return None if lo <= a.count <= hi else Illegal(f"{a.count} players; the game is for {text}", R.V8)  # type: ignore[union-attr]
    if a.__class__ is Identity:
        card = a.card       # type: ignore[union-attr]
        if card.joker:
            return Illegal("an Identity is a person: a Joker is not (it covers the Clue Card)", R.V8)
        first = next(p.name for p in st.people if p.identity == card)
        return None if first == a.name else \
            Illegal(f"{card} is also {first}'s Identity: each card is one person", R.UNIQUE)    # type: ignore[union-attr]
    if a.__class__ is ClueCard:
        card, last = a.card, a.last     # type: ignore[union-attr]
        if card.joker == last or (why := st.deck.why_not(card)):
            message = ("the first Clue Card is a card, not a Joker (a Joker turned up is written before it)"
                       if card.joker and last else "one Clue Card: the cards before it are Jokers that turned up"
                       if not card.joker else why)
            return Illegal(message, R.V9 if card.joker or not last else R.UNIQUE)
    return None


def repeats(st: State, why: Illegal) -> bool:
    return False


def _due(st: State, a: Action) -> Illegal | None:
    """What must come first, if something must."""
    p = st.player
    if st.drawing and (a.key != "draw" or a.code is None):
        return Illegal(f"{p.name} draws a face-down tile: which one is written first (`draw CODE`)", R.ATTEMPT)
    if st.pending is not None and a.key != "clear":
        return Illegal(f"{p.name}'s Friend card is turned up first (`clear ... friend CARD`)", R.FRIEND_PLAY)
    if st.clue_due and a.key != "clue":
        return Illegal("the Clue Token is back with Verona: the next Clue Card is drawn first (`clue`)", R.RETURN)
    if st.hand is not None and a.key != "place":
        return Illegal(f"{p.name} holds {st.hand}: it is placed (or, if it fits nowhere, set aside) first",
                       R.MUST_PLAY)
    if st.deal_to is not None and a.key != "encounter":
        return Illegal(f"{p.name}'s tile lies aside: the Encounter for {st.people[st.deal_to].name} is "
                       f"drawn first (`encounter`)", R.UNPLAYABLE)
    if st.stage == 0 and a.key not in ("draw", "take", "clue") and st.can_attempt():
        return Illegal(f"{p.name} first attempts to place a tile: " + attempts(st), R.ATTEMPT)
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
        return Illegal(f"{p.name} did not attempt to place a tile: " + attempts(st), R.ATTEMPT)
    return None


# ---- what may come next ------------------------------------------------------------------------

def chance_due(st: State) -> bool:
    return st.drawing or st.friend_due or st.pending is not None or st.deal_to is not None or st.clue_due


def legal_moves(st: State) -> list[Step]:
    """Every decision the player may take now: the candidates `why_illegal` accepts, and the turn's
    end where nothing is owed. None while chance is due."""
    if st.over or chance_due(st):
        return []
    out: list[Step] = [a for a in candidates(st) if why_illegal(st, a) is None]
    if why_turn_short(st) is None:
        out.append(END_TURN)
    return out


def candidates(st: State) -> list[Action]:
    """The decisions worth asking about now, in the order `pnpkit moves` lists them (a superset of
    the legal ones: the tile in hand's places, else the tile phase, else the rest of the turn)."""
    if st.hand is not None:
        return [Place(xy, q) for xy, q in st.fits(st.hand)] + [Place(None)]
    if st.stage == 0 and st.can_attempt():
        return ([DRAW] if st.stack() else []) + [Take(c) for c in sorted(set(st.player.face_up))]
    return [*_attempts_at(st), *_moves(st), *_hand_offs(st)]


def chance(st: State) -> list[Action]:
    """What chance may give now (none at a decision): the tile drawn, the Friend card turned up, a
    Joker or the face-down card while a Friend is drawn, the next player's Encounter, the next Clue
    Card. The tile's and the cards' are each outcome once, whatever its odds."""
    if st.over:
        return []
    if st.drawing:
        stack = st.stack() or {}
        return [Draw(c) for c, n in stack.items() if n > 0]
    if st.pending is not None:
        return [Clear(st.pending.card, st.pending.helpers, c) for c in friend_cards(st)]
    if st.friend_due:
        return ([Friend(JOKER)] if JOKER in st.deck.may_come() else []) + [FACE_DOWN]
    if st.deal_to is not None:
        return [Encounter(c) for c in st.deck.may_come()]
    if st.clue_due:
        return [Clue(c) for c in st.deck.may_come()]
    return []


def _attempts_at(st: State) -> list[Action]:
    """Every attempt at one of the player's Encounters: with each set of the people on the tile,
    without a Friend or with one, turned up unseen."""
    p = st.player
    here = [q.name for q in st.people if q is not p and q.xy == p.xy]
    friends = [None, UNSEEN] if p.friends else [None]
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


def is_over(st: State) -> bool:
    return st.over


def to_move(st: State) -> int | None:
    """The seat whose turn it is; None while chance is due or once the game is over."""
    return None if st.over or chance_due(st) else st.seat


def read(st: State, text: str) -> Step:
    """An action in the record's notation (`place 1 0 turned 90`), the players' names the position's;
    `draw` and `clear ... friend` are the decisions before chance; `end the turn`."""
    if " ".join(str(text).lower().split()) == END_TURN_TEXT:
        return END_TURN
    return parse_text(text, [p.name for p in st.people])


def write(st: State, a: Step) -> str:
    """The action in the record's notation: read(st, write(st, a)) == a."""
    return END_TURN_TEXT if a is END_TURN else text(a)     # type: ignore[arg-type]
