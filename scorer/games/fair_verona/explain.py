"""Fair Verona in words (scorer/protocol.py's `Telling`): the replay's steps and --explain lines
(what each step did, `State.said`), and what the table says about a position besides the rules'
answers. Nothing here judges a step: moves.py does.

The table lists the player's decisions (`draw`, not the tile: chance shows it; `clear 9D friend`,
not the Friend card), and, where the record stops with a card still to draw (the next player's
Encounter, the next Clue Card), every card that may come. A decision written with what chance
gives (`draw R3`) is taken as the record writes it.
"""
from __future__ import annotations

from pnpkit.scorer.core import plural
from pnpkit.scorer.game import END_TURN, Illegal, Said, Told
from pnpkit.scorer.games.fair_verona.cards import RANKS
from pnpkit.scorer.games.fair_verona.checks import friend_cards
from pnpkit.scorer.games.fair_verona.moves import (chance, legal_moves, places, why_illegal, why_turn_short, words,
                                                   write)
from pnpkit.scorer.games.fair_verona.state import (BEGIN, DEAL, FACE_DOWN, SETUP_STEPS, Action, AfterEnd, ClueCard,
                                                   Clear, Move, State, Step)
from pnpkit.scorer.play import Draw as PlayDraw, Option

NOTES = {"draw": "`draw`: the tile drawn is written with it, by its code on the tile key (`draw R3`)",
         "friend": "`clear ... friend`: the Friend card turned up is written with it (`clear 9D friend 5H`)"}

__all__ = ["NOTES", "cost", "opening", "phase_words", "said", "tell", "turn_actions"]


def opening(st: State, record) -> list[Told]:
    return []           # the setup's steps tell it (the Friends dealt, or the table under `start:`)


def tell(before: State, st: State, a: Step, where: str, why: Illegal | None, refused: str | None) -> list[Told]:
    if refused is not None:
        if a.__class__ is ClueCard or a.__class__ is AfterEnd or a.__class__ not in SETUP_STEPS:
            return [Told(f"not played: {refused}", [f"{where}: not played: {refused} ({why.rule.id})"] if why else [])]
        return []
    if a is DEAL:
        return [_dealt(st)]
    if a is BEGIN:
        said = f"the table at the start of turn {st.turn_no + 1}" + (f", {st.outcome}: {st.why_ended}" if st.over else "")
        return [Told(said, [f"start: {said}"], "start")]
    if a.__class__ in SETUP_STEPS or a is FACE_DOWN:
        return []
    if a is END_TURN:
        said = f"{before.player.name}'s turn ends" + (f"; {st.said}" if st.said else "")
        return [Told(said, [f"{where}: {said}"])]
    return [Told(st.said, [f"{where}: {st.said}"])]


def _dealt(st: State) -> Told:
    level = st.level
    did = (f"{level.name}: {plural(level.clue_tokens, 'Clue Token')} to return; the Old Town at [0, 0] with every "
           f"meeple on it; the Clue Card {st.desk.clue}"
           + (f" under {plural(st.deck.jokers_out, 'Joker')}" if st.deck.jokers_out else "")
           + (f"; {plural(level.friends, 'Friend')} dealt face down to each player" if level.friends else ""))
    return Told(did, [f"setup: {did}"], "setup")


def said(st: State) -> Said:
    if st.over:
        return Said(waiting=f"the game is over: {st.outcome} ({st.why_ended})")
    p = st.player
    why = why_turn_short(st)
    moves = [a for a in (_drawn(st) or legal_moves(st)) if a is not END_TURN]
    listed = [write(st, a) for a in moves]
    notes = ([NOTES["draw"]] if "draw" in listed else []) + \
        ([NOTES["friend"]] if any(t.endswith(" friend") for t in listed) else [])
    options = [Option(t, words=words(st, a), places=places(st, a), draw=_tile_drawn(st) if t == "draw" else
                      _friend_turned(st, t) if t.endswith(" friend") else None)
               for t, a in zip(listed, moves)]
    return Said(to_move=p.name, options=options, forced=[why.message] if why else [], notes=notes,
                turn=f"turn {st.turn_no} ({p.name}) at {st.map.spot_text(p.spot)}: " + phase_words(st))


def _tile_drawn(st: State) -> PlayDraw:
    """`draw`: the face-down tile drawn, tapped on a button per tile left in the stack (River first)."""
    return PlayDraw(tuple((code, n) for code, n in sorted((st.stack() or {}).items()) if n > 0), 1, written="draw {}")


def _friend_turned(st: State, attempt: str) -> PlayDraw:
    """`clear 9D friend`: the Friend card turned up, tapped on a button per card it may be (any card not
    seen in play or discarded: the player's Friends lie face down), as printed on it (`5♥`), by suit."""
    cards = sorted(friend_cards(st), key=lambda c: (c.suit or "", RANKS.index(c.rank) if c.rank in RANKS else 99))
    return PlayDraw(tuple((str(c), 1) for c in cards), 1, written=attempt + " {}")


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


def cost(st: State, a: Step) -> None:
    return None


def turn_actions(record, kit) -> list[list[str]]:
    """Each turn's actions (`place 1 0 turned 90`) in the order the replay takes them, refused or
    not: a `clue` where the Clue Token came back. What `pnpkit moves` walks through, and the tests
    with it."""
    from pnpkit.scorer.games import load
    from pnpkit.scorer.replay import replay
    turns: list[list[str]] = []
    now = [""]

    def seen(where: str, st: State, a: Step) -> None:
        if a.__class__ in SETUP_STEPS or a.__class__ is AfterEnd:
            return
        turn = where.split(" (")[0]         # `turn 3 (Ann), place "1 0"` -> `turn 3`
        if turn != now[0]:
            turns.append([])
            now[0] = turn
        if a is not END_TURN and a is not FACE_DOWN:
            turns[-1].append(write(st, a))

    replay(load("fair-verona"), record, kit, watch=seen)
    return turns
