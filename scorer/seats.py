"""Seat order: who plays next, "clockwise from", and a short tag for each player.

Every record names its players in seat order, the first player first, and play goes clockwise,
which is that order (the player to your left is the next one in the list).
"""
from __future__ import annotations

from typing import Sequence


def next_seat(seat: int, players: int) -> int:
    """The seat to the left: the player who plays after `seat`."""
    return (seat + 1) % players


def clockwise_from(first: int, players: int) -> list[int]:
    """Every seat once, starting with `first` and going clockwise."""
    return [(first + k) % players for k in range(players)]


def closest_after(seat: int, players: int) -> list[int]:
    """Every seat, nearest clockwise to `seat` first, `seat` itself last ("the player closest to the
    one whose turn it is, counting clockwise")."""
    return clockwise_from(next_seat(seat, players), players)


def tags(names: Sequence[str]) -> list[str]:
    """One letter per player for a text picture: their initial, or their seat number (1, 2, ...)
    where two initials clash."""
    initials = [n[0].upper() if n else "?" for n in names]
    return [ini if initials.count(ini) == 1 else str(k + 1) for k, ini in enumerate(initials)]
