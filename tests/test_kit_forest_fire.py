"""Forest Fire kit: the printed pieces match the params the scorer reads, and sit inside the margins."""
import json

from kitfile.model import load_kit
from click.testing import CliRunner
from pnpkit.cli import cli


def _manifest(tmp_path, paper="a4"):
    r = CliRunner().invoke(cli, ["build", "forest-fire", "--paper", paper, "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    return json.loads((tmp_path / "forest-fire" / f"manifest-{paper}.json").read_text())


def test_counts_sizes_margins_backs(tmp_path):
    params = load_kit("forest-fire").params
    m = _manifest(tmp_path)
    by = {}
    for p in m["pieces"]:
        by.setdefault(p["component"], []).append(p)
    assert len(by["fires"]) == params.fire_counters >= 40
    assert len(by["firebreaks"]) == params.firebreaks == 4
    for role in ("hotshots", "smoke-jumpers", "pilots"):
        assert len(by[role]) == 4
    assert all(p["back"] for p in by["pilots"])
    W, H = m["page_size_mm"]
    for p in m["pieces"]:
        assert p["x_mm"] >= 6.35 - 1e-6 and p["y_mm"] >= 6.35 - 1e-6
        assert p["x_mm"] + p["w_mm"] <= W - 6.35 + 1e-6 and p["y_mm"] + p["h_mm"] <= H - 6.35 + 1e-6
        if p["back"]:  # mirrored for a long-edge flip
            assert abs(p["back"]["x_mm"] - (W - p["x_mm"] - p["w_mm"])) < 0.01
            assert p["back"]["page"] == p["page"] + 1
