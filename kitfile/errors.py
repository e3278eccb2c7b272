"""What is wrong with what a person gave pnpkit: the one root of pnpkit's errors, and a file's
problems, each with its line and field.

Kept apart from the reading and the models (msgspec) so that everything that only reports or
catches a problem, the command line first, loads in no time.

Every error pnpkit raises on purpose is a PnpkitError, and the command line turns one into its
message and exit code in one place (pnpkit/cli.py); anything else that escapes a command is a bug,
said in one line with exit 3. The tree is as small as the exit codes:

    PnpkitError        2  input pnpkit cannot read, or will not take: one message for a person
    ├── SourceError    2  a file that cannot be read, each problem at its line and field (a kit
    │                     file, a record, a filled sheet, a command's option said as a file's)
    ├── InputError     2  a part of the input refused where its file and line are not known yet
    │                     (the caller that knows them raises a SourceError from it): YamlProblem,
    │                     OutsideKit, DeckError, FormProblem (kitfile); TemplateProblem, TooBig,
    │                     TextFitError, PictureError, SelectionError (generator); Beyond (a PDF
    │                     past its budget: scorer/pdf_limits.py); a move the web table refuses
    ├── OutputError    2  the output folder cannot take what pnpkit writes (generator/errors.py)
    └── the web app's refusals, each with its HTTP status (pnpkit/serve: Forbidden, NoForm, Conflict)

Exit 1 is a verdict (a record breaks the rules), not an error. Ctrl-C and SIGTERM (exit 130) stop
the work as KeyboardInterrupt, and a worker out of CPU time as CpuExceeded (pnpkit/worker.py):
signals, BaseExceptions, so that no `except Exception` of the work mistakes them for its own.
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


class PnpkitError(Exception):
    """Input pnpkit cannot read or will not take, said in one message (the tree: above)."""

    exit_code = 2       # what the command line exits with
    http_status = 400   # what the table's web app answers with


class InputError(PnpkitError):
    """A part of the input refused (a deck, a picture, a template, a filled box, an option), in one
    line, where the file and the line it is on are the caller's to add."""


class SourceError(PnpkitError):
    """A file that cannot be read: one message, each problem on its own line."""

    def __init__(self, file: str, problems: list[Problem]):
        self.file = file
        self.problems = problems
        super().__init__(str(self))

    def __reduce__(self):
        """Pickled as its file and problems (a record's refusal read by a cluster's client is
        sent to the worker that writes its line: pnpkit/many.py)."""
        return type(self), (self.file, self.problems)

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
