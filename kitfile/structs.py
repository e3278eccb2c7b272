"""The base of kit-file and record models read with msgspec, and their problems in pnpkit's words.

Every model is msgspec's (issue 40: `from pydantic import BaseModel` alone cost `pnpkit score`
~80 ms; pydantic is gone): msgspec imports in a few ms and converts what the YAML reader gives in
microseconds. A model is a `Strict` struct: unknown keys refused by name, frozen, its fields
keyword-only (a field with a default may come before one without). The rest is written once here:

- A check of a whole struct is its `__post_init__`, raising ValueError(message), or `Invalid(message,
  at=(...))` to name a place inside it; the message is said as written, at that place's line.
- A value read before it is stored (a number read as a name, a union picked by a function) is a
  *custom type*: a class with a classmethod `decode(value)` returning an instance of it (msgspec
  checks; a `Plain` type's instances are the plain values its `decode` gives), or raising
  ValueError/TypeError(message) or Invalid; its JSON Schema is its class attribute `json_schema`. `decode` may call `convert(value, SomeStruct)` itself: the problem
  found inside keeps its place.
- `convert(data, model)` raises Invalid with the data's path and pnpkit's words ("expected at least
  0, got -1", "unknown key alomnd (did you mean 'almond'?)"), the words pnpkit's messages have
  always had; a model's classmethod `said(data, path, message)` may say a problem in its own words
  (a photo without its sheet), asked only on the error path.
  msgspec stops at a file's first problem.
"""
from __future__ import annotations

import re
import sys
from types import UnionType
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

if "msgspec" in sys.modules or "typing_extensions" in sys.modules:
    import msgspec
else:  # msgspec reads type hints with typing_extensions if it can import it (5-8 ms of a build's
    # start-up, where something installed it): Python's own typing reads these models the same; a later
    # `import typing_extensions` is not affected
    sys.modules["typing_extensions"] = None  # type: ignore[assignment]
    try:
        import msgspec
    finally:
        del sys.modules["typing_extensions"]
from msgspec import UNSET, UnsetType, ValidationError, field  # noqa: F401 (the models' imports, from one place)
from msgspec.structs import asdict, fields, force_setattr, replace  # noqa: F401

from pnpkit.kitfile import first_use
from pnpkit.kitfile.errors import InputError
from pnpkit.kitfile.yamlscalars import short

S = TypeVar("S")


_END = "\\Z"  # a pattern's end as msgspec is given it


def Meta(*args: Any, pattern: str | None = None, **kw: Any) -> msgspec.Meta:  # noqa: N802 (msgspec's name)
    """msgspec's Meta, a `pattern` that ends in `$` anchored at the text's very end: msgspec searches
    with Python's re, whose `$` matches before a last newline too (a colour "#123456\\n" was a
    colour, and a crash when drawn). Messages and the JSON Schema show the pattern as written."""
    if pattern is not None and pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + _END
    return msgspec.Meta(*args, pattern=pattern, **kw)


def _as_written(pattern: str) -> str:
    return pattern[: -len(_END)] + "$" if pattern.endswith(_END) else pattern


class _StrictMeta(type(msgspec.Struct)):  # type: ignore[misc]
    """msgspec's `kw_only` holds for the fields of the class that says it, not its subclasses': every
    Strict model says it, so a field with a default may come before one without in any of them."""

    def __new__(mcls, name: str, bases: tuple, namespace: dict, **config: Any):
        config.setdefault("kw_only", True)
        return super().__new__(mcls, name, bases, namespace, **config)


class Strict(msgspec.Struct, metaclass=_StrictMeta, forbid_unknown_fields=True, frozen=True):
    """Base of every kit-file and record model read with msgspec."""


class _OfPlain(type):
    """msgspec calls a custom type's `decode` for every value of the type it reads (a mapping's text
    key aside: custom_types.keyed), then asks whether what `decode` gave is an instance: a value of exactly the
    type's `plain` type is one."""

    def __instancecheck__(cls, value: Any) -> bool:
        return type(value) is cls.plain  # exactly: a bool is no int, a str subclass no str


class Plain(metaclass=_OfPlain):
    """Base of a custom type whose values are plain values (of type `plain`: a str, a float) read by
    its `decode`, which returns the value to store (`Name.decode(7)` is "7") or raises: the stored
    value is a plain str or float, as a file or a template wants it (yaml.safe_dump refuses a str
    subclass)."""

    plain: type = str
    json_schema: dict = {}

    @classmethod
    def decode(cls, value: Any) -> Any:
        raise NotImplementedError


class Invalid(InputError, ValueError):
    """A problem at `at`, a path relative to where it is raised (inside a `__post_init__` or a
    `decode`: `Invalid("...", at=("rounds", 1, "turns", 2))`), said as `message`. A ValueError, which
    msgspec keeps as the cause of the error it raises; an InputError, whose file and line the
    caller adds (kitfile/source.validate)."""

    def __init__(self, message: str, at: tuple = (), exact: bool = False):
        super().__init__(message)
        self.message = message
        self.at = tuple(at)
        self.exact = exact  # `at` is a path in the data (convert's), not a check's words for a place


def written(struct: Any, *names: str) -> set[str]:
    """Which of the fields `names` (default `UNSET`) the data wrote, null included; those left out
    become None. A check of a whole record then says a key left out where the record is, and a key
    written empty (`turns:`) where it is written."""
    out = set()
    for name in names:
        if getattr(struct, name) is UNSET:
            force_setattr(struct, name, None)
        else:
            out.add(name)
    return out


def convert(data: Any, model: type[S]) -> S:
    """`data` (what the YAML reader gives) as `model`, or Invalid(message, at=path in `data`).

    Lax where a person's file may be: an integral float or a number written as text is a number; a
    bool is never a number."""
    try:
        return first_use.convert(data, model, strict=False, dec_hook=_dec_hook)
    except ValidationError as e:
        path, message = problem_of(e, data, model)
        said = getattr(model, "said", None)  # a model's own words for a problem msgspec found in it
        if said is not None:
            path, message = said(data, path, message)
        raise Invalid(message, at=path, exact=True) from None


def _dec_hook(kind: type, value: Any) -> Any:
    decode = getattr(kind, "decode", None)
    if decode is None:
        raise NotImplementedError(kind)
    try:
        return decode(value)
    except ValidationError as e:  # msgspec.convert called directly: a ValidationError would pass
        path, message = problem_of(e, value, kind)  # through msgspec without the place it is at
        raise Invalid(message, at=path, exact=True) from None


def schema(model: type) -> dict:
    """`model`'s JSON Schema (descriptions from `Meta(description=...)` and the structs' docstrings;
    a custom type's own `json_schema`, and the structs it names in `json_schema_uses`, which its
    schema refers to as `#/$defs/Name`)."""
    import inspect
    import json

    import msgspec.json
    tops, defs = msgspec.json.schema_components([model, *_uses(model, set())], schema_hook=_schema_hook)
    for d in defs.values():
        if "description" in d:
            d["description"] = inspect.cleandoc(d["description"])
        for f in d.get("properties", {}).values():  # `game: nuts`: a Literal of one text, a `const`
            if len(f.get("enum", ())) == 1 and isinstance(f["enum"][0], str):
                f.update(const=f.pop("enum")[0], type="string")
    top = tops[0]
    ref = top.get("$ref", "")
    if ref.startswith("#/$defs/") and f'"{ref}"' not in json.dumps(defs):  # the model itself at the top
        top = defs.pop(ref[len("#/$defs/"):])
    out = {**top, "$defs": defs} if defs else top  # its patterns as written (a JSON Schema's have no \\Z)
    return json.loads(json.dumps(out).replace(json.dumps(_END)[1:], '$"'))


def _uses(kind: Any, seen: set) -> list:
    """The structs that custom types reachable from `kind` name in `json_schema_uses`."""
    out: list = []
    kind = _plain(kind)[0]
    if kind in seen or kind is None:
        return out
    try:
        seen.add(kind)
    except TypeError:  # an unhashable type argument
        return out
    if _is_struct(kind):
        for f in fields(kind):
            out += _uses(f.type, seen)
    for used in getattr(kind, "json_schema_uses", ()) if isinstance(kind, type) else ():
        out += [used, *_uses(used, seen)]
    for arg in get_args(kind):
        out += _uses(arg, seen)
    return out


def _schema_hook(kind: type) -> dict:
    found = getattr(kind, "json_schema", None)
    if found is None:
        raise NotImplementedError(kind)
    return dict(found)


# ---------------------------------------------------------------- msgspec's message, in pnpkit's words

_AT = re.compile(r"^(.*) - at (?:`(key)` in )?`\$((?:\.\w+|\[\d+\]|\[\.\.\.\])*)`$", re.S)
_PART = re.compile(r"\.(\w+)|\[(\d+)\]|\[(\.\.\.)\]")
_KEY = object()  # the path's last part is a mapping's key, not its value


def problem_of(exc: ValidationError, data: Any, model: Any = None) -> tuple[tuple, str]:
    """msgspec's error -> (the path in `data`, pnpkit's message). `model` (what `data` was converted
    to) names the keys allowed where an unknown one is, and a Literal's values."""
    text = str(exc)
    m = _AT.match(text)
    said, key, where = (m[1], m[2], m[3]) if m else (text, None, "")
    path: list[Any] = []
    node, kind = data, model
    for name, index, anykey in _PART.findall(where):
        if anykey:  # msgspec says `[...]` for a mapping's value: the first that fails is the one
            part = _failing(node, _args(kind)[1], keys=False)
        else:
            part = int(index) if index else name
        path.append(part)
        node, kind = _step(node, kind, part)
    if key:  # `- at key in $.tokens`: the first key that fails
        part = _failing(node, _args(kind)[0], keys=True)
        path.append(part)
        node, kind = part, _KEY
    cause = exc.__cause__
    if isinstance(cause, Invalid):
        return tuple(path) + (cause.at if cause.exact else _written(node, cause.at)), cause.message
    if isinstance(cause, (ValueError, TypeError)):
        return tuple(path), str(cause)
    return _native(said, path, node, kind)


def _written(node: Any, at: tuple) -> tuple:
    """The parts of an Invalid's place that the data has: a check of a whole record that names a key left out (`setup`) is said where the record is."""
    kept = []
    for part in at:
        if isinstance(node, dict) and part in node or isinstance(node, list) and isinstance(part, int) \
                and 0 <= part < len(node):
            kept.append(part)
            node = node[part]
    return tuple(kept)


def _native(said: str, path: list, node: Any, kind: Any) -> tuple[tuple, str]:
    """One of msgspec's own messages, read."""
    if m := re.fullmatch(r"Object missing required field `(\w+)`", said):
        return (*path, m[1]), "this field is required"
    if m := re.fullmatch(r"Object contains unknown field `(.*)`", said, re.S):
        key = m[1]
        key = next((k for k in node if str(k) == key), key) if isinstance(node, dict) else key
        return (*path, key), _unknown(key, node.get(key, ...) if isinstance(node, dict) else ..., _keys(kind))
    return tuple(path), _words(said, node, kind)


def _words(said: str, value: Any, kind: Any) -> str:
    got = "" if isinstance(value, (dict, list)) else f", got {short(value)}"
    if m := re.fullmatch(r"Expected `(\w+)` (>=|<=|>|<) (\S+)", said):
        bound = _bound(kind, m[2], m[3])
        words = {">=": "expected at least", "<=": "expected at most", ">": "expected more than",
                 "<": "expected less than"}[m[2]]
        return f"{words} {bound}{got}"
    if m := re.fullmatch(r"Expected `array` of length (\d+), got (\d+)", said):  # a tuple[int, int]
        want, got_n = int(m[1]), int(m[2])  # one short: its last entry is missing
        return "this field is required" if got_n < want else f"at most {want:,} entries, got {got_n:,}"
    if m := re.fullmatch(r"Expected `(str|array|object)` of length (>=|<=) (\d+)", said):
        n = int(m[3])
        if m[1] == "str":
            return f"expected {'at least' if m[2] == '>=' else 'at most'} {n} characters{got}"
        if m[2] == ">=":
            return f"expected at least {n} entries"
        return f"at most {n:,} entries" + (f", got {len(value):,}" if isinstance(value, (dict, list)) else "")
    if m := re.fullmatch(r"Expected `str` matching regex '(.*)'", said, re.S):
        written = next((meta.pattern for meta in _plain(kind)[1] if meta.pattern), None) if kind is not _KEY else None
        return f"expected text of the form {_as_written(written or m[1].replace(chr(92) * 2, chr(92)))}{got}"
    if said.startswith("Invalid enum value") or (said.startswith("Expected `") and kind is not _KEY
                                                  and get_origin(_plain(kind)[0]) is Literal):
        return f"expected one of: {_one_of(kind)}{got}"
    if said == "Number out of range":  # "1e400"
        return f"expected {'a whole' if kind is not _KEY and _plain(kind)[0] is int else 'a finite'} number{got}"
    if m := re.fullmatch(r"Expected `([^`]*)`, got `\w+`", said):
        kinds = [t for t in m[1].split(" | ") if t != "null"] or ["null"]  # `X | None`: "expected X"
        words = [_TYPE_WORDS.get(t, t) for t in kinds]
        return " or ".join([words[0], *(w.removeprefix("expected ") for w in words[1:])]) + got
    return said + got


_TYPE_WORDS = {"int": "expected a whole number", "float": "expected a number", "str": "expected a text",
               "bool": "expected true or false", "array": "expected a list", "object": "expected a mapping",
               "null": "expected nothing here"}
"""pnpkit's words for msgspec's types."""


def _unknown(key: Any, value: Any, known: list[str]) -> str:
    """`unknown key x`, with the key meant where one is near (kitfile/source.py's words)."""
    import difflib
    hint = difflib.get_close_matches(str(key)[:60], known, n=1)
    msg = f"unknown key {short(key, 40)}"
    if value is None and (" " in str(key).strip() or not hint):
        # `{clear: 2H with Ann, Cat}`: in a flow mapping a comma starts a new entry, and "Cat"
        # becomes a key with no value (a misspelt key with no value, `frend:`, gets its hint)
        msg += " (in {...} a comma starts a new entry: quote a value that holds a comma, or write \"and\")"
    elif hint:
        msg += f" (did you mean {hint[0]!r}?)"
    elif known:
        msg += f" (expected one of: {', '.join(sorted(known))})"
    return msg


# ---------------------------------------------------------------- the model, followed along the path

def _plain(kind: Any) -> tuple[Any, tuple]:
    """`kind` without Annotated and Optional: (the type, its Meta constraints)."""
    metas: tuple = ()
    while True:
        if get_origin(kind) is Annotated:
            args = get_args(kind)
            kind, metas = args[0], metas + tuple(a for a in args[1:] if isinstance(a, msgspec.Meta))
        elif get_origin(kind) in (Union, UnionType) and type(None) in get_args(kind):
            rest = [a for a in get_args(kind) if a is not type(None) and a is not UnsetType]  # (UNSET: left out)
            if len(rest) != 1:
                return kind, metas
            kind = rest[0]
        else:
            return kind, metas


def _args(kind: Any) -> tuple:
    args = get_args(_plain(kind)[0])
    return args if len(args) == 2 else (Any, Any)


def _step(node: Any, kind: Any, part: Any) -> tuple[Any, Any]:
    """The data and the type one part further along the path."""
    kind = _plain(kind)[0]
    if get_origin(kind) in (Union, UnionType):  # a union of structs and plain types: the struct, if one
        kind = _member(kind, _is_struct)
    try:
        node = node[part]
    except (KeyError, IndexError, TypeError):
        node = ...
    if _is_struct(kind) and isinstance(part, str):
        return node, next((f.type for f in fields(kind) if f.encode_name == part), None)
    args = get_args(kind)
    if get_origin(kind) in (list, tuple, set, frozenset) and args:
        return node, args[0]
    if get_origin(kind) is dict and len(args) == 2:
        return node, args[1]
    return node, None


def _member(union: Any, test: Any) -> Any:
    """The first member of `union` (without its Annotated) that passes `test`, or None."""
    return next((a for a in map(lambda m: _plain(m)[0], get_args(union)) if test(a)), None)


def _is_struct(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, msgspec.Struct)


def _keys(kind: Any) -> list[str]:
    """The keys a struct allows (in a union, its struct's), for a did-you-mean hint."""
    kind = _plain(kind)[0]
    if get_origin(kind) in (Union, UnionType):
        kind = _member(kind, _is_struct)
    return [f.encode_name for f in fields(kind)] if _is_struct(kind) else []


def _one_of(kind: Any) -> str:
    """A Literal's values as pnpkit lists them: `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`."""
    kind = _plain(kind)[0]
    if get_origin(kind) in (Union, UnionType):  # (`Literal["pass"] | Play`: the Literal's)
        kind = _member(kind, lambda a: get_origin(a) is Literal)
    values = [repr(v) for v in get_args(kind)] if get_origin(kind) is Literal else []
    if not values:
        return "?"
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " or " + values[-1]


def _bound(kind: Any, op: str, said: str) -> str:
    """A bound as the model wrote it (`ge=0`: 0, not msgspec's 0.0)."""
    name = {">=": "ge", "<=": "le", ">": "gt", "<": "lt"}[op]
    for meta in _plain(kind)[1] if kind is not _KEY else ():
        if getattr(meta, name, None) is not None:
            return str(getattr(meta, name))
    return said


def _failing(node: Any, kind: Any, keys: bool) -> Any:
    """The first key of mapping `node` whose key (or value) `kind` refuses: msgspec names none."""
    if not isinstance(node, dict):
        return "..."
    for k, v in node.items():
        try:
            first_use.convert(k if keys else v, kind, strict=False, dec_hook=_dec_hook)
        except (ValidationError, TypeError):
            return k
    return next(iter(node), "...")
