"""Custom types' parts (kitfile/structs.py): a mapping whose keys a custom type reads (`keyed_by`),
a custom type's JSON Schema made of its parts' when `pnpkit schema` asks (`Computed`,
`inline_schema`), and a value that must be a text (`text`), said in the core's words.
"""
from __future__ import annotations

from typing import Any

from pnpkit.kitfile.structs import Invalid, convert, schema
from pnpkit.kitfile.yamlscalars import short


class Computed:
    """A class attribute computed when read (a custom type's `json_schema` made of its parts' schemas,
    built only when `pnpkit schema` asks)."""

    def __init__(self, make: Any):
        self.make = make

    def __get__(self, obj: Any, cls: type) -> Any:
        return self.make(cls)


class Keyed(dict):
    """A mapping whose keys are a custom type (`keyed_by(Name, Seat)`: players' names, `7:` read as
    "7" and each name checked, as pydantic read `dict[Name, Seat]`); msgspec decodes no text key."""

    key: Any = None
    value: Any = Any
    most: int | None = None

    @classmethod
    def decode(cls, data: Any) -> "Keyed":
        if not isinstance(data, dict):
            raise ValueError("expected a mapping" + ("" if isinstance(data, list) else f", got {short(data)}"))
        if cls.most is not None and len(data) > cls.most:
            raise ValueError(f"at most {cls.most:,} entries, got {len(data):,}")
        out = cls()
        for k, v in data.items():
            try:
                key = cls.key.decode(k)
            except Invalid as e:
                raise Invalid(e.message, at=(k, *e.at), exact=True) from None
            except (ValueError, TypeError) as e:
                raise Invalid(str(e), at=(k,), exact=True) from None
            try:
                out[key] = convert(v, cls.value)
            except Invalid as e:
                raise Invalid(e.message, at=(k, *e.at), exact=e.exact) from None
        return out

    json_schema = Computed(lambda cls: {"type": "object", "additionalProperties": inline_schema(cls.value),
                                         **({"maxProperties": cls.most} if cls.most is not None else {})})


def text(value: Any) -> str:
    """`value` if it is a text, else ValueError in the words a `str` field's problem has."""
    if not isinstance(value, str):
        raise ValueError("expected a text" + ("" if isinstance(value, (dict, list)) else f", got {short(value)}"))
    return value


def keyed_by(key: type, value: Any, max_length: int | None = None) -> type[Keyed]:
    """`dict[key, value]` for a custom `key` type, at most `max_length` entries: a field's type (where
    `keyed` reads a struct's field in its `__post_init__`, this reads keys within keys, in the order
    pydantic did, each key before its value)."""
    return type(f"Keyed_{key.__name__}", (Keyed,), {"key": key, "value": value, "most": max_length})


def inline_schema(model: Any) -> dict:
    """`model`'s schema with its `$ref`s replaced by what they name: a custom type's part of a larger schema."""
    found = schema(model)
    defs = found.get("$defs", {})

    def walk(x: Any) -> Any:
        if isinstance(x, dict):
            if "$ref" in x:
                return walk(defs[x["$ref"].rsplit("/", 1)[-1]])
            return {k: walk(v) for k, v in x.items() if k != "$defs"}
        return [walk(v) for v in x] if isinstance(x, list) else x
    return walk(found)
