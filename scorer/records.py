"""What every game's record model shares: strictness and the players' names.

Records are written by hand; a typo in a key must be an error, not a silently ignored line, so
every model of a record forbids unknown keys (`Strict`). Players are named in seat order and a
result refers to them by name, so two players of one name make a record unreadable.
"""
from __future__ import annotations

from typing import Iterable

from pydantic import BaseModel, ConfigDict


class Strict(BaseModel):
    """Base of every record model: unknown keys are rejected by name."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def check_unique_names(names: Iterable[str]) -> None:
    """Raise ValueError (reported on the record's line) if a player's name appears twice."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise ValueError(f"two players are called {name!r}: give each player a different name")
        seen.add(name)

