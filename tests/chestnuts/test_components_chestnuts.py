"""The Chestnuts kit as pieces: every component at real size and count, texts from params and rulebook."""
from __future__ import annotations

import re
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from pnpkit.generator import fonts
from pnpkit.generator.components import pieces_for
from pnpkit.generator.components.board import region_capacity
from pnpkit.generator.components.common import render_template
from pnpkit.generator.shapes import Group, Text
from pnpkit.generator.textblock import parse as parse_markup
from pnpkit.kitfile.model import load_kit
from pnpkit.kitfile.source import SourceError
from pnpkit.kitfile.structs import replace

KIT_FILE = Path(str(resources.files("pnpkit.kits") / "chestnuts.yaml"))


@pytest.fixture(scope="module")
def kit():
    return load_kit("chestnuts")


@pytest.fixture(scope="module")
def pieces(kit):
    return pieces_for(kit)


def texts(shapes, dx=0.0, dy=0.0):
    """Every Text in a drawing with its position on the piece (only translated groups expected here)."""
    for s in shapes:
        if isinstance(s, Group):
            yield from texts(s.items, dx + s.dx, dy + s.dy)
        elif isinstance(s, Text):
            yield s, s.x + dx, s.y + dy


def words(shapes) -> str:
    return re.sub(r"\s+", " ", " ".join(t.text for t, _, _ in texts(shapes)))


def test_piece_counts_and_sizes(pieces):
    by = Counter((p.component, p.kind, p.double_sided) for p in pieces)
    assert by == {("board", "board", False): 1, ("chestnuts", "counter", True): 24, ("tongs", "counter", True): 2,
                  ("flames", "counter", False): 3, ("player-aid", "reference", True): 2,
                  ("score-pad", "score-sheet", False): 2}
    for p in pieces:
        if p.kind == "counter":
            assert p.w == p.h >= 15.875 and p.shape == "circle"
    board = next(p for p in pieces if p.kind == "board")
    assert (board.w, board.h) == (366.0, 250.0)


def test_one_chestnut_set_per_player_each_with_colour_and_mark(kit, pieces):
    nuts = [p for p in pieces if p.component == "chestnuts"]
    assert Counter(p.meta["set"] for p in nuts) == {"Orange": 12, "Blue": 12}
    orange = next(p for p in nuts if p.meta["set"] == "Orange")
    blue = next(p for p in nuts if p.meta["set"] == "Blue")
    assert orange.front != blue.front and orange.back != blue.back
    assert orange.front != orange.back  # uncooked and cooked differ
    sets = {s.name: s for s in kit.components[1].sets}
    assert sets["Orange"].mark != sets["Blue"].mark  # colour never stands alone


def test_tongs_back_is_blank(pieces):
    tongs = next(p for p in pieces if p.component == "tongs")
    assert "Tongs" in words(tongs.front) and words(tongs.back).strip() == ""


def test_basket_and_fire_hold_all_24_chestnuts(kit):
    board, nuts = kit.components[0], kit.components[1]
    regions = {r.name: r for r in board.regions}
    for name in ("basket", "fire"):  # the Fire's Flame spaces and permanent Flame take room
        assert region_capacity(board, regions[name], nuts.size) >= 24
    assert region_capacity(board, regions["fire"], nuts.size) < region_capacity(
        replace(board, tracks=[], art=[]), regions["fire"], nuts.size)
    assert {"basket", "fire", "overcooked", "burnt", "plate-1", "plate-2", "chair-1", "chair-2"} <= set(regions)


def test_board_labels_every_section_and_prints_the_turn(pieces):
    board = next(p for p in pieces if p.kind == "board")
    text = words(board.front)
    for label in ("Basket", "Fire", "Overcooked Box", "Burnt Box", "Plate", "Chair", "Each turn", "Nut Points"):
        assert label in text
    assert text.count("The player now rolls the die.") == 2  # one for each side of the table
    assert [t for t in re.findall(r"\b[123]\b", " ".join(t.text for t, _, _ in texts(board.front)
                                                          if t.font == "title"))] == ["1", "2", "3"]


def test_reference_card_prints_every_action_and_its_cost(kit, pieces):
    card = next(p for p in pieces if p.kind == "reference")
    text = words(card.front)
    for a in kit.params.actions:
        row = re.search(rf"{a.letter}\) (.*?) {a.cost}( each)?(?= |$)", text)
        assert row, a.letter
        assert bool(row.group(2)) == a.per_chestnut, a.letter
        assert a.text.split(" (")[0] in text


def test_changing_a_cost_changes_the_printed_card(tmp_path):
    src = KIT_FILE.read_text(encoding="utf-8")
    changed = src.replace("- {letter: b, tongs: down, cost: 2,", "- {letter: b, tongs: down, cost: 7,")
    assert changed != src
    path = tmp_path / "chestnuts-variant.yaml"
    path.write_text(changed, encoding="utf-8")
    card = next(p for p in pieces_for(load_kit(str(path))) if p.kind == "reference")
    assert re.search(r"b\) Increase the Fire by adding one \(only!\) Flame to it\. 7(?= )", words(card.front))


def test_nut_point_table_comes_from_params(tmp_path):
    src = KIT_FILE.read_text(encoding="utf-8").replace("nut_points: [3, 3, 4, 4, 5, 5]", "nut_points: [2, 3, 4, 4, 5, 6]")
    path = tmp_path / "k.yaml"
    path.write_text(src, encoding="utf-8")
    card = next(p for p in pieces_for(load_kit(str(path))) if p.kind == "reference")
    text = words(card.back)
    assert "Roll 1 2 3 or 4 5 6 Nut Points 2 3 4 5 6" in text


def _norm(s: str) -> str:
    return re.sub(r"\s+", " ", s.replace("**", "")).strip()


def test_quoted_rules_match_the_rulebook_words(kit):
    rulebook = _norm(Path("scorer/texts/chestnuts-roasting.txt").read_text(encoding="utf-8")
                     if Path("scorer/texts/chestnuts-roasting.txt").exists()
                     else (resources.files("pnpkit.scorer") / "texts" / "chestnuts-roasting.txt").read_text(encoding="utf-8"))
    quoted_sections = {"Each turn", "Notes", "Overheating", "Game end",
                       "Chestnuts Roasting on an Open Fire: score pad"}
    checked = 0
    board, aid, pad = kit.components[0], kit.components[4], kit.components[5]
    for block in (aid.front, aid.back, board.texts[0], pad.header):
        if True:
            section = None
            for b in parse_markup(render_template(kit, block, ())):
                if b.kind.startswith("heading"):
                    section = b.text
                elif section in quoted_sections and b.kind in ("para", "item"):
                    words_ = _norm(b.text).split(" (Every Chestnut")[0]
                    if b.kind == "item":
                        words_ = f"{b.label} {words_}"
                    assert words_ in rulebook, words_
                    checked += 1
    assert checked >= 18
    for a in kit.params.actions:
        assert a.text[:-1] in rulebook


def test_every_text_fits_its_piece_and_is_readable(pieces):
    for p in pieces:
        for shape in (p.front, p.back or ()):
            for t, x, y in texts(shape):
                if p.kind in ("reference", "score-sheet"):
                    assert t.size >= 6.5, (p.name, t.text, t.size)
                if t.rotate or not t.text.strip():
                    continue
                width = fonts.text_width(t.text, t.font, t.size)
                left = x - {"start": 0, "middle": width / 2, "end": width}[t.anchor]
                if p.kind != "board":  # board groups may be turned; checked by their regions instead
                    assert -0.01 <= left and left + width <= p.w + 0.01, (p.name, t.text)
                    assert 0 <= y <= p.h, (p.name, t.text)


def test_a_region_too_small_for_its_counters_is_an_error(tmp_path):
    src = KIT_FILE.read_text(encoding="utf-8").replace("at: [5, 62], size: 181x126mm", "at: [5, 62], size: 80x126mm")
    path = tmp_path / "small.yaml"
    path.write_text(src, encoding="utf-8")
    with pytest.raises(SourceError) as e:
        pieces_for(load_kit(str(path)))
    line = next(i for i, l in enumerate(src.splitlines(), 1) if "size: 80x126mm" in l)
    assert f"small.yaml:{line}: components[0].regions[0].size: the region 'basket' holds" in str(e.value)
    assert "not the 24 it must" in str(e.value)


def test_text_that_cannot_fit_is_an_error_with_its_line(tmp_path):
    src = KIT_FILE.read_text(encoding="utf-8").replace("size: 186x122mm", "size: 90x60mm")
    path = tmp_path / "tiny.yaml"
    path.write_text(src, encoding="utf-8")
    with pytest.raises(SourceError) as e:
        pieces_for(load_kit(str(path)))
    assert "components[4].front: player-aid: the text does not fit" in str(e.value)
    assert "tiny.yaml:" in str(e.value)


def test_a_missing_template_is_named(tmp_path):
    src = KIT_FILE.read_text(encoding="utf-8").replace("template: chestnuts-reference-back.j2", "template: nope.j2")
    path = tmp_path / "t.yaml"
    path.write_text(src, encoding="utf-8")
    with pytest.raises(SourceError) as e:
        pieces_for(load_kit(str(path)))
    assert "components[4].back.template: no template 'nope.j2'" in str(e.value)


def test_score_pad_has_a_row_per_game_and_columns_per_player(pieces):
    pad = next(p for p in pieces if p.kind == "score-sheet")
    text = words(pad.front)
    assert text.count("Chair (+)") == 2 and text.count("Burnt (-)") == 2 and text.count("Total") == 2
    assert "Winner" in text and "Orange · circle" in text and "Blue · triangle" in text
    cells = [f for f in pad.meta["fields"] if f[0].startswith("p1-Total-")]
    assert len(cells) == 20


def test_board_matches_the_params(kit, pieces):
    board = kit.components[0]
    flames = next(t for t in board.tracks if t.name == "added-flames")
    assert flames.spaces == [str(i) for i in range(1, kit.params.added_flames + 1)]
    assert next(c for c in kit.components if c.name == "flames").total == kit.params.added_flames
    nuts = next(c for c in kit.components if c.name == "chestnuts")
    assert all(s.count == kit.params.chestnuts_per_player for s in nuts.sets)
    assert len(nuts.sets) == kit.game.max_players
    text = words(next(p for p in pieces if p.kind == "board").front)
    assert f"the permanent Flame + {kit.params.added_flames} added Flames" in text


def test_the_board_seam_runs_between_regions(kit):
    """Split over two pages on every paper, the board's seam crosses no region, Flame space or
    text: the board is laid out in two halves with a gap between them."""
    from pnpkit.generator.build import compose, pieces_of
    from pnpkit.generator.cover import KitInfo
    from pnpkit.generator.options import PrintOptions
    from pnpkit.generator.split import OVERLAP
    board = kit.components[0]
    spans = [(r.at[0], r.at[0] + r.size[0]) for r in board.regions]
    spans += [(t.at[0] + i * (t.space + t.gap), t.at[0] + i * (t.space + t.gap) + t.space)
              for t in board.tracks for i in range(len(t.spaces))]
    spans += [(t.at[0], t.at[0] + t.size[0]) for t in board.texts] + [(a.at[0], a.at[0] + a.size[0]) for a in board.art]
    for paper in ("a4", "letter", "universal"):
        doc = compose(pieces_of(kit), KitInfo.of(kit), PrintOptions(paper))
        parts = [pl.piece for pg in doc.pages for pl in pg.placed if pl.piece.meta.get("board") == board.display]
        assert len(parts) == 2, paper
        seam = parts[1].meta["region"][0] + OVERLAP
        assert all(not (a < seam < b) for a, b in spans), (paper, seam)
