"""The filters a kit's templates may use besides jinja2's own: the rulebooks' ways of writing
rolls, costs and small numbers (docs/kit-file.md lists them)."""
from __future__ import annotations

from typing import Any


def rolls_text(rolls: list[int]) -> str:
    """[1, 2] -> "1 or 2"; [4, 5, 6] -> "4, 5 or 6"; all six -> "any roll"."""
    rolls = list(rolls)
    if sorted(rolls) == [1, 2, 3, 4, 5, 6]:
        return "any roll"
    if len(rolls) == 1:
        return str(rolls[0])
    return ", ".join(map(str, rolls[:-1])) + f" or {rolls[-1]}"


def _get(value: Any, key: str, default: Any = None) -> Any:
    """A field of a plain value (templates see dictionaries: generator/template_values.py)."""
    return value.get(key, default) if isinstance(value, dict) else getattr(value, key, default)


def cost_text(action: Any) -> str:
    """An action's printed cost: "1", "2", "1 each"."""
    cost = _get(action, "cost")
    word = "Nut Point" if cost == 1 else "Nut Points"
    return f"{cost} {word}" + (" each" if _get(action, "per_chestnut", False) else "")


def number_word(n: int) -> str:
    """3 -> "three", as a rulebook writes small numbers."""
    words = "zero one two three four five six seven eight nine ten eleven twelve".split()
    return words[n] if 0 <= n < len(words) else str(n)


def roll_groups(nut_points: list[int]) -> list[tuple[str, int]]:
    """[3, 3, 4, 4, 5, 5] -> [("1 or 2", 3), ("3 or 4", 4), ("5 or 6", 5)]: rolls that pay alike."""
    out: list[tuple[list[int], int]] = []
    for roll, points in enumerate(nut_points, start=1):
        if out and out[-1][1] == points:
            out[-1][0].append(roll)
        else:
            out.append(([roll], points))
    return [(rolls_text(r), p) for r, p in out]


def action_groups(actions: list[Any]) -> list[tuple[Any, list[Any]]]:
    """Actions in runs that share their rolls, Tongs state and whether they are forced, as the
    rulebook prints them under one heading. Yields (first action of the run, the run)."""
    out: list[tuple[Any, list[Any]]] = []

    def key(a: Any) -> tuple:
        return tuple(_get(a, "rolls") or ()), _get(a, "tongs"), _get(a, "forced")

    for a in actions:
        if out and key(out[-1][0]) == key(a):
            out[-1][1].append(a)
        else:
            out.append((a, [a]))
    return out


FILTERS = {
    "rolls": rolls_text,
    "cost": cost_text,
    "roll_groups": roll_groups,
    "number_word": number_word,
    "action_groups": action_groups,
}
