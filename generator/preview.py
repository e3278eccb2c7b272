"""PNG previews of a built PDF (pypdfium2), one per page: what the printer will put on paper."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pypdfium2

from generator.atomic import Batch


def render_pages(pdf_path: Path | str, dpi: int = 100):
    """Yield each page as a PIL image."""
    pdf = pypdfium2.PdfDocument(str(pdf_path))
    try:
        for i in range(len(pdf)):
            page = pdf[i]
            yield page.render(scale=dpi / 72).to_pil()
            page.close()
    finally:
        pdf.close()


def preview_pdf(pdf_path: Path | str, out_dir: Path | str, dpi: int = 100) -> list[Path]:
    """Write out_dir/page-NN.png for every page (all or nothing); remove stale ones."""
    out_dir = Path(out_dir)
    paths: list[Path] = []
    with Batch() as batch:
        images = list(render_pages(pdf_path, dpi))
        width = max(2, len(str(len(images))))
        for i, img in enumerate(images, 1):
            buf = io.BytesIO()
            img.save(buf, format="PNG")
            path = out_dir / f"page-{i:0{width}d}.png"
            batch.write(path, buf.getvalue())
            paths.append(path)
    keep = {p.name for p in paths}
    for old in out_dir.iterdir():
        if re.fullmatch(r"page-\d+\.png", old.name) and old.name not in keep:
            old.unlink()
    return paths
