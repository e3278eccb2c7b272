"""What a record writes into a printed box is made to fit it on the replay page, never a crash: the
text floors that refuse a kit file do not refuse a stranger's record (a case the record fuzz found,
when a NUTS player's bonus cards were written in a box). Bonus cards are ticks on the sheet now
(issue 41): a card with no box to tick (written out) is left off the sheet, the longest name a
record allows fits its box, and the page is made."""
from __future__ import annotations

from click.testing import CliRunner

from pnpkit.cli import cli


def test_a_long_list_written_in_a_sheet_box_is_cut_on_the_replay_page(tmp_path, monkeypatch):
    written = ", ".join(["{needs: {almond: 1}, points: 2}", "B19"] * 8)
    name = "Ann, Bea, Cat, Dan, Eve, Fay, Gus, Hal, Ida, Jon, Kim, Lou"        # 59 characters: the most is 60
    (tmp_path / "r.yaml").write_text(f"game: nuts\nplayers:\n  - name: '{name}'\n    sheet: {{almond: 3, cashew: 2, "
                                     f"peanut: 1, pistachio: 0}}\n    bonus: [{written}]\n")
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, ["replay", "r.yaml", "--png", "last"])
    assert r.exit_code in (0, 1), r.output
    page = (tmp_path / "output" / "r-replay.html").read_text()
    assert name in page and "Bonus_cards-written" not in page and page.count("\\u2713") + page.count("\u2713") >= 1
