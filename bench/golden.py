"""Golden outputs: what the scorer prints for a fixed set of records, written into a folder, and two
such folders compared. A reshaping of the scorer (issue 23: "a move, not a rewrite") must leave
every byte of them unchanged.

    .venv/bin/python bench/golden.py write DIR [--games N] [--seed S] [--jobs J]
    .venv/bin/python bench/golden.py compare BEFORE AFTER

`write` gathers the records into DIR/records/ and runs pnpkit's own command line on each (in this
process, through click, so thousands of records take minutes, not hours):

- docs/: every YAML example of docs/*.md and docs/records/*.md that names a `game:`;
- hostile/: every record of tests/corpus/records;
- mutated/: one random record in four (below), broken once (two neighbours of a list swapped, or
  one left out);
- random/<game>/: N games for every game with a simulator (the registry's, NUTS' move log
  included), played by `pnpkit simulate GAME --games N --seed S --save` (run as a person runs it,
  in a new process; the records it writes are compared too, so the simulator is covered; a game
  with setups plays N of each), and random/nuts-sheets/: N NUTS final-sheet records drawn from the
  kit's bonus deck.

For every record DIR/out/<record>.json holds the exit code, standard output and standard error of
`score --json`, `check --explain --json` and `moves --json`; for the documented and hostile records,
and the first P random records of each game and of their mutations (--pages P), also the `replay`
page (DIR/out/<record>.html, or the refusal). A page is 0.5-1 MB and takes a second, so not every
random record gets one. Commands run with the records' folder as
the working directory and relative paths, so two folders written anywhere compare.

The old code for `write`: the old commit's tree (`git archive`) laid out as the installed package
(pnpkit/ with generator/, scorer/, kitfile/, kits/, templates/ and fonts/ copied into it) and put on
PYTHONPATH, which Python searches before the editable install; run the old tree's bench/golden.py
so that its docs and corpus are read.

`compare` lists every file (a replay page's embedded font data aside: see `_bytes`) that is only on one side or differs, with the first lines that differ,
and exits 1 if anything does.
"""
from __future__ import annotations

import argparse
import difflib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
NUTS_KINDS = ("almond", "cashew", "peanut", "pistachio")
COMMANDS = {"score": ["score", "--json"], "check": ["check", "--explain", "--json"], "moves": ["moves", "--json"]}


def doc_records(out: Path) -> list[str]:
    """Every YAML block of the docs that is a record (has a top-level `game:`), one file each."""
    names = []
    for md in sorted([*ROOT.glob("docs/*.md"), *ROOT.glob("docs/records/*.md")]):
        blocks = re.findall(r"```yaml[^\n]*\n(.*?)```", md.read_text(encoding="utf-8"), re.S)
        for k, text in enumerate(blocks):
            if re.search(r"^game: ", text, re.M):
                name = f"docs/{md.stem}-{k:02d}.yaml"
                (out / name).write_text(text, encoding="utf-8")
                names.append(name)
    return names


def hostile_records(out: Path) -> list[str]:
    names = []
    for f in sorted((ROOT / "tests" / "corpus" / "records").glob("*.yaml")):
        shutil.copyfile(f, out / "hostile" / f.name)
        names.append(f"hostile/{f.name}")
    return names


def simulated_games() -> list[str]:
    """Every game `pnpkit simulate` plays, from the registry (the pnpkit on the path: the one measured)."""
    from pnpkit.scorer.games import GAMES, load
    return [g for g in GAMES if load(g).sim is not None]


def paged(names: list[str], pages: int) -> set[str]:
    """The records whose replay page is compared: the documented and hostile ones, and the first
    `pages` of each folder of random and mutated records (random/forest-fire/, mutated/nuts/, ...)."""
    out, per = set(), Counter()
    for n in names:
        folder = n.rsplit("/", 1)[0]
        if n.startswith(("docs/", "hostile/")):
            out.add(n)
        elif per[folder] < pages:
            per[folder] += 1
            out.add(n)
    return out


def nuts_records(out: Path, n: int, seed: int) -> list[str]:
    """NUTS has no move log to simulate: plausible final sheets, 2-6 players, 1-6 bonus cards each
    from the kit's deck (ids, some written out), 0-6 tokens a column, goals claimed or not."""
    kit = yaml.safe_load((ROOT / "kits" / "nuts.yaml").read_text(encoding="utf-8"))
    ids = [card["id"] for card in kit["params"]["bonus"]]
    rng = random.Random(seed)
    names = []
    for i in range(n):
        pool = ids[:]
        rng.shuffle(pool)
        players = []
        for name in ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][:rng.randint(2, 6)]:
            bonus: list = [pool.pop() for _ in range(min(rng.randint(1, 6), len(pool)))]
            if rng.random() < 0.1:
                bonus.append({"needs": {rng.choice(NUTS_KINDS): rng.randint(1, 3)}, "points": rng.randint(1, 9)})
            salt, squirrel = rng.randint(0, 6), rng.randint(0, 5)
            goals = [g for g, have in (("salty-mama", salt), ("squirrel-buddy", squirrel))
                     if rng.random() < (0.6 if have >= 3 else 0.05)]
            players.append({"name": name, "sheet": {k: rng.randint(0, 6) for k in NUTS_KINDS}, "salt": salt,
                            "squirrel": squirrel, "goals": goals, "bonus": bonus})
        name = f"random/nuts-sheets/nuts-{i + 1:06d}.yaml"
        (out / name).write_text(yaml.safe_dump({"game": "nuts", "players": players}, sort_keys=False))
        names.append(name)
    return names


def simulated(out: Path, game: str, n: int, seed: int) -> list[str]:
    folder = (out / "random" / game).resolve()
    r = subprocess.run([sys.executable, "-m", "pnpkit", "simulate", game, "--games", str(n), "--seed", str(seed),
                        "--save", str(folder), "--jobs", "1"], capture_output=True, text=True, cwd=out)
    # (cwd: the records' folder, so that `-m` finds the interpreter's pnpkit, not a checkout's folder)
    if r.returncode != 0:
        raise SystemExit(f"simulate {game} failed ({r.returncode}): {r.stderr[-800:]}")
    return sorted(f"random/{game}/{f.name}" for f in folder.glob("*.yaml"))


def mutated(out: Path, names: list[str], seed: int) -> list[str]:
    """One record in four of the random ones, broken once: in one list of the record (a turn's
    actions, the turns, a player's cards), two neighbours swapped or one left out, so that the
    outputs of illegal records (violations, explanations, `moves` after them) are compared too."""
    rng = random.Random(seed)
    made = []
    for name in names[::4]:
        data = yaml.safe_load((out / name).read_text(encoding="utf-8"))
        lists: list[list] = []

        def walk(x) -> None:
            if isinstance(x, list):
                if len(x) >= 2:
                    lists.append(x)
                for v in x:
                    walk(v)
            elif isinstance(x, dict):
                for v in x.values():
                    walk(v)
        walk(data)
        if not lists:
            continue
        xs = rng.choice(lists)
        i = rng.randrange(len(xs) - 1)
        if rng.random() < 0.5:
            xs[i], xs[i + 1] = xs[i + 1], xs[i]
        else:
            del xs[i]
        target = "mutated/" + name.split("/", 1)[1]
        (out / target).parent.mkdir(parents=True, exist_ok=True)
        (out / target).write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        made.append(target)
    return made


def _run(args: list[str]) -> dict:
    from click.testing import CliRunner

    from pnpkit.cli import cli
    r = CliRunner().invoke(cli, args, catch_exceptions=True)
    out = {"exit": r.exit_code, "stdout": r.stdout, "stderr": r.stderr}
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        out["exception"] = repr(r.exception)
    return out


def run_one(job: tuple[str, str, bool]) -> None:
    """The outputs of one record (relative to the records' folder, the working directory)."""
    records, name, page = job
    os.chdir(records)
    target = Path(records).parent / "out" / (name + ".json")
    target.parent.mkdir(parents=True, exist_ok=True)
    got = {label: _run(args + [name]) for label, args in COMMANDS.items()}
    if page:
        html_dir = Path(records).parent / "html" / name
        got["replay"] = _run(["replay", name, "--out", str(html_dir)])
        pages = sorted(html_dir.glob("*.html")) if html_dir.exists() else []
        got["replay"]["stdout"] = got["replay"]["stdout"].replace(str(html_dir), "<out>")
        for p in pages:
            shutil.copyfile(p, target.with_suffix("." + p.name))
        shutil.rmtree(html_dir, ignore_errors=True)
    target.write_text(json.dumps(got, indent=1, ensure_ascii=False, sort_keys=True), encoding="utf-8")


def write(folder: Path, games: int, seed: int, jobs: int, records_from: Path | None = None, sample: int = 1,
          pages: int = 10) -> int:
    if folder.exists():
        raise SystemExit(f"{folder} exists: give a new folder")
    records = folder / "records"
    started = time.perf_counter()
    if records_from is not None:        # the same records as another folder's (its simulator's, its docs')
        shutil.copytree(records_from / "records", records)
        names = sorted(str(p.relative_to(records)) for p in records.rglob("*.yaml"))
        docs = [n for n in names if n.startswith("docs/")]
    else:
        for sub in ("docs", "hostile", "random/nuts-sheets"):
            (records / sub).mkdir(parents=True)
        docs = doc_records(records)
        names = docs + hostile_records(records)
        random_names = nuts_records(records, games, seed)
        for game in simulated_games():
            random_names += simulated(records, game, games, seed)
        names += random_names + mutated(records, random_names, seed)
    if sample > 1:                      # the documented and hostile records, and one other in `sample`
        names = [n for i, n in enumerate(names) if n.startswith(("docs/", "hostile/")) or i % sample == 0]
    drawn = paged(names, pages)
    print(f"{len(names)} records ({len(docs)} documented, {len(drawn)} with a replay page) in "
          f"{time.perf_counter() - started:.1f} s", flush=True)
    jobs_list = [(str(records.resolve()), n, n in drawn) for n in names]
    with Pool(jobs) as pool:
        for i, _ in enumerate(pool.imap_unordered(run_one, jobs_list, chunksize=8)):
            if (i + 1) % 1000 == 0:
                print(f"  {i + 1} of {len(names)} ({time.perf_counter() - started:.0f} s)", flush=True)
    print(f"written into {folder} in {time.perf_counter() - started:.1f} s")
    return 0


FONT = re.compile(rb"data:font/woff;base64,[A-Za-z0-9+/=]+")


def _bytes(path: Path) -> bytes:
    """A file's bytes; in a replay page the embedded fonts' data left out: a font subset carries the
    time it was made (its `head` table), so two runs of the same code differ there. Which fonts a
    page embeds, and the text they are subset to, are still compared."""
    raw = path.read_bytes()
    return FONT.sub(b"data:font/woff;base64,...", raw) if path.suffix == ".html" else raw


def compare(before: Path, after: Path, partial: bool = False, shown: int = 20) -> int:
    def files(root: Path) -> set[str]:
        return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()}
    a, b = files(before), files(after)
    if partial:             # a folder still being written: the outputs both sides have
        a = b = {f for f in a & b if f.startswith("out/")}
    differ = sorted(f for f in a & b if _bytes(before / f) != _bytes(after / f))
    only = [(f, before) for f in sorted(a - b)] + [(f, after) for f in sorted(b - a)]
    for f, side in only:
        print(f"only in {side}: {f}")
    for f in differ[:shown]:
        print(f"differs: {f}")
        diff = difflib.unified_diff((before / f).read_text(errors="replace").splitlines(),
                                    (after / f).read_text(errors="replace").splitlines(), lineterm="", n=1)
        for line in list(diff)[2:14]:
            print("    " + line[:300])
    if len(differ) > shown:
        print(f"... and {len(differ) - shown} more files differ")
    print(f"{len(a & b)} files compared: {len(differ)} differ, {len(only)} on one side only")
    return 1 if differ or only else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("write")
    w.add_argument("folder", type=Path)
    w.add_argument("--games", type=int, default=1000)
    w.add_argument("--seed", type=int, default=1)
    w.add_argument("--jobs", type=int, default=2)
    w.add_argument("--records-from", type=Path, help="take the records of this golden folder instead of making them")
    w.add_argument("--sample", type=int, default=1, help="outputs of the documented and hostile records and of one "
                   "other record in SAMPLE (default: every record)")
    w.add_argument("--pages", type=int, default=10, help="replay pages of the documented and hostile records and of "
                   "the first PAGES records of each random and mutated folder (default 10)")
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    c.add_argument("--partial", action="store_true", help="compare only the outputs both folders have (one still being written)")
    args = ap.parse_args()
    if args.cmd == "write":
        return write(args.folder, args.games, args.seed, args.jobs, args.records_from, args.sample, args.pages)
    return compare(args.before, args.after, args.partial)


if __name__ == "__main__":
    sys.exit(main())
