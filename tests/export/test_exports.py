"""pnpkit export: PNGs at the dpi with bleed, TTS sheets whose grid is the cards', print-shop PDFs."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from pnpkit.generator.export import tts
from pnpkit.cli import cli

KIT = str(Path(__file__).parents[2] / "examples" / "tide-pools" / "tide-pools.yaml")


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("export")
    for target, extra in (("png", ["--dpi", "100", "--bleed", "3"]), ("tts", ["--dpi", "100"]), ("print-shop", [])):
        r = CliRunner().invoke(cli, ["export", KIT, "--to", target, "--out", str(out), *extra])
        assert r.exit_code == 0, r.output
    return out / "tide-pools"


def test_png_faces_are_trim_plus_bleed_at_the_dpi(exported):
    index = (exported / "png" / "index.csv").read_text().splitlines()
    assert index[0].startswith("file,component,side,count")
    rows = [line.split(",") for line in index[1:]]
    assert len([r for r in rows if r[1] == "creatures" and r[2] == "front"]) == 30
    (back,) = [r for r in rows if r[1] == "creatures" and r[2] == "back"]
    assert back[3] == "30"  # one back design, on all 30 cards
    assert len([r for r in rows if r[1] == "pools"]) == 3
    img = Image.open(exported / "png" / "creatures" / "01-creature-cards-c1-front.png")
    # (63.5 + 2 x 3) x (88.9 + 2 x 3) mm at 100 dpi
    assert img.size == (round(69.5 / 25.4 * 100), round(94.9 / 25.4 * 100)) == (274, 374)
    assert round(img.info["dpi"][0]) == 100
    # the full-art back runs into the bleed: its corner pixel is the sea, not paper
    back_img = Image.open(exported / "png" / back[0]).convert("RGB")
    assert back_img.size == (274, 374)
    assert back_img.getpixel((1, 1)) == back_img.getpixel((6, 6)) != (255, 255, 255)
    # a white card face: the bleed margin is paper, the frame sits 3 mm + 3 mm in
    front = img.convert("RGB")
    assert front.getpixel((2, 187)) == (255, 255, 255)
    frame_x = round(6 / 25.4 * 100)
    assert min(front.getpixel((x, 187))[0] for x in range(frame_x - 2, frame_x + 3)) < 100


def test_tts_sheet_grid_matches_the_cards(exported):
    listing = (exported / "tts" / "creatures.txt").read_text()
    assert "Width: 10" in listing and "Height: 3" in listing and "Number: 30" in listing
    sheet = Image.open(exported / "tts" / "creatures-1.png").convert("RGB")
    across, down = tts.grid(30)
    cw, ch = tts.cell(63.5, 88.9, across, down, 100)
    assert (across, down) == (10, 3) and sheet.size == (across * cw, down * ch)
    assert sheet.width <= 4096 and sheet.height <= 4096
    assert abs(cw / ch - 63.5 / 88.9) < 0.005  # each cell has the card's proportions
    # every cell holds its card: the card's own PNG (no bleed) at the cell size matches the cell
    r = CliRunner().invoke(cli, ["export", KIT, "--to", "png", "--dpi", "100", "--bleed", "0",
                                 "--out", str(exported.parent / "nobleed")])
    assert r.exit_code == 0, r.output
    folder = exported.parent / "nobleed" / "tide-pools" / "png" / "creatures"
    fronts = sorted(folder.glob("*-front.png"))
    assert len(fronts) == 30
    for i in (0, 9, 10, 29):  # first, end of a row, start of the next, last
        card = Image.open(fronts[i]).convert("RGB").resize((cw, ch))
        col, row = i % across, i // across
        cell = sheet.crop((col * cw, row * ch, (col + 1) * cw, (row + 1) * ch))
        diff = sum(abs(a - b) for a, b in zip(card.tobytes(), cell.convert("RGB").tobytes()))
        assert diff / (cw * ch * 3) < 12, (i, diff / (cw * ch * 3))
    back = Image.open(exported / "tts" / "creatures-back.png")
    assert back.size == (cw, ch)
    saved = json.loads((exported / "tts" / "creatures.json").read_text())
    deck = saved["ObjectStates"][0]
    assert deck["DeckIDs"] == list(range(100, 130))
    assert deck["CustomDeck"]["1"]["NumWidth"] == 10 and deck["CustomDeck"]["1"]["NumHeight"] == 3


def test_tts_limits():
    assert tts.grid(69) == (10, 7) and tts.grid(3) == (3, 2) and tts.grid(1) == (2, 2)
    cw, ch = tts.cell(63.5, 88.9, 10, 7, 300)  # 750 px at 300 dpi would be 7500 wide
    assert 10 * cw <= 4096 and 7 * ch <= 4096 and cw == 409


def test_print_shop_pdfs_have_bleed_boxes_and_a_proof(exported):
    reader = PdfReader(str(exported / "print-shop" / "creatures.pdf"))
    assert len(reader.pages) == 60  # 30 cards, front then back
    page = reader.pages[0]
    mm = 72 / 25.4
    assert float(page.mediabox.width) == pytest.approx(69.5 * mm, abs=0.05)
    assert float(page.trimbox.left) == pytest.approx(3 * mm, abs=0.05)
    assert float(page.trimbox.width) == pytest.approx(63.5 * mm, abs=0.05)
    assert float(page.artbox.width) == pytest.approx((63.5 - 2 * 3.175) * mm, abs=0.05)
    assert "Crab · 1" in page.extract_text() and "TIDE" in reader.pages[1].extract_text()
    readme = (exported / "print-shop" / "README.txt").read_text()
    assert "= poker (2.5 x 3.5 in)" in readme and "= square (2.5 in)" in readme
    assert (exported / "print-shop" / "creatures-proof.pdf").exists()


def test_export_refuses_what_it_cannot(tmp_path):
    r = CliRunner().invoke(cli, ["export", KIT, "--to", "png", "--only", "rulez", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "no component 'rulez' to export (they are: creatures, pools, rules)" in r.output
    counters = tmp_path / "counters.yaml"  # counters are exported too (issue 38): TTS tokens
    counters.write_text('game: {id: c, title: C, players: "2"}\ncomponents:\n'
                        '  - {kind: counters, name: c, count: 4}\n')
    r = CliRunner().invoke(cli, ["export", str(counters), "--to", "tts", "--out", str(tmp_path)])
    assert r.exit_code == 0 and (tmp_path / "c" / "tts" / "c.json").exists(), r.output
    r = CliRunner().invoke(cli, ["export", KIT, "--to", "tts", "--base-url", "javascript:alert(1)", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "expected an address starting https://" in r.output
    r = CliRunner().invoke(cli, ["export", KIT, "--to", "png", "--shop", "drivethrucards", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "--shop is for --to print-shop" in r.output
