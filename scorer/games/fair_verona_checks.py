"""Why an action of a Fair Verona game log may not be taken now: each rule once, with the words it
cites (fair_verona_rules). `State` (fair_verona_state) has these checks; the replay, `pnpkit moves`
and the random player all ask `why_illegal`, so they cannot disagree.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from pnpkit.scorer.core import plural
from pnpkit.scorer.games import fair_verona_rules as R
from pnpkit.scorer.games.fair_verona_map import neighbours8, xy_text
from pnpkit.scorer.games.fair_verona_notation import PHASE, Action
from pnpkit.scorer.movelog import Illegal

if TYPE_CHECKING:
    from pnpkit.scorer.games.fair_verona_state import Person


class Checks:
    """The checks of `State`: they read its position and never change it."""

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
        if a.xy is None:
            spots = self.fits(self.hand)
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

    def _person(self, name: str) -> "Person":
        return next(p for p in self.people if p.name == name)
