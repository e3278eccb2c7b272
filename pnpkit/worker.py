"""The work that reads strangers' files runs in a worker process under operating-system limits.

pnpkit's own budgets (a kit's pictures, templates, decks: docs/safety.md) stop every input anyone
thought of. This is for the rest: `build`, `preview` and `export` fork a worker that runs the
command under RLIMIT_AS (memory) and RLIMIT_CPU (time), while this process only waits. However
the worker ends, the person sees one line and an exit code pnpkit documents:
- it finishes, or refuses the kit itself: its own messages and exit code;
- it runs out of memory (a MemoryError, or a library that aborts when an allocation fails) or
  of CPU time: exit 2 and one line naming the kit and the limit it reached;
- Ctrl-C (or SIGTERM): `pnpkit: interrupted...` and exit 130, whichever process it reaches first.

`guarded` is also how a command without a worker ends: after its work, Ctrl-C and SIGTERM are
blocked before anything is flushed, so a Ctrl-C in the last moments still says its line and
exits 130 instead of killing Python on its way out (exit -2, no message).
"""
from __future__ import annotations

import os
import resource
import signal
import sys
from collections.abc import Callable

MEMORY_MB = 1024      # address space of the worker: a normal build maps 230 MB, the largest kit 500 MB
CPU_SECONDS = 60      # CPU time of the worker: every shipped kit for both papers takes under 10 s
EXIT_UNREADABLE, EXIT_INTERNAL, EXIT_INTERRUPTED = 2, 3, 130
COMMANDS = ("build", "preview", "export")  # the commands that read a kit's templates, art and decks
STOPS = (signal.SIGINT, signal.SIGTERM)


class CpuExceeded(BaseException):
    """The worker's CPU time ran out (SIGXCPU). A BaseException, so no `except Exception` of the
    work mistakes it for the kit's own error."""


class _State:
    interrupted = False  # a Ctrl-C or SIGTERM has arrived
    raised = False       # ... and stopped the work (once: a second one is only noted)
    ending = False       # the work is over: a Ctrl-C now is noted, never raised
    said = False         # the interrupted line has been printed
    worker = False       # this process is a worker


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
    """The interrupted line, once per process (the command's handler or the ending may say it)."""
    from pnpkit.launch import MESSAGE
    if not (_State.said and (_State.ending or _State.worker)):
        _State.said = True
        sys.stderr.write(MESSAGE + "\n")
        sys.stderr.flush()


def _stop(signum: int, frame: object) -> None:
    """Ctrl-C or SIGTERM: the first stops the work; any later one, or one after the work is over,
    is only noted (raising again would interrupt the first one's clean-up, or Python's exit)."""
    _State.interrupted = True
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
    hook, and its KeyboardInterrupt was printed as "Exception ignored in sys.unraisablehook")."""
    import _thread
    import threading
    timer = threading.Timer(0.01, _thread.interrupt_main, args=(signal.SIGINT,))
    timer.daemon = True
    timer.start()


def _unraisable(info: object) -> None:
    """A Ctrl-C that landed where Python cannot raise it (a weakref callback, a __del__): no
    "Exception ignored" traceback; it is raised again at the next moment Python can."""
    if isinstance(getattr(info, "exc_value", None), KeyboardInterrupt):
        if not _State.ending:
            _State.raised = False
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


def run(work: Callable[[], None], argv: list[str]) -> None:
    """Run `work` in a worker process under the limits and leave with the exit code it earned."""
    mb, cpu = limits()
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    for s in STOPS:  # until the worker is known, a Ctrl-C is only noted (and then passed on)
        signal.signal(s, _note)
    pid = os.fork()
    if pid == 0:
        code = EXIT_INTERNAL  # never reached: guarded lets nothing through (a silent 2 once did)
        _State.worker = True
        try:
            if _State.interrupted:  # a Ctrl-C between the fork and here (was exit 2, silent)
                say_interrupted()
                code = EXIT_INTERRUPTED
                return
            _limit(mb, cpu)
            code = guarded(lambda: _limited(work, mb, cpu, argv))
        finally:
            finish(code)

    def forward(signum: int, frame: object) -> None:
        _State.interrupted = True
        try:
            os.kill(pid, signum)
        except ProcessLookupError:
            pass

    for s in STOPS:
        signal.signal(s, forward)
    if _State.interrupted:
        forward(signal.SIGINT, None)
    _, status, usage = os.wait4(pid, 0)
    signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    if os.WIFEXITED(status):
        finish(os.WEXITSTATUS(status))
    stopped_by = os.WTERMSIG(status)
    if stopped_by in STOPS or _State.interrupted:
        say_interrupted()
        finish(EXIT_INTERRUPTED)
    used = usage.ru_utime + usage.ru_stime
    peak = usage.ru_maxrss / 1024
    reached = (f"more than {cpu} s of CPU time" if used >= cpu - 0.5
               else f"more than the {mb:,} MB of memory one kit may use ({peak:,.0f} MB in use when it stopped)")
    _say(f"{_kit_named(argv)}: the work on it needed {reached}; a kit must be smaller or simpler")
    finish(EXIT_UNREADABLE)


def _limit(mb: int, cpu: int) -> None:
    try:
        resource.setrlimit(resource.RLIMIT_AS, _lower(resource.RLIMIT_AS, mb * 1024 * 1024))
        resource.setrlimit(resource.RLIMIT_CPU, _lower(resource.RLIMIT_CPU, cpu, cpu + 5))
    except (ValueError, OSError):  # a system that refuses: the work runs within pnpkit's own budgets
        pass

    def expire(signum: int, frame: object) -> None:
        signal.signal(signal.SIGXCPU, signal.SIG_IGN)
        raise CpuExceeded()
    signal.signal(signal.SIGXCPU, expire)


def _lower(which: int, soft: int, hard: int | None = None) -> tuple[int, int]:
    """(soft, hard) no higher than what this process was already given."""
    old_soft, old_hard = resource.getrlimit(which)
    hard = soft if hard is None else hard
    cap = lambda v, old: v if old == resource.RLIM_INFINITY else min(v, old)  # noqa: E731
    return cap(soft, old_soft), cap(hard, old_hard)


def _limited(work: Callable[[], None], mb: int, cpu: int, argv: list[str]) -> None:
    """`work`, with running out of memory or CPU time said as the kit's limit (exit 2)."""
    try:
        work()
    except CpuExceeded:
        _say(f"{_kit_named(argv)}: the work on it needed more than {cpu} s of CPU time; a kit must be smaller or simpler")
        sys.exit(EXIT_UNREADABLE)
    except MemoryError:
        out_of_memory(argv, mb)


def out_of_memory(argv: list[str] | None = None, mb: int | None = None) -> None:
    """Out of memory in a worker: the kit's limit, exit 2."""
    mb = mb or limits()[0]
    _say(f"{_kit_named(argv or sys.argv[1:])}: the work on it needed more than the {mb:,} MB of memory one "
         "kit may use; a kit must be smaller or simpler")
    sys.exit(EXIT_UNREADABLE)


def _say(line: str) -> None:
    sys.stderr.write(f"pnpkit: {line}\n")
    sys.stderr.flush()


def _kit_named(argv: list[str]) -> str:
    """The kit the command line names, as the person wrote it (for the message)."""
    try:
        from pnpkit.cli import cli
        name, args = next((a, argv[i + 1:]) for i, a in enumerate(argv) if not a.startswith("-"))
        ctx = cli.commands[name].make_context(name, list(args), resilient_parsing=True)
        kit = ctx.params.get("kit")
        return str(kit) if kit else "the kits"
    except Exception:  # noqa: BLE001 - only the message's wording depends on it
        return "the kit"
