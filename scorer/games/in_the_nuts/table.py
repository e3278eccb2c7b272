"""In the Nuts!: at the table, where a move log stops (`pnpkit moves`; scorer/play.py's `Table`).

The record's last turn is the one in progress. What may come next is `legal_moves` of the position
the replay reaches, with what chance decides left out, because the table cannot choose it:
- a roll is listed by the space its squirrel may go on, `roll > 8` (any roll whose green die and a
  white die make 8), not as the 126 rolls of three dice; the record writes it with its dice;
- a nut taken is listed without the card that replaces it (`take acorn, to 2`): the draw pile
  decides that, and the record writes it as `new:`.
`--try` reads the record's notation, a mapping (`{take: acorn, new: walnut, to: 2}`) or the same
in a line (`take acorn, new walnut, to 2`, `steal Uwe 3b, to 5`, `Christine: joker walnut/acorn,
to 3, as walnut`), a roll (`2 1 6 > 8`, or `roll > 8`), `stop`, a setup squirrel's section (`5-6`);
it asks the replay's own `why_illegal`. Left-out chance is judged for every way it may fall: `roll
> 8` is legal if a roll offering 8 may put the squirrel there, a take without `new:` if the card
drawn may replace it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import product

import pnpkit.scorer.games.in_the_nuts.rules as R
from pnpkit.scorer import dice
from pnpkit.scorer.core import Violation, plural
from pnpkit.scorer.games.in_the_nuts.moves import all_rolls, legal_moves, may_roll, why_illegal
from pnpkit.scorer.games.in_the_nuts.notation import entry, line
from pnpkit.scorer.games.in_the_nuts.record import params_of, player_count, read_line
from pnpkit.scorer.games.in_the_nuts.replay import replay
from pnpkit.scorer.games.in_the_nuts.state import (END_JOKERS, LAST, OVER, ROLL, ROLL_OR_STOP, SETUP_FACEUP,
                                                   SETUP_FIRST, SETUP_SQUIRRELS, STEAL, TAKE, EndStore, First, Reveal,
                                                   Pick, Roll, RollAgain, Steal, Stop, Take, expected, fits)
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.play import Dice, Option, Turn, cannot_extend
_ANY_ROLL = re.compile(r"\s*roll\s*(?:>\s*(\d{1,2})\s*)?", re.I)


@dataclass(frozen=True)
class AnyRoll:
    """`roll > 8`: a roll the dice have not decided yet, its squirrel on `space`; `roll` (the rules'
    ROLL_AGAIN): any space."""

    space: int | None


def table(record, kit) -> "AtTable":
    """Where a move log stops, for `pnpkit moves` (scorer/play.py: Table)."""
    return AtTable(record, params_of(kit), player_count(record, kit))


class AtTable:
    """Where a move log stops: the replay run with an open end (its last turn, or the setup, in
    progress), and the rules' answers about what may come next there."""

    def __init__(self, record, params, violations: list[Violation]) -> None:
        self.record, self.names = record, record.names
        self.state, rep = replay(record, params, open_end=True)
        self.violations = violations + rep.violations

    # ------------------------------------------------------------ what may come next

    def turn(self) -> Turn:
        s, names = self.state, self.names
        ph = s.phase
        who = names[s.actor]
        if ph == OVER:
            return Turn(to_move=None, may_end_turn=True, waiting="the game is over: the storage cards are scored "
                                                                 "(rulings N3, N4)")
        if ph == SETUP_FACEUP:
            place = s.b.places[s.faceup.index(None)].label
            return Turn(to_move=None, turn="the setup", waiting=f"the setup turns the next nut card face up, under "
                                                                f"{place}: add it to `setup: nuts:`")
        if ph == SETUP_FIRST:
            return Turn(to_move=who, turn="the setup", waiting=(
                f"{who} draws a first nut and stores it at once: add it to `setup: first:` with the storage card "
                f"it goes on, `{who}: {{take: walnut, to: 3}}` (a joker may be kept: `to: keep`)"))
        legal = self._options()
        if ph == SETUP_SQUIRRELS:
            return Turn(to_move=who, legal=legal, turn=f"the setup: {who} puts {plural(s.settle_left, 'more squirrel')} "
                        f"in the {s.b.sections[0].need}-squirrel area, one a section, never the raccoon field")
        if ph == END_JOKERS:
            kept = "; ".join(f"{names[p]} {', '.join(k)}" for p, k in enumerate(s.kept) if k)
            return Turn(to_move=who, legal=legal, turn=f"the end: the kept jokers are stored ({kept})")
        active = f"turn {s.turn} ({names[s.active]})"
        if ph in (ROLL, ROLL_OR_STOP):
            return self._rolling(active, legal)
        where = s.section().name
        if ph == STEAL:
            return Turn(to_move=who, legal=legal, turn=f"{active}: {who} collected on the raccoon field {where} and "
                        f"steals a nut", forced=[f"{who} steals one nut, not a joker, from a card that is not full, "
                                                 f"never from the player David guards (ruling N10)"])
        what = "picks at the end" if s.stage == LAST else f"collects at {where}"
        notes = [f"The draw pile replaces the nut taken at once ({plural(s.pile, 'card')} left): the record writes "
                 f"that card as `new:`, e.g. `{{take: acorn, new: walnut, to: 2}}`." if s.pile else
                 "No card is left to replace the nut taken: the record writes no `new:` (ruling N12)."]
        return Turn(to_move=who, legal=legal, notes=notes, turn=f"{active}: {who} {what}",
                    forced=[f"{who} takes a nut now ({s.collect_rule().id})"])

    def _rolling(self, active: str, legal: list[Option]) -> Turn:
        s = self.state
        who = self.names[s.active]
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
        return Turn(to_move=who, legal=legal, forced=forced, may_end_turn=s.phase == ROLL_OR_STOP, notes=notes,
                    turn=f"{active}: {on}; {s.supply[s.active]} in the supply"
                         + ("; roll again or stop" if s.phase == ROLL_OR_STOP else "; the turn begins with a roll"))

    def _options(self) -> list[Option]:
        """`legal_moves`, each as the record writes it: stopping `stop`, a nut picked without the card
        that replaces it, and the roll (ROLL_AGAIN, which the dice answer) by each free space a throw
        may offer it, `roll > 8`, with its dice."""
        s = self.state
        out, roll = [], False
        for a in legal_moves(s):
            t = type(a)
            if t is RollAgain:
                roll = True
            else:
                out.append(Option(line(a.taken(None) if t is Pick else a, self.names)))
        if not roll:
            return out
        spaces = sorted({x for g, w in all_rolls() for x in s.free(Roll(g, w, None))})
        return out + [Option(f"roll > {x}", dice=Dice(("green die", "white die", "white die"), written=f"{{}} > {x}"))
                      for x in spaces]

    # ------------------------------------------------------------ is this legal now?

    def read(self, action: str):
        """The record's notation -> an action, of whatever kind it is written as (ValueError:
        unreadable); `roll > 8` is a roll the dice have not decided yet."""
        if m := _ANY_ROLL.fullmatch(str(action).strip()):
            return AnyRoll(int(m[1]) if m[1] else None)
        return read_line(action, self.state)

    def why_illegal(self, action: str) -> Illegal | None:
        a = self.read(action)
        s = self.state
        if type(a) is AnyRoll:
            return self._any_roll(a.space)
        if type(a) is Take and a.new is None and s.phase == TAKE and s.pile:
            # the card that replaces it is not drawn yet: legal if it may be any card the pile can give
            whys = [why_illegal(s, Take(a.card, a.place, new, a.to, a.as_)) for new in s.deck.items_left()]
            return None if not whys or None in whys else whys[0]
        return why_illegal(s, a)

    def _any_roll(self, space: int | None) -> Illegal | None:
        s = self.state
        if s.phase not in (ROLL, ROLL_OR_STOP):
            return expected(s)
        if space is None:
            return may_roll(s)
        rolls = [Roll(g, w, space) for g, w in all_rolls() if space in Roll(g, w, None).sums]
        if not rolls:
            lo, hi = s.b.track
            return Illegal(f"no roll offers {space}: the green die and a white die make {lo} to {hi}", R.ROLL)
        whys = [why_illegal(s, r) for r in rolls]
        if None in whys:
            return None
        # the telling reason: a roll whose other space is free (the space is taken), else any (a bad roll)
        return next((w for r, w in zip(rolls, whys) if s.free(r)), whys[0])

    # ------------------------------------------------------------ the record with one more entry

    def extend(self, data: dict, action: str) -> dict:
        """The record with `action` written where the table writes it next."""
        a = self.read(action)
        s = self.state
        if type(a) is AnyRoll:
            raise cannot_extend(f"the dice decide: write the roll with its dice, e.g. `2 1 6 > {a.space or 8}`")
        if not fits(s, a):
            raise cannot_extend(expected(s).message)
        turns = [dict(t) for t in (data.get("turns") or [])]
        played = s.turn - (s.phase == ROLL)     # the record's turns the replay has played
        if s.turn and played != len(turns):
            raise cannot_extend("the record no longer follows the game before it ends")
        t = type(a)
        if t is Roll and s.phase == ROLL:
            return {**data, "turns": turns + [{"rolls": [entry(a, self.names)]}]}
        if t is Roll:
            turns[-1]["rolls"] = list(turns[-1]["rolls"]) + [entry(a, self.names)]
        elif t is Stop:
            turns[-1]["nuts"] = []
        elif t in (Take, Steal):
            if t is Take and a.new is None and s.pile:
                raise cannot_extend("the draw pile decides the card that replaces it: write it as `new:`")
            turns[-1]["nuts"] = list(turns[-1].get("nuts") or []) + [entry(a, self.names)]
        elif t is EndStore:
            end = {k: list(v) for k, v in (data.get("end") or {}).items()}
            end.setdefault(self.names[a.player], []).append(entry(a, self.names))
            return {**data, "end": end}
        else:                                   # the setup: a face-up nut, a first nut, a setup squirrel
            setup = dict(data.get("setup") or {})
            if t is Reveal:
                setup["nuts"] = list(setup.get("nuts") or []) + [a.card]
            elif t is First:
                setup["first"] = {**(setup.get("first") or {}), self.names[s.actor]: entry(a, self.names)}
            else:
                squirrels = {k: list(v) for k, v in (setup.get("squirrels") or {}).items()}
                squirrels.setdefault(self.names[s.actor], []).append(a.section)
                setup["squirrels"] = squirrels
            return {**data, "setup": setup}
        return {**data, "turns": turns}

    def chance(self, data: dict, given: str) -> dict:
        """Chance is written as actions here (a roll with its dice, a nut card turned face up at the
        setup, a first nut drawn): as `extend` writes it."""
        return self.extend(data, given)

