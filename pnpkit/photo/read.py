"""A photo of a printed score sheet -> each tick box ticked or blank, and those it is unsure of.

1. The photo is a stranger's file (docs/safety.md): at most MAX_BYTES, MAX_PIXELS and MAX_SIDE
   (read from its header before anything is decoded), a JPEG decoded straight to grey at a
   fraction of its size (Pillow's draft mode: a 48 MP photo costs what a 3 MP one does), any
   photo brought to at most WORK_SIDE pixels on its long side.
2. OpenCV's ArUco detector finds the corner marks. A photo with none of them is no sheet; one
   with a mark twice holds two sheets; fewer than three of a sheet's four is not the whole sheet:
   each is refused, with what to do.
3. The marks' corners (four each) give the homography to the flat sheet, PX pixels a mm; the
   paper's own brightness (a morphological closing, which keeps the edge of a shadow and drops
   every line, tick and box narrower than CLOSE mm) divides it out, so a shadow or a dim corner
   leaves the paper white and only marks dark ("ink").
4. Each tick box is found again within SEARCH mm of where the marks put it (its printed outline
   matched), and the share of dark pixels (DARK) inside its outline is measured: a pencil tick,
   cross or filled box is far above TICKED, an empty box far below BLANK (noise, a shadow's edge
   and the blurred outline stay under DARK); a box between them is unsure, never guessed.
"""
from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO

from pnpkit.kitfile.errors import InputError
from pnpkit.photo import geometry

MAX_BYTES = 30_000_000     # as a kit's PNG or JPEG picture (docs/safety.md); a 12 MP phone photo is 2-6 MB
MAX_PIXELS = 50_000_000    # a phone's 48-50 MP mode; more is refused unopened
MAX_SIDE = 15_000          # as a kit's picture
WORK_SIDE = 2_000          # px on the long side: a whole sheet across a photo is then 6-10 px a mm
PX = 6.0                   # px a mm of the flat sheet the boxes are read in
CLOSE = 7.0                # mm: the paper's brightness is taken past dark things narrower than this
SEARCH = 1.0               # mm: how far a box is looked for around where the marks put it
INSET = 0.75               # mm inside a box's printed outline that is measured
DARK = 0.2                 # a pixel this much darker than the paper around it is a mark's
BLANK, TICKED = 0.03, 0.08   # the share of dark pixels inside a box: blank below, ticked above, unsure between
FORMATS = ("JPEG", "PNG", "WEBP", "MPO")


class Refused(InputError):
    """A photo that is not read: what it is, and what to do (one sentence)."""


@dataclass(frozen=True)
class Reading:
    """What a photo shows: the sheet's game, each tick box ticked or not (by its form name), the
    boxes it is unsure of (in the sheet's order), and the ink measured in each (for the bench)."""

    game: str
    ticked: dict[str, bool]
    unsure: tuple[str, ...]
    ink: dict[str, float]


def read(raw: bytes) -> Reading:
    """Read a photo's tick boxes (Refused: not a sheet, two sheets, too large, too small, ...)."""
    import cv2
    cv2.setNumThreads(1)        # one core: the time a photo takes is its CPU time
    grey = decode(raw)
    sheet, homography = locate(grey)
    flat = cv2.warpPerspective(grey, homography, (round(sheet.w * PX), round(sheet.h * PX)),
                               flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return judge(sheet, ink_of(flat))


def decode(raw: bytes):
    """The photo as grey pixels (numpy uint8), at most WORK_SIDE on its long side."""
    import numpy as np
    from PIL import Image, UnidentifiedImageError
    if len(raw) > MAX_BYTES:
        raise Refused(f"the photo is larger than {MAX_BYTES // 1_000_000} MB (a phone's photo of a sheet is 2-6 MB)")
    try:
        with Image.open(BytesIO(raw), formats=None) as img:
            w, h = img.size
            if img.format not in FORMATS:
                raise Refused(f"a {img.format} picture: pnpkit reads photos saved as JPEG, PNG or WebP")
            if w * h > MAX_PIXELS or max(w, h) > MAX_SIDE:
                raise Refused(f"the photo has {w} x {h} pixels: pnpkit reads at most {MAX_PIXELS // 1_000_000} million "
                              f"(and {MAX_SIDE:,} on a side); take it at the phone's usual size")
            if img.format in ("JPEG", "MPO"):
                img.draft("L", (max(1, w * WORK_SIDE // max(w, h)), max(1, h * WORK_SIDE // max(w, h))))
            img = img.convert("L")
            if max(img.size) > WORK_SIDE:
                k = WORK_SIDE / max(img.size)
                img = img.resize((max(1, round(img.size[0] * k)), max(1, round(img.size[1] * k))), Image.BILINEAR,
                                 reducing_gap=2.0)
            return np.asarray(img, dtype=np.uint8)
    except Refused:
        raise
    except (UnidentifiedImageError, Image.DecompressionBombError):
        raise Refused("this is not a photo pnpkit reads (a JPEG, PNG or WebP picture)") from None
    except (OSError, ValueError, SyntaxError) as e:
        raise Refused(f"the photo cannot be decoded ({type(e).__name__}): is it a complete file?") from None


def locate(grey) -> tuple[geometry.Sheet, object]:
    """The sheet in the photo and the homography from the photo to its flat picture (PX a mm)."""
    import cv2
    import numpy as np
    found = _marks(grey)
    games = geometry.readable()
    seen: dict[int, list] = {}
    for mark, corners in found:
        if mark in games:
            seen.setdefault(mark, []).append(corners)
    if not seen:
        raise Refused("no score sheet found: none of its four corner marks shows. Photograph the whole sheet, flat, "
                      "in good light, filling most of the picture")
    if any(len(v) > 1 for v in seen.values()) or len({games[m] for m in seen}) > 1:
        raise Refused("the photo holds two sheets: photograph one sheet at a time")
    sheet = geometry.sheet(games[next(iter(seen))])
    if len(seen) < 3:
        raise Refused(f"only {len(seen)} of the sheet's 4 corner marks show: photograph the whole sheet, its four "
                      "corners in the picture")
    src, dst = [], []
    for mark, x, y, side in sheet.marks:
        if mark in seen:
            src += list(seen[mark][0])
            dst += [(x * PX, y * PX), ((x + side) * PX, y * PX), ((x + side) * PX, (y + side) * PX), (x * PX, (y + side) * PX)]
    src_a, dst_a = np.array(src, dtype=np.float64), np.array(dst, dtype=np.float64)
    homography, _ = cv2.findHomography(src_a, dst_a, 0)
    if homography is None:
        raise Refused("the sheet's corner marks do not make a flat sheet: lay it flat and photograph it again")
    back = cv2.perspectiveTransform(src_a.reshape(-1, 1, 2), homography).reshape(-1, 2)
    if float(np.abs(back - dst_a).max()) > 1.5 * PX:
        raise Refused("the sheet is bent or folded (its corner marks do not lie on one flat sheet): lay it flat")
    per_mm = np.linalg.norm(src_a[0] - src_a[1]) / (sheet.marks[0][3])
    if per_mm < 3.0:
        raise Refused("the sheet is too small in the photo: come closer, so that the sheet fills most of the picture")
    return sheet, homography


def _marks(grey) -> list[tuple[int, list]]:
    """Each ArUco 4x4 mark found: its id and its four corners (as printed: top-left first)."""
    import cv2
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)
    corners, ids, _ = detector.detectMarkers(grey)
    if ids is None:
        return []
    return [(int(i), [tuple(p) for p in c.reshape(4, 2)]) for i, c in zip(ids.flatten(), corners)]


def ink_of(flat):
    """How dark each pixel is against the paper around it: 0 white paper (in light or shadow), 1 black."""
    import cv2
    import numpy as np
    k = int(CLOSE * PX) | 1
    paper = cv2.morphologyEx(flat, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    paper = cv2.blur(paper, (5, 5)).astype(np.float32) + 1.0
    return np.clip(1.0 - flat.astype(np.float32) / paper, 0.0, 1.0)


def judge(sheet: geometry.Sheet, ink) -> Reading:
    """Each tick box ticked, blank or unsure, by the ink inside its outline."""
    ticked, unsure, measured = {}, [], {}
    dark = (ink > DARK).astype("float32")
    for name, rect in sheet.ticks:
        level = _inside(ink, dark, rect)
        measured[name] = level
        ticked[name] = level >= TICKED
        if BLANK < level < TICKED:
            unsure.append(name)
    return Reading(sheet.game, ticked, tuple(unsure), measured)


def _inside(ink, dark, rect: geometry.Rect) -> float:
    """The share of dark pixels inside a box's printed outline, the box found again (in `ink`)
    near where it should be."""
    import numpy as np
    x, y, w, h = (v * PX for v in rect)
    r = int(round(SEARCH * PX))
    x0, y0, x1, y1 = int(round(x)) - r, int(round(y)) - r, int(round(x + w)) + r, int(round(y + h)) + r
    window = ink[max(0, y0):y1 + 1, max(0, x0):x1 + 1]
    dx, dy = _outline(window, int(round(w)), int(round(h)), r)
    i = int(round(INSET * PX))
    ax, ay = max(0, x0) + dx + i, max(0, y0) + dy + i
    inner = dark[ay:ay + int(round(h)) - 2 * i, ax:ax + int(round(w)) - 2 * i]
    return float(np.mean(inner)) if inner.size else 1.0


def _outline(window, w: int, h: int, r: int) -> tuple[int, int]:
    """Where in `window` the box's outline lies (its top-left, 0..2r each way): the shift whose
    four sides hold the most ink."""
    best, where = -1.0, (r, r)
    for dy in range(0, 2 * r + 1):
        for dx in range(0, 2 * r + 1):
            if dx + w >= window.shape[1] or dy + h >= window.shape[0]:
                continue
            # the outline's four sides: two columns and two rows of the window, over the box's span
            s = (window[dy:dy + h + 1, dx].sum() + window[dy:dy + h + 1, dx + w].sum()
                 + window[dy, dx:dx + w + 1].sum() + window[dy + h, dx:dx + w + 1].sum())
            if s > best:
                best, where = s, (dx, dy)
    return where
