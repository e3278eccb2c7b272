"""Fair Verona (rulings V1-V20): a game log replayed turn by turn on the kit's Carcassonne tiles,
from the setup or from the table at the start of a turn (`start:`), or encounter checks (record.py
says which a record is).

The descriptor, and a function for each part that imports it when first asked for (scorer/game.py),
typed with the protocol it keeps (scorer/protocol.py), which the type checker holds it to."""
from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from pnpkit.scorer.game import Game

if TYPE_CHECKING:
    from pnpkit.scorer.games.fair_verona.state import State, Step
    from pnpkit.scorer.protocol import Entries, Positions, Rules, Telling, Writes


def _rules() -> "Rules[State, Step]":
    from pnpkit.scorer.games.fair_verona import moves
    return moves


def _explain() -> "Telling[State, Step]":
    from pnpkit.scorer.games.fair_verona import explain
    return explain


def _position() -> "Positions[State]":
    from pnpkit.scorer.games.fair_verona import position
    return position


def _replay() -> "Entries[State]":
    from pnpkit.scorer.games.fair_verona import replay
    return replay


def _record() -> "Writes[State, Step]":
    from pnpkit.scorer.games.fair_verona import record
    return record


def _score() -> ModuleType:
    from pnpkit.scorer.games.fair_verona import score
    return score


def _sim() -> ModuleType:
    from pnpkit.scorer.games.fair_verona import sim
    return sim


def _opening() -> ModuleType:
    from pnpkit.scorer.games.fair_verona import opening
    return opening


def _setups():
    from pnpkit.scorer.games.fair_verona.sim import setups
    return setups


def _summary():
    from pnpkit.scorer.games.fair_verona.sim import summary
    return summary


GAME = Game(id="fair-verona", ruling_letter="V", rulebook="fair-verona.txt", records="either", rules=_rules,
            explain=_explain, position=_position, replay=_replay, record=_record, score=_score, sim=_sim,
            opening=_opening, setups=_setups, summary=_summary,
            cooperative=True)
