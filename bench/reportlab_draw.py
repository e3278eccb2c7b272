"""The floor of bench/build.py's whole-process ratio: a Python process that draws a kit's pages with
reportlab alone, and nothing of pnpkit.

    python bench/reportlab_draw.py OPS OUT.pdf

OPS is written by bench/plain_draw.py (`record_ops`): for each PDF a `pnpkit build` draws (the
kit's pages; its score sheets to fill in, if it has any), reportlab's own calls in order, as the
plain drawing program makes them, with the fonts to register. This process imports reportlab,
registers the same TrueType fonts, replays the calls on a canvas per PDF and writes them (the
kit's pages to OUT.pdf, the score sheets to OUT-fillable.pdf): what a whole `pnpkit build`
process would cost if it were reportlab and nothing else.
"""
from __future__ import annotations

import marshal
import sys

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas


def main(ops_file: str, out: str) -> None:
    with open(ops_file, "rb") as f:
        fonts, initial, docs = marshal.load(f)
    for name, path in fonts:
        pdfmetrics.registerFont(TTFont(name, path))
    rl_config.useA85 = 0            # the backend's stream filters: Flate, no ASCII85
    for size, ops, suffix in docs:
        draw(ops, out if not suffix else f"{out[:-4]}-{suffix}.pdf", size, initial)


def draw(ops: list, out: str, size: tuple, initial: str) -> None:
    c = Canvas(out, pagesize=size, invariant=1, pageCompression=1, initialFontName=initial, initialFontSize=8)
    for name, args, kwargs, path in ops:
        if name == "acroForm.textfield":
            c.acroForm.textfield(**kwargs)
        elif path is None:
            getattr(c, name)(*args, **kwargs)
        else:
            p = c.beginPath()
            for op in path:
                getattr(p, op[0])(*op[1:])
            getattr(c, name)(p, *args, **kwargs)
    # the last call was save(): the PDF written


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
