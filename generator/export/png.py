"""`--to png`: one PNG per distinct face and back of the cards, tiles, counters, boards (mats,
rulers), score sheets and player aids, at the dpi asked, with bleed.

Each image is (trim + 2 x bleed) at `dpi`, exactly: a poker card at 300 dpi with 3 mm bleed is
821 x 1121 pixels (69.5 x 94.9 mm). An image that would pass 36 million pixels (a large board) is
made at the dpi that keeps it within, written in index.csv's dpi column. index.csv lists every
file with its component, side, how many pieces carry it (the quantity a print shop asks for), its
trim and its bleed; text a spreadsheet would read as a formula is escaped (kitfile/cells.py).
"""
from __future__ import annotations

from pnpkit.generator.export import capped_dpi, components, designs, face, pixels, pngs
from pnpkit.generator.pieces import Piece
from pnpkit.kitfile.cells import csv_bytes


def export(pieces: list[Piece], dpi: float, bleed: float) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    rows = [("file", "component", "side", "count", "name", "trim_w_mm", "trim_h_mm", "bleed_mm", "width_px",
             "height_px", "dpi")]
    for component, group in components(pieces).items():
        for side in ("front", "back"):
            faces = designs(group, side)
            if not faces:
                continue
            w, h = faces[0].piece.w, faces[0].piece.h  # one component, one size
            W, H = w + 2 * bleed, h + 2 * bleed
            at = capped_dpi(W, H, dpi)
            px = (pixels(W, at), pixels(H, at))
            images = pngs([(face(d.piece, side, bleed),) for d in faces], W, H, px)
            for n, (d, png) in enumerate(zip(faces, images), 1):
                stem = d.slug if d.slug.endswith(f"-{side}") else f"{d.slug}-{side}"  # a back design is named "... back"
                name = f"png/{component}/{n:02d}-{stem}.png" if side == "front" or len(faces) > 1 \
                    else f"png/{component}/{component}-back.png"
                files[name] = png
                rows.append((name[4:], component, side, str(d.count), d.name, f"{w:g}", f"{h:g}", f"{bleed:g}",
                             str(px[0]), str(px[1]), f"{at:.0f}"))
    files["png/index.csv"] = csv_bytes(rows)
    return files
