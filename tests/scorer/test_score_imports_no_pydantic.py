"""`pnpkit score` of a Chestnuts, Trim the Tree, Forest Fire or Fair Verona record imports no pydantic
(issue 40: `from pydantic import BaseModel` alone was ~80 ms of a score's ~140): their record
models are msgspec Structs (kitfile/structs.py), their kit's params too. The record read, the
rules replayed and the score said are all seen in the imports, so the test cannot pass by
reading less."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

RECORDS = {
    "chestnuts": "game: chestnuts\nplayers: [Ann, Ben]\nturns:\n  - roll: 1\n    actions: [b]\n"
                 "  - roll: 4\n    actions: [l, a, f 2]\n",
    "trim-the-tree": "game: trim-the-tree\nplayers: [Ann, Ben]\nrounds:\n  - box: [red box, blue bell]\n"
                     "    picks: [{player: Ann, take: red box, at: A1}, {player: Ben, take: blue bell, at: E1}]\n",
    "forest-fire": "game: forest-fire\nplayers:\n  - {name: Ann, role: hotshot, start: [0, 3]}\n"
                   "  - {name: Cat, role: pilot}\nsetup:\n  fires: [[1, 3], [1, 3], [5, 1], [4, 4]]\n"
                   "rounds:\n  - moves:\n      Ann: [extinguish 1 3, move S]\n      Cat: [refill]\n",
    "fair-verona": (ROOT / "tests" / "fair_verona" / "fair_verona_won.yaml").read_text(encoding="utf-8"),
    "fair-verona encounters": "game: fair-verona\nencounters:\n  - {identity: K♥, at: [5, 0], card: 9D, "
                              "helpers: [{identity: 3S}], clue: 9C}\n  - {identity: QC, at: [-3, 2], card: AD, "
                              "friend: 5H}\n",
}


@pytest.mark.parametrize("game", list(RECORDS))
def test_scoring_a_record_imports_no_pydantic(game, tmp_path):
    record = tmp_path / "game.yaml"
    record.write_text(RECORDS[game], encoding="utf-8")
    r = subprocess.run([sys.executable, "-X", "importtime", "-m", "pnpkit", "score", str(record), "--json"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode in (0, 1), r.stderr[-2000:]  # scored (1: the record breaks a rule)
    assert json.loads(r.stdout)["game"] == game.split()[0]
    imported = {line.rsplit("|", 1)[-1].strip() for line in r.stderr.splitlines() if line.startswith("import time:")}
    package = "pnpkit.scorer.games." + game.split()[0].replace("-", "_")
    assert {"msgspec", package + ".record", package + ".score"} <= imported
    assert sorted(m for m in imported if m.split(".")[0] in ("pydantic", "pydantic_core")) == []


DESCRIBED = {"chestnuts": ("players", "Two names; the first player starts."),
             "trim-the-tree": ("players", "Seat order (clockwise); the first starts."),
             "forest-fire": ("setup", "The setup's rolls (not with `start:`)."),
             "fair-verona": ("difficulty", "A game log: Easy, Medium or Hard (the kit's difficulties).")}


@pytest.mark.parametrize("game", list(DESCRIBED))
def test_the_record_schema_keeps_its_descriptions_and_every_reference_resolves(game):
    from click.testing import CliRunner

    from pnpkit.cli import cli
    r = CliRunner().invoke(cli, ["schema", "record", game])
    assert r.exit_code == 0, r.output
    schema = json.loads(r.stdout)
    defs = schema["$defs"]
    record = defs["Record"] if "$ref" in schema else schema
    key, said = DESCRIBED[game]
    assert record["additionalProperties"] is False and record["properties"][key]["description"] == said
    assert record["properties"]["game"].get("enum") == [game] or record["properties"]["game"].get("const") == game
    refs = set(re.findall(r'"\$ref": "#/\$defs/(\w+)"', r.stdout))
    assert refs and refs <= set(defs)
    assert all(d.get("additionalProperties") is False for d in defs.values() if d.get("type") == "object")
