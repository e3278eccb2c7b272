"""The kit's fonts for a web page: each one cut down to the characters the page uses (fontTools).

An SVG names its fonts by family (generator.fonts.SVG_FAMILY); a page that must look the same on
any machine, offline, carries them. Whole, the seven fonts weigh 4.7 MB; subset to a replay page's
characters they are a few kilobytes each, embedded as WOFF data. Kerning and hinting are left out:
with them a subset takes 0.4 s a font instead of 0.06 s, for differences a screen hardly shows.
"""
from __future__ import annotations

import base64
import io
import logging
from functools import lru_cache

from fontTools import subset
from fontTools.ttLib import TTFont

from pnpkit.generator.fonts import FONTS, SVG_FAMILY, font_path


@lru_cache(maxsize=64)
def _subset(filename: str, chars: str) -> bytes:
    logging.getLogger("fontTools").setLevel(logging.ERROR)   # it tells of every table it drops
    font = TTFont(font_path(filename), lazy=True)
    options = subset.Options()
    options.flavor = "woff"          # zlib-compressed: no extra module needed
    options.layout_features = []
    options.hinting = False
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "FFTM"]
    options.name_IDs = [1, 2]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(text=chars)
    sub.subset(font)
    buf = io.BytesIO()
    font.flavor = "woff"
    font.save(buf)
    return buf.getvalue()


def font_faces(text: str, styles: tuple[str, ...] = tuple(FONTS)) -> str:
    """CSS @font-face rules for `styles`, each subset to the characters of `text`."""
    chars = "".join(sorted(set(text) | {chr(c) for c in range(32, 127)}))   # and all of ASCII, for the page's own words
    out = []
    for style in styles:
        family, weight = SVG_FAMILY[style]
        data = base64.b64encode(_subset(FONTS[style][1], chars)).decode("ascii")
        out.append(f"@font-face{{font-family:'{family}';font-weight:{'700' if weight == 'bold' else weight if weight != 'normal' else '400'};"
                   f"src:url(data:font/woff;base64,{data}) format('woff');}}")
    return "\n".join(out)
