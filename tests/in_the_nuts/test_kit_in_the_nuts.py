"""In the Nuts! kit: what is printed matches the params the scorer reads, at real size, inside the margins.

Built once per paper through the CLI; the board's geometry and each card's printed numbers are read
from the pieces (what the PDF draws) and the PDF's text (what a player reads).
"""
from __future__ import annotations

import re
from collections import Counter

import msgspec
import pytest

from pdf_text import page_text
from pnpkit.generator.components import pieces_for
from pnpkit.generator.components.board import region_capacity
from pnpkit.generator.shapes import Group, Text
from pnpkit.kitfile.model import load_kit

KIT = "in-the-nuts"
MARGIN = 6.35
PLAYERS = ("Black", "Red", "Blue", "White")  # the rulebook's squirrels
STORAGE = ("storage-circle", "storage-triangle", "storage-square", "storage-star")  # one deck per motif


@pytest.fixture(scope="module")
def kit():
    return load_kit(KIT)


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request, kit_build):
    b = kit_build(KIT, request.param)
    return b.manifest, b.pdf


def _by(m):
    out: dict[str, list[dict]] = {}
    for p in m["pieces"]:
        out.setdefault(p["component"], []).append(p)
    return out


def _page_text(pdf, pages) -> str:
    return "\n".join(page_text(pdf, n) for n in sorted(set(pages)))


def _texts(shapes) -> list[str]:
    out: list[str] = []
    for s in shapes:
        if isinstance(s, Group):
            out += _texts(s.items)
        elif isinstance(s, Text):
            out.append(s.text)
    return out


# --- counts, sizes, margins, backs (both papers) ------------------------------------------------

def test_counts_follow_params(built, kit):
    m, _ = built
    p = kit.params
    by = _by(m)
    # squirrels: 15 a player in four colours (rulebook: Components)
    squirrels = Counter(re.search(r"\((\w+)\)", e["name"])[1] for e in by["squirrels"])
    assert squirrels == {name: 15 for name in PLAYERS}
    assert len(by["raccoon"]) == 1
    # storage: 8 per player, 4 motifs, from params.storage
    storage = [c for c in by if c.startswith("storage-")]
    assert len(storage) == 4
    assert sum(len(by[c]) for c in storage) == 4 * len(p.storage) == 32
    # nuts: 12 of each kind (the 4-player supply) and the jokers, 60 in all
    kinds = Counter(e["name"].split()[2] for e in by["nuts"])
    assert kinds == {k: p.supply_for(4) for k in p.kinds}
    assert len(by["jokers"]) == p.joker_count == 12
    assert len(by["nuts"]) + len(by["jokers"]) == 60
    assert len(by["player-aid"]) == 4 and all(e["back"] for e in by["player-aid"])
    assert len(by["score-pad"]) >= 1
    assert [e["part"] for e in by["board"]] == ["1/2", "2/2"]


def test_sizes_margins_and_mirrored_backs(built):
    m, _ = built
    by = _by(m)
    W, H = m["page_size_mm"]
    for e in by["squirrels"]:  # single-sided: a squirrel is never turned over
        assert (e["w_mm"], e["h_mm"]) == pytest.approx((15.875, 15.875), abs=0.05) and e["back"] is None  # 5/8 in
    assert by["raccoon"][0]["w_mm"] == pytest.approx(25.4, abs=0.05)
    def size(e):  # as drawn: a card laid turned on the page (more to a page so) is w x h turned
        return (e["h_mm"], e["w_mm"]) if e.get("turned") else (e["w_mm"], e["h_mm"])
    for c in STORAGE:
        for e in by[c]:
            assert size(e) == pytest.approx((88.9, 63.5), abs=0.05) and e["back"]  # poker, landscape
    for e in by["nuts"] + by["jokers"]:
        assert size(e) == pytest.approx((41.0, 63.0), abs=0.05) and e["back"]  # mini cards
    for e in m["pieces"]:
        where = f"{e['name']} on page {e['page']}"
        assert e["x_mm"] >= MARGIN - 1e-6 and e["y_mm"] >= MARGIN - 1e-6, where
        assert e["x_mm"] + e["w_mm"] <= W - MARGIN + 1e-6 and e["y_mm"] + e["h_mm"] <= H - MARGIN + 1e-6, where
        if e["back"]:  # long-edge flip: mirrored across the page, on the page after the front
            assert e["back"]["x_mm"] == pytest.approx(W - e["x_mm"] - e["w_mm"], abs=0.01), where
            assert e["back"]["y_mm"] == pytest.approx(e["y_mm"], abs=0.01), where
            assert e["back"]["page"] == e["page"] + 1, where


# --- what the pages say -----------------------------------------------------------------------

def test_board_prints_the_track_and_the_rows(built):
    m, pdf = built
    text = _page_text(pdf, [e["page"] for e in _by(m)["board"]])
    words = set(re.findall(r"[\w-]+", text))
    assert {str(n) for n in range(2, 13)} <= words  # the starting track 2-12
    for section in ("2-4", "5-6", "8-9", "10-12", "2-6", "8-12"):
        assert section in words, section
    assert "4-squirrel" in text and "raccoon" in text and "squirrels" in text


def test_storage_cards_print_points_from_params(built, kit):
    m, pdf = built
    by = _by(m)
    for c in (STORAGE[0], STORAGE[-1]):
        fronts = _page_text(pdf, [e["page"] for e in by[c]])
        backs = _page_text(pdf, [e["back"]["page"] for e in by[c]])
        assert "NUT STORAGE" in fronts and "FULL" in backs
        for card in kit.params.storage:
            assert re.search(rf"\b{card.points}\b", fronts) and re.search(rf"\b{card.points}\b", backs), card


def test_jokers_print_their_pairs(built, kit):
    m, pdf = built
    text = _page_text(pdf, [e["page"] for e in _by(m)["jokers"]])
    for pair in kit.params.jokers:
        a, b = pair.shows
        assert text.count(f"{a.capitalize()} or {b}") == pair.count, pair.shows
    assert text.count("JOKER") == kit.params.joker_count


def test_score_pad_and_aid_list_the_storage_cards(built, kit):
    m, pdf = built
    by = _by(m)
    pad = _page_text(pdf, [e["page"] for e in by["score-pad"]])
    for card in kit.params.cards:
        assert f"{card.name}: full {card.points}" in pad
    assert "Best full card" in pad
    aid_back = _page_text(pdf, [e["back"]["page"] for e in by["player-aid"]])
    assert "Raccoon fields" in aid_back and "End of the game" in aid_back and "Scoring" in aid_back
    flat = re.sub(r"\s+", " ", aid_back)
    assert " ".join(str(c.points) for c in kit.params.cards) in flat
    for players, per_kind in kit.params.supply.items():  # the nuts removed with fewer players
        assert f"{per_kind} with {players} players" in flat


# --- the pieces themselves (paper-independent) --------------------------------------------------

def test_each_storage_card_shows_its_own_size_and_points(kit):
    pieces = [p for p in pieces_for(kit) if p.component.startswith("storage-")]
    assert len(pieces) == 4 * len(kit.params.storage)
    for i, piece in enumerate(pieces):
        card = kit.params.storage[i % len(kit.params.storage)]
        front, back = _texts(piece.front), _texts(piece.back)
        assert front[0] == str(card.size) and str(card.points) in front and "if full" in front, piece.name
        assert back[0] == str(card.size) and str(card.points) in back and "FULL" in back, piece.name


def test_decks_are_the_params(kit):
    """The anchors tie each deck to params: change params.storage or jokers and the cards follow."""
    comps = {c.name: c for c in kit.components}
    for c in STORAGE:
        assert comps[c].deck == [msgspec.to_builtins(s) for s in kit.params.storage]
    assert comps["jokers"].deck == [msgspec.to_builtins(j) for j in kit.params.jokers]
    assert [(r["name"], r["count"]) for r in comps["nuts"].deck] == [(k, kit.params.supply_for(4)) for k in kit.params.kinds]


def test_board_layout(kit):
    comps = {c.name: c for c in kit.components}
    board, squirrel = comps["board"], comps["squirrels"]
    regions = {r.name: r for r in board.regions}
    row2 = ["row-2-a", "row-2-b", "raccoon-2", "row-2-c", "row-2-d"]
    row3 = ["row-3-low", "raccoon-3", "row-3-high"]
    assert [regions[n].label for n in row2] == ["2-4", "5-6", "7", "8-9", "10-12"]
    assert [regions[n].label for n in row3] == ["2-6", "7", "8-12"]
    assert "row-4" in regions
    # every section holds what its `holds` says, and at least one more than a row needs
    for name, need in [*((n, 3) for n in row2), *((n, 4) for n in row3), ("row-4", 5)]:
        r = regions[name]
        assert r.holds is not None and r.holds.count >= need
        assert region_capacity(board, r, squirrel.size) >= r.holds.count, name
    # the raccoon fields: drawn apart (a gap to each neighbour), shaded differently, with the raccoon
    for row in (row2, row3):
        for left, right in zip(row, row[1:]):
            gap = regions[right].at[0] - (regions[left].at[0] + regions[left].size[0])
            assert gap >= (3.0 if "raccoon" in left + right else 1.0), (left, right)
    for n in ("raccoon-2", "raccoon-3"):
        assert regions[n].art == "raccoon" and regions[n].fill != regions["row-2-a"].fill
    # the starting track 2-12, a squirrel to a space, each space under its sections
    spaces = [(label, t.at[0] + i * (t.space + t.gap), t.space) for t in board.tracks for i, label in enumerate(t.spaces)]
    assert [s[0] for s in spaces] == [str(n) for n in range(2, 13)]
    assert all(size >= squirrel.size for _, _, size in spaces)
    x = {label: (x0, x0 + size) for label, x0, size in spaces}

    def span(name):
        r = regions[name]
        return r.at[0], r.at[0] + r.size[0]
    for name, first, last in [("row-2-a", "2", "4"), ("row-2-b", "5", "6"), ("raccoon-2", "7", "7"),
                              ("row-2-c", "8", "9"), ("row-2-d", "10", "12"), ("row-3-low", "2", "6"),
                              ("raccoon-3", "7", "7"), ("row-3-high", "8", "12"), ("row-4", "2", "12")]:
        a, b = span(name)
        assert a <= x[first][0] and x[last][1] <= b, name
    # the four face-up nuts: card outlines at the nut cards' size, each under its 2-squirrel section
    card = comps["nuts"].size
    for place, section in [("nut-2-4", "row-2-a"), ("nut-5-6", "row-2-b"), ("nut-8-9", "row-2-c"), ("nut-10-12", "row-2-d")]:
        r = regions[place]
        assert r.size == pytest.approx(card) and r.label == regions[section].label
        a, b = span(section)
        assert a <= r.at[0] and r.at[0] + r.size[0] <= b, place
        assert r.at[1] > max(t.at[1] + t.space for t in board.tracks)  # below the starting track
    # the rows' squirrel counts, printed large at the left
    big = {lab.text for lab in board.labels if lab.pt >= 30}
    assert big == {"2", "3", "4"}


def test_squirrels_are_as_large_as_the_sections_allow(kit):
    """Every section holds its squirrels at their size, and not half a millimetre larger."""
    comps = {c.name: c for c in kit.components}
    board, d = comps["board"], comps["squirrels"].size
    held = [r for r in board.regions if r.holds and r.holds.counters == "squirrels"]
    assert held and all(region_capacity(board, r, d) >= r.holds.count for r in held)
    assert any(region_capacity(board, r, d + 0.5) < r.holds.count for r in held)


def test_a_storage_card_holds_a_nut_card_where_its_nuts_go(kit):
    """The place on a storage card is a nut card's size (lying sideways), inside the card's frame."""
    from pnpkit.generator.art import in_the_nuts_kit
    comps = {c.name: c for c in kit.components}
    w, h = comps["nuts"].size
    assert in_the_nuts_kit.NUT_CARD == (h, w)
    card_w, card_h = comps[STORAGE[0]].size
    assert (card_w, card_h) == (in_the_nuts_kit.CARD_W, in_the_nuts_kit.CARD_H)
    assert h + 1 <= in_the_nuts_kit.FACE_W - 15 and w + 1 <= in_the_nuts_kit.FACE_H  # beside the capacity band


def test_cover_lists_the_three_dice(built):
    _, pdf = built
    cover = " ".join(page_text(pdf, 1).split())
    assert "You also need" in cover and "three six-sided dice: two white and one green" in cover
