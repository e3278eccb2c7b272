"""A designer's poker deck with a printed back (a full-art back that runs 1.5 mm past its cut)
still prints nine to an A4 and to a Letter sheet: the back's overrun stays inside the margin's ring,
it does not take the room of the fronts' crop marks."""
from __future__ import annotations

import collections
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnpkit.cli import cli

KIT = Path(__file__).resolve().parents[2] / "examples" / "tide-pools" / "tide-pools.yaml"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_poker_deck_with_a_printed_back_is_nine_to_a_sheet(tmp_path, paper):
    r = CliRunner().invoke(cli, ["build", str(KIT), "--paper", paper, "--out", str(tmp_path), "--only", "creatures"])
    assert r.exit_code == 0, r.output
    (found,) = (tmp_path / "tide-pools").glob(f"manifest-{paper}*.json")
    manifest = json.loads(found.read_text())
    cards = [p for p in manifest["pieces"] if p["component"] == "creatures"]
    assert all(p["back"] is not None for p in cards)          # double-sided: the back is printed
    per_page = collections.Counter(p["page"] for p in cards)
    assert max(per_page.values()) == 9, per_page
    full = [page for page, n in per_page.items() if n == 9]
    xs = sorted({round(p["x_mm"], 2) for p in cards if p["page"] == full[0]})
    assert len(xs) == 3 and all(abs(b - a - 63.5) < 0.01 for a, b in zip(xs, xs[1:]))   # edge to edge
