"""Fair Verona's game log replayed turn by turn (rulings V1-V20).

The record says what only the table saw (the setup's cards, each tile drawn and where it went, the
cards drawn, the attempt at an Encounter, the move, the hand-offs); the replay works out the rest
(Friends made, the Clue Token's prize, Jokers laid and discarded, the end) and checks every action
with moves.why_illegal, the same function `pnpkit moves` asks (table.py).
"""
from __future__ import annotations

from pnpkit.scorer.cards import Card
from pnpkit.scorer.core import Result, Violation, plural, where_turn
from pnpkit.scorer.games.fair_verona import rules as R
from pnpkit.scorer.games.fair_verona.moves import apply, deal_clue, end_turn, why_illegal, why_turn_short
from pnpkit.scorer.games.fair_verona.notation import entries, entry, text
from pnpkit.scorer.games.fair_verona.position import picture
from pnpkit.scorer.games.fair_verona.record import TurnEntry
from pnpkit.scorer.games.fair_verona.state import Action, Clear, Person, State
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.replay import Replay


class Run:
    """One replay of a game log: the state, the violations and notes, the steps."""

    def __init__(self, record, kit, replay: Replay) -> None:
        self.record, self.kit, self.replay = record, kit, replay
        self.params = kit.params
        self.names = [p.name for p in record.players]
        level = next(d for d in self.params.difficulties if d.name.lower() == record.difficulty.lower())
        self.level = level
        self.state = State(self.params, [Person(p.name, p.identity) for p in record.players], level.clue_tokens)
        self.encounters: list[dict] = []
        self.played: list[list[str]] = []       # each turn's actions, in the order they were taken

    def show(self, where: str, did: str) -> None:
        self.replay.note(f"{where}: {did}")
        self.replay.step(where, did, lambda: picture(self.state))

    def illegal(self, where: str, why: Illegal) -> None:
        self.replay.not_played(where, why, lambda: picture(self.state))

    def setup(self) -> None:
        st, game, rec = self.state, self.kit.game, self.record
        n = len(rec.players)
        if not game.min_players <= n <= game.max_players:
            self.replay.violations.append(Violation.of("setup, players", f"{n} players; the game is for {game.players}", R.V8))
        seen: dict[Card, str] = {}
        for p in rec.players:
            where = f'setup, {p.name} "{p.identity}"'
            if p.identity.joker:
                self.replay.illegal(where, Illegal("an Identity is a person: a Joker is not (it covers the Clue Card)", R.V8))
            elif p.identity in seen:
                self.replay.illegal(where, Illegal(f"{p.identity} is also {seen[p.identity]}'s Identity: each card is "
                                                   f"one person", R.UNIQUE))
            seen.setdefault(p.identity, p.name)
        clues = rec.clue if isinstance(rec.clue, list) else [rec.clue]
        for k, card in enumerate(clues, 1):
            where = f'setup, Clue Card "{card}"'
            last = k == len(clues)
            if card.joker == last or (why := st.deck.why_not(card)):
                message = ("the first Clue Card is a card, not a Joker (a Joker turned up is written before it)"
                           if card.joker and last else "one Clue Card: the cards before it are Jokers that turned up"
                           if not card.joker else why)
                self.illegal(where, Illegal(message, R.V9 if card.joker or not last else R.UNIQUE))
                continue
            deal_clue(st, card)
        st.deal_friends(self.level.friends)
        self.show("setup", f"{self.level.name}: {plural(self.level.clue_tokens, 'Clue Token')} to return; the Old "
                           f"Town at [0, 0] with every meeple on it; the Clue Card {st.desk.clue}"
                  + (f" under {plural(st.deck.jokers_out, 'Joker')}" if st.deck.jokers_out else "")
                  + (f"; {plural(self.level.friends, 'Friend')} dealt face down to each player" if self.level.friends else ""))

    def turn(self, k: int, written: TurnEntry, whole: bool = True) -> None:
        """Turn k (1-based). With `whole` False the turn is still open (`pnpkit moves`)."""
        st = self.state
        if st.over:
            if written.data():
                self.illegal(f"turn {k}", Illegal(f"the game was already {st.outcome} ({st.why_ended})",
                                                  R.WIN if st.outcome == "won" else R.LOSE))
            return
        st.begin_turn((k - 1) % len(st.people))
        self.played.append([])
        name = st.player.name
        actions = entries(written.data(), self.names)
        clues = [a for a in actions if a.key == "clue"]
        for a in [a for a in actions if a.key != "clue"]:
            while st.clue_due and clues:
                self.act(k, name, clues.pop(0))
            self.act(k, name, a)
        for a in clues:
            self.act(k, name, a)
        if not whole:
            return
        if (why := why_turn_short(st)) is not None:
            self.replay.illegal(where_turn(k, name), why)
        did = end_turn(st)
        self.show(where_turn(k, name), f"{name}'s turn ends" + (f"; {did}" if did else ""))

    def act(self, k: int, name: str, a: Action) -> None:
        st = self.state
        where = f'{where_turn(k, name)}, {a.key} "{entry(a)}"'
        if self.played:
            self.played[-1].append(text(a))
        if (why := why_illegal(st, a)) is not None:
            self.illegal(where, why)
            return
        prize = isinstance(a, Clear) and any(h.card == a.card and h.token for h in st.player.encounters)
        did = apply(st, a)
        if isinstance(a, Clear) and st.last_outcome is not None:
            self.encounters.append({**st.last_outcome.to_json(), "clue": prize})
        self.show(where, did)

    def result(self) -> Result:
        st = self.state
        outcome = "unfinished" if st.outcome == "playing" else st.outcome
        extra = {"outcome": outcome, "encounters": self.encounters, "turn": st.ended or st.turn_no,
                 "clue_tokens": {"returned": st.desk.returned, "total": st.desk.total}}
        if st.over:
            extra["why"] = st.why_ended
        return Result(game=R.ID, violations=self.replay.violations, finished=outcome != "unfinished", extra=extra,
                      explain=self.replay.explain, cooperative=True, steps=self.replay.steps)


def turn_actions(record, kit) -> list[list[str]]:
    """Each turn's actions (`place 1 0 turned 90`) in the order the replay takes them: a `clue`
    where the Clue Token came back. What `pnpkit moves` walks through, and the tests with it."""
    run = Run(record, kit, Replay())
    run.setup()
    for k, t in enumerate(record.turns, 1):
        run.turn(k, t)
    return run.played


def score_log(record, kit, explain: bool = False, steps: bool = False) -> Result:
    run = Run(record, kit, Replay(explaining=explain, recording=steps))
    run.setup()
    for k, t in enumerate(record.turns, 1):
        run.turn(k, t)
    run.replay.finish("end", "the record ends here", lambda: picture(run.state))
    return run.result()
