"""In the Nuts! before its first turn (scorer/game.py: `opening`): nothing is asked; the record's
setup is written entry by entry at the table, the face-up nuts first (the table waits for them)."""
from __future__ import annotations


def asks(kit, names: list[str]) -> list:
    return []


def record(kit, names: list[str], answers: dict[str, str]) -> dict:
    return {"game": "in-the-nuts", "players": list(names), "setup": {"nuts": [], "first": {}}}
