"""The second example game, examples/moth-and-lamp/ (docs/new-game.md, part 2): built as a designer
builds it, every card at its real count with its words laid out in white on its kind's colour and no
contrast warning, the board, the score pad and its record scored with no code."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnpkit.cli import cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "moth-and-lamp"
DOC = Path(__file__).resolve().parents[2] / "docs" / "new-game.md"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("moth")
    r = CliRunner().invoke(cli, ["build", str(EXAMPLE / "moth-and-lamp.yaml"), "--paper", "a4", "--out", str(out)])
    assert r.exit_code == 0 and "warning" not in r.output, r.output
    return out / "moth-and-lamp"


def test_every_piece_at_its_count(built):
    pieces = json.loads((built / "manifest-a4.json").read_text())["pieces"]
    count = {}
    for p in pieces:
        count[p["component"]] = count.get(p["component"], 0) + 1
    assert count == {"moths": 40, "night": 1, "score-pad": 1, "rules": 2}   # the pad's 2 copies back to back
    pad = next(p for p in pieces if p["component"] == "score-pad")
    assert pad["back"] is not None
    card = next(p for p in pieces if p["component"] == "moths")
    assert (card["w_mm"], card["h_mm"]) == (63.5, 88.9) and card["back"] is not None


def test_the_cards_words_are_printed(built):
    pages = PdfReader(built / "moth-and-lamp-a4.pdf").pages
    text = "".join(page.extract_text() for page in pages[1:])        # the cover draws a few cards as its picture
    for kind in ("Luna moth", "Atlas moth", "Tiger moth", "Hawk moth", "Moth & Lamp"):
        assert kind in text, kind
    assert text.count("heat. Three moths of one kind") == 40


def test_the_game_on_its_pad_scores_as_the_walk_through_says():
    r = CliRunner().invoke(cli, ["score", str(EXAMPLE / "game.yaml")])
    assert r.exit_code == 0, r.output
    assert "Winner: Ben" in r.output and "place 1: Ben (tied on 38): the highest Round 4" in r.output
    assert "place 1: Ben (tied on 38): the highest Round 4" in DOC.read_text()


def test_the_walk_through_quotes_the_kit_file_as_it_is():
    """Every line of the kit file docs/new-game.md shows in part 2 is a line of the example's."""
    kit = {line.split("#")[0].rstrip() for line in (EXAMPLE / "moth-and-lamp.yaml").read_text().splitlines()}
    part2 = DOC.read_text().split("# Part 2.")[1]
    quoted = [line.split("#")[0].rstrip() for block in part2.split("```yaml")[1:]
              for line in block.split("```")[0].splitlines() if line.strip()]
    record = (EXAMPLE / "game.yaml").read_text().splitlines()
    stray = [q for q in quoted if q not in kit and q not in record]
    assert not stray, stray
