"""Only part of a kit (--only, --pages, --face, --sheet) and the cut layer for cutting machines."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnpkit.cli import cli

KIT = str(Path(__file__).parents[2] / "examples" / "tide-pools" / "tide-pools.yaml")


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    out = tmp_path_factory.mktemp("select")
    for extra in ([], ["--only", "creatures"], ["--pages", "5-8"], ["--face", "backs"], ["--sheet", "9"],
                  ["--cut-layer-only"]):
        r = CliRunner().invoke(cli, ["build", KIT, "--paper", "a4", "--out", str(out), *extra])
        assert r.exit_code == 0, r.output
    return out / "tide-pools"


def headings(pdf: Path) -> list[int]:
    return [int(re.search(r"page (\d+) of", p.extract_text())[1]) for p in PdfReader(str(pdf)).pages]


def test_pages_keep_their_numbers(out):
    whole = json.loads((out / "manifest-a4.json").read_text())
    assert headings(out / "tide-pools-a4-p5-8.pdf") == [5, 6, 7, 8]
    man = json.loads((out / "manifest-a4-p5-8.json").read_text())
    assert man["printed_pages"] == [5, 6, 7, 8]
    assert {e["name"] for e in man["pieces"]} == {e["name"] for e in whole["pieces"] if e["page"] in (5, 7)}
    assert headings(out / "tide-pools-a4-sheet9.pdf") == [9, 10]


def test_face_backs_is_every_other_side_with_blanks(out):
    whole = PdfReader(str(out / "tide-pools-a4.pdf"))
    assert headings(out / "tide-pools-a4-backs.pdf") == list(range(2, len(whole.pages) + 1, 2))


def test_only_a_component(out):
    man = json.loads((out / "manifest-a4-only-creatures.json").read_text())
    assert {e["component"] for e in man["pieces"]} == {"creatures"} and len(man["pieces"]) == 30


def test_every_svg_page_has_a_cut_layer_matching_the_manifest(out):
    man = json.loads((out / "manifest-a4.json").read_text())
    page = man["pieces"][0]["page"]
    svg = (out / "svg" / f"tide-pools-a4-p{page:02d}.svg").read_text()
    assert 'inkscape:label="Print"' in svg and 'inkscape:label="Cut"' in svg
    cut = svg[svg.index('inkscape:label="Cut"'):]
    rects = {tuple(round(float(v), 2) for v in m) for m in re.findall(
        r'<rect fill="none" height="([\d.]+)" stroke="#ff0000" stroke-width="0.1" width="([\d.]+)" x="([\d.]+)" y="([\d.]+)"', cut)}
    on_page = [e for e in man["pieces"] if e["page"] == page]
    assert len(rects) == len(on_page) > 0
    assert rects == {(e["h_mm"], e["w_mm"], e["x_mm"], e["y_mm"]) for e in on_page}


def test_cut_layer_only(out):
    cuts = sorted((out / "svg").glob("*-cut.svg"))
    assert cuts
    text = cuts[0].read_text()
    assert 'inkscape:label="Cut"' in text and "Print" not in text and "<text" not in text


def test_round_and_rounded_cuts(tmp_path):
    kit = tmp_path / "k.yaml"
    kit.write_text('game: {id: cuts, title: Cuts, players: "2"}\ncomponents:\n'
                   "  - {kind: counters, name: discs, count: 2, size: 20mm}\n"
                   "  - {kind: cards, name: deck, count: 2, cut_corner: 3mm}\n")
    r = CliRunner().invoke(cli, ["build", str(kit), "--paper", "a4", "--out", str(tmp_path), "--cut-layer-only"])
    assert r.exit_code == 0, r.output
    text = "".join(p.read_text() for p in (tmp_path / "cuts" / "svg").glob("*-cut.svg"))
    assert text.count('<circle') == 2 and text.count('rx="3"') == 2


@pytest.mark.parametrize("args, message", [
    (["--only", "nope"], "no component 'nope'"), (["--pages", "40-50"], "prints 11 pages"),
    (["--pages", "8-5"], "1 <= FIRST <= LAST"), (["--sheet", "99"], "prints 11 pages"),
])
def test_selections_that_name_nothing(tmp_path, args, message):
    r = CliRunner().invoke(cli, ["build", KIT, "--paper", "a4", "--out", str(tmp_path), *args])
    assert r.exit_code == 2 and message in r.output, r.output
