"""`--to tts`: Tabletop Simulator decks, tiles and boards: the images, and the saved objects.

TTS builds a deck from one image holding the card faces in a grid: at most 10 across and 7
down, read left to right, top to bottom, and (its guidance) at most 4096 pixels a side. The
dialog asks for the face image, the back image, "Unique backs", Width (cards across), Height
(cards down), Number (cards on the sheet), "Sideways" and "Back is hidden". This export writes,
per deck and sheet of at most 69 distinct faces (the 70th place of a full sheet is left empty,
for TTS versions that show it for a hidden card):

- `tts/DECK-1.png`: the faces on an exact grid (every cell the same whole number of pixels,
  the card's own proportions), no bleed: TTS shows each cell whole;
- `tts/DECK-back.png` (one back for the deck: the kit's, or a plain back with the game's title
  when the cards have none, since a TTS card always shows one) or `tts/DECK-1-backs.png` (a grid
  like the faces, "Unique backs" ticked);
- `tts/DECK.txt`: the dialog's fields for each sheet, and which cards repeat how often;
- `tts/DECK.json`: the same deck as a TTS saved object (every copy of a card in it; CardID is
  100 x the CustomDeck key + the place on its sheet, as TTS reads it).

Tiles, score sheets and player aids become `Custom_Tile` objects (the front as ImageURL, the back
or the front again as ImageSecondaryURL), boards and mats a `Custom_Board` (ImageURL), counters
`Custom_Token`s (one-sided: the token is cut from its picture's outline, a round counter's
corners transparent) or, with a back, `Custom_Tile`s shaped as they are cut (TTS's circle for a
round counter, its box for a square one), each image `tts/COMPONENT-NN.png` (and `-back.png`) at
the dpi within 4096 pixels a side, and `tts/COMPONENT.json` holding one object per piece.

The saved objects name their images by file name alone (`creatures-1.png`), never by a path of
the machine that exported them; `--base-url URL` puts URL in front (`https://example.org/kit/` where
the images are uploaded, or `file:///C:/Users/me/kit/tts/` for a table on one's own computer).

Every name from the kit in the .txt and .json passes through `cells.no_formula` (no formula for a
spreadsheet that opens them).

A card's pixel width is what `--dpi` asks, made smaller where 10 cards across (or 7 down) would
pass 4096 pixels.
"""
from __future__ import annotations

import io
import json
import math

from pnpkit.generator.export import Design, capped_dpi, components, designs, face, pixels, pngs
from pnpkit.generator.pieces import Piece
from pnpkit.generator.shapes import Rect, Shape, Style, Text
from pnpkit.kitfile.cells import no_formula

MAX_ACROSS, MAX_DOWN, MAX_SIDE, PER_SHEET = 10, 7, 4096, 69
BACK_FILL, BACK_INK = "#2f3e4d", "#ffffff"  # the plain back of a deck the kit gives none
TRANSFORM = {"posX": 0, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180, "scaleX": 1, "scaleY": 1, "scaleZ": 1}


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


def plain_back(w: float, h: float, title: str) -> tuple[Shape, ...]:
    """A deck's back when the kit gives none: one dark colour, a frame and the game's title, so
    the cards in a TTS hand or on the draw pile are face down and all alike."""
    from pnpkit.generator.fonts import fit_size
    m = min(w, h) * 0.08
    pt = fit_size(title, "heading", 14.0, w - 4 * m) if title else 0.0
    out: list[Shape] = [Rect(0, 0, w, h, Style(fill=BACK_FILL, stroke=None)),
                        Rect(m, m, w - 2 * m, h - 2 * m, Style(fill=None, stroke=BACK_INK, width=0.6), r=m / 2)]
    if title:
        out.append(Text(w / 2, h / 2 + pt * 0.125, title, size=pt, font="heading", color=BACK_INK, anchor="middle"))
    return tuple(out)


def _sheet(group: list[tuple[Shape, ...]], w: float, h: float, across: int, down: int, px: tuple[int, int]) -> bytes:
    from PIL import Image
    sheet = Image.new("RGB", (across * px[0], down * px[1]), "#ffffff")
    for i, png in enumerate(pngs(group, w, h, px)):
        sheet.paste(Image.open(io.BytesIO(png)), ((i % across) * px[0], (i // across) * px[1]))
    buf = io.BytesIO()
    sheet.save(buf, format="PNG", optimize=False)
    return buf.getvalue()


def export(pieces: list[Piece], dpi: float, base_url: str = "", title: str = "") -> dict[str, bytes]:
    """The TTS files of every exported component; images named `base_url` + their file name."""
    files: dict[str, bytes] = {}
    for component, group in components(pieces).items():
        if group[0].kind == "card":
            _deck(files, component, group, dpi, base_url, title)
        else:
            _objects(files, component, group, dpi, base_url)
    return files


def _saved(name: str, objects: list[dict]) -> bytes:
    return (json.dumps({"SaveName": name, "ObjectStates": objects}, indent=1) + "\n").encode("utf-8")


def _deck(files: dict[str, bytes], component: str, group: list[Piece], dpi: float, base_url: str, title: str) -> None:
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
    if not unique:  # one back for the whole deck: the kit's, or a plain one (TTS always shows a back)
        across, down = grid(min(len(fronts), PER_SHEET))
        single_back = f"tts/{component}-back.png"
        drawn = (face(backs[0].piece, "back", 0.0),) if backs else plain_back(w, h, title)
        files[single_back] = pngs([drawn], w, h, cell(w, h, across, down, dpi))[0]
        if not backs:
            lines[1:1] = ["The kit gives these cards no back: every card shows the plain back "
                          f"{single_back[4:]} in TTS.", ""]
    for s, start in enumerate(range(0, len(fronts), PER_SHEET), 1):
        part = fronts[start:start + PER_SHEET]
        entry, listing = _sheet_entry(files, component, s, part, w, h, dpi, base_url, single_back)
        lines += listing
        custom[str(s)] = entry
        for place, d in enumerate(part):
            card_id = 100 * s + place
            deck_ids += [card_id] * d.count
            contained += [{"Name": "Card", "Nickname": no_formula(d.name), "CardID": card_id, "Transform": TRANSFORM,
                           "CustomDeck": {str(s): entry}}] * d.count
    files[f"tts/{component}.txt"] = "\n".join(lines).encode("utf-8")
    files[f"tts/{component}.json"] = _saved(no_formula(component), [{
        "Name": "DeckCustom", "Nickname": no_formula(component), "SidewaysCard": w > h, "DeckIDs": deck_ids,
        "CustomDeck": custom, "ContainedObjects": contained, "Transform": TRANSFORM}])


def _sheet_entry(files: dict[str, bytes], component: str, s: int, part: list[Design], w: float, h: float,
                 dpi: float, base_url: str, single_back: str | None) -> tuple[dict, list[str]]:
    """Sheet `s` of a deck: its images written, its CustomDeck entry and its lines in DECK.txt."""
    across, down = grid(len(part))
    px = cell(w, h, across, down, dpi)
    face_name = f"tts/{component}-{s}.png"
    files[face_name] = _sheet([(face(d.piece, "front", 0.0),) for d in part], w, h, across, down, px)
    back_name = single_back
    if single_back is None:  # the back of each place, on a grid like the faces'
        back_name = f"tts/{component}-{s}-backs.png"
        files[back_name] = _sheet([(face(d.piece, "back", 0.0),) for d in part], w, h, across, down, px)
    lines = [f"Sheet {s}:",
             f"  Face: {face_name[4:]}  ({across * px[0]} x {down * px[1]} px, each card {px[0]} x {px[1]})",
             f"  Unique backs: {'no' if single_back else 'yes'}", f"  Back: {back_name[4:]}",
             f"  Width: {across}", f"  Height: {down}", f"  Number: {len(part)}",
             f"  Sideways: {'yes' if w > h else 'no'}", "  Back is hidden: yes", "  Cards, left to right, top to bottom:"]
    lines += [f"    {place + 1:2d}. {no_formula(d.name)}" + (f"  x{d.count}" if d.count > 1 else "")
              for place, d in enumerate(part)]
    entry = {"FaceURL": base_url + face_name[4:], "BackURL": base_url + back_name[4:], "NumWidth": across,
             "NumHeight": down, "BackIsHidden": True, "UniqueBack": single_back is None, "Type": 0}
    return entry, lines + [""]


TILE_CIRCLE, TILE_BOX = 2, 0  # CustomTile "Type": how TTS cuts a tile (0 box, 1 hex, 2 circle, 3 rounded)


def _objects(files: dict[str, bytes], component: str, group: list[Piece], dpi: float, base_url: str) -> None:
    """Tiles, score sheets, aids and two-sided counters as Custom_Tile objects, one-sided counters
    as Custom_Token, boards as Custom_Board: one image per distinct face (and back), one object per
    piece, laid out in a row."""
    w, h = group[0].w, group[0].h
    at = capped_dpi(w, h, dpi, side=MAX_SIDE)
    px = (pixels(w, at), pixels(h, at))
    token = group[0].kind == "counter" and not group[0].double_sided  # cut from its picture's outline
    names: dict[tuple[str, int], str] = {}
    for side in ("front", "back"):
        found = designs(group, side)
        images = pngs([(face(d.piece, side, 0.0),) for d in found], w, h, px, clear=token) if found else []
        for n, (d, png) in enumerate(zip(found, images), 1):
            name = f"{component}-{n:02d}{'-back' if side == 'back' else ''}.png"
            files[f"tts/{name}"] = png
            names.update({(side, i): name for i in d.pieces})
    objects = []
    for i, p in enumerate(group):
        front, back = base_url + names[("front", i)], base_url + names.get(("back", i), names[("front", i)])
        place = dict(TRANSFORM, posX=round(i * (w / 25.4 + 0.5), 2), rotZ=0)
        if p.kind == "board":
            objects.append({"Name": "Custom_Board", "Nickname": no_formula(p.name), "Transform": place,
                            "CustomImage": {"ImageURL": front, "WidthScale": 0.0}})
        elif token:
            objects.append({"Name": "Custom_Token", "Nickname": no_formula(p.name), "Transform": place, "CustomImage": {
                "ImageURL": front, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
                "CustomToken": {"Thickness": 0.2, "MergeDistancePixels": 15.0, "StandUp": False, "Stackable": True}}})
        else:
            shape = TILE_CIRCLE if p.shape == "circle" else TILE_BOX
            objects.append({"Name": "Custom_Tile", "Nickname": no_formula(p.name), "Transform": place, "CustomImage": {
                "ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0, "WidthScale": 0.0,
                "CustomTile": {"Type": shape, "Thickness": 0.1, "Stackable": p.kind in ("tile", "counter"),
                               "Stretch": True}}})
    files[f"tts/{component}.json"] = _saved(no_formula(component), objects)
