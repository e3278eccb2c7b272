"""A PDF's page texts as a viewer extracts them (PDFium, through pypdfium2), each file read once.

PDFium extracts a kit's page in ~2 ms of CPU where pypdf's `extract_text` takes 30-150 ms (a board
page's art is a long content stream, which pypdf parses in Python); the words are the same, spaced
as drawn ("worth 7." where pypdf says "worth 7 ."). For the tests of what a page says; the tests of
where a word sits read pypdf's text positions."""
from __future__ import annotations

import functools
from pathlib import Path

import pypdfium2 as pdfium


def page_text(pdf: Path | str, n: int) -> str:
    """The text of page `n` (1-based) of `pdf`."""
    path = Path(pdf).resolve()
    stat = path.stat()
    return _texts(str(path), stat.st_mtime_ns, stat.st_size)[n - 1]


@functools.cache
def _texts(path: str, mtime_ns: int, size: int) -> tuple[str, ...]:
    """Every page's text, once a file as it is on disk (its time and size name the version)."""
    doc = pdfium.PdfDocument(path)
    try:
        out = []
        for page in doc:
            text = page.get_textpage()
            out.append(text.get_text_range().replace("\r\n", "\n"))
            text.close()
            page.close()
        return tuple(out)
    finally:
        doc.close()
