"""Chestnuts Roasting on an Open Fire (texts/chestnuts-roasting.txt): a move log, two players.

The descriptor, and a function for each part that imports it when first asked for (scorer/game.py),
typed with the protocol it keeps (scorer/protocol.py), which the type checker holds it to."""
from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from pnpkit.scorer.game import Game

if TYPE_CHECKING:
    from pnpkit.scorer.games.chestnuts.state import State, Step
    from pnpkit.scorer.protocol import Entries, Positions, Rules, Telling, Writes


def _rules() -> "Rules[State, Step]":
    from pnpkit.scorer.games.chestnuts import moves
    return moves


def _explain() -> "Telling[State, Step]":
    from pnpkit.scorer.games.chestnuts import explain
    return explain


def _position() -> "Positions[State]":
    from pnpkit.scorer.games.chestnuts import position
    return position


def _replay() -> "Entries[State]":
    from pnpkit.scorer.games.chestnuts import replay
    return replay


def _record() -> "Writes[State, Step]":
    from pnpkit.scorer.games.chestnuts import record
    return record


def _score() -> ModuleType:
    from pnpkit.scorer.games.chestnuts import score
    return score


def _sim() -> ModuleType:
    from pnpkit.scorer.games.chestnuts import sim
    return sim


def _form() -> ModuleType:
    from pnpkit.scorer.games.chestnuts import form
    return form


GAME = Game(id="chestnuts", ruling_letter="C", rulebook="chestnuts-roasting.txt", rules=_rules, explain=_explain,
            position=_position, replay=_replay, record=_record, score=_score, sim=_sim,
            form=_form)
