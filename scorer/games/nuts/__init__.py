"""NUTS (texts/nuts-factory.txt): the final score sheets, or the whole factory game as a move log
(docs/records/nuts.md), checked step by step and scored through the final sheets it ends with.

The descriptor, and a function for each part that imports it when first asked for (scorer/game.py),
typed with the protocol it keeps (scorer/protocol.py), which the type checker holds it to."""
from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from pnpkit.scorer.game import Game

if TYPE_CHECKING:
    from pnpkit.scorer.games.nuts.state import State, Step
    from pnpkit.scorer.protocol import Entries, Positions, Rules, Telling, Writes


def _rules() -> "Rules[State, Step]":
    from pnpkit.scorer.games.nuts import moves
    return moves


def _explain() -> "Telling[State, Step]":
    from pnpkit.scorer.games.nuts import explain
    return explain


def _position() -> "Positions[State]":
    from pnpkit.scorer.games.nuts import position
    return position


def _replay() -> "Entries[State]":
    from pnpkit.scorer.games.nuts import replay
    return replay


def _record() -> "Writes[State, Step]":
    from pnpkit.scorer.games.nuts import record
    return record


def _score() -> ModuleType:
    from pnpkit.scorer.games.nuts import score
    return score


def _sim() -> ModuleType:
    from pnpkit.scorer.games.nuts import sim
    return sim


def _opening() -> ModuleType:
    from pnpkit.scorer.games.nuts import opening
    return opening


def _pictures():
    from pnpkit.scorer.games.nuts.position import pictures
    return pictures


def _summary():
    from pnpkit.scorer.games.nuts.figures import summary
    return summary


def _form() -> ModuleType:
    from pnpkit.scorer.games.nuts import form
    return form


GAME = Game(id="nuts", ruling_letter="U", rulebook="nuts-factory.txt", records="either", rules=_rules,
            explain=_explain, position=_position, replay=_replay, record=_record, score=_score, sim=_sim,
            opening=_opening, pictures=_pictures, summary=_summary,
            form=_form)
