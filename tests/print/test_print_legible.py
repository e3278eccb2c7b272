"""Text a person can read: every line of every shipped kit at least 6 pt, and 7 pt on the pieces
(what is read during play), read from the PDFs; a kit whose words cannot be set that large or that
do not fit their box is refused with its file and line (exit 2), never shrunk or cut silently.
"""
from __future__ import annotations

import io
import math
import re
from functools import lru_cache

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import DecodedStreamObject, NameObject

from pnpkit.cli import cli
from pnpkit.generator.backends import pdf as pdf_backend
from pnpkit.generator.build import compose, pieces_of, printable_kits, titles_of
from pnpkit.generator.cover import KitInfo
from pnpkit.generator.options import PrintOptions
from pnpkit.kitfile import load_kit

KITS = printable_kits()
PAPERS = ("a4", "letter")
PT_MM = 25.4 / 72
PAGE_PT, PLAY_PT = 6.0, 7.0  # DESIGN.md's print conventions


# The operators pypdf's text extraction acts on (pypdf/_page.py, _text_extraction/_text_extractor.py):
# the text's own, the transformations and the graphics state's saves and restores, and forms.
TEXT_OPERATORS = {b"BT", b"ET", b"q", b"Q", b"cm", b"Tz", b"Tc", b"Tw", b"TL", b"Tf", b"Td", b"TD", b"Tm", b"T*",
                  b"Tj", b"TJ", b"'", b'"', b"Do"}
_WS, _DELIM = b"\x00\t\n\x0c\r ", rb"()<>\[\]{}/%"  # PDF's white space and delimiters
_TOKEN = re.compile(rb"""[%(ws)s]*(?:
    (?P<number>[+-]?(?:\d+\.?\d*|\.\d+))(?![^%(ws)s%(delim)s]) | (?P<string>\((?:[^\\()]|\\.|\((?:[^\\()]|\\.)*\))*\))
  | (?P<open><<|\[|\{) | (?P<close>>>|\]|\}) | <[0-9A-Fa-f%(ws)s]*> | /[^%(ws)s%(delim)s]* | %%[^\r\n]*
  | (?P<word>[^%(ws)s%(delim)s]+))""" % {b"ws": _WS, b"delim": _DELIM}, re.X)


def _text_only(data: bytes) -> bytes | None:
    """The content stream with only TEXT_OPERATORS and their operands, the rest (paths, colours,
    line styles: most of a page's operators) left out, so that pypdf parses a fraction of it: what
    pypdf's extraction makes of it is the same. None for a stream this cannot split (an inline
    image, a string in parentheses nested deeper than pnpkit's): read whole."""
    kept, start, depth, at = [], 0, 0, 0
    for m in _TOKEN.finditer(data):
        if m.start() != at:
            return None
        at, kind = m.end(), m.lastgroup
        if kind is None or kind == "number" or kind == "string":
            continue
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth -= 1
        elif depth == 0 and m.group(kind) not in (b"true", b"false", b"null"):  # an operator
            word = m.group(kind)
            if word in (b"BI", b"ID", b"EI"):
                return None
            if word in TEXT_OPERATORS:
                kept.append(data[start:at])
            start = at
    return b"\n".join(kept) if not data[at:].strip(_WS) else None


@lru_cache(maxsize=None)
def _printed_lines(pdf) -> dict[int, list[tuple[float, float, float, str]]]:
    """page -> [(size pt as printed, x mm, y mm from the top-left, text)] of every run of text:
    its font size times the scale of its text matrix and of every transformation around it (a
    drawing placed smaller than it was drawn prints its words smaller), at its start."""
    reader = PdfReader(io.BytesIO(pdf) if isinstance(pdf, bytes) else str(pdf))
    out = {}
    for n, page in enumerate(reader.pages, 1):
        height = float(page.mediabox.height)
        text = _text_only(page.get_contents().get_data()) if "/Contents" in page else None
        if text is not None:
            contents = DecodedStreamObject()
            contents.set_data(text)
            page[NameObject("/Contents")] = contents
        runs: list[tuple[float, float, float, str]] = []

        def seen(text, cm, tm, font, size, runs=runs, height=height):
            if not text.strip():
                return
            a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
            c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            runs.append((size * math.sqrt(abs(a * d - b * c)), x * PT_MM, (height - y) * PT_MM, text.strip()))
        page.extract_text(visitor_text=seen)
        out[n] = runs
    return out


def _piece_boxes(manifest: dict) -> dict[int, list[tuple[float, float, float, float]]]:
    """page -> the boxes (x, y, w, h mm) of every printed side of every piece on it."""
    boxes: dict[int, list] = {}
    for e in manifest["pieces"]:
        boxes.setdefault(e["page"], []).append((e["x_mm"], e["y_mm"], e["w_mm"], e["h_mm"]))
        if e["back"]:
            b = e["back"]
            boxes.setdefault(b["page"], []).append((b["x_mm"], b["y_mm"], e["w_mm"], e["h_mm"]))
    return boxes


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kit", KITS)
def test_every_line_is_large_enough_to_read(kit_build, kit, paper):
    """The smallest text of the kit, from its PDF: 6 pt anywhere (headings, credits, the cover, an
    assembly picture), 7 pt on a piece (a board, a card, a counter, an aid, a score sheet)."""
    built = kit_build(kit, paper)
    boxes = _piece_boxes(built.manifest)
    lines = _printed_lines(str(built.pdf))  # the key the cover test reads it by: parsed once
    on_pieces = 0
    for page, found in lines.items():
        for pt, x, y, text in found:
            on_piece = any(bx <= x <= bx + bw and by <= y <= by + bh for bx, by, bw, bh in boxes.get(page, ()))
            on_pieces += on_piece
            floor = PLAY_PT if on_piece else PAGE_PT
            assert pt >= floor - 0.01, (f"{kit} {paper} page {page}: {text!r} at ({x:.1f}, {y:.1f}) mm prints at "
                                        f"{pt:.2f} pt, under {floor:g} pt")
    assert on_pieces > 0, f"{kit}: no text found on its pieces"


@pytest.mark.parametrize("kit", KITS)
def test_no_line_is_cut_in_the_middle_of_a_word(kit_build, kit):
    """A heading too long for its page says how many more items there are after a whole one
    (Trim the Tree's ornament page read "... Yellow b..." at 5.5 pt)."""
    for paper in PAPERS:
        for page, found in _printed_lines(str(kit_build(kit, paper).pdf)).items():
            for *_, text in found:
                assert not re.search(r"[a-z]…", text), f"{kit} {paper} page {page}: {text!r}"


def _kit(tmp_path, components: str) -> str:
    kit = tmp_path / "k.yaml"
    kit.write_text("game: {id: k, title: K, players: 2}\ncomponents:\n" + components)
    return str(kit)


def _refused(tmp_path, kit: str) -> str:
    result = CliRunner().invoke(cli, ["build", kit, "--paper", "a4", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "k").exists() or not any((tmp_path / "out" / "k").iterdir())
    return result.output


def test_a_label_under_the_floor_is_refused_at_its_line(tmp_path):
    kit = _kit(tmp_path, "  - kind: board\n    name: b\n    size: 100x100mm\n    labels:\n"
                         "      - {text: tiny, at: [50, 50], pt: 5}\n")
    assert f"{kit}:7: components[0].labels[0].pt: " in _refused(tmp_path, kit)


def test_a_card_title_that_cannot_fit_is_refused_not_shrunk(tmp_path):
    """A mini card's title too long for 7 pt: refused at the title's line, naming the words."""
    kit = _kit(tmp_path, "  - kind: cards\n    name: c\n    size: 41x63mm\n"
                         "    front: {title: Extraordinarily long card title words}\n")
    out = _refused(tmp_path, kit)
    assert f"{kit}:6: components[0].front.title: " in out and "Extraordinarily long card title words" in out and "7 pt" in out


def test_a_drawing_laid_too_small_for_its_words_is_refused(tmp_path):
    """A storage card drawing (its own words) squeezed onto a small card would print them under 7
    pt: refused at the component with the words and the size they would have."""
    kit = _kit(tmp_path, "  - kind: cards\n    name: s\n    size: 41x30mm\n"
                         "    front: {art: storage-card, art_box: face}\n")
    out = _refused(tmp_path, kit)
    assert f"{kit}:3: components[0]: " in out and "would print at" in out and "at least 7 pt" in out


def test_a_designers_deck_whose_text_cannot_fit_is_refused(tmp_path):
    kit = _kit(tmp_path, "  - kind: cards\n    name: c\n    size: 63.5x88.9mm\n"
                         "    deck: [{id: a, rule: '" + "Words that go on and on. " * 60 + "'}]\n"
                         "    front: {text: '{{ row.rule }}'}\n")
    out = _refused(tmp_path, kit)
    assert f"{kit}:7: components[0].front.text: " in out and "even at 7 pt" in out


def _cover_ends_above_its_credit(kit: str, pdf, height: float) -> None:
    credit = load_kit(kit).game.credit
    runs = _printed_lines(pdf)[1]
    feet = [y for *_, y, text in runs if text == credit.strip()]
    assert len(feet) == 2, "the credit: once under the title, once at the foot"
    foot = max(feet)
    assert foot <= height - 6.35 - 0.5, f"the credit line {height - foot:.1f} mm from the edge"
    for pt, x, y, text in runs:
        if y != foot:
            assert y <= foot - 3.0, f"{text!r} at {height - y:.1f} mm from the edge runs into the credit line"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kit", KITS)
def test_the_cover_ends_above_its_credit_line(kit_build, kit, paper):
    """The cover's text (NUTS has 28 components to list) ends above the credit line at the foot
    of the page, and that stays inside the 6.35 mm margin (NUTS on Letter ran 2.7 mm from the edge)."""
    built = kit_build(kit, paper)
    _cover_ends_above_its_credit(kit, str(built.pdf), built.manifest["page_size_mm"][1])


@pytest.mark.parametrize("options", [{"ink_saver": True}, {"bleed": 3.0}, {"backs": "gutter"}],
                         ids=["ink-saver", "bleed", "gutter"])
def test_the_longest_cover_fits_letter_with_every_option(options):
    """NUTS, the kit with the most to list, on the shorter paper, with each option that changes the
    cover's instructions."""
    k = load_kit("nuts")
    doc = compose(pieces_of(k), KitInfo.of(k), PrintOptions("letter", **options), titles_of(k))
    pdf = pdf_backend.render(doc.page_shapes()[:1], doc.paper.w, doc.paper.h)
    _cover_ends_above_its_credit("nuts", pdf, doc.paper.h)


def test_a_credit_too_long_for_its_line_is_cut_after_a_whole_word(tmp_path):
    """A designer's long credit line prints at 6 pt at the foot of each page, cut after a whole
    word with an ellipsis: never smaller, never over the margins, never an internal error."""
    credit = "Thanks to " + ", ".join(f"playtester number {n}" for n in range(13))  # under the 300 characters a credit may have
    kit = tmp_path / "k.yaml"
    kit.write_text(f"game: {{id: k, title: K, players: 2, credit: '{credit}'}}\ncomponents:\n"
                   "  - kind: cards\n    name: c\n    size: poker\n    front: {title: Hello}\n")
    result = CliRunner().invoke(cli, ["build", str(kit), "--paper", "a4", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    foot = [run for run in _printed_lines(str(tmp_path / "out" / "k" / "k-a4.pdf"))[2] if run[3].startswith("Thanks")]
    assert len(foot) == 1 and foot[0][0] >= PAGE_PT - 0.01
    assert foot[0][3].endswith(" …") and credit.startswith(foot[0][3][:-2])
    assert foot[0][1] >= 6.35
