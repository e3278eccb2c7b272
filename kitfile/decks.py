"""Decks from a spreadsheet: `{from: cards.csv}` (or an .xlsx, with `sheet:`) in place of a list.

Anywhere in a kit file's `params`, and as a card component's `deck`, the mapping
`{from: FILE}` stands for the list of rows of that file beside the kit file (kitfile/files.py:
its own folder, links followed and checked). The loader replaces it before anything is
validated, so the generator and the scorer read the very same rows: what is printed is what is
scored. A YAML anchor on it shares it (`bonus: &bonus {from: bonus.csv}` ... `deck: *bonus`).

A file's first row names the columns; every later row that is not empty is one mapping. A cell
that reads as a whole number is a number (`5`), as a decimal a decimal (`2.5`); an empty cell is
left out; a column named `needs.almond` fills `{needs: {almond: ...}}`. Every problem names the
file, the row and the column (`bonus.csv row 7, column C (points)`), both while reading and when
the kit's models or the card templates find a value wrong.
"""
from __future__ import annotations

import csv
import io
import math
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnpkit.kitfile.decklimits import MAX_BYTES, MAX_CELL, MAX_CELLS, MAX_COLUMNS, MAX_ROW_CELLS, DeckError
from pnpkit.kitfile.files import OutsideKit, resolve
from pnpkit.kitfile.units import MAX_COUNT

KEYS = {"from", "sheet"}

@dataclass(frozen=True)
class Origin:
    """Where a deck's rows came from: the file's name as written, each row's number in the file
    and each column's letter, so a problem with row 3's `points` reads `x.csv row 5, column C`."""

    file: str
    rows: tuple[int, ...]
    columns: tuple[tuple[str, str], ...]  # (key, letter)

    def where(self, rest: tuple) -> str:
        """`rest` is the path inside the deck: (row index, key, ...)."""
        if not rest or not isinstance(rest[0], int) or not 0 <= rest[0] < len(self.rows):
            return self.file
        text = f"{self.file} row {self.rows[rest[0]]}"
        if len(rest) > 1:
            key = str(rest[1])
            for name, letter in self.columns:
                if name == key or name.split(".", 1)[0] == key:
                    return f"{text}, column {letter} ({key})"
            return f"{text}, {key}"
        return text


def is_reference(value: Any) -> bool:
    return isinstance(value, dict) and "from" in value and set(value) <= KEYS and isinstance(value["from"], str)


def letter(i: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(65 + r) + out
    return out


def references(data: Any, path: tuple = ()) -> list[tuple[tuple, dict]]:
    """(path, {from, sheet}) of every deck reference in params and in the components' decks."""
    out: list[tuple[tuple, dict]] = []
    if not isinstance(data, dict):
        return out

    def walk(v: Any, p: tuple) -> None:
        if is_reference(v):
            out.append((p, v))
        elif isinstance(v, dict):
            for k, sub in v.items():
                walk(sub, p + (k,))
        elif isinstance(v, list):
            for i, sub in enumerate(v):
                walk(sub, p + (i,))

    walk(data.get("params"), ("params",))
    comps = data.get("components")
    if isinstance(comps, list):
        for i, c in enumerate(comps):
            if isinstance(c, dict) and is_reference(c.get("deck")):
                out.append((("components", i, "deck"), c["deck"]))
    return out


def locate(folder: Path | None, ref: dict) -> Path:
    name = ref["from"].strip()
    try:
        path = resolve(name, [folder] if folder else [], "deck file")
    except OutsideKit as e:
        raise DeckError(str(e)) from None
    if path is None:
        raise DeckError(f"no deck file {name!r} beside the kit file")
    ext = os.path.splitext(name.lower())[1]
    if ext not in (".csv", ".xlsx"):
        raise DeckError(f"the deck file {name!r} must be a .csv or an .xlsx file")
    if ext == ".csv" and ref.get("sheet") is not None:
        raise DeckError("`sheet` is for .xlsx files; a .csv file has one table")
    return path


def read(path: Path, name: str, sheet: Any = None) -> tuple[list[dict], Origin]:
    """The rows of a deck file, and where each came from."""
    size = os.path.getsize(path)
    if size > MAX_BYTES:
        raise DeckError(f"{name}: the file is {size / 1e6:.1f} MB: a deck file may be at most {MAX_BYTES // 1_000_000} MB")
    with open(path, "rb") as f:
        raw = f.read(MAX_BYTES + 1)
    if name.lower().endswith(".xlsx"):
        from pnpkit.kitfile import xlsx
        grid = xlsx.read(raw, name, sheet)
    else:
        grid = _csv(raw, name)
    return _rows(grid, name)


def _csv(raw: bytes, name: str) -> list[tuple[int, list[Any]]]:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise DeckError(f"{name} row {line}: not UTF-8 text (save it as CSV UTF-8)") from None
    if "\0" in text:
        raise DeckError(f"{name}: holds a NUL byte: not a CSV file")
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)  # Excel writes ; where , is the decimal point
    out: list[tuple[int, list[Any]]] = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    total = 0
    try:
        for cells in reader:
            total += len(cells)
            if len(cells) > MAX_ROW_CELLS or total > MAX_CELLS:
                raise DeckError(f"{name} row {reader.line_num}: " + (
                    f"more than {MAX_ROW_CELLS:,} cells (a deck has at most {MAX_COLUMNS} columns)"
                    if len(cells) > MAX_ROW_CELLS else f"the file passes {MAX_CELLS:,} cells"))
            out.append((reader.line_num, cells))
            if len(out) > MAX_COUNT + 1:
                raise DeckError(f"{name} row {reader.line_num}: more than {MAX_COUNT:,} rows")
    except csv.Error as e:
        raise DeckError(f"{name} row {reader.line_num}: {e}") from None
    return out


NUMBER = re.compile(r"[-+]?\d+")
DECIMAL = re.compile(r"[-+]?(\d+\.\d*|\.\d+)")


def _value(cell: Any, where: str) -> Any:
    """A cell as the kit file would have written it: numbers as numbers, text as text."""
    if cell is None:
        return None
    if isinstance(cell, bool):
        return cell
    if isinstance(cell, (int, float)):
        if abs(cell) > 1_000_000 or not math.isfinite(cell):  # a 500-digit int cannot become a float
            shown = cell if abs(cell) < 10**20 or not isinstance(cell, int) else \
                f"of about {int(abs(cell).bit_length() * 0.30103) + 1} digits"
            raise DeckError(f"{where}: the number {shown} is out of range (at most 1,000,000)")
        return int(cell) if isinstance(cell, float) and cell.is_integer() else cell
    if hasattr(cell, "isoformat"):  # a date in a spreadsheet stays text, as in a kit file
        return cell.isoformat()
    text = str(cell)
    if len(text) > MAX_CELL:
        raise DeckError(f"{where}: the text is {len(text):,} characters: at most {MAX_CELL:,}")
    if any(ord(ch) < 32 and ch not in "\t\n\r" for ch in text):
        raise DeckError(f"{where}: holds a control character")
    stripped = text.strip()
    if stripped == "":
        return None
    if NUMBER.fullmatch(stripped) and not (len(stripped.lstrip("+-")) > 1 and stripped.lstrip("+-")[0] == "0"):
        n = int(stripped)
        if abs(n) > 1_000_000:
            raise DeckError(f"{where}: the number {stripped} is out of range (at most 1,000,000)")
        return n
    if DECIMAL.fullmatch(stripped):
        return float(stripped)
    return text


def _rows(grid: list[tuple[int, list[Any]]], name: str) -> tuple[list[dict], Origin]:
    grid = [(n, cells) for n, cells in grid if any(c is not None and str(c).strip() for c in cells)]
    if not grid:
        raise DeckError(f"{name}: the file is empty (its first row names the columns)")
    head_row, head = grid[0]
    if len(head) > MAX_COLUMNS:
        raise DeckError(f"{name} row {head_row}: more than {MAX_COLUMNS} columns")
    keys: list[tuple[int, str]] = []
    for i, cell in enumerate(head):
        key = "" if cell is None else str(cell).strip()
        if not key:
            continue
        if len(key) > 200 or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)?", key):
            raise DeckError(f"{name} row {head_row}, column {letter(i)}: {key[:40]!r} is not a column name "
                            "(letters, digits, - and _, e.g. points or needs.almond)")
        if key in [k for _, k in keys]:
            raise DeckError(f"{name} row {head_row}, column {letter(i)}: the column {key!r} is named twice")
        keys.append((i, key))
    if not keys:
        raise DeckError(f"{name} row {head_row}: the first row must name the columns")
    rows: list[dict] = []
    numbers: list[int] = []
    for number, cells in grid[1:]:
        extra = [j for j, c in enumerate(cells) if c is not None and str(c).strip() and j not in dict(keys)]
        if extra:
            raise DeckError(f"{name} row {number}, column {letter(extra[0])}: a value in a column with no name")
        row: dict[str, Any] = {}
        for i, key in keys:
            v = _value(cells[i] if i < len(cells) else None, f"{name} row {number}, column {letter(i)} ({key})")
            if v is None:
                continue
            if "." in key:
                outer, inner = key.split(".", 1)
                if outer in row and not isinstance(row[outer], dict):
                    raise DeckError(f"{name} row {head_row}: columns {outer!r} and {key!r} both give {outer!r}")
                row.setdefault(outer, {})[inner] = v
            else:
                if isinstance(row.get(key), dict):
                    raise DeckError(f"{name} row {head_row}: columns {key!r} and {key}.… both give {key!r}")
                row[key] = v
        rows.append(row)
        numbers.append(number)
    return rows, Origin(name, tuple(numbers), tuple((k, letter(i)) for i, k in keys))
