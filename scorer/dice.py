"""Dice as records write them: six-sided, 1 to 6.

A die a record writes outside 1-6 is an unreadable record (it cannot have been rolled), reported on
its line like any other malformed value; `Die` is the type of one die in a record model, `check`
the same test for dice read from notation, and `roll` what the random players throw.
"""
from __future__ import annotations

import random
from typing import Any

from pnpkit.kitfile.structs import Plain, convert

SIDES = 6


def check(value: int) -> int:
    """A die's face, or ValueError saying what a die shows."""
    if not 1 <= value <= SIDES:
        raise ValueError(f"a die roll is 1 to {SIDES}, got {value}")
    return value


class Die(Plain):
    """One die's face in a record: a whole number read laxly (`3.0`, `'3'`), then `check`ed. A custom
    type of kitfile/structs.py (`decode`, `json_schema`; its values plain ints)."""

    plain, json_schema = int, {"type": "integer", "minimum": 1, "maximum": SIDES}

    @classmethod
    def decode(cls, value: Any) -> int:
        if type(value) is int and 1 <= value <= SIDES:  # (most rolls: a plain int in range, as written)
            return value
        return check(convert(value, int))


def roll(rng: random.Random, dice: int = 1) -> tuple[int, ...]:
    """`dice` fair six-sided dice. (One die, the commonest throw, without a generator: the same draws.)"""
    if dice == 1:
        return (rng.randint(1, SIDES),)
    return tuple(rng.randint(1, SIDES) for _ in range(dice))
