"""Reading YAML (and JSON) from strangers: plain data only, within limits, with every value's line.

Kit files and records are shared like any download, so this reader assumes the worst of them:

- **Plain data only.** Text, numbers, true/false, null, lists and mappings, and YAML's own anchors,
  aliases and merge keys (`<<: *defaults`). Any other tag (`!!python/object`, `!!binary`, `!mine`)
  is refused by name, never constructed and never silently dropped. Dates stay text.
- **Limits** (`LIMITS`), each refused with one message and the line where it was crossed: the
  file's size, how deeply lists and mappings nest, how many values the file holds once every alias
  is expanded (an "alias bomb" of a few hundred bytes would otherwise expand to billions), the
  length of one text value and of one key, and the size of a number (finite, at most a million:
  no count, length or score in any game comes near, and a larger one only makes work).
- **Lines.** Every value's line is kept (`lines`), and a value reached through an alias or a merge
  key links to where it was written (`links`), so a problem inside shared content is reported on
  the line that wrote it.

We compose values from the parser's events ourselves instead of PyYAML's composer and constructor:
the events arrive one at a time, so a limit stops the parse as soon as it is crossed (the
composer would first build a million-deep tree), and an alias can reuse the value it names
instead of copying it. libyaml's C parser is used where PyYAML was built with it (several times
faster); the pure-Python parser reads the same events otherwise.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

from pnpkit.kitfile.errors import InputError
from pnpkit.kitfile.yamlscalars import CORE, SCALAR_TAGS, plain, short

_Loader = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader


@dataclass(frozen=True)
class Limits:
    """What one file may hold. Generous for any real kit file or record (the largest shipped kit
    file is 18 KB and holds 1,633 values once expanded, nests 7 deep, and has no text over 322
    characters); reading the most a file may hold takes well under a second."""

    bytes: int = 2_000_000
    depth: int = 40
    values: int = 100_000
    text: int = 20_000
    key: int = 200
    number: int = 1_000_000  # no count, length or score in any game comes near


LIMITS = Limits()

_NON_PRINTABLE = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")
# a text in double quotes may write any character as an escape ("Ann\e[31m", "\a", "\0", "\ud800"):
# once read, it may hold none that the file's bytes may not (a record's name is stricter still:
# scorer/records.py)
_ESCAPED_CONTROL = _NON_PRINTABLE


class YamlProblem(InputError):
    """Why a text cannot be read, and the line (1-based) where that was found."""

    def __init__(self, line: int | None, message: str, field: tuple = ()):
        super().__init__(message)
        self.line = line
        self.message = message
        self.field = field


@dataclass
class Parsed:
    data: Any
    lines: dict[tuple, int]
    links: dict[tuple, tuple]


def line_col(text: str, index: int) -> tuple[int, int]:
    """The 1-based line and column of character `index`."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def decode(raw: bytes) -> str:
    """UTF-8 bytes -> text; the first bad byte is reported with its line and column."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        before = raw[: e.start]
        line = before.count(b"\n") + 1
        col = e.start - (before.rfind(b"\n") + 1) + 1
        raise YamlProblem(line, f"column {col}: byte 0x{raw[e.start]:02x} is not UTF-8 text "
                                "(save the file as UTF-8)") from None


def read(text: str, limits: Limits = LIMITS) -> Parsed:
    """Parse one YAML document into plain Python values. Raises YamlProblem."""
    check(text, limits)
    return compose(text, limits)


def compose(text: str, limits: Limits = LIMITS) -> Parsed:
    """`read` of a text already `check`ed (kitfile/source.py checks it once, then tries the quick
    reader first)."""
    loader = _Loader(text)
    try:
        return _Composer(loader, limits).document()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        what = e.problem or e.context or "not valid YAML"
        if "nesting" in what:  # libyaml's own depth limit (PyYAML 6.0.4's scanner) speaks before ours
            raise YamlProblem(mark.line + 1 if mark else None,
                              f"nested more than {limits.depth} levels deep") from None
        raise YamlProblem(mark.line + 1 if mark else None, _hint(text, mark, what) or f"not valid YAML: {what}") from None
    except yaml.YAMLError as e:
        raise YamlProblem(None, f"not valid YAML: {short(str(e), 200)}") from None
    finally:
        loader.dispose()


def _hint(text: str, mark, what: str) -> str:
    """What a person most likely meant where YAML's own words do not say it: a value that begins
    with "- " (a NUTS `orders:` line whose first slot is empty) reads as a list entry in YAML."""
    if mark is None or "sequence entries are not allowed" not in what:
        return ""
    line = text.splitlines()[mark.line] if mark.line < len(text.splitlines()) else ""
    key, sep, value = line.partition(": ")
    if sep and value.lstrip().startswith("- "):
        return f'a value that begins with "- " reads as a list in YAML: quote it, {key.strip()}: "{value.strip()}"'
    return ""


def check(text: str, limits: Limits = LIMITS) -> None:
    """What is refused before any YAML is read: a text over the size limit, a control character."""
    size = len(text.encode("utf-8", "surrogatepass")) if len(text) * 4 > limits.bytes else len(text)
    if size > limits.bytes:
        cut = text.encode("utf-8", "surrogatepass")[: limits.bytes].decode("utf-8", "ignore")
        raise YamlProblem(cut.count("\n") + 1, f"the file is larger than {limits.bytes // 1_000_000} MB "
                                               "(a kit file or record is a few KB)")
    bad = _NON_PRINTABLE.search(text)
    if bad:
        line, col = line_col(text, bad.start())
        raise YamlProblem(line, f"column {col}: the character U+{ord(bad[0]):04X} is not allowed "
                                "(a control character; YAML allows tabs, line breaks and printable text)")


class _Composer:
    """Events -> values, within the limits. One instance reads one document."""

    def __init__(self, loader: Any, limits: Limits):
        self.loader = loader
        self.limits = limits
        self.lines: dict[tuple, int] = {}
        self.links: dict[tuple, tuple] = {}
        self.anchors: dict[str, tuple[Any, int, tuple]] = {}  # name -> (value, expanded size, path)
        self.count = 0  # values so far, aliases expanded
        # the limits the common case checks, as plain attributes (read for every value)
        self.depth, self.most, self.longest = limits.depth, limits.values, limits.text
        self.largest, self.key_longest = limits.number, limits.key
        # plain scalars already resolved (kept across files: records repeat their words and numbers)
        self.known = known_words(limits)

    def document(self) -> Parsed:
        next_event = self.loader.get_event
        next_event()  # StreamStart
        event = next_event()
        if type(event) is yaml.StreamEndEvent:
            raise YamlProblem(1, "the file is empty")
        data = self.value(next_event(), (), 0)  # after DocumentStart
        next_event()  # DocumentEnd
        event = next_event()
        if type(event) is not yaml.StreamEndEvent:
            raise YamlProblem(_line(event), "the file holds more than one YAML document (a second `---`); "
                                            "give one")
        return Parsed(data, self.lines, self.links)

    # -- one value (each event is pulled once: this loop is most of the time a record takes) -----

    def value(self, event: Any, path: tuple, depth: int) -> Any:
        line = event.start_mark.line + 1
        self.lines[path] = line
        kind = type(event)
        if kind is _SCALAR and event.tag is None and event.anchor is None and depth < self.depth:
            # the common case, first and short: a plain or quoted scalar (most of a record's values)
            self.count += 1
            text = event.value
            if self.count <= self.most and len(text) <= self.longest:
                if not event.implicit[0]:
                    if event.style == '"' and _ESCAPED_CONTROL.search(text):
                        raise _escaped_control(text, line, path)
                    return text
                out = self.known.get(text, _UNKNOWN)
                if out is _UNKNOWN:
                    out = self.resolve(text, line, path)
                return out
            self.count -= 1  # over a limit: the general way below says which
        if kind is yaml.AliasEvent:
            return self.alias(event, path, line)
        if depth >= self.limits.depth:
            raise YamlProblem(line, f"nested more than {self.limits.depth} levels deep", path)
        start = self.count
        self.count += 1
        if self.count > self.limits.values:
            raise YamlProblem(line, f"holds more than {self.limits.values:,} values once its aliases are "
                                    "expanded (an alias repeats everything its anchor holds)", path)
        if kind is yaml.ScalarEvent:
            out: Any = self.scalar(event, line, path)
        elif kind is yaml.SequenceStartEvent:
            _collection_tag(event, "seq", line, path)
            out = []
            next_event = self.loader.get_event
            item = next_event()
            while type(item) is not yaml.SequenceEndEvent:
                out.append(self.value(item, path + (len(out),), depth + 1))
                item = next_event()
        elif kind is yaml.MappingStartEvent:
            _collection_tag(event, "map", line, path)
            out = self.mapping(path, depth)
        else:  # pragma: no cover - the parser only yields the above inside a document
            raise YamlProblem(line, f"unexpected {kind.__name__}", path)
        if event.anchor is not None:
            self.anchors[event.anchor] = (out, self.count - start, path)
        return out

    def resolve(self, text: str, line: int, path: tuple) -> Any:
        """A plain scalar's value (`resolve_plain`), or YamlProblem at its line."""
        try:
            return resolve_plain(text, self.largest, self.known)
        except ValueError as e:
            raise YamlProblem(line, str(e), path) from None

    def alias(self, event: Any, path: tuple, line: int) -> Any:
        try:
            value, size, anchored_at = self.anchors[event.anchor]
        except KeyError:
            raise YamlProblem(line, f"the alias *{_cut(event.anchor)} names no anchor written before it "
                                    "(an anchor cannot contain an alias to itself)", path) from None
        self.count += size
        if self.count > self.limits.values:
            raise YamlProblem(line, f"holds more than {self.limits.values:,} values once its aliases are "
                                    f"expanded (here *{_cut(event.anchor)} repeats {size:,} more)", path)
        self.links[path] = anchored_at
        return value

    def scalar(self, event: Any, line: int, path: tuple) -> Any:
        text = event.value
        if len(text) > self.limits.text:
            raise YamlProblem(line, f"a text of {len(text):,} characters (at most {self.limits.text:,})", path)
        tag = event.tag
        if event.style == '"' and _ESCAPED_CONTROL.search(text):
            raise _escaped_control(text, line, path)
        if tag in (None, "!"):
            if not event.implicit[0]:  # quoted: text, whatever it looks like
                return text
            tag = None
        elif tag not in SCALAR_TAGS:
            raise YamlProblem(line, f"the tag {_cut(tag.replace(CORE, '!!'))} is not allowed: a kit file or "
                                    "record holds plain text, numbers, true/false, lists and mappings", path)
        try:
            return plain(text, tag, self.limits.number)
        except ValueError as e:
            raise YamlProblem(line, str(e), path) from None

    def mapping(self, path: tuple, depth: int) -> dict:
        own: dict = {}
        merged: dict = {}
        next_event = self.loader.get_event
        value = self.value
        event = next_event()
        while type(event) is not _MAPPING_END:
            text = event.value if type(event) is _SCALAR else None
            if (text is not None and event.tag is None and event.anchor is None and event.implicit[0]
                    and len(text) <= self.key_longest and text != "<<"):
                # the common case: a plain key (what `key` does for one, without its questions)
                self.count += 1
                key = self.known.get(text, _UNKNOWN)
                if key is _UNKNOWN:
                    key = self.resolve(text, event.start_mark.line + 1, path)
            else:
                key = self.key(event, path, depth)
            if key is _MERGE:
                self.merge(next_event(), path, depth, merged)
            else:
                if key in own:
                    raise YamlProblem(event.start_mark.line + 1, "this key appears twice", path + (key,))
                own[key] = value(next_event(), path + (key,), depth + 1)
            event = next_event()
        for key in merged:  # YAML's merge: a key written in the mapping itself wins
            if key not in own:
                self.links[path + (key,)] = merged[key][1]
        return {**{k: v for k, (v, _) in merged.items()}, **own} if merged else own

    def key(self, event: Any, path: tuple, depth: int) -> Any:
        """A mapping's key: a plain scalar (or an alias to one); `<<` is a merge (_MERGE)."""
        line = event.start_mark.line + 1
        kind = type(event)
        if kind is yaml.ScalarEvent:
            if event.value == "<<" and event.tag in (None, "!") and event.implicit[0]:
                return _MERGE
            if len(event.value) > self.limits.key:
                raise YamlProblem(line, f"a key of {len(event.value):,} characters (at most {self.limits.key})", path)
            self.count += 1
            key = self.scalar(event, line, path)
            if event.anchor is not None:
                self.anchors[event.anchor] = (key, 1, path)
            return key
        if kind is yaml.AliasEvent and isinstance(self.anchors.get(event.anchor, (None,))[0], (str, int, float, bool)):
            return self.anchors[event.anchor][0]
        raise YamlProblem(line, "a key must be a plain word", path)

    def merge(self, event: Any, path: tuple, depth: int, into: dict) -> None:
        """`<<: *a` or `<<: [*a, *b]`: the named mappings' keys, the first named winning."""
        at = path + ("<<",)
        value = self.value(event, at, depth + 1)
        sources = value if isinstance(value, list) else [value]
        for i, source in enumerate(sources):
            if not isinstance(source, dict):
                raise YamlProblem(self.lines.get(at), "`<<:` merges a mapping (or a list of mappings) "
                                                      "into this one", path)
            where = self._origin(at + (i,) if isinstance(value, list) else at)
            for key, item in source.items():
                into.setdefault(key, (item, where + (key,)))

    def _origin(self, path: tuple) -> tuple:
        """Where the content at `path` was written (through aliases)."""
        seen = 0
        while path in self.links and seen < 64:
            path, seen = self.links[path], seen + 1
        return path


_RESOLVED: dict[str, Any] = {}  # plain scalar -> its value, under LIMITS.number (Composer.known)
_UNKNOWN = object()


def known_words(limits: Limits) -> dict[str, Any]:
    """Where plain scalars already resolved under `limits` are kept (shared across files under
    the usual limits: records repeat their words and numbers)."""
    return _RESOLVED if limits.number == LIMITS.number else {}


def resolve_plain(text: str, largest: int, known: dict[str, Any]) -> Any:
    """A plain scalar's value (`plain`; ValueError if refused), then kept in `known`, which a
    dict lookup reads faster than `plain`'s cache; bounded as that cache is."""
    value = plain(text, None, largest)
    if len(known) >= 8192:
        known.clear()
    known[text] = value
    return value


_MERGE = object()  # the key `<<`
_SCALAR = yaml.ScalarEvent
_MAPPING_END = yaml.MappingEndEvent


def _collection_tag(event: Any, kind: str, line: int, path: tuple) -> None:
    if event.tag not in (None, "!", CORE + kind):
        raise YamlProblem(line, f"the tag {_cut(event.tag.replace(CORE, '!!'))} is not allowed: a kit file "
                                "or record holds plain text, numbers, true/false, lists and mappings", path)


def _escaped_control(text: str, line: int, path: tuple) -> YamlProblem:
    """A text in double quotes that holds a control character written as an escape: refused as the
    same character written as itself is (it would reach a terminal as a command to it)."""
    bad = _ESCAPED_CONTROL.search(text)[0]  # type: ignore[index]
    return YamlProblem(line, f"the text holds the character U+{ord(bad):04X}, written as an escape (a control "
                             "character; YAML allows tabs, line breaks and printable text)", path)


def _line(event: Any) -> int:
    return event.start_mark.line + 1


def _cut(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
