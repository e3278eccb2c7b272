"""What is wrong with a file a person wrote: the problems, each with its line and field.

Kept apart from the reading and the models (pydantic) so that everything that only reports or
catches a problem, the command line first, loads in no time.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable


@dataclass
class Problem:
    """One thing wrong in a source file."""

    line: int | None
    field: str
    message: str


class SourceError(Exception):
    """A file that cannot be read: one message, each problem on its own line."""

    def __init__(self, file: str, problems: list[Problem]):
        self.file = file
        self.problems = problems
        super().__init__(str(self))

    def __str__(self) -> str:
        """Each problem on a line of its own, the whole under MESSAGE_MAX characters: a person
        mends the first problems and runs again; a long value is cut, never echoed whole."""
        file = _middle(self.file, 120)
        out: list[str] = []
        for i, p in enumerate(self.problems):
            where = f"{file}:{p.line}" if p.line else file
            text = f"{where}: {_middle(p.field, 80)}: {p.message}" if p.field else f"{where}: {p.message}"
            text = text if len(text) <= LINE_MAX else text[: LINE_MAX - 1] + "…"
            if out and sum(len(t) + 1 for t in out) + len(text) > MESSAGE_MAX - 40:
                out.append(f"... and {len(self.problems) - i} more problems")
                break
            out.append(text)
        return "\n".join(out)


LINE_MAX = 240     # one problem's line
MESSAGE_MAX = 440  # a whole message (the CLI adds "pnpkit: "): well under 500 characters


def did_you_mean(name: object, known: Iterable[str]) -> str:
    """` (did you mean 'chestnuts'?)` for the nearest of `known` to a misspelt `name`, or "": a name
    nobody meant is told apart from a slip of the finger (`build chesnuts`, a row `Rund 4`)."""
    import difflib
    near = difflib.get_close_matches(str(name)[:60], list(known), n=1, cutoff=0.75)
    return f" (did you mean {near[0]!r}?)" if near else ""


def _middle(text: str, width: int) -> str:
    """A long name cut in the middle, keeping its start and its end."""
    return text if len(text) <= width else text[: width // 2 - 1] + "…" + text[-(width // 2 - 1):]


def field_name(path: Iterable[Any]) -> str:
    """("components", 2, "size") -> "components[2].size"."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out
