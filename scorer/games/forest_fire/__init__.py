"""Forest Fire (rulings F1-F8): a cooperative move log replayed round by round, from the setup's
rolls or a `start:` position.

The descriptor, and a function for each part that imports it when first asked for (scorer/game.py),
typed with the protocol it keeps (scorer/protocol.py), which the type checker holds it to."""
from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from pnpkit.scorer.game import Game

if TYPE_CHECKING:
    from pnpkit.scorer.games.forest_fire.state import Play, State
    from pnpkit.scorer.protocol import Entries, Positions, Rules, Telling, Writes


def _rules() -> "Rules[State, Play]":
    from pnpkit.scorer.games.forest_fire import moves
    return moves


def _explain() -> "Telling[State, Play]":
    from pnpkit.scorer.games.forest_fire import explain
    return explain


def _position() -> "Positions[State]":
    from pnpkit.scorer.games.forest_fire import position
    return position


def _replay() -> "Entries[State]":
    from pnpkit.scorer.games.forest_fire import replay
    return replay


def _record() -> "Writes[State, Play]":
    from pnpkit.scorer.games.forest_fire import record
    return record


def _score() -> ModuleType:
    from pnpkit.scorer.games.forest_fire import score
    return score


def _sim() -> ModuleType:
    from pnpkit.scorer.games.forest_fire import sim
    return sim


def _opening() -> ModuleType:
    from pnpkit.scorer.games.forest_fire import opening
    return opening


def _roles():
    from pnpkit.scorer.games.forest_fire.sim import roles
    return roles


def _setups():
    from pnpkit.scorer.games.forest_fire.sim import setups
    return setups


def _summary():
    from pnpkit.scorer.games.forest_fire.sim import summary
    return summary


def _form() -> ModuleType:
    from pnpkit.scorer.games.forest_fire import form
    return form


GAME = Game(id="forest-fire", ruling_letter="F", rulebook="forest-fire.txt", rules=_rules, explain=_explain,
            position=_position, replay=_replay, record=_record, score=_score, sim=_sim, opening=_opening,
            roles=_roles, setups=_setups, summary=_summary,
            form=_form, cooperative=True)
