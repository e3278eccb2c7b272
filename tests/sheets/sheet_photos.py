"""Synthetic phone photos of the kit's own printed NUTS score sheet, each with its truth (issue 41).

The sheet is the kit PDF's page rendered (pypdfium2) and cut out where the manifest says the first
score sheet lies; pencil ticks, crosses and filled boxes are drawn in chosen tick boxes (and
scribbles in the name and points boxes, which are never read); then the sheet is photographed: laid
on a table at an angle, the camera tilted up to 15 degrees (perspective), a shadow across it,
uneven light, blur, noise and JPEG compression. tests/test_sheet_photo.py reads a sample of them,
bench/photos.py hundreds.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from pnpkit.photo import geometry

SCALE = 10.0     # px a mm of the rendered sheet the marks are drawn on
ROWS = (1, 3, 6, 10, 15, 21)
KINDS = ("almond", "cashew", "peanut", "pistachio")


@dataclass
class Truth:
    """What is on the sheet: the ticked boxes (form names) and the record they stand for."""

    ticked: set[str]
    record: dict = field(default_factory=dict)


def blank_sheet(built: Path, paper: str = "a4") -> np.ndarray:
    """The first NUTS score sheet of a built kit (OUT/nuts/), RGB at SCALE px a mm, as printed."""
    import pypdfium2 as pdfium
    manifest = json.loads((built / f"manifest-{paper}.json").read_text())
    piece = next(p for p in manifest["pieces"] if p["component"] == "score-sheet")
    pdf = pdfium.PdfDocument(str(built / f"nuts-{paper}.pdf"))
    page = pdf[piece["page"] - 1].render(scale=SCALE * 25.4 / 72).to_pil().convert("RGB")
    x, y = piece["x_mm"] * SCALE, piece["y_mm"] * SCALE
    return np.asarray(page.crop((round(x), round(y), round(x + piece["w_mm"] * SCALE), round(y + piece["h_mm"] * SCALE))))


def random_truth(rng: np.random.Generator) -> Truth:
    """A sheet as a game leaves it: columns filled from the top, markers ticked from the first box,
    a goal card or none, one to six bonus cards."""
    ticked: set[str] = set()
    sheet = {k: int(rng.integers(0, 7)) for k in KINDS}
    for k, n in sheet.items():
        ticked |= {f"{k}.{r}" for r in ROWS[:n]}
    salt, squirrel = int(rng.integers(0, 9)), int(rng.integers(0, 7))
    ticked |= {f"salt.{i}" for i in range(1, salt + 1)} | {f"squirrel.{i}" for i in range(1, squirrel + 1)}
    goals = [g for g in ("squirrel-buddy", "salty-mama") if rng.random() < 0.25]
    ticked |= {f"goals.{g}" for g in goals}
    bonus = sorted(f"B{int(b):02d}" for b in rng.choice(np.arange(1, 25), size=int(rng.integers(1, 7)), replace=False))
    ticked |= {f"bonus.{b}" for b in bonus}
    return Truth(ticked, {"sheet": sheet, "salt": salt, "squirrel": squirrel, "goals": goals, "bonus": bonus})


def _pencil(rng) -> tuple[tuple[int, int, int], int]:
    g = int(rng.integers(45, 150))
    return (g, g, g + int(rng.integers(0, 12))), max(2, int(round(rng.uniform(0.3, 0.65) * SCALE)))


def _mark(draw: ImageDraw.ImageDraw, rng, rect, style: str) -> None:
    """A pencil mark in a tick box: a tick, a cross or the box filled in, by an unsteady hand."""
    x, y, w, h = (v * SCALE for v in rect)
    colour, width = _pencil(rng)
    s = rng.uniform(0.6, 1.3)
    cx, cy = x + w / 2 + rng.normal(0, w * 0.06), y + h / 2 + rng.normal(0, h * 0.06)
    def p(u, v):
        return (cx + (u - 0.5) * w * s + rng.normal(0, w * 0.03), cy + (v - 0.5) * h * s + rng.normal(0, h * 0.03))
    if style == "tick":
        draw.line([p(0.1, 0.55), p(0.4, 0.9), p(0.95, 0.05)], fill=colour, width=width, joint="curve")
    elif style == "cross":
        draw.line([p(0.1, 0.1), p(0.9, 0.9)], fill=colour, width=width)
        draw.line([p(0.9, 0.1), p(0.1, 0.9)], fill=colour, width=width)
    else:
        n = int(rng.integers(5, 9))
        pts = [p(0.12 + 0.76 * (i % 2), 0.1 + 0.8 * i / (n - 1)) for i in range(n)]
        draw.line(pts, fill=colour, width=max(width, int(0.08 * w)), joint="curve")


def _scribble(draw, rng, x, y, w, h) -> None:
    """Handwriting-like strokes in a box that is never read (a name, a total)."""
    colour, width = _pencil(rng)
    n = int(rng.integers(4, 14))
    xs = np.linspace(x + 0.15 * w, x + rng.uniform(0.4, 0.9) * w, n)
    ys = y + h * (0.55 + 0.25 * np.sin(np.arange(n) * rng.uniform(1, 3)))
    draw.line(list(zip(xs, ys)), fill=colour, width=width, joint="curve")


def marked(blank: np.ndarray, truth: Truth, rng) -> np.ndarray:
    """The blank sheet with the truth's boxes marked in pencil, and its name and totals written."""
    img = Image.fromarray(blank.copy())
    draw = ImageDraw.Draw(img)
    sheet = geometry.sheet("nuts")
    for name, rect in sheet.ticks:
        if name in truth.ticked:
            _mark(draw, rng, rect, str(rng.choice(["tick", "tick", "cross", "filled"])))
    for x, y, w, h in ((82, 6, 60, 5.5), (16, 104, 20, 5), (43, 104, 20, 5), (150, 104, 20, 5)):
        _scribble(draw, rng, x * SCALE, y * SCALE, w * SCALE, h * SCALE)
    return np.asarray(img)


def _camera(w_px: float, h_px: float, size: tuple[int, int], rng, tilt_max: float) -> np.ndarray:
    """The homography placing a w x h sheet picture in a photo of `size`: turned on the table, the
    camera tilted by up to `tilt_max` degrees about a random axis, the sheet filling 55-85% of it."""
    turn = math.radians(rng.uniform(-25, 25) + (180 if rng.random() < 0.1 else 0))
    tilt, axis = math.radians(rng.uniform(0, tilt_max)), rng.uniform(0, 2 * math.pi)
    corners = np.array([[-w_px / 2, -h_px / 2, 0], [w_px / 2, -h_px / 2, 0], [w_px / 2, h_px / 2, 0], [-w_px / 2, h_px / 2, 0]])
    rz = np.array([[math.cos(turn), -math.sin(turn), 0], [math.sin(turn), math.cos(turn), 0], [0, 0, 1]])
    ux, uy = math.cos(axis), math.sin(axis)
    c, s = math.cos(tilt), math.sin(tilt)
    rt = np.array([[c + ux * ux * (1 - c), ux * uy * (1 - c), uy * s],
                   [ux * uy * (1 - c), c + uy * uy * (1 - c), -ux * s],
                   [-uy * s, ux * s, c]])
    pts = corners @ rz.T @ rt.T
    d = 2.2 * w_px                                   # the camera's distance, in sheet pixels
    proj = pts[:, :2] / (pts[:, 2:3] + d) * d
    span = max(proj[:, 0].max() - proj[:, 0].min(), (proj[:, 1].max() - proj[:, 1].min()) * size[0] / size[1])
    k = rng.uniform(0.5, 0.85) * size[0] / span
    proj *= k
    lo, hi = proj.min(axis=0), proj.max(axis=0)
    room = np.array(size) - (hi - lo)
    proj += -lo + np.array([rng.uniform(0.1, 0.9) * room[0], rng.uniform(0.1, 0.9) * room[1]])
    import cv2
    src = np.array([[0, 0], [w_px, 0], [w_px, h_px], [0, h_px]], dtype=np.float32)
    return cv2.getPerspectiveTransform(src, proj.astype(np.float32))


def photograph(sheet: np.ndarray, rng, size=(4000, 3000), tilt_max: float = 15.0, quality=None, blur=None,
               noise=None, shadow: bool = True) -> bytes:
    """The marked sheet as a phone photographs it, as JPEG bytes."""
    import cv2
    h_px, w_px = sheet.shape[:2]
    H = _camera(w_px, h_px, size, rng, tilt_max)
    table = np.array([rng.integers(90, 170), rng.integers(70, 130), rng.integers(40, 100)], dtype=np.float32)
    # light, worked out at a quarter of the size: brighter on one side, and (most photos) the soft
    # shadow of a hand or a phone across the sheet; the table's grain
    small = (size[0] // 4, size[1] // 4)
    yy, xx = np.mgrid[0:small[1], 0:small[0]].astype(np.float32) * 4
    ang = rng.uniform(0, 2 * math.pi)
    light = rng.uniform(0.75, 1.0) + rng.uniform(0, 0.2) * (xx * math.cos(ang) + yy * math.sin(ang)) / max(size)
    if rng.random() < 0.7 and shadow:
        a = rng.uniform(0, 2 * math.pi)
        edge = (xx - rng.uniform(0.2, 0.8) * size[0]) * math.cos(a) + (yy - rng.uniform(0.2, 0.8) * size[1]) * math.sin(a)
        light = light * (1 - rng.uniform(0.25, 0.5) / (1 + np.exp(np.clip(-edge / rng.uniform(8, 60), -50, 50))))
    light = cv2.resize(light.astype(np.float32), size, interpolation=cv2.INTER_LINEAR)[..., None]
    grain = cv2.resize((np.sin(xx * rng.uniform(0.002, 0.01) + yy * rng.uniform(0.02, 0.06)) * 12).astype(np.float32),
                       size, interpolation=cv2.INTER_LINEAR)[..., None]
    out = cv2.warpPerspective(sheet, H, size, flags=cv2.INTER_AREA).astype(np.float32)
    mask = cv2.warpPerspective(np.full((h_px, w_px), 255, np.uint8), H, size, flags=cv2.INTER_LINEAR)[..., None]
    mask = mask.astype(np.float32) / 255
    out = (out * mask + (table + grain) * (1 - mask)) * light
    out = cv2.GaussianBlur(out, (0, 0), blur if blur is not None else rng.uniform(0.3, 3.0))
    out += rng.normal(0, noise if noise is not None else rng.uniform(2, 10), (size[1], size[0], 1)).astype(np.float32)
    q = int(quality if quality is not None else rng.integers(50, 93))
    ok, jpeg = cv2.imencode(".jpg", np.clip(out, 0, 255).astype(np.uint8)[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, q])
    assert ok
    return jpeg.tobytes()


def photo(blank: np.ndarray, seed: int, **options) -> tuple[bytes, Truth]:
    """One synthetic photo and its truth, the same for the same seed."""
    rng = np.random.default_rng(seed)
    truth = random_truth(rng)
    return photograph(marked(blank, truth, rng), rng, **options), truth
