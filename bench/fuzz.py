"""Fuzz pnpkit as a stranger's files would: mutated records and kit files, each run as a real
`pnpkit score` / `pnpkit build` in a process of its own, measured.

Each record case runs one of the commands that read a record (`score` for half of them, `check
--explain`, `moves`, `replay`: tests/fuzz_inputs.record_command); each kit case `build --paper a4`,
and each art case (tests/safety/fuzz_art.py: a mutated SVG or PNG on a small kit's cards) the same.

Targets (issue 11): over at least 5,000 records and 1,000 kit files, zero exit 3 (internal error)
and no other exit but 0, 1, 2 (records) or 0, 2 (kits); zero runs over 5 s; zero peak memory over
500 MB; every exit-2 message names a line and is under 500 characters; a refused kit leaves no
file in --out.

Each case is forked from this process after pnpkit is imported (so a case costs what the command
does, not Python's start-up) and measured by the kernel from wait4's rusage: its CPU time (user +
system: what the case costs, however loaded the machine is; the wall clock is printed beside it)
and its peak resident memory. The cases are tests/safety/fuzz_inputs.py's, a function of (kind, seed): `--seed`
shifts them, and a failing case prints its number to reproduce it with `--only`.

    .venv/bin/python bench/fuzz.py [--records 5000] [--kits 1000] [--art 0] [--seed 0] [--jobs 2]
    .venv/bin/python bench/fuzz.py --only kit:123       # one case, its output shown
    .venv/bin/python bench/fuzz.py --records 0 --kits 0 --decks 500 --templates 500   # issue 28's

Deck and template cases (tests/safety/fuzz_files.py) are kit folders: a kit file beside a mutated CSV
or .xlsx deck, or beside a mutated template file (or a chain of hostile filters); each builds
with `build --paper a4` and must exit 0 or 2. Every case runs under a 2 GB address-space cap
(`--cap-gb`), so a case that would take more ends as a failure to report, not a stalled machine.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "safety")]

import fuzz_art  # noqa: E402
import fuzz_files  # noqa: E402
import fuzz_inputs  # noqa: E402

import pnpkit.cli  # noqa: E402,F401  (imported before forking: each case pays only for its command)
from pnpkit.launch import main as pnpkit_main  # noqa: E402

LIMIT_S, LIMIT_MB, MESSAGE_MAX = 5.0, 500, 500
FOLDERS = ("deck", "template")  # kinds whose case is a kit folder (tests/safety/fuzz_files.py)
KILL_AFTER_S = 60.0  # wall clock: a safety net on a shared machine; the targets are CPU time
LINE = re.compile(r"^pnpkit: (cannot read it:\n)?\S[^\n]*?:\d+: ", re.M)
ART_LINE = re.compile(r"^pnpkit: \S[^\n]*?k\.yaml(:\d+)?: ", re.M)  # the worker's limits name the kit, not a line


@dataclass
class Outcome:
    kind: str
    seed: int
    source: str
    code: int
    seconds: float  # wall clock
    cpu: float      # user + system: what the case costs, whatever else the machine is doing
    peak_mb: float
    message: str
    leftovers: list[str]

    def problems(self) -> list[str]:
        allowed = (0, 1, 2) if self.kind == "record" else (0, 2)
        line = ART_LINE if self.kind == "art" else LINE
        out = []
        if self.code not in allowed:
            out.append(f"exit {self.code}")
        if self.cpu > LIMIT_S:
            out.append(f"{self.cpu:.1f} s")
        if self.peak_mb > LIMIT_MB:
            out.append(f"{self.peak_mb:.0f} MB")
        if self.code == 2:
            if not line.search(self.message):
                out.append("exit 2 without a line")
            if len(self.message.rstrip("\n")) >= MESSAGE_MAX:
                out.append(f"a {len(self.message)}-character message")
            if self.kind != "record" and self.leftovers:
                out.append(f"left {self.leftovers[:3]}")
        if "Traceback" in self.message:
            out.append("a traceback")
        return out


def _child(kind: str, seed: int, work: Path, cap_gb: float) -> None:
    """In the forked process: write the case, run pnpkit on it (under an address-space cap of
    `cap_gb`), exit with its code."""
    if cap_gb:
        resource.setrlimit(resource.RLIMIT_AS, (int(cap_gb * 2**30),) * 2)
    if kind in FOLDERS:  # a kit folder: k.yaml and the decks or templates it names
        source, files = fuzz_files.case(kind, seed)
        for name, data in files.items():
            (work / name).write_bytes(data)
        path = work / "k.yaml"
    elif kind == "art":
        source, path = fuzz_art.source(seed), fuzz_art.write(seed, work)
    else:
        source, text = fuzz_inputs.case(kind, seed)
        path = work / ("k.yaml" if kind == "kit" else "r.yaml")
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    (work / "source.txt").write_text(source, encoding="utf-8")
    out = os.open(work / "output.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(out, 1)
    os.dup2(out, 2)
    argv = (["build", str(path), "--paper", "a4", "--out", str(work / "out")] if kind != "record"
            else fuzz_inputs.record_command(seed, str(path), str(work / "replay")))
    sys.argv = ["pnpkit", *argv]
    code = 0
    try:
        pnpkit_main()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    except BaseException:  # noqa: BLE001 - anything that escapes pnpkit is reported as a crash
        import traceback
        traceback.print_exc()
        code = 99
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def run(cases: list[tuple[str, int]], jobs: int, root: Path, cap_gb: float = 0, log: Path | None = None,
        kill_after: float = KILL_AFTER_S) -> list[Outcome]:
    """Fork up to `jobs` cases at a time; collect each one's outcome as it ends (and, with `log`,
    append it there as a JSON line, so a run stopped early still says what it found)."""
    pending = list(reversed(cases))
    running: dict[int, tuple[str, int, float, Path]] = {}
    done: list[Outcome] = []
    while pending or running:
        while pending and len(running) < jobs:
            kind, seed = pending.pop()
            work = root / f"{kind}-{seed}"
            work.mkdir()
            started = time.perf_counter()
            pid = os.fork()
            if pid == 0:
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                _child(kind, seed, work, cap_gb)
            running[pid] = (kind, seed, started, work)
        pid, status, usage = os.wait4(-1, os.WNOHANG)
        if pid == 0:
            for p, (kind, seed, started, work) in running.items():
                if time.perf_counter() - started > kill_after:
                    os.kill(p, signal.SIGKILL)
            time.sleep(0.002)
            continue
        kind, seed, started, work = running.pop(pid)
        seconds = time.perf_counter() - started
        code = os.waitstatus_to_exitcode(status)
        message = (work / "output.txt").read_text(errors="replace") if (work / "output.txt").exists() else ""
        out = work / "out"
        leftovers = [str(p.relative_to(out)) for p in out.rglob("*")] if out.exists() else []
        named = work / "source.txt"
        source = named.read_text(encoding="utf-8") if named.exists() else fuzz_inputs.source(kind, seed)
        done.append(Outcome(kind, seed, source, code, seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
                            message, leftovers))
        if log is not None:
            with open(log, "a", encoding="utf-8") as f:
                f.write(json.dumps(asdict(done[-1])) + "\n")
        shutil.rmtree(work, ignore_errors=True)
    return done


def report(kind: str, outcomes: list[Outcome]) -> bool:
    if not outcomes:
        return True
    codes: dict[int, int] = {}
    for o in outcomes:
        codes[o.code] = codes.get(o.code, 0) + 1
    secs = sorted(o.cpu for o in outcomes)
    wall = max(o.seconds for o in outcomes)
    peak = max(o.peak_mb for o in outcomes)
    bad = [o for o in outcomes if o.problems()]
    twos = [o for o in outcomes if o.code == 2]
    longest = max((len(o.message.rstrip()) for o in twos), default=0)
    print(f"{kind}s: {len(outcomes)} cases; exits {dict(sorted(codes.items()))}")
    print(f"  time (CPU): median {secs[len(secs) // 2]:.2f} s, max {secs[-1]:.2f} s (target: none over {LIMIT_S:g} s)"
          f"; over {LIMIT_S:g} s: {sum(s > LIMIT_S for s in secs)}; longest wall clock {wall:.2f} s")
    print(f"  peak memory: max {peak:.0f} MB (target: none over {LIMIT_MB} MB)")
    slow, big = max(outcomes, key=lambda o: o.cpu), max(outcomes, key=lambda o: o.peak_mb)
    print(f"  slowest {slow.kind}:{slow.seed} ({slow.source}, exit {slow.code}): {slow.cpu:.2f} s; "
          f"largest peak {big.kind}:{big.seed} ({big.source}, exit {big.code}): {big.peak_mb:.0f} MB")
    print(f"  exit-2 messages: {len(twos)}, with a line: {sum(bool(LINE.search(o.message)) for o in twos)}, "
          f"longest {longest} characters (target: all with a line, under {MESSAGE_MAX})")
    for o in bad[:15]:
        first = o.message.strip().splitlines()[:2]
        print(f"  FAIL {o.kind}:{o.seed} ({o.source}): {', '.join(o.problems())}: {' | '.join(first)[:300]}")
    print(f"  {'OK' if not bad else f'{len(bad)} FAILED'}")
    return not bad


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--records", type=int, default=5000)
    ap.add_argument("--kits", type=int, default=1000)
    ap.add_argument("--decks", type=int, default=0, help="mutated deck files (CSV, XLSX) beside a kit")
    ap.add_argument("--templates", type=int, default=0, help="mutated template files and template chains")
    ap.add_argument("--art", type=int, default=0, help="mutated pictures (SVG, PNG) drawn by a small kit")
    ap.add_argument("--cap-gb", type=float, default=2.0, help="each case's address-space cap (0: none)")
    ap.add_argument("--seed", type=int, default=0, help="the first case's number")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--only", help="one case, kind:number (e.g. kit:123): its output is printed")
    ap.add_argument("--kill-after", type=float, default=KILL_AFTER_S,
                    help="seconds of wall clock before a case is killed (raise it on a loaded machine)")
    ap.add_argument("--log", type=Path, help="append each case's outcome to this file as it ends (JSON lines)")
    ap.add_argument("--report", type=Path, nargs="+", help="report the outcomes logged in these files, run nothing")
    args = ap.parse_args()
    if args.report:
        logged = [Outcome(**json.loads(line)) for path in args.report for line in path.read_text().splitlines()]
        kinds = dict.fromkeys(o.kind for o in logged)
        ok = all([report(k, [o for o in logged if o.kind == k]) for k in kinds])
        print(f"{len(logged)} cases logged")
        return 0 if ok else 1
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    with tempfile.TemporaryDirectory(prefix="pnpkit-fuzz-") as tmp:
        root = Path(tmp)
        if args.only:
            kind, seed = args.only.split(":")
            if kind == "art":
                fuzz_art.sources()
            (o,) = run([(kind, int(seed))], 1, root, args.cap_gb)
            print(o.message)
            print(f"exit {o.code}, {o.seconds:.2f} s ({o.cpu:.2f} s CPU), {o.peak_mb:.0f} MB, "
                  f"problems: {o.problems() or 'none'}")
            return 0 if not o.problems() else 1
        started = time.perf_counter()
        counts = {"record": args.records, "kit": args.kits, "deck": args.decks, "template": args.templates,
                  "art": args.art}
        cases = [(kind, args.seed + i) for kind, n in counts.items() for i in range(n)]
        if args.art:  # the pictures the art cases vary, made once here: made in each case, they cost it
            fuzz_art.sources()  # 4 s of CPU and 300 MB that are the harness's, not pnpkit's
        outcomes = run(cases, args.jobs, root, args.cap_gb, args.log, args.kill_after)
        ok = all([report(k, [o for o in outcomes if o.kind == k]) for k in counts])
        print(f"{len(outcomes)} cases in {time.perf_counter() - started:.0f} s with {args.jobs} jobs")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
