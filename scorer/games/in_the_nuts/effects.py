"""In the Nuts!: what a step does (`apply`): a decision, a chance outcome or a record's entry that
holds both, after which the rules run on by themselves (collection.py) to the next decision; a fact
of the record's shape (a player's setup squirrels done). An illegal action is played as far as the
table evidently did (`as_played`: a nut that could not be stored goes back in the box, a squirrel on
a taken space is not placed, a theft the table left out is skipped), so a replay goes on and lists
every problem. `take_place` finds the face-up nut a take took, for the check (moves.py) and the play.
"""
from __future__ import annotations

import pnpkit.scorer.games.in_the_nuts.rules as R
from pnpkit.scorer.games.in_the_nuts.checks import STOPS
from pnpkit.scorer.games.in_the_nuts.collection import (collect_next, end_jokers, next_turn, settle_next, settle_skip,
                                                        steal_next, steal_skip, stop)
from pnpkit.scorer.games.in_the_nuts.state import (DICE, DRAWING, PLACE, ROLL_OR_STOP, SETUP_FIRST, SETUP_SQUIRRELS,
                                                   STEAL, TAKE, Draw, EndStore, First, Pick, Reveal, Roll, RollAgain,
                                                   Settle, Shape, State, Steal, Step, Stop, Take, Throw, fits, or_join,
                                                   taker)
from pnpkit.scorer.games.in_the_nuts.storage import KEEP, nut, store_problem
from pnpkit.scorer.game import AGAIN, Illegal, Played


def take_place(s: State, a: Take) -> int | Illegal:
    """The face-up place a Take took its nut from (N9), or why it could not have."""
    allowed = s.places()
    if a.place is not None:
        pl = s.b.place(a.place)
        if pl is None:
            return Illegal(f"no nut lies under {a.place}: the places are "
                           f"{', '.join(p.label for p in s.b.places)}", R.FACE_UP)
        if pl.index not in allowed:
            return Illegal(f"at {s.section().name} the nut comes from under "
                           f"{or_join(s.b.places[i].label for i in allowed)}, not {a.place}", s.collect_rule())
        if s.faceup[pl.index] != a.card:
            return Illegal(f"the nut under {a.place} is {nut(s.faceup[pl.index], True)}, not {nut(a.card, True)}",
                           s.collect_rule())
        return pl.index
    match = [i for i in allowed if s.faceup[i] == a.card]
    if not match:
        shown = "; ".join(f"under {s.b.places[i].label}: {nut(s.faceup[i])}" for i in allowed)
        return Illegal(f"no {nut(a.card)} lies face up where {s.names[s.actor]} may take ({shown})",
                       s.collect_rule())
    if len(match) > 1:
        where = " and ".join(s.b.places[i].label for i in match)
        return Illegal(f"{a.card}s lie under {where}: write which one was taken, e.g. "
                       f"`{a.card} {s.b.places[match[0]].label}`", R.N9)
    return match[0]


def _reveal(s: State, a: Reveal) -> None:
    i = s.faceup.index(None) if None in s.faceup else len(s.faceup) - 1
    s.faceup[i] = a.card
    s.deck.take(a.card)
    if s.narrate:
        s.say(f"{nut(a.card, True)} face up under {s.b.places[i].label}")
    if None not in s.faceup:
        s.phase, s.actor = SETUP_FIRST, 0


def _first(s: State, a: First) -> None:
    s.dealt = None
    s.deck.take(a.card)
    _store(s, s.actor, a.card, a.to, a.as_)
    if s.actor + 1 < s.n:
        s.actor += 1
    else:
        settle_next(s, 0)


def _settle(s: State, a: Settle) -> None:
    sec = s.b.first_row(a.section)
    if sec is not None and not sec.raccoon and not s.counts[sec.index][a.player] and s.supply[a.player] > 0:
        s.counts[sec.index][a.player] += 1
        s.supply[a.player] -= 1
        if s.narrate:
            s.say(f"{s.names[a.player]} puts a squirrel in {sec.name}")
    s.settle_left -= 1
    if s.settle_left <= 0:
        settle_next(s, s.actor)


def _end_store(s: State, a: EndStore) -> None:
    if a.joker in s.kept[a.player]:
        s.kept[a.player].remove(a.joker)
        _store(s, a.player, a.joker, a.to, a.as_)
    end_jokers(s)


def _roll(s: State, a: Roll) -> None:
    p = s.active
    free = s.free(a)
    if not free or a.space is None:
        # A bad roll (or a roll the table treated as one): the turn's squirrels go back.
        if s.narrate:
            s.say(f"{s.names[p]} rolls green {a.green}, white {a.white[0]} and {a.white[1]}: "
                  f"{or_join(a.sums)} {'taken' if not free else 'open, but no squirrel placed'}: a bad roll; "
                  f"{len(s.track)} squirrel{'s' * (len(s.track) != 1)} back to the supply, the turn is over")
        s.supply[p] += len(s.track)
        s.track = []
        next_turn(s)
        return
    lo, hi = s.b.track
    if lo <= a.space <= hi and not s.taken(a.space) and s.supply[p] > 0:
        s.track.append(a.space)
        s.supply[p] -= 1
    if s.narrate:
        s.say(f"{s.names[p]} rolls green {a.green}, white {a.white[0]} and {a.white[1]}: a squirrel on {a.space} "
              f"(starting track: {' '.join(map(str, sorted(s.track)))}; {s.supply[p]} in the supply)")
    s.phase = ROLL_OR_STOP


def _taker(s: State, a: Take | Steal) -> int:
    """The player the nut goes to: the one the record names (a wrong taker is reported once a turn,
    then the table's picks are stored as it made them)."""
    if a.by is not None and a.by != s.actor:
        s.once.add("taker")
    return taker(s, a)


def _take(s: State, a: Take) -> None:
    where, p = take_place(s, a), _taker(s, a)
    if isinstance(where, Illegal):          # played as far as it can be: from the first place allowed
        where = s.places()[0] if s.places() else 0
    s.faceup[where] = None
    switched = False
    if a.new is not None and s.pile:
        s.faceup[where] = a.new
        s.deck.take(a.new)
        s.pile -= 1
        if not s.pile and s.aside:
            s.pile, s.aside, s.ending, switched = s.aside, 0, True, True
    if s.narrate:
        s.say(f"{s.names[p]} takes the {nut(a.card)} from under {s.b.places[where].label}"
              + (f"; {nut(a.new, True)} replaces it" if s.faceup[where] else "; no card is left to replace it"))
        if switched:
            s.say(f"the draw pile is used up: the {s.pile} cards set aside become the draw pile, and the game "
                  f"ends after this turn's checks (N12)")
    _store(s, p, a.card, a.to, a.as_)
    if not steal_next(s):
        collect_next(s)


def _steal(s: State, a: Steal) -> None:
    c, p = s.cards[a.victim].get(a.card), _taker(s, a)
    if c is not None and c.nuts and not c.full:
        kind = c.lose()
        s.david = a.victim
        if s.narrate:
            s.say(f"{s.names[p]} steals {nut(kind, True)} from {s.names[a.victim]}'s card {a.card}; David moves to "
                  f"{s.names[a.victim]}")
        _store(s, p, kind, a.to, a.as_)
    collect_next(s)


def _store(s: State, p: int, card: str, to: str | None, as_: str | None) -> None:
    """Put player p's nut where the record says; where the rules do not allow that, back in the box."""
    who = s.names[p]
    if to == KEEP and "/" in card:
        s.kept[p].append(card)
        if s.narrate:
            s.say(f"{who} keeps the {nut(card)}")
        return
    c = s.cards[p].get(to) if to else None
    if c is None or store_problem(s.cards[p], who, card, to, as_) is not None:
        if s.narrate:
            s.say(f"{who}'s {nut(card)} goes back in the box" + ("" if to is None else " (it could not go there)"))
        return
    joker = "/" in card
    c.put((as_ or c.kind) if joker else card, card if joker else None)  # type: ignore[arg-type]
    if s.narrate:
        s.say(f"{who} stores the {nut(card)} on card {c.name}: " + ("full, turned over" if c.full else c.contents()))


def _again(s: State, a: RollAgain) -> None:
    s.phase = DICE


def _throw(s: State, a: Throw) -> None:
    s.phase, s.thrown = PLACE, (a.green, a.white)


def _pick(s: State, a: Pick) -> None:
    """A nut picked: its new card is chance's (`Draw`) while the draw pile holds one."""
    if s.pile:
        s.phase, s.picked = DRAWING, a
    else:
        _take(s, a.taken(None))


def _draw(s: State, a: Draw) -> None:
    """A card off the deck: the first nut dealt, or the card that replaces the nut picked."""
    if s.phase != DRAWING or s.picked is None:
        s.dealt = a.card
    else:
        picked, s.picked, s.phase = s.picked, None, TAKE
        _take(s, picked.taken(a.card))


PLAYS = {Roll: _roll, Take: _take, Stop: stop, Steal: _steal, Reveal: _reveal, First: _first,
          Settle: _settle, EndStore: _end_store, RollAgain: _again, Throw: _throw, Pick: _pick, Draw: _draw}


def apply(s: State, a: Step) -> None:
    """Play `a`. An illegal action is played as far as the table evidently did (a nut that could not
    be stored goes back in the box, a squirrel on a taken space is not placed), so a replay goes on."""
    play = PLAYS.get(type(a))
    if play is not None:
        play(s, a)  # type: ignore[operator]
    elif type(a) is Shape:
        _shape(s, a)    # type: ignore[arg-type]


def _shape(s: State, a: Shape) -> None:
    if a.kind == "turn-done":
        return
    if a.kind == "settle-end" and s.phase == SETUP_SQUIRRELS and s.actor == a.who:
        settle_skip(s)          # the player's setup squirrels as written: the next player's turn to put theirs
    elif a.kind in ("turn-begins", "setup-done"):
        s.once = set()


def as_played(s: State, a: Step, why: Illegal) -> Played:
    """A step of the wrong kind for the moment is not played; a nut taken where a theft was due is
    played as the table did, with no theft (judged again); a record that no longer follows the game
    stops the replay there; a step of the record's shape is as written."""
    if type(a) is Shape:
        if a.kind in STOPS:         # type: ignore[union-attr]
            s.diverged = True       # the record's turns no longer follow the game: none is played
            return ""
        return None
    if fits(s, a):      # type: ignore[arg-type]
        return None
    if type(a) is Take and s.phase == STEAL:
        steal_skip(s)
        return AGAIN
    return "not played: " + why.message
