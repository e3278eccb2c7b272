"""Check: a kit file's messages, and the values a kit is read as, against another revision's.

    python bench/kit_messages.py [--against main] [--most 400] [--seed 0] [--show 5]

Every shipped kit and every example kit is broken in many ways, one at a time, by this tree's code
and by revision REV's (exported with `git archive`, run with this same Python and packages, as
bench/same_bytes.py does): a value replaced by a wrong one (a number, a text, a list, a mapping,
a length, a colour, a template...), a key left out, a key added (misspelt or unknown); at most
MOST cases a kit, chosen at random (--seed), the unbroken kit first. Each case is loaded with
`load_kit` and gives the message a person would read (file, line, field, words) or, when it
loads, the values read (every model's fields, with their types: a float, a tuple, a class).
The cases that differ are sorted into kinds and counted, with examples of each; the exit is 1 if
a kit that loads on both sides is read differently, or a case crashed.

Why: issue 40 moved the kit-file models from pydantic to msgspec, whose rule is the file's first
problem only; everything else a person reads was to stay word for word at its line.
"""
from __future__ import annotations

import argparse
import collections
import copy
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
VALUES = [None, -1, 0, 1, 2, 3.0, 2.5, "x", "", "3", "2.5", "yes", "true", [], {}, [1, 2], ["a", "b"], "63x",
          "5/0in", "-3mm", True, False, {"a": 1}, "1x0mm", "10mm", [5, 5], "#12345", "#123456", "{{ row.x }}",
          "a b", 1e9, "poker", 99999, 10001, 501, 1000, "round", "board", "cards", 7, 6.9, 145, 0.5, 1.5, "1e400"]


def kits(root: Path) -> list[Path]:
    return sorted((root / "kits").glob("*.yaml")) + sorted(
        p for p in (root / "examples").glob("*/*.yaml") if "\ncomponents:" in p.read_text(encoding="utf-8"))


def paths(node, at=()):
    if at:
        yield at
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, at + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, at + (i,))


def cases(data, rng: random.Random, most: int) -> list[tuple]:
    out = [("set", p, v) for p in paths(data) for v in VALUES] + [("del", p, None) for p in paths(data)]
    for p in [(), *paths(data)]:
        node = data
        for k in p:
            node = node[k]
        if isinstance(node, dict) and node:
            first = next(iter(node))
            out += [("add", p, "zzz"), ("add", p, f"{first}"[:-1] + "x")]
    rng.shuffle(out)
    return [("none", (), None)] + out[:most]


def broken(data, case: tuple):
    kind, path, value = case
    data = copy.deepcopy(data)
    if kind == "none":
        return data
    node = data
    for k in path if kind == "add" else path[:-1]:
        node = node[k]
    if kind == "add":
        node[value] = 1
    elif kind == "del":
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


def plain(v, depth: int = 0):
    """A loaded value as plain data with its types, whichever models read it."""
    cls = type(v)
    names = list(getattr(cls, "__struct_fields__", None) or getattr(cls, "model_fields", None) or ())
    if names and depth < 60:
        return {"__class__": cls.__name__, **{n: plain(getattr(v, n), depth + 1) for n in sorted(names)
                                              if n not in ("file", "path")}}
    if isinstance(v, dict):
        return {"__dict__": [[plain(k, depth + 1), plain(x, depth + 1)] for k, x in v.items()]}
    if isinstance(v, tuple):
        return {"__tuple__": [plain(x, depth + 1) for x in v]}
    if isinstance(v, list):
        return [plain(x, depth + 1) for x in v]
    if isinstance(v, float):
        return {"__float__": repr(v)}
    if v is None or type(v) in (bool, int, str):
        return v
    return {"__other__": f"{type(v).__name__}:{v!r}"}


def write(out: Path, most: int, seed: int) -> None:
    """This process's code (the tree first on sys.path) on every case, one JSON line each."""
    from pnpkit.kitfile.errors import PnpkitError
    from pnpkit.kitfile.model import load_kit
    tmp = Path(tempfile.mkdtemp(prefix="kit-messages-"))
    n = 0
    try:
        with open(out, "w", encoding="utf-8") as f:
            for kit in kits(ROOT):
                folder = tmp / kit.parent.name
                if not folder.exists():  # the kit's decks and art beside it
                    shutil.copytree(kit.parent, folder, ignore=shutil.ignore_patterns("__pycache__"))
                data = yaml.safe_load(kit.read_text(encoding="utf-8"))
                for case in cases(data, random.Random(f"{seed}{kit.name}"), most):
                    n += 1
                    file = folder / f"case{n}.yaml"  # a new name each: load_kit caches per file
                    file.write_text(yaml.safe_dump(broken(data, case), sort_keys=False), encoding="utf-8")
                    try:
                        got = {"ok": plain(load_kit(str(file)))}
                    except PnpkitError as e:
                        got = {"error": str(e).replace(str(file), "KIT")}
                    except Exception as e:  # noqa: BLE001 (a crash is what this looks for)
                        got = {"crash": f"{type(e).__name__}: {e}"[:500]}
                    file.unlink()
                    f.write(json.dumps({"kit": kit.name, "case": [case[0], list(case[1]), repr(case[2])], **got}) + "\n")
    finally:
        shutil.rmtree(tmp)


def kind_of(a: dict, b: dict) -> str:
    """What kind of difference two answers to one case are."""
    ka, kb = (next(k for k in ("ok", "error", "crash") if k in x) for x in (a, b))
    if ka != kb or ka != "error":
        return f"{ka} -> {kb}"
    ea, eb = a["error"], b["error"]
    if "\n" in ea:
        return "several problems -> " + ("the first" if eb == ea.split("\n")[0] else
                                         "another of them" if eb in ea.split("\n") else "another")
    if re.search(r"got (True|False)$", ea) and re.search(r"got (True|False)$", eb):
        return "true/false as a number"
    if "unknown key" in ea and ea.split(" (")[0] == eb.split(" (")[0]:
        return "an unknown key's hint"
    return "another message"


def compare(a_file: Path, b_file: Path, show: int) -> int:
    a = [json.loads(line) for line in open(a_file, encoding="utf-8")]
    b = [json.loads(line) for line in open(b_file, encoding="utf-8")]
    kinds: dict[str, list] = collections.defaultdict(list)
    for x, y in zip(a, b):
        kinds["same" if x == y else kind_of(x, y)].append((x, y))
    print(f"{len(a)} cases: " + ", ".join(f"{len(v)} {k}" for k, v in sorted(kinds.items(), key=lambda kv: -len(kv[1]))))
    for kind, pairs in sorted(kinds.items()):
        if kind == "same":
            continue
        print(f"\n{kind} ({len(pairs)}):")
        for x, y in pairs[:show]:
            print(f"  {x['kit']} {x['case']}")
            for side, v in (("before", x), ("after", y)):
                text = v.get("error") or v.get("crash") or "(loads)"
                print(f"    {side}: " + text.replace("\n", "\n            ")[:600])
    return 1 if any(k == "ok -> ok" or "crash" in k for k in kinds) else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", default="main", help="the revision whose messages are the reference")
    ap.add_argument("--most", type=int, default=400, help="cases a kit (at random, the unbroken kit first)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--show", type=int, default=5, help="examples of each kind of difference")
    ap.add_argument("--write", type=Path, help=argparse.SUPPRESS)  # one side, run by main()
    a = ap.parse_args()
    if a.write:
        write(a.write, a.most, a.seed)
        return
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from same_bytes import export  # noqa: E402 (bench/, beside this script)
    with tempfile.TemporaryDirectory() as tmp:
        tree = export(a.against, Path(tmp) / "tree")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        for name, path in (("before", tree), ("after", None)):  # this tree: as installed (editable)
            subprocess.run([sys.executable, str(Path(__file__).resolve()), "--write", str(Path(tmp) / f"{name}.jsonl"),
                            "--most", str(a.most), "--seed", str(a.seed)],
                           env=dict(env, PYTHONPATH=str(path)) if path else env, cwd=tmp, check=True)
        print(f"kit-file messages, {a.against} (before) against this tree (after):")
        sys.exit(compare(Path(tmp) / "before.jsonl", Path(tmp) / "after.jsonl", a.show))


if __name__ == "__main__":
    main()
