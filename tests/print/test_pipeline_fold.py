"""--backs gutter: double-sided pieces printed front-and-back side by side, folded, one-sided file."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnpkit.generator.build import build_kit
from pnpkit.generator.options import PrintOptions
from pnpkit.generator.sheets import MARGIN
from pnpkit.cli import cli


@pytest.fixture(scope="module")
def folded(tmp_path_factory):
    out = tmp_path_factory.mktemp("fold")
    report = build_kit("chestnuts", out, PrintOptions(backs="gutter"))
    return report, json.loads(report.manifest.read_text())


@pytest.fixture(scope="module")
def duplexed(tmp_path_factory):
    out = tmp_path_factory.mktemp("duplex")
    report = build_kit("chestnuts", out)
    return report, json.loads(report.manifest.read_text())


def test_every_back_is_beside_its_front_on_the_same_page(folded):
    _, m = folded
    two_sided = [p for p in m["pieces"] if p["back"]]
    assert len(two_sided) == 24 + 2 + 2  # chestnuts, tongs, player aids
    for p in two_sided:
        b = p["back"]
        assert b["page"] == p["page"]
        beside = abs(b["x_mm"] - (p["x_mm"] + p["w_mm"])) < 0.02 and abs(b["y_mm"] - p["y_mm"]) < 0.02
        below = abs(b["y_mm"] - (p["y_mm"] + p["h_mm"])) < 0.02 and abs(b["x_mm"] - p["x_mm"]) < 0.02
        assert beside or below, p


def test_pieces_keep_their_size_and_the_pairs_stay_inside_the_margins(folded, duplexed):
    _, m = folded
    _, d = duplexed
    size = lambda man: sorted((p["name"], p["w_mm"], p["h_mm"]) for p in man["pieces"]  # noqa: E731
                              if p["kind"] != "score-sheet")
    assert size(m) == size(d)
    # printed double-sided, the two score pads go back to back; folded, each is a sheet of its own
    assert [p["name"] for p in d["pieces"] if p["kind"] == "score-sheet"] == ["Score pad 1 (and 2 on its back)"]
    assert [p["name"] for p in m["pieces"] if p["kind"] == "score-sheet"] == ["Score pad 1", "Score pad 2"]
    w, h = m["page_size_mm"]
    for p in m["pieces"]:
        right = (p["back"]["x_mm"] if p["back"] else p["x_mm"]) + p["w_mm"]
        bottom = (p["back"]["y_mm"] if p["back"] else p["y_mm"]) + p["h_mm"]
        assert p["x_mm"] >= MARGIN and p["y_mm"] >= MARGIN
        assert right <= w - MARGIN and bottom <= h - MARGIN


def test_no_back_blank_or_calibration_pages(folded, duplexed):
    report, m = folded
    assert report.pages < duplexed[0].pages
    from pypdf import PdfReader
    text = " ".join(page.extract_text() for page in PdfReader(report.pdf).pages)
    assert "blank on purpose" not in text and "backs of page" not in text
    assert "Calibration" not in text
    assert "fold it on the dashed line" in text


def test_bad_backs_option_is_a_usage_error(tmp_path):
    result = CliRunner().invoke(cli, ["build", "chestnuts", "--backs", "glue", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "duplex" in result.output and "gutter" in result.output
