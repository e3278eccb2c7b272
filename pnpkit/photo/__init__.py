"""Reading a photo of a printed score sheet (issue 41): `pnpkit score` of a record whose player
gives `photo: ann.jpg`, and `pnpkit serve`'s "Photograph the sheet".

The sheet is printed to be read (kits/nuts.yaml `score-sheet`): four ArUco corner marks, and every
box the camera reads a tick box. The reader (read.py) finds the marks with OpenCV's aruco module,
maps the sheet flat (a homography from the marks' corners), evens out the light, and looks at
each tick box: ticked, blank, or unsure. It never guesses: a box it is unsure of is named, for the
person to retake the photo or type what the box holds.

OpenCV is a large wheel (62 MB, with numpy 16 MB more), so it is the extra `pnpkit[photo]`:
without it, a photo is refused with one line naming the install (`missing()`).

    geometry.py   where the marks and the tick boxes lie on the printed sheet, in mm (the generator's)
    read.py       a photo's bytes -> each tick box ticked or not, and the unsure ones
    sheets.py     a record's photos read into its players (typed keys win), in a worker with limits
"""
from __future__ import annotations

INSTALL = 'pip install "pnpkit[photo]"'


def missing() -> str | None:
    """Why photos cannot be read here (OpenCV is not installed), or None."""
    try:
        import cv2  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        return f"reading a photo of a score sheet needs OpenCV: {INSTALL}"
    return None
