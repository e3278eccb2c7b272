"""Paper a rater gives 9 (issue 38): each point the rater of every kit (A4 and Letter, ink-saver,
gutter, bleed, and the exports) found between 8 and 9, read from the manifests, the PDFs' text and
the exports' files."""
from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner

from pnpkit.cli import cli
from pnpkit.generator.build import printable_kits
from pnpkit.generator.options import PrintOptions
from pnpkit.kitfile import load_kit
from pnpkit.generator.pieces import WORDS_IN
from pnpkit.generator.sheets import HEADER_BOTTOM, MARGIN
from test_paper_runs import _doc
from test_print_check import _chars, _sides
from test_print_legible import _printed_lines

KITS = printable_kits()
PAPERS = ("a4", "letter")


# --- 6. headings never shrink under 7 pt --------------------------------------------------------

@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kit", KITS)
def test_every_page_heading_prints_at_7_pt(kit_build, kit, paper):
    """What is on a page and its number, over it or (a grid from margin to margin) turned in the
    side margins, at 7 pt: a long list is cut after a whole item ("and 9 more"), never shrunk
    (Trim the Tree p8 and NUTS p30 printed theirs at 6.25 pt)."""
    built = kit_build(kit, paper)
    width = built.manifest["page_size_mm"][0]
    headings = 0
    for page, runs in _printed_lines(str(built.pdf)).items():
        for pt, x, y, text in runs:
            if y <= HEADER_BOTTOM or x <= MARGIN + 3 or x >= width - MARGIN - 3:
                headings += 1
                assert pt >= 7.0 - 0.01, f"{kit} {paper} page {page}: heading {text!r} at {pt:.2f} pt"
    assert headings >= built.manifest["pages"]  # at least each page's number


# --- 5. the print shop's safe zone: 1/8 in ------------------------------------------------------

def _export(tmp_path, kit: str, target: str, *args: str) -> tuple[int, str, Path]:
    result = CliRunner().invoke(cli, ["export", kit, "--to", target, "--out", str(tmp_path), "--json", *args])
    return result.exit_code, result.output, tmp_path / kit / target


def _band_ink(pdf: Path, bleed: float, safe: float) -> list[tuple[int, float]]:
    """(page, mm) of every page whose band between the cut and the safe line holds anything but
    the face's background (what shows at the cut): a frame or a word a crooked cut may take. The
    left band and, mirrored, the right are read every third row, as numpy arrays (a pixel at a
    time in Python took 2 s a test)."""
    import numpy as np
    px = 12  # per mm
    found = []
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        for n in range(len(doc)):
            img = np.asarray(doc[n].render(scale=px * 25.4 / 72).to_pil().convert("RGB"), dtype=np.int16)
            h, w, _ = img.shape
            cut, inner = round(bleed * px) + 2, round((bleed + safe) * px) - 2  # a pixel of antialiasing each side
            rows = img[cut:h - cut:3]
            left, right = rows[:, cut:max(cut, inner)], rows[:, w - inner:w - cut][:, ::-1]  # column x and w - 1 - x
            off = [(np.abs(side - img[h // 2, cut]).max(axis=2) > 40).any(axis=0) for side in (left, right)]
            inked = np.flatnonzero(off[0] | off[1]) if off[0].size else []
            if len(inked):
                found.append((n + 1, round((cut + int(inked[0])) / px - bleed, 2)))
    finally:
        doc.close()
    return found


@pytest.mark.parametrize("kit,component,shop", [("in-the-nuts", "jokers", ""), ("in-the-nuts", "storage-circle", "drivethrucards"),
                                                ("nuts", "bonus", "drivethrucards"), ("forest-fire", "role-cards", "")])
def test_frames_keep_out_of_the_print_shops_safe_zone(tmp_path, kit, component, shop):
    """A print shop asks for nothing but background in the 1/8 in inside the cut: every card's frame
    line lies wholly further in (it sat 3.00 mm in, its stroke reaching 2.83)."""
    code, out, folder = _export(tmp_path, kit, "print-shop", "--only", component, *(("--shop", shop) if shop else ()))
    assert code == 0, out
    assert _band_ink(folder / f"{component}.pdf", 3.175 if shop else 3.0, 3.175) == []


@pytest.mark.parametrize("kit", KITS)
def test_words_on_a_card_keep_clear_of_its_frame(kit_build, kit):
    """Every character on a card lies 4.5 mm inside its cut, a millimetre clear of the frame line
    (In the Nuts!' joker titles were fitted to within 0.5 mm of it, 3.5 mm from the cut)."""
    built = kit_build(kit, "a4")
    chars = _chars(built.pdf)
    for e, side, page, x, y, _ in _sides(built.manifest):
        if e["kind"] != "card":
            continue
        for x0, y0, x1, y1 in chars[page]:
            if x1 <= x or x0 >= x + e["w_mm"] or y1 <= y or y0 >= y + e["h_mm"]:
                continue
            inside = min(x0 - x, y0 - y, x + e["w_mm"] - x1, y + e["h_mm"] - y1)
            assert inside >= WORDS_IN - 0.1, f"{kit}: {e['name']} ({side}, page {page}): a word {inside:.2f} mm from the cut"


# --- 6. words on a board keep 3 mm from its cut -----------------------------------------------

@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kit", KITS)
def test_words_on_a_board_keep_3_mm_from_its_cut(kit_build, kit, paper):
    """Every character on a board (a part of one, a mat, a ruler) lies at least 3 mm inside each
    edge a person cuts (a seam is not one: the next part goes on there): NUTS' column numbers sat
    1.97 mm over the floor's bottom cut and its extension's row names 1.4 mm from its edge, Fair
    Verona's "10..." 2.4 mm from the ruler's end, a split board's "part 1/2" 2.7 mm."""
    built = kit_build(kit, paper)
    chars = _chars(built.pdf)
    for e in built.manifest["pieces"]:
        if e["kind"] != "board":
            continue
        x, y, w, h = e["x_mm"], e["y_mm"], e["w_mm"], e["h_mm"]
        seams = set(e.get("seams", ()))
        for x0, y0, x1, y1 in chars[e["page"]]:
            if x1 <= x or x0 >= x + w or y1 <= y or y0 >= y + h:
                continue
            gaps = {"left": x0 - x, "top": y0 - y, "right": x + w - x1, "bottom": y + h - y1}
            near = min(v for side, v in gaps.items() if side not in seams)
            assert near >= 3.0 - 0.05, f"{kit} {paper}: {e['name']}: a word {near:.2f} mm from its cut ({gaps})"


# --- 6. NUTS ------------------------------------------------------------------------------------

def test_nuts_prints_the_roaster_its_quick_reference_places(kit_build):
    """The rulebook lists a Roaster, so the kit prints its counter; the quick reference says where it
    goes instead of calling it "not used" (p7 said so of the counter p30 printed)."""
    built = kit_build("nuts", "a4")
    assert [e for e in built.manifest["pieces"] if e["component"] == "roaster"]
    text = " ".join(" ".join(p.extract_text().split()) for p in built.reader.pages)
    assert "not used" not in text
    assert "The Roaster counter has no rule: set it by the floor" in text


# --- 2. no sparse page of pieces ----------------------------------------------------------------

OPTIONS = {"plain": {}, "ink-saver": {"ink_saver": True}, "gutter": {"backs": "gutter"}, "bleed": {"bleed": 3.0}}
# (test_paper_runs._doc builds these, and "short": a short-edge flip)


def _shares(manifest: dict) -> dict[int, float]:
    """page -> the share of the page inside its margins that its pieces cover (a back page: the backs
    on it; a folded pair counts both halves)."""
    w, h = manifest["page_size_mm"]
    area = (w - 2 * MARGIN) * (h - 2 * MARGIN)
    got: dict[int, float] = {}
    for e in manifest["pieces"]:
        for page in [e["page"]] + ([e["back"]["page"]] if e["back"] else []):
            got[page] = got.get(page, 0.0) + e["w_mm"] * e["h_mm"] / area
    return got


@pytest.mark.parametrize("option", OPTIONS)
@pytest.mark.parametrize("kit", KITS)
def test_no_page_of_pieces_is_under_30_percent(kit, option):
    """Every page that carries pieces (fronts or backs) is at least 30% covered by them, on A4 and
    Letter with every option: Chestnuts' counters had 19% of p9 and their backs 17% of p10, In the
    Nuts!' jokers' backs 20% of A4 p24, NUTS' four tile backs 12% of Letter p28."""
    for paper in PAPERS:
        doc = _doc(kit, paper, option)
        for page, share in _shares(doc.manifest).items():
            assert share >= 0.30, f"{kit} {paper} {option}: page {page} {share:.0%} covered"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kit,component", [("in-the-nuts", "nuts"), ("nuts", "orders")])
def test_mini_cards_go_18_a_page_turned(kit, component, paper):
    """41 x 63 mm cards fit 18 to a page turned (3 across, 6 down) against 16 upright: a page
    full of them holds 18, laid 63 wide."""
    doc = _doc(kit, paper, "plain")
    per_page: dict[int, list] = {}
    for e in doc.manifest["pieces"]:
        if e["component"] == component:
            per_page.setdefault(e["page"], []).append(e)
    assert max(len(v) for v in per_page.values()) == 18
    assert all((e["w_mm"], e["h_mm"]) == (63.0, 41.0) for v in per_page.values() for e in v)


@pytest.mark.parametrize("duplex", ("long", "short"))
def test_a_turned_card_shows_its_back_upright_when_turned_over(duplex):
    """A card laid turned on the page, turned over about its own long side as cards are, shows its
    back the right way up: its back's top edge is its front's. (A long-edge flip turns a card laid
    across the page end over end: its back turns half a turn more than its front; a short-edge flip
    does that to an upright card.)"""
    from pnpkit.generator.impose import impose
    from pnpkit.generator.pieces import Piece
    from pnpkit.generator.shapes import Rect, Style
    from pnpkit.generator.sheets import Paper
    art = (Rect(0, 0, 41, 63, Style(fill="#ffffff")),)
    cards = [Piece("deck", "card", f"Card {i}", 41.0, 63.0, art, art) for i in range(30)]
    paper = Paper.of("a4")
    imposed = impose(cards, paper, duplex)
    fronts = {pl.slot: pl for pg in imposed.pages if pg.kind == "pieces" for pl in pg.placed}
    turned = 0
    for pg in imposed.pages:
        for back in (pl for pl in pg.placed if pl.side == "back"):
            front = fronts[back.slot]
            turned += front.rotate == 90
            fx, fy, fw, fh = front.box_on_page(0, 0, 41, 3)  # the top 3 mm of the card's own drawing
            bx, by, bw, bh = back.box_on_page(0, 0, 41, 3)
            if duplex == "long":  # where the back's top lies, seen from the front side of the sheet
                bx = paper.w - bx - bw
            else:
                by = paper.h - by - bh
            assert (round(bx, 3), round(by, 3), round(bw, 3), round(bh, 3)) == (round(fx, 3), round(fy, 3), round(fw, 3),
                                                                               round(fh, 3)), (front, back)
    assert turned == 30


# --- 1. one sheet without pieces ----------------------------------------------------------------

@pytest.mark.parametrize("option", list(OPTIONS) + ["short"])
@pytest.mark.parametrize("kit", KITS)
def test_at_most_one_sheet_carries_no_piece(kit, option):
    """The cover and, printed double-sided or with a board in parts, its back: nothing else without
    pieces (pages 1-4 were cover, notes and calibration; Fair Verona's p2 was 11% used). A double-
    sided kit calibrates on that sheet: the cover's lines, its back's numbered ones."""
    for paper in PAPERS:
        doc = _doc(kit, paper, option)
        bare = [p for p in doc.pages if p.kind not in ("pieces", "backs")]
        assert len(bare) <= 2 and [p.number for p in bare] == list(range(1, len(bare) + 1)), (kit, paper, option)
        two = option != "gutter" and any(p.is_back for p in doc.pages)  # gutter folds: nothing to align
        if two:
            assert [p.kind for p in bare] == ["cover", "assembly"] and bare[1].back_of is bare[0]
            assert bare[1].marks, "the back alignment's numbered lines, moved with --back-offset"
        else:
            assert not any(p.is_back for p in bare)


@pytest.mark.parametrize("duplex", ("long", "short"))
@pytest.mark.parametrize("shift", (-3.0, -1.0, 0.5, 2.5))
def test_the_covers_back_reads_the_offset_on_both_scales(duplex, shift):
    """A printer moving backs by `shift` brings one numbered line of page 2 onto a line of the
    cover, on the X scale and on the Y scale, and its number is what --back-offset needs."""
    from pnpkit.generator import calibration
    from pnpkit.generator.shapes import Line, Text
    from pnpkit.generator.sheets import Paper
    paper = Paper.of("letter")
    front = [s for s in calibration.front(paper) if isinstance(s, Line)]
    back = calibration.back(paper, duplex)
    seen = [calibration.mirror(paper, duplex, l.x1, l.y1) for l in front]  # a cover line's end, seen from page 2
    for vertical in (True, False):  # X: lines down (vertical), Y: lines across
        mine = [l for l in back if isinstance(l, Line) and (l.x1 == l.x2) == vertical]
        ends = {round(x if vertical else y, 6) for (x, y), l in zip(seen, front) if (l.x1 == l.x2) == vertical}
        hits = [l for l in mine if round((l.x1 if vertical else l.y1) + shift, 6) in ends]
        assert len(hits) == 1, (vertical, hits)
        at = hits[0].x1 if vertical else hits[0].y1
        label = min((t for t in back if isinstance(t, Text) and t.text not in ("X (mm)", "Y (mm)")),
                    key=lambda t: abs((t.x if vertical else t.y - 0.9) - at) + (0 if vertical == (t.anchor == "middle") else 99))
        assert float(label.text) == pytest.approx(-shift)


# --- 3. a cover that looks like a box -----------------------------------------------------------

def _groups(shapes):
    from pnpkit.generator.shapes import Group
    for s in shapes:
        if isinstance(s, Group):
            yield s
            yield from _groups(s.items)


@pytest.mark.parametrize("kit", KITS)
def test_the_cover_shows_the_kit_drawn_from_its_own_pieces(kit):
    """The title over a picture of the kit: its largest board (or sheet) and its counters or cards,
    each the very drawing the kit prints, then what is inside and what you also need."""
    from pnpkit.generator.shapes import Text
    from test_paper_runs import _drawn
    pieces, _, _ = _drawn(kit)
    doc = _doc(kit, "a4", "plain")
    cover = doc.pages[0].furniture
    drawn = {id(s) for g in _groups(cover) for s in g.items}
    fronts = [p for p in pieces if any(id(s) in drawn for s in p.front)]
    kinds = {p.kind for p in fronts}
    assert "board" in kinds and kinds & {"counter", "card", "reference"}, kinds
    lines = [(t.y, t.text) for t in cover if isinstance(t, Text)]
    title = next(y for y, text in lines if text == load_kit(kit).game.title)
    inside = next(y for y, text in lines if text == "What is inside: cut these out")
    needs = next(y for y, text in lines if text == "You also need")
    art = next(g for g in cover if hasattr(g, "items") and any(id(s) in drawn for s in g.items))
    assert title < art.dy < inside < needs


@pytest.mark.parametrize("kit,words", [
    ("nuts", "Score sheet: 12 sheets, one for each player: 2 games of 6 players, 2 of 5, 3 of 4, 4 of 3, 6 of 2"),
    ("chestnuts", "Score pad: 2 sheets of 20 games: 40 games"),
    ("trim-the-tree", "80 round pieces, but square cuts are fine (they are all drawn from the bag"),
    ("trim-the-tree", "Star marker: 5 round pieces, but square cuts are fine"),
    ("in-the-nuts", "Squirrel: 60 round pieces, but square cuts are fine"),
    ("forest-fire", "Role card and Round card (80 x 120 mm) take Dixit sleeves"),
    ("nuts", "Order card (41 x 63 mm) take Mini American sleeves"),
])
def test_the_cover_says_what_is_inside(kit_build, kit, words):
    """What the contents cannot say: NUTS prints a pad and says how many games it holds; round
    counters the rules never tell apart by their outline may be cut square; the sleeves that fit."""
    cover = " ".join(kit_build(kit, "a4").reader.pages[0].extract_text().split())
    assert words in cover, cover


# --- 4. every piece in every export -------------------------------------------------------------

def _tts_pieces(files: dict[str, bytes]) -> dict[str, int]:
    """component -> the pieces its TTS saved object holds (a deck's cards, or one object each)."""
    import json
    got = {}
    for name, data in files.items():
        if name.endswith(".json"):
            states = json.loads(data)["ObjectStates"]
            got[name[4:-5]] = len(states[0]["DeckIDs"]) if states[0]["Name"] == "DeckCustom" else len(states)
    return got


@pytest.mark.parametrize("kit", KITS)
def test_every_piece_goes_into_every_export(kit):
    """TTS, PNG and print-shop exports hold every piece the kit prints, counters too (Chestnuts'
    TTS had no chestnuts, tongs or flames, with no warning; Trim the Tree's PNGs no ornaments or
    stars): a print shop's one-up PDF has a page for each side of each."""
    from pnpkit.generator.export import png, tts
    from test_paper_runs import _drawn
    pieces, info, _ = _drawn(kit)
    made: dict[str, int] = {}
    for p in pieces:
        made[p.component] = made.get(p.component, 0) + 1
    assert _tts_pieces(tts.export(pieces, 20, "", info.title)) == made
    rows = png.export(pieces, 20, 0.0)["png/index.csv"].decode().splitlines()[1:]
    shown: dict[str, int] = {}
    for row in rows:
        _, component, side, count, *_ = row.split(",")
        if side == "front":
            shown[component] = shown.get(component, 0) + int(count)
    assert shown == made
    from pnpkit.generator.export import printshop
    from pypdf import PdfReader
    import io
    files, _, left_out = printshop.export(pieces, 0.0, info.title)
    assert not left_out
    pages = {c: len(PdfReader(io.BytesIO(files[f"print-shop/{c}.pdf"])).pages) for c in made}
    assert pages == {c: n + sum(1 for p in pieces if p.component == c and p.back is not None) for c, n in made.items()}


@pytest.mark.parametrize("kit,component,name,tile", [
    ("chestnuts", "chestnuts", "Custom_Tile", 2), ("chestnuts", "flames", "Custom_Token", None),
    ("in-the-nuts", "squirrels", "Custom_Token", None), ("in-the-nuts", "raccoon", "Custom_Tile", 2),
    ("nuts", "almonds", "Custom_Token", None), ("nuts", "actions", "Custom_Token", None),
])
def test_counters_go_to_tts_as_tokens_and_tiles(kit, component, name, tile):
    """A one-sided counter is a Custom_Token cut from its picture (a round one's corners clear), a
    two-sided one a Custom_Tile of TTS's round shape with its back."""
    import io
    import json
    from PIL import Image
    from pnpkit.generator.export import tts
    from test_paper_runs import _drawn
    pieces, info, _ = _drawn(kit)
    files = tts.export([p for p in pieces if p.component == component], 60, "", info.title)
    objects = json.loads(files[f"tts/{component}.json"])["ObjectStates"]
    assert {o["Name"] for o in objects} == {name}
    image = Image.open(io.BytesIO(files["tts/" + objects[0]["CustomImage"]["ImageURL"]]))
    if tile is None:
        assert image.mode == "RGBA" and image.getpixel((0, 0))[3] == 0 and image.getpixel((image.width // 2, image.height // 2))[3] == 255
    else:
        assert objects[0]["CustomImage"]["CustomTile"]["Type"] == tile and objects[0]["CustomImage"]["ImageSecondaryURL"]


def test_the_print_shop_takes_bridge_and_mini_cards_and_says_what_it_leaves_out(tmp_path):
    """DriveThruCards prints poker, bridge and mini cards: NUTS' Bonus and Goal cards (57 x 89 mm)
    go on its bridge template; the rest (its 41 x 63 mm Order cards, boards, counters...) is left
    out, and the export says so and exits 1 (it wrote a README alone, exit 0, with 15 warnings)."""
    code, out, folder = _export(tmp_path, "nuts", "print-shop", "--shop", "drivethrucards")
    assert code == 1
    assert sorted(p.name for p in folder.iterdir()) == ["README.txt", "bonus-proof.pdf", "bonus.pdf", "goals-proof.pdf",
                                                        "goals.pdf"]
    readme = (folder / "README.txt").read_text()
    assert "bonus.pdf: 24 x card, 48 pages (front then back, one a page): DriveThruCards's bridge card template" in readme
    assert "orders (card 41 x 63 mm)" in readme and "orders (card 41 x 63 mm)" in out
    assert "--only bonus,goals exports just what DriveThruCards takes" in out
    code, out, _ = _export(tmp_path / "only", "nuts", "print-shop", "--shop", "drivethrucards", "--only", "bonus,goals")
    assert code == 0, out


def test_no_export_file_says_back_twice(tmp_path):
    """In the Nuts!' storage cards, each with a back of its own, were `01-...-back-back.png`."""
    from pnpkit.generator.export import png
    from test_paper_runs import _drawn
    pieces, _, _ = _drawn("in-the-nuts")
    names = list(png.export([p for p in pieces if p.component == "storage-circle"], 20, 0.0))
    assert "png/storage-circle/01-storage-cards-circle-motif-back.png" in names
    assert not [n for n in names if "back-back" in n]


# --- 6. Chestnuts' fillable pad adds itself up --------------------------------------------------

def test_chestnuts_fillable_pad_totals_each_game(kit_build, browser):
    """The fillable score pad's Total boxes are calculated (ruling C12: a player's chestnuts on
    Chairs less theirs burnt), read-only, one per player a game: 40 (it had none, while In the
    Nuts! had 40 and NUTS 60); the viewer's JavaScript gives what the Python gives."""
    import json as _json
    from pypdf import PdfReader
    from pnpkit.kitfile.forms import Calc
    from pnpkit.kitfile.forms.calc import evaluate, javascript
    reader = PdfReader(kit_build("chestnuts", "a4").fillable)
    order = [ref.get_object() for ref in reader.trailer["/Root"]["/AcroForm"]["/CO"]]
    assert sorted(str(f["/T"]) for f in order) == sorted(f"p{p}-Total-{r}" for p in (1, 2) for r in range(1, 21))
    sheet = {"p1-Chair_(+)-7": "9", "p1-Burnt_(-)-7": "xx", "p2-Chair_(+)-7": "4", "p2-Burnt_(-)-7": "5"}
    for f in order:
        assert f["/Ff"] & 1  # read-only
    for seat, want in (("p1", "7"), ("p2", "-1")):
        calc = Calc("less", (f"{seat}-Chair_(+)-7", f"{seat}-Burnt_(-)-7"))
        script = next(f["/AA"]["/C"]["/JS"] for f in order if f["/T"] == f"{seat}-Total-7")
        assert script == javascript(calc, "") and evaluate(calc, lambda n: sheet.get(n, "")) == want
        browser.visit("about:blank")
        got = browser.js(f"""(() => {{ const values = {_json.dumps(sheet)};
            const doc = {{ getField: n => ({{ valueAsString: values[n] === undefined ? "" : values[n] }}) }};
            const event = {{ value: null }}; new Function("event", {_json.dumps(script)}).call(doc, event);
            return event.value; }})()""")
        assert got == want


def test_the_readmes_table_of_pages_is_the_builds(kit_build):
    """README's table says how many pages each kit prints on A4 and Letter: what a build makes."""
    import re
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    table = dict(re.findall(r"^\| `([a-z-]+)` \|.*\| (\d+ / \d+) \|$", readme, re.M))
    assert set(table) == set(KITS)
    for kit, said in table.items():
        assert said == " / ".join(str(kit_build(kit, p).manifest["pages"]) for p in PAPERS), kit
