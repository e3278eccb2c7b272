"""The floor of issue 40's simulation figure: OpenSpiel's pure-Python tic-tac-toe, played at random.

Source: google-deepmind/open_spiel, open_spiel/python/games/tic_tac_toe.py (read at commit
112b77704631fc2ce7ad8e4581f6ca09798ce15a, July 2026). OpenSpiel itself is not installed: its
`TicTacToeState` is copied here in the same shape, with the same numpy board and the same line
checks (`_has_line`, `_line_exists`, `all(board.ravel() != ".")`), on a small stand-in for the
C++ `pyspiel.State` it subclasses, which does what spiel.cc's `State::ApplyAction` does (the
player to move read first, the action applied, appended to the history, the move number counted)
and `LegalActions()` (the current player's `_legal_actions`, none once terminal). The stand-in
does not copy the action list between Python and C++ as pybind11 does, so the floor is if
anything a little faster than the real thing: a stricter baseline.

The loop is OpenSpiel's random simulation (`random_sim_test`'s shape): a new initial state; while
it is not terminal, a uniformly random choice among `legal_actions()`, `apply_action`; then
`returns()`. What it counts: actions applied (moves on the board), per second of this process's
CPU time. pnpkit's figure counts only the players' actions of a Chestnuts game too, not its die
rolls or its turns' ends, which it also plays.

    .venv/bin/python bench/tictactoe_floor.py [--games 20000] [--seed 1] [--json]
"""
from __future__ import annotations

import argparse
import json
import random
import time

import numpy as np

_NUM_ROWS = 3
_NUM_COLS = 3
_NUM_CELLS = _NUM_ROWS * _NUM_COLS
TERMINAL = -4           # pyspiel.PlayerId.TERMINAL


class _SpielState:
    """The part of the C++ `pyspiel.State` a random simulation goes through."""

    def __init__(self) -> None:
        self.history: list[tuple[int, int]] = []
        self.move_number = 0

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        return self._legal_actions(self.current_player())

    def apply_action(self, action: int) -> None:
        player = self.current_player()
        self._apply_action(action)
        self.history.append((player, action))
        self.move_number += 1


class TicTacToeState(_SpielState):
    """OpenSpiel's `TicTacToeState` (its constructor without the `state=` restore, unused here)."""

    def __init__(self) -> None:
        super().__init__()
        self._cur_player = 0
        self._player0_score = 0.0
        self._is_terminal = False
        self.board = np.full((_NUM_ROWS, _NUM_COLS), ".")

    def current_player(self):
        return TERMINAL if self._is_terminal else self._cur_player

    def _legal_actions(self, player):
        return [a for a in range(_NUM_CELLS) if self.board[_coord(a)] == "."]

    def _apply_action(self, action):
        self.board[_coord(action)] = "x" if self._cur_player == 0 else "o"
        if _line_exists(self.board):
            self._is_terminal = True
            self._player0_score = 1.0 if self._cur_player == 0 else -1.0
        elif all(self.board.ravel() != "."):
            self._is_terminal = True
        else:
            self._cur_player = 1 - self._cur_player

    def is_terminal(self):
        return self._is_terminal

    def returns(self):
        return [self._player0_score, -self._player0_score]


def _has_line(board, player):
    return (
        all(board[0] == player)
        or all(board[1] == player)
        or all(board[2] == player)
        or all(board[:, 0] == player)
        or all(board[:, 1] == player)
        or all(board[:, 2] == player)
        or all(board.diagonal() == player)
        or all(np.fliplr(board).diagonal() == player)
    )


def _line_exists(board):
    if _has_line(board, "x"):
        return "x"
    if _has_line(board, "o"):
        return "o"
    return None


def _coord(move):
    return (move // _NUM_COLS, move % _NUM_COLS)


def play(games: int, seed: int) -> tuple[int, float]:
    """(actions applied, CPU seconds) of `games` random games."""
    rng = random.Random(seed)
    actions = 0
    start = time.process_time()
    for _ in range(games):
        state = TicTacToeState()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        state.returns()
    return actions, time.process_time() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print {games, actions, cpu} (bench/simulate.py reads it)")
    opts = ap.parse_args()
    actions, cpu = play(opts.games, opts.seed)
    if opts.json:
        print(json.dumps({"games": opts.games, "actions": actions, "cpu": cpu}))
        return
    print(f"{opts.games:,} random tic-tac-toe games: {actions:,} actions in {cpu:.2f} s CPU, "
          f"{actions / cpu:,.0f} actions/s")


if __name__ == "__main__":
    main()
