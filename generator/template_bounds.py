"""Bounds on what a template makes: every value an operator, a filter or a captured block produces
holds at most MAX_VALUE (template_values.size: characters and items, repeats counted), and the
filters whose output can outgrow their input many times over are replaced by ones that work out
the size first.

Checking results afterwards is not enough: `([x] * 7000) | join`, `s | replace('', s)`,
`big | tojson` spend their memory and time inside one C call that no deadline interrupts. So:

- sequences that filters yield lazily (`map`, `select`, `batch`, ...) are counted item by item as
  they are consumed, and stop at the bound (`Bounded`);
- `join`, `replace`, `indent`, `wordwrap`, `format` (and the `%` operator), `sum`, `tojson` and
  `pprint` compute their result's size from their inputs before they run (`REPLACED`);
- blocks captured into a value (`{% set x %}`, macros, `{% filter %}`, `caller()`) write into a
  `Buffer` that stops at the bound.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, Callable

import jinja2
from jinja2.sandbox import SecurityError

from pnpkit.generator.template_values import size

MAX_VALUE = 100_000     # characters or items one value inside a template may hold
MAX_INDENT = 8          # tojson's indent
_FORMAT_SPEC = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d*)(?:\.(\*|\d*))?[hlL]?([a-zA-Z%])")


def too_big(what: str = "a text or list") -> SecurityError:
    return SecurityError(f"{what} of more than {MAX_VALUE:,} characters or items is not made in a template")


def check(value: Any, what: str = "a text or list") -> Any:
    """`value`, if its size is within MAX_VALUE; a lazy sequence is wrapped to be counted as read."""
    if isinstance(value, Iterator) and not isinstance(value, (str, bytes)):
        return Bounded(value)
    if size(value, MAX_VALUE) > MAX_VALUE:
        raise too_big(what)
    return value


def printed(value: Any) -> Any:
    """Every `{{ value }}` (jinja2's finalize): measured before it becomes text."""
    return value if isinstance(value, Iterator) else check(value, "a printed value")


class Bounded:
    """A lazy sequence whose items, counted together as they are read, stay within MAX_VALUE."""

    def __init__(self, items: Iterable[Any]):
        self._items = iter(items)
        self._left = MAX_VALUE

    def __iter__(self) -> Bounded:
        return self

    def __next__(self) -> Any:
        item = next(self._items)
        self._left -= size(item, MAX_VALUE)
        if self._left < 0:
            raise too_big("a sequence")
        return item


class Buffer(list):
    """The list jinja2 collects a captured block's output in, stopping at MAX_VALUE characters."""

    _chars = 0

    def append(self, text: Any) -> None:
        self._chars += len(text) if isinstance(text, str) else size(text, MAX_VALUE)
        if self._chars > MAX_VALUE:
            raise too_big("a block's text")
        super().append(text)

    def extend(self, texts: Iterable[Any]) -> None:
        for t in texts:
            self.append(t)


def _materialize(value: Any) -> list:
    return list(Bounded(value)) if not isinstance(value, (list, tuple, str)) else list(value)


def _join(eval_ctx: Any, value: Any, d: str = "", attribute: Any = None) -> str:
    items = _materialize(value)
    if attribute is not None:
        get = jinja2.filters.make_attrgetter(eval_ctx.environment, attribute)
        items = [get(i) for i in items]
    total = len(str(d)) * max(len(items) - 1, 0)
    for i in items:
        total += size(i, MAX_VALUE)
        if total > MAX_VALUE:
            raise too_big("a joined text")
    return jinja2.filters.sync_do_join(eval_ctx, items, d)


def _replace(eval_ctx: Any, s: Any, old: Any, new: Any, count: int | None = None) -> str:
    text, old, new = str(check(s)), str(old), str(new)
    times = text.count(old) if old else len(text) + 1
    if count is not None and count >= 0:
        times = min(times, count)
    if len(text) + times * (len(new) - len(old)) > MAX_VALUE:
        raise too_big("a replaced text")
    return jinja2.filters.do_replace(eval_ctx, text, old, new, count)


def _indent(s: Any, width: Any = 4, first: bool = False, blank: bool = False) -> str:
    text = str(check(s))
    pad = width if isinstance(width, str) else " " * min(int(width), MAX_VALUE + 1)
    if len(text) + (text.count("\n") + 1) * len(pad) > MAX_VALUE:
        raise too_big("an indented text")
    return jinja2.filters.do_indent(text, width, first, blank)


def _wordwrap(environment: Any, s: Any, width: int = 79, break_long_words: bool = True,
              wrapstring: str | None = None, break_on_hyphens: bool = True) -> str:
    text = str(check(s))
    lines = len(text) // max(int(width), 1) + text.count("\n") + 1
    if len(text) + lines * len(wrapstring or environment.newline_sequence) > MAX_VALUE:
        raise too_big("a wrapped text")
    return jinja2.filters.do_wordwrap(environment, text, width, break_long_words, wrapstring, break_on_hyphens)


def format_size(fmt: str, args: Any) -> int:
    """An upper bound of `fmt % args`'s length: each conversion at most as wide as its width or the
    largest argument; a width taken from the arguments (`%*d`) is refused."""
    values = list(args.values()) if isinstance(args, dict) else list(args) if isinstance(args, tuple) else [args]
    widest = max((size(v, MAX_VALUE) for v in values), default=0) + 30  # a number's digits
    total = len(fmt)
    for m in _FORMAT_SPEC.finditer(fmt):
        if "*" in (m[1], m[2]):
            raise SecurityError("a width taken from the arguments (%*d) is not allowed in a template")
        width, precision = (int(d[:7] or 0) for d in (m[1], m[2] or ""))  # 7 digits are over the bound already
        total += max(width, widest if m[3] in "sr" else min(widest, precision + 30))
    return total


def checked_format(fmt: str, args: Any) -> str:
    if format_size(fmt, args) > MAX_VALUE:
        raise too_big("a formatted text")
    return fmt % args


def _format(value: str, *args: Any, **kwargs: Any) -> str:
    if args and kwargs:
        raise jinja2.FilterArgumentError("can't handle positional and keyword arguments at the same time")
    return checked_format(str(value), kwargs or args)


def _sum(environment: Any, iterable: Any, attribute: Any = None, start: Any = 0) -> Any:
    items = _materialize(iterable)
    if attribute is not None:
        get = jinja2.filters.make_attrgetter(environment, attribute)
        items = [get(i) for i in items]
    if isinstance(start, (list, tuple)):  # lists joined in one pass, not n copies of a growing list
        out = list(start)
        for i in items:
            out.extend(i)
            if len(out) > MAX_VALUE:
                raise too_big()
        return check(type(start)(out))
    return check(sum(items, start))


def _tojson(eval_ctx: Any, value: Any, indent: Any = None) -> Any:
    check(value, "a value turned into JSON")
    if indent is not None and not (isinstance(indent, int) and 0 <= indent <= MAX_INDENT):
        raise SecurityError(f"tojson's indent is a whole number from 0 to {MAX_INDENT}")
    return jinja2.filters.do_tojson(eval_ctx, value, indent)


def _pprint(value: Any) -> str:
    return jinja2.filters.do_pprint(check(value, "a value printed"))


def _string(value: Any) -> str:
    return jinja2.filters.soft_str(check(value, "a value turned into text"))


def _attr(environment: Any, obj: Any, name: str) -> Any:
    """`x | attr('a')` as `x.a`: the sandbox's lookup, so a plain value's methods stay invisible."""
    return environment.getattr(obj, str(name))


def _context_kind(fn: Callable, like: Callable) -> Callable:
    if hasattr(like, "jinja_pass_arg"):
        fn.jinja_pass_arg = like.jinja_pass_arg  # type: ignore[attr-defined]
    return fn


F = jinja2.filters
REPLACED: dict[str, Callable] = {
    "join": _context_kind(_join, F.sync_do_join), "replace": _context_kind(_replace, F.do_replace),
    "indent": _indent, "wordwrap": _context_kind(_wordwrap, F.do_wordwrap), "format": _format,
    "sum": _context_kind(_sum, F.sync_do_sum), "tojson": _context_kind(_tojson, F.do_tojson),
    "pprint": _pprint, "string": _string, "attr": _context_kind(_attr, F.do_attr),
}
REMOVED = {"urlize"}  # HTML links: its options repeat text into every link, and a kit prints no HTML
