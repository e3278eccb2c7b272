"""What a deck file may hold, and the error that says it does not: the one set of limits that
both readers count against while they read, the CSV reader (kitfile/decks.py) and the .xlsx
reader (kitfile/xlsx.py). docs/safety.md lists them for people.
"""
from __future__ import annotations

from pnpkit.kitfile.errors import InputError

MAX_BYTES = 5_000_000       # a deck file (a 10,000-row CSV is about 1 MB)
MAX_UNZIPPED = 50_000_000   # what an .xlsx (a zip) may unpack to: a "zip bomb" is refused from its index
MAX_COLUMNS = 100
MAX_CELL = 20_000           # characters, as a kit file's text value
MAX_ROW_CELLS = 1_000       # cells a row may hold in a file (empty ones too); only MAX_COLUMNS may be named
MAX_CELLS = 100_000         # cells in a whole deck file (empty ones too): as a kit file's values


class DeckError(InputError, ValueError):
    """A deck file pnpkit cannot read: `where` is "file row N, column X (name)" or the file."""
