"""In the Nuts! in words (scorer/protocol.py's `Telling`): the replay's steps and --explain lines
(what each step did, as the rules narrate it into `State.events`), and what the table says about a
position besides the rules' answers. Nothing here judges a step (moves.py and checks.py do).

What may come next is `legal_moves` of the position, with what chance decides left out, because the
table cannot choose it: a roll is listed by the space its squirrel may go on, `roll > 8` (any roll
whose green die and a white die make 8), not as the 126 rolls of three dice; the record writes it
with its dice; a nut taken is listed without the card that replaces it (`take acorn, to 2`): the
draw pile decides that, and the record writes it as `new:`.
"""
from __future__ import annotations

from itertools import product

from pnpkit.scorer import dice
from pnpkit.scorer.core import plural
from pnpkit.scorer.game import Illegal, Said, Told
from pnpkit.scorer.games.in_the_nuts.moves import all_rolls, legal_moves, places, words
from pnpkit.scorer.games.in_the_nuts.notation import line
from pnpkit.scorer.games.in_the_nuts.position import draw
from pnpkit.scorer.games.in_the_nuts.state import (END_JOKERS, LAST, OVER, ROLL, ROLL_OR_STOP, SETUP_FACEUP, SETUP_FIRST,
                                                   SETUP_SQUIRRELS, STEAL, AnyRoll, First, Pick, Roll, RollAgain, Shape, State,
                                                   Step)
from pnpkit.scorer.games.in_the_nuts.storage import store_options
from pnpkit.scorer.play import Dice, Draw, Option

__all__ = ["cost", "opening", "said", "tell"]
STOPPED = "the record no longer follows the game; the replay stops here"


def opening(s: State, record) -> list[Told]:
    """The replay's first step; the position says what each step does from here (`State.narrate`)."""
    s.narrate = True
    if record.start is not None:
        return [Told("the position written under start:", lambda: ["start:\n" + draw(s)], "start")]
    return [Told("before the setup: every squirrel in its player's supply", (), "start")]


def tell(before: State, s: State, a: Step, where: str, why: Illegal | None, refused: str | None) -> list[Told]:
    if type(a) is Shape:
        kind = a.kind
        if kind in ("setup-done", "turn-done"):
            return [Told(None, lambda: [f"{where}:\n" + draw(s)])]
        if why is not None and kind in ("setup-nuts", "setup-nuts-short", "first-missing", "turn-begins",
                                        "turn-ends"):
            return [Told(None, [f"{where}: {STOPPED}"])]
        return []
    if refused is not None:
        return [Told(refused, [f"{where}: not played"])]
    did = "; ".join(s.events)
    s.events.clear()
    return [Told(("played as the table did: " if why else "") + did,
                 [f"{where}: " + ("ILLEGAL, played as the table did: " if why else "") + did])]


def cost(s: State, a: Step) -> None:
    return None


# ---------------------------------------------------------------- the table's words

def said(s: State) -> Said:
    names = s.names
    ph = s.phase
    who = names[s.actor]
    if ph == OVER:
        return Said(waiting="the game is over: the storage cards are scored (rulings N3, N4)")
    if ph == SETUP_FACEUP:
        place = s.b.places[s.faceup.index(None)].label
        return Said(turn="the setup", may_end_turn=False, waiting=f"the setup turns the next nut card face up, under "
                                                                  f"{place}: add it to `setup: nuts:`", draw=deck_draw(s))
    if ph == SETUP_FIRST:
        return Said(to_move=who, turn="the setup", may_end_turn=False, waiting=(
            f"{who} draws a first nut and stores it at once: add it to `setup: first:` with the storage card "
            f"it goes on, `{who}: {{take: walnut, to: 3}}` (a joker may be kept: `to: keep`)"), draw=first_draw(s))
    legal = options(s)
    if ph == SETUP_SQUIRRELS:
        return Said(to_move=who, options=legal, turn=f"the setup: {who} puts {plural(s.settle_left, 'more squirrel')} "
                    f"in the {s.b.sections[0].need}-squirrel area, one a section, never the raccoon field")
    if ph == END_JOKERS:
        kept = "; ".join(f"{names[p]} {', '.join(k)}" for p, k in enumerate(s.kept) if k)
        return Said(to_move=who, options=legal, turn=f"the end: the kept jokers are stored ({kept})")
    active = f"turn {s.turn} ({names[s.active]})"
    if ph in (ROLL, ROLL_OR_STOP):
        return _rolling(s, active, legal)
    where = s.section().name
    if ph == STEAL:
        return Said(to_move=who, options=legal, turn=f"{active}: {who} collected on the raccoon field {where} and "
                    f"steals a nut", forced=[f"{who} steals one nut, not a joker, from a card that is not full, "
                                             f"never from the player David guards (ruling N10)"])
    what = "picks at the end" if s.stage == LAST else f"collects at {where}"
    notes = [f"The draw pile replaces the nut taken at once ({plural(s.pile, 'card')} left): the record writes "
             f"that card as `new:`, e.g. `{{take: acorn, new: walnut, to: 2}}`." if s.pile else
             "No card is left to replace the nut taken: the record writes no `new:` (ruling N12)."]
    return Said(to_move=who, options=legal, notes=notes, turn=f"{active}: {who} {what}",
                forced=[f"{who} takes a nut now ({s.collect_rule().id})"])


def _rolling(s: State, active: str, legal: list[Option]) -> Said:
    who = s.names[s.active]
    on = f"squirrels on {' '.join(map(str, sorted(s.track)))}" if s.track else "no squirrel on the starting track yet"
    x = next((int(o.text[7:]) for o in legal if o.text.startswith("roll > ")), 8)
    g, w = max(1, x - 6), (x - max(1, x - 6), 7 - max(1, x - 6))   # a roll that offers x: as an example
    notes = [f"The dice are chance: `roll > {x}` stands for any roll whose green die and one white die make {x}; "
             f"the record writes the roll with its dice, `{g} {w[0]} {w[1]} > {x}`."]
    if s.track:
        bad = sum(not s.free(Roll(g, (min(a, b), max(a, b)), None))
                  for g, a, b in product(range(1, dice.SIDES + 1), repeat=3))
        notes.append(f"Taken: {', '.join(map(str, sorted(s.track)))}. A roll that offers only taken spaces is a "
                     f"bad roll, and the turn's squirrels go back: {bad} of the {dice.SIDES ** 3} rolls "
                     f"({bad / dice.SIDES ** 3:.0%}).")
    forced = []
    if s.supply[s.active] <= 0:
        forced.append(f"{who} has no squirrel left in the supply: no more rolls (ruling N7)")
    return Said(to_move=who, options=legal, forced=forced, notes=notes,
                turn=f"{active}: {on}; {s.supply[s.active]} in the supply"
                     + ("; roll again or stop" if s.phase == ROLL_OR_STOP else "; the turn begins with a roll"))


def deck_draw(s: State, written: str = "{}") -> Draw:
    """The next card of the draw pile, tapped by kind (each with how many are left in it)."""
    return Draw(tuple((c, s.deck.left(c)) for c in s.deck.items_left()), 1, written)


def first_draw(s: State) -> Draw:
    """A first nut drawn, then the storage card it goes on: each kind with the player's choices."""
    who = s.actor
    then = tuple((c, tuple(Option(line(a, s.names), words=words(s, a))
                           for a in (First(c, to, as_) for to, as_ in store_options(s.cards[who], c))))
                 for c in s.deck.items_left())
    return Draw(deck_draw(s).kinds, 1, then=then)


def options(s: State) -> list[Option]:
    """`legal_moves`, each as the record writes it: stopping `stop`, a nut picked without the card
    that replaces it, and the roll (ROLL_AGAIN, which the dice answer) by each free space a throw
    may offer it, `roll > 8`, with its dice."""
    out, roll = [], False
    for a in legal_moves(s):
        t = type(a)
        if t is RollAgain:
            roll = True
        else:
            # a nut picked is written with the card that replaces it, drawn from the pile as it is taken
            new = deck_draw(s, line(a.taken("{}"), s.names)) if t is Pick and s.pile else None
            out.append(Option(line(a.taken(None) if t is Pick else a, s.names), words=words(s, a), places=places(s, a),
                              draw=new))
    if not roll:
        return out
    spaces = sorted({x for g, w in all_rolls() for x in s.free(Roll(g, w, None))})
    return out + [Option(f"roll > {x}", dice=Dice(("green die", "white die", "white die"), written=f"{{}} > {x}"),
                         words=words(s, AnyRoll(x)), places=(s.b.printed[x],) if x in s.b.printed else ())
                  for x in spaces]
