"""Trim the Tree kit: 80 ornaments (5 sets x 4 colours x 4 shapes), each marked with its set; 5 stars."""
import json

from click.testing import CliRunner
from pnpkit.cli import cli


def test_ornaments_and_stars(tmp_path):
    r = CliRunner().invoke(cli, ["build", "trim-the-tree", "--paper", "a4", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    m = json.loads((tmp_path / "trim-the-tree" / "manifest-a4.json").read_text())
    orn = [p for p in m["pieces"] if p["component"] != "stars"]
    assert len(orn) == 80
    assert len({p["component"] for p in orn}) == 16
    assert len([p for p in m["pieces"] if p["component"] == "stars"]) == 5
    W, H = m["page_size_mm"]
    for p in m["pieces"]:
        assert 6.35 - 1e-6 <= p["x_mm"] and p["x_mm"] + p["w_mm"] <= W - 6.35 + 1e-6
        assert 6.35 - 1e-6 <= p["y_mm"] and p["y_mm"] + p["h_mm"] <= H - 6.35 + 1e-6
