"""Hostile variations of the shipped kit files and documented records, for the fuzz tests and
bench/fuzz.py: what a stranger's file, or a file damaged on its way, may look like.

`mutate(text, rng)` returns a variation of a YAML text: a value replaced by a hostile one (huge,
negative, not a number, a template, a path out of the folder, deep, long), a key or item removed,
a list multiplied, a key misspelt; or the raw text damaged (a byte flipped, a line removed or
repeated, a control character, a cut, an alias bomb or a tag pasted in). Every case is a
function of its seed, so a failure is reproduced by its number.
"""
from __future__ import annotations

import copy
import random
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import yaml

ROOT = Path(__file__).resolve().parents[2]
KITS = sorted((ROOT / "kits").glob("*.yaml"))


@lru_cache(maxsize=1)
def records() -> list[tuple[str, str]]:
    """(name, text) of every whole record documented in docs/records/*.md."""
    out = []
    for doc in sorted((ROOT / "docs" / "records").glob("*.md")):
        text = doc.read_text(encoding="utf-8")
        for i, m in enumerate(re.finditer(r"^```yaml[^\n]*\n(.*?)^```", text, re.M | re.S)):
            if re.match(r"(\s*#.*\n)*game:", m[1]):
                out.append((f"{doc.stem}-{i}", m[1]))
    return out


@lru_cache(maxsize=1)
def kits() -> list[tuple[str, str]]:
    return [(p.stem, p.read_text(encoding="utf-8")) for p in KITS]


def _deep(n: int) -> Any:
    v: Any = 1
    for _ in range(n):
        v = [v]
    return v


HOSTILE: list[Callable[[random.Random], Any]] = [
    lambda r: None, lambda r: True, lambda r: -1, lambda r: 0, lambda r: 1, lambda r: 7,
    lambda r: r.choice([999, 1001, 9999, 10_000, 10_001, 10**6, 10**7, 2**63, 10**40]),
    lambda r: r.choice([-10**9, -2**31]),
    lambda r: r.choice([0.5, -0.0, 1e-300, 1e308, float("nan"), float("inf"), -float("inf")]),
    lambda r: "", lambda r: "x" * r.choice([100, 5000, 30_000]),
    lambda r: "".join(chr(r.randrange(32, 0x2FFF)) for _ in range(r.randrange(1, 40))),
    lambda r: r.choice(["63x", "5/0in", "1e9mm", "-3mm", "999999999mm", "0mm", "1x0mm", "nan mm", "1200.1mm",
                        "inf", "poker", "a5", "#GGGGGG", "#ff0000"]),
    lambda r: r.choice(["{{ 1/0 }}", "{{ ''.__class__.__mro__[1].__subclasses__() }}", "{{ x }}",
                        "{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}",
                        "{{ 'x' * 10**9 }}", "{{ params }}", "{{ kit.file }}", "{% include 'nope.j2' %}",
                        "{{ cycler.__init__.__globals__.os.popen('id').read() }}", "{{ lipsum.__globals__ }}",
                        "{{ 9 ** 9 ** 9 }}", "{{ '%0999999999d' % 1 }}", "{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}"]),
    lambda r: r.choice(["../../etc/passwd", "/etc/passwd", "~/.ssh/id_rsa", "link.j2", "chestnuts-turn.j2",
                        "C:\\Windows\\win.ini", "sub/../../x.j2"]),
    lambda r: [], lambda r: {}, lambda r: [1] * r.choice([2, 50, 1000]),
    lambda r: _deep(r.choice([10, 50])), lambda r: {"a": {"b": {"c": [1, {"d": None}]}}},
    lambda r: [{"count": 10**6}], lambda r: {"count": r.choice([5000, 10_000])},
]


def _paths(node: Any, at: tuple = ()) -> list[tuple]:
    out = [at] if at else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, at + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, at + (i,))
    return out


def _parent(data: Any, path: tuple) -> Any:
    node = data
    for key in path[:-1]:
        node = node[key]
    return node


def _structural(text: str, rng: random.Random) -> str | None:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return None
    paths = _paths(data)
    if not paths:
        return None
    data = copy.deepcopy(data)
    path = rng.choice(paths)
    parent, key = _parent(data, path), path[-1]
    kind = rng.random()
    if kind < 0.55:
        parent[key] = rng.choice(HOSTILE)(rng)
    elif kind < 0.7:
        del parent[key]
    elif kind < 0.85:
        target = parent if isinstance(parent, list) else parent[key]
        if not isinstance(target, list):
            return None
        target.extend(copy.deepcopy(target) * rng.choice([1, 3, 20]))  # a list several times over
    elif isinstance(parent, dict):
        value = parent.pop(key)
        parent[str(key)[:-1] + rng.choice("sx_") if str(key) else "x"] = value
    else:
        parent[key], parent[-1] = parent[-1], parent[key]
    try:
        return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000)
    except (yaml.YAMLError, ValueError, RecursionError):
        return None


SNIPPETS = [
    "bomb: &a0 [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"b{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}]\n"
        for i in range(1, 9)),
    "deep: " + "[" * 5000 + "]" * 5000 + "\n",
    "deep2: " + "{a: " * 3000 + "1" + "}" * 3000 + "\n",
    "x: !!python/object/apply:os.system ['touch /tmp/pnpkit-pwned']\n",
    "x: !!python/name:os.system\n", "x: !!binary aGVsbG8=\n", "x: !mine {a: 1}\n", "x: !!set {a, b}\n",
    "x: &r [*r]\n", "x: *nowhere\n", "x: 2024-05-01\n", "x: 1e999\n", "x: .nan\n", "x: " + "9" * 5000 + "\n",
    "---\nsecond: document\n", "\tx: tab\n", "x: \x07bell\n", "? [a, b]\n: c\n", "x: {<<: [1, 2]}\n",
    "long: '" + "y" * 40_000 + "'\n", "k" * 300 + ": 1\n",
]


def _textual(text: str, rng: random.Random) -> str | bytes:
    lines = text.splitlines(keepends=True) or [""]
    kind = rng.random()
    i = rng.randrange(len(lines))
    if kind < 0.15:
        raw = bytearray(text.encode("utf-8"))
        for _ in range(rng.choice([1, 1, 3])):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    if kind < 0.3:
        del lines[i]
    elif kind < 0.4:
        lines.insert(i, lines[i] * rng.choice([1, 2, 50]))
    elif kind < 0.5:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind < 0.6:
        at = rng.randrange(len(text) + 1)
        return text[:at] + chr(rng.choice([0, 1, 7, 8, 11, 12, 27, 127, 0x85, 0xFFFE, 0xD7FF])) + text[at:]
    elif kind < 0.7:
        return text[: rng.randrange(len(text) + 1)]
    elif kind < 0.8:
        lines[i] = (" " * rng.choice([1, 2, 3])) + lines[i] if rng.random() < 0.5 else lines[i].lstrip()
    else:
        lines.insert(i, rng.choice(SNIPPETS))
    return "".join(lines)


def mutate(text: str, rng: random.Random) -> str | bytes:
    """One hostile variation of `text` (a str, or bytes where a byte was damaged): a change to
    its data, a damage to its text, or both (the data first: damaged text may not parse)."""
    changed = _structural(text, rng) if rng.random() < 0.6 else None
    if changed is None or rng.random() < 0.3:
        return _textual(changed or text, rng)
    return changed


def _pick(kind: str, seed: int) -> tuple[random.Random, str, str]:
    rng = random.Random(f"{kind}-{seed}")
    name, text = rng.choice(records() if kind == "record" else kits())
    return rng, name, text


def record_command(seed: int, path: str, out: str) -> list[str]:
    """The command a record case runs: mostly `score`, and every command that reads a record
    (`moves --try` is left out: its action is the command line's, not the file's)."""
    pick = seed % 20
    if pick < 10:
        return ["score", path]
    if pick < 15:
        return ["check", path, "--explain"]
    if pick < 18:
        return ["moves", path]
    return ["replay", path, "--out", out]


def source(kind: str, seed: int) -> str:
    """The name of the shipped file the `seed`th case of `kind` varies."""
    return _pick(kind, seed)[1]


def case(kind: str, seed: int) -> tuple[str, str | bytes]:
    """The `seed`th case of `kind` ("record" or "kit"): (the source's name, the mutated text)."""
    rng, name, text = _pick(kind, seed)
    return name, mutate(text, rng)
