"""The pydantic pieces of scorer/records.py, for the games whose records are still pydantic models
(issue 40 moves every record to msgspec, scorer/records.py, game by game; this module goes when the
last game has left it). The same pieces as before, unchanged; what is not pydantic's is imported
from scorer/records.py, which holds it once.
"""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, field_validator

from pnpkit.scorer.records import (MAX_ITEMS, MAX_PLAYERS, MAX_TURNS, NAME_MAX, as_text, plain_name,  # noqa: F401
                                   check_unique_names)


class Strict(BaseModel):
    """Base of every record model: unknown keys are rejected by name."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def distinct_players(message: str) -> Any:
    """The validator of a record's `players`, a list of names: ValueError `message` (each game's
    words, on the record's line) where two are the same. In a model: `_distinct = distinct_players("...")`."""
    def distinct(cls, v: list[str]) -> list[str]:
        if len(set(v)) != len(v):
            raise ValueError(message)
        return v
    return field_validator("players")(distinct)


Name = Annotated[str, BeforeValidator(as_text), Field(min_length=1, max_length=NAME_MAX, description="A player's name."),
                 AfterValidator(plain_name)]
"""A player's name as written in a record (numbers read as names), as compared: `plain_name`."""
