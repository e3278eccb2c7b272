"""In the Nuts!: the rules that judge a player's action, the legal moves, and playing one.

`why_illegal` holds every rule about an action (an `Illegal` with the rule it breaks, or None), one
check for each kind of action; `legal_moves` is exactly the `candidates` it accepts, so the list
cannot disagree with the check. The game's chance is the rules' own (state.py): `to_move` is None
while it is due and `chance` lists its outcomes (the setup's face-up cards, a first nut dealt, the
three dice after ROLL_AGAIN, the card that replaces a nut picked), each played by `apply`; stopping is
END_TURN. A record's entry writes a decision with its chance (`2 1 6 > 8`, `{take: acorn, new:
walnut, to: 2}`): `why_illegal` and `apply` take such an entry whole too, as the replay plays it,
and `legal_entries` lists them (each way chance may fall). `apply` (its parts are plays.py's) plays
an action and lets the rules run on by themselves (auto.py) to the next decision. It also plays an
illegal action as far as the table evidently did (a nut that could not be stored goes back in the
box, a squirrel on a taken space is not placed), so a replay goes on and lists every problem. Where
a nut may be stored is storage.py's (`store_problem`, `store_options`). The board (rows, sections,
nut places) is the kit file's (kitfile/params/in_the_nuts.py).
"""
from __future__ import annotations

import pnpkit.scorer.games.in_the_nuts.rules as R
import re

from pnpkit.scorer import dice
from pnpkit.scorer.games.in_the_nuts.checks import shape_problem
from pnpkit.scorer.games.in_the_nuts.effects import apply, as_played, take_place
from pnpkit.scorer.games.in_the_nuts.notation import line, places, words
from pnpkit.scorer.games.in_the_nuts.record import read_line
from pnpkit.scorer.games.in_the_nuts.state import (DICE, DRAWING, END_JOKERS, OVER, PLACE, ROLL, ROLL_AGAIN,
                                                   ROLL_AGAIN_TEXT, ROLL_OR_STOP, SETUP_FACEUP, SETUP_FIRST,
                                                   SETUP_SQUIRRELS, STEAL, STOP, TAKE, Action, AnyRoll, Draw, EndStore,
                                                   First, Pick, Reveal, Roll, RollAgain, Settle, Shape, State, Steal,
                                                   Step, Stop, Take, Throw, expected, or_join, taker)
from pnpkit.scorer.games.in_the_nuts.storage import nut, store_options, store_problem
from pnpkit.scorer.game import END_TURN, END_TURN_TEXT, Illegal


# ---------------------------------------------------------------- the Rules protocol (scorer/game.py)

def to_move(s: State) -> int | None:
    """The seat to decide: the active player while rolling, else the one collecting, storing or
    setting up; None while chance is due (the setup's face-up nuts, a first nut to deal, the dice
    after ROLL_AGAIN, the card that replaces a nut picked) and once the game is over."""
    ph = s.phase
    if ph == SETUP_FACEUP or ph == OVER or ph == DICE or ph == DRAWING:
        return None
    if ph == SETUP_FIRST:
        return None if s.dealt is None else s.actor
    return s.active if ph == ROLL or ph == ROLL_OR_STOP or ph == PLACE else s.actor


THROWS = tuple(Throw(g, w) for g, w in (  # every throw of the green die and the two white ones (unordered)
    (g, (a, b)) for g in range(1, dice.SIDES + 1) for a in range(1, dice.SIDES + 1) for b in range(a, dice.SIDES + 1)))


def chance(s: State) -> tuple[Action, ...]:
    """The outcomes chance may give now (none at a decision): a card face up at the setup, a first nut
    dealt, a throw of the three dice, the card that replaces a nut picked (each card the deck holds)."""
    ph = s.phase
    if ph == SETUP_FACEUP:
        return tuple(Reveal(c) for c in s.deck.items_left())
    if ph == DICE:
        return THROWS
    if ph == DRAWING or (ph == SETUP_FIRST and s.dealt is None):
        return tuple(Draw(c) for c in s.deck.items_left())
    return ()


def is_over(s: State) -> bool:
    return s.phase == OVER


__all__ = ["THROWS", "all_rolls", "apply", "as_played", "candidates", "chance", "entries", "is_over", "legal_entries",
           "legal_moves", "may_roll", "places", "read", "repeats", "reveal_problem", "to_move", "why_illegal", "words",
           "write"]

_ANY_ROLL = re.compile(r"\s*roll\s*(?:>\s*(\d{1,2})\s*)?", re.I)


def read(s: State, text: str) -> Step:
    """An action written in one line, read in the position `s` (whose seat a setup squirrel or a kept
    joker is, which names the players have): `roll`, END_TURN_TEXT, a nut taken without its new card
    (the decision, `Pick`), or any record entry (notation.line); ValueError names what is wrong."""
    said = " ".join(str(text).lower().split())
    if said == END_TURN_TEXT:
        return END_TURN
    if said == ROLL_AGAIN_TEXT:
        return ROLL_AGAIN
    if m := _ANY_ROLL.fullmatch(said):      # `roll > 8`: a roll whose dice are still to come
        return AnyRoll(int(m[1]))
    a = read_line(text, s)
    return Pick(a.card, a.place, a.to, a.as_) if type(a) is Take and a.new is None else a


def write(s: State, a: Step) -> str:
    """An action in one line, with the players' names of `s`: read(s, write(s, a)) == a."""
    t = type(a)
    if t is Stop:
        return END_TURN_TEXT
    if t is RollAgain:
        return ROLL_AGAIN_TEXT
    if t is AnyRoll:
        return f"roll > {a.space}"      # type: ignore[union-attr]
    if t is Throw or t is Draw or t is Shape:   # written inside the decision's entry (or the record's shape)
        raise ValueError(f"{a} is written with the roll or the nut it completes, not on a line of its own")
    return line(a.taken(None) if t is Pick else a, s.names)


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


def may_roll(s: State) -> Illegal | None:
    """Whether the dice may be rolled now: in the active player's turn, with a squirrel to place (N7)."""
    if s.phase not in (ROLL, ROLL_OR_STOP):
        return expected(s)
    if s.supply[s.active] <= 0:
        return Illegal(f"{s.names[s.active]} has no squirrel left in the supply and must stop", R.N7)
    return None


def _why_roll(s: State, a: Roll) -> Illegal | None:
    """A roll as the record writes it (its dice and its space), or (PLACE) the space for the dice thrown."""
    if s.phase not in (ROLL, ROLL_OR_STOP) or s.supply[s.active] <= 0:
        if s.phase != PLACE:
            return may_roll(s)
        if (a.green, a.white) != s.thrown:
            g, w = s.thrown
            return Illegal(f"the dice show green {g}, white {w[0]} and {w[1]}, not {a.green} {a.white[0]} "
                           f"{a.white[1]}", R.ROLL)
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


def _not_taking(s: State) -> Illegal:
    return expected(s) if s.phase != OVER else Illegal("the game is over: nothing more is taken", R.STORED_AWAY)


def _why_pick(s: State, a: Pick) -> Illegal | None:
    """A nut picked, the decision: where it lay and where it goes (its new card is chance's, to come)."""
    if s.phase != TAKE:
        return _not_taking(s)
    where = take_place(s, a)
    return where if isinstance(where, Illegal) else store_problem(s.cards[s.actor], s.names[s.actor], a.card, a.to,
                                                                   a.as_)


def wrong_taker(s: State, a: Take | Steal) -> Illegal | None:
    """The record names a taker whose pick this is not by the rules' order (reported once a turn: the
    picks that follow are the same mistake, and are stored as the table did, on the named taker's cards)."""
    if a.by is None or a.by == s.actor or "taker" in s.once:
        return None
    who, due = s.names[a.by], s.names[s.actor]
    return Illegal(f"the record has {who} take this nut, but by the rules' order this pick at "
                   f"{s.section().name} is {due}'s: where several players collect, the one closest to "
                   f"{s.names[s.active]}, whose turn it is, counting clockwise, picks first", R.TAKER)


def _why_take(s: State, a: Take) -> Illegal | None:
    if s.phase != TAKE:
        return _not_taking(s)
    wrong = wrong_taker(s, a)
    if wrong:
        return wrong
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
    return store_problem(s.cards[taker(s, a)], s.names[taker(s, a)], a.card, a.to, a.as_)


def _why_stop(s: State, a: Stop) -> Illegal | None:
    return None if s.phase == ROLL_OR_STOP else expected(s)


def _why_again(s: State, a: RollAgain) -> Illegal | None:
    return may_roll(s)


def _why_steal(s: State, a: Steal) -> Illegal | None:
    ph = s.phase
    if ph == TAKE and s.section().raccoon:
        return Illegal("on a raccoon field the face-up nut is taken first, then one is stolen", R.N10)
    if ph != STEAL:
        return Illegal("no nut is stolen here: only a raccoon field steals, once, when a nut can be stolen",
                       R.RACCOON) if ph in (TAKE, ROLL, ROLL_OR_STOP) else expected(s)
    if not 0 <= a.victim < s.n:
        return Illegal(f"there is no player {a.victim + 1}", R.RACCOON)
    wrong = wrong_taker(s, a)
    if wrong:
        return wrong
    name = s.names[a.victim]
    if a.victim == taker(s, a):
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
    return store_problem(s.cards[taker(s, a)], s.names[taker(s, a)], c.kind or "", a.to, a.as_, keep=False)


def _why_reveal(s: State, a: Reveal) -> Illegal | None:
    return reveal_problem(s, a.card) if s.phase == SETUP_FACEUP else expected(s)


def _why_first(s: State, a: First) -> Illegal | None:
    if s.phase != SETUP_FIRST:
        return expected(s)
    if s.dealt is not None and a.card != s.dealt:
        return Illegal(f"{s.names[s.actor]} was dealt {nut(s.dealt, True)}, not {nut(a.card, True)}", R.FIRST_NUT)
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


def _why_any_roll(s: State, a: AnyRoll) -> Illegal | None:
    """`roll > 8` at the table: legal if some roll offering 8 may put the squirrel there (`roll`: if
    the dice may be rolled)."""
    if s.phase not in (ROLL, ROLL_OR_STOP):
        return expected(s)
    if a.space is None:
        return may_roll(s)
    rolls = [Roll(g, w, a.space) for g, w in all_rolls() if a.space in Roll(g, w, None).sums]
    if not rolls:
        lo, hi = s.b.track
        return Illegal(f"no roll offers {a.space}: the green die and a white die make {lo} to {hi}", R.ROLL)
    whys = [why_illegal(s, r) for r in rolls]
    if None in whys:
        return None
    # the telling reason: a roll whose other space is free (the space is taken), else any (a bad roll)
    return next((w for r, w in zip(rolls, whys) if s.free(r)), whys[0])


_CHECKS = {Roll: _why_roll, Take: _why_take, Stop: _why_stop, Steal: _why_steal, Reveal: _why_reveal,
           First: _why_first, Settle: _why_settle, EndStore: _why_end_store, RollAgain: _why_again, Pick: _why_pick,
           AnyRoll: _why_any_roll, Shape: shape_problem}


def why_illegal(s: State, a: Step) -> Illegal | None:
    """Why `a` may not come next (None: it may): every rule about an action, by its kind."""
    check = _CHECKS.get(type(a))
    return expected(s) if check is None else check(s, a)  # type: ignore[operator]


def repeats(s: State, why: Illegal) -> bool:
    return False


# ---------------------------------------------------------------- the legal moves

def all_rolls() -> list[tuple[int, tuple[int, int]]]:
    """Every roll of the green die and the two white ones, the white dice unordered."""
    return [(t.green, t.white) for t in THROWS]


def _rolls(s: State, throws) -> list[Action]:
    out: list[Action] = []
    for g, w in throws:
        free = s.free(Roll(g, w, None))
        out += [Roll(g, w, x) for x in free] if free else [Roll(g, w, None)]
    return out


def candidates(s: State) -> list[Action]:
    """Every decision of the kind that may come next, legal or not (none while chance is due): a
    first nut's storage card, a setup squirrel's section, ROLL_AGAIN and END_TURN, the space the
    thrown dice offer (none free: the bad roll, the one move left), a nut picked (its place written
    where two such cards lie, N9), a theft, a kept joker's card."""
    if to_move(s) is None:
        return []
    ph, p = s.phase, s.actor
    if ph == SETUP_FIRST:
        return [First(s.dealt, to, as_) for to, as_ in store_options(s.cards[p], s.dealt)]   # type: ignore[arg-type]
    if ph == PLACE:
        return _rolls(s, [s.thrown])
    if ph in (ROLL, ROLL_OR_STOP):
        return [ROLL_AGAIN, STOP] if ph == ROLL_OR_STOP else [ROLL_AGAIN]
    if ph == TAKE:
        shown = [s.faceup[i] for i in s.places()]
        return [Pick(c, s.b.places[i].label if shown.count(c) > 1 else None, to, as_)
                for i, c in zip(s.places(), shown)
                for to, as_ in store_options(s.cards[p], c)]   # type: ignore[arg-type]
    return entries(s)


def entries(s: State) -> list[Action]:
    """Every record entry of the kind that may come next, legal or not, each way chance may fall (a
    roll with every throw, a nut taken with every card that may replace it)."""
    ph, p = s.phase, s.actor
    if ph == SETUP_FACEUP:
        return [Reveal(c) for c in s.deck.items_left()]
    if ph == SETUP_FIRST:
        return [First(c, to, as_) for c in s.deck.items_left() for to, as_ in store_options(s.cards[p], c)]
    if ph == SETUP_SQUIRRELS:
        return [Settle(p, s.b.sections[i].label) for i in s.b.rows[0]]
    if ph in (ROLL, ROLL_OR_STOP):
        return ([STOP] if ph == ROLL_OR_STOP else []) + _rolls(s, all_rolls())
    if ph == TAKE:
        news = [None] if not s.pile else s.deck.items_left()
        return [Take(s.faceup[i], s.b.places[i].label, new, to, as_) for i in s.places() for new in news
                for to, as_ in store_options(s.cards[p], s.faceup[i])]
    if ph == STEAL:
        return [Steal(v, c.name, to, as_) for v, c in s.victims()
                for to, as_ in store_options(s.cards[p], c.kind, False)]
    if ph == END_JOKERS:
        return [EndStore(q, j, to, as_) for q in range(s.n) for j in dict.fromkeys(s.kept[q])
                for to, as_ in store_options(s.cards[q], j, keep=False)]
    return []


def legal_moves(s: State) -> list[Action]:
    """Every decision `why_illegal` accepts now: exactly the candidates it accepts (none while chance
    is due: `chance` lists its outcomes)."""
    return [a for a in candidates(s) if why_illegal(s, a) is None]


def legal_entries(s: State) -> list[Action]:
    """Every record entry `why_illegal` accepts now, each way chance may fall (the record writes
    chance with the decision: a roll's dice, a nut's new card)."""
    return [a for a in entries(s) if why_illegal(s, a) is None]
