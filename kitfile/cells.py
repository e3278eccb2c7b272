"""Text from a kit (or a family's history), made safe to open in a spreadsheet: every table pnpkit
writes (png/index.csv, the TTS deck's .txt and .json, `pnpkit serve`'s history as CSV, and any
export to come) passes its text cells through `no_formula`. Here, below the generator and the
table's web app, so both write through the one helper.

A stranger's kit can title a card `=cmd|' /C calc'!A0`. Written as it is at the start of a cell,
Excel, LibreOffice and Google Sheets read it as a formula (CSV or formula injection), and a
spreadsheet also opens .txt and .json files. OWASP's escaping: a text that begins with `=`, `+`,
`-`, `@`, a tab or a carriage return gets a single quote in front (`'=cmd...`), which the
spreadsheet shows as text; a plain number (`-3`, `+2.5`) is a value, not a formula, and stays.
"""
from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from typing import Any

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?")


def no_formula(value: Any) -> str:
    """`value` as text that no spreadsheet runs."""
    text = str(value)
    if text.startswith(FORMULA_START) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def csv_bytes(rows: Iterable[Iterable[Any]]) -> bytes:
    """A CSV file (UTF-8, `\\n` line ends) whose every cell went through `no_formula`."""
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows([no_formula(v) for v in row] for row in rows)
    return buf.getvalue().encode("utf-8")
