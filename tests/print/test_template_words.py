"""A template's slip in pnpkit's words (issue 39, point 4): `{{ row.nam }}` printed jinja2's
"UndefinedError: 'dict object' has no attribute 'nam'"; it now names the deck file, the nearest
column and the columns there are, at the kit file's line."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from pnpkit.cli import cli

DECK = "id,name,value\nA,Luna,7\nB,Atlas,\n"
KIT = """\
game: {id: words, title: Words, players: "2"}
params:
  moths: &moths {from: deck.csv}
components:
  - kind: cards
    name: deck
    deck: *moths
    front:
      title: "TITLE"
"""


@pytest.fixture(autouse=True)
def _here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def refused(tmp_path, title: str, kit: str = KIT) -> str:
    (tmp_path / "deck.csv").write_text(DECK)
    (tmp_path / "kit.yaml").write_text(kit.replace("TITLE", title))
    r = CliRunner().invoke(cli, ["build", "kit.yaml", "--out", "out"])
    assert r.exit_code == 2 and "Traceback" not in r.output and not (tmp_path / "out" / "words").exists(), r.output
    return r.output.strip()


def test_a_misspelt_column_names_the_deck_the_nearest_and_the_columns(tmp_path):
    assert refused(tmp_path, "{{ row.nam }}") == ("pnpkit: kit.yaml:9: components[0].front.title: deck.csv has no "
                                                  "column 'nam' (did you mean 'name'? columns: id, name, value)")


def test_a_column_nobody_meant_gets_the_columns(tmp_path):
    assert "deck.csv has no column 'colour' (columns: id, name, value)" in refused(tmp_path, "{{ row.colour }}")


def test_an_inline_deck_is_named_by_its_place_in_the_kit(tmp_path):
    kit = KIT.replace("deck: *moths", "deck: [{id: A, name: Luna}]")
    assert "components[0].deck has no column 'nmae' (did you mean 'name'? columns: id, name)" in \
        refused(tmp_path, "{{ row.nmae }}", kit)


def test_an_empty_cell_the_template_reads_is_the_cell_to_fill(tmp_path):
    out = refused(tmp_path, "{{ row.name }} {{ row.value }}")
    assert "components[0].front.title: deck.csv row 3, column C (value) is empty, and the template reads it" in out


def test_a_misspelt_param_names_the_params(tmp_path):
    assert "the kit's params have no 'mths' (did you mean 'moths'?) (they have: moths)" in \
        refused(tmp_path, "{{ row.id }} {{ params.mths }}")


def test_a_template_file_keeps_its_own_line(tmp_path):
    (tmp_path / "face.j2").write_text("{{ params.moths | length }}\n\n{{ params.mths }}\n")
    kit = KIT.replace('      title: "TITLE"\n', "      title: x\n").replace(
        "components:\n", "components:\n  - kind: reference\n    name: aid\n    size: a6\n"
        "    front: {template: face.j2}\n")
    (tmp_path / "deck.csv").write_text(DECK)
    (tmp_path / "kit.yaml").write_text(kit)
    r = CliRunner().invoke(cli, ["build", "kit.yaml", "--out", "out"])
    assert r.exit_code == 2 and "no 'mths' (did you mean 'moths'?) (they have: moths) (template line 3)" in r.output, r.output
