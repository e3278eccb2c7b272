"""Fuzzing in the suite: mutated records and kit files from every shipped example (the variations
of tests/fuzz_inputs.py; bench/fuzz.py runs thousands, measured in processes of their own).

Whatever the file: exit 0, 1 or 2 only (a kit: 0 or 2), never a traceback; an exit 2 names the
file and a line in one message under 500 characters; a refused kit leaves no file; each case costs
under 2 s of CPU time (the work's own, with the margin a busy machine needs: tests/measure.py)."""
from __future__ import annotations

import re

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fuzz_inputs
from measure import cpu_bound, cpu_of_the_work
from pnpkit.cli import cli

LINE = re.compile(r"^pnpkit: (cannot read it:\n)?\S[^\n]*?:\d+: ")
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)


def _run(args: list[str], kind: str, seed: int) -> str:
    with cpu_of_the_work() as used:  # CPU time: what the case costs, however busy the machine
        r = CliRunner().invoke(cli, args)
    took = used()
    case = f"{kind}:{seed} (bench/fuzz.py --only {kind}:{seed})"
    assert r.exit_code in ((0, 1, 2) if kind == "record" else (0, 2)), (case, r.output[-500:])
    assert r.exception is None or isinstance(r.exception, SystemExit), (case, r.exception)
    assert "Traceback" not in r.output and "internal error" not in r.output, (case, r.output[-500:])
    assert took < cpu_bound(2.0), (case, f"{took:.2f} s")
    if r.exit_code == 2:
        message = r.stderr.rstrip("\n")
        assert LINE.match(message), (case, message)
        assert len(message) < 500, (case, len(message))
    return r.exit_code


def _write(path, text) -> None:
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))


@settings(max_examples=300, **SETTINGS)
@given(st.integers(0, 10**9))
def test_mutated_records_are_scored_or_refused_clearly(tmp_path_factory, seed):
    source, text = fuzz_inputs.case("record", seed)
    folder = tmp_path_factory.mktemp("record")
    _write(folder / "r.yaml", text)
    _run(fuzz_inputs.record_command(seed, str(folder / "r.yaml"), str(folder / "replay")), "record", seed)


@settings(max_examples=25, **SETTINGS)
@given(st.integers(0, 10**9))
def test_mutated_kits_are_built_or_refused_with_nothing_written(tmp_path_factory, seed):
    source, text = fuzz_inputs.case("kit", seed)
    folder = tmp_path_factory.mktemp("kit")
    _write(folder / "k.yaml", text)
    out = folder / "out"
    if _run(["build", str(folder / "k.yaml"), "--paper", "a4", "--out", str(out)], "kit", seed) == 2:
        assert not out.exists() or not any(out.rglob("*")), (source, seed, list(out.rglob("*"))[:5])


def test_the_mutations_reach_every_source_and_every_verdict(tmp_path):
    """The fuzzer is worth its name: its cases come from every shipped kit and documented record,
    and mutated records end in all three verdicts (scored, illegal, unreadable)."""
    assert {fuzz_inputs.source("record", s) for s in range(400)} == {n for n, _ in fuzz_inputs.records()}
    assert {fuzz_inputs.source("kit", s) for s in range(200)} == {n for n, _ in fuzz_inputs.kits()}
    codes = set()
    for seed in range(60):
        _write(tmp_path / "r.yaml", fuzz_inputs.case("record", seed)[1])
        codes.add(_run(["score", str(tmp_path / "r.yaml")], "record", seed))
    assert codes == {0, 1, 2}
