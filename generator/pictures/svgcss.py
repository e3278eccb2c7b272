"""An SVG's CSS, read as a browser reads it: tinycss2 tokenizes it (escapes resolved, comments
dropped), so `@\\69mport` is an @import and `u\\72l(` is a url() here as it would be anywhere.

Checked in every style sheet (`<style>`), style attribute and presentation attribute that could
hold CSS: no @import, no url() but a `#id` inside the picture, at most MAX_CSS_RULES rules, and
every number within MAX_NUMBER (a font size of 1e30 is refused here, with what it is).
"""
from __future__ import annotations

import math
from typing import Any, Iterable

from pnpkit.generator.pictures.limits import MAX_CSS_RULES, MAX_NUMBER, PictureError

NUMERIC = ("NumberToken", "DimensionToken", "PercentageToken")


def _tinycss2():
    try:
        import tinycss2
    except ImportError:  # pragma: no cover - svglib depends on it
        raise PictureError("reading SVG styles needs tinycss2 (pip install tinycss2)") from None
    return tinycss2


def check_sheet(text: str) -> int:
    """Check a `<style>` element's text; returns how many rules it holds."""
    braces = text.count("{")
    if braces > 2 * MAX_CSS_RULES:  # refused before it is parsed: a rule opens at least one block
        raise PictureError(f"its style sheet opens {braces:,} blocks: at most {MAX_CSS_RULES:,} rules")
    nodes = _tinycss2().parse_stylesheet(text, skip_comments=True, skip_whitespace=True)
    rules = sum(1 for n in nodes if n.type in ("qualified-rule", "at-rule"))
    if rules > MAX_CSS_RULES:
        raise PictureError(f"its style sheet holds {rules:,} rules: at most {MAX_CSS_RULES:,}")
    _check(nodes)
    return rules


def check_value(text: str) -> None:
    """Check a style attribute (`fill: red; ...`) or a presentation attribute's value."""
    _check(_tinycss2().parse_component_value_list(text, skip_comments=True))


def _check(nodes: Iterable[Any]) -> None:
    stack = list(nodes)
    while stack:
        node = stack.pop()
        kind = getattr(node, "type", "")
        if kind == "at-rule" and node.lower_at_keyword == "import":
            raise PictureError("its style sheet imports another file (@import): a picture must be self-contained")
        if kind == "url":
            _target(node.value)
        elif kind == "function":
            if node.lower_name in ("url", "src"):
                _target("".join(getattr(a, "value", "") for a in node.arguments if a.type == "string")
                        or "".join(a.serialize() for a in node.arguments).strip())
            stack.extend(node.arguments)
        elif kind in ("number", "dimension", "percentage"):
            if not math.isfinite(node.value) or abs(node.value) > MAX_NUMBER:
                raise PictureError(f"its style holds the number {node.representation[:40]}: every number in a "
                                   f"picture must be within {MAX_NUMBER:,.0f}")
        for attr in ("prelude", "content"):
            inner = getattr(node, attr, None)
            if isinstance(inner, list):
                stack.extend(inner)
        if kind in ("declaration",):
            stack.extend(node.value)
        if kind in ("() block", "[] block", "{} block"):
            stack.extend(node.content)


def _target(target: str) -> None:
    target = target.strip()
    if target and not target.startswith("#"):
        shown = target if len(target) <= 60 else target[:57] + "..."
        raise PictureError(f"its style refers to {shown!r}: a picture must be self-contained")
