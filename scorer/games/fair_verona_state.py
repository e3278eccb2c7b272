"""Fair Verona's game, action by action: what may be done now, why not, and what it does.

A turn is the rulebook's three phases, each an action of the log's notation (fair_verona_notation):
the tile (`draw`/`take`, then `place`, with the Friend it makes or the Encounter it deals), the one
attempt at an Encounter (`clear`), the movement (`move`), and the hand-offs (`give`); a `clue` draw
comes whenever a Clue Token is back with Verona. `why_illegal` answers for any action at any point
(the replay, `pnpkit moves` and the random player ask the same function); `apply` plays one it
accepted and says what it did; `why_turn_short` and `end_turn` close a turn and check the end.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from kitfile.params.fair_verona import Params
from scorer.cards import Card
from scorer.core import join_names, plural
from scorer.encounter import clue_match, resolve
from scorer.games import fair_verona_rules as R
from scorer.games.fair_verona_deck import Deck, Desk
from scorer.games.fair_verona_map import Spot, TileMap, neighbours8, xy_text
from scorer.games.fair_verona_notation import PHASE, Action
from scorer.movelog import Illegal

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


class State:
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
        out.deck = copy.deepcopy(self.deck)
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

    # ------------------------------------------------------------ why an action is illegal

    def why_illegal(self, a: Action) -> Illegal | None:
        if self.over:
            return Illegal(f"the game is already {self.outcome} ({self.why_ended}); nothing more is played",
                           R.WIN if self.outcome == "won" else R.LOSE)
        if (due := self._due(a)) is not None:
            return due
        if a.key == "clear" and self.attempted:
            return Illegal(f"{self.player.name} has made this turn's attempt", R.V15)
        if a.key != "clue" and PHASE[a.key] < self.stage:
            return Illegal(f"`{a.key}` comes too late in {self.player.name}'s turn: the phases are the tile, "
                           f"then the Encounter, then the movement, each once", R.PHASES)
        return getattr(self, "_why_" + a.key)(a)

    def _due(self, a: Action) -> Illegal | None:
        """What must come first, if something must."""
        p = self.player
        if self.clue_due and a.key != "clue":
            return Illegal("the Clue Token is back with Verona: the next Clue Card is drawn first (`clue`)", R.RETURN)
        if self.hand is not None and a.key != "place":
            return Illegal(f"{p.name} holds {self.hand}: it is placed (or, if it fits nowhere, set aside) first",
                           R.MUST_PLAY)
        if self.deal_to is not None and a.key != "encounter":
            return Illegal(f"{p.name}'s tile lies aside: the Encounter for {self.people[self.deal_to].name} is "
                           f"drawn first (`encounter`)", R.UNPLAYABLE)
        if self.stage == 0 and a.key not in ("draw", "take", "clue") and self.can_attempt():
            return Illegal(f"{p.name} first attempts to place a tile: " + self._attempts(), R.ATTEMPT)
        return None

    def _attempts(self) -> str:
        stack = self.stack()
        ups = self.playable_face_up()
        parts = ([f"draw one of the {plural(sum(stack.values()), 'face-down tile')}"] if stack else []) + \
                ([f"take {' or '.join(ups)} (face up)"] if ups else [])
        return " or ".join(parts)

    def _why_draw(self, a: Action) -> Illegal | None:
        stack = self.stack()
        if stack is None:
            return Illegal("no face-down tile is left: take one of your face-up tiles that fits, if one does", R.V13)
        if a.code not in self.params.tiles.types:
            return Illegal(f"{a.code} is not a tile of the tile key", R.V11)
        if self.stacks[self.set_of[a.code]][a.code] <= 0:
            n = self.params.tiles.types[a.code].spec.count
            return Illegal(f"the box holds {n} {a.code} and " + ("it is" if n == 1 else "every one is") +
                           " already on the table or drawn", R.V11)
        if a.code not in stack:
            title = next(t.title for t in self.params.tiles.sets if t.id == self.set_of[next(iter(stack))])
            return Illegal(f"{plural(sum(stack.values()), 'face-down tile')} of {title} are left and they are drawn "
                           f"first: {a.code} is not one of them", R.SETUP_RIVER)
        return None

    def _why_take(self, a: Action) -> Illegal | None:
        p = self.player
        if a.code not in p.face_up:
            return Illegal(f"{p.name} has no face-up {a.code} (face up: {', '.join(p.face_up) or 'none'})", R.V13)
        if not self.fits(a.code):
            return Illegal(f"{a.code} fits nowhere around {p.name}'s meeple at {xy_text(p.xy)}: a face-up tile "
                           f"that cannot be played may not be chosen", R.FACE_UP)
        return None

    def _why_place(self, a: Action) -> Illegal | None:
        p = self.player
        if self.hand is None:
            return Illegal(f"{p.name} has no tile to place: `draw` or `take` one first", R.ATTEMPT)
        spots = self.fits(self.hand)
        if a.xy is None:
            if spots:
                (xy, q), more = spots[0], len(spots) - 1
                return Illegal(f"{self.hand} fits at {xy_text(xy)}" + (f" turned {q * 90}" if q else "") +
                               (f" (and {plural(more, 'other place')})" if more else "") +
                               ": a tile that can be played must be", R.MUST_PLAY)
            return None
        if a.xy not in neighbours8(p.xy):
            return Illegal(f"{xy_text(a.xy)} is not next to {p.name}'s meeple at {xy_text(p.xy)} (the 8 spaces "
                           f"around it)", R.ADJACENT)
        why = self.map.why_not_fit(self.params.tiles.types[self.hand], a.quarters, a.xy)
        if why is not None:
            return Illegal(f"{self.hand}" + (f" turned {a.quarters * 90}" if a.quarters else "") + f": {why[0]}",
                           R.V12_RIVER if why[1] == "river" else R.V12_SIDES)
        return None

    def _why_friend(self, a: Action) -> Illegal | None:
        if not self.friend_due:
            return Illegal("no Friend is drawn here: a placement makes one with a shield or a completed city", R.FRIEND)
        if a.card is None or not a.card.joker:
            return Illegal("a Friend is drawn face down: write only a Joker that turned up while drawing it", R.V9)
        why = self.deck.why_not(a.card)
        return Illegal(why, R.V10) if why else None

    def _why_encounter(self, a: Action) -> Illegal | None:
        if self.deal_to is None:
            return Illegal("no Encounter is drawn here: one comes when a drawn tile cannot be played", R.UNPLAYABLE)
        assert a.card is not None
        why = self.deck.why_not(a.card)
        return Illegal(why, R.V10 if a.card.joker or "discard" in why or "left" in why else R.UNIQUE) if why else None

    def _why_clue(self, a: Action) -> Illegal | None:
        if not self.clue_due:
            return Illegal("no Clue Token came back to Verona here: a new Clue Card is drawn only then", R.RETURN)
        assert a.card is not None
        why = self.deck.why_not(a.card)
        return Illegal(why, R.V10 if a.card.joker or "discard" in why or "left" in why else R.UNIQUE) if why else None

    def _why_clear(self, a: Action) -> Illegal | None:
        p = self.player
        if self.attempted:
            return Illegal(f"{p.name} has made this turn's attempt", R.V15)
        if not any(h.card == a.card for h in p.encounters):
            held = ", ".join(str(h.card) for h in p.encounters) or "none"
            return Illegal(f"{p.name} holds no Encounter {a.card} (Encounters: {held})", R.V15)
        for name in a.helpers:
            h = self._person(name)
            if h is p:
                return Illegal(f"{name} is the player: a helper is another player on the same tile", R.HELP)
            if h.xy != p.xy:
                return Illegal(f"{name} is at {xy_text(h.xy)}, not on {p.name}'s tile {xy_text(p.xy)}: only "
                               f"people on the same tile help", R.HELP)
        if len(set(a.helpers)) != len(a.helpers):
            return Illegal("a helper is named twice", R.HELP)
        if a.friend is not None:
            if p.friends <= 0:
                return Illegal(f"{p.name} has no Friend card left", R.FRIEND_PLAY)
            if a.friend.joker:
                return Illegal("a Joker is never a Friend: when drawn it is laid on the Clue Card", R.V9)
            if a.friend in self.deck.out or a.friend in self.deck.discards:
                return Illegal(f"{a.friend} is in play or discarded: it cannot be a Friend card", R.UNIQUE)
        return None

    def _why_move(self, a: Action) -> Illegal | None:
        p = self.player
        if p.encounters:
            return Illegal(f"{p.name} holds {plural(len(p.encounters), 'Encounter')} "
                           f"({', '.join(str(h.card) for h in p.encounters)})", R.NO_MOVE)
        way = self.params.moving(a.way)
        if way is None:
            return Illegal(f"{a.way!r} is no way of moving: " + ", ".join(f"`{m.code}` ({m.by.lower()}, up to "
                                                                          f"{m.tiles})" for m in self.params.movement),
                           R.MOVE_ONE_WAY)
        assert a.xy is not None
        if a.xy not in self.map.at:
            return Illegal(f"no tile lies at {xy_text(a.xy)}", R.MOVE_ONE_WAY)
        reach = self.map.reach(p.spot, way.along, way.tiles)
        ends = sorted(s for s in reach if s[:2] == a.xy)
        if not ends:
            return self._why_unreached(a, way)
        if a.bank is not None:
            bank = self.map.bank_named(a.xy, a.bank)
            if self.map.banks(a.xy) == 1:
                return Illegal(f"the river does not divide {xy_text(a.xy)}: leave the bank out", R.V17)
            if bank is None or (*a.xy, bank) not in reach:
                names = " or ".join(self.map.bank_name(s) for s in ends)
                return Illegal(f"{p.name} cannot reach the {a.bank} bank of {xy_text(a.xy)} {way.by.lower()}: only "
                               f"its {names} bank", R.RIVER_CROSSING)
        elif len(ends) > 1:
            return Illegal(f"{xy_text(a.xy)} is divided by the river and both banks can be reached: say which "
                           f"(`bank {self.map.bank_name(ends[0])}` or `bank {self.map.bank_name(ends[1])}`)",
                           R.RIVER_CROSSING)
        return None

    def _why_unreached(self, a: Action, way) -> Illegal:
        p = self.player
        far = self.map.reach(p.spot, way.along, 40)
        steps = min((d for s, d in far.items() if s[:2] == a.xy), default=None)
        if steps is not None:
            return Illegal(f"{xy_text(a.xy)} is {plural(steps, 'tile')} away {way.by.lower()}; {way.by} moves "
                           f"{way.tiles} at the most", R.MOVE_ONE_WAY)
        if way.along is None:
            return Illegal(f"the river lies between {p.name} at {self.map.spot_text(p.spot)} and {xy_text(a.xy)}: it "
                           f"is crossed only at a bridge, its spring or its lake", R.RIVER_CROSSING)
        if not self.map.features_on(p.spot, way.along):
            return Illegal(f"no {way.along} on {p.name}'s {'bank of the ' if self.map.banks(p.xy) > 1 else ''}tile "
                           f"{self.map.spot_text(p.spot)} to start from", R.V17)
        return Illegal(f"no {way.along} connects {p.name}'s tile {xy_text(p.xy)} with {xy_text(a.xy)}", R.BARRIERS)

    def _why_give(self, a: Action) -> Illegal | None:
        giver, to = self._person(a.giver), self._person(a.to)
        if not giver.token:
            holder = next((q.name for q in self.people if q.token), None)
            return Illegal(f"{giver.name} holds no Clue Token" + (f" ({holder} does)" if holder else ""), R.HAND_OFF)
        if to is giver:
            return Illegal("a Clue Token is handed to another player", R.HAND_OFF)
        if to.xy != giver.xy:
            return Illegal(f"{to.name} is at {xy_text(to.xy)}, {giver.name} at {xy_text(giver.xy)}: a Clue Token is "
                           f"handed over on a shared tile", R.HAND_OFF)
        return None

    def _person(self, name: str) -> Person:
        return next(p for p in self.people if p.name == name)

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

    def why_turn_short(self) -> Illegal | None:
        """What the turn still owes before it may end, or None."""
        if self.over:
            return None
        p = self.player
        if self.clue_due:
            return Illegal("the Clue Token came back to Verona, and the next Clue Card is not written (`clue`)", R.RETURN)
        if self.hand is not None:
            return Illegal(f"{p.name} holds {self.hand} and has not placed it (`place`, or `place aside` if it fits "
                           f"nowhere)", R.MUST_PLAY)
        if self.deal_to is not None:
            return Illegal(f"{p.name}'s tile lies aside, and {self.people[self.deal_to].name}'s Encounter is not "
                           f"written (`encounter`)", R.UNPLAYABLE)
        if self.stage == 0 and self.can_attempt():
            return Illegal(f"{p.name} did not attempt to place a tile: " + self._attempts(), R.ATTEMPT)
        return None

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
