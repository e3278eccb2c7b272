"""How large a designer's picture may be, and the one error every refusal raises.

A picture comes from a stranger as much as a kit file does, so each bound below is far beyond
real art and far below what would make pnpkit hang or eat memory (docs/safety.md). Each refusal
is one line naming the file; the kit file's line is added where the picture is named.
"""
from __future__ import annotations

from pnpkit.kitfile.errors import InputError

MAX_SVG_BYTES = 5_000_000       # an SVG file (a detailed card illustration is 50-500 KB)
MAX_RASTER_BYTES = 30_000_000   # a PNG or JPEG file
MAX_PIXELS = 36_000_000         # 6000 x 6000: a 500 x 500 mm board at 300 dpi is 34.9 million
MAX_SIDE = 15_000               # pixels on a picture's long side: A0's 1189 mm at 300 dpi is 14,043
MAX_ELEMENTS = 10_000           # SVG elements, counting every <use> as the copy it makes
MAX_NUMBERS = 200_000           # numbers in path data and point lists, <use> copies included
MAX_CSS_RULES = 2_000           # rules of an SVG's style sheets (each is matched against every element)
MAX_DEPTH = 100                 # nesting of SVG elements (and of <use> inside <use>)
MAX_ATTRIBUTES = 200            # attributes of one SVG element (SVG has about 60 presentation attributes)
MAX_DIMENSION = 1_000_000.0     # an SVG's width, height and viewBox values, in its own units
MAX_NUMBER = 1_000_000.0        # any number an SVG writes (a coordinate, a font size, a scale)
MAX_DRAWN = 10_000_000.0        # a coordinate or a font size once the SVG's transforms are applied
MAX_TEXT = 1_000                # characters of one SVG text element
# One kit's pictures together (budget.py): what the largest kit pnpkit accepts costs at most about
# 5 s and 500 MB to build (one 6000 x 6000 picture decoded is 108 MB; writing it takes ~1.5 s).
MAX_KIT_PIXELS = 40_000_000     # decoded pixels, each distinct picture once: 50 poker cards at 300 dpi
MAX_KIT_ELEMENTS = 100_000      # shapes the kit's pictures draw, every copy counted
MAX_KIT_NUMBERS = 1_000_000     # coordinates the kit's pictures draw, every copy counted
MIN_DPI = 300                   # a raster printed coarser than this gets a warning
MIN_PIXELS = 4_000_000          # a picture larger than this (2000 x 2000: 16 MB decoded) is printed reduced
#                                 (resolution.py) and keeps its own bytes (source.py); a smaller one is cheap
#                                 whatever is done


class PictureError(InputError, ValueError):
    """A picture pnpkit will not read: the message says why, in one line."""
