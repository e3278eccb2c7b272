"""PNG previews of a built PDF (pypdfium2), one per page: what the printer will put on paper."""
from __future__ import annotations

import io
from pathlib import Path
from typing import Iterator

import pypdfium2


def render_pages(pdf: Path | str | bytes, dpi: int = 100):
    """Yield each page of a PDF (a path or its bytes) as a PIL image."""
    doc = pypdfium2.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        for i in range(len(doc)):
            page = doc[i]
            yield page.render(scale=dpi / 72).to_pil()
            page.close()
    finally:
        doc.close()


def pngs_of(pdf: Path | str | bytes, dpi: int = 100) -> Iterator[bytes]:
    """Each page as PNG bytes; the build writes them with the PDF they show (build.write)."""
    for img in render_pages(pdf, dpi):
        buf = io.BytesIO()
        img.save(buf, format="PNG")
        yield buf.getvalue()
