"""The general kinds beyond Chestnuts' needs: cards from a deck, tiles, grids, lattices, tracks, boxes."""
from __future__ import annotations

import pytest

from pnpkit.generator.components import pieces_for
from pnpkit.generator.shapes import Group, Text
from pnpkit.kitfile.model import load_kit
from pnpkit.kitfile.source import SourceError

DEMO = """
game: {id: demo, title: Demo, players: 2-4}
components:
  - kind: board
    name: tree
    size: 180x150mm
    lattices: [{name: tree, at: [60, 20], rows: 5, spacing: 24mm, space: 14mm}]
    grids: [{name: forest, at: [120, 20], rows: 6, cols: 6, cell: 9mm, row_labels: ["1","2","3","4","5","6"]}]
    tracks: [{name: score, at: [10, 130], spaces: ["0","1","2"], space: 12mm, shape: square}]
    labels: [{text: "Trim the Tree", at: [90, 10], pt: 14}]
  - kind: cards
    name: bonus
    deck:
      - {id: B01, needs: "2 almond, 1 peanut", points: 5}
      - {id: B02, needs: "3 cashew", points: 4, count: 2}
    front: {title: "Bonus {{ row.id }}", text: "Needs **{{ row.needs }}**. Scores {{ row.points }} points.", mark: mark-star}
    back: {label: Bonus}
  - kind: tiles
    name: tiles
    size: 30x20mm
    sets: [{name: Green, count: 2, color: "#009E73", mark: mark-square}]
    front: {art: flame, tint: true}
  - kind: score-sheet
    name: nuts-sheet
    size: 120x140mm
    rows: ["1", "3", "6", "10", "15", "21"]
    columns: [{label: almond}, {label: cashew}, {label: peanut}, {label: pistachio}]
    boxes_height: 30mm
    boxes: [{label: Salt, at: [5, 110], size: 50x25mm}, {label: Squirrel, at: [65, 110], size: 50x25mm}]
"""


def words(shapes) -> list[str]:
    out = []
    for s in shapes:
        if isinstance(s, Group):
            out += words(s.items)
        elif isinstance(s, Text):
            out.append(s.text)
    return out


@pytest.fixture
def demo(tmp_path):
    path = tmp_path / "demo.yaml"
    path.write_text(DEMO, encoding="utf-8")
    return path


def test_each_kind_gives_its_pieces(demo):
    pieces = pieces_for(load_kit(str(demo)))
    assert [(p.component, p.kind) for p in pieces] == [
        ("tree", "board"), ("bonus", "card"), ("bonus", "card"), ("bonus", "card"),
        ("tiles", "tile"), ("tiles", "tile"), ("nuts-sheet", "score-sheet")]
    cards = [p for p in pieces if p.kind == "card"]
    assert [c.name for c in cards] == ["Bonus B01", "Bonus B02 1", "Bonus B02 2"]
    assert all((c.w, c.h) == (63.5, 88.9) and c.double_sided for c in cards)
    assert "Bonus B01" in words(cards[0].front) and "2 almond, 1 peanut" in words(cards[0].front)
    assert (pieces[4].w, pieces[4].h) == (30.0, 20.0)


def test_lattice_names_its_spaces_and_grid_its_rows(demo):
    board = pieces_for(load_kit(str(demo)))[0]
    text = words(board.front)
    assert {"A1", "B1", "B2", "E1", "E5"} <= set(text) and "E6" not in text
    assert text.count("6") >= 1 and "Trim the Tree" in text


def test_score_sheet_rows_and_boxes(demo):
    sheet = pieces_for(load_kit(str(demo)))[-1]
    text = words(sheet.front)
    for label in ("1", "3", "6", "10", "15", "21", "almond", "pistachio", "Salt", "Squirrel"):
        assert label in text
    assert len([f for f in sheet.meta["fields"] if f[0].startswith("almond-")]) == 6


def test_a_template_error_is_reported_at_its_field(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(DEMO.replace("{{ row.points }}", "{{ row.pointz }}"), encoding="utf-8")
    with pytest.raises(SourceError) as e:
        pieces_for(load_kit(str(path)))
    assert "components[1].front.text: components[1].deck has no column 'pointz' (did you mean 'points'?" in str(e.value)


def test_duplicate_component_names_are_refused(tmp_path):
    path = tmp_path / "dup.yaml"
    path.write_text(DEMO.replace("name: tiles", "name: bonus"), encoding="utf-8")
    with pytest.raises(SourceError) as e:
        pieces_for(load_kit(str(path)))
    assert "components[2].name: the name 'bonus' is already used by components[1]" in str(e.value)


def test_a_misspelt_drawing_is_an_error_at_its_line(tmp_path):
    path = tmp_path / "art.yaml"
    path.write_text(DEMO.replace("mark: mark-star", "mark: mark-starr"), encoding="utf-8")
    with pytest.raises(SourceError) as e:
        pieces_for(load_kit(str(path)))
    line = next(i for i, l in enumerate(DEMO.splitlines(), 1) if "mark-star" in l)
    assert f"art.yaml:{line}: components[1].front.mark: no drawing named 'mark-starr' (did you mean 'mark-star'?)" in str(e.value)


@pytest.mark.parametrize("track, message", [
    ("space: 20mm, across: 8mm, holds: stars", "a space of 8 mm does not hold a 15.9 mm stars counter"),
    ("space: 20mm, holds: moons", "no counters component named 'moons'"),
])
def test_a_track_that_must_hold_counters_is_measured_across_its_spaces_too(tmp_path, track, message):
    """A long narrow space (a ruler's tile) holds a counter only if the counter fits its width."""
    path = tmp_path / "t.yaml"
    path.write_text(f"""
game: {{id: t, title: T, players: "2"}}
components:
  - kind: board
    name: b
    size: 150x60mm
    tracks: [{{name: s, at: [5, 5], spaces: ["1", "2"], {track}}}]
  - {{kind: counters, name: stars, count: 1}}
""")
    with pytest.raises(SourceError, match=message):
        pieces_for(load_kit(str(path)))


def test_a_bad_option_for_a_region_drawing_is_the_kit_files_error(tmp_path):
    path = tmp_path / "r.yaml"
    path.write_text("""
game: {id: r, title: R, players: "2"}
components:
  - kind: board
    name: b
    size: 100x60mm
    regions: [{name: a, at: [5, 5], size: 60x40mm, art: chestnut, art_options: {color: red}}]
""")
    with pytest.raises(SourceError, match=r"r.yaml:\d+: components\[0\].regions\[0\].art_options: the drawing 'chestnut'"):
        pieces_for(load_kit(str(path)))


def _attach_kit(tmp_path, to: str, size: str = "40x100mm"):
    src = f"""\
game: {{id: panels, title: Panels, players: "2"}}
components:
  - kind: board
    name: main
    size: 150x100mm
  - kind: board
    name: panel
    size: {size}
    attach: {{to: {to}, edge: right, note: 3 players}}
"""
    path = tmp_path / "panels.yaml"
    path.write_text(src)
    return str(path)


def test_a_panel_attaches_with_a_strip_and_marks_on_both_boards(tmp_path):
    from pnpkit.generator.components import pieces_for
    from pnpkit.generator.split import OVERLAP
    from pnpkit.kitfile import load_kit
    main, panel = pieces_for(load_kit(_attach_kit(tmp_path, "main")))
    assert (panel.w, panel.h) == (40 + OVERLAP, 100) and panel.meta["attach_to"] == "main"
    assert main.meta["seams"] == ("right",)

    def letters(shapes):
        from pnpkit.generator.shapes import Group, Text
        for s in shapes:
            if isinstance(s, Group):
                yield from letters(s.items)
            elif isinstance(s, Text) and len(s.text) == 1:
                yield s.text
    assert {"X", "Y"} <= set(letters(main.front)) and {"X", "Y"} <= set(letters(panel.front))


@pytest.mark.parametrize("to, size, words", [("nowhere", "40x100mm", "no other board named 'nowhere'"),
                                             ("main", "40x90mm", "that edge is 100 mm long, this board 90 mm")])
def test_a_bad_attach_is_the_kit_files_error(tmp_path, to, size, words):
    from pnpkit.generator.components import pieces_for
    from pnpkit.kitfile import SourceError, load_kit
    with pytest.raises(SourceError) as e:
        pieces_for(load_kit(_attach_kit(tmp_path, to, size)))
    assert words in str(e.value) and "panels.yaml:" in str(e.value)
