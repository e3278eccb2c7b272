"""pnpkit export of a designer's whole kit (issue 25, item 6): boards, mats and score sheets as
well as cards; Tabletop Simulator objects that name their images relatively (or under
--base-url) and a back on every deck. Run as a person runs it, on a kit written in tmp_path."""
from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from pnpkit.cli import cli

KIT = """\
game: {id: meadow, title: Meadow, players: "2"}
components:
  - kind: cards
    name: flowers
    size: poker
    deck:
      - {id: F1, name: Daisy, count: 2}
      - {id: F2, name: Poppy}
    front: {title: "{{ row.name }}"}
  - kind: board
    name: field
    size: 240x160mm
    fill: "#dfeecf"
    tracks:
      - {name: score, at: [10, 10], numbers: [0, 9], space: 12mm}
  - kind: board
    name: player-mat
    title: Player mat
    size: 150x100mm
    count: 2
    regions:
      - {name: hand, label: Hand, at: [10, 10], size: 130x80mm}
  - kind: score-sheet
    name: scores
    size: 120x160mm
    rows: 5
    columns: [{label: Points}, {label: Total}]
"""


@pytest.fixture(scope="module")
def meadow(tmp_path_factory):
    folder = tmp_path_factory.mktemp("meadow")
    (folder / "meadow.yaml").write_text(KIT)
    return folder


def export(folder: Path, target: str, *extra: str):
    r = CliRunner().invoke(cli, ["export", str(folder / "meadow.yaml"), "--to", target, "--dpi", "72",
                                 "--out", str(folder / "out"), *extra])
    assert r.exit_code == 0, r.output
    return folder / "out" / "meadow" / target


def test_png_exports_boards_mats_and_score_sheets(meadow):
    out = export(meadow, "png", "--bleed", "3")
    rows = list(csv.DictReader((out / "index.csv").open()))
    kinds = {r["component"]: r for r in rows}
    assert set(kinds) == {"flowers", "field", "player-mat", "scores"}
    assert kinds["player-mat"]["count"] == "2"  # two mats of one design: one image, quantity 2
    field = Image.open(out / kinds["field"]["file"])
    assert field.size == (round(246 / 25.4 * 72), round(166 / 25.4 * 72))  # trim + 2 x 3 mm bleed at 72 dpi
    assert field.convert("RGB").getpixel((2, 2)) == (0xdf, 0xee, 0xcf)  # the board's fill runs into the bleed
    assert Image.open(out / kinds["scores"]["file"]).size == (round(126 / 25.4 * 72), round(166 / 25.4 * 72))


def test_tts_names_images_relatively_and_gives_every_deck_a_back(meadow):
    out = export(meadow, "tts")
    texts = {p.name: p.read_text() for p in out.glob("*.json")}
    assert set(texts) == {"flowers.json", "field.json", "player-mat.json", "scores.json"}
    assert not any(str(meadow) in t or "file:" in t for t in texts.values())  # no path of the exporting machine
    deck = json.loads(texts["flowers.json"])["ObjectStates"][0]
    (sheet,) = deck["CustomDeck"].values()
    assert sheet["FaceURL"] == "flowers-1.png" and sheet["BackURL"] == "flowers-back.png"
    assert (out / sheet["FaceURL"]).exists() and (out / sheet["BackURL"]).exists()
    # the kit's cards have no back: the plain one, dark, the same size as a card's cell
    back = Image.open(out / "flowers-back.png").convert("RGB")
    face = Image.open(out / "flowers-1.png")
    assert face.size == (back.width * sheet["NumWidth"], back.height * sheet["NumHeight"])
    assert max(back.getpixel((3, back.height // 3))) < 90
    assert "plain back" in (out / "flowers.txt").read_text()
    # TTS reads a card's sheet from CardID // 100 and its place from CardID % 100
    ids = [c["CardID"] for c in deck["ContainedObjects"]]
    assert deck["DeckIDs"] == ids == [100, 100, 101]
    assert all(str(i // 100) in c["CustomDeck"] for i, c in zip(ids, deck["ContainedObjects"]))
    board = json.loads(texts["field.json"])["ObjectStates"]
    assert [o["Name"] for o in board] == ["Custom_Board"] and board[0]["CustomImage"]["ImageURL"] == "field-01.png"
    mats = json.loads(texts["player-mat.json"])["ObjectStates"]
    assert len(mats) == 2 and {m["CustomImage"]["ImageURL"] for m in mats} == {"player-mat-01.png"}
    sheet_obj = json.loads(texts["scores.json"])["ObjectStates"][0]
    assert sheet_obj["Name"] == "Custom_Tile" and sheet_obj["CustomImage"]["ImageSecondaryURL"] == "scores-01.png"


def test_tts_base_url_goes_before_every_image(meadow):
    out = export(meadow, "tts", "--base-url", "https://example.org/meadow")
    deck = json.loads((out / "flowers.json").read_text())["ObjectStates"][0]
    (sheet,) = deck["CustomDeck"].values()
    assert sheet["FaceURL"] == "https://example.org/meadow/flowers-1.png"
    assert sheet["BackURL"] == "https://example.org/meadow/flowers-back.png"
    board = json.loads((out / "field.json").read_text())["ObjectStates"][0]
    assert board["CustomImage"]["ImageURL"] == "https://example.org/meadow/field-01.png"


def test_print_shop_exports_boards_and_sheets_one_up_with_bleed(meadow):
    out = export(meadow, "print-shop")
    mm = 72 / 25.4
    field = PdfReader(str(out / "field.pdf"))
    page = field.pages[0]
    assert float(page.mediabox.width) == pytest.approx(246 * mm, abs=0.05)
    assert float(page.trimbox.width) == pytest.approx(240 * mm, abs=0.05)
    assert len(PdfReader(str(out / "player-mat.pdf")).pages) == 2
    assert len(PdfReader(str(out / "scores.pdf")).pages) == 1
