"""Fair Verona kit in print: 4 player aids, Verona's desk mat and the distance ruler, checked against
the params the scorer reads (what the aid teaches is what scorer/games/fair_verona/encounter.py counts)."""
import json
import re
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from click.testing import CliRunner

from pdf_text import page_text
from pnpkit.kitfile.model import load_kit
from pnpkit.cli import cli
from pnpkit.scorer.games.fair_verona.cards import parse_card
from pnpkit.scorer.games.fair_verona.encounter import count

MARGIN = 6.35
MM = 72 / 25.4


def _build(out: Path, paper: str, kit: str = "fair-verona") -> tuple[dict, Path]:
    r = CliRunner().invoke(cli, ["build", kit, "--paper", paper, "--out", str(out)])
    assert r.exit_code == 0, r.output
    d = out / "fair-verona"
    return json.loads((d / f"manifest-{paper}.json").read_text()), d / f"fair-verona-{paper}.pdf"


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request, kit_build):
    b = kit_build("fair-verona", request.param)
    return b.manifest, b.pdf


def _by(m: dict) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for p in m["pieces"]:
        out.setdefault(p["component"], []).append(p)
    return out


def _text(pdf: Path, page: int) -> str:
    return " ".join(page_text(pdf, page).split())


def test_counts_sizes_margins(built):
    m, _ = built
    kit = load_kit("fair-verona")
    p = kit.params
    by = _by(m)
    assert len(by["player-aid"]) == kit.game.max_players == 4
    assert len(by["desk-mat"]) == 1 and "part" not in by["desk-mat"][0]  # the mat is one page, not split
    assert len(by["ruler-near"]) == len(by["ruler-far"]) == 2
    for a in by["player-aid"]:
        assert (a["w_mm"], a["h_mm"]) == (148.0, 105.0)
        assert a["back"] and a["back"]["page"] == a["page"] + 1
    assert (by["desk-mat"][0]["w_mm"], by["desk-mat"][0]["h_mm"]) == (186.0, 248.0)
    for s in by["ruler-near"] + by["ruler-far"]:  # a 3 mm lead, five tiles, the 10 mm tab (or end), turned on the page
        assert abs(max(s["w_mm"], s["h_mm"]) - (3 + 5 * p.tile_mm + 10)) < 0.01
        assert "part" not in s
    assert len({s["page"] for s in by["ruler-near"] + by["ruler-far"]}) == 1  # all four strips on one page
    W, H = m["page_size_mm"]
    for piece in m["pieces"]:
        assert piece["x_mm"] >= MARGIN - 1e-6 and piece["y_mm"] >= MARGIN - 1e-6
        assert piece["x_mm"] + piece["w_mm"] <= W - MARGIN + 1e-6
        assert piece["y_mm"] + piece["h_mm"] <= H - MARGIN + 1e-6


def test_the_ruler_is_marked_in_tiles_of_params_tile_mm(built):
    """The printed ruler's spaces (found in the PDF) step by exactly params.tile_mm."""
    m, pdf = built
    tile = load_kit("fair-verona").params.tile_mm
    page = _by(m)["ruler-near"][0]["page"]
    doc = pdfium.PdfDocument(str(pdf))
    spaces = []
    for o in doc[page - 1].get_objects(max_depth=8):
        if o.type == pdfium_raw.FPDF_PAGEOBJ_PATH:
            l, b, r, t = (v / MM for v in o.get_bounds())
            long_, short = max(r - l, t - b), min(r - l, t - b)
            if abs(long_ - tile) < 1.5 and 15 < short < 25:
                spaces.append((round(l, 1), b))
    assert len(spaces) == 4 * 5  # four strips of five tiles
    for x in {s[0] for s in spaces}:
        ys = sorted(b for sx, b in spaces if sx == x)
        steps = [b2 - b1 for b1, b2 in zip(ys, ys[1:])]
        assert len(steps) == 4 and all(abs(s - tile) < 0.1 for s in steps), steps
    ruler = next(c for c in load_kit("fair-verona").components if c.name == "ruler-near")
    assert all(t.space == tile for t in ruler.tracks)


def test_desk_mat_prints_the_difficulties(built):
    m, pdf = built
    kit = load_kit("fair-verona")
    text = _text(pdf, _by(m)["desk-mat"][0]["page"])
    mat = next(c for c in kit.components if c.name == "desk-mat")
    rows = {t.name: len(t.spaces) for t in mat.tracks}
    for d in kit.params.difficulties:
        assert rows[d.name.lower()] == d.clue_tokens  # a row of spaces as long as the count to win
        assert f"{d.name} {d.clue_tokens} to win" in text
    setup = re.search(r"Clue Tokens in all ((?:\d+ ?)+)Friend cards each ((?:\d+ ?)+)", text)
    assert setup, text
    assert setup[1].split() == [str(d.clue_tokens) for d in kit.params.difficulties]
    assert setup[2].split()[:3] == [str(d.friends) for d in kit.params.difficulties]
    for words in ("Deck", "Clue Card", "JOKER", "Clue Tokens returned to Verona", "You all lose if",
                  "every player has 2 or more unused tiles", "You all win"):
        assert words in text, words


def test_player_aid_teaches_what_the_scorer_counts(built):
    m, pdf = built
    p = load_kit("fair-verona").params
    aid = _by(m)["player-aid"][0]
    front, back = _text(pdf, aid["page"]), _text(pdf, aid["back"]["page"])
    against = parse_card("3C")  # a suit none of the examples has: no multiplier
    for card, at in (("QS", (1, 3)), ("AH", (6, -2)), ("2D", (6, -7)), ("8S", (9, -3)), ("5H", (-1, 2))):
        n = count(parse_card(card), at, against, p).value
        assert f"worth {n}" in front, (card, n)
    assert "Queen minus 3 = J… 10… 9" in front and "Ace minus 6 = K… Q… J… 10… 9… 8" in front
    four = count(parse_card("4S"), (0, 0), parse_card("7S"), p).value
    assert f"4 × {p.suit_multiplier} = {four}" in front and f"multiplied by {p.suit_multiplier}" in front
    assert "J Q K A value minus d, never below 0" in front and "2–10 the larger of value and d" in front
    for mv in p.movement:
        assert f"{mv.by} {mv.tiles} tiles" in back
    assert "Tile Placement" in back and "Encounter Clearing" in back and "Movement" in back
    for suit in ("♠ Spades", "♣ Clubs", "♦ Diamonds", "♥ Hearts"):
        assert suit in back


def test_printed_numbers_follow_the_params(tmp_path):
    """Another edition (suit multiplier 3, 5 Clue Tokens on Easy) prints its own numbers."""
    src = Path(load_kit("fair-verona").file)
    if not src.exists():
        src = Path(__file__).resolve().parents[2] / "kits" / "fair-verona.yaml"
    text = src.read_text()
    edited = (text.replace("suit_multiplier: 2", "suit_multiplier: 3")
              .replace("clue_tokens: &easy 6", "clue_tokens: &easy 5"))
    assert edited != text
    kit_file = tmp_path / "edition.yaml"
    kit_file.write_text(edited)
    m, pdf = _build(tmp_path / "out", "a4", str(kit_file))
    by = _by(m)
    mat = _text(pdf, by["desk-mat"][0]["page"])
    assert "Easy 5 to win" in mat and "5 (Easy), 7 (Medium) or 8 (Hard)" in mat
    front = _text(pdf, by["player-aid"][0]["page"])
    assert "4 × 3 = 12" in front and "multiplied by 3" in front


def test_card_places_take_a_poker_card():
    """The deck's and the Clue Card's places on the mat hold a poker card with a little room."""
    from pnpkit.kitfile.components import NAMED_SIZES
    cw, ch = NAMED_SIZES["poker"]
    mat = next(c for c in load_kit("fair-verona").components if c.name == "desk-mat")
    places = {r.name: r for r in mat.regions}
    for name in ("deck-card", "clue-card"):
        w, h = places[name].size
        assert cw <= w <= cw + 3 and ch <= h <= ch + 3, (name, w, h)


def test_player_aids_are_set_at_8_pt_at_least_with_icons():
    """The aids are read across the table: 8 pt or more (the build fails below it), with the
    pictures the other kits use (a meeple, Verona, a card) beside the words."""
    from pnpkit.generator.components import pieces_for
    from pnpkit.generator.shapes import Group
    kit = load_kit("fair-verona")
    aid = next(c for c in kit.components if c.name == "player-aid")
    assert aid.front.min_pt >= 8 and aid.back.min_pt >= 8
    for p in pieces_for(kit):
        if p.component == "player-aid":
            assert p.meta["pt"] >= 8 and p.meta["back_pt"] >= 8
            icons = [s for s in p.front if isinstance(s, Group)]
            assert len(icons) >= 4, "the aid's inline drawings"


def test_the_tile_key_prints_every_tile_with_its_code_and_count(built):
    """One page: each kind of tile drawn from the tile data the scorer reads, with its code and how
    many the box holds, set by set."""
    m, pdf = built
    key = _by(m)["tile-key"]
    assert len(key) == 1 and (key[0]["w_mm"], key[0]["h_mm"]) == (186.0, 248.0) and "part" not in key[0]
    text = _text(pdf, key[0]["page"])
    tiles = load_kit("fair-verona").params.tiles
    assert "Carcassonne: 72 tiles, 24 kinds" in text and "The River: 12 tiles, 10 kinds" in text
    for t in tiles.kinds:
        assert re.search(rf"\b{t.code} × {t.count}\b", text), t.code


def test_the_key_draws_each_tile_from_the_data(tmp_path):
    """Change a tile's data and its drawing on the key changes with it (and the scorer reads the same)."""
    from pnpkit.generator.components.tile_key import pieces
    kit = load_kit("fair-verona")
    index, comp = next((i, c) for i, c in enumerate(kit.components) if c.kind == "tile-key")
    before = pieces(kit, comp, index)[0].front
    src = Path(kit.path).read_text()
    changed = src.replace("{code: U, set: base, count: 8, name: \"Straight road\", edges: road field road field,\n"
                          "         roads: [N S], fields: [Nw W Sw, Ne E Se]}",
                          "{code: U, set: base, count: 8, name: \"Straight road\", edges: field road field road,\n"
                          "         roads: [W E], fields: [Wn N En, Ws S Es]}")
    assert changed != src
    (tmp_path / "fv.yaml").write_text(changed)
    other = load_kit(str(tmp_path / "fv.yaml"))
    after = pieces(other, comp, index)[0].front
    assert before != after and other.params.tiles.types["U"].edges == ("field", "road", "field", "road")
