"""A quick reader for the plainest YAML, the shape most records have; anything else is left to
kitfile/safeyaml.py.

`pnpkit score FOLDER` reads thousands of records, and pulling libyaml's events one Python object at
a time was most of what reading one cost. Most records (every record `pnpkit` writes, and most
written by hand) are block mappings and lists of plain words and numbers, one a line. This module
reads exactly that shape, a line at a time with one regular expression, and gives up (None) on
the first line that is anything else: an anchor, an alias, a tag, a multi-line or escaped text, a
`---`, a tab, a key written twice, a number out of bounds, indentation that is not the plain
nesting of a block. Then the record is read again by safeyaml, which reads any YAML and says what
is wrong and on which line.

People write records as docs/records.md shows them: with comments, and with a line's values in a
flow collection (`sheet: {almond: 3, cashew: 2}`, `bonus: [B05, B11]`, a player as one
`- {name: Ann, ...}`). Those are read here too: a comment on a line of its own or after a value
(` # ...`), and a flow mapping or list that opens and closes on its line, of plain words and
quoted texts (a key a plain word followed by `: `), nested up to FLOW_DEPTH. Anything else in a
flow collection (a key without a value, a trailing comma, a `#` or a `:` inside it, a quoted key,
a collection over two lines) is given up.

What it accepts it reads as safeyaml does: each plain word resolved by the same YAML 1.1 rules
(`safeyaml.resolve_plain`), quoted texts as written, a key with nothing after it null. It keeps no
lines: a record read here that turns out to be wrong is read again by safeyaml for its lines
(kitfile/source.py, `parse(..., lines=False)`), so every message names the line as before.
tests/kitfile/test_quickyaml.py checks that both readers give the same data, or this one gives up.

Limits: a line longer than the shortest text limit (a key's), more values than the limit once
counted generously (two a line), or nesting near the depth limit: given up, so safeyaml refuses
them with its own words. There are no aliases here, so nothing expands.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from pnpkit.kitfile.safeyaml import LIMITS, Limits, known_words, resolve_plain

_PLAIN = r"(?:\w|[+\-][\w.])(?:[\w.+\- ]*[\w.+\-])?"
_QUOTED = r"'[^'\n]*'|\"[^\"\\\n]*\""
_VALUE = rf"(?:{_PLAIN}|{_QUOTED}|[\[{{][^#\n]*[\]}}])"
_KEY = r"(\w[\w.\-]*)"
_LINE = rf"( *)(?:- (?:{_KEY}:(?: ({_VALUE}))?|({_VALUE}))|{_KEY}:(?: ({_VALUE}))?)(?: +#[^\n]*)?"
"""One line: `key: value`, `key:`, `- value`, `- key: value` or `- key:`, indented by spaces,
perhaps with a comment after it; a value is a plain word or words (no `: `, ` #` or indicator), a
quoted text without quotes or escapes in it, or a flow collection on its line (read by `_flow`)."""
_FLOW = re.compile(rf" *(?:([\[\]{{}},])|{_KEY}: |({_PLAIN})|({_QUOTED})|.)")
"""The parts of a flow collection (findall: a tuple each): a bracket or a comma, a key and its `: `,
a plain word, a quoted text; any other character is a part with nothing in it (given up)."""
FLOW_DEPTH = 3  # flow collections in one another, at most (a player's `sheet: {...}` inside `- {...}` is 2)
_FLAT_PAIR = re.compile(rf" *{_KEY}: +({_PLAIN}) *")
_FLAT_ITEM = re.compile(rf" *({_PLAIN}) *")
_NOT_FLAT = re.compile(r"[\[\]{}'\"]")
"""A flat flow collection (`{almond: 3, cashew: 2}`, `[B05, B11]`): between its brackets, items
split at the commas, each a pair or a plain word as `_FLOW` reads them; nothing nested, no quotes."""

_SEQ = object()    # a row's key when the row opens a list item holding a mapping (`- key: ...`)
_BLOCK = object()  # a row's value when its key has nothing after it (a block below, or null)
_UNKNOWN = object()


class _GiveUp(Exception):
    """Not the plain shape: safeyaml reads it."""


_NOT_PLAIN = re.compile("[&*!|>%@`\t\r\x85\u2028\u2029]")
"""A character no line of the plain shape holds outside quotes (an anchor, an alias, a tag, a
block text, a roll's `>`; a line break other than \\n, which would end a comment): one search of
the text, in C, spares records of another shape a line-by-line reading that would give up anyway."""


def read(text: str, limits: Limits = LIMITS) -> Any:
    """The data of a text of the plain shape, or None (safeyaml reads it). The caller has checked
    the text's size and characters (safeyaml.read)."""
    if _NOT_PLAIN.search(text):
        return None
    try:
        words = _Words(limits)
        rows = _rows(text, min(limits.key, limits.text), words)
        if not rows or 2 * len(rows) + 1 + words.flowed > limits.values:
            return None
        # a level before safeyaml's limit (it says so), and room for the deepest flow collection
        data, at = _block(rows, 0, 0, limits.depth - 2 - (FLOW_DEPTH if words.flowed else 0))
    except _GiveUp:
        return None
    return data if at == len(rows) else None


@lru_cache(maxsize=4)
def _lines(longest: int) -> re.Pattern:
    """Every line of the plain shape in a text (findall: one tuple of `_LINE`'s groups a line),
    none longer than `longest`, and every blank line or comment (a tuple of empty groups)."""
    return re.compile(rf"^(?: *(?:#[^\n]*)?|(?=[^\n]{{0,{longest}}}$){_LINE})$", re.M)  # (compiled when first read)


def _rows(text: str, longest: int, words: "_Words") -> list[tuple[int, bool, Any, Any]]:
    """(indent, is a list item, key (or None in a list item, _SEQ opening one that holds a
    mapping), value (or _BLOCK)) for each line that is not blank, keys and values read;
    _GiveUp if a line is not of the plain shape (then fewer lines match than the text has)."""
    found = _lines(longest).findall(text)
    if len(found) != text.count("\n") + 1:
        raise _GiveUp
    rows: list[tuple[int, bool, Any, Any]] = []
    add = rows.append
    known = words.known.get
    value_of = words.value
    for indent, item_key, item_value, item, key, value in found:
        n = len(indent)
        if not key:
            if not item_key:            # `- value`
                if not item:            # a blank line or a comment
                    continue
                out = known(item, _UNKNOWN)
                add((n, True, None, value_of(item) if out is _UNKNOWN else out))
                continue
            add((n, True, _SEQ, None))  # `- key: ...`: a list item holding a mapping, at n + 2
            n, key, value = n + 2, item_key, item_value
        out = known(key, _UNKNOWN)
        key = words.word(key) if out is _UNKNOWN else out
        if not value:
            add((n, False, key, _BLOCK))
            continue
        out = known(value, _UNKNOWN)
        add((n, False, key, value_of(value) if out is _UNKNOWN else out))
    return rows


class _Words:
    """Values of scalars, as safeyaml reads them."""

    def __init__(self, limits: Limits):
        self.largest = limits.number
        self.known = known_words(limits)
        self.flowed = 0  # values read in flow collections (the values limit counts them)

    def value(self, text: str) -> Any:
        first = text[0]
        if first == "'" or first == '"':
            return text[1:-1]
        if first == "[" or first == "{":
            if len(text) == 2:
                return [] if first == "[" else {}
            out = self.flat(text)
            return self.flow(text) if out is None else out
        return self.word(text)

    def flow(self, text: str) -> Any:
        """A flow collection that is the whole of `text`; _GiveUp if it is not of the plain kind."""
        parts = _FLOW.findall(text)
        out, i = self._collection(parts, 0, 1)
        if i != len(parts):
            raise _GiveUp
        self.flowed += len(parts)
        return out

    def flat(self, text: str) -> Any:
        """`flow` of a flat collection (most of them: a player's sheet, goals, bonus cards), split at
        its commas rather than walked part by part (a third of the time); None for any other (or a
        key written twice), which `flow` reads or gives up. It reads what `flow` would, and counts
        the same parts (brackets, commas, keys, values) against the values limit."""
        inner = text[1:-1]
        if _NOT_FLAT.search(inner):
            return None
        known, word = self.known.get, self.word
        items = inner.split(",")
        if text[0] == "{":
            out: Any = {}
            pair = _FLAT_PAIR.fullmatch
            for item in items:
                m = pair(item)
                if m is None:
                    return None
                key, value = m.groups()
                got = known(key, _UNKNOWN)
                key = word(key) if got is _UNKNOWN else got
                if key in out:
                    return None
                got = known(value, _UNKNOWN)
                out[key] = word(value) if got is _UNKNOWN else got
            self.flowed += 3 * len(items) + 1
            return out
        out = []
        one = _FLAT_ITEM.fullmatch
        for item in items:
            m = one(item)
            if m is None:
                return None
            got = known(m[1], _UNKNOWN)
            out.append(word(m[1]) if got is _UNKNOWN else got)
        self.flowed += 2 * len(items) + 1
        return out

    def _collection(self, parts: list, i: int, depth: int) -> tuple[Any, int]:
        """The list or mapping that opens at parts[i] -> (it, the index after its closing bracket)."""
        if depth > FLOW_DEPTH:
            raise _GiveUp
        mapping = parts[i][0] == "{"
        closing = "}" if mapping else "]"
        out: Any = {} if mapping else []
        i += 1
        end = len(parts)
        if i < end and parts[i][0] == closing:
            return out, i + 1
        known, word = self.known.get, self.word
        while i < end:
            mark, key, plain, quoted = parts[i]
            if mapping:
                if not key:  # not `key: ` (a key alone, a quoted key, a second colon)
                    raise _GiveUp
                got = known(key, _UNKNOWN)
                key = word(key) if got is _UNKNOWN else got
                if key in out:
                    raise _GiveUp
                i += 1
                if i == end:
                    raise _GiveUp
                mark, _, plain, quoted = parts[i]
            elif key:  # `[a: 1]`: a mapping of one pair in a list
                raise _GiveUp
            if plain:
                got = known(plain, _UNKNOWN)
                value = word(plain) if got is _UNKNOWN else got
                i += 1
            elif quoted:
                value = quoted[1:-1]
                i += 1
            elif mark == "[" or mark == "{":
                value, i = self._collection(parts, i, depth + 1)
            else:  # a comma, a closing bracket or nothing where a value belongs
                raise _GiveUp
            if mapping:
                out[key] = value
            else:
                out.append(value)
            mark = parts[i][0] if i < end else ""
            if mark == closing:
                return out, i + 1
            if mark != ",":
                raise _GiveUp
            i += 1
        raise _GiveUp

    def word(self, text: str) -> Any:
        out = self.known.get(text, _UNKNOWN)
        if out is _UNKNOWN:
            try:
                out = resolve_plain(text, self.largest, self.known)
            except ValueError:
                raise _GiveUp from None
        return out


_NULL = _Words(LIMITS).word("")  # what a key with nothing after it holds (null)


def _block(rows: list, i: int, depth: int, deepest: int) -> tuple[Any, int]:
    """The mapping or list that starts at row i."""
    if depth > deepest:
        raise _GiveUp
    return (_list if rows[i][1] else _mapping)(rows, i, rows[i][0], depth, deepest)


def _mapping(rows: list, i: int, n: int, depth: int, deepest: int) -> tuple[dict, int]:
    out: dict = {}
    end = len(rows)
    while i < end:
        indent, item, key, value = rows[i]
        if indent < n:
            break
        if indent > n or item or key in out:
            raise _GiveUp
        i += 1
        if value is not _BLOCK:
            out[key] = value
        elif i < end and (rows[i][0] > n or rows[i][0] == n and rows[i][1]):
            out[key], i = _block(rows, i, depth + 1, deepest)
        else:
            out[key] = _NULL
    return out, i


def _list(rows: list, i: int, n: int, depth: int, deepest: int) -> tuple[list, int]:
    out: list = []
    end = len(rows)
    while i < end:
        indent, item, key, value = rows[i]
        if indent < n or indent == n and not item:
            break
        if indent > n:
            raise _GiveUp
        if key is _SEQ:
            if depth + 1 > deepest:
                raise _GiveUp
            got, i = _mapping(rows, i + 1, n + 2, depth + 1, deepest)
            out.append(got)
        else:
            out.append(value)
            i += 1
    return out, i
