"""Backends draw pages of shapes: `pdf.render(pages, w, h)` -> bytes, `svg.render_page(...)` -> str.

Both walk the same `Page.shapes()`; neither knows what a piece is.
"""
