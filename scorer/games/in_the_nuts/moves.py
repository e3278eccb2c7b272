"""In the Nuts!: the rules that judge a player's action, the legal moves, and playing one.

`why_illegal` holds every rule about an action (an `Illegal` with the rule it breaks, or None), one
check for each kind of action; `legal_moves` is exactly the `candidates` it accepts, so the list
cannot disagree with the check; `apply` plays an action and lets the rules run on by themselves
(auto.py) to the next decision. `apply` also plays an illegal action as far as the table evidently
did (a nut that could not be stored goes back in the box, a squirrel on a taken space is not
placed), so a replay goes on and lists every problem. Where a nut may be stored is storage.py's
(`store_problem`, `store_options`). The board (rows, sections, nut places) is the kit file's
(kitfile/params/in_the_nuts.py).
"""
from __future__ import annotations

import pnpkit.scorer.games.in_the_nuts.rules as R
from pnpkit.scorer import dice
from pnpkit.scorer.games.in_the_nuts.auto import collect_next, end_jokers, next_turn, settle_next, steal_next, stop
from pnpkit.scorer.games.in_the_nuts.notation import line
from pnpkit.scorer.games.in_the_nuts.record import read_line
from pnpkit.scorer.games.in_the_nuts.state import (END_JOKERS, OVER, ROLL, ROLL_OR_STOP, SETUP_FACEUP, SETUP_FIRST,
                                                   SETUP_SQUIRRELS, STEAL, STOP, TAKE, Action, EndStore, First, Reveal,
                                                   Roll, Settle, State, Steal, Stop, Take, expected, or_join)
from pnpkit.scorer.games.in_the_nuts.storage import KEEP, nut, store_options, store_problem
from pnpkit.scorer.game import Illegal


# ---------------------------------------------------------------- the Rules protocol (scorer/game.py)

def to_move(s: State) -> int | None:
    """The seat to decide: the active player while rolling, else the one collecting, storing or
    setting up; None while the setup turns its nuts face up (chance) and once the game is over."""
    if s.phase in (SETUP_FACEUP, OVER):
        return None
    return s.active if s.phase in (ROLL, ROLL_OR_STOP) else s.actor


def is_over(s: State) -> bool:
    return s.phase == OVER


def read(s: State, text: str) -> Action:
    """An action written in one line, read in the position `s` (whose seat a setup squirrel or a kept
    joker is, which names the players have); ValueError names what is wrong."""
    return read_line(text, s)


def write(s: State, a: Action) -> str:
    """An action in one line, with the players' names of `s`: read(s, write(s, a)) == a."""
    return line(a, s.names)


# ---------------------------------------------------------------- why an action is illegal

def reveal_problem(s: State, card: str) -> Illegal | None:
    """N5: no card comes out of the deck more often than the game has it."""
    if s.deck.left(card):
        return None
    have = s.deck.have.get(card, 0)
    joker = "/" in card
    if not have:
        return Illegal(f"the game has no {card} card", R.N5)
    what = f"{card} joker" if joker else card
    with_n = "" if joker else f" with {s.n} players"
    return Illegal(f"all {have} {what}s of the game{with_n} are already out", R.N5 if joker else R.REMOVED.get(s.n, R.N5))


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


def may_roll(s: State) -> Illegal | None:
    """Whether the dice may be rolled now: in the active player's turn, with a squirrel to place (N7)."""
    if s.phase not in (ROLL, ROLL_OR_STOP):
        return expected(s)
    if s.supply[s.active] <= 0:
        return Illegal(f"{s.names[s.active]} has no squirrel left in the supply and must stop", R.N7)
    return None


def _why_roll(s: State, a: Roll) -> Illegal | None:
    if s.phase not in (ROLL, ROLL_OR_STOP) or s.supply[s.active] <= 0:
        return may_roll(s)
    opts = a.sums
    if a.space is None:
        free = s.free(a)
        return None if not free else Illegal(
            f"a squirrel goes on {or_join(free)} (green {a.green} + white {a.white[0]} or {a.white[1]})", R.ROLL)
    if a.space not in opts:
        return Illegal(f"{a.space} is not green {a.green} + a white die ({or_join(opts)})", R.ROLL)
    if s.taken(a.space):
        if not s.free(a):
            return Illegal(f"{or_join(opts)} already hold{'s' * (len(opts) == 1)} squirrels: a bad roll, "
                           f"the turn ends and its squirrels go back", R.BAD_ROLL)
        return Illegal(f"{a.space} already holds a squirrel", R.ONE_A_SPACE)
    return None


def _why_take(s: State, a: Take) -> Illegal | None:
    if s.phase != TAKE:
        return expected(s) if s.phase != OVER else Illegal("the game is over: nothing more is taken", R.STORED_AWAY)
    where = take_place(s, a)
    if isinstance(where, Illegal):
        return where
    if a.new is None and s.pile:
        return Illegal(f"the {a.card} is replaced at once from the draw pile ({s.pile} left): write the "
                       f"new card", R.REPLACED)
    if a.new is not None:
        if not s.pile:
            return Illegal(f"no card is left to replace the {a.card}", R.N12)
        why = reveal_problem(s, a.new)
        if why:
            return why
    return store_problem(s.cards[s.actor], s.names[s.actor], a.card, a.to, a.as_)


def _why_stop(s: State, a: Stop) -> Illegal | None:
    return None if s.phase == ROLL_OR_STOP else expected(s)


def _why_steal(s: State, a: Steal) -> Illegal | None:
    ph = s.phase
    if ph == TAKE and s.section().raccoon:
        return Illegal("on a raccoon field the face-up nut is taken first, then one is stolen", R.N10)
    if ph != STEAL:
        return Illegal("no nut is stolen here: only a raccoon field steals, once, when a nut can be stolen",
                       R.RACCOON) if ph in (TAKE, ROLL, ROLL_OR_STOP) else expected(s)
    if not 0 <= a.victim < s.n:
        return Illegal(f"there is no player {a.victim + 1}", R.RACCOON)
    name = s.names[a.victim]
    if a.victim == s.actor:
        return Illegal("the raccoon steals from one of the other players", R.RACCOON)
    if a.victim == s.david:
        return Illegal(f"David guards {name}: nobody steals from them until he moves on", R.DAVID)
    c = s.cards[a.victim].get(a.card)
    if c is None:
        return Illegal(f"{name} has no storage card {a.card!r}", R.EIGHT_CARDS)
    if c.full:
        return Illegal(f"{name}'s card {a.card} is full", R.NOT_FULL)
    if not c.nuts:
        return Illegal(f"{name}'s card {a.card} holds " + ("only jokers, which are never stolen" if c.jokers
                                                          else "no nut"), R.NOT_FULL)
    return store_problem(s.cards[s.actor], s.names[s.actor], c.kind or "", a.to, a.as_, keep=False)


def _why_reveal(s: State, a: Reveal) -> Illegal | None:
    return reveal_problem(s, a.card) if s.phase == SETUP_FACEUP else expected(s)


def _why_first(s: State, a: First) -> Illegal | None:
    if s.phase != SETUP_FIRST:
        return expected(s)
    return reveal_problem(s, a.card) or store_problem(s.cards[s.actor], s.names[s.actor], a.card, a.to, a.as_)


def _why_settle(s: State, a: Settle) -> Illegal | None:
    if s.phase != SETUP_SQUIRRELS or a.player != s.actor:
        return expected(s)
    sec = s.b.first_row(a.section)
    if sec is None:
        labels = ", ".join(s.b.sections[i].label for i in s.b.rows[0] if not s.b.sections[i].raccoon)
        return Illegal(f"no section {a.section} in the {s.b.sections[0].need}-squirrel area ({labels})",
                       R.SETUP_SQUIRRELS)
    if sec.raccoon:
        return Illegal("no setup squirrel goes on the raccoon field", R.SETUP_ONE_EACH)
    if s.counts[sec.index][a.player]:
        return Illegal(f"{s.names[a.player]} already has a squirrel in {a.section}", R.SETUP_ONE_EACH)
    return None


def _why_end_store(s: State, a: EndStore) -> Illegal | None:
    if s.phase == OVER:
        return Illegal("every kept joker is already stored", R.STORED_AWAY)
    if s.phase != END_JOKERS:
        return Illegal("a kept joker is stored at the end of the game, after the last picks", R.N11)
    if a.joker not in s.kept[a.player]:
        kept = ", ".join(s.kept[a.player]) or "none"
        return Illegal(f"{s.names[a.player]} keeps no {a.joker} joker (kept: {kept})", R.JOKER_KEPT)
    return store_problem(s.cards[a.player], s.names[a.player], a.joker, a.to, a.as_, keep=False)


_CHECKS = {Roll: _why_roll, Take: _why_take, Stop: _why_stop, Steal: _why_steal, Reveal: _why_reveal,
           First: _why_first, Settle: _why_settle, EndStore: _why_end_store}


def why_illegal(s: State, a: Action) -> Illegal | None:
    """Why `a` may not come next (None: it may): every rule about an action, by its kind."""
    check = _CHECKS.get(type(a))
    return expected(s) if check is None else check(s, a)  # type: ignore[operator]


# ---------------------------------------------------------------- the legal moves

def all_rolls() -> list[tuple[int, tuple[int, int]]]:
    """Every roll of the green die and the two white ones, the white dice unordered."""
    return [(g, (a, b)) for g in range(1, dice.SIDES + 1) for a in range(1, dice.SIDES + 1)
            for b in range(a, dice.SIDES + 1)]


def _rolls(s: State, throws) -> list[Action]:
    out: list[Action] = []
    for g, w in throws:
        free = s.free(Roll(g, w, None))
        out += [Roll(g, w, x) for x in free] if free else [Roll(g, w, None)]
    return out


def candidates(s: State, drawn=None) -> list[Action]:
    """Every action of the kind that may come next, legal or not, each way chance may fall. `drawn`,
    where chance has fallen already (the simulator's dice `(green, (white, white))`, the card dealt
    as a first nut or drawn to replace a nut taken), keeps that outcome only."""
    ph, p = s.phase, s.actor
    if ph == SETUP_FACEUP:
        return [Reveal(c) for c in s.deck.items_left()]
    if ph == SETUP_FIRST:
        cards = s.deck.items_left() if drawn is None else [drawn]
        return [First(c, to, as_) for c in cards for to, as_ in store_options(s.cards[p], c)]
    if ph == SETUP_SQUIRRELS:
        return [Settle(p, s.b.sections[i].label) for i in s.b.rows[0]]
    if ph in (ROLL, ROLL_OR_STOP):
        if drawn is not None:
            return _rolls(s, [drawn])
        return ([STOP] if ph == ROLL_OR_STOP else []) + _rolls(s, all_rolls())
    if ph == TAKE:
        news = [None] if not s.pile else s.deck.items_left() if drawn is None else [drawn]
        return [Take(s.faceup[i], s.b.places[i].label, new, to, as_) for i in s.places() for new in news
                for to, as_ in store_options(s.cards[p], s.faceup[i])]
    if ph == STEAL:
        return [Steal(v, c.name, to, as_) for v, c in s.victims()
                for to, as_ in store_options(s.cards[p], c.kind, False)]
    if ph == END_JOKERS:
        return [EndStore(q, j, to, as_) for q in range(s.n) for j in dict.fromkeys(s.kept[q])
                for to, as_ in store_options(s.cards[q], j, keep=False)]
    return []


def legal_moves(s: State, drawn=None) -> list[Action]:
    """Every action `why_illegal` accepts now: exactly the candidates it accepts (a chance event, a
    roll or a revealed card, lists every outcome unless `drawn` says how it fell)."""
    return [a for a in candidates(s, drawn) if why_illegal(s, a) is None]


def undrawn(s: State, takes: list[Take]) -> list[Take]:
    """Nuts taken as the player chooses them: the card that replaces each left to the draw pile, and
    the place it lay under written only where two such nuts lie (N9)."""
    shown = [s.faceup[i] for i in s.places()]
    return [Take(a.card, a.place if shown.count(a.card) > 1 else None, None, a.to, a.as_) for a in takes]


# ---------------------------------------------------------------- playing an action

def apply(s: State, a: Action) -> None:
    """Play `a`. An illegal action is played as far as the table evidently did (a nut that could not
    be stored goes back in the box, a squirrel on a taken space is not placed), so a replay goes on."""
    play = _PLAYS.get(type(a))
    if play is not None:
        play(s, a)  # type: ignore[operator]


def _reveal(s: State, a: Reveal) -> None:
    i = s.faceup.index(None) if None in s.faceup else len(s.faceup) - 1
    s.faceup[i] = a.card
    s.deck.take(a.card)
    if s.narrate:
        s.say(f"{nut(a.card, True)} face up under {s.b.places[i].label}")
    if None not in s.faceup:
        s.phase, s.actor = SETUP_FIRST, 0


def _first(s: State, a: First) -> None:
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


def _take(s: State, a: Take) -> None:
    where = take_place(s, a)
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
        s.say(f"{s.names[s.actor]} takes the {nut(a.card)} from under {s.b.places[where].label}"
              + (f"; {nut(a.new, True)} replaces it" if s.faceup[where] else "; no card is left to replace it"))
        if switched:
            s.say(f"the draw pile is used up: the {s.pile} cards set aside become the draw pile, and the game "
                  f"ends after this turn's checks (N12)")
    _store(s, s.actor, a.card, a.to, a.as_)
    if not steal_next(s):
        collect_next(s)


def _steal(s: State, a: Steal) -> None:
    c = s.cards[a.victim].get(a.card)
    if c is not None and c.nuts and not c.full:
        kind = c.lose()
        s.david = a.victim
        if s.narrate:
            s.say(f"{s.names[s.actor]} steals {nut(kind, True)} from {s.names[a.victim]}'s card {a.card}; David moves to "
                  f"{s.names[a.victim]}")
        _store(s, s.actor, kind, a.to, a.as_)
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


_PLAYS = {Roll: _roll, Take: _take, Stop: stop, Steal: _steal, Reveal: _reveal, First: _first,
          Settle: _settle, EndStore: _end_store}
