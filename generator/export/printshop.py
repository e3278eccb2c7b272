"""`--to print-shop`: one-up PDFs, one card (or tile, counter...) a page, with bleed, for print shops.

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

from dataclasses import dataclass

from pnpkit.generator.backends import pdf as pdf_backend
from pnpkit.generator.export import components, face
from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Rect, Style
from pnpkit.kitfile.cells import no_formula

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


@dataclass(frozen=True)
class Shop:
    """One print shop's card templates, with its published numbers (docs/new-game.md cites them)."""

    name: str
    products: dict[str, tuple[float, float]]  # product -> trim, mm
    bleed: float  # mm on every side
    safe: float  # mm inside the cut
    pdfx: bool  # the shop asks for PDF/X-1a (CMYK): generator/export/pdfx.py
    source: str

    def takes(self, p: Piece) -> str | None:
        """The product a card is (either way up, within 0.3 mm), or None: the shop prints cards only."""
        if p.kind != "card":
            return None
        for product, trim in self.products.items():
            if all(abs(a - b) <= 0.3 for a, b in zip(sorted((p.w, p.h)), sorted(trim))):
                return product
        return None

    def offers(self) -> str:
        return ", ".join(f"{name}s ({w:g} x {h:g} mm)" for name, (w, h) in self.products.items())


# DriveThruCards (OneBookShelf), "Common Card Prep Issues & Solutions" and its card specifications:
# poker cards 2.5 x 3.5 in, bridge cards 2.25 x 3.5 in, mini cards 1.75 x 2.5 in, each with 1/8 in
# bleed on all four sides (a poker card's page 2.75 x 3.75 in), nothing that matters closer than
# 1/8 in to a finished edge, files PDF/X-1a:2003 for US Web Coated (SWOP) v2.
SHOPS = {"drivethrucards": Shop("DriveThruCards", {"poker card": (63.5, 88.9), "bridge card": (57.15, 88.9),
                                                   "mini card": (44.45, 63.5)}, 3.175, 3.175, True,
                                "https://onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/"
                                "227867607-Common-Card-Prep-Issues-Solutions")}


def size_name(w: float, h: float) -> str | None:
    """The print-shop size a piece is (either way up), within 0.3 mm."""
    for name, (sw, sh) in SIZES.items():
        if (abs(w - sw) <= 0.3 and abs(h - sh) <= 0.3) or (abs(w - sh) <= 0.3 and abs(h - sw) <= 0.3):
            return name
    return None


def export(pieces: list[Piece], bleed: float, title: str,
           shop: Shop | None = None) -> tuple[dict[str, bytes], list[str], list[str]]:
    """The files, a warning for each deck whose size no print shop sells as standard, and (for a
    shop's templates) each component left out because it is none of that shop's cards."""
    files: dict[str, bytes] = {}
    notes: list[str] = []
    left_out: list[str] = []
    readme = [f"{no_formula(title)}: one-up PDFs for a print shop", ""]
    if shop is not None:
        bleed = shop.bleed
        readme[0] = f"{no_formula(title)}: one-up PDFs for {shop.name}'s card templates ({shop.source})"
    for component, group in components(pieces).items():
        w, h = group[0].w, group[0].h
        product = shop.takes(group[0]) if shop is not None else None
        if shop is not None and product is None:  # said once, by the command, with what went in
            left_out.append(f"{component} ({group[0].kind} {w:g} x {h:g} mm)")
            continue
        files.update(_pdfs(component, group, bleed, title, shop))
        size = size_name(w, h)
        if size is None and group[0].kind in ("card", "tile", "counter"):  # boards and sheets are made to order
            notes.append(f"{component}: {w:g} x {h:g} mm is not a size print shops sell as standard "
                         f"({', '.join(SIZES)}); ask your shop first")
        pages = len(group) + sum(p.back is not None for p in group)
        sides = "front then back" if group[0].back is not None else "fronts only"
        safe = shop.safe if shop is not None else SAFE
        readme += [f"{component}.pdf: {len(group)} x {group[0].kind}, {pages} pages ({sides}, one a page)"
                   + (f": {shop.name}'s {product} template" if product else ""),
                   f"  trim {w:g} x {h:g} mm" + (f" = {size}" if size else " (not a standard print-shop size)"),
                   f"  page {w + 2 * bleed:g} x {h + 2 * bleed:g} mm: {bleed:g} mm bleed on every side; "
                   f"safe zone {safe} mm inside the cut",
                   f"  {component}-proof.pdf: the same with the cut (red) and the safe zone (blue) drawn"]
        if shop is not None and shop.pdfx:
            readme.append("  PDF/X-1a:2003 as the shop asks: CMYK only (converted from pnpkit's RGB by plain "
                          "arithmetic, no colour profile), nothing transparent, output intent CGATS TR 001 (SWOP)")
        readme.append("")
    if left_out:
        readme += [f"Left out: {shop.name} prints {shop.offers()} only:"] + [f"  {c}" for c in left_out] + [""]
    files["print-shop/README.txt"] = "\n".join(readme).encode("utf-8")
    return files, notes, left_out


def _pdfs(component: str, group: list[Piece], bleed: float, title: str, shop: Shop | None) -> dict[str, bytes]:
    """DECK.pdf (every piece, front then back, one a page, with its page boxes) and DECK-proof.pdf."""
    from pnpkit.generator.export import pdfx
    w, h = group[0].w, group[0].h
    W, H = w + 2 * bleed, h + 2 * bleed
    safe = shop.safe if shop is not None else SAFE
    cmyk = shop is not None and shop.pdfx
    pages = []
    for p in group:
        pages.append((face(p, "front", bleed),))
        if p.back is not None:
            pages.append((face(p, "back", bleed),))
    if cmyk:
        pages = [pdfx.flattened(pg) for pg in pages]
    boxes = {"trim": (bleed, bleed, bleed + w, bleed + h), "bleed": (0.0, 0.0, W, H)}
    if not cmyk:  # PDF/X wants a TrimBox or an ArtBox, not both: the safe zone is in the proof
        boxes["art"] = (bleed + safe, bleed + safe, bleed + w - safe, bleed + h - safe)
    name = f"{title}: {component}"
    main = pdf_backend.render(pages, W, H, title=name, boxes=boxes, cmyk=cmyk, mark=pdfx.mark if cmyk else None)
    guides = (Rect(bleed, bleed, w, h, CUT), Rect(bleed + safe, bleed + safe, w - 2 * safe, h - 2 * safe, SAFE_LINE))
    proof = pdf_backend.render([pg + guides for pg in pages], W, H, title=f"{name} (proof)", cmyk=cmyk)
    return {f"print-shop/{component}.pdf": main,
            f"print-shop/{component}-proof.pdf": proof}
