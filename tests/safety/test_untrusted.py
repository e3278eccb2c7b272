"""Kit files and records from strangers: the corpus of the nastiest inputs (tests/corpus/), each
refused with one clear message and its line; template injection and path escapes that run
nothing and read nothing outside the kit's folder (watched by an audit hook); limits."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnpkit.kitfile.safeyaml import LIMITS, read
from pnpkit.kitfile.source import SourceError, parse
from pnpkit.cli import cli

CORPUS = Path(__file__).parents[1] / "corpus"
EXPECT = re.compile(r'^# expect: exit=(\d)(?: line=(\d+))?(?: "(.*)")?$')


def _expectation(path: Path) -> tuple[int, int | None, str | None]:
    first = path.read_bytes().split(b"\n", 1)[0].decode()
    m = EXPECT.match(first)
    assert m, f"{path.name}: its first line says what to expect"
    return int(m[1]), int(m[2]) if m[2] else None, m[3]


def _check(path: Path, args: list[str], out: Path | None = None) -> None:
    code, line, words = _expectation(path)
    started = time.process_time()  # CPU time: what the case costs, however busy the machine
    r = CliRunner().invoke(cli, args)
    took = time.process_time() - started
    assert r.exit_code == code, (path.name, r.output)
    assert took < 2.0, (path.name, took)
    assert "Traceback" not in r.output and "internal error" not in r.output
    if code == 2:
        message = r.stderr.strip()
        assert len(message) < 500, (path.name, message)
        first = re.search(rf"(?:^pnpkit: |^pnpkit: cannot read it:\n){re.escape(str(path))}:(\d+): ", message)
        assert first, (path.name, message)                       # one message, the file and a line first
        assert line is None or int(first[1]) == line, (path.name, message)
        if words:
            assert words in message, (path.name, message)
        if out is not None:
            assert not out.exists() or not any(out.rglob("*")), f"{path.name}: a refused kit wrote files"


@pytest.mark.parametrize("path", sorted((CORPUS / "records").glob("*.yaml")), ids=lambda p: p.stem)
def test_hostile_record_is_refused_at_its_line(path):
    _check(path, ["score", str(path)])


@pytest.mark.parametrize("path", sorted((CORPUS / "kits").glob("*.yaml")), ids=lambda p: p.stem)
def test_hostile_kit_is_refused_at_its_line_and_writes_nothing(path, tmp_path):
    _check(path, ["build", str(path), "--out", str(tmp_path / "out")], tmp_path / "out")


# --- template injection and path escapes, with an audit hook watching -----------------------------

PLACES = {  # every place a kit file's text is rendered as a template, with the line the chain sits on
    "inline text": ("  - kind: reference\n    name: aid\n    size: a6\n    front: {text: CHAIN}\n", 7),
    "template file": ("  - kind: reference\n    name: aid\n    size: a6\n    front: {template: evil.j2}\n", 7),
    "card title": ("  - kind: cards\n    name: c\n    deck: [{n: 1}]\n    front: {title: CHAIN}\n", 8),
    "card art option": ("  - kind: cards\n    name: c\n    deck: [{n: 1}]\n    front: {art: chestnut, art_options: {cooked: CHAIN}}\n", 8),
    "region label": ("  - kind: board\n    name: b\n    size: 100x100mm\n    regions: [{name: r, at: [1, 1], size: 50x50mm, label: CHAIN}]\n", 7),
    "board label": ("  - kind: board\n    name: b\n    size: 100x100mm\n    labels: [{text: CHAIN, at: [10, 10]}]\n", 7),
    "score-sheet row": ("  - kind: score-sheet\n    name: s\n    rows: [CHAIN]\n    columns: [{label: x}]\n", 7),
}

WATCHER = r'''
import json, os, sys
allowed = [os.path.realpath(p) for p in json.loads(sys.argv[1])]
seen = {"opened": [], "ran": []}
RUNS = ("os.system", "os.exec", "os.spawn", "os.posix_spawn", "subprocess.Popen", "os.fork", "os.forkpty", "pty.spawn")
def hook(event, args):
    if event in RUNS:
        seen["ran"].append([event, repr(args)[:200]])
    elif event == "open" and isinstance(args[0], (str, bytes)):
        path = os.path.realpath(os.fsdecode(args[0]))
        if not any(path == a or path.startswith(a + os.sep) for a in allowed):
            seen["opened"].append(path)
sys.addaudithook(hook)
from click.testing import CliRunner
from pnpkit.cli import cli
codes = []
for kit in json.loads(sys.argv[2]):
    r = CliRunner().invoke(cli, ["build", kit, "--out", json.loads(sys.argv[3])])
    codes.append([kit, r.exit_code, r.output[-300:]])
print(json.dumps({"seen": seen, "codes": codes}))
'''


def _chains() -> list[str]:
    lines = (CORPUS / "ssti.txt").read_text(encoding="utf-8").splitlines()
    return [c for c in lines if c and not c.startswith("#")]


def test_no_template_chain_runs_a_command_or_reads_outside_the_kit(tmp_path):
    """Every chain of the corpus, in every place a template is rendered, built as a stranger's kit
    would be: nothing runs, nothing outside the kit's folder and pnpkit's own files is opened, no
    kit prints what /etc/passwd holds, and each is refused (exit 2) or printed harmlessly (exit 0)."""
    mark = tmp_path / "PWNED"
    kits_dir = tmp_path / "kits"
    kits_dir.mkdir()
    (kits_dir / "link.j2").symlink_to("/etc/passwd")
    (kits_dir / "sub").symlink_to("/etc")
    kits = []
    chains = _chains()
    for i, chain in enumerate(chains):
        chain = chain.replace("MARK", str(mark))
        for j, (place, (body, _)) in enumerate(PLACES.items()):
            if place in ("card art option", "board label", "score-sheet row") and i % 3:
                continue  # the same renderer as the card title and region label: a third of the chains
            folder = kits_dir / f"k{i}-{j}"
            folder.mkdir()
            for link in ("link.j2", "sub"):
                (folder / link).symlink_to(kits_dir / link)
            (folder / "evil.j2").write_text(chain)
            text = body.replace("CHAIN", json.dumps(chain))
            (folder / "kit.yaml").write_text("game: {id: evil, title: Evil, players: 2}\ncomponents:\n" + text)
            kits.append(str(folder / "kit.yaml"))
    out = tmp_path / "out"
    package = Path(__file__).resolve().parents[2]
    allowed = [str(kits_dir), str(out), str(package), sys.prefix, sys.base_prefix, "/dev/null", "/dev/urandom",
               "/tmp", "/proc/self", "/etc/localtime", "/usr/lib", "/usr/share/zoneinfo", "/etc/ld.so.cache"]
    # reportlab reads its user's own settings at import, whatever the kit (not a kit's doing)
    home = os.path.expanduser("~")
    allowed += [os.path.join(home, ".reportlab_settings"), os.path.join(home, ".reportlab_mods")]
    # pnpkit's own fonts as reportlab parsed them (generator/fontcache.py), whatever the kit
    allowed += [os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.join(home, ".cache"), "pnpkit")]
    allowed = [a for a in allowed if a != "/tmp"] + [os.path.realpath(tmp_path)]
    r = subprocess.run([sys.executable, "-c", WATCHER, json.dumps(allowed), json.dumps(kits), json.dumps(str(out))],
                       capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    report = json.loads(r.stdout.strip().splitlines()[-1])
    assert report["seen"]["ran"] == [], report["seen"]["ran"]
    assert report["seen"]["opened"] == [], sorted(set(report["seen"]["opened"]))[:20]
    assert not mark.exists()
    for kit, code, output in report["codes"]:
        assert code in (0, 2), (kit, output)
        assert "root:x:0:0" not in output and "Traceback" not in output, (kit, output)
    for pdf in out.rglob("*.pdf"):
        assert b"root:x:0" not in pdf.read_bytes()
    refused = sum(code == 2 for _, code, _ in report["codes"])
    assert refused >= 0.9 * len(kits), f"only {refused} of {len(kits)} refused"


@pytest.mark.parametrize("chain", _chains()[:8] + ["{% include 'link.j2' %}", "{% include 'sub/passwd' %}"])
def test_a_refused_chain_names_the_field_and_line(chain, tmp_path):
    (tmp_path / "link.j2").symlink_to("/etc/passwd")
    (tmp_path / "sub").symlink_to("/etc")
    body, line = PLACES["inline text"]
    kit = tmp_path / "kit.yaml"
    kit.write_text("game: {id: evil, title: Evil, players: 2}\ncomponents:\n"
                   + body.replace("CHAIN", json.dumps(chain.replace("MARK", str(tmp_path / "PWNED")))))
    r = CliRunner().invoke(cli, ["build", str(kit), "--out", str(tmp_path / "out")])
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith(f"pnpkit: {kit}:{line - 1}: components[0].front.text: "), r.stderr
    assert "root:x" not in r.output and not (tmp_path / "out").exists()


def test_a_kit_file_linked_from_elsewhere_reads_beside_the_link(tmp_path):
    """The kit's folder is where the kit file was opened, not where a link leads: a kit file
    linked into a folder cannot read templates beside its target."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "secret.j2").write_text("the secret")
    (elsewhere / "kit.yaml").write_text("game: {id: k, title: K, players: 2}\ncomponents:\n"
                                        "  - kind: reference\n    name: aid\n    size: a6\n    front: {template: secret.j2}\n")
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "kit.yaml").symlink_to(elsewhere / "kit.yaml")
    r = CliRunner().invoke(cli, ["build", str(mine / "kit.yaml"), "--out", str(tmp_path / "out")])
    assert r.exit_code == 2 and "no template 'secret.j2'" in r.stderr, r.output


def test_templates_in_a_linked_kit_folder_inside_it_are_read(tmp_path):
    """Links that stay inside the kit's folder are fine: a designer's own layout."""
    real = tmp_path / "real"
    (real / "parts").mkdir(parents=True)
    (real / "parts" / "aid.j2").write_text("# Hello\nFrom {{ game.title }}.\n")
    (real / "aid.j2").symlink_to(real / "parts" / "aid.j2")
    (real / "kit.yaml").write_text("game: {id: k, title: Kit of mine, players: 2}\ncomponents:\n"
                                   "  - kind: reference\n    name: aid\n    size: a6\n    front: {template: aid.j2}\n")
    (tmp_path / "via").symlink_to(real)
    r = CliRunner().invoke(cli, ["build", str(tmp_path / "via" / "kit.yaml"), "--out", str(tmp_path / "out")])
    assert r.exit_code == 0, r.output


# --- the YAML reader's limits, each at its line ----------------------------------------------------

def test_merge_keys_keep_yaml_semantics_and_lines():
    src = parse("base: &b {x: 1, y: 2}\nitem:\n  <<: *b\n  y: 3\n", "m.yaml")
    assert src.data["item"] == {"x": 1, "y": 3}            # a key written in the mapping wins
    assert src.line_of(("item", "x")) == 1 and src.line_of(("item", "y")) == 4
    two = parse("a: &a {x: 1}\nb: &b {x: 2, z: 3}\nc: {<<: [*a, *b]}\n", "m.yaml")
    assert two.data["c"] == {"x": 1, "z": 3}                # the first mapping named wins


def test_an_alias_reports_problems_where_its_anchor_wrote_them():
    src = parse("one: &o\n  size: 63x\n  name: a\ntwo: *o\n", "a.yaml")
    assert src.line_of(("two",)) == 4 and src.line_of(("two", "size")) == 2


def test_dates_stay_text_and_quoted_numbers_stay_text():
    data = parse("a: 2024-05-01\nb: '12'\nc: 12\nd: !!str 7\ne: yes\n", "d.yaml").data
    assert data == {"a": "2024-05-01", "b": "12", "c": 12, "d": "7", "e": True}


@pytest.mark.parametrize("text, line, words", [
    ("a1: 1\na2: 1\na3: 1\nb: [" + "1, " * (LIMITS.values + 10) + "]\n", 4, "more than 100,000 values"),
    ("a:\n  b: " + "x" * (LIMITS.text + 1) + "\n", 2, "a text of 20,001 characters"),
    ("a: 1\nb: 1000001\n", 2, "at most 1,000,000"),
    ("a: -1.0e+300\n", 1, "at most 1,000,000"),
])
def test_each_limit_is_refused_at_its_line(text, line, words):
    with pytest.raises(SourceError) as e:
        parse(text, "l.yaml")
    assert str(e.value).startswith(f"l.yaml:{line}: ") and words in str(e.value), str(e.value)


def test_a_file_over_the_size_limit_is_refused_without_reading_it_all(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_bytes(b"game: nuts\n" + b"# padding\n" * 300_000)
    r = CliRunner().invoke(cli, ["score", str(big)])
    assert r.exit_code == 2 and "larger than 2 MB" in r.stderr and f"{big}:200000:" in r.stderr, r.stderr


def test_a_device_is_not_read(tmp_path):
    r = CliRunner().invoke(cli, ["score", "/dev/zero"])
    assert r.exit_code == 2 and "not a regular file" in r.stderr


def test_messages_stay_short_whatever_the_value():
    from pnpkit.kitfile.source import validate
    from pnpkit.kitfile.structs import Strict

    class Doc(Strict):
        a: int

    long_key = "x" * 150
    for text in (f"a: {'9' * 19000!r}\n", f"a: 1\n{long_key}: 1\n", f"a: {'9' * 19000}\n"):
        with pytest.raises(SourceError) as e:
            validate(Doc, parse(text, "s.yaml"))
        assert str(e.value).startswith("s.yaml:") and len(str(e.value)) < 200, str(e.value)


def test_reading_stays_fast_at_the_limits():
    """The largest files allowed are read in well under a second each."""
    many = "x: [" + ", ".join(["1"] * (LIMITS.values - 10)) + "]\n"
    started = time.process_time()
    read(many)
    assert time.process_time() - started < 1.5
