"""Check: this tree's builds are byte for byte those of another revision (a speed-up changes no output).

    python bench/same_bytes.py [--against main] [--jobs 2] [--keep DIR]

Builds every kit with components (`pnpkit build --all`, a4 and letter; and the example kits in
examples/) with each set of options
below, once with this working tree's code and once with the code of git revision REV (exported
with `git archive` into a temporary folder and run with this same Python and packages), then
compares every file written: the PDFs, the fillable PDFs, every SVG page and the manifests. The
option sets are every combination of --ink-saver, --backs gutter and --bleed 3 (eight), plus one
on universal paper with short-edge duplex and a back offset. Exit 0 if every file is identical
and both sides wrote the same files; otherwise the differing files are listed and the exit is 1.

With --keep DIR, REV's outputs are kept in DIR/<its commit> and reused by the next run against
the same commit (about half the time while working on a change).

Why bytes and not pictures: the issue's promise is that a faster build changes nothing a person
receives, and identical bytes are the one check that cannot be argued with.
"""
from __future__ import annotations

import argparse
import hashlib
import itertools
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

OPTION_SETS: list[list[str]] = [
    (["--ink-saver"] if ink else []) + (["--backs", "gutter"] if gutter else []) + (["--bleed", "3"] if bleed else [])
    for ink, gutter, bleed in itertools.product((False, True), repeat=3)
] + [["--paper", "universal", "--duplex", "short", "--back-offset", "0.5,-1"]]


def export(rev: str, into: Path) -> Path:
    """The tree of `rev`, without the .git folder, in `into`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev],
                             check=True, capture_output=True).stdout
    into.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    as_installed(into)
    return into


def as_installed(tree: Path) -> None:
    """Link each subpackage folder of `tree` (pyproject's package-dir: generator/, kitfile/, ...)
    into tree/pnpkit/, where an install puts it, so that `import pnpkit.generator` with `tree` on
    the path runs `tree`'s code. Without the links only pnpkit/ itself came from `tree`: its
    subpackages were found by the editable install's finder, in this working tree, and both
    sides of the comparison ran the same generator."""
    text = (tree / "pyproject.toml").read_text(encoding="utf-8")
    for sub, folder in re.findall(r'^"pnpkit\.(\w+)" = "([\w/]+)"', text, re.M):
        link = tree / "pnpkit" / sub
        if not link.exists():
            link.symlink_to(tree / folder, target_is_directory=True)


def build_everything(tree: Path, out: Path) -> None:
    """Every option set, every kit, into `out` (file names carry the options, so one folder holds
    them all). The code is `tree`'s: it goes first on the path, before any installed pnpkit."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    examples = sorted(str(p.relative_to(tree)) for p in tree.glob("examples/*/*.yaml")
                      if "\ncomponents:" in p.read_text(encoding="utf-8"))   # kits, not the records beside them
    for opts in OPTION_SETS:
        subprocess.run([sys.executable, "-m", "pnpkit", "build", "--all", "--out", str(out), *opts],
                       cwd=tree, env=env, check=True, capture_output=True)
        for kit in examples:  # designers' example kits (their own SVG and PNG art)
            subprocess.run([sys.executable, "-m", "pnpkit", "build", kit, "--out", str(out), *opts],
                           cwd=tree, env=env, check=True, capture_output=True)


def digests(out: Path) -> dict[str, str]:
    return {str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", default="main", metavar="REV", help="git revision to compare with")
    ap.add_argument("--jobs", type=int, default=2, help="build both sides at once (1: one after the other)")
    ap.add_argument("--keep", type=Path, metavar="DIR", help="keep REV's outputs here and reuse them")
    args = ap.parse_args()
    t0 = time.perf_counter()
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{args.against}^{{commit}}"],
                            check=True, capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        kept = args.keep / commit if args.keep else None
        sides = {"this tree": (ROOT, tmp / "out-this")}
        if not (kept and kept.is_dir()):
            sides[args.against] = (export(commit, tmp / "tree"), tmp / "out-rev")
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for f in [pool.submit(build_everything, tree, out) for tree, out in sides.values()]:
                f.result()
        if kept and not kept.is_dir():
            kept.parent.mkdir(parents=True, exist_ok=True)
            shutil.copytree(tmp / "out-rev", kept)
        mine, rev = digests(tmp / "out-this"), digests(kept if kept else tmp / "out-rev")
    differ = sorted(k for k in mine.keys() & rev.keys() if mine[k] != rev[k])
    only = sorted(mine.keys() ^ rev.keys())
    kinds: dict[str, int] = {}
    for name in mine:
        ext = name.rsplit(".", 1)[-1]
        kinds[ext] = kinds.get(ext, 0) + 1
    print(f"{len(OPTION_SETS)} option sets x every kit, a4 and letter (and universal): "
          f"{len(mine)} files ({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))}) "
          f"compared with {args.against} ({commit[:10]}) in {time.perf_counter() - t0:.0f} s")
    for name in differ:
        print(f"  DIFFERENT  {name}")
    for name in only:
        print(f"  ONLY IN {'this tree' if name in mine else args.against}  {name}")
    if differ or only:
        print(f"NOT identical: {len(differ)} files differ, {len(only)} written by one side only")
        return 1
    print("identical, byte for byte")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
