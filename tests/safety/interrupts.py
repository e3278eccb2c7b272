"""What a stopped pnpkit process may say: pnpkit's interrupted line, or, for a signal that came
while Python itself started (site and its .pth files, the standard streams, the first bytecodes
of the console script), Python's own words, in which no line of pnpkit's code appears.

tests/test_ctrl_c.py and tests/test_output_set.py stop processes at moments spread over their
start-up; on a loaded machine the interpreter's own start can take longer than any delay chosen
from an unloaded one, so a stop that lands there is told apart by what it printed, not by when.
"""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INTERRUPTED = "pnpkit: interrupted; nothing was half-written (outputs are replaced whole or not at all)\n"


INIT = ROOT / "pnpkit" / "__init__.py"
# the line of pnpkit/__init__.py from which pnpkit catches Ctrl-C: a stop that Python raises at an
# earlier line of it (or at that one, before the call sets the handler) came before pnpkit's code
CAUGHT_FROM = next(i for i, line in enumerate(INIT.read_text().splitlines(), 1)
                   if "pnpkit catches Ctrl-C from here" in line)


def _before_pnpkit(line: str) -> bool:
    return (f'File "{INIT}", line ' in line and line.rstrip().endswith("in <module>")
            and int(line.split(", line ")[1].split(",")[0]) <= CAUGHT_FROM)


def pnpkit_frames(err: str) -> list[str]:
    """The traceback lines of `err` that are pnpkit's own code (the repository, not its venv),
    once it catches Ctrl-C."""
    frames = [line.strip() for line in err.splitlines() if line.strip().startswith("File ")]
    ours = [line for line in frames if str(ROOT) in line and "/.venv/" not in line and "site-packages" not in line]
    if ours and ours == frames[-len(ours):] and len(ours) == 1 and _before_pnpkit(ours[0]):
        return []  # raised in pnpkit/__init__.py's first lines, for a signal that came before them
    return ours


def pythons_own(code: int, err: str) -> bool:
    """A stop while Python started, before pnpkit's first line (pnpkit/__init__.py) ran: killed
    silently (the signal's default), Python's fatal start-up error, or a KeyboardInterrupt
    traceback none of whose frames is pnpkit's."""
    if code < 0 and err == "":
        return True
    if "Fatal Python error: init_" in err:
        return code != 0
    return "KeyboardInterrupt" in err and not pnpkit_frames(err) and "pnpkit:" not in err
