"""A face's `layout:` (issue 39, points 1 and 2): each part placed and styled as Squib's layouts do,
the default layout drawing what a face always drew, and words that do not stand out from their
fill warned about. Each test writes a kit in tmp_path and reads what pnpkit draws: the pieces'
text and boxes (mm from the face's top-left), a PNG's pixels, the warnings a build prints."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pnpkit.cli import cli
from pnpkit.generator.shapes import Group, Text

HEAD = 'game: {id: lay, title: Lay, players: "2"}\ncomponents:\n'
CARDS = HEAD + """\
  - kind: cards
    name: deck
    deck: [{id: A, name: Luna, value: 7}, {id: B, name: Atlas, value: 10}]
    front:
      fill: "#1d2340"
      title: "{{ row.name }}"
      text: "Worth **{{ row.value }}**."
      layout: LAYOUT
"""


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def write(tmp_path: Path, text: str) -> str:
    """The kit file, named as a person in its folder names it (`kit.yaml`, in messages too)."""
    (tmp_path / "kit.yaml").write_text(text)
    return "kit.yaml"


@pytest.fixture(autouse=True)
def _in_the_kits_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def faces(path: str) -> list:
    from pnpkit.generator.components import pieces_for
    from pnpkit.kitfile.model import load_kit
    return pieces_for(load_kit(path))


def texts(shapes, dx: float = 0.0, dy: float = 0.0) -> list[tuple]:
    """Every line of words on a face: (text, x, y, colour, font, size, anchor), x and y on the face
    (groups moved); a turned group's lines as (text, "turned", its angle, colour, font, size, anchor)."""
    out = []
    for s in shapes:
        if isinstance(s, Text):
            out.append((s.text, round(s.x + dx, 3), round(s.y + dy, 3), s.color, s.font, s.size, s.anchor))
        elif isinstance(s, Group) and not s.rotate:
            out += texts(s.items, dx + s.dx, dy + s.dy)
        elif isinstance(s, Group):
            out += [(t[0], "turned", s.rotate, *t[3:]) for t in texts(s.items)]
    return out


def test_colour_alone_colours_the_words_where_they_stand(tmp_path):
    plain = faces(write(tmp_path, CARDS.replace("      layout: LAYOUT\n", "")))[0].front
    white = faces(write(tmp_path, CARDS.replace("LAYOUT", '{title: {color: "#ffffff"}, text: {color: "#ffffff"}}')))[0].front
    a, b = texts(plain), texts(white)
    assert [t[:3] + t[4:] for t in a] == [t[:3] + t[4:] for t in b]        # every word where it stood
    assert {t[3] for t in a} == {"#1a1a1a", "#000000"} and {t[3] for t in b} == {"#ffffff"}


def test_the_default_layout_written_out_draws_the_face_unchanged(tmp_path):
    """A layout that says what the flow already does changes no shape: the flow is the default layout."""
    plain = faces(write(tmp_path, CARDS.replace("      layout: LAYOUT\n", "")))
    same = faces(write(tmp_path, CARDS.replace(
        "LAYOUT", '{title: {font: heading, size_pt: 12, color: "#1a1a1a", align: center}, text: {size_pt: 9}}')))
    assert [p.front for p in plain] == [p.front for p in same]


def test_a_part_with_a_box_is_drawn_in_it_and_leaves_the_flow(tmp_path):
    layout = ('{title: {at: [5, 5], size: 40x8mm, align: left, color: "#ffffff"},'
              ' text: {at: [5, 60], size: 53x20mm, valign: bottom, color: "#ffffff"}}')
    card = faces(write(tmp_path, CARDS.replace("LAYOUT", layout)))[0].front
    lines = texts(card)
    title = next(t for t in lines if t[0] == "Luna")
    assert title[1] == 5.0 and title[6] == "start" and 5 < title[2] <= 13       # left in its box, its line inside it
    body = [t for t in lines if t[0] != "Luna"]
    assert body and all(5 <= t[1] <= 58 and 60 < t[2] <= 80 for t in body)      # the text at the bottom of its box
    assert max(t[2] for t in body) > 75


def test_a_named_text_reads_the_row_and_turns_in_its_box(tmp_path):
    layout = ('{value: {text: "{{ row.value }}", at: [45, 4], size: 13x10mm, font: title, size_pt: 22, align: right,'
              ' color: "#ffffff"}, value-turned: {text: "{{ row.value }}", at: [5, 74], size: 13x10mm, font: title,'
              ' size_pt: 22, align: right, color: "#ffffff", rotate: 180}}')
    a, b = faces(write(tmp_path, CARDS.replace("LAYOUT", layout)))
    value = [t for t in texts(a.front) if t[0] == "7" and t[4] == "title"]
    assert len(value) == 2
    upright, turned = (value[0], value[1]) if value[1][1] == "turned" else (value[1], value[0])
    assert upright[1] == 58.0 and upright[6] == "end" and upright[4] == "title" and upright[5] <= 22
    assert turned[1:3] == ("turned", 180.0)
    assert [t[0] for t in texts(b.front) if t[4] == "title"] == ["10", "10"]   # each card its own row


def test_a_placed_art_is_drawn_in_its_box(tmp_path):
    text = CARDS.replace("LAYOUT", "{art: {at: [6, 16], size: 50x40mm}}").replace(
        '      title: "{{ row.name }}"\n', '      title: "{{ row.name }}"\n      art: meeple\n')
    card = faces(write(tmp_path, text))[0].front
    placed = [s for s in card if isinstance(s, Group) and (s.dx, s.dy) == (6.0, 16.0)]
    assert placed, "the art's group is not at [6, 16]"


def test_counters_and_tiles_take_a_layout_too(tmp_path):
    text = HEAD + """\
  - kind: tiles
    name: pools
    size: 40x40mm
    front: {fill: "#1d2340", label: DEEP, layout: {label: {color: "#ffffff"}, note: {text: LOW WINS, at: [5, 5], size: 30x6mm, color: "#ffffff"}}}
    count: 1
  - kind: counters
    name: marks
    count: 1
    front: {fill: "#1d2340", label: "1", layout: {label: {at: [3, 3], size: 9.9x9.9mm, color: "#ffffff", size_pt: 14}}}
"""
    tile, counter = faces(write(tmp_path, text))
    words = {t[0]: t for t in texts(tile.front)}
    assert words["DEEP"][3] == words["LOW WINS"][3] == "#ffffff"
    one = [t for t in texts(counter.front) if t[0] == "1"]
    assert one and one[0][3] == "#ffffff" and 3 <= one[0][1] <= 12.9


def test_the_words_print_in_their_colour(tmp_path):
    """On paper: a white label on the navy back (the issue's case) is white where it stands."""
    text = HEAD + """\
  - kind: cards
    name: deck
    deck: [{id: A}]
    front: {title: A}
    back: {fill: "#1d2340", label: MOTH AND LAMP, layout: {label: {color: "#ffffff", size_pt: 20}}}
"""
    r = run("export", write(tmp_path, text), "--to", "png", "--dpi", "100", "--out", str(tmp_path / "out"))
    assert r.exit_code == 0 and "warning" not in r.output, r.output
    back = next((tmp_path / "out" / "lay" / "png" / "deck").glob("*-back.png"))
    im = Image.open(back).convert("RGB")
    w, h = im.size
    colours = {im.getpixel((x, y)) for x in range(w // 5, 4 * w // 5) for y in range(h // 10, 9 * h // 10)}
    assert (255, 255, 255) in colours and (0x1d, 0x23, 0x40) in colours


# --- refusals, at their line ------------------------------------------------------------------

def refused(tmp_path: Path, layout: str) -> str:
    r = run("build", write(tmp_path, CARDS.replace("LAYOUT", layout)), "--out", str(tmp_path / "out"))
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    assert not (tmp_path / "out" / "lay").exists()
    return r.output


def test_a_box_past_the_safe_zone_is_refused_at_its_line(tmp_path):
    out = refused(tmp_path, '{value: {text: "{{ row.value }}", at: [55, 4], size: 13x10mm}}')
    assert "kit.yaml:10: components[0].front.layout.value: the box 13 x 10 mm at [55, 4] reaches past" in out
    assert "safe zone" in out


def test_a_misspelt_part_is_refused_with_the_nearest(tmp_path):
    assert "'titel' is not one of the face's parts (title, label, text, art) (did you mean 'title'?)" in \
        refused(tmp_path, '{titel: {color: "#ffffff"}}')


def test_a_key_a_part_cannot_use_is_refused(tmp_path):
    assert "layout.art: art takes no font" in refused(tmp_path, "{art: {font: bold}}")
    assert "give `at` and `size` together" in refused(tmp_path, "{title: {at: [5, 5]}}")
    assert "`rotate` and `valign` need the part's own box" in refused(tmp_path, "{title: {rotate: 90}}")


def test_words_too_long_for_their_box_are_refused_not_shrunk_under_7pt(tmp_path):
    out = refused(tmp_path, '{title: {at: [5, 5], size: 20x2mm}}')
    assert "components[0].front.layout.title" in out and "does not fit its 20 x 2 mm box even at 7 pt" in out


# --- contrast ---------------------------------------------------------------------------------

def warnings(tmp_path: Path, text: str) -> list[str]:
    r = run("build", write(tmp_path, text), "--paper", "a4", "--out", str(tmp_path / "out"))
    assert r.exit_code == 0, r.output
    return [line for line in r.output.splitlines() if line.startswith("pnpkit: warning:")]


def test_words_under_4_5_to_1_on_their_fill_are_warned_naming_face_part_and_colours(tmp_path):
    """The issue's cases: a label near black on navy, black titles on #0072B2 fronts."""
    text = HEAD + """\
  - kind: cards
    name: deck
    deck: [{id: A, name: Luna}]
    front: {fill: "#0072B2", title: "{{ row.name }}"}
    back: {fill: "#1d2340", label: Moth & Lamp, color: "#ffffff"}
"""
    found = warnings(tmp_path, text)
    assert found[0] == ("pnpkit: warning: kit.yaml:6: components[0].front.title: the title prints #1a1a1a on #0072B2, a "
                        "contrast of 3.4:1 (under WCAG AA's 4.5:1, hard to read): colour it with layout: "
                        '{title: {color: "#ffffff"}}')
    assert "components[0].back.label: the label prints #1a1a1a on #1d2340, a contrast of 1.1:1" in found[1]
    assert 'layout: {label: {color: "#ffffff"}}' in found[1]
    assert len(found) == 2        # one warning a face and part, not one a card


def test_words_that_stand_out_are_not_warned(tmp_path):
    text = CARDS.replace("LAYOUT", '{title: {color: "#ffffff"}, text: {color: "#f3e3b3"}}')
    assert warnings(tmp_path, text) == []


def test_a_named_text_is_held_to_its_ground_too(tmp_path):
    text = CARDS.replace("LAYOUT", '{title: {color: "#ffffff"}, text: {color: "#ffffff"}, '
                                   'value: {text: "{{ row.value }}", at: [45, 4], size: 13x10mm, color: "#3a3a5a"}}')
    found = warnings(tmp_path, text)
    assert len(found) == 1 and "layout.value: the text 'value' prints #3a3a5a on #1d2340," in found[0]
