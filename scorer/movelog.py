"""What every move-log game shares: why a move is illegal, and the replay's running notes.

A game module's state answers three questions about a move (python-chess style): `why_illegal`
returns an `Illegal` or None, `legal_moves` lists the moves for which it returns None, and `apply`
plays a move it accepted. A replay asks `why_illegal` first, records the violation, and goes on
where the position still makes sense, so one check lists every problem.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from scorer.core import Violation
from scorer.rulebook import Rule


@dataclass(frozen=True)
class Illegal:
    """Why a move cannot be played here: the message and the rule that forbids it."""

    message: str
    rule: Rule

    def at(self, where: str) -> Violation:
        return Violation.of(where, self.message, self.rule)


@dataclass
class Replay:
    """The violations and (with --explain) the position notes a replay collects."""

    explaining: bool = False
    violations: list[Violation] = field(default_factory=list)
    explain: list[str] = field(default_factory=list)

    def illegal(self, where: str, why: Illegal) -> None:
        self.violations.append(why.at(where))

    def note(self, text: str) -> None:
        if self.explaining:
            self.explain.append(text)
