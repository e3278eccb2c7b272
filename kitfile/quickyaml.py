"""A quick reader for the plainest YAML, the shape most records have; anything else is left to
kitfile/safeyaml.py.

`pnpkit score FOLDER` reads thousands of records, and pulling libyaml's events one Python object at
a time was most of what reading one cost. Most records (every record `pnpkit` writes, and most
written by hand) are block mappings and lists of plain words and numbers, one a line. This module
reads exactly that shape, a line at a time with one regular expression, and gives up (None) on
the first line that is anything else: a comment, a flow collection other than `[]` and `{}`, an
anchor, an alias, a tag, a multi-line or escaped text, a `---`, a tab, a key written twice, a
number out of bounds, indentation that is not the plain nesting of a block. Then the record is
read again by safeyaml, which reads any YAML and says what is wrong and on which line.

What it accepts it reads as safeyaml does: each plain word resolved by the same YAML 1.1 rules
(`safeyaml.resolve_plain`), quoted texts as written, a key with nothing after it null. It keeps no
lines: a record read here that turns out to be wrong is read again by safeyaml for its lines
(kitfile/source.py, `parse(..., lines=False)`), so every message names the line as before.
tests/test_quickyaml.py checks that both readers give the same data, or this one gives up.

Limits: a line longer than the shortest text limit (a key's), more values than the limit once
counted generously (two a line), or nesting near the depth limit: given up, so safeyaml refuses
them with its own words. There are no aliases here, so nothing expands.
"""
from __future__ import annotations

import re
from typing import Any

from pnpkit.kitfile.safeyaml import LIMITS, Limits, known_words, resolve_plain

_VALUE = (r"(?:(?:\w|[+\-][\w.])(?:[\w.+\- ]*[\w.+\-])?|'[^'\n]*'|\"[^\"\\\n]*\"|\[\]|\{\})")
_KEY = r"(\w[\w.\-]*)"
_LINE = re.compile(rf"( *)(?:- (?:{_KEY}:(?: ({_VALUE}))?|({_VALUE}))|{_KEY}:(?: ({_VALUE}))?)")
"""One line: `key: value`, `key:`, `- value`, `- key: value` or `- key:`, indented by spaces;
a value is a plain word or words (no `: `, ` #` or indicator), a quoted text without quotes or
escapes in it, `[]` or `{}`."""

_SEQ = object()  # a row's key when the row opens a list item holding a mapping (`- key: ...`)
_UNKNOWN = object()


class _GiveUp(Exception):
    """Not the plain shape: safeyaml reads it."""


def read(text: str, limits: Limits = LIMITS) -> Any:
    """The data of a text of the plain shape, or None (safeyaml reads it). The caller has checked
    the text's size and characters (safeyaml.read)."""
    rows = _rows(text, min(limits.key, limits.text))
    if not rows or 2 * len(rows) + 1 > limits.values:
        return None
    try:
        data, at = _block(rows, 0, 0, _Words(limits))
    except _GiveUp:
        return None
    return data if at == len(rows) else None


def _rows(text: str, longest: int) -> list[tuple[int, bool, Any, str | None]] | None:
    """(indent, is a list item, key or None or _SEQ, value text or None) for each line that is not
    blank; None if a line is not of the plain shape."""
    rows: list[tuple[int, bool, Any, str | None]] = []
    match = _LINE.fullmatch
    add = rows.append
    for line in text.split("\n"):
        if not line:
            continue
        m = match(line) if len(line) <= longest else None
        if m is None:
            return None
        indent, item_key, item_value, item, key, value = m.groups()
        n = len(indent)
        if key is not None:
            add((n, False, key, value))
        elif item_key is not None:      # `- key: ...`: a list item holding a mapping, at n + 2
            add((n, True, _SEQ, None))
            add((n + 2, False, item_key, item_value))
        else:
            add((n, True, None, item))
    return rows


class _Words:
    """Values of scalars, as safeyaml reads them."""

    def __init__(self, limits: Limits):
        self.largest = limits.number
        self.known = known_words(limits)
        self.deepest = limits.depth - 2  # given up a level before safeyaml's limit: it says so

    def value(self, text: str) -> Any:
        first = text[0]
        if first == "'" or first == '"':
            return text[1:-1]
        if first == "[" or first == "{":
            return [] if first == "[" else {}
        return self.word(text)

    def word(self, text: str) -> Any:
        out = self.known.get(text, _UNKNOWN)
        if out is _UNKNOWN:
            try:
                out = resolve_plain(text, self.largest, self.known)
            except ValueError:
                raise _GiveUp from None
        return out


def _block(rows: list, i: int, depth: int, words: _Words) -> tuple[Any, int]:
    """The mapping or list that starts at row i."""
    if depth > words.deepest:
        raise _GiveUp
    return (_list if rows[i][1] else _mapping)(rows, i, rows[i][0], depth, words)


def _mapping(rows: list, i: int, n: int, depth: int, words: _Words) -> tuple[dict, int]:
    out: dict = {}
    end = len(rows)
    while i < end:
        indent, item, key, value = rows[i]
        if indent < n:
            break
        if indent > n or item:
            raise _GiveUp
        key = words.word(key)
        if key in out:
            raise _GiveUp
        i += 1
        if value is not None:
            out[key] = words.value(value)
        elif i < end and (rows[i][0] > n or rows[i][0] == n and rows[i][1]):
            out[key], i = _block(rows, i, depth + 1, words)
        else:
            out[key] = words.word("")
    return out, i


def _list(rows: list, i: int, n: int, depth: int, words: _Words) -> tuple[list, int]:
    out: list = []
    end = len(rows)
    while i < end:
        indent, item, key, value = rows[i]
        if indent < n or indent == n and not item:
            break
        if indent > n:
            raise _GiveUp
        if key is _SEQ:
            if depth + 1 > words.deepest:
                raise _GiveUp
            got, i = _mapping(rows, i + 1, n + 2, depth + 1, words)
            out.append(got)
        else:
            out.append(words.value(value))
            i += 1
    return out, i
