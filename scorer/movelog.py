"""What every move-log game shares: why a move is illegal, and the replay's running notes.

A game module's state answers three questions about a move (python-chess style): `why_illegal`
returns an `Illegal` or None, `legal_moves` lists the moves for which it returns None, and `apply`
plays a move it accepted. A replay asks `why_illegal` first, records the violation, and goes on
where the position still makes sense, so one check lists every problem. With `recording`, it also
keeps every step with the position after it (the replay page; scorer/play.py says what a step is).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from pnpkit.scorer.core import Violation
from pnpkit.scorer.game import Illegal
from pnpkit.scorer.play import Position, Step

__all__ = ["STEP_LIMIT", "Illegal", "Replay"]   # Illegal lives in scorer.game; the games not yet moved import it here


STEP_LIMIT = 5000
"""Steps a replay draws at the most: a long real game has a few hundred. A record from a stranger
with more is refused by the replay page; positions are not drawn up past one step beyond it."""


@dataclass
class Replay:
    """The violations, (with --explain) the position notes and (`recording`) the steps a replay
    collects. A step takes the violations reported since the one before it: a game reports an
    action's violations before it records the action's step, and a turn's own (a forced action
    left out) with a step of its own for the turn's end."""

    explaining: bool = False
    recording: bool = False
    violations: list[Violation] = field(default_factory=list)
    explain: list[str] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    _taken: int = 0

    def step(self, where: str, did: str, position: Callable[[], Position]) -> None:
        """Record a step; `position()` is only drawn up when recording."""
        if self.recording and len(self.steps) <= STEP_LIMIT:
            self.steps.append(Step(where, did, tuple(self.violations[self._taken:]), position()))
        self._taken = len(self.violations)

    def finish(self, where: str, did: str, position: Callable[[], Position]) -> None:
        """The violations no step has taken yet (found at the end) get a last step of their own."""
        if len(self.violations) > self._taken:
            self.step(where, did, position)

    def illegal(self, where: str, why: Illegal) -> None:
        self.violations.append(why.at(where))

    def not_played(self, where: str, why: Illegal, position: Callable[[], Position]) -> None:
        """A move refused: its violation, the --explain note, and a step that says it was not
        played (the position is unchanged)."""
        self.illegal(where, why)
        self.note(f"{where}: not played: {why.message} ({why.rule.id})")
        self.step(where, f"not played: {why.message}", position)

    def note(self, text: str) -> None:
        if self.explaining:
            self.explain.append(text)
