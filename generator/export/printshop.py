"""`--to print-shop`: one-up PDFs, one card (or tile) a page, with bleed, for print shops.

Each deck is `print-shop/DECK.pdf`: every physical card in order, its front page followed by its
back page (as shops that print double-sided decks from one file ask), each page the trim plus
the bleed on every side, with the PDF's TrimBox (the cut), BleedBox (the page) and ArtBox (the
safe zone) set, which prepress software reads. `print-shop/DECK-proof.pdf` is the same pages with
the cut line (red) and the safe zone (blue, dashed) drawn over them, to check by eye that
nothing that matters crosses into the last SAFE mm. `print-shop/README.txt` says, per deck, the
size it matched among the sizes print shops sell (or that it matched none), the pages, the bleed
and the safe zone.
"""
from __future__ import annotations

from pnpkit.generator.backends import pdf as pdf_backend
from pnpkit.generator.export import components, face
from pnpkit.generator.export.cells import no_formula
from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Rect, Style

SAFE = 3.175  # mm inside the cut: 1/8 in, the safe zone print shops ask for (pnpkit keeps words 4.5 mm in)
# The card and tile sizes print shops sell (mm): poker and bridge from every shop, the rest from most
SIZES = {
    "poker (2.5 x 3.5 in)": (63.5, 88.9), "poker (63 x 88 mm)": (63.0, 88.0), "bridge (2.25 x 3.5 in)": (57.15, 88.9),
    "mini American (41 x 63 mm)": (41.0, 63.0), "mini Euro (44 x 68 mm)": (44.0, 68.0), "tarot (2.75 x 4.75 in)": (69.85, 120.65),
    "square (2.5 in)": (63.5, 63.5), "square (3.5 in)": (88.9, 88.9), "jumbo (3.5 x 5.5 in)": (88.9, 139.7),
    "business (2 x 3.5 in)": (50.8, 88.9), "large square (4 in)": (101.6, 101.6),
}
CUT = Style(fill=None, stroke="#e00000", width=0.15)
SAFE_LINE = Style(fill=None, stroke="#0057d9", width=0.15, dash=(1.0, 0.8))


def size_name(w: float, h: float) -> str | None:
    """The print-shop size a piece is (either way up), within 0.3 mm."""
    for name, (sw, sh) in SIZES.items():
        if (abs(w - sw) <= 0.3 and abs(h - sh) <= 0.3) or (abs(w - sh) <= 0.3 and abs(h - sw) <= 0.3):
            return name
    return None


def export(pieces: list[Piece], bleed: float, title: str) -> tuple[dict[str, bytes], list[str]]:
    """The files, and a warning for each deck whose size no print shop sells as standard."""
    files: dict[str, bytes] = {}
    notes: list[str] = []
    readme = [f"{no_formula(title)}: one-up PDFs for a print shop", ""]
    for component, group in components(pieces).items():
        w, h = group[0].w, group[0].h
        W, H = w + 2 * bleed, h + 2 * bleed
        pages = []
        for p in group:
            pages.append((face(p, "front", bleed),))
            if p.back is not None:
                pages.append((face(p, "back", bleed),))
        boxes = {"trim": (bleed, bleed, bleed + w, bleed + h), "bleed": (0.0, 0.0, W, H),
                 "art": (bleed + SAFE, bleed + SAFE, bleed + w - SAFE, bleed + h - SAFE)}
        files[f"print-shop/{component}.pdf"] = pdf_backend.render(pages, W, H, title=f"{title}: {component}",
                                                                 boxes=boxes)
        guides = (Rect(bleed, bleed, w, h, CUT), Rect(bleed + SAFE, bleed + SAFE, w - 2 * SAFE, h - 2 * SAFE, SAFE_LINE))
        files[f"print-shop/{component}-proof.pdf"] = pdf_backend.render([pg + guides for pg in pages], W, H,
                                                                       title=f"{title}: {component} (proof)")
        size = size_name(w, h)
        if size is None:
            notes.append(f"{component}: {w:g} x {h:g} mm is not a size print shops sell as standard "
                         f"({', '.join(SIZES)}); ask your shop first")
        sides = "front then back" if group[0].back is not None else "fronts only"
        readme += [f"{component}.pdf: {len(group)} {group[0].kind}s, {len(pages)} pages ({sides}, one a page)",
                   f"  trim {w:g} x {h:g} mm" + (f" = {size}" if size else " (not a standard print-shop size)"),
                   f"  page {W:g} x {H:g} mm: {bleed:g} mm bleed on every side; safe zone {SAFE} mm inside the cut",
                   f"  {component}-proof.pdf: the same with the cut (red) and the safe zone (blue) drawn", ""]
    files["print-shop/README.txt"] = "\n".join(readme).encode("utf-8")
    return files, notes
