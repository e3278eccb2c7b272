"""Custom types' parts (kitfile/structs.py): a mapping's keys read by a custom type (`keyed`), a
custom type's JSON Schema made of its parts' when `pnpkit schema` asks (`Computed`,
`inline_schema`), and a value that must be a text (`text`) or a mapping (`expected`), said in the
core's words.
"""
from __future__ import annotations

from typing import Any

from pnpkit.kitfile.structs import Invalid, force_setattr, schema
from pnpkit.kitfile.yamlscalars import short


class Computed:
    """A class attribute computed when read (a custom type's `json_schema` made of its parts' schemas,
    built only when `pnpkit schema` asks)."""

    def __init__(self, make: Any):
        self.make = make

    def __get__(self, obj: Any, cls: type) -> Any:
        return self.make(cls)


def text(value: Any) -> str:
    """`value` if it is a text, else ValueError in the words a `str` field's problem has."""
    if not isinstance(value, str):
        raise ValueError(expected("a text", value))
    return value


def expected(what: str, value: Any) -> str:
    """A field's problem in the core's words: `expected a mapping, got 7` (a list or mapping written
    where it does not belong is not shown)."""
    return f"expected {what}" + ("" if isinstance(value, (dict, list)) else f", got {short(value)}")


def keyed(struct: Any, name: str, *kinds: Any) -> None:
    """Read the keys of the mapping `struct.<name>` with the custom types `kinds`, one a level
    (`keyed(self, "tokens", Name)`; a tree's owner, then its spaces: `keyed(self, "trees", Name,
    Space)`), in a `__post_init__`: msgspec calls a custom type's `decode` for a mapping's number key
    (`7:` is "7") but not for a text key, so `tokens: {"Ann ": 2}` would keep its key as written. A
    key's problem is said at the key; a field left None, or a value that is no mapping where a
    mapping may stand (`plate: {Ann: 2}` beside `{Ann: {Ben: 1}}`), is kept as it is."""
    value = getattr(struct, name)
    if value is not None:
        force_setattr(struct, name, _keys_read(value, kinds, (name,)))


def _keys_read(mapping: Any, kinds: tuple, at: tuple) -> Any:
    if not kinds or not isinstance(mapping, dict):
        return mapping
    out = {}
    for key, value in mapping.items():
        try:
            read = kinds[0].decode(key)
        except Invalid as e:
            raise Invalid(e.message, at=(*at, key, *e.at)) from None
        except (ValueError, TypeError) as e:
            raise Invalid(str(e), at=(*at, key)) from None
        out[read] = _keys_read(value, kinds[1:], (*at, key))
    return out


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
