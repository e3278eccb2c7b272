"""pydantic's errors in pnpkit's words, while any model is pydantic's (issue 40 moves them to msgspec:
kitfile/structs.py says msgspec's problems in the same words; this module goes with the last
pydantic model). kitfile/source.validate reports each error of a pydantic model at its line, and
kitfile/structs.py the first of a pydantic model met inside a msgspec one.
"""
from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any, Literal, Mapping

from pnpkit.kitfile.yamlscalars import short

if TYPE_CHECKING:
    from pydantic import BaseModel


def problem(data: Any, err: Mapping, model: type[BaseModel]) -> tuple[tuple, str]:
    """One of pydantic's errors (`exc.errors()`) -> (its path in `data`, pnpkit's message)."""
    path = _path_of(data, err)
    return tuple(path), _message(err, data, path, model)


def _path_of(data: Any, err: Mapping) -> list:
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
    return path


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
