"""What a record writes into a printed box (a NUTS player's bonus cards, written out) is cut to fit
its box on the replay page, after a whole item ("... and 5 more"), never a crash: the text floors
that refuse a kit file do not refuse a stranger's record (a case the record fuzz found)."""
from __future__ import annotations

from click.testing import CliRunner

from pnpkit.cli import cli


def test_a_long_list_written_in_a_sheet_box_is_cut_on_the_replay_page(tmp_path, monkeypatch):
    written = ", ".join(["{needs: {almond: 1}, points: 2}", "B19"] * 8)
    (tmp_path / "r.yaml").write_text("game: nuts\nplayers:\n  - name: Ann\n    sheet: {almond: 3, cashew: 2, peanut: 1, "
                                     f"pistachio: 0}}\n    bonus: [{written}]\n")
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, ["replay", "r.yaml", "--png", "last"])
    assert r.exit_code in (0, 1), r.output
    page = (tmp_path / "output" / "r-replay.html").read_text()
    assert "more" in page and "B19, written, B19, written, B19, written, B19, written" not in page
