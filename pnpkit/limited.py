"""A stranger's file read in a process of its own, under the operating system's limits.

The readers' budgets (a PDF's inflated bytes and dictionaries, a record's values) stop every
input anyone thought of; this is for the rest, as pnpkit/worker.py is for a build. A reader named
in READERS ("module:function", given the file's bytes and its display name, returning its text or
bytes, or raising SourceError) runs in a fresh interpreter that first limits its own address
space (RLIMIT_AS) and CPU time (RLIMIT_CPU), then reads the bytes from its standard input and
answers in JSON on its standard output. However the reader ends, the caller gets the text, or a
SourceError naming the file: its own refusal, or the limit it reached, said as a limit.

A fresh interpreter, not a fork: `pnpkit serve` runs threads (a fork would copy locks other
threads hold) and may be anywhere in its event loop. It starts isolated (`-I`: no current folder
on its path, so a stranger's folder holding a `yaml.py` is never imported) and is given this
process's module path instead. It costs about 0.3 s of CPU, which only a PDF or an upload pays.

`pnpkit score SHEET.pdf` reads a PDF through it (`read`); `pnpkit serve` reads every upload
through it from a thread (`pnpkit/serve/uploads.py`), so the event loop goes on answering.
"""
from __future__ import annotations

import base64
import json
import os
import signal
import subprocess
import sys
from dataclasses import dataclass

READERS = {
    "sheet": "pnpkit.reading:sheet_text",        # a filled fillable score sheet (PDF) -> its record's YAML
    "record": "pnpkit.reading:upload_text",      # an uploaded record or sheet -> its YAML, read and scored
}


@dataclass(frozen=True)
class Limits:
    cpu: int = 3            # s of CPU time, the interpreter's start included: reading a filled sheet takes 0.3 s
    mb: int = 400           # MB of address space: reading a filled sheet maps 62 MB
    wall: float = 300.0     # s on the clock: only for a reader stuck on something other than CPU
    usual: str = "a filled score sheet is read in 0.3 s and 60 MB"   # said beside a limit reached


LIMITS = Limits()
EXIT_LIMIT = 3              # the reader's exit status when it reached a limit it could say (JSON says which)


def read(kind: str, raw: bytes, name: str, limits: Limits = LIMITS) -> str | bytes:
    """`raw` read by the READERS[kind] in a process of its own under `limits`: its text (or
    bytes), or a SourceError naming `name` (the reader's own, or the limit it reached)."""
    head = json.dumps({"kind": kind, "name": name[:300], "cpu": limits.cpu, "mb": limits.mb}).encode()
    start = f"import sys; sys.path[:0] = {[p for p in sys.path if p]!r}; from pnpkit.limited import main; main()"
    try:
        done = subprocess.run([sys.executable, "-I", "-c", start], input=head + b"\n" + raw, capture_output=True,
                              timeout=limits.wall)
    except subprocess.TimeoutExpired:
        raise _refused(name, f"reading it took more than {limits.wall:.0f} s") from None
    return _answer(done, name, limits)


def _answer(done: subprocess.CompletedProcess, name: str, limits: Limits) -> str | bytes:
    try:
        said = json.loads(done.stdout) if done.stdout else {}
    except ValueError:
        said = {}
    if "text" in said:
        return said["text"]
    if "bytes" in said:
        return base64.b64decode(said["bytes"])
    if "problems" in said:
        from pnpkit.kitfile.errors import Problem, SourceError
        raise SourceError(said["file"], [Problem(*p) for p in said["problems"]])
    code = done.returncode
    if code in (-signal.SIGINT, -signal.SIGTERM):   # Ctrl-C at the terminal reached the reader first
        raise KeyboardInterrupt
    if said.get("limit") == "cpu" or code in (-signal.SIGXCPU, -signal.SIGKILL):
        raise _refused(name, f"reading it needed more than {limits.cpu} s of CPU time, the most one file may "
                             f"take ({limits.usual})")
    if said.get("limit") == "memory" or code in (-signal.SIGABRT, -signal.SIGSEGV, -signal.SIGBUS):
        raise _refused(name, f"reading it needed more than {limits.mb} MB of memory, the most one file may "
                             f"take ({limits.usual})")
    detail = said.get("error") or done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or [f"exit {code}"]
    raise RuntimeError(f"reading {name} in a process of its own failed: {detail if isinstance(detail, str) else detail[0]}")


def _refused(name: str, message: str):
    from pnpkit.kitfile.errors import Problem, SourceError
    return SourceError(name, [Problem(None, "", message)])


class _CpuSpent(BaseException):
    """RLIMIT_CPU's warning (SIGXCPU): a BaseException, so no `except Exception` of a reader
    mistakes it for the file's own problem."""


def main() -> None:
    """The reading process: limits first, then the bytes, then one JSON answer."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)     # Ctrl-C at the terminal: gone at once; the caller says it
    stdin = sys.stdin.buffer
    asked = json.loads(stdin.readline(10_000))     # a name of 300 characters is 3,600 bytes at the most
    _limit(int(asked["cpu"]), int(asked["mb"]))
    raw = stdin.read()
    try:
        answer = _run(asked["kind"], raw, asked["name"])
    except _CpuSpent:
        answer = {"limit": "cpu"}
    except MemoryError:
        answer = {"limit": "memory"}
    if "text" not in answer and "bytes" not in answer and _peak_mb() > 0.95 * int(asked["mb"]):
        answer = {"limit": "memory"}   # a library that turned a refused allocation into its own error (pypdf does)
    sys.stdout.buffer.write(json.dumps(answer).encode())
    sys.stdout.flush()
    os._exit(EXIT_LIMIT if "limit" in answer else 0)


def _run(kind: str, raw: bytes, name: str) -> dict:
    import importlib
    from pnpkit.kitfile.errors import SourceError
    module, function = READERS[kind].split(":")
    try:
        got = getattr(importlib.import_module(module), function)(raw, name)
    except SourceError as e:
        return {"file": e.file, "problems": [[p.line, p.field, p.message] for p in e.problems]}
    except (MemoryError, _CpuSpent):
        raise
    except Exception as e:  # noqa: BLE001 - a reader's bug: said by the caller, never a traceback here
        return {"error": f"{type(e).__name__}: {e}"[:500]}
    return {"bytes": base64.b64encode(got).decode()} if isinstance(got, bytes) else {"text": got}


def _peak_mb() -> float:
    """This process's largest address space so far (Linux's VmPeak), or 0 where it is not known."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            return next((int(line.split()[1]) / 1024 for line in f if line.startswith("VmPeak:")), 0.0)
    except (OSError, ValueError):
        return 0.0


def _limit(cpu: int, mb: int) -> None:
    import resource

    from pnpkit.rlimits import lowered

    def spent(signum: int, frame: object) -> None:
        signal.signal(signal.SIGXCPU, signal.SIG_IGN)
        raise _CpuSpent()
    signal.signal(signal.SIGXCPU, spent)
    for which, soft, hard in ((resource.RLIMIT_CORE, 0, 0), (resource.RLIMIT_CPU, cpu, cpu + 1),
                              (resource.RLIMIT_AS, mb << 20, mb << 20)):
        try:
            resource.setrlimit(which, lowered(which, soft, hard))
        except (ValueError, OSError):   # a system that refuses one (macOS and RLIMIT_AS): the readers' budgets hold
            pass
