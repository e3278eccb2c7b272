"""YAML (and JSON) read with the line of every value, and errors that point at it.

Kit files and records are written by people, and shared by strangers; when one is wrong the
message must name the file, the line and the field (`kits/x.yaml:12: components[2].size: ...`) and
stay short. kitfile/safeyaml.py reads the YAML (plain data only, within limits, each value's line
kept); msgspec (kitfile/structs.py) validates; `validate()` turns its problem into the same
`file:line: field: message` form.
"""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, TypeVar

from pnpkit.kitfile.errors import LINE_MAX, MESSAGE_MAX, Problem, SourceError, field_name  # noqa: F401 (re-exported)
from pnpkit.kitfile.quickyaml import read as quick
from pnpkit.kitfile.safeyaml import LIMITS, Limits, YamlProblem, check, compose, decode, read

Path_ = tuple  # a path into the data: ("components", 2, "size")
M = TypeVar("M")


@dataclass
class Source:
    """Parsed data plus the line each path starts on."""

    file: str
    data: Any
    lines: dict[Path_, int]
    links: dict[Path_, Path_] = field(default_factory=dict)  # alias or merge -> where it was written
    decks: dict[Path_, Any] = field(default_factory=dict)  # a list read from a deck file -> its Origin (kitfile/decks.py)
    ascii: bool = False  # the text was all ASCII (a record then needs no comparing: scorer/records.py)
    sheet: bool = False     # read from a filled score sheet (pnpkit/reading.py tells its places in words)

    def line_of(self, path: Iterable[Any]) -> int | None:
        """The line of the deepest part of `path` that the file wrote. Inside an alias's (or a
        merge key's) content that is the line in the anchor that wrote it; the alias itself is
        reported where it is used."""
        path = tuple(path)
        for _ in range(64):  # a link leads to an anchor written earlier: a chain, never a loop
            for cut in range(len(path), -1, -1):
                prefix = path[:cut]
                if prefix in self.links and (cut < len(path) or prefix not in self.lines):
                    path = self.links[prefix] + path[cut:]
                    break
                if prefix in self.lines:
                    return self.lines[prefix]
            else:
                return None
        return self.lines.get(())

    def field_of(self, path: Iterable[Any]) -> str:
        """The field's name; inside rows read from a deck file, the file, row and column instead
        (`cards.csv row 5, column C (points)`), which is where the person mends it."""
        path = tuple(path)
        for cut in range(len(path), 0, -1):
            origin = self.decks.get(path[:cut])
            if origin is not None:
                return origin.where(path[cut:])
        return field_name(path)

    def error(self, path: Iterable[Any], message: str) -> SourceError:
        path = tuple(path)
        return SourceError(self.file, [Problem(self.line_of(path), self.field_of(path), message)])


def read_text(path: str | Path, display: str | None = None, limits: Limits = LIMITS) -> tuple[str, str]:
    """A file's text, read as a stranger's file is read: a regular file only (never a device or a
    pipe that could block or never end), at most `limits.bytes`, UTF-8 with the first bad byte
    reported where it is."""
    display = display or str(path)
    return text_of(read_bytes(path, display, limits.bytes + 1), display, limits), display


def read_bytes(path: str | Path, display: str, most: int) -> bytes:
    """At most `most` bytes of a regular file (never a device or a pipe); SourceError otherwise."""
    def problem(message: str, line: int | None = None) -> SourceError:
        return SourceError(display, [Problem(line, "", message)])

    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise problem("is a folder, expected a YAML or JSON file")
        if not stat.S_ISREG(info.st_mode):
            raise problem("is not a regular file (a device or a pipe), expected a YAML or JSON file")
        return _read_at_most(path, most, info.st_size)
    except FileNotFoundError:
        raise problem("no such file") from None
    except OSError as e:
        raise problem(e.strerror or str(e)) from None


def _read_at_most(path: str | Path, most: int, size: int) -> bytes:
    """At most `most` bytes of a regular file. The first read asks for the size the file says it
    has (plus one, to meet the end), not for `most`: a read allocates what it asks for, and 2 MB
    a record was most of the time a small record took to read. A file that grew since is read on
    in blocks, still to `most` at the most."""
    fd = os.open(path, os.O_RDONLY)
    try:
        parts = []
        want = min(size + 1, most)
        while most > 0:
            block = os.read(fd, want)
            if not block:
                break
            parts.append(block)
            most -= len(block)
            want = min(max(want, 65536), most)
        return b"".join(parts)
    finally:
        os.close(fd)


BINARY = ((b"%PDF-", "a PDF"), (b"\x89PNG", "a PNG picture"), (b"PK\x03\x04", "a zip file (an .xlsx, .docx or .zip)"),
          (b"\xff\xd8\xff", "a JPEG picture"), (b"GIF8", "a GIF picture"))
"""Files people hand pnpkit by mistake, by their first bytes: named as what they are, not as bad UTF-8."""


def text_of(raw: bytes, display: str, limits: Limits = LIMITS) -> str:
    """Bytes (a file's or standard input's) -> text, or one SourceError with the line."""
    kind = next((what for magic, what in BINARY if raw.startswith(magic)), None)
    if kind:
        raise SourceError(display, [Problem(None, "", f"this is {kind}, not a YAML or JSON text file: pnpkit reads "
                                                      "records and kit files written as text (docs/records.md, "
                                                      "docs/kit-file.md)")])
    try:
        if len(raw) > limits.bytes:
            cut = raw[: limits.bytes]
            raise YamlProblem(cut.count(b"\n") + 1, f"the file is larger than {limits.bytes // 1_000_000} MB "
                                                    "(a kit file or record is a few KB)")
        return decode(raw)
    except YamlProblem as e:
        raise SourceError(display, [Problem(e.line, "", e.message)]) from None


def load_file(path: str | Path, display: str | None = None) -> Source:
    text, display = read_text(path, display)
    return parse(text, display)


def parse(text: str, file: str, limits: Limits = LIMITS, lines: bool = True) -> Source:
    """Parse YAML (JSON is YAML) safely, within `limits`, keeping each value's line; duplicate
    keys and tags other than the plain ones are errors (kitfile/safeyaml.py).

    `lines=False`: a text of the plainest shape is read quickly, without its lines
    (kitfile/quickyaml.py), which are read when first asked for (a problem is being reported);
    anything else is read as above. Reading many records, most of which are right, does this."""
    try:
        if lines:
            parsed = read(text, limits)
        else:
            check(text, limits)
            data = quick(text, limits)
            if data is not None:
                return _Unlined(file, data, text, limits)
            parsed = compose(text, limits)
    except YamlProblem as e:
        raise SourceError(file, [Problem(e.line, field_name(e.field), e.message)]) from None
    return Source(file, parsed.data, parsed.lines, parsed.links, ascii=text.isascii())


class _Unlined(Source):
    """A Source read without its lines (`parse(..., lines=False)`): the text is read again, the
    usual way, for its lines and links when they are first asked for. The same text gives the
    same data either way (tests/kitfile/test_quickyaml.py)."""

    def __init__(self, file: str, data: Any, text: str, limits: Limits):  # noqa: D107 (not the dataclass's)
        self.file, self.data, self.decks, self.ascii = file, data, {}, text.isascii()
        self._text, self._limits = text, limits
        self._lined: tuple[dict, dict] | None = None

    @property
    def lines(self) -> dict[Path_, int]:  # type: ignore[override]
        return self._read()[0]

    @property
    def links(self) -> dict[Path_, Path_]:  # type: ignore[override]
        return self._read()[1]

    def _read(self) -> tuple[dict, dict]:
        if self._lined is None:
            parsed = compose(self._text, self._limits)  # checked before it was read quickly
            self._lined = (parsed.lines, parsed.links)
        return self._lined


def validate(model: type[M], source: Source, at: Path_ = (), data: Any = None) -> M:
    """Validate `data` (default: the whole source) as `model` (a kitfile/structs.Strict), its
    problem mapped to its line.

    `at` is where `data` sits in the file, so a kit's `params` block validated on its own
    still reports `params.rows[2]` on the right line.
    """
    from pnpkit.kitfile import structs
    data = source.data if data is None else data
    try:
        return structs.convert(data, model)
    except structs.Invalid as e:
        full = at + e.at
        raise SourceError(source.file, [Problem(source.line_of(full), source.field_of(full), e.message)]) from None


def as_model(model: type[M], data: Any) -> M:
    """`data` as `model`, its problem raised as kitfile/structs.Invalid (a ValueError): for data made
    by code (a simulated record), whose problem is a bug, not a person's to mend at a line."""
    from pnpkit.kitfile import structs
    return structs.convert(data, model)
