"""`pnpkit score A.yaml B.yaml FOLDER`: many records in one command, a line each, the worst exit."""
from __future__ import annotations

import json

from click.testing import CliRunner

from pnpkit import many
from pnpkit.cli import cli

LEGAL = "game: nuts\nplayers:\n  - {name: Ann, sheet: {almond: 3}, bonus: [B01]}\n  - {name: Ben, sheet: {}, bonus: [B02]}\n"
ILLEGAL = "game: nuts\nplayers:\n  - {name: Ann, sheet: {almond: -1}, bonus: [B01]}\n  - {name: Ben, sheet: {}, bonus: [B02]}\n"
BROKEN = "game: nuts\nplayers: [\n"


def _folder(tmp_path, **files):
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_a_folder_gives_one_line_a_record_and_the_worst_exit(tmp_path):
    _folder(tmp_path, **{"a.yaml": LEGAL, "sub/b.yml": ILLEGAL, "c.yaml": BROKEN, "notes.txt": "not a record"})
    r = CliRunner().invoke(cli, ["score", str(tmp_path)])
    lines = r.stdout.splitlines()
    assert r.exit_code == 2
    assert lines[0] == f"{tmp_path}/a.yaml: legal; Ann 9, Ben -3; unfinished"
    assert lines[1].startswith(f"{tmp_path}/c.yaml:3: not valid YAML")
    assert lines[2] == f"{tmp_path}/sub/b.yml: breaks the rules (1 violation); Ann -3, Ben -3; unfinished"
    assert lines[3] == "3 records: 1 legal, 1 breaking the rules, 1 unreadable"


def test_several_files_and_jsonl(tmp_path):
    _folder(tmp_path, **{"a.yaml": LEGAL, "b.yaml": ILLEGAL})
    r = CliRunner().invoke(cli, ["score", str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml"), "--jsonl"])
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert r.exit_code == 1
    assert [(x["file"], x["exit"], x["valid"]) for x in rows] == [(str(tmp_path / "a.yaml"), 0, True),
                                                                  (str(tmp_path / "b.yaml"), 1, False)]
    assert rows[0]["players"][0]["total"] == 9 and rows[1]["violations"][0]["rule"] == "Score Nuts from matched Orders"


def test_one_record_with_jsonl_is_one_line_and_json_of_many_is_refused(tmp_path):
    _folder(tmp_path, **{"a.yaml": LEGAL, "b.yaml": LEGAL})
    one = CliRunner().invoke(cli, ["score", str(tmp_path / "a.yaml"), "--jsonl"])
    assert one.exit_code == 0 and len(one.stdout.splitlines()) == 1
    both = CliRunner().invoke(cli, ["score", str(tmp_path), "--json"])
    assert both.exit_code == 2 and "use --jsonl" in both.output


def test_an_empty_folder_is_unreadable(tmp_path):
    r = CliRunner().invoke(cli, ["score", str(tmp_path)])
    assert r.exit_code == 2 and "holds no record" in r.stderr


def test_many_processes_give_the_same_lines_in_the_same_order(tmp_path):
    """Records shared among worker processes come back in their order, line for line."""
    texts = [LEGAL, ILLEGAL, BROKEN, LEGAL.replace("almond: 3", "almond: 5")]
    _folder(tmp_path, **{f"r{i:04d}.yaml": texts[i % 4] for i in range(many.PARALLEL_FROM + 20)})
    paths = many.expand((str(tmp_path),))
    alone = list(many.scored(paths, True, jobs=1))
    shared = list(many.scored(paths, True, jobs=2))
    assert shared == alone and len(alone) == many.PARALLEL_FROM + 20
    assert [code for code, _ in alone[:4]] == [0, 1, 2, 0]


def _records_of_every_kind(folder):
    """Records of every game (the docs' worked examples, random games, NUTS sheets with written cards
    and names beyond ASCII) and the hostile corpus (unreadable ones), as files in `folder`."""
    import random
    import re
    from pathlib import Path

    import yaml

    from pnpkit.kitfile import load_kit
    from pnpkit.scorer.games.chestnuts import sim as chestnuts
    from pnpkit.scorer.games.in_the_nuts import sim as in_the_nuts_random
    from pnpkit.scorer.games.trim_the_tree import sim as trim_the_tree

    root = Path(__file__).parents[2]
    texts = {}
    for page in [root / "docs" / "at-the-table.md", *sorted((root / "docs" / "records").glob("*.md"))]:
        for i, text in enumerate(re.findall(r"```yaml(?: file=\S+)?\n(.*?)```", page.read_text(encoding="utf-8"), re.S)):
            if re.search(r"^game: ", text, re.M):
                texts[f"{page.stem}-{i}.yaml"] = text
    for path in sorted((root / "tests" / "corpus" / "records").glob("*.yaml")):
        texts["corpus-" + path.name] = path.read_text(encoding="utf-8", errors="replace")
    rng = random.Random(15)
    for i in range(3):
        texts[f"chestnuts-{i}.yaml"] = yaml.safe_dump(chestnuts.random_record(load_kit("chestnuts"), rng))
        texts[f"trim-{i}.yaml"] = yaml.safe_dump(trim_the_tree.random_record(load_kit("trim-the-tree"), rng, ["Ann", "Ben", "Cat"]))
        texts[f"in-the-nuts-{i}.yaml"] = yaml.safe_dump(in_the_nuts_random.random_record(load_kit("in-the-nuts"), rng))
    texts["nuts-written.yaml"] = ("game: nuts\nplayers:\n"
                                  "  - {name: Zoë, sheet: {almond: 6, cashew: 6}, goals: [salty-mama], salt: 3,\n"
                                  "     bonus: [B01, {needs: {almond: 2}, points: 3}, {needs: {almond: 2}, points: 3}]}\n"
                                  "  - {name: 李, sheet: {peanut: 9}, squirrel: 4, goals: [squirrel-buddy, squirrel-buddy], bonus: [B01]}\n"
                                  "  - {name: 7, sheet: {pistachio: 2}, bonus: []}\n")
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    return sorted(str(folder / name) for name in texts)


def test_many_lines_are_the_records_scored_one_by_one(tmp_path):
    """`--jsonl` (written by pnpkit/many.py, players by `Result.json_text`) says, for every game and
    every kind of record, what `pnpkit score RECORD --json` says of the record alone, to the character."""
    paths = _records_of_every_kind(tmp_path)
    lines = [text for _, text in many.scored(paths, True, jobs=1)]
    assert len(lines) == len(paths) > 40
    games, codes = set(), set()
    for path, text in zip(paths, lines):
        one = CliRunner().invoke(cli, ["score", path, "--json"])
        codes.add(one.exit_code)
        if one.exit_code == 2:
            assert json.loads(text) == {"file": path, "exit": 2, "error": json.loads(text)["error"]}
            assert json.loads(text)["error"].split("\n")[0] in one.stderr
            continue
        alone = json.loads(one.stdout)
        games.add(alone["game"])
        assert text == json.dumps({"file": path, "exit": one.exit_code, **alone}, ensure_ascii=False), path
    assert codes == {0, 1, 2}
    assert games == {"chestnuts", "forest-fire", "fair-verona", "in-the-nuts", "trim-the-tree", "nuts"}


def test_records_are_scored_with_the_collector_paused_and_it_resumes(tmp_path, monkeypatch):
    """A chunk of records is scored with the cyclic collector paused (pnpkit/many.py `_paused`),
    and it runs again after, between chunks; --jobs 1 goes a chunk at a time."""
    import gc
    seen: list[bool] = []
    real = many.results

    def results(paths):
        seen.append(gc.isenabled())
        yield from real(paths)
    monkeypatch.setattr(many, "results", results)
    record = "game: nuts\nplayers:\n  - {name: Ann, sheet: {almond: 3}, bonus: [B07]}\n  - {name: Ben, sheet: {almond: 1}, bonus: [B01]}\n"
    for i in range(many.CHUNK + 1):
        (tmp_path / f"{i:04d}.yaml").write_text(record)
    lines = list(many.scored(many.expand((str(tmp_path),)), True, jobs=1))
    assert len(lines) == many.CHUNK + 1 and seen == [False, False] and gc.isenabled()


def test_scoring_a_folder_here_imports_no_pickle(tmp_path):
    """Only a cluster's batches are pickled: a folder scored in this process does not import it."""
    import subprocess
    import sys
    _folder(tmp_path, **{"a.yaml": LEGAL, "b.yaml": ILLEGAL})
    r = subprocess.run([sys.executable, "-X", "importtime", "-m", "pnpkit", "score", ".", "--jsonl", "--jobs", "1"],
                       capture_output=True, text=True, cwd=tmp_path, timeout=120)
    imported = {line.rsplit("|", 1)[-1].strip() for line in r.stderr.splitlines() if line.startswith("import time:")}
    assert r.returncode == 1 and len(r.stdout.splitlines()) == 2, r.stderr[-2000:]
    assert "pnpkit.many" in imported and "pickle" not in imported
