"""Fair Verona at the table: where a game log stops, what may come next (`pnpkit moves`), and the
record with one more action written in. Every answer is moves.py's.
"""
from __future__ import annotations

from pnpkit.scorer.game import Illegal
from pnpkit.scorer.games.fair_verona import rules as R
from pnpkit.scorer.games.fair_verona.moves import end_turn, legal_moves, why_illegal, why_turn_short
from pnpkit.scorer.games.fair_verona.notation import KEYS, REPEATED, parse_text, text, write
from pnpkit.scorer.games.fair_verona.replay import replay
from pnpkit.scorer.games.fair_verona.state import Action, Clear, Move, State
from pnpkit.scorer.play import Option, Turn, cannot_extend


class AtTable:
    """Where a game log stops (scorer/play.py: Table). The last turn is the one in progress; a
    trailing empty turn (`- {}`) says the next player's turn has begun."""

    def __init__(self, record, kit) -> None:
        self.record, self.kit = record, kit
        walk, rep = replay(record, kit, open_end=True)
        self.violations = rep.violations
        self.open = bool(record.turns)   # a turn is in progress (else the first has not begun)
        self.state = walk.state
        self._nxt: State | None = None   # the next player's turn, begun (worked out once)
        self._at: tuple[State, bool] | None = None

    def _next(self) -> State:
        """The position at the start of the next player's turn (the turn in progress ended)."""
        if self._nxt is not None:
            return self._nxt
        st = self._nxt = self.state.copy()
        if self.open:
            end_turn(st)
        if not st.over:
            st.begin_turn(st.turn_no % len(st.people))
        return st

    def _current(self) -> tuple[State, bool]:
        """The state whose options `moves` lists, and whether it is the next player's new turn."""
        if self._at is None:
            st = self.state
            if st.over:
                self._at = st, False
            elif not self.open or (why_turn_short(st) is None and not legal_moves(st)):
                self._at = self._next(), True
            else:
                self._at = st, False
        return self._at

    def turn(self) -> Turn:
        st, fresh = self._current()
        if st.over:
            return Turn(to_move=None, may_end_turn=True, waiting=f"the game is over: {st.outcome} ({st.why_ended})")
        p = st.player
        forced = [w.message for w in [why_turn_short(st)] if w is not None]
        where = f"turn {st.turn_no} ({p.name}) at {st.map.spot_text(p.spot)}: " + phase_words(st)
        legal = _texts(st)
        if why_turn_short(st) is None and not fresh:       # or the turn ends, and the next one opens
            nxt = self._next()
            opening = [t for t in _texts(nxt) if t not in legal] if not nxt.over else []
            if opening:
                where += f"; or the turn ends and {nxt.player.name}'s opens ({', '.join(sorted({t.split()[0] for t in opening}))})"
            legal += opening
        return Turn(to_move=p.name, legal=[Option(t) for t in legal], forced=forced,
                    may_end_turn=why_turn_short(st) is None, turn=where)

    def _target(self, a: Action) -> tuple[State, bool, Illegal | None]:
        """Where an action goes: (the state it is asked in, whether that is the next player's new
        turn, why it is illegal there). An action the turn in progress may not take, once that turn
        may end, belongs to the next turn when it is legal there or comes too late in this one."""
        st, fresh = self._current()
        why = why_illegal(st, a)
        if why is None or fresh or st.over or why_turn_short(st) is not None:
            return st, fresh, why
        nxt = self._next()
        later = why_illegal(nxt, a)
        if later is None or why.rule is R.PHASES:
            return nxt, True, later
        return st, False, why

    def why_illegal(self, action: str) -> Illegal | None:
        return self._target(parse_text(action, [p.name for p in self.state.people]))[2]

    def extend(self, data: dict, action: str) -> dict:
        a = parse_text(action, [p.name for p in self.state.people])
        _, fresh, _ = self._target(a)
        turns = [dict(t) for t in (data.get("turns") or [])]
        if fresh and (not turns or turns[-1]):
            turns.append({})
        if a.key in turns[-1] and a.key not in REPEATED:
            raise cannot_extend(f"the turn already has its `{a.key}` (a turn has one)")
        later = [k for k in turns[-1] if k != "clue" and KEYS.index(k) > KEYS.index(a.key)]
        if later and a.key != "clue":
            raise cannot_extend(f"a turn's `{a.key}` comes before its `{later[-1]}`")
        turns[-1] = write(turns[-1], a)
        return {**data, "turns": turns}

    def chance(self, data: dict, given: str) -> dict:
        """Chance is written as actions here (a tile drawn, a card dealt): as `extend` writes it."""
        return self.extend(data, given)


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


def _texts(st: State) -> list[str]:
    """The legal actions in the record's notation, as `moves` lists them."""
    return [text(a) for a in legal_moves(st)]
