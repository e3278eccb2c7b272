"""The kinds of printable components a kit file may list.

PLACEHOLDER: the generator issue defines the real kinds (board, counters, cards, tiles,
score-sheet, reference) here as pydantic models in a discriminated union on `kind`.
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Component(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)
    kind: str
    name: str
