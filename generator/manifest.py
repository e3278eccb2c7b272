"""The manifest: every printed piece, where it is, one entry per physical piece (DESIGN.md).

{"kit","paper","page_size_mm":[w,h],"pages":N,"pieces":[{"component","kind","name","page",
"x_mm","y_mm","w_mm","h_mm","shape","bleed_mm","back":{"page","x_mm","y_mm","bleed_mm"}|null}]},
x and y the trim box's top-left corner from the page's top-left, pages from 1, mm rounded to 0.01;
`shape` how it is cut (rect or circle), `bleed_mm` how far each side's background runs past the
cut; a board part adds "part": "2/4"; a part or board that meets another along an edge (glued or
laid against it) adds "seams": those edges as printed, e.g. ["left"]; a piece laid a quarter turn
(a page holds more of them so) adds "turned": 90, its w and h as it lies on the page.
A back's position includes --back-offset (it is where the back is drawn). With --backs gutter a
double-sided piece's back is on the same page, beside its front across the fold.
"""
from __future__ import annotations

import json

from pnpkit.generator import fold
from pnpkit.generator.sheets import Page, Paper


def _mm(v: float) -> float:
    r = round(v + 0.0, 2)
    return 0.0 if r == 0 else r


def manifest(kit_id: str, paper: Paper, pages: list[Page]) -> dict:
    backs: dict[int, tuple[int, float, float]] = {}
    for page in pages:
        if page.kind == "backs":
            dx, dy = page.offset
            for p in page.placed:
                backs[p.slot] = (page.number, p.x + dx, p.y + dy, p.bleed)
    pieces = []
    for page in pages:
        if page.kind != "pieces":
            continue
        for p in page.placed:
            entry = {"component": p.piece.component, "kind": p.piece.kind, "name": p.piece.name,
                     "page": page.number, "x_mm": _mm(p.x), "y_mm": _mm(p.y), "w_mm": _mm(p.w),
                     "h_mm": _mm(p.h), "shape": p.piece.shape, "bleed_mm": _mm(p.bleed), "back": None}
            if "fold" in p.piece.meta:  # --backs gutter: the back is printed beside the front
                front, back = fold.halves(p.piece.w, p.piece.h, p.piece.meta)
                (fx, fy, fw, fh), (bx, by, _, _) = p.box_on_page(*front), p.box_on_page(*back)
                entry.update(x_mm=_mm(fx), y_mm=_mm(fy), w_mm=_mm(fw), h_mm=_mm(fh))
                entry["back"] = {"page": page.number, "x_mm": _mm(bx), "y_mm": _mm(by), "bleed_mm": 0.0}
            if p.slot in backs:
                bp, bx, by, bb = backs[p.slot]
                entry["back"] = {"page": bp, "x_mm": _mm(bx), "y_mm": _mm(by), "bleed_mm": _mm(bb)}
            if p.rotate in (90, 270):
                entry["turned"] = p.rotate
            if "part" in p.piece.meta:
                entry["part"] = p.piece.meta["part"]
            if p.piece.meta.get("seams"):  # edges glued or laid against another part or board
                entry["seams"] = list(p.piece.meta["seams"])
            pieces.append(entry)
    return {"kit": kit_id, "paper": paper.name, "page_size_mm": [_mm(paper.w), _mm(paper.h)],
            "pages": len(pages), "pieces": pieces}


def dumps(m: dict) -> str:
    return json.dumps(m, indent=1, ensure_ascii=False) + "\n"
