"""The base of every kit-file model, and the bounds of what a kit file may ask to print.

Every model refuses a key it does not know (a misspelt key is an error at its line, not a silent
default) and is frozen (what was read is what is printed).
"""
from __future__ import annotations

from pnpkit.kitfile.structs import Strict  # noqa: F401  (msgspec: kitfile/structs.py)


# Bounds of what can be printed (docs/safety.md): a kit file past them is refused at its line,
# before anything is drawn. Lengths and counts are bounded in kitfile/units.py.
MAX_ITEMS = 500    # regions, tracks, labels, boxes ... on one board or sheet
MAX_ROWS = 100     # rows and columns of a grid or score sheet, rows of a lattice
MAX_SPACES = 1000  # spaces of one track
# Font sizes on a piece: DESIGN.md's print conventions want 7 pt for anything read during play
# (generator/legibility.py holds every piece to it, drawings included); 144 pt fills a page.
MIN_PT, MAX_PT = 7.0, 144.0
