"""Decks from a spreadsheet beside the kit: CSV and .xlsx rows, errors naming file, row and column,
and the scorer reading the very rows the cards are printed from."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnpkit.kitfile import SourceError, load_kit
from pnpkit.cli import cli

KIT = """game: {{id: deck-test, title: Deck test, players: "2"}}
params:
  cards: &cards {{from: {file}}}
components:
  - kind: cards
    name: deck
    size: mini
    deck: *cards
    front: {{title: "{{{{ row.name }}}}", text: "Worth {{{{ row.points }}}}"}}
"""


def kit_with(tmp_path: Path, file: str, data: bytes | str) -> Path:
    (tmp_path / file).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    path = tmp_path / "kit.yaml"
    path.write_text(KIT.format(file=file))
    return path


def test_csv_rows_become_the_deck_and_the_params(tmp_path):
    path = kit_with(tmp_path, "cards.csv", "\ufeffname;points;count;needs.almond\nOak;3;2;1\nAsh;2;1;\n\n")
    kit = load_kit(str(path))
    rows = [{"name": "Oak", "points": 3, "count": 2, "needs": {"almond": 1}}, {"name": "Ash", "points": 2, "count": 1}]
    assert kit.params["cards"] == rows and kit.components[0].deck == rows
    r = CliRunner().invoke(cli, ["build", str(path), "--paper", "a4", "--out", str(tmp_path / "out")])
    assert r.exit_code == 0, r.output
    assert "3 pieces" in r.output  # Oak twice, Ash once


def test_an_edited_deck_is_read_again(tmp_path):
    path = kit_with(tmp_path, "cards.csv", "name,points\nOak,3\n")
    assert len(load_kit(str(path)).params["cards"]) == 1
    import os
    (tmp_path / "cards.csv").write_text("name,points\nOak,3\nAsh,4\n")
    os.utime(tmp_path / "cards.csv", ns=(1, 10**18))
    assert len(load_kit(str(path)).params["cards"]) == 2


@pytest.mark.parametrize("csv, message", [
    ("name,points,count\nOak,3,2\nAsh,4,none\n", "cards.csv row 3, column C (count): expected a whole number"),
    ("name,name\nOak,3\n", "cards.csv row 1, column B: the column 'name' is named twice"),
    ("name,points\nOak,3,9\n", "cards.csv row 2, column C: a value in a column with no name"),
    ("name,points\n\"Oak,3\n", "cards.csv row"),
    ("name,points\nOak,99999999\n", "cards.csv row 2, column B (points): the number 99999999 is out of range"),
])
def test_deck_errors_name_file_row_and_column(tmp_path, csv, message):
    path = kit_with(tmp_path, "cards.csv", csv)
    r = CliRunner().invoke(cli, ["build", str(path), "--paper", "a4", "--out", str(tmp_path / "out")])
    assert r.exit_code == 2, r.output
    assert message in r.output and "Traceback" not in r.output, r.output
    assert "kit.yaml:" in r.output


def test_deck_files_stay_in_the_kit_folder(tmp_path):
    (tmp_path / "kit").mkdir()
    for ref, message in (("../cards.csv", "may not climb out"), ("/etc/passwd", "relative to the kit's folder"),
                         ("missing.csv", "no deck file 'missing.csv'"), ("kit.yaml", "must be a .csv or an .xlsx")):
        path = tmp_path / "kit" / "kit.yaml"
        path.write_text(KIT.format(file=ref))
        with pytest.raises(SourceError) as e:
            load_kit(str(path))
        assert message in str(e.value) and "kit.yaml:3: params.cards.from" in str(e.value), str(e.value)


def test_xlsx_rows_with_sheet_and_errors(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    ws = book.create_sheet("Deck")
    ws.append(["name", "points", "count"])
    ws.append(["Oak", 3, 2])
    ws.append(["Ash", 4.0, "two"])
    book.save(tmp_path / "cards.xlsx")
    path = tmp_path / "kit.yaml"
    path.write_text(KIT.format(file="cards.xlsx, sheet: Deck"))
    kit = load_kit(str(path), components=False)
    assert kit.params["cards"] == [{"name": "Oak", "points": 3, "count": 2}, {"name": "Ash", "points": 4, "count": "two"}]
    r = CliRunner().invoke(cli, ["build", str(path), "--paper", "a4", "--out", str(tmp_path / "out")])
    assert r.exit_code == 2 and "cards.xlsx row 3, column C (count): expected a whole number" in r.output, r.output
    path.write_text(KIT.format(file="cards.xlsx, sheet: Nope"))
    with pytest.raises(SourceError, match="no sheet 'Nope' \\(sheets: Notes, Deck\\)"):
        load_kit(str(path))


def test_an_xlsx_zip_bomb_is_refused_from_its_index(tmp_path):
    import zipfile
    with zipfile.ZipFile(tmp_path / "cards.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/worksheets/sheet1.xml", b"<a>" + b" " * 60_000_000 + b"</a>")
    path = tmp_path / "kit.yaml"
    path.write_text(KIT.format(file="cards.xlsx"))
    with pytest.raises(SourceError, match="unpacks to 60 MB .*zip bomb"):
        load_kit(str(path))


def test_the_scorer_reads_the_rows_the_cards_print(tmp_path):
    """NUTS with its bonus deck in a CSV: the same score as the shipped kit's YAML deck."""
    from pnpkit.kitfile import kit_path
    src, _ = kit_path("nuts")
    text = src.read_text()
    kit = load_kit("nuts", components=False)
    rows = ["id,needs.almond,needs.cashew,needs.peanut,needs.pistachio,points"]
    for b in kit.params.bonus:
        needs = b.needs
        rows.append(",".join([b.id] + [str(needs.get(n, "")) for n in ("almond", "cashew", "peanut", "pistachio")]
                             + [str(b.points)]))
    (tmp_path / "bonus.csv").write_text("\n".join(rows) + "\n")
    start = text.index("  bonus: &bonus\n")
    end = text.index("\n\n", start)
    (tmp_path / "nuts.yaml").write_text(text[:start] + "  bonus: &bonus {from: bonus.csv}" + text[end:])
    ours = load_kit(str(tmp_path / "nuts.yaml"), components=False)
    assert ours.params.bonus == kit.params.bonus
