"""`--to tts`: Tabletop Simulator deck sheets, the back image, and what TTS's Custom Deck dialog asks.

TTS builds a deck from one image holding the card faces in a grid: at most 10 across and 7
down, read left to right, top to bottom, and (its guidance) at most 4096 pixels a side. The
dialog asks for the face image, the back image, "Unique backs", Width (cards across), Height
(cards down), Number (cards on the sheet), "Sideways" and "Back is hidden". This export writes,
per deck and sheet of at most 69 distinct faces (the 70th place of a full sheet is left empty,
for TTS versions that show it for a hidden card):

- `tts/DECK-1.png`: the faces on an exact grid (every cell the same whole number of pixels,
  the card's own proportions), no bleed: TTS shows each cell whole;
- `tts/DECK-back.png` (one back for the deck) or `tts/DECK-1-backs.png` (a grid like the faces,
  "Unique backs" ticked);
- `tts/DECK.txt`: the dialog's fields for each sheet, and which cards repeat how often;
- `tts/DECK.json`: the same deck as a TTS saved object (every copy of a card in it, CardIDs
  100 x sheet + place), its images named by file:// address (upload them and replace the
  addresses to share it).

Every name from the kit in the .txt and .json passes through `cells.no_formula` (no formula for a
spreadsheet that opens them).

A card's pixel width is what `--dpi` asks, made smaller where 10 cards across (or 7 down) would
pass 4096 pixels.
"""
from __future__ import annotations

import io
import json
import math

from pnpkit.generator.export import components, designs, face, pixels
from pnpkit.generator.export.cells import no_formula
from pnpkit.generator.pieces import Piece

MAX_ACROSS, MAX_DOWN, MAX_SIDE, PER_SHEET = 10, 7, 4096, 69


def grid(n: int) -> tuple[int, int]:
    """(across, down) for n faces: as few rows as 10 across allows, at least 2 x 2 (TTS's least)."""
    across = max(2, min(MAX_ACROSS, n))
    down = max(2, math.ceil(n / across))
    return across, down


def cell(w_mm: float, h_mm: float, across: int, down: int, dpi: float) -> tuple[int, int]:
    """A card's cell in whole pixels: `dpi` if the sheet stays within MAX_SIDE, else smaller."""
    cw = pixels(w_mm, dpi)
    cw = min(cw, MAX_SIDE // across, math.floor(MAX_SIDE // down * w_mm / h_mm))
    return cw, max(1, round(cw * h_mm / w_mm))


def _sheet(group: list[tuple[tuple, ...]], w: float, h: float, across: int, down: int, px: tuple[int, int]) -> bytes:
    from PIL import Image
    from pnpkit.generator.export import pngs
    sheet = Image.new("RGB", (across * px[0], down * px[1]), "#ffffff")
    for i, png in enumerate(pngs(group, w, h, px)):
        sheet.paste(Image.open(io.BytesIO(png)), ((i % across) * px[0], (i // across) * px[1]))
    buf = io.BytesIO()
    sheet.save(buf, format="PNG", optimize=False)
    return buf.getvalue()


def export(pieces: list[Piece], dpi: float, out_root: str) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    for component, group in components(pieces).items():
        if group[0].kind != "card":
            continue
        fronts = designs(group, "front")
        backs = designs(group, "back")
        w, h = group[0].w, group[0].h
        unique = len(backs) > 1
        lines = [f"Tabletop Simulator: Objects > Components > Cards > Custom Deck, for {no_formula(component)} "
                 f"({len(group)} cards, {len(fronts)} different faces)", ""]
        deck_ids: list[int] = []
        custom: dict[str, dict] = {}
        contained: list[dict] = []
        single_back = None
        if backs and not unique:
            across, down = grid(min(len(fronts), PER_SHEET))
            bpx = cell(w, h, across, down, dpi)
            from pnpkit.generator.export import pngs
            single_back = f"tts/{component}-back.png"
            files[single_back] = pngs([(face(backs[0].piece, "back", 0.0),)], w, h, bpx)[0]
        for s, start in enumerate(range(0, len(fronts), PER_SHEET), 1):
            part = fronts[start:start + PER_SHEET]
            across, down = grid(len(part))
            px = cell(w, h, across, down, dpi)
            face_name = f"tts/{component}-{s}.png"
            files[face_name] = _sheet([(face(d.piece, "front", 0.0),) for d in part], w, h, across, down, px)
            if unique:  # the back of each place, on a grid like the faces'
                back_name = f"tts/{component}-{s}-backs.png"
                files[back_name] = _sheet([(face(d.piece, "back", 0.0),) for d in part], w, h, across, down, px)
            else:
                back_name = single_back
            lines += [f"Sheet {s}:",
                      f"  Face: {face_name[4:]}  ({across * px[0]} x {down * px[1]} px, each card {px[0]} x {px[1]})",
                      f"  Unique backs: {'yes' if unique else 'no'}",
                      f"  Back: {back_name[4:] if back_name else '(none: the deck is single-sided)'}",
                      f"  Width: {across}", f"  Height: {down}", f"  Number: {len(part)}",
                      f"  Sideways: {'yes' if w > h else 'no'}", "  Back is hidden: yes", "  Cards, left to right, top to bottom:"]
            entry = {"FaceURL": f"file://{out_root}/{face_name}",
                     "BackURL": f"file://{out_root}/{back_name}" if back_name else "",
                     "NumWidth": across, "NumHeight": down, "BackIsHidden": True, "UniqueBack": unique, "Type": 0}
            custom[str(s)] = entry
            for place, d in enumerate(part):
                lines.append(f"    {place + 1:2d}. {no_formula(d.name)}" + (f"  x{d.count}" if d.count > 1 else ""))
                card_id = 100 * s + place
                deck_ids += [card_id] * d.count
                contained += [{"Name": "Card", "Nickname": no_formula(d.name), "CardID": card_id,
                               "CustomDeck": {str(s): entry}}] * d.count
            lines.append("")
        files[f"tts/{component}.txt"] = "\n".join(lines).encode("utf-8")
        saved = {"SaveName": no_formula(component), "ObjectStates": [{
            "Name": "DeckCustom", "Nickname": no_formula(component), "SidewaysCard": w > h, "DeckIDs": deck_ids,
            "CustomDeck": custom, "ContainedObjects": contained,
            "Transform": {"posX": 0, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180,
                          "scaleX": 1, "scaleY": 1, "scaleZ": 1}}]}
        files[f"tts/{component}.json"] = (json.dumps(saved, indent=1) + "\n").encode("utf-8")
    return files
