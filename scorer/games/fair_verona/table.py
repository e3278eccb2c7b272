"""Fair Verona at the table: where a game log stops, what may come next in the turn in progress
(`pnpkit moves`), and the record with one more action written in. Every answer is moves.py's.

The table lists the player's decisions (`draw`, not the tile: chance shows it; `clear 9D friend`,
not the Friend card), and, where the record stops with a card still to draw (the next player's
Encounter, the next Clue Card), every card that may come. A turn with nothing left but its end
ends by itself: the table is then at the next player's turn. A decision written with what chance
gives (`draw R3`) is taken as the record writes it.
"""
from __future__ import annotations

from pnpkit.scorer.game import END_TURN, Illegal
from pnpkit.scorer.games.fair_verona.moves import (apply, chance, legal_moves, read, why_illegal, why_turn_short,
                                                   write as written)
from pnpkit.scorer.games.fair_verona.notation import KEYS, REPEATED, write
from pnpkit.scorer.games.fair_verona.replay import replay
from pnpkit.scorer.games.fair_verona.state import DRAW, UNSEEN, Action, Clear, Move, State
from pnpkit.scorer.play import Option, Turn, cannot_extend

NOTES = {"draw": "`draw`: the tile drawn is written with it, by its code on the tile key (`draw R3`)",
         "friend": "`clear ... friend`: the Friend card turned up is written with it (`clear 9D friend 5H`)"}


class AtTable:
    """Where a game log stops (scorer/play.py: Table). The last turn is the one in progress; a
    trailing empty turn (`- {}`) says the next player's turn has begun."""

    def __init__(self, record, kit) -> None:
        self.record, self.kit = record, kit
        walk, rep = replay(record, kit, open_end=True)
        self.violations = rep.violations
        self.state = walk.state
        self.fresh = False                  # the table is at a turn the record has not begun
        if not record.turns and not self.state.over:
            self.state.first_turn()         # the first turn (or the one a `start:` is at)
            self.fresh = True
        elif not self.state.over and why_turn_short(self.state) is None and legal_moves(self.state) == [END_TURN]:
            apply(self.state, END_TURN)     # nothing left but the turn's end: it ends by itself
            self.fresh = True
        self.drawing_friend = walk.face_down and not self.fresh     # a Joker may still come for that Friend

    def turn(self) -> Turn:
        st = self.state
        if st.over:
            return Turn(to_move=None, may_end_turn=True, waiting=f"the game is over: {st.outcome} ({st.why_ended})")
        p = st.player
        why = why_turn_short(st)
        listed = [written(st, a) for a in (_drawn(st) or legal_moves(st)) if a is not END_TURN]
        notes = ([NOTES["draw"]] if "draw" in listed else []) + \
            ([NOTES["friend"]] if any(t.endswith(" friend") for t in listed) else [])
        return Turn(to_move=p.name, legal=[Option(t) for t in listed], forced=[why.message] if why else [],
                    may_end_turn=why is None, notes=notes,
                    turn=f"turn {st.turn_no} ({p.name}) at {st.map.spot_text(p.spot)}: " + phase_words(st))

    def why_illegal(self, action: str) -> Illegal | None:
        a = read(self.state, action)
        if self.drawing_friend and getattr(a, "key", "") == "friend":
            st = self.state.copy()          # the Friend's card went face down only as far as the record says
            st.friend_due = True
            return why_illegal(st, a)
        return why_illegal(self.state, a)

    def extend(self, data: dict, action: str) -> dict:
        a = read(self.state, action)
        turns = [dict(t) for t in (data.get("turns") or [])]
        if a == DRAW or (isinstance(a, Clear) and a.friend == UNSEEN):
            raise cannot_extend(NOTES["draw" if a == DRAW else "friend"])
        if self.fresh and (not turns or turns[-1]):
            turns.append({})
        if a is END_TURN:
            why = why_illegal(self.state, END_TURN)
            if why is not None:
                raise cannot_extend(why.message)
            return {**data, "turns": turns + [{}]}      # the next player's turn has begun
        if a.key in turns[-1] and a.key not in REPEATED:
            raise cannot_extend(f"the turn already has its `{a.key}` (a turn has one)")
        later = [k for k in turns[-1] if k != "clue" and KEYS.index(k) > KEYS.index(a.key)]
        if later and a.key != "clue":
            raise cannot_extend(f"a turn's `{a.key}` comes before its `{later[-1]}`")
        turns[-1] = write(turns[-1], a)
        return {**data, "turns": turns}

    def chance(self, data: dict, given: str) -> dict:
        """Chance is written as the record writes it (a tile drawn, a card dealt): as `extend` writes it."""
        return self.extend(data, given)


def _drawn(st: State) -> list[Action]:
    """The cards that may come where the record stops with one still to draw (the next player's
    Encounter, the next Clue Card): the table lists them, the record writes the one that came."""
    if st.deal_to is None and not st.clue_due:
        return []
    return [a for a in chance(st) if why_illegal(st, a) is None]


def phase_words(st: State) -> str:
    if st.clue_due:
        return "the next Clue Card is drawn"
    if st.hand:
        return f"{st.hand} in hand, to place"
    if st.deal_to is not None:
        return f"the Encounter for {st.people[st.deal_to].name} is drawn"
    if st.stage == 0 and st.can_attempt():
        return "the tile phase: draw or take a tile"
    if st.stage <= Clear.phase and not st.attempted and st.player.encounters:
        return f"Encounters: {', '.join(str(h.card) for h in st.player.encounters)}; one attempt"
    if st.stage <= Move.phase and not st.player.encounters:
        return "the movement"
    return "the turn may end"
