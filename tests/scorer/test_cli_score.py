"""`pnpkit score | check | schema record` as a user sees them: exit codes, the text and JSON output,
the documented examples, and no traceback for any input."""
from __future__ import annotations

import json
import re
from pathlib import Path

import click
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from pnpkit import cmd_score
from pnpkit.cli import cli
from pnpkit.scorer import api
from pnpkit.scorer.core import Result
from pnpkit.scorer.rulebook import _rulings

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

LEGAL = """\
game: nuts   # a comment
players:
  - {name: Ann, sheet: {almond: 2, cashew: 2, peanut: 2, pistachio: 2}, squirrel: 1, bonus: [B01]}
  - {name: Ben, sheet: {almond: 2, cashew: 2, peanut: 2, pistachio: 2}, squirrel: 1, bonus: [B02]}
  - {name: Cat, sheet: {almond: 1}, bonus: [B03]}
"""
ILLEGAL = """\
game: in-the-nuts
players:
  - name: Ann
    stores:
      - {card: 2, nut: walnut, nuts: 3}
      - {card: 2, nut: acorn, nuts: 1}
  - name: Ben
"""


def invoke(args, text=None):
    result = CliRunner().invoke(cli, args, input=text)
    assert "Traceback" not in result.output and result.exit_code in (0, 1, 2)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_score_legal_record_prints_tables_ranking_and_tiebreaks(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(LEGAL)
    r = invoke(["score", str(path)])
    assert r.exit_code == 0, r.output
    assert "NUTS: legal." in r.stdout
    assert re.search(r"rows \(2 complete x 7\)\s+14", r.stdout)
    assert re.search(r"total\s+29", r.stdout)            # 14 + 12 + 3 (B01 fulfilled)
    assert re.search(r"1\.\s+Ann, Ben\s+29", r.stdout) and "Winners (shared): Ann, Ben" in r.stdout
    assert "place 1: Ann, Ben (tied on 29): shared" in r.stdout and "[ruling U6]" in r.stdout


def test_json_is_the_result_object(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(LEGAL)
    r = invoke(["score", str(path), "--json"])
    assert r.exit_code == 0
    assert json.loads(r.stdout) == api.score_file(path).to_json()
    out = json.loads(invoke(["check", str(path), "--json"]).stdout)
    assert out["valid"] is True and out["winners"] == ["Ann", "Ben"] and "explain" not in out
    for p in out["players"]:
        assert p["total"] == sum(line["points"] for line in p["breakdown"])


def test_illegal_record_exit_1_lists_every_violation_with_rule_and_quote():
    r = invoke(["score", "-"], ILLEGAL)
    assert r.exit_code == 1
    assert "breaks the rules (2 violations)" in r.stdout
    assert "Ann, stores[0]: 3 nuts on card 2, which holds 2" in r.stdout
    assert 'ruling N1: "A storage card holds one kind of nut' in r.stdout
    assert "Ann, stores[1]: card 2 is used again" in r.stdout
    assert re.search(r"total\s+5", r.stdout)               # scores still shown
    c = invoke(["check", "-", "--json"], ILLEGAL)
    assert c.exit_code == 1
    out = json.loads(c.stdout)
    assert [v["where"] for v in out["violations"]] == ["Ann, stores[0]", "Ann, stores[1]"]
    assert set(out["violations"][0]) == {"where", "rule", "quote", "message"}


def test_check_prints_the_verdict_and_explain_notes(tmp_path):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(yaml.safe_load(LEGAL)))    # JSON is accepted
    r = invoke(["check", str(path), "--explain"])
    assert r.exit_code == 0
    assert r.stdout.startswith("NUTS: legal.")
    assert "Explain" in r.stdout and "No other choice of cards scores more (ruling U5)" in r.stdout
    out = json.loads(invoke(["check", str(path), "--explain", "--json"]).stdout)
    assert any("Ann" in line for line in out["explain"])


def test_unfinished_record_has_no_winner():
    text = "game: nuts\nplayers:\n - {name: Ann, sheet: {almond: 3}, bonus: [B01]}\n - {name: Ben, sheet: {}, bonus: [B02]}\n"
    r = invoke(["score", "-"], text)
    assert r.exit_code == 0 and "No winner yet" in r.stdout and "(unfinished)" in r.stdout
    assert json.loads(invoke(["score", "-", "--json"], text).stdout)["winners"] == []


def test_unreadable_records_exit_2_with_one_clear_message(tmp_path):
    cases = {
        "game: nuts\nplayers: [": "not valid YAML",
        "game: chess\nplayers: []\n": "1: game: unknown game 'chess'",
        "players: []\n": "game: this field is required",
        "game: nuts\nplayers:\n  - name: Ann\n    sheet: {almnd: 2}\n": "4: players[0].sheet.almnd: unknown key 'almnd' (did you mean 'almond'?)",
        "game: nuts\nplayers:\n  - name: Ann\n": "3: players[0].sheet: this field is required",
        "game: nuts\nplayers:\n  - {name: Ann, sheet: {}}\n  - {name: Ann, sheet: {}}\n": "two players are called 'Ann'",
        "game: in-the-nuts\nplayers:\n  - name: Ann\n    stores: [{card: 2, nut: peanut}]\n": "players[0].stores[0].nut",
        "game: nuts\nplayers: [{name: Ann, sheet: {}, bonus: [7]}]\n": "players[0].bonus",
        "game: nuts\nplayers: [{name: Ann, sheet: {}, bonus: [{needs: {}, points: 3}]}]\n": "needs at least one nut",
        "\x0c": "1: column 1: the character U+000C is not allowed",
        "": "empty",
        "- 1\n- 2\n": "expected a mapping",
    }
    for text, message in cases.items():
        path = tmp_path / "r.yaml"
        path.write_text(text)
        r = invoke(["score", str(path)])
        assert r.exit_code == 2, (text, r.output)
        assert message in r.stderr, (text, r.stderr)
        assert str(path) in r.stderr and r.stdout == ""
    assert invoke(["score", str(tmp_path / "missing.yaml")]).exit_code == 2
    assert invoke(["check", str(tmp_path)]).exit_code == 2


def test_schema_record():
    r = invoke(["schema", "record", "nuts"])
    schema = json.loads(r.stdout)
    assert r.exit_code == 0 and schema["additionalProperties"] is False
    assert set(schema["$defs"]["Nuts"]["properties"]) == {"almond", "cashew", "peanut", "pistachio"}
    assert json.loads(invoke(["schema", "record", "in-the-nuts"]).stdout)["properties"]["game"]["const"] == "in-the-nuts"
    bad = invoke(["schema", "record", "chess"])
    assert bad.exit_code == 2 and "unknown game" in bad.stderr


def test_every_command_and_option_has_help():
    commands = [cli.commands["score"], cli.commands["check"], cli.commands["schema"].commands["record"]]
    for command in commands:
        assert command.help and len(command.help) > 20
        for param in command.params:
            if isinstance(param, click.Option):
                assert param.help, (command.name, param.name)
    assert "Exit code 0" in invoke(["score", "--help"]).stdout


def test_cooperative_result_prints_its_outcome():
    result = Result(game="forest-fire", cooperative=True, finished=True,
                    extra={"outcome": "won", "fires": [], "out": ["Ben"]})
    text = "\n".join(cmd_score._ranking(result))
    assert "Outcome: won" in text and 'out: ["Ben"]' in text and "Ranking" not in text
    result = Result(game="fair-verona", cooperative=True,
                    extra={"outcome": "unfinished", "encounters": [{"strength": 9, "cleared": True, "explain": "9C"}]})
    text = "\n".join(cmd_score._ranking(result))
    assert "1. strength: 9, cleared: yes\n     9C" in text


def _examples():
    """Every ```yaml block of docs/records/*.md that is a whole record (its first key is `game`)."""
    for doc in sorted((DOCS / "records").glob("*.md")):
        text = doc.read_text(encoding="utf-8")
        for m in re.finditer(r"^```yaml([^\n]*)\n(.*?)^```", text, re.M | re.S):
            body = m[2]
            if not re.match(r"(\s*#.*\n)*game:", body):
                continue
            code = re.search(r"exit=(\d)", m[1])
            yield doc.name, body, int(code[1]) if code else 0


def test_every_documented_example_scores_as_documented():
    scored = set(api.scored_games())
    seen = 0
    for doc, body, code in _examples():
        game = yaml.safe_load(body)["game"]
        if game not in scored:
            continue                        # a game whose scorer has not landed yet
        r = invoke(["score", "-"], body)
        assert r.exit_code == code, (doc, r.output)
        seen += 1
    assert seen >= 4


def test_docs_cover_every_game_and_ruling():
    index = (DOCS / "records.md").read_text(encoding="utf-8")
    for game in api.GAMES:
        assert f"(records/{game}.md)" in index, game          # each game's doc is linked
    for game in ("nuts", "in-the-nuts"):
        assert (DOCS / "records" / f"{game}.md").exists()
    rulings = (DOCS / "rulings.md").read_text(encoding="utf-8")
    for rid in _rulings():
        assert f"**{rid} " in rulings, rid


# No input makes `pnpkit score` print a traceback.

KEYS = ["game", "players", "name", "sheet", "almond", "cashew", "salt", "squirrel", "goals", "bonus",
        "needs", "points", "stores", "card", "nut", "nuts", "jokers", "turns"]
atoms = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**40), st.floats(allow_nan=False),
                  st.sampled_from(["nuts", "in-the-nuts", "B07", "b7", "B99", "3b", "acorn", "walnut",
                                   "acorn/hazelnut", "salty-mama", "Ann", ""]),
                  st.text(max_size=8))
values = st.recursive(atoms, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                    st.dictionaries(st.sampled_from(KEYS), inner, max_size=4)),
                      max_leaves=25)
players = st.lists(st.dictionaries(st.sampled_from(KEYS), values, max_size=6), max_size=4)
records = st.fixed_dictionaries({"game": st.sampled_from(["nuts", "in-the-nuts", "chess"]),
                                 "players": st.one_of(players, values)})


def _no_traceback(text: str) -> None:
    for command in (["score", "-"], ["check", "-", "--explain"]):
        r = CliRunner().invoke(cli, command, input=text)
        assert r.exit_code in (0, 1, 2), (text, r.output)
        assert r.exception is None or isinstance(r.exception, SystemExit), (text, r.exception)
        assert "Traceback" not in r.output and "internal error" not in r.output, (text, r.output)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(records, values), st.booleans())
def test_no_structure_makes_a_traceback(data, as_json):
    try:
        text = json.dumps(data) if as_json else yaml.safe_dump(data)
    except (ValueError, OverflowError):
        return
    _no_traceback(text)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=80))
def test_no_text_makes_a_traceback(text):
    _no_traceback(text)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["game: nuts\n", "players:\n", "  - name: Ann\n", "    sheet: {almond: 2}\n",
                                 "    bonus: [B01, {needs: {cashew: 1}, points: 2}]\n", "    salt: -1\n",
                                 "    stores: [{card: 3b, nut: acorn, nuts: 9, jokers: [a/b]}]\n",
                                 "game: in-the-nuts\n", "  - {name: 1}\n", "    goals: [x]\n", ": :\n", "  ", "\t",
                                 "&a [*a]\n", "!!binary x\n", "9" * 5000 + "\n"]), max_size=10))
def test_no_near_record_makes_a_traceback(lines):
    _no_traceback("".join(lines))


def test_a_record_that_breaks_a_rule_has_no_winner_only_a_winner_as_played(tmp_path):
    """Issue 36: an illegal record printed "Winner: Ann" and filled `winners`, which a table reads
    as the verdict. Now: the result as played, beside the broken rules to settle first."""
    import json as _json

    from click.testing import CliRunner

    from pnpkit.cli import cli
    f = tmp_path / "r.yaml"
    f.write_text("game: in-the-nuts\nplayers:\n  - name: Uwe\n    stores:\n"
                 "      - {card: 3, nut: acorn, nuts: 2, jokers: [walnut/hazelnut]}\n"
                 "  - name: Ann\n    stores:\n      - {card: 5, nut: walnut, nuts: 5}\n", encoding="utf-8")
    for command in ("score", "check"):
        r = CliRunner().invoke(cli, [command, str(f)])
        assert r.exit_code == 1
        assert "Winner as played: Ann (settle the broken rules first)" in r.output
        assert "Winner: Ann" not in r.output
    out = _json.loads(CliRunner().invoke(cli, ["score", str(f), "--json"]).output)
    assert (out["valid"], out["winners"], out["winners_as_played"], out["ranking"][0]) == (False, [], ["Ann"], ["Ann"])
    many = CliRunner().invoke(cli, ["score", str(f), str(f)])
    assert "winner as played Ann" in many.output
