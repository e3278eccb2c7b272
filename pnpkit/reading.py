"""Reading a record: its text (a YAML or JSON file, standard input, or a filled fillable score
sheet), then its game, the validated record and the game's kit.

The commands that read records load this module when they run, never at start-up: it imports the
YAML reader, and the scorer's games and msgspec when the first record is read (a record's text
alone, which is what a cluster's client reads, needs neither). `pnpkit score FOLDER` reads ten thousand records
through it, so its names are bound here once rather than imported again for each record.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NamedTuple

from pnpkit.kitfile.errors import SourceError
from pnpkit.kitfile.safeyaml import LIMITS
from pnpkit.kitfile.source import Source, parse, read_bytes, text_of
from pnpkit.scorer.pdf_limits import PDF_MAX_BYTES, is_pdf


class Read(NamedTuple):
    """A record read: its game (scorer.game.Game), the validated record, the game's kit (params only) and the
    parsed source (for a command's own refusals, at their line)."""

    game: Any
    record: Any
    kit: Any
    source: Source


def record_text(record: str) -> tuple[str, str]:
    """(the record's text, its display name): a YAML or JSON file, standard input (`-`), or a filled
    fillable score sheet read as the record it holds. Every problem is a SourceError, with its line."""
    if record == "-":
        file = "<stdin>"
        stream = getattr(sys.stdin, "buffer", None)
        raw = stream.read(PDF_MAX_BYTES + 1) if stream is not None else sys.stdin.read(LIMITS.bytes + 1).encode("utf-8")
        return (_sheet(raw, file) if is_pdf(raw) else text_of(raw, file)), file
    return file_text(record, record), record


def file_text(path: str, name: str) -> str:
    """A record file's text (a filled sheet's, read as the record it holds), named `name` in its
    problems (a cluster's worker reads the user's `name` at its own `path`: pnpkit/many.py)."""
    # the file read once, then told apart (a PDF's mark is its first bytes): a folder of ten
    # thousand records paid a second open and stat for each
    raw = read_bytes(path, name, MOST)
    return _sheet(raw, name) if is_pdf(raw) else text_of(raw, name)


def _sheet(raw: bytes, name: str) -> str:
    """A filled fillable sheet's record, as YAML text, read in a process of its own under the
    operating system's limits (pnpkit/limited.py: 3 s of CPU, 400 MB) by `sheet_text`."""
    from pnpkit import limited
    return limited.read("sheet", raw, name)


def sheet_text(raw: bytes, name: str) -> str:
    """A filled fillable sheet's record, as YAML text (the forms are imported only for a sheet)."""
    from pnpkit.scorer import pdfform
    return pdfform.record_text(raw, name)


def upload_text(raw: bytes, name: str) -> str:
    """A file uploaded to `pnpkit serve`'s history, as `pnpkit score` reads it (a record, or a
    filled sheet), scored once to refuse it here if it cannot be: its record's text. Run in a
    process of its own under limits (pnpkit/serve/uploads.py)."""
    text = sheet_text(raw, name) if is_pdf(raw) else text_of(raw, name)
    from pnpkit.scorer import api
    from pnpkit.scorer.pad import is_pad_record
    if not is_pad_record(parse(text, name).data):   # a pad's needs its kit, which the server knows
        api.score_text(text, name)
    return text


MOST = max(LIMITS.bytes, PDF_MAX_BYTES) + 1
"""Bytes read of a record file at the most: one more than the larger of a text's and a sheet's limit."""


def read(record: str, heads: dict | None = None) -> Read:
    """Read a record and its game; `-` reads standard input. `heads`: scorer.api.read_record."""
    text, file = record_text(record)
    return read_text(text, file, record, heads)


def read_text(text: str, file: str, record: str, heads: dict | None = None, sent: "Beside | None" = None) -> Read:
    """A record's text read as `read` reads it, in this process or on a cluster's worker (pnpkit/many.py):
    `file` names it in messages, `record` is where its file lies as this process reaches it (`-`:
    standard input), whose folder holds what the record names beside it (a photo of a sheet, a
    designer's kit). `sent`: those, read by a process that sees that folder (`beside`), for one
    that does not: then nothing is read from this process's own files."""
    source = parse(text, file, lines=False)  # every reading problem is a SourceError, with its line (read when asked)
    if text.startswith("#"):                 # a filled sheet's record opens with kitfile/forms' SHEET_HEAD (the
        from pnpkit.kitfile.forms import SHEET_HEAD     # forms, ~3 ms, imported for a record that may be one)
        source.sheet = text.startswith(SHEET_HEAD)
    if _photos(source.data):                 # a player's sheet given as a photo beside the record (pnpkit/photo/)
        from pnpkit.photo.sheets import fill
        fill(source, record, None if sent is None else sent.photos)
    folder = pad_kit = None
    if isinstance(source.data, dict) and "kit" in source.data:   # a designer's record: its kit beside it
        if sent is not None:
            pad_kit = sent.kit if sent.kit is not None else source.error(("kit",), "the kit was not sent with the record")
        elif record != "-":
            folder = Path(record).parent
    return Read(*(_read_record or _scorer())(source, heads, folder, pad_kit), source)


class Beside(NamedTuple):
    """What a record names beside it, read by a process that sees its folder, for one that does not
    (a cluster's worker elsewhere): its designer's kit (or the SourceError finding it gave), and
    its players' photos by their places (scorer/pad.py `kit_of`, photo/sheets.py `photos_of`)."""

    kit: Any = None
    photos: dict = {}


NOTHING = Beside()


def beside(text: str, file: str, record: str) -> Beside:
    """What the record in `text` names beside it, read here as `read_text` would read it; NOTHING
    for the many records that name nothing (told by a look at the text: `kit` and `photo` written,
    or an escape that could spell them), which are not parsed here."""
    if "kit" not in text and "photo" not in text and "\\" not in text:
        return NOTHING
    try:
        source = parse(text, file, lines=False)
    except SourceError:
        return NOTHING                       # the worker says why, reading the text
    kit, photos = None, {}
    if _photos(source.data):
        from pnpkit.photo.sheets import photos_of
        photos = photos_of(source, record)
    if isinstance(source.data, dict) and isinstance(source.data.get("kit"), str):
        from pnpkit.scorer.pad import kit_of
        try:
            kit = kit_of(source, source.data["kit"], None if record == "-" else Path(record).parent)
        except SourceError as e:
            kit = e
    if kit is None and not photos:
        return NOTHING
    return Beside(sendable(kit), {i: sendable(got) for i, got in photos.items()})


def sendable(got: Any) -> Any:
    """A refusal as another process may be sent it: the same error, without the exception it was
    raised in the handling of, nor its traceback (Dask pickles an exception with both, by tblib,
    and the inner one, a YAML reader's own, cannot be built again from its pickle). Not left to
    SourceError.__reduce__: the reducers tblib registers for every exception class, once distributed
    is imported, come before it."""
    return type(got)(got.file, got.problems) if isinstance(got, SourceError) else got


_read_record: Any = None  # scorer.api.read_record, bound by the first record read (`_scorer`)


def _scorer() -> Any:
    """scorer.api.read_record, imported when the first record is read: the scorer's games and
    msgspec are not imported for `record_text` alone (a cluster's client reads only the texts it
    sends); bound here once, for the ten thousand records of a folder."""
    global _read_record
    from pnpkit.scorer.api import read_record
    _read_record = read_record
    return read_record


def in_words(result: Any, read: Read) -> Any:
    """A filled sheet's result with each violation's place told as the players say it (`Ann's first
    goal card, Salty Mama`, not the record's `Ann, goals[0]`: the person never saw the record)."""
    if not getattr(read.source, "sheet", False):
        return result
    from dataclasses import replace
    from pnpkit.kitfile.forms import told
    from pnpkit.scorer.games import form
    players = read.source.data.get("players", [])
    result.violations = [replace(v, where=told(form(read.game.id, "sheets"), read.kit, v.where, players))
                         for v in result.violations]
    return result


def _photos(data: Any) -> bool:
    players = data.get("players") if isinstance(data, dict) else None
    return isinstance(players, list) and any(isinstance(p, dict) and "photo" in p for p in players)
