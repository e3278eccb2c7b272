"""Until every game has moved into its package (issue 23): the names the games not yet moved import
from here. `Illegal` lives in scorer/game.py, `Replay` and `STEP_LIMIT` in scorer/replay.py (the one
replay driver). Whoever moves the last game deletes this module."""
from __future__ import annotations

from pnpkit.scorer.game import Illegal
from pnpkit.scorer.replay import STEP_LIMIT, Replay

__all__ = ["STEP_LIMIT", "Illegal", "Replay"]
