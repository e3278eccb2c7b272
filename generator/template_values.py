"""What a template sees: a kit's data as plain values, and how big a value is.

A template is a stranger's code. Handing it the kit's Python objects hands it their methods too
(`{{ kit.model_dump_json(indent=999999) }}` ran pydantic's Rust serializer into an abort), so the
kit reaches jinja2 as dictionaries, lists, strings, numbers, true/false and null only: every
pydantic model and dataclass becomes a dictionary of its fields, an enum its value, and anything
else its text. Nothing in it is callable (generator/templating.py refuses calls of anything but a
template's own macros, `range` and `namespace`).

The kit file's place on the builder's disk is no part of the kit: `kit.path` and `kit.file` are the
kit file's name, relative to its own folder (`tide-pools.yaml`), so no user name or folder is
printed.

`size` is the measure every bound on a template's values uses: characters of text plus one for
each number and each item of a list or mapping, counted with repeats (`[x] * 7000` is 7,000 times
`x`, though Python holds `x` once), because repeats are what a later `join`, `map` or `tojson`
turns into real memory.
"""
from __future__ import annotations

import dataclasses
import enum
import os
from functools import cached_property, lru_cache
from typing import Any

from msgspec import Struct
from pydantic import BaseModel

from pnpkit.kitfile.errors import InputError

KIT_DATA = 10_000_000  # size of everything a kit's templates see (a 2 MB kit file and its decks, aliases expanded)
MAX_DEPTH = 100        # nesting: a kit file nests at most 40 deep, and pnpkit's models add a few levels


class TooBig(InputError):
    """A kit's data, expanded as templates see it, is larger than KIT_DATA (or nests past MAX_DEPTH)."""


def size(value: Any, limit: int) -> int:
    """`value`'s size (characters, numbers and items, repeats counted), or `limit + 1` as soon as it
    is known to pass `limit`: measuring stops early, so it costs at most about `limit` steps."""
    total = 0
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, (str, bytes)):
            total += len(v) or 1
        elif isinstance(v, dict):
            total += 1 + len(v)
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, (list, tuple, set, frozenset)):
            total += 1 + len(v)
            stack.extend(v)
        else:
            total += 1
        if total > limit:
            return limit + 1
    return total


def plain(value: Any, budget: list[int], depth: int = 0) -> Any:
    """`value` as plain data (dict, list, tuple, str, int, float, bool, None), with `budget[0]`
    lowered by its size; TooBig once it runs out or past MAX_DEPTH (a model that refers back to
    itself). Aliased parts are copied, so they count each time."""
    budget[0] -= 1
    if budget[0] < 0 or depth > MAX_DEPTH:
        raise TooBig()
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        budget[0] -= len(value)
        if budget[0] < 0:
            raise TooBig()
        return str(value)
    d = depth + 1
    if isinstance(value, enum.Enum):
        return plain(value.value, budget, d)
    if isinstance(value, BaseModel):
        names = [*type(value).model_fields, *_properties(type(value))]
        return {name: plain(getattr(value, name), budget, d) for name in names}
    if isinstance(value, Struct):  # a msgspec model (kitfile/structs.py)
        names = [*value.__struct_fields__, *_properties(type(value))]
        return {name: plain(getattr(value, name), budget, d) for name in names}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = [*(f.name for f in dataclasses.fields(value)), *_properties(type(value))]
        return {name: plain(getattr(value, name), budget, d) for name in names}
    if isinstance(value, dict):
        return {plain(k, budget, d) if isinstance(k, (str, int, float, bool)) else str(k): plain(v, budget, d)
                for k, v in value.items()}
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a NamedTuple: its fields by name
        return {name: plain(v, budget, d) for name, v in zip(value._fields, value)}
    if isinstance(value, tuple):
        return tuple(plain(v, budget, d) for v in value)
    if isinstance(value, (list, set, frozenset)):
        return [plain(v, budget, d) for v in value]
    return plain(str(value), budget, d)


@lru_cache(maxsize=None)
def _properties(cls: type) -> tuple[str, ...]:
    """The public properties pnpkit's own models define (`game.max_players`): values computed from
    the fields, so a template sees them as values."""
    out: list[str] = []
    for klass in cls.__mro__:
        if klass in (BaseModel, Struct, object) or not klass.__module__.startswith("pnpkit."):
            continue
        out += [n for n, v in vars(klass).items()
                if isinstance(v, (property, cached_property)) and not n.startswith("_") and n not in out]
    return tuple(out)


def kit_values(kit: Any) -> dict[str, Any]:
    """`kit`, `game` and `params` for a kit's templates, as plain values (TooBig past KIT_DATA),
    with the kit file named relative to its folder."""
    budget = [KIT_DATA]
    data = plain(kit, budget)
    name = os.path.basename(getattr(kit, "path", "") or getattr(kit, "file", "") or "")
    if isinstance(data, dict):
        data["path"] = data["file"] = name
    return {"kit": data, "game": data.get("game"), "params": data.get("params")}
