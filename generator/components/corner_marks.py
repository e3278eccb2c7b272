"""ArUco corner marks: four square codes a camera finds, so a photo of a sheet can be read.

A mark is OpenCV's ArUco 4x4 dictionary (DICT_4X4_50): a black border one cell wide around 4x4
cells, each black or white, 6 x 6 cells in all. The codes are written here as data (a mark is
printed by every install; only reading a photo needs OpenCV, `pnpkit[photo]`), and
tests/test_sheet_photo.py checks them against OpenCV's own dictionary.
"""
from __future__ import annotations

from pnpkit.generator.shapes import Rect, Shape, Style

# DICT_4X4_50, id 0-49: the 4x4 inner cells row by row, a set bit white, as 4 hex digits
ARUCO_4X4_50 = (
    "b532 0f9a 332d 9946 549e 79cd 9e2e c4f2 feda cf56 f991 11a7 0eb7 2a0f 24b1 263e 4665 6600 6c5e 76af "
    "868b b02b ccd5 dd82 fe47 9471 ace4 a554 2123 346f 4415 57b2 9ecf f0cb 08ae 0929 1875 04ff 0df6 1c5a "
    "1718 2a28 328c 38b2 24e8 2eeb 2d3f 4b64 502e 5013").split()
BLACK = Style(fill="#000000", stroke=None)
SIZE = 8.0      # mm a side: 1.33 mm a cell, 11 pixels a cell in a 12 MP photo of the whole sheet
INSET = 3.0     # mm from the sheet's cut edge (scissors wander; the white around is the mark's quiet zone)


def cells(mark: int) -> list[list[bool]]:
    """The 6 x 6 cells of `mark`, True where black (the border and the code's clear bits)."""
    bits = int(ARUCO_4X4_50[mark], 16)
    inner = [[not (bits >> (15 - 4 * r - c)) & 1 for c in range(4)] for r in range(4)]
    return [[True] * 6] + [[True] + row + [True] for row in inner] + [[True] * 6]


def shapes(mark: int, x: float, y: float, size: float = SIZE) -> list[Shape]:
    """The mark drawn at (x, y), `size` mm a side: a black square per black cell, runs merged."""
    cell = size / 6
    out: list[Shape] = []
    for r, row in enumerate(cells(mark)):
        c = 0
        while c < 6:
            if row[c]:
                start = c
                while c < 6 and row[c]:
                    c += 1
                out.append(Rect(x + start * cell, y + r * cell, (c - start) * cell, cell, BLACK))
            else:
                c += 1
    return out


def corners(w: float, h: float, size: float = SIZE, inset: float = INSET) -> list[tuple[float, float]]:
    """Top-left corners of the four marks on a w x h sheet: top-left, top-right, bottom-right, bottom-left."""
    return [(inset, inset), (w - inset - size, inset), (w - inset - size, h - inset - size), (inset, h - inset - size)]
