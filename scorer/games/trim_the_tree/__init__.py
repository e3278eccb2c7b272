"""Trim the Tree (texts/trim-the-tree.txt): a move log of rounds, one to five players.

The descriptor, and a function for each part that imports it when first asked for (scorer/game.py),
typed with the protocol it keeps (scorer/protocol.py), which the type checker holds it to."""
from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from pnpkit.scorer.game import Game

if TYPE_CHECKING:
    from pnpkit.scorer.games.trim_the_tree.state import State, Step
    from pnpkit.scorer.protocol import Entries, Positions, Rules, Telling, Writes


def _rules() -> "Rules[State, Step]":
    from pnpkit.scorer.games.trim_the_tree import moves
    return moves


def _explain() -> "Telling[State, Step]":
    from pnpkit.scorer.games.trim_the_tree import explain
    return explain


def _position() -> "Positions[State]":
    from pnpkit.scorer.games.trim_the_tree import position
    return position


def _replay() -> "Entries[State]":
    from pnpkit.scorer.games.trim_the_tree import replay
    return replay


def _record() -> "Writes[State, Step]":
    from pnpkit.scorer.games.trim_the_tree import record
    return record


def _score() -> ModuleType:
    from pnpkit.scorer.games.trim_the_tree import score
    return score


def _sim() -> ModuleType:
    from pnpkit.scorer.games.trim_the_tree import sim
    return sim


def _form() -> ModuleType:
    from pnpkit.scorer.games.trim_the_tree import form
    return form


GAME = Game(id="trim-the-tree", ruling_letter="T", rulebook="trim-the-tree.txt", rules=_rules, explain=_explain,
            position=_position, replay=_replay, record=_record, score=_score, sim=_sim,
            form=_form, first_player="the starting player")
