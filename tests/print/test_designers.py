"""What a designer's own kit may do (issue 25, item 6): colours from a deck's columns, and the
mistakes refused at their line (a track off its board, an unknown icon, a card id twice). Each
test writes a kit in tmp_path and runs pnpkit as a person does."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from PIL import Image

from pnpkit.cli import cli

DECK = "id,name,hex,ink\nA,Red,#cc3311,#ffffff\nB,Blue,#0077bb,#000000\n"
KIT = """\
game: {id: colours, title: Colours, players: "2"}
components:
  - kind: cards
    name: deck
    deck: {from: deck.csv}
    front:
      fill: "{{ row.hex }}"
      color: "{{ row.ink }}"
      title: "{{ row.name }}"
"""


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def kit(tmp_path: Path, text: str = KIT, deck: str = DECK) -> str:
    (tmp_path / "deck.csv").write_text(deck)
    (tmp_path / "kit.yaml").write_text(text)
    return str(tmp_path / "kit.yaml")


def test_a_deck_column_gives_each_card_its_background(tmp_path):
    r = run("export", kit(tmp_path), "--to", "png", "--dpi", "72", "--bleed", "2", "--out", str(tmp_path / "out"))
    assert r.exit_code == 0, r.output
    folder = tmp_path / "out" / "colours" / "png" / "deck"
    red, blue = (Image.open(p).convert("RGB") for p in sorted(folder.glob("*-front.png")))
    assert red.getpixel((2, 60)) == (0xcc, 0x33, 0x11)  # in the bleed: the row's colour runs past the cut
    assert blue.getpixel((2, 60)) == (0x00, 0x77, 0xbb)


def test_a_cell_that_is_not_a_colour_is_refused_with_the_deck_row_and_the_kit_line(tmp_path):
    r = run("build", kit(tmp_path, deck=DECK + "C,Oops,blue,#000000\n"), "--out", str(tmp_path / "out"))
    assert r.exit_code == 2
    assert ('kit.yaml:7: components[0].front.fill: deck.csv row 4, column C (hex): expected a colour "#rrggbb"'
            in r.output), r.output
    assert "'blue'" in r.output and "Traceback" not in r.output
    assert not (tmp_path / "out" / "colours").exists()  # nothing half-written


def test_an_inline_row_names_its_own_line(tmp_path):
    text = KIT.replace("deck: {from: deck.csv}", "deck:\n      - {id: A, name: Red, hex: '#cc3311', ink: '#000000'}\n"
                       "      - {id: B, name: Bad, hex: '#12345', ink: '#000000'}")
    r = run("build", kit(tmp_path, text), "--out", str(tmp_path / "out"))
    assert r.exit_code == 2
    assert "kit.yaml:9: components[0].front.fill: components[0].deck[1].hex (line 7): expected a colour" in r.output, r.output


def test_a_colour_that_is_neither_a_colour_nor_a_template_is_refused_at_load(tmp_path):
    r = run("build", kit(tmp_path, KIT.replace('"{{ row.hex }}"', "red")), "--out", str(tmp_path / "out"))
    assert r.exit_code == 2
    assert 'kit.yaml:7: components[0].front.fill: expected a colour "#rrggbb" or a template' in r.output, r.output
    # counters and tiles take colours only: a template there is refused too
    text = ('game: {id: t, title: T, players: "2"}\ncomponents:\n  - kind: tiles\n    name: t\n    count: 2\n'
            '    front: {fill: "{{ row.hex }}"}\n')
    r = run("build", kit(tmp_path, text), "--out", str(tmp_path / "out"))
    assert r.exit_code == 2 and "kit.yaml:6: components[0].front.fill:" in r.output, r.output


BOARD = """\
game: {id: boards, title: Boards, players: "2"}
components:
  - kind: board
    name: score
    size: 200x100mm
    tracks:
      - name: points
        at: [10, 10]
        numbers: [0, 14]
        space: 10mm
        gap: 2mm
"""


def test_a_track_that_runs_off_its_board_is_refused_at_its_line(tmp_path):
    r = run("build", kit(tmp_path, BOARD.replace("[0, 14]", "[0, 20]")), "--out", str(tmp_path / "out"))
    assert r.exit_code == 2
    # spaces of 10 mm, 12 mm apart, from x = 10: the 16th ends at 200 (on the edge), the 17th at 212
    assert ("kit.yaml:7: components[0].tracks[0]: the track 'points' runs off the 200 x 100 mm board: space 17 "
            "('16', 10 x 10 mm at [202, 10]) crosses its right edge") in r.output, r.output
    assert "Traceback" not in r.output


def test_a_track_that_fits_builds_and_one_turning_off_the_top_is_refused(tmp_path):
    r = run("build", kit(tmp_path, BOARD.replace("[0, 14]", "[0, 15]")), "--out", str(tmp_path / "out"))
    assert r.exit_code == 0, r.output
    turned = BOARD.replace("[0, 14]", "[0, 5]") + "        turns: {3: up}\n"
    r = run("build", kit(tmp_path, turned), "--out", str(tmp_path / "out"))
    assert r.exit_code == 2
    assert ("kit.yaml:7: components[0].tracks[0]: the track 'points' runs off the 200 x 100 mm board: space 4 "
            "('3', 10 x 10 mm at [34, -2]) crosses its top edge") in r.output, r.output


def test_an_unknown_icon_is_refused_at_the_texts_line(tmp_path):
    text = BOARD.replace("numbers: [0, 14]", "numbers: [0, 5]") + (
        "    texts:\n      - {at: [10, 40], size: 120x40mm, text: \"Take a :meeples: and go.\"}\n")
    r = run("build", kit(tmp_path, text), "--out", str(tmp_path / "out"))
    assert r.exit_code == 2
    assert ("kit.yaml:13: components[0].texts[0]: score texts[0]: no drawing named 'meeples' for the icon :meeples: "
            "(did you mean :meeple:?)") in r.output, r.output
    r = run("build", kit(tmp_path, text.replace(":meeples:", ":meeple:")), "--out", str(tmp_path / "out"))
    assert r.exit_code == 0, r.output


def test_an_unknown_icon_in_a_deck_row_is_refused(tmp_path):
    text = KIT + '      text: "Costs {{ row.cost }}."\n'
    deck = "id,name,hex,ink,cost\nA,Red,#cc3311,#ffffff,:meeple:\nB,Blue,#0077bb,#000000,:meeplez:\n"
    r = run("build", kit(tmp_path, text, deck), "--out", str(tmp_path / "out"))
    assert r.exit_code == 2
    assert "kit.yaml:10: components[0].front.text: deck card text: no drawing named 'meeplez'" in r.output, r.output


def test_a_card_id_given_twice_is_refused_naming_both_rows(tmp_path):
    r = run("build", kit(tmp_path, deck=DECK + "A,Again,#000000,#ffffff\n"), "--out", str(tmp_path / "out"))
    assert r.exit_code == 2
    assert ("kit.yaml:5: deck.csv row 4, column A (id): the card id 'A' is given twice: also deck.csv row 2, "
            "column A (id)") in r.output, r.output
    inline = KIT.replace("deck: {from: deck.csv}", "deck:\n      - {id: A, name: Red, hex: '#cc3311'}\n"
                         "      - {id: A, name: Red, hex: '#cc3311'}")
    r = run("build", kit(tmp_path, inline), "--out", str(tmp_path / "out"))
    assert r.exit_code == 2
    assert ("kit.yaml:7: components[0].deck[1].id: the card id 'A' is given twice: also components[0].deck[0].id "
            "(line 6)") in r.output, r.output
