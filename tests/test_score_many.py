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
