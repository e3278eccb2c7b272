"""A scalar of a kit file or record read as YAML 1.1 reads it (kitfile/safeyaml.py composes the
rest): text, a whole number, a number, yes or no, or null; a date or any other tag stays text, and
a number is finite and bounded."""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import yaml

RESOLVER = yaml.SafeLoader  # the YAML 1.1 implicit resolver (plain scalar -> tag) of the safe loader
CORE = "tag:yaml.org,2002:"
SCALAR_TAGS = {CORE + t for t in ("str", "int", "float", "bool", "null")}


def short(value: Any, width: int = 60) -> str:
    """A value as a message quotes it, cut with an ellipsis: a 2 MB string is not echoed back."""
    text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"


@lru_cache(maxsize=8192)
def plain(text: str, tag: str | None, largest: int) -> Any:
    """A scalar's value: `tag` given (`!!int 3`) or resolved as YAML 1.1 does for a plain scalar.
    Kept per text: records repeat their words and numbers (names, kinds, card ids, small counts),
    and resolving is most of what reading a scalar costs. ValueError says why it is refused."""
    if tag is None:
        tag = RESOLVER.resolve(RESOLVER, yaml.ScalarNode, text, (True, False))
    if tag == CORE + "str" or tag not in SCALAR_TAGS:  # timestamps, '=' and '<<' stay text
        return text
    try:
        value = _CONSTRUCT[tag](yaml.ScalarNode(tag, text))
    except (ValueError, OverflowError):
        what = {"int": "whole number", "float": "number", "bool": "yes or no"}.get(tag[len(CORE):], "value")
        raise ValueError(f"cannot read {short(text)} as a {what}") from None
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{short(text)} is not a finite number")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) > largest:
        raise ValueError(f"the number {short(text, 30)} is larger than any kit file or record needs "
                         f"(at most {largest:,})")
    return value


_C = yaml.SafeLoader.__new__(yaml.SafeLoader)  # the safe constructors, used on single scalar nodes
_CONSTRUCT = {
    CORE + "int": lambda n: yaml.SafeLoader.construct_yaml_int(_C, n),
    CORE + "float": lambda n: yaml.SafeLoader.construct_yaml_float(_C, n),
    CORE + "bool": lambda n: yaml.SafeLoader.construct_yaml_bool(_C, n),
    CORE + "null": lambda n: None,
}
