"""An .xlsx deck read within the deck limits (kitfile/decklimits.py) while it is read, not after.

An .xlsx is a zip of XML parts, and openpyxl (with defusedxml: no entity, no DTD, no network)
reads them. Left alone it reads a whole part before pnpkit can count anything: a 100 KB file
whose one row held 1.7 million cells took 20 s and 800 MB before "more than 100 columns", and a
table of 3.5 million shared strings 30 s and 400 MB. So, before openpyxl reads a part:

1. the zip's index: at most MAX_UNZIPPED bytes in 1,000 parts (a zip bomb is refused unopened);
2. every part but the worksheets (shared strings, styles, ...) at most MAX_TAGS XML tags, counted
   in the raw bytes, which costs milliseconds;
3. the worksheets: rows, cells and other elements counted as lxml streams them (one row held at a
   time), a row of more than MAX_ROW_CELLS cells, more than MAX_COUNT rows, more than MAX_CELLS
   cells or MAX_SHEET_ELEMENTS elements refused at the row where it happens;
4. then openpyxl reads the rows, cut to MAX_COLUMNS + 1 cells, and whatever it fails on (a cell
   naming a shared string the file does not hold: IndexError) is one message naming the row.
"""
from __future__ import annotations

import io
import zipfile
from typing import Any

from pnpkit.kitfile.decklimits import MAX_CELLS, MAX_COLUMNS, MAX_ROW_CELLS, MAX_UNZIPPED, DeckError
from pnpkit.kitfile.units import MAX_COUNT

MAX_PARTS = 1_000
MAX_TAGS = 4 * MAX_CELLS + 100_000  # a shared string is <si><t>..</t></si>: four tags a cell, and room for styles
MAX_SHEET_ELEMENTS = 3 * MAX_CELLS + MAX_COUNT + 10_000  # a cell and its value, rows, and room for the rest
SHEETS = "xl/worksheets/"


def read(raw: bytes, name: str, sheet: Any) -> list[tuple[int, list[Any]]]:
    """(row number, cells) of the sheet named (or the first), or DeckError naming the file and row."""
    try:
        z = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, OSError):
        raise DeckError(f"{name}: not an .xlsx file (an .xlsx is a zip archive)") from None
    with z:
        _check_index(z, name)
        _count_tags(z, name)
        _scan(z, [n for n in z.namelist() if n.startswith(SHEETS) and n.endswith(".xml")], name)
        import openpyxl  # loaded when a kit has an .xlsx deck
        try:
            book = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True, keep_links=False)
        except Exception as e:  # noqa: BLE001 - a stranger's file fails in many ways: one line
            raise DeckError(f"{name}: not an .xlsx file pnpkit can read ({type(e).__name__})") from None
        try:
            if sheet is None:
                ws = book.worksheets[0] if book.worksheets else None
            else:
                ws = book[str(sheet)] if str(sheet) in book.sheetnames else None
            if ws is None:
                raise DeckError(f"{name}: no sheet {sheet!r} (sheets: {', '.join(book.sheetnames) or 'none'})")
            return _rows(ws, name)
        finally:
            book.close()


def _check_index(z: zipfile.ZipFile, name: str) -> None:
    infos = z.infolist()
    total = sum(i.file_size for i in infos)
    if len(infos) > MAX_PARTS or total > MAX_UNZIPPED:
        raise DeckError(f"{name}: unpacks to {total / 1e6:.0f} MB in {len(infos)} parts: at most "
                        f"{MAX_UNZIPPED // 1_000_000} MB in {MAX_PARTS:,} (a zip bomb?)")


def _count_tags(z: zipfile.ZipFile, name: str) -> None:
    """Every part but a worksheet at most MAX_TAGS tags (`<` counted in the unpacked bytes; the
    zip reader stops at each part's size in the index, so this reads at most MAX_UNZIPPED bytes)."""
    for info in z.infolist():
        if info.filename.startswith(SHEETS) or info.is_dir():
            continue
        tags = 0
        try:
            with z.open(info) as f:
                while chunk := f.read(1 << 20):
                    tags += chunk.count(b"<")
                    if tags > MAX_TAGS:
                        raise DeckError(f"{name}: its part {info.filename[:80]} holds more than {MAX_TAGS:,} XML "
                                        f"tags (a deck has at most {MAX_CELLS:,} cells)")
        except (zipfile.BadZipFile, OSError, EOFError, RuntimeError, NotImplementedError) as e:
            raise DeckError(f"{name}: not an .xlsx file pnpkit can read ({type(e).__name__})") from None


def _scan(z: zipfile.ZipFile, parts: list[str], name: str) -> None:
    """The worksheets' rows, cells and other elements counted as lxml streams their XML (one row held
    at a time), before openpyxl reads them: openpyxl builds a whole row before it can cut it to
    MAX_COLUMNS, and walks a whole sheet to find its size when the sheet does not say it."""
    from lxml import etree
    rows = row_cells = cells = elements = 0
    for part in parts:
        try:
            with z.open(part) as f:
                for _, el in etree.iterparse(f, events=("start",), resolve_entities=False, no_network=True,
                                             load_dtd=False):
                    elements += 1
                    kind = el.tag.rpartition("}")[2] if isinstance(el.tag, str) else ""
                    if kind == "row":
                        rows, row_cells = rows + 1, 0
                        while el.getprevious() is not None:  # the rows before are read: forget them
                            del el.getparent()[0]
                        problem = rows > MAX_COUNT + 1 and f"more than {MAX_COUNT:,} rows"
                    elif kind == "c":
                        row_cells, cells = row_cells + 1, cells + 1
                        problem = (row_cells > MAX_ROW_CELLS and f"more than {MAX_ROW_CELLS:,} cells (a deck has "
                                   f"at most {MAX_COLUMNS} columns)") or (cells > MAX_CELLS and
                                                                        f"the file passes {MAX_CELLS:,} cells")
                    else:
                        problem = (elements > MAX_SHEET_ELEMENTS
                                   and f"the sheets pass {MAX_SHEET_ELEMENTS:,} XML elements")
                    if problem:
                        raise DeckError(f"{name} row {_row_number(el, rows)}: {problem}")
        except (etree.LxmlError, zipfile.BadZipFile, OSError, EOFError, RuntimeError) as e:
            raise DeckError(f"{name}: not an .xlsx file pnpkit can read ({type(e).__name__}: {_cut(str(e))})") from None


def _row_number(el: Any, counted: int) -> int:
    """The row's own number (`<row r="7">`) if it gives a sensible one, else the rows counted."""
    row = el if el.tag.rpartition("}")[2] == "row" else el.getparent()
    r = row.get("r") if row is not None else None
    return int(r) if r and r.isdigit() and len(r) < 8 else counted


def _rows(ws: Any, name: str) -> list[tuple[int, list[Any]]]:
    """The sheet's rows, cut to MAX_COLUMNS + 1 cells; a row openpyxl cannot read (a damaged file: a
    shared string that is not there, a bad number) is one message naming the file and the row."""
    out: list[tuple[int, list[Any]]] = []
    number = 0
    rows = ws.iter_rows(values_only=True, max_col=MAX_COLUMNS + 1)
    while True:
        number += 1
        try:
            row = next(rows, None)
        except Exception as e:  # noqa: BLE001 - a stranger's file fails in many ways: one line, its row
            why = ("a cell names a shared text the file does not hold" if isinstance(e, IndexError)
                   else f"{type(e).__name__}: {_cut(str(e))}")
            raise DeckError(f"{name} row {number}: cannot be read, the file is damaged here ({why})") from None
        if row is None:
            return out
        cells = list(row)
        while cells and cells[-1] is None:  # a sheet's rows run to its widest column
            cells.pop()
        out.append((number, cells))
        if number > MAX_COUNT + 1:
            raise DeckError(f"{name} row {number}: more than {MAX_COUNT:,} rows")


def _cut(text: str, width: int = 80) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
