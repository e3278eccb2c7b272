"""--bleed: card backgrounds run past the cut, so an off cut shows no white; sizes do not change."""
from __future__ import annotations

import json

import pypdfium2
import pytest
from click.testing import CliRunner

from pnpkit.cli import cli

KIT = """\
game: {id: deck, title: A deck, players: "2"}
components:
  - kind: cards
    name: deck
    count: 4
    front: {fill: "#D55E00", title: "Card", text: "A red card."}
    back: {fill: "#0072B2", title: "Back"}
"""
DPI = 72


def build(tmp_path, *extra):
    kit = tmp_path / "deck.yaml"
    kit.write_text(KIT)
    out = tmp_path / ("bleed" if extra else "plain")
    result = CliRunner().invoke(cli, ["build", str(kit), "--paper", "a4", "--out", str(out), *extra])
    assert result.exit_code == 0, result.output
    label = "a4" + (f"-bleed{float(extra[1]) if len(extra) > 1 else 3:g}" if extra else "")
    manifest = json.loads((out / "deck" / f"manifest-{label}.json").read_text())
    return out / "deck" / f"deck-{label}.pdf", manifest


def colour_just_outside(pdf_path, piece) -> tuple[int, int, int]:
    """The colour 1.5 mm left of the card's cut, halfway down."""
    page = pypdfium2.PdfDocument(str(pdf_path))[piece["page"] - 1]
    image = page.render(scale=DPI / 72 * 4).to_pil().convert("RGB")
    px = lambda mm: int(mm / 25.4 * DPI * 4)  # noqa: E731
    return image.getpixel((px(piece["x_mm"] - 1.5), px(piece["y_mm"] + piece["h_mm"] / 2)))


@pytest.mark.parametrize("flag", [["--bleed"], ["--bleed", "2.5"]])
def test_bleed_paints_past_the_cut_and_keeps_the_size(tmp_path, flag):
    pdf, m = build(tmp_path, *flag)
    plain_pdf, plain = build(tmp_path)
    card = m["pieces"][0]
    assert (card["w_mm"], card["h_mm"]) == (63.5, 88.9)
    r, g, b = colour_just_outside(pdf, card)
    assert r > 180 and g < 130 and b < 60, (r, g, b)  # the card's orange
    assert colour_just_outside(plain_pdf, plain["pieces"][0]) == (255, 255, 255)


def test_bleed_beyond_5mm_is_refused(tmp_path):
    kit = tmp_path / "deck.yaml"
    kit.write_text(KIT)
    result = CliRunner().invoke(cli, ["build", str(kit), "--bleed", "9", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "bleed" in result.output
