"""Templates see plain values and make bounded ones (issue 28): what a kit's template can and
cannot do, rendered as the build renders it."""
from __future__ import annotations

import time

import pytest

from pnpkit.generator import templating
from pnpkit.kitfile.cells import csv_bytes, no_formula
from pnpkit.generator.template_values import kit_values, size
from pnpkit.kitfile.model import load_kit

PLAIN = (dict, list, tuple, str, int, float, bool, type(None))


def render(text: str, **values) -> str:
    return templating.render(templating.environment(None), values, text=text)


def test_a_kit_reaches_templates_as_plain_values_named_relative_to_its_folder():
    kit = load_kit("nuts")
    values = kit_values(kit)
    stack = [values]
    while stack:
        v = stack.pop()
        assert isinstance(v, PLAIN), type(v)
        if isinstance(v, dict):
            stack += [*v.keys(), *v.values()]
        elif isinstance(v, (list, tuple)):
            stack += list(v)
    assert values["kit"]["path"] == values["kit"]["file"] == "nuts.yaml"
    assert values["game"]["max_players"] == kit.game.max_players  # a property, as a value


@pytest.mark.parametrize("text, words", [
    ("{{ kit.model_dump_json(indent=999999) }}", "has no attribute 'model_dump_json'"),
    ("{{ 'abc'.upper() }}", "has no attribute 'upper'"),
    ("{{ '{:>9}'.format(1) }}", "has no attribute 'format'"),
    ("{{ kit() }}", "cannot be called in a template"),
    ("{{ 'x' | attr('upper') }}", "has no attribute 'upper'"),
    ("{% set x = 'x' * 99999 %}{{ ([x] * 7000) | join }}", "more than 100,000"),
    ("{% set x = 'x' * 99999 %}{{ x | replace('x', x) }}", "a replaced text of more than 100,000"),
    ("{{ range(7000) | map('string') | map('center', 99999) | map('upper') | list }}", "a sequence of more"),
    ("{{ big | tojson }}", "a value turned into JSON of more than 100,000"),  # the kit's data, not made here
    ("{{ big | pprint }}", "a value printed of more than 100,000"),
    ("{{ big }}", "a printed value of more than 100,000"),
    ("{{ [1] | tojson(indent=999999) }}", "tojson's indent"),
    ("{% set y %}{% for i in range(7000) %}{{ 'x' * 9999 }}{% endfor %}{% endset %}", "a block's text"),
    ("{{ ('%99999s' * 900) | format(*range(900)) }}", "a formatted text"),
    ("{{ '%*d' % (99, 1) }}", "a width taken from the arguments"),
    ("{{ range(99999) | batch(1) | sum(start=[]) | length }}", "more than 100,000"),
    ("{{ [1] | batch(999999, 'x' * 999) | list }}", "a sequence of more"),
    ("{{ ('x' * 9999) | indent('y' * 99999) }}", "an indented text"),
    ("{{ ('a b ' * 9999) | wordwrap(1, true, 'z' * 999) }}", "a wrapped text"),
    ("{{ 'x' | urlize }}", "No filter named 'urlize'"),
])
def test_a_hostile_template_is_refused_before_it_runs(text, words):
    started = time.process_time()
    with pytest.raises(templating.TemplateProblem) as e:
        render(text, kit={"a": 1}, big=["x" * 60_000] * 2)
    assert words in e.value.message
    assert time.process_time() - started < 0.5


@pytest.mark.parametrize("text, out", [
    ("{{ row.items }} {{ row['keys'] }}", "3 4"),  # a mapping's attributes are its keys, not its methods
    ("{{ row.needs.almond | default(0) }}", "0"),
    ("{{ ['a', 'b'] | join(', ') }} {{ 'abc' | replace('b', 'x') }}", "a, b axc"),
    ("{{ '%d of %s' | format(2, 'x') }} {{ '%05.1f' % 2.5 }}", "2 of x 002.5"),
    ("{{ [1, 2] | tojson(indent=2) | length }} {{ [[1], [2]] | sum(start=[]) }}", "12 [1, 2]"),
    ("{% for k, v in {'a': 1} | items %}{{ k }}={{ v }}{% endfor %}", "a=1"),
    ("{% macro m(x) %}<{{ x }}>{% endmacro %}{{ m(1) }}{{ range(3) | list }}", "<1>[0, 1, 2]"),
    ("{% for i in range(3) %}{{ loop.cycle('a', 'b') }}{% if loop.changed(i) %}.{% endif %}{% endfor %}", "a.b.a."),
    ("{% set ns = namespace(n=0) %}{% for i in range(3) %}{% set ns.n = ns.n + i %}{% endfor %}{{ ns.n }}", "3"),
])
def test_ordinary_templates_still_render(text, out):
    assert render(text, row={"items": 3, "keys": 4, "needs": {}}) == out


def test_size_counts_repeats_and_stops_early():
    x = "x" * 1000
    assert size([x] * 7, 10**9) == 1 + 7 + 7000
    assert size([x] * 10**6, 5000) == 5001


@pytest.mark.parametrize("text, cell", [
    ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"), ("+1+cmd", "'+1+cmd"), ("-2+3", "'-2+3"),
    ("@SUM(1)", "'@SUM(1)"), ("\tx", "'\tx"), ("\rx", "'\rx"), ("-3", "-3"), ("+2.5", "+2.5"), ("Fox", "Fox"),
])
def test_no_table_cell_begins_a_formula(text, cell):
    assert no_formula(text) == cell
    assert csv_bytes([[text]]).decode().startswith(("'", '"\'', cell[:1]))
