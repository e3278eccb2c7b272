"""What every game's record model shares: strictness and the players' names.

Records are written by hand; a typo in a key must be an error, not a silently ignored line, so
every model of a record forbids unknown keys (`Strict`). Players are named in seat order and a
result refers to them by name, so two players of one name make a record unreadable.
"""
from __future__ import annotations

from typing import Annotated, Any, Iterable

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator


from pnpkit.scorer.pdf_limits import PDF_MAGIC, PDF_MAX_BYTES, is_pdf  # noqa: F401 (where they were)


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



def distinct_players(message: str) -> Any:
    """The validator of a record's `players`, a list of names: ValueError `message` (each game's
    words, on the record's line) where two are the same. In a model: `_distinct = distinct_players("...")`."""
    def distinct(cls, v: list[str]) -> list[str]:
        if len(set(v)) != len(v):
            raise ValueError(message)
        return v
    return field_validator("players")(distinct)


def _as_text(v: Any) -> Any:
    # `name: 7` or `- 2024` in YAML is a number; a player may well be called that.
    return str(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v


Name = Annotated[str, BeforeValidator(_as_text), Field(min_length=1, max_length=60, description="A player's name.")]
"""A player's name as written in a record (numbers read as names)."""

# What a record may hold (docs/safety.md): far more than any game played at a table, and little
# enough that checking the longest record allowed takes a second. A record past them is refused
# at its line.
MAX_TURNS = 1_000   # turns, rounds or encounters (a whole game has under a hundred)
MAX_ITEMS = 100     # actions in a turn, cards in a hand, storage cards, fire rolls in a round
MAX_PLAYERS = 20    # players listed (no game here seats more than six)
