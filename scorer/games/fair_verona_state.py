"""Fair Verona's game, action by action: the position, and what each action does.

A turn is the rulebook's three phases, each an action of the log's notation (fair_verona_notation):
the tile (`draw`/`take`, then `place`, with the Friend it makes or the Encounter it deals), the one
attempt at an Encounter (`clear`), the movement (`move`), and the hand-offs (`give`); a `clue` draw
comes whenever a Clue Token is back with Verona. `why_illegal` (fair_verona_checks) answers for any
action at any point (the replay, `pnpkit moves` and the random player ask the same function);
`apply` plays one it accepted and says what it did; `why_turn_short` and `end_turn` close a turn
and check the end.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from pnpkit.kitfile.params.fair_verona import Params
from pnpkit.scorer.cards import Card
from pnpkit.scorer.core import join_names, plural
from pnpkit.scorer.encounter import clue_match, resolve
from pnpkit.scorer.games.fair_verona_checks import Checks
from pnpkit.scorer.games.fair_verona_deck import Deck, Desk
from pnpkit.scorer.games.fair_verona_map import Spot, TileMap, xy_text
from pnpkit.scorer.games.fair_verona_notation import PHASE, Action

VERONA = (0, 0)


@dataclass
class Held:
    card: Card
    token: bool = False          # the Clue Token lies on it


@dataclass
class Person:
    name: str
    identity: Card
    spot: Spot = (0, 0, 0)
    encounters: list[Held] = field(default_factory=list)
    friends: int = 0             # Friend cards face down under the Identity
    face_up: list[str] = field(default_factory=list)
    token: bool = False

    @property
    def xy(self) -> tuple[int, int]:
        return self.spot[0], self.spot[1]


def _person_copy(p: Person) -> Person:
    return Person(p.name, p.identity, p.spot, [Held(h.card, h.token) for h in p.encounters], p.friends,
                  list(p.face_up), p.token)


class State(Checks):
    def __init__(self, params: Params, people: list[Person], clue_tokens: int) -> None:
        self.params = params
        self.map = TileMap(params.tiles)
        self.map.place(params.old_town, 0, VERONA, 0)
        self.people = people
        self.deck = Deck(params.jokers)
        for p in people:
            if not p.identity.joker:
                self.deck.out.add(p.identity)
        self.desk = Desk(clue_tokens)
        sets = [params.first] + [s.id for s in params.tiles.sets if s.id != params.first]
        self.set_of = {t.code: t.set for t in params.tiles.kinds}
        self.stacks: dict[str, dict[str, int]] = {s: {t.code: t.count for t in params.tiles.kinds if t.set == s}
                                                  for s in sets}
        self.stacks[self.set_of[params.old_town]][params.old_town] -= 1     # on the table from the start
        self.last_outcome = None       # the last attempt's arithmetic (scorer.encounter.Outcome)
        self.outcome, self.ended, self.why_ended = "playing", 0, ""
        self.turn_no, self.seat = 0, 0
        self._reset()

    def copy(self) -> "State":
        """A copy to try things on (the params and the tile data are shared, never changed)."""
        out = copy.copy(self)
        out.map = self.map.copy()
        out.people = [_person_copy(p) for p in self.people]
        out.deck = self.deck.copy()
        out.desk = self.desk.copy()
        out.stacks = {k: dict(v) for k, v in self.stacks.items()}
        return out

    # ------------------------------------------------------------ the setup's cards

    def deal_clue(self, card: Card) -> str:
        """The setup's first Clue Card, or a Joker that turned up before it (V9)."""
        return self._clue_card(card)

    def deal_friends(self, n: int) -> None:
        for p in self.people:
            for _ in range(n):
                if self.deck.draw_hidden():
                    p.friends += 1

    # ------------------------------------------------------------ a turn

    def _reset(self) -> None:
        self.stage = 0                       # the phase the next action may come from (notation.PHASE)
        self.hand: str | None = None         # the tile drawn or taken, not yet placed
        self.took = False
        self.friend_due = False              # the placement made a Friend: a Joker may turn up drawing it
        self.deal_to: int | None = None      # a tile set aside: the next player's Encounter is drawn
        self.clue_due = False                # a Clue Token came back: the next Clue Card is drawn
        self.attempted = False

    def begin_turn(self, seat: int) -> None:
        self.turn_no += 1
        self.seat = seat
        self._reset()

    @property
    def player(self) -> Person:
        return self.people[self.seat]

    @property
    def over(self) -> bool:
        return self.outcome != "playing"

    def stack(self) -> dict[str, int] | None:
        """The face-down tiles drawn from now: the River's while any is left (V11)."""
        return next((s for s in self.stacks.values() if sum(s.values())), None)

    def face_down(self) -> int:
        return sum(sum(s.values()) for s in self.stacks.values())

    def fits(self, code: str) -> list[tuple[tuple[int, int], int]]:
        return self.map.fits_around(self.params.tiles.types[code], self.player.xy)

    def playable_face_up(self) -> list[str]:
        return sorted({c for c in self.player.face_up if self.fits(c)})

    def can_attempt(self) -> bool:
        return self.stack() is not None or bool(self.playable_face_up())

    # ------------------------------------------------------------ applying an action

    def apply(self, a: Action) -> str:
        """Play an action `why_illegal` accepted; what it did, in words."""
        if a.key != "clue":
            self.stage = max(self.stage, PHASE[a.key] + (0 if a.key in ("friend", "encounter", "give") else 1))
        return getattr(self, "_do_" + a.key)(a)

    def _do_draw(self, a: Action) -> str:
        stack = self.stack()
        assert stack is not None
        stack[a.code] -= 1
        self.hand, self.took = a.code, False
        return f"{self.player.name} draws {a.code} ({self.params.tiles.types[a.code].spec.name})"

    def _do_take(self, a: Action) -> str:
        self.player.face_up.remove(a.code)
        self.hand, self.took = a.code, True
        return f"{self.player.name} takes the face-up {a.code}"

    def _do_place(self, a: Action) -> str:
        p, code = self.player, self.hand
        assert code is not None
        self.hand = None
        if a.xy is None:
            p.face_up.append(code)
            did = f"{code} fits nowhere around {p.name}'s meeple: it lies face up beside {p.name} ({len(p.face_up)} face up)"
            nxt = self.people[(self.seat + 1) % len(self.people)]
            if not self.deck.refill():
                return did + f"; no card is left for {nxt.name}'s Encounter"
            self.deal_to = (self.seat + 1) % len(self.people)
            return did + f"; an Encounter for {nxt.name} is drawn"
        self.map.place(code, a.quarters, a.xy, self.turn_no)
        t = self.params.tiles.types[code]
        why = (["a shield"] if t.spec.shield else []) + (["a completed city"] if self.map.completes_city(a.xy) else [])
        did = f"{p.name} lays {code} at {xy_text(a.xy)}" + (f" turned {a.quarters * 90}" if a.quarters else "")
        if why:
            self.friend_due = True
            got = self.deck.draw_hidden()
            p.friends += got
            did += f": {' and '.join(why)}, " + (f"a Friend for {p.name} ({p.friends} face down)" if got
                                                 else "but no card is left for a Friend")
        return did

    def _do_friend(self, a: Action) -> str:
        return self._joker("while drawing the Friend")

    def _joker(self, when: str) -> str:
        self.deck.draw(Card("Joker", None))
        on = f"over the Clue Card {self.desk.clue}" if self.desk.clue else "on the desk, for the next Clue Card"
        return f"a Joker turns up {when}: it lies {on}; clue hunting halts (V9)"

    def _do_encounter(self, a: Action) -> str:
        assert a.card is not None and self.deal_to is not None
        if a.card.joker:
            return self._joker("for the Encounter") + "; another card is drawn"
        to = self.people[self.deal_to]
        self.deal_to = None
        self.deck.draw(a.card)
        held = Held(a.card)
        to.encounters.append(held)
        did = f"{a.card} is {to.name}'s Encounter"
        clue = self.desk.clue
        if clue is not None and self.desk.token == "clue" and self.deck.jokers_out == 0:
            how = clue_match(a.card, clue)
            if how:
                held.token = True
                self.deck.discard(clue)
                self.desk.clue, self.desk.token = None, "encounter"
                did += f": it matches the Clue Card {clue} in {how}, so the Clue Token is its prize"
            else:
                did += f" (the Clue Card {clue} is not matched)"
        return did

    def _do_clear(self, a: Action) -> str:
        p = self.player
        self.attempted = True
        held = next(h for h in p.encounters if h.card == a.card)
        helpers = [(self._person(n).identity, p.xy) for n in a.helpers]
        out = resolve(p.identity, p.xy, held.card, helpers, a.friend, self.params)
        self.last_outcome = out
        if a.friend is not None:
            p.friends -= 1
            self.deck.hidden -= 1
            self.deck.discard(a.friend)
        did = f"{p.name} at {xy_text(p.xy)}: {out.explain}"
        if not out.cleared:
            return did + "; the turn is over"
        p.encounters.remove(held)
        self.deck.discard(held.card)
        if held.token:
            p.token, self.desk.token = True, "held"
            did += f"; the Clue Token goes to {p.name}"
            did += self._arrive(p, moved=False)
        if p.encounters:
            did += f"; {plural(len(p.encounters), 'Encounter')} still held: the turn is over"
        return did

    def _do_move(self, a: Action) -> str:
        p = self.player
        way = self.params.moving(a.way)
        assert way is not None and a.xy is not None
        reach = self.map.reach(p.spot, way.along, way.tiles)
        ends = [s for s in reach if s[:2] == a.xy]
        bank = self.map.bank_named(a.xy, a.bank) if a.bank else None
        end = next(s for s in ends if bank is None or s[2] == bank)
        start, p.spot = p.spot, end
        did = f"{p.name} moves {way.by.lower()} from {self.map.spot_text(start)} to {self.map.spot_text(end)} " \
              f"({plural(reach[end], 'tile')})"
        return did + self._arrive(p, moved=start[:2] != VERONA)

    def _do_give(self, a: Action) -> str:
        giver, to = self._person(a.giver), self._person(a.to)
        giver.token, to.token = False, True
        return f"{giver.name} hands the Clue Token to {to.name}" + self._arrive(to, moved=False)

    def _arrive(self, p: Person, moved: bool) -> str:
        """A meeple on the Old Town: a move there discards the Jokers (V9); a Clue Token there is
        returned (V16)."""
        if p.xy != VERONA:
            return ""
        did = ""
        if moved and self.deck.jokers_out:
            n = self.deck.discard_jokers()
            did += f"; {p.name} is back in the Old Town: {plural(n, 'Joker')} discarded, clue hunting resumes"
        if p.token:
            p.token = False
            self.desk.returned += 1
            self.desk.token = "none"
            did += f"; the Clue Token is back with Verona ({self.desk.returned} of {self.desk.total})"
            if self.desk.returned >= self.desk.total:
                self.outcome, self.ended, self.why_ended = "won", self.turn_no, \
                    f"the last Clue Token came back in turn {self.turn_no}"
                did += ": the mystery is solved, the players have won"
            elif self.deck.refill():
                self.clue_due = True
                did += ": the next Clue Card is drawn"
        return did

    def _do_clue(self, a: Action) -> str:
        assert a.card is not None
        return self._clue_card(a.card)

    def _clue_card(self, card: Card) -> str:
        if card.joker:
            return self._joker("for the Clue Card") + "; another card is drawn"
        self.deck.draw(card)
        self.desk.clue, self.desk.token, self.clue_due = card, "clue", False
        covered = f", under {plural(self.deck.jokers_out, 'Joker')}" if self.deck.jokers_out else ""
        return f"the Clue Card is {card}{covered}, a Clue Token on it"

    # ------------------------------------------------------------ the end of a turn

    def end_turn(self) -> str:
        """Close the turn: the ways the game is lost (V20)."""
        if self.over:
            return ""
        names = join_names(p.name for p in self.people)
        why = None
        if all(len(p.face_up) >= 2 for p in self.people):
            why = f"every player has 2 or more face-up tiles ({', '.join(f'{p.name} {len(p.face_up)}' for p in self.people)})"
        elif all(self.mired(p) for p in self.people):
            why = f"every player is mired in an Encounter they cannot clear ({names})"
        elif self.face_down() == 0 and self.desk.token not in ("held", "encounter"):
            why = "no face-down tile is left, so no Encounter can come, and no Clue Token is held or at stake"
        if why is None:
            return ""
        self.outcome, self.ended, self.why_ended = "lost", self.turn_no, why
        return f"the game is lost: {why}"

    def mired(self, p: Person) -> bool:
        """V19: an Encounter that the player and everyone on their tile cannot beat, and no Friend."""
        if not p.encounters or p.friends:
            return False
        others = [(q.identity, q.xy) for q in self.people if q is not p and q.xy == p.xy]
        return any(not resolve(p.identity, p.xy, h.card, others, None, self.params).cleared for h in p.encounters)
