"""The work that reads strangers' files runs in a worker process under operating-system limits.

pnpkit's own budgets (a kit's pictures, templates, decks: docs/safety.md) stop every input anyone
thought of. This is for the rest: `build`, `preview` and `export` fork a worker that runs the
command under RLIMIT_AS (memory) and RLIMIT_CPU (time), while this process only waits. However
the worker ends, the person sees one line and an exit code pnpkit documents:
- it finishes, or refuses the kit itself: its own messages and exit code;
- it runs out of memory (a MemoryError, or a library that aborts when an allocation fails) or
  of CPU time: exit 2 and one line naming the kit and the limit it reached;
- Ctrl-C (or SIGTERM): `pnpkit: interrupted...` and exit 130. The waiting process passes it on
  to the worker and says the line; a worker that has not stopped GRACE_S later (busy in a C
  library that never looks at signals: lxml on an element of 200,000 attributes took minutes) is
  killed, so Ctrl-C ends any build within 2 s.

The waiting process says what ended the worker (an interruption, a limit); the worker says only
what its work has to say. `call` is the same worker for a process that lives on (`build --watch`).

`guarded` is also how a command without a worker ends: after its work, Ctrl-C and SIGTERM are
blocked before anything is flushed, so a Ctrl-C in the last moments still says its line and
exits 130 instead of killing Python on its way out (exit -2, no message).
"""
from __future__ import annotations

import json
import os
import resource
import signal
import sys
import tempfile
from collections.abc import Callable
from typing import Any, NoReturn

from pnpkit import rlimits

MEMORY_MB = 1024      # address space of the worker: a normal build maps 230 MB, the largest kit 500 MB
CPU_SECONDS = 60      # CPU time of the worker: every shipped kit for both papers takes under 10 s
EXIT_UNREADABLE, EXIT_INTERNAL, EXIT_INTERRUPTED = 2, 3, 130
EXIT_LIMIT = 125      # between a worker and its waiting process only: it ran out of memory or CPU time
GRACE_S = 1.5         # after a Ctrl-C, how long the worker has to stop before it is killed
COMMANDS = ("build", "preview", "export")  # the commands that read a kit's templates, art and decks
STOPS = (signal.SIGINT, signal.SIGTERM)


class CpuExceeded(BaseException):
    """The worker's CPU time ran out (SIGXCPU). A BaseException, so no `except Exception` of the
    work mistakes it for the kit's own error."""


class LimitReached(Exception):
    """A worker of `call` ended without its result: it ran out of memory or CPU time (the message
    says which, naming the kit), or failed otherwise."""


class _State:
    interrupted = False  # a Ctrl-C or SIGTERM has arrived
    raised = False       # ... and stopped the work (once: a second one is only noted)
    ending = False       # the work is over: a Ctrl-C now is noted, never raised
    said = False         # the interrupted line has been printed
    worker = False       # this process is a worker (its waiting process says the line)
    in_hook = False      # _unraisable is re-tripping a Ctrl-C: another one now waits (pending)
    pending = False


def limits() -> tuple[int, int]:
    """(MB of memory, s of CPU) for a worker: the defaults, or lower/higher from the environment
    (PNPKIT_WORKER_MB, PNPKIT_WORKER_CPU: the builder's own choice, never a kit's)."""
    def number(name: str, default: int) -> int:
        try:
            return max(1, int(os.environ.get(name, default)))
        except ValueError:
            return default
    return number("PNPKIT_WORKER_MB", MEMORY_MB), number("PNPKIT_WORKER_CPU", CPU_SECONDS)


def command(argv: list[str]) -> str | None:
    """The command a command line names: its first word that is not an option."""
    return next((a for a in argv if not a.startswith("-")), None)


def wanted(argv: list[str]) -> bool:
    """Whether this command line runs its work in a worker (not `--watch`, which lives for hours;
    not `--help`)."""
    return command(argv) in COMMANDS and not {"--watch", "--help", "-h"} & set(argv)


def say_interrupted() -> None:
    """The interrupted line, once (the command's handler or the ending may say it); a worker's
    is said by the process waiting for it, which outlives it."""
    from pnpkit import MESSAGE
    if not (_State.said or _State.worker):
        _State.said = True
        sys.stderr.write(MESSAGE + "\n")
        sys.stderr.flush()


def interrupted() -> None:
    """Say the interrupted line (once per process) and exit 130."""
    say_interrupted()
    sys.exit(EXIT_INTERRUPTED)


def _stop(signum: int, frame: object) -> None:
    """Ctrl-C or SIGTERM: the first stops the work; any later one, or one after the work is over,
    is only noted (raising again would interrupt the first one's clean-up, or Python's exit)."""
    _State.interrupted = True
    if _State.in_hook:
        _State.pending = True   # raised again once out of the hook (_unraisable)
        return
    if _State.raised or _State.ending:
        return
    if frame is not None and getattr(frame, "f_code", None) is _unraisable.__code__:
        _again()  # raised inside the hook it would be "Exception ignored": raised again later
        return
    _State.raised = True
    raise KeyboardInterrupt


def _again() -> None:
    """Trip SIGINT again in 10 ms, from a thread: its handler then runs where the main thread
    is by then, back in the interrupted work (tripped from inside the hook, it ran inside the
    hook, and its KeyboardInterrupt was printed as "Exception ignored in sys.unraisablehook").
    A bare thread (not threading.Timer): Timer.start waits for its thread to start, and a Ctrl-C
    landing in that wait was raised inside the hook after all (test_budget, under load)."""
    import _thread
    import time

    def later() -> None:
        time.sleep(0.01)
        _thread.interrupt_main(signal.SIGINT)
    _thread.start_new_thread(later, ())


def _unraisable(info: object) -> None:
    """A Ctrl-C that landed where Python cannot raise it (a weakref callback, a __del__): no
    "Exception ignored" traceback; it is raised again at the next moment Python can."""
    if isinstance(getattr(info, "exc_value", None), KeyboardInterrupt):
        if not _State.ending:
            # a second Ctrl-C while the timer starts (Thread.start waits for it) must not raise
            # here: it would be printed as "Exception ignored in sys.unraisablehook"
            _State.in_hook = True
            try:
                _State.raised = False
                _again()
            finally:
                _State.in_hook = False
            if _State.pending:      # one more landed while the re-trip was set: set it once more
                _State.pending = False
                _again()
        return
    sys.__unraisablehook__(info)


def _note(signum: int, frame: object) -> None:
    _State.interrupted = True


def stopping() -> bool:
    """Whether a Ctrl-C or SIGTERM has stopped the work: an error raised after it (a library that
    caught the KeyboardInterrupt and raised its own) is the interruption, not a bug."""
    return _State.interrupted


def in_worker() -> bool:
    return _State.worker


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    sys.stderr.write(f"{code}\n")
    return 1


def guarded(work: Callable[[], None]) -> int:
    """Run `work` (a command line: it ends by SystemExit) and return its exit code; a Ctrl-C or
    SIGTERM at any moment, the very last included, gives the interrupted line and 130."""
    code = 0
    try:
        try:
            # set inside the try: a Ctrl-C the moment its handler is in place (before `work`)
            # raises here, where it is caught (it once left a worker silently with exit 2)
            for s in STOPS:
                signal.signal(s, _stop)
            sys.unraisablehook = _unraisable
            if _State.interrupted:  # noted before this process's handlers were in place
                _State.raised = True
                raise KeyboardInterrupt
            work()
        except SystemExit as e:
            code = _exit_code(e.code)
        except Exception as e:  # noqa: BLE001 - what escaped the command's own handling
            code = _escaped(e)
        finally:
            _State.ending = True  # from here on a Ctrl-C is noted, not raised
            signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    except KeyboardInterrupt:
        _State.interrupted = True
    pending = set(STOPS) & signal.sigpending()
    _noted()  # a signal that arrived just before the block has its handler run by now
    if _State.interrupted or pending or code == EXIT_INTERRUPTED:
        say_interrupted()
        code = EXIT_INTERRUPTED
    return code


def _escaped(e: Exception) -> int:
    """An exception that escaped the command line's own handling (click's, cli.py's). After a
    Ctrl-C it is the interruption: Python 3.11 turns a KeyboardInterrupt raised in a `__set_name__`
    into a RuntimeError (functools.cached_property's, as the worker imports `platform` with the
    command line), and a library may wrap one in its own error. Otherwise a bug, said in one line.
    Never a silent exit: the worker's `finally` once ended such a process with exit 2, no message."""
    if _State.interrupted:
        return EXIT_INTERRUPTED
    sys.stderr.write(f"pnpkit: internal error: {type(e).__name__}: {e} (please report it)\n")
    return EXIT_INTERNAL


def _noted() -> None:
    """A Python call: the interpreter runs any signal handler still due before it returns."""


def finish(code: int) -> None:
    """Flush and leave, with nothing left for Python's shutdown to be interrupted in."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


def run(work: Callable[[], None], argv: list[str], named: Callable[[list[str]], str]) -> None:
    """Run `work` in a worker process under the limits and leave with the exit code it earned
    (`named(argv)`: the kit the command line names, for the message when a limit stops it)."""
    mb, cpu = limits()
    pid = _fork()
    if pid == 0:
        _child(work, mb, cpu)
    status, usage = supervised(pid)
    signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
    if code == EXIT_INTERRUPTED or (code is None and (os.WTERMSIG(status) in STOPS or _State.interrupted)):
        say_interrupted()
        finish(EXIT_INTERRUPTED)
    if code is not None and code != EXIT_LIMIT:
        finish(code)
    _say(f"{named(argv)}: {rlimits.reached(status, usage, mb, cpu)}")
    finish(EXIT_UNREADABLE)


def call(work: Callable[[], Any], kit: str) -> Any:
    """`work()` in a worker under the limits of `run`, for a process that lives on (`build
    --watch`, which builds for hours): its result (a JSON value) is returned here. LimitReached
    if the worker ran out of memory or CPU time, or ended without a result; KeyboardInterrupt
    after a Ctrl-C or SIGTERM (passed on to the worker, which is stopped).

    From a thread other than the main one (a test runs `watch` in one) the work runs here, in
    that thread: a process forked while its other threads may hold a lock can wait for that lock
    forever (a worker forked from a test process did). `pnpkit build --watch` calls it from its
    main thread, its only Python thread."""
    import threading  # `watch` has loaded it already
    if threading.current_thread() is not threading.main_thread():
        return work()
    mb, cpu = limits()
    before = {s: signal.getsignal(s) for s in STOPS}
    with tempfile.TemporaryFile("w+", encoding="utf-8") as box:
        pid = _fork()
        if pid == 0:
            def send() -> None:
                json.dump(work(), box)
                box.flush()
            _child(send, mb, cpu)
        try:
            status, usage = supervised(pid)
        finally:
            for s, handler in before.items():
                signal.signal(s, handler)
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
        if _State.interrupted or code == EXIT_INTERRUPTED:
            _State.interrupted = _State.raised = True  # later Ctrl-Cs are only noted (_stop)
            raise KeyboardInterrupt
        if code == 0:
            box.seek(0)
            return json.load(box)
    if code not in (None, EXIT_LIMIT):
        raise LimitReached(f"{kit}: the build ended with exit code {code} (above) and nothing to show")
    raise LimitReached(f"{kit}: {rlimits.reached(status, usage, mb, cpu)}")


def _fork() -> int:
    """fork, with Ctrl-C and SIGTERM only noted across it: until the worker is known they cannot
    be passed on (supervised passes on one noted here)."""
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    for s in STOPS:
        signal.signal(s, _note)
    return os.fork()


def _child(work: Callable[[], None], mb: int, cpu: int) -> NoReturn:
    """The worker: `work` under the limits, and its exit code. Nothing gets past `guarded`; were
    anything to, the worker still ends in a code that is not a silent 2 (3, an internal error)."""
    code = EXIT_INTERNAL
    _State.worker = True
    try:
        if _State.interrupted:  # a Ctrl-C between the fork and here (was exit 2, silent)
            code = EXIT_INTERRUPTED
        else:
            _limit(mb, cpu)
            code = guarded(lambda: _limited(work))
    finally:
        finish(code)


def supervised(pid: int) -> tuple[int, Any]:
    """Wait for the worker `pid` to end: (its wait status, its rusage). A Ctrl-C or SIGTERM meanwhile
    is passed on to it, and a worker still there GRACE_S later is killed (SIGKILL): one busy in C
    code that never looks at signals once ignored both for minutes. The worker is reaped only once
    no signal of ours can reach it any more (waited for without reaping: its pid stays its own),
    so a late timer never signals a process that took its pid."""
    ended = armed = False

    def send(signum: int) -> None:
        if not ended:
            try:
                os.kill(pid, signum)
            except ProcessLookupError:
                pass

    def forward(signum: int, frame: object) -> None:
        """The first Ctrl-C or SIGTERM is passed on, and starts the worker's grace; later ones
        are only noted (it was once passed on twice: the handler, then the check below it)."""
        nonlocal armed
        _State.interrupted = True
        if not (armed or ended):
            armed = True
            send(signum)
            signal.setitimer(signal.ITIMER_REAL, GRACE_S)

    alarm = signal.signal(signal.SIGALRM, lambda signum, frame: send(signal.SIGKILL))
    for s in STOPS:
        signal.signal(s, forward)
    if _State.interrupted and not armed:  # noted across the fork
        forward(signal.SIGINT, None)
    if hasattr(os, "waitid"):
        os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
    ended = True
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, alarm)
    _, status, usage = os.wait4(pid, 0)
    return status, usage


def _limit(mb: int, cpu: int) -> None:
    try:
        resource.setrlimit(resource.RLIMIT_AS, rlimits.lowered(resource.RLIMIT_AS, mb * 1024 * 1024))
        resource.setrlimit(resource.RLIMIT_CPU, rlimits.lowered(resource.RLIMIT_CPU, cpu, cpu + 5))
    except (ValueError, OSError):  # a system that refuses: the work runs within pnpkit's own budgets
        pass

    def expire(signum: int, frame: object) -> None:
        signal.signal(signal.SIGXCPU, signal.SIG_IGN)
        raise CpuExceeded()
    signal.signal(signal.SIGXCPU, expire)


def _limited(work: Callable[[], None]) -> None:
    """`work`, with running out of memory or CPU time ending the worker as EXIT_LIMIT, which the
    waiting process says as the kit's limit (exit 2)."""
    try:
        work()
    except (CpuExceeded, MemoryError):
        sys.exit(EXIT_LIMIT)


def out_of_memory() -> NoReturn:
    """Out of memory in a worker (cli.py, where a command's own handling meets a MemoryError): the
    kit's limit, said by the waiting process."""
    sys.exit(EXIT_LIMIT)


def _say(line: str) -> None:
    sys.stderr.write(f"pnpkit: {line}\n")
    sys.stderr.flush()
