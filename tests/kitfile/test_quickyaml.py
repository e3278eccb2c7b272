"""The quick reader (kitfile/quickyaml.py) reads what safeyaml reads, value for value, or gives up.

Whatever the text (every documented record and shipped kit file, the hostile corpus, records as
pnpkit writes them, and thousands of variations of them, damaged line by line and character by
character): either the quick reader gives up, or safeyaml reads the same data, with the same types
and the same key order. And a record it reads that turns out to be wrong is still reported at its
line, through the lines read again when asked for.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

import fuzz_inputs
from pnpkit.cli import cli
from pnpkit.kitfile import quickyaml, safeyaml
from pnpkit.kitfile.errors import SourceError
from pnpkit.kitfile.source import parse

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))


def _same(a: Any, b: Any) -> bool:
    """Equal with the same types throughout (1, 1.0 and True are not the same value here) and dict
    keys in the same order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b or a != a and b != b


def _agrees(text: str) -> bool:
    """Checks one text; True if the quick reader read it (False: it gave up, or the text is refused
    before any reading)."""
    try:
        safeyaml.check(text)
    except safeyaml.YamlProblem:
        return False
    quick = quickyaml.read(text)
    if quick is None:
        return False
    try:
        slow = safeyaml.read(text).data
    except safeyaml.YamlProblem as e:
        raise AssertionError(f"the quick reader read a text safeyaml refuses ({e.message}):\n{text[:2000]}") from None
    assert _same(quick, slow), f"{quick!r}\n!=\n{slow!r}\nfor:\n{text[:2000]}"
    return True


def _nuts_records(n: int, seed: int) -> list[str]:
    import score_many
    from pnpkit.kitfile import load_kit
    rng = random.Random(seed)
    deck = [c.id for c in load_kit("nuts").params.bonus]
    return [yaml.safe_dump(score_many.nuts_record(rng, deck, False), sort_keys=False) for _ in range(n)]


def _people_records(n: int, seed: int) -> list[str]:
    """NUTS records as people write them (bench/score_many.py): comments, flow sheets and lists, a
    player a line, and some in block style."""
    import score_many
    from pnpkit.kitfile import load_kit
    rng = random.Random(seed)
    deck = [c.id for c in load_kit("nuts").params.bonus]
    return [score_many.as_people_write(score_many.nuts_record(rng, deck, False), i) for i in range(n)]


def _documented_yaml() -> list[str]:
    """Every ```yaml block of the docs (records, kit files, examples)."""
    import re
    return [m for doc in sorted((ROOT / "docs").rglob("*.md"))
            for m in re.findall(r"```yaml\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)]


def _texts() -> list[str]:
    """The texts varied: every documented record and records as pnpkit writes them (not the kit
    files, which the quick reader is not asked to read, nor the hostile corpus: tests/fuzz_inputs.py's
    variations read a text with PyYAML)."""
    return [text for _, text in fuzz_inputs.records()] + _nuts_records(20, 3)


def test_the_hostile_corpus_agrees():
    for path in sorted((ROOT / "tests" / "corpus" / "records").glob("*.yaml")):
        _agrees(path.read_text(encoding="utf-8", errors="replace"))


def test_records_as_pnpkit_writes_them_are_read_quickly_and_the_same():
    assert all(_agrees(text) for text in _nuts_records(200, 1))
    assert _agrees("game: nuts\nplayers:\n  - name: 'No'\n    sheet: {}\n    goals: []\n    bonus:\n    - B05\n"
                   '    - "B 7"\n  - name: yes\n    salt: 0x1F\n    squirrel: 1_000\n    goals:\n')


def test_records_as_people_write_them_are_read_quickly_and_the_same():
    """Comments, `sheet: {almond: 3, ...}`, `bonus: [B05, B11]`, `- {name: Ann, ...}` (issue 40)."""
    assert all(_agrees(text) for text in _people_records(300, 7))
    nuts_doc = (ROOT / "docs" / "records" / "nuts.md").read_text(encoding="utf-8").split("```yaml\n")[1].split("```")[0]
    assert _agrees(nuts_doc)
    import startup
    assert _agrees(startup.RECORD)
    read = sum(_agrees(text) for text in _documented_yaml())
    assert read >= 5  # most documented texts are move logs and kit files, given up (a roll's `>`, a tag)


@pytest.mark.parametrize("text", [
    "a: {b}\n", "a: [a: 1]\n", "a: [1,]\n", "a: {b: 1, b: 2}\n", "a: {b:1}\n", "a: [[[[1]]]]\n", "a: [1, 2] x\n",
    "a: {b: }\n", "a: [, 1]\n", "a: {'b': 1}\n", "a: {b: 'x # y'}\n", "a: [b # c]\n", "a: 'x # y' # z\n",
    "a: x# y\n", "a: 'x'# y\n", "a: [1, 2]\n  # c\nb: 2\n", "# only a comment\n", "a: [1,\n  2]\n", "a: [x] [y]\n",
    "a: {b: [c, {d: e f}], g: -1, h: +2.5}\n", "a: [yes, no, on, off, ~, null, 0x1F, 1_000, 1e3, 12:30]\n",
    "- {a: 1}\n- [b, c]\n", "a: {b: [c]}  #  x\n", "a: [ b , c ]\n", "a: { b: c }\n", "a: [-, x]\n", "a: [.5]\n",
    "a: [{}, [], {b: []}]\n", "a: {b: c: d}\n", "a: [b]]\n", "a: {b: [c}]\n", "  # indented comment\na: 1\n",
    "a: 1\n   \nb: 2\n", "a: [\"x\", 'y', \"\"]\n", "a: {1: x, 2.5: y, true: z}\n",
])
def test_flow_collections_and_comments_agree(text):
    _agrees(text)


def test_every_shipped_text_and_its_variations_agree():
    """Variations (tests/fuzz_inputs.py's, of every documented record): the quick reader
    never reads one differently from safeyaml, nor one that safeyaml refuses."""
    texts = _texts()
    rng = random.Random(29)
    read = 0
    for _ in range(600):
        text = fuzz_inputs.mutate(rng.choice(texts), rng)
        if isinstance(text, bytes):
            text = text.decode("utf-8", "replace")
        read += _agrees(text)
    assert read > 50  # the plain shape was read quickly often enough for the comparison to mean something


MARKS = [" ", "  ", "-", "- ", ":", ": ", "#", " #", "'", '"', "[", "]", "{", "}", ",", "&a ", "*a", "!", "?", "|",
         ">", "%", "@", "`", "\t", "\n", "\n  ", "\n- ", "~", ".", "\\", "<<: ", "---\n", "...", "0x", "1e3", "\u2028",
         "\x85", "\r", "é", "\ufeff", "null", "yes", "=", "0o7", ".inf"]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("style", ["block", "people"])
def test_one_character_here_or_there_agrees(seed, style):
    """Every YAML mark put in, one at a time, at random places of plain records (as pnpkit writes
    them, and as people do: flow collections and comments), a character deleted, a line indented
    more or less: read the same or given up."""
    rng = random.Random(seed)
    texts = _nuts_records(30, 100 + seed) if style == "block" else _people_records(30, 100 + seed)
    read = 0
    for _ in range(1500):
        text = rng.choice(texts)
        at = rng.randrange(len(text))
        how = rng.randrange(4)
        if how == 0:
            text = text[:at] + rng.choice(MARKS) + text[at:]
        elif how == 1:
            text = text[:at] + text[at + 1:]
        elif how == 2:
            lines = text.split("\n")
            k = rng.randrange(len(lines))
            lines[k] = " " * rng.randrange(6) + lines[k].lstrip(" ")
            text = "\n".join(lines)
        else:
            text = text[:at] + rng.choice(MARKS) + text[at + 1:]
        read += _agrees(text)
    assert read > 100


def test_a_wrong_record_read_quickly_names_its_line(tmp_path):
    """The lines are read again only for the message: the same file and line as ever."""
    text = _nuts_records(1, 5)[0]
    lines = text.split("\n")
    k = next(i for i, line in enumerate(lines) if line.strip().startswith("salt:"))
    lines[k] = lines[k].split(":")[0] + ": many"
    bad = "\n".join(lines)
    assert quickyaml.read(bad) is not None
    with pytest.raises(SourceError) as slow:
        from pnpkit.scorer import api
        api.read_record(parse(bad, "r.yaml"))
    with pytest.raises(SourceError) as quick:
        api.read_record(parse(bad, "r.yaml", lines=False))
    assert str(quick.value) == str(slow.value)
    assert f"r.yaml:{k + 1}: players[0].salt" in str(quick.value)
    path = tmp_path / "r.yaml"
    path.write_text(bad, encoding="utf-8")
    r = CliRunner().invoke(cli, ["score", str(path)])
    assert r.exit_code == 2 and f"{path}:{k + 1}: players[0].salt" in r.stderr


def test_the_limits_are_safeyamls():
    """Past a limit the quick reader gives up, and safeyaml refuses with its own words."""
    deep = "".join(" " * (2 * i) + f"k{i}:\n" for i in range(60)) + " " * 120 + "x: 1\n"
    assert quickyaml.read(deep) is None
    long_word = "a: " + "x" * 300 + "\n"
    assert quickyaml.read(long_word) is None
    huge = "a: 10000001\n"
    assert quickyaml.read(huge) is None
    many = "".join(f"- {i}\n" for i in range(60_000))
    assert quickyaml.read(many) is None
    assert quickyaml.read("") is None and quickyaml.read("\n\n") is None
    assert quickyaml.read("a: 1\na: 2\n") is None


_WORDS = ["Ann", "Ann Smith", "yes", "No", "on", "OFF", "null", "~", "Null", "true", "1", "-1", "+1", "007", "0x1F",
          "0o17", "0b101", "1_000", "1e3", "1.5e-3", ".5", "-.inf", ".NaN", "12:30", "1:20:30", "2026-11-26",
          "2026-11-26 10:00:00", "a-b", "B05", "x", "- x", "-", "a b c", "3 4 > 8", "draw R3", "É", "ß1"]


def _data_strategy():
    from hypothesis import strategies as st
    scalar = st.one_of(st.sampled_from(_WORDS), st.integers(-10**6, 10**6), st.booleans(), st.none(),
                       st.text(alphabet="ab cd-_.:'\"#!&*?|>%@`,[]{}", max_size=8))
    key = st.one_of(st.sampled_from(["game", "players", "name", "sheet", "1", "yes", "on", "a b", "x-y"]),
                    st.text(alphabet="abxy_-.", min_size=1, max_size=5))
    return st.recursive(scalar, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                         st.dictionaries(key, inner, max_size=4)), max_leaves=20)


@pytest.mark.parametrize("flow", [False, None, True])
def test_any_plain_data_as_yaml_writes_it_agrees(flow):
    """Data of any shape, written by PyYAML in block style (as pnpkit writes a record), with its
    innermost collections in flow style, or all in flow style: the quick reader reads what
    safeyaml reads, or gives up (it reads about three texts in ten of these)."""
    from hypothesis import given, settings, HealthCheck

    @settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(_data_strategy())
    def check(data):
        text = yaml.safe_dump(data, sort_keys=False, default_flow_style=flow, allow_unicode=True)
        _agrees(text)
        _agrees(text.replace("\n", "  # a comment\n", 1))
    check()


@pytest.mark.parametrize("text", [
    "{almond: 3, cashew: 2}", "[B05, B11]", "[ a , b ]", "{ a: 1 , b:  2 }", "[a b, c]", "{a: yes, b: ~, c: 0x1F}",
    "{a: 1, a: 2}", "[a,,b]", "[a,]", "{a : 1}", "{a:1}", "{a: b: c}", "[a: 1]", "{a: [b]}", "['x', y]", "[-, x]",
    "[.5]", "{1: x, 2.5: y}", "{ }", "[ ]", "[a, {b: c}]", "{a}",
])
def test_a_flat_flow_collection_is_read_as_the_walk_reads_it(text):
    """`_Words.flat` (split at commas) reads a collection exactly as `flow` (part by part) does, and
    counts the same parts against the values limit; or leaves it to `flow`."""
    fast, walked = quickyaml._Words(safeyaml.LIMITS), quickyaml._Words(safeyaml.LIMITS)
    try:
        expected = walked.flow(text)
    except quickyaml._GiveUp:
        expected = None
    try:
        got = fast.flat(text)
    except quickyaml._GiveUp:
        got = None
    if got is not None:
        assert _same(got, expected) and fast.flowed == walked.flowed
    _agrees(f"x: {text}\n")
