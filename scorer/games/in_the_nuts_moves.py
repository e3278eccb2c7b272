"""In the Nuts!: the rules that judge a player's action, the legal moves, and playing one.

`why_illegal` holds every rule about an action (an `Illegal` with the rule it breaks, or None);
`legal_moves` lists the actions it accepts, built from the same option lists it checks against
(`State.free`, `State.places`, `State.takers`, `State.victims`); `apply` plays an action and lets the
rules run on by themselves (in_the_nuts_auto) to the next decision. `apply` also plays an illegal
action as far as the table evidently did (a nut that could not be stored goes back in the box, a
squirrel on a taken space is not placed), so a replay goes on and lists every problem. The board
(rows, sections, nut places) is the kit file's (kitfile/params/in_the_nuts.py).
"""
from __future__ import annotations

from pnpkit.scorer import dice
from pnpkit.scorer.games import in_the_nuts_rules as R
from pnpkit.scorer.games.in_the_nuts_auto import (collect_next, end_jokers, next_turn, settle_next, settle_skip, steal_next,
                                           steal_skip, stop)
from pnpkit.scorer.games.in_the_nuts_state import (END_JOKERS, KEEP, OVER, ROLL, ROLL_OR_STOP, SETUP_FACEUP, SETUP_FIRST,
                                            SETUP_SQUIRRELS, STEAL, TAKE, Action, EndStore, First, Reveal, Roll,
                                            Settle, State, Steal, Stop, Take, nut, or_join)
from pnpkit.scorer.movelog import Illegal

__all__ = ["Action", "EndStore", "First", "KEEP", "Reveal", "Roll", "Settle", "State", "Steal", "Stop", "Take",
           "all_rolls", "apply", "chance", "expected", "fits", "legal_moves", "reveal_problem", "settle_skip",
           "steal_skip", "store_options", "store_problem", "take_place", "why_illegal"]


# ---------------------------------------------------------------- why an action is illegal

def expected(s: State) -> Illegal:
    """What comes next, as the violation of an action that is something else."""
    who = s.names[s.actor]
    ph = s.phase
    if ph == SETUP_FACEUP:
        return Illegal(f"the setup first turns {len(s.faceup)} nuts face up", R.FACE_UP)
    if ph == SETUP_FIRST:
        return Illegal(f"{who} draws a first nut and stores it", R.FIRST_NUT)
    if ph == SETUP_SQUIRRELS:
        return Illegal(f"{who} puts {s.settle_left} more squirrel{'s' * (s.settle_left != 1)} in the "
                       f"{s.b.sections[0].need}-squirrel area first", R.SETUP_SQUIRRELS)
    if ph == ROLL:
        return Illegal(f"{who}'s turn begins with a roll", R.ROLL)
    if ph == ROLL_OR_STOP:
        return Illegal(f"{who} rolls again or stops", R.AGAIN)
    if ph == TAKE:
        return Illegal(f"{who} collects at {s.section().name} and takes a nut first", s.collect_rule())
    if ph == STEAL:
        return Illegal(f"{who} steals a nut first (raccoon field): `steal:` comes before this", R.N10)
    if ph == END_JOKERS:
        left = ", ".join(f"{s.names[p]} {', '.join(k)}" for p, k in enumerate(s.kept) if k)
        return Illegal(f"the kept jokers are stored now ({left})", R.STORED_AWAY)
    return Illegal("the game is over: nothing more is played", R.STORED_AWAY)


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


def store_problem(s: State, p: int, card: str, to: str | None, as_: str | None, keep: bool = True) -> Illegal | None:
    """Where player p's nut `card` goes (N1, N2, N11): a card that takes it, KEEP (a joker), or
    None when no card can. `as_` is the kind a joker is stored as, where its card does not say."""
    joker = "/" in card
    kinds = card.split("/")
    if as_ is not None:
        if not joker and as_ != card:
            return Illegal(f"only a joker counts as another kind; this is {nut(card, True)}", R.N2)
        if joker and as_ not in kinds:
            return Illegal(f"a {nut(card)} counts as {kinds[0]} or {kinds[1]}, not as {as_}", R.JOKER_KIND)
        if joker and to in (None, KEEP):
            return Illegal(f"`as` says which kind a joker on a card counts as; this one is "
                           f"{'kept' if to == KEEP else 'not stored'}", R.JOKER_KIND)
    if to == KEEP:
        if not joker:
            return Illegal(f"only a joker may be kept: the {card} is stored at once", R.STORE_AT_ONCE)
        return None if keep else Illegal("the game is over: a kept joker is stored now", R.STORED_AWAY)
    if to is None:
        takers = s.takers(p, card)
        if not takers:
            return None
        names = ", ".join(c.name for c in takers)
        if joker:
            return Illegal(f"the {nut(card)} is stored at once{' or kept' if keep else ''}: cards {names} could "
                           f"take it", R.JOKER_KEPT if keep else R.STORED_AWAY)
        return Illegal(f"the {card} is stored at once: card{'s' * (len(takers) != 1)} {names} could take it",
                       R.STORE_AT_ONCE)
    c = s.cards[p].get(to)
    if c is None:
        return Illegal(f"there is no storage card {to!r}: each player has {len(s.cards[p])}, "
                       f"{', '.join(s.cards[p])}", R.EIGHT_CARDS)
    if (c.full or c.kind not in (None, *kinds)) and not s.takers(p, card):
        return Illegal(f"no card of {s.names[p]}'s can take {nut(card, True)}: it goes back in the box "
                       f"(leave out `to:`)", R.N11)
    if c.full:
        return Illegal(f"card {to} is full: it was turned over and takes no more nuts", R.FULL)
    kind = (as_ or c.kind) if joker else card
    if kind is None:
        return Illegal(f"card {to} is empty: say which kind the {nut(card)} is stored as "
                       f"(as: {kinds[0]} or as: {kinds[1]})", R.JOKER_KIND)
    if joker and kind not in kinds:
        return Illegal(f"card {to} holds {c.kind}s, and a {nut(card)} counts as {kinds[0]} or {kinds[1]}",
                       R.ONE_KIND)
    if c.kind not in (None, kind):
        return Illegal(f"card {to} holds {c.kind}s: it cannot take {nut(kind, True)}", R.ONE_KIND)
    return None


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


def why_illegal(s: State, a: Action) -> Illegal | None:
    """Why `a` may not come next (None: it may)."""
    ph, t = s.phase, type(a)
    if t is Roll:
        if ph not in (ROLL, ROLL_OR_STOP):
            return expected(s)
        if s.supply[s.active] <= 0:
            return Illegal(f"{s.names[s.active]} has no squirrel left in the supply and must stop", R.N7)
        opts, track = a.sums, s.track
        if a.space is None:
            free = s.free(a)
            return None if not free else Illegal(
                f"a squirrel goes on {or_join(free)} (green {a.green} + white {a.white[0]} or {a.white[1]})", R.ROLL)
        if a.space not in opts:
            return Illegal(f"{a.space} is not green {a.green} + a white die ({or_join(opts)})", R.ROLL)
        if a.space in track:
            free = s.free(a)
            if not free:
                return Illegal(f"{or_join(opts)} already hold{'s' * (len(opts) == 1)} squirrels: a bad roll, "
                               f"the turn ends and its squirrels go back", R.BAD_ROLL)
            return Illegal(f"{a.space} already holds a squirrel", R.ONE_A_SPACE)
        return None
    if t is Take:
        if ph != TAKE:
            return expected(s) if ph != OVER else Illegal("the game is over: nothing more is taken", R.STORED_AWAY)
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
        return store_problem(s, s.actor, a.card, a.to, a.as_)
    if t is Stop:
        return None if ph == ROLL_OR_STOP else expected(s)
    if t is Steal:
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
        return store_problem(s, s.actor, c.kind or "", a.to, a.as_, keep=False)
    if t is Reveal:
        return reveal_problem(s, a.card) if ph == SETUP_FACEUP else expected(s)
    if t is First:
        if ph != SETUP_FIRST:
            return expected(s)
        return reveal_problem(s, a.card) or store_problem(s, s.actor, a.card, a.to, a.as_)
    if t is Settle:
        if ph != SETUP_SQUIRRELS or a.player != s.actor:
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
    if t is EndStore:
        if ph == OVER:
            return Illegal("every kept joker is already stored", R.STORED_AWAY)
        if ph != END_JOKERS:
            return Illegal("a kept joker is stored at the end of the game, after the last picks", R.N11)
        if a.joker not in s.kept[a.player]:
            kept = ", ".join(s.kept[a.player]) or "none"
            return Illegal(f"{s.names[a.player]} keeps no {a.joker} joker (kept: {kept})", R.JOKER_KEPT)
        return store_problem(s, a.player, a.joker, a.to, a.as_, keep=False)
    return expected(s)


# ---------------------------------------------------------------- the legal moves

def store_options(s: State, p: int, card: str, keep: bool = True) -> list[tuple[str | None, str | None]]:
    """Every (to, as) `store_problem` accepts for player p's `card`."""
    out: list[tuple[str | None, str | None]] = []
    for c in s.takers(p, card):
        if "/" in card and c.kind is None:
            out += [(c.name, k) for k in card.split("/")]
        else:
            out.append((c.name, None))
    if not out:
        out.append((None, None))
    if keep and "/" in card:
        out.append((KEEP, None))
    return out


def all_rolls() -> list[tuple[int, tuple[int, int]]]:
    """Every roll of the green die and the two white ones, the white dice unordered."""
    return [(g, (a, b)) for g in range(1, dice.SIDES + 1) for a in range(1, dice.SIDES + 1)
            for b in range(a, dice.SIDES + 1)]


def legal_moves(s: State) -> list[Action]:
    """Every action `why_illegal` accepts now (a chance event, a roll or a revealed card, lists every
    outcome)."""
    ph, out = s.phase, []
    if ph == SETUP_FACEUP:
        out = [Reveal(c) for c in s.deck.items_left()]
    elif ph == SETUP_FIRST:
        out = [First(c, to, as_) for c in s.deck.items_left() for to, as_ in store_options(s, s.actor, c)]
    elif ph == SETUP_SQUIRRELS:
        out = [Settle(s.actor, s.b.sections[i].label) for i in s.b.rows[0]]
    elif ph in (ROLL, ROLL_OR_STOP):
        if ph == ROLL_OR_STOP:
            out.append(Stop())
        for g, w in all_rolls():
            free = s.free(Roll(g, w, None))
            out += [Roll(g, w, x) for x in free] if free else [Roll(g, w, None)]
    elif ph == TAKE:
        news = s.deck.items_left() if s.pile else [None]
        for i in s.places():
            card = s.faceup[i]
            out += [Take(card, s.b.places[i].label, new, to, as_) for new in news
                    for to, as_ in store_options(s, s.actor, card)]
    elif ph == STEAL:
        out = [Steal(v, c.name, to, as_) for v, c in s.victims() for to, as_ in store_options(s, s.actor, c.kind, False)]
    elif ph == END_JOKERS:
        out = [EndStore(p, j, to, as_) for p in range(s.n) for j in dict.fromkeys(s.kept[p])
               for to, as_ in store_options(s, p, j, keep=False)]
    return [a for a in out if why_illegal(s, a) is None]


def chance(s: State) -> bool:
    """True where the next entry is the dice's or the deck's to decide (a roll, the face-up setup)."""
    return s.phase in (SETUP_FACEUP, ROLL)


# ---------------------------------------------------------------- playing an action

def apply(s: State, a: Action) -> None:
    """Play `a`. An illegal action is played as far as the table evidently did (a nut that could not
    be stored goes back in the box, a squirrel on a taken space is not placed), so a replay goes on."""
    t = type(a)
    if t is Roll:
        _roll(s, a)
    elif t is Take:
        _take(s, a)
    elif t is Stop:
        stop(s)
    elif t is Steal:
        _steal(s, a)
    elif t is Reveal:
        i = s.faceup.index(None) if None in s.faceup else len(s.faceup) - 1
        s.faceup[i] = a.card
        s.deck.take(a.card)
        if s.narrate:
            s.say(f"{nut(a.card, True)} face up under {s.b.places[i].label}")
        if None not in s.faceup:
            s.phase, s.actor = SETUP_FIRST, 0
    elif t is First:
        s.deck.take(a.card)
        _store(s, s.actor, a.card, a.to, a.as_)
        if s.actor + 1 < s.n:
            s.actor += 1
        else:
            settle_next(s, 0)
    elif t is Settle:
        sec = s.b.first_row(a.section)
        if sec is not None and not sec.raccoon and not s.counts[sec.index][a.player] and s.supply[a.player] > 0:
            s.counts[sec.index][a.player] += 1
            s.supply[a.player] -= 1
            if s.narrate:
                s.say(f"{s.names[a.player]} puts a squirrel in {sec.name}")
        s.settle_left -= 1
        if s.settle_left <= 0:
            settle_next(s, s.actor)
    elif t is EndStore:
        if a.joker in s.kept[a.player]:
            s.kept[a.player].remove(a.joker)
            _store(s, a.player, a.joker, a.to, a.as_)
        end_jokers(s)


_FITS = {Reveal: (SETUP_FACEUP,), First: (SETUP_FIRST,), Settle: (SETUP_SQUIRRELS,), Roll: (ROLL, ROLL_OR_STOP),
         Stop: (ROLL_OR_STOP,), Take: (TAKE,), Steal: (STEAL,), EndStore: (END_JOKERS,)}


def fits(s: State, a: Action) -> bool:
    """Whether `a` is the kind of action that comes next (legal or not); one that is not is not played."""
    return s.phase in _FITS[type(a)] and (type(a) is not Settle or a.player == s.actor)


def _roll(s: State, a: Roll) -> None:
    p, track = s.active, s.track
    free = [x for x in a.sums if x not in track]
    if not free or a.space is None:
        # A bad roll (or a roll the table treated as one): the turn's squirrels go back.
        if s.narrate:
            s.say(f"{s.names[p]} rolls green {a.green}, white {a.white[0]} and {a.white[1]}: "
                  f"{or_join(s.options(a))} {'taken' if not free else 'open, but no squirrel placed'}: a bad roll; "
                  f"{len(s.track)} squirrel{'s' * (len(s.track) != 1)} back to the supply, the turn is over")
        s.supply[p] += len(s.track)
        s.track = []
        next_turn(s)
        return
    lo, hi = s.b.track
    if lo <= a.space <= hi and a.space not in s.track and s.supply[p] > 0:
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
    if c is None or store_problem(s, p, card, to, as_) is not None:
        if s.narrate:
            s.say(f"{who}'s {nut(card)} goes back in the box" + ("" if to is None else " (it could not go there)"))
        return
    joker = "/" in card
    c.put((as_ or c.kind) if joker else card, card if joker else None)  # type: ignore[arg-type]
    if s.narrate:
        s.say(f"{who} stores the {nut(card)} on card {c.name}: " + ("full, turned over" if c.full else c.contents()))
