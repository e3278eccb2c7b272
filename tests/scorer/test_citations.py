"""Every citation of every game, audited (issue 36, item 5): a violation quotes the rulebook where it
speaks, a ruling only where it is silent (`alone`, with the reason), and both where a ruling decides
how to read the rulebook, the rulebook's words first (`Smoke Jumpers; ruling F7`)."""
from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnpkit.cli import cli
from pnpkit.scorer import rulebook
from pnpkit.scorer.api import score_text
from pnpkit.scorer.core import Rule

GAMES = {"chestnuts": "chestnuts", "forest-fire": "forest_fire", "fair-verona": "fair_verona",
         "in-the-nuts": "in_the_nuts", "trim-the-tree": "trim_the_tree", "nuts": "nuts"}


def cited(module) -> list[tuple[str, Rule]]:
    """Every rule a game's rules module holds (its names, and the rules in its tables)."""
    out = []
    for name, value in vars(module).items():
        values = value.values() if isinstance(value, dict) else [value]
        out += [(name, v) for v in values if isinstance(v, Rule)]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_citation_quotes_the_rulebook_first_or_says_why_it_is_silent(game):
    module = importlib.import_module(f"pnpkit.scorer.games.{GAMES[game]}.rules")
    rules = cited(module)
    assert rules
    sections = {s.id for s in rulebook.sections(game)}
    for name, rule in rules:
        ids = rule.id.split("; ")
        if ids[0].startswith("ruling "):
            # a ruling by itself: only where the rulebook has no words on the point, and saying why
            assert len(ids) == 1 and (rule.id, rule.quote) in rulebook.ALONE, (
                f"{game} {name} cites {rule.id} alone: quote the rulebook's words first (rulebook.both), or say "
                f"why it is silent (rulebook.alone)")
            continue
        assert ids[0] in sections, (name, rule.id)
        words = rule.quote.split(" Ruling ", 1)[0].removesuffix(" ...")
        rulebook.check_section(game, ids[0], words)     # the rulebook's own words, from that section
        if len(ids) == 2:
            assert re.fullmatch(r"ruling [A-Z]\d+", ids[1]) and f"Ruling {ids[1][7:]}: " in rule.quote, (name, rule)
            ruling_words = rule.quote.split(f"Ruling {ids[1][7:]}: ", 1)[1]
            assert ruling_words in rulebook.ruling(ids[1][7:]).quote, (name, rule)


def test_a_ruling_cited_alone_says_why_the_rulebook_is_silent():
    for (rid, quote), why in rulebook.ALONE.items():
        assert rid.startswith("ruling ") and len(why) > 20 and "rulebook" in why, (rid, why)


def test_a_jump_from_an_inner_square_quotes_the_smoke_jumpers_words_first(tmp_path):
    # issue 36: it quoted ruling F7 alone, not the rulebook's "Upon moving off the board, they can 'jump'"
    page = (Path(__file__).resolve().parents[2] / "docs" / "at-the-table.md").read_text()
    (tmp_path / "dispute-forest.yaml").write_text(re.search(r"```yaml file=dispute-forest.yaml\n(.*?)```", page, re.S)[1])
    r = CliRunner().invoke(cli, ["moves", str(tmp_path / "dispute-forest.yaml"), "--try", "jump 5 5", "--json"])
    tried = json.loads(r.output)["try"]
    assert r.exit_code == 1 and tried["rule"] == "Smoke Jumpers; ruling F7"
    assert tried["quote"].startswith('They also have a special ability: Upon moving off the board, they can "jump" to '
                                     "any square on the board.")
    assert "Ruling F7: As the Hotshot" in tried["quote"]
    text = CliRunner().invoke(cli, ["moves", str(tmp_path / "dispute-forest.yaml"), "--try", "jump 5 5"]).output
    assert text.index("Upon moving off the board") < text.index("Ruling F7")


def test_a_ruling_where_the_rulebook_is_silent_is_quoted_alone():
    # putting out a square with no fire: the rulebook has no words on it; ruling F6 decides, alone
    record = {"game": "forest-fire", "players": [{"name": "Ann", "role": "hotshot", "start": [0, 1]},
                                                 {"name": "Ben", "role": "hotshot", "start": [7, 6]}],
              "setup": {"firebreaks": [], "fires": [[1, 1], [2, 2], [4, 4], [6, 6]]},
              "rounds": [{"moves": {"Ann": ["extinguish 1 2"]}}]}
    v = score_text(json.dumps(record), "r.json").violations
    assert [(x.rule, x.quote) for x in v] == [("ruling F6", "Extinguishing a square with no fire is an error.")]


def test_a_citation_looks_up_as_written():
    # a violation's rule, copied into `pnpkit rules`, shows the rulebook's section and then the ruling
    r = CliRunner().invoke(cli, ["rules", "forest-fire", "Smoke Jumpers; ruling F7", "--json"])
    assert [e["id"] for e in json.loads(r.output)] == ["Smoke Jumpers", "ruling F7"]
