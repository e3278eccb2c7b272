"""YAML (and JSON) read with the line of every value, and errors that point at it.

Kit files and records are written by people, and shared by strangers; when one is wrong the
message must name the file, the line and the field (`kits/x.yaml:12: components[2].size: ...`) and
stay short. kitfile/safeyaml.py reads the YAML (plain data only, within limits, each value's line
kept); msgspec (kitfile/structs.py) or pydantic validates; `validate()` turns its errors into the
same `file:line: field: message` form.
"""
from __future__ import annotations

import difflib
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Literal, Mapping, TypeVar

from pnpkit.kitfile.errors import LINE_MAX, MESSAGE_MAX, Problem, SourceError, field_name  # noqa: F401 (re-exported)
from pnpkit.kitfile.quickyaml import read as quick
from pnpkit.kitfile.safeyaml import LIMITS, Limits, YamlProblem, check, compose, decode, read, short

if TYPE_CHECKING:  # pydantic is imported by the models validated, not by reading a file (a cluster's client reads records)
    from pydantic import BaseModel

Path_ = tuple  # a path into the data: ("components", 2, "size")
M = TypeVar("M", bound="BaseModel")


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
    """Validate `data` (default: the whole source) as `model`, errors mapped to lines.

    `at` is where `data` sits in the file, so a kit's `params` block validated on its own
    still reports `params.rows[2]` on the right line.
    """
    data = source.data if data is None else data
    if getattr(model, "__struct_fields__", None) is not None:  # a msgspec model (kitfile/structs.py)
        from pnpkit.kitfile import structs
        try:
            return structs.convert(data, model)
        except structs.Invalid as e:
            full = at + e.at
            raise SourceError(source.file, [Problem(source.line_of(full), source.field_of(full), e.message)]) from None
    from pydantic import ValidationError  # (imported already: `model` is a pydantic model)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise SourceError(source.file, [_problem(source, data, at, err, model)
                                        for err in exc.errors()]) from None


def _problem(source: Source, data: Any, at: Path_, err: Mapping, model: type[BaseModel]) -> Problem:
    # pydantic puts union member names and discriminator tags into `loc`; keep only the parts
    # that really index the data, so the field name is the one the person wrote.
    path: list[Any] = []
    node = data
    loc = err["loc"]
    for i, part in enumerate(loc):
        if isinstance(node, dict) and part in node:
            path.append(part)
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            path.append(part)
            node = node[part]
        elif (err["type"] in ("missing", "extra_forbidden") and isinstance(node, dict)
              and i == len(loc) - 1):  # the key that is missing or unknown; not a union's tag
            path.append(part)
            node = None
        else:
            continue
    if err["type"] in ("union_tag_invalid", "union_tag_not_found"):
        path.append(str((err.get("ctx") or {}).get("discriminator", "")).strip("'"))
    full = at + tuple(path)
    message = _message(err, data, path, model)
    return Problem(source.line_of(full), source.field_of(full), message)


WORDS = {
    "less_than_equal": "expected at most {le}", "less_than": "expected less than {lt}",
    "greater_than_equal": "expected at least {ge}", "greater_than": "expected more than {gt}",
    "int_type": "expected a whole number", "int_parsing": "expected a whole number",
    "int_from_float": "expected a whole number", "float_type": "expected a number",
    "float_parsing": "expected a number", "finite_number": "expected a finite number",
    "string_type": "expected a text", "bool_type": "expected true or false", "bool_parsing": "expected true or false",
    "list_type": "expected a list", "tuple_type": "expected a list", "dict_type": "expected a mapping",
    "model_type": "expected a mapping", "model_attributes_type": "expected a mapping",
    "literal_error": "expected one of: {expected}", "enum": "expected one of: {expected}",
    "string_too_short": "expected at least {min_length} characters",
    "string_too_long": "expected at most {max_length} characters",
    "too_short": "expected at least {min_length} entries", "none_required": "expected nothing here",
    "string_pattern_mismatch": "expected text of the form {pattern}",
}
"""pnpkit's own words for pydantic's error types, so a message reads the same whatever pydantic's
version says (its `msg` is kept only for the types not listed, and for the validators' own words)."""


class _Ctx(dict):
    """A pydantic error's ctx for str.format_map: a missing value reads as `?`, never a KeyError."""

    def __missing__(self, key: str) -> str:
        return "?"


def _message(err: Mapping, data: Any, path: list, model: type[BaseModel]) -> str:
    kind = err["type"]
    if kind == "missing":
        return "this field is required"
    if kind == "extra_forbidden":
        key = path[-1] if path else "?"
        known = _known_keys(model, path[:-1], data)
        hint = difflib.get_close_matches(str(key)[:60], known, n=1)
        msg = f"unknown key {short(key, 40)}"
        if _value_at(data, path) is None and (" " in str(key).strip() or not hint):
            # `{clear: 2H with Ann, Cat}`: in a flow mapping a comma starts a new entry, and "Cat"
            # becomes a key with no value (a misspelt key with no value, `frend:`, gets its hint)
            msg += " (in {...} a comma starts a new entry: quote a value that holds a comma, or write \"and\")"
        elif hint:
            msg += f" (did you mean {hint[0]!r}?)"
        elif known:
            msg += f" (expected one of: {', '.join(sorted(known))})"
        return msg
    ctx = err.get("ctx") or {}
    if kind == "too_long" and "max_length" in ctx:
        what = "characters" if isinstance(err.get("input"), str) else "entries"
        return f"at most {ctx['max_length']:,} {what}, got {ctx.get('actual_length', 'more'):,}"
    if kind == "union_tag_invalid":
        return f"unknown {ctx['discriminator'].strip(chr(39))} {short(ctx['tag'], 40)} " \
               f"(expected one of: {ctx['expected_tags'].replace(chr(39), '')})"
    if kind == "union_tag_not_found":
        return f"this field is required (one of: {', '.join(_tags(model, path))})" if _tags(model, path) \
            else "this field is required"
    msg = err["msg"] if kind not in WORDS else WORDS[kind].format_map(_Ctx(ctx))
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix):]
    got = err.get("input")
    if kind not in ("value_error", "assertion_error") and not isinstance(got, (dict, list)):
        msg += f", got {short(got)}"
    return msg


def _value_at(data: Any, path: list) -> Any:
    """The value at `path` in the data as read; ... (Ellipsis) where there is none."""
    node = data
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return ...
    return node


def _known_keys(model: type[BaseModel], path: list, data: Any) -> list[str]:
    """The keys allowed where an unknown key was found, for a did-you-mean hint."""
    current: Any = model
    node = data
    for part in path:
        node = node[part] if isinstance(node, (dict, list)) else None
        if isinstance(part, int):
            continue
        field = getattr(current, "model_fields", {}).get(part)
        if field is None:
            return []
        current = _model_for(field.annotation, node)
        if current is None:
            return []
    fields = getattr(current, "model_fields", None)
    if not fields:
        return []
    return [f.alias or name for name, f in fields.items()]


def _tags(model: type[BaseModel], path: list) -> list[str]:
    """The values a union's tag may take at `path` (for "give the kind: one of ...")."""
    current: Any = model
    for part in path[:-1]:
        if isinstance(part, int):
            continue
        field = getattr(current, "model_fields", {}).get(part)
        if field is None:
            return []
        members = _models_in(field.annotation)
        if len(members) > 1:
            tag = path[-1]
            return [a for m in members if (f := m.model_fields.get(tag)) is not None
                    and getattr(f.annotation, "__origin__", None) is Literal for a in f.annotation.__args__]
        current = members[0] if members else None
    return []


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """The BaseModels inside list[X] / X | None / Annotated[Union[A, B], ...] and the like."""
    from pydantic import BaseModel
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for a in getattr(annotation, "__args__", ()) for m in _models_in(a)]


def _model_for(annotation: Any, node: Any) -> type[BaseModel] | None:
    """The model `node` was meant to be: for a union, the member whose tag (a Literal field,
    e.g. `kind: board`) the data names, else the one that knows most of its keys."""
    found = _models_in(annotation)
    if len(found) <= 1:
        return found[0] if found else None
    if isinstance(node, list):
        node = node[0] if node else None
    if not isinstance(node, dict):
        return None

    def fit(m: type[BaseModel]) -> tuple[int, int]:
        tagged = any(getattr(f.annotation, "__origin__", None) is Literal and node.get(name) in f.annotation.__args__
                     for name, f in m.model_fields.items())
        return (tagged, sum(k in m.model_fields for k in node))

    return max(found, key=fit)
