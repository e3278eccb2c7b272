"""Hostile decks (CSV, XLSX) and templates beside a kit file, for bench/fuzz.py (issue 28): what a
stranger's kit folder may hold. Each case is a function of (kind, seed): a dictionary of the files
to write into an empty folder (`k.yaml` and what it names), so a failure is reproduced by its number.

- `deck`: the example kit's CSV (examples/tide-pools/creatures.csv) or the same table as an .xlsx,
  damaged: bytes flipped, cut, rows and cells multiplied, numbers out of range, formulas, bad
  names; for an .xlsx its XML parts too (a shared string that is not there, a row of a million
  cells, a row numbered past Excel's last, entities, a damaged zip).
- `template`: a shipped kit with one of its template files replaced by a mutated one (a hostile
  expression spliced in, lines cut or repeated), or a small kit whose text is a chain of jinja2
  filters and operators with hostile arguments (huge repeats, widths, fills, indents).
"""
from __future__ import annotations

import io
import random
import re
import zipfile
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "examples" / "tide-pools" / "creatures.csv"
HEAD = "game: {id: fuzz, title: Fuzz, players: 2}\n"
DECK_KIT = HEAD + """params:
  cards: {from: DECK}
components:
  - kind: cards
    name: creatures
    deck: {from: DECK}
    front: {title: "{{ row.name }}", text: "{{ row.creature }} {{ row.value }} ({{ params.cards | length }})"}
    back: {title: back}
"""
CHAIN_KIT = HEAD + """params:
  big: &big XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX
  many: [*big, *big, *big, *big, *big, *big, *big, *big]
  cards: [{name: Fox, value: 3}, {name: Owl, value: 4}]
components:
  - kind: reference
    name: aid
    size: a6
    front: {template: t.j2}
"""
SEEDS = ["'x' * 99999", "'x' * 1000", "[1, 2, 3]", "range(99999)", "params.many", "params", "kit", "game",
         "params.cards", "[('y' * 5000)] * 20", "'%s' * 300", "namespace(a=1)", "params.big", "'a\\nb' * 40000"]
NUMBERS = ["0", "1", "-1", "7", "999", "99999", "10**6", "10**7", "True", "'x' * 9999", "none"]
FILTERS = ["join", "join('x' * 9999)", "replace('x', 'x' * 999)", "replace('', 'yy')", "map('upper')",
           "map('string')", "tojson", "tojson(N)", "pprint", "string", "list", "center(N)", "indent(N)",
           "indent('x' * 999)", "wordwrap(1, true, 'x' * 999)", "batch(N, 'x' * 999)", "slice(N, 'y')",
           "sum(start=[])", "format(N, N)", "truncate(N)", "sort", "unique", "reverse", "first", "last",
           "length", "int", "float", "round(N)", "abs", "e", "striptags", "urlencode", "xmlattr", "items",
           "dictsort", "groupby('a')", "selectattr('name')", "map(attribute='name')", "select('odd')",
           "attr('upper')", "default(N)", "min", "max", "random", "filesizeformat", "title", "capitalize",
           "wordcount", "trim", "count", "lower", "upper", "urlize"]
OPERATORS = [" * N", " + X", " ~ X", " % (N, N)", " ** N", " // N", "[::-1]", "[N:N]", ".upper()",
             ".__class__", "()", ".items()", ".get('a')", " in X", " * N * N"]
SPLICES = ["{{ X }}", "{% set y = X %}{{ y | length }}", "{% for i in range(N) %}{{ X }}{% endfor %}",
           "{% set y %}{% for i in range(N) %}{{ X }}{% endfor %}{% endset %}{{ y | length }}",
           "{% macro m(n) %}{{ X }}{{ m(n) }}{% endmacro %}{{ m(1) }}", "{% filter upper %}{{ X }}{% endfilter %}",
           "{{ kit.model_dump_json(indent=N) }}", "{{ kit.path }}", "{{ ''.__class__.__mro__ }}",
           "{{ lipsum() }}", "{{ cycler(1) }}", "{% include 'k.yaml' %}", "{% include '/etc/passwd' %}",
           "{% import 't.j2' as me %}", "{{ range(N) | map('string') | join }}", "{% extends 't.j2' %}"]


ANY_KIT = [s for s in SEEDS if "params." not in s]  # what every kit's templates have


def _expression(rng: random.Random, seeds: list[str]) -> str:
    expr = rng.choice(seeds)
    for _ in range(rng.choice([1, 2, 3, 4, 6])):
        if rng.random() < 0.7:
            expr = f"({expr}) | {rng.choice(FILTERS)}"
        else:
            expr = f"({expr}){rng.choice(OPERATORS)}"
        expr = re.sub(r"\bN\b", lambda _: rng.choice(NUMBERS), expr.replace("X", rng.choice(seeds), 1))
    return expr


def _splice(rng: random.Random, seeds: list[str] = SEEDS, me: str = "t.j2") -> str:
    text = rng.choice(SPLICES).replace("X", _expression(rng, seeds), 1).replace("t.j2", me)
    return re.sub(r"\bN\b", lambda _: rng.choice(NUMBERS), text)


@lru_cache(maxsize=1)
def _shipped_templates() -> list[tuple[str, str]]:
    """(kit file, template name) of every template file a shipped kit names."""
    out = []
    for kit in sorted((ROOT / "kits").glob("*.yaml")):
        for name in sorted(set(re.findall(r"template: ([\w.-]+\.j2)", kit.read_text(encoding="utf-8")))):
            out.append((kit.name, name))
    return out


def _template_case(rng: random.Random) -> tuple[str, dict[str, bytes]]:
    if rng.random() < 0.5:
        text = "".join(_splice(rng) + "\n" for _ in range(rng.choice([1, 1, 2, 3])))
        return "chain", {"k.yaml": CHAIN_KIT.encode(), "t.j2": text.encode("utf-8")}
    kit, name = rng.choice(_shipped_templates())
    lines = (ROOT / "templates" / name).read_text(encoding="utf-8").splitlines(keepends=True)
    for _ in range(rng.choice([1, 2, 3])):
        i = rng.randrange(len(lines) + 1)
        pick = rng.random()
        if pick < 0.6:
            lines.insert(i, _splice(rng, ANY_KIT, name) + "\n")
        elif pick < 0.75 and lines:
            del lines[min(i, len(lines) - 1)]
        elif lines:
            j = min(i, len(lines) - 1)
            lines[j] = lines[j] * rng.choice([2, 50, 500])
    kit_text = (ROOT / "kits" / kit).read_text(encoding="utf-8")
    return f"{kit[:-5]}/{name}", {"k.yaml": kit_text.encode(), name: "".join(lines).encode("utf-8")}


def _csv_mutation(text: str, rng: random.Random) -> bytes:
    rows = text.splitlines()
    pick = rng.random()
    if pick < 0.15:
        raw = bytearray(text.encode())
        for _ in range(rng.choice([1, 3, 20])):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    i = rng.randrange(1, len(rows))
    if pick < 0.3:
        rows[i] = rows[i] + ("," + rng.choice(["x", "", "=1+1", "9" * 30])) * rng.choice([5, 120, 999, 1001, 30_000])
    elif pick < 0.45:
        rows[i:i] = [rows[i]] * rng.choice([100, 9_999, 10_001, 60_000])
    elif pick < 0.6:
        cells = rows[i].split(",")
        cells[rng.randrange(len(cells))] = rng.choice(
            ["1e308", "nan", "-inf", "9" * 400, "1000001", "-0", "007", "=cmd|' /C calc'!A0", "@SUM(1)", "\"unclosed",
             "x" * 20_001, "\x00", "\x07", "{{ kit.path }}", "{{ ''.__class__ }}", "\t+1", "0x10", "1_000"])
        rows[i] = ",".join(cells)
    elif pick < 0.75:
        head = rows[0].split(",")
        head[rng.randrange(len(head))] = rng.choice(["", "name", "needs.x", "1bad", "a.b.c", "x" * 300, "value.x", "é"])
        rows[0] = ",".join(head)
    elif pick < 0.85:
        rows = rows[: rng.randrange(len(rows))]
    else:
        return ("\ufeff" + ";".join(rows) + "\r\n" * rng.choice([1, 5000])).encode(rng.choice(["utf-8", "utf-16", "latin-1"]),
                                                                                     "replace")
    return "\n".join(rows).encode("utf-8")


@lru_cache(maxsize=1)
def _xlsx_parts() -> dict[str, bytes]:
    """The example deck as an .xlsx (openpyxl; its dates fixed, so every run writes the same bytes)."""
    import csv
    import openpyxl
    wb = openpyxl.Workbook()
    ws = wb.active
    for row in csv.reader(io.StringIO(DECK.read_text(encoding="utf-8"))):
        ws.append([int(c) if c.isdigit() else c for c in row])
    buf = io.BytesIO()
    wb.save(buf)
    with zipfile.ZipFile(buf) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    parts["docProps/core.xml"] = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"2026-01-01T00:00:00Z",
                                        parts["docProps/core.xml"])  # openpyxl writes the time of saving
    return parts


SHEET = "xl/worksheets/sheet1.xml"
SHARED_STRINGS_TYPE = (b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
                       b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>')


def _xlsx_mutation(rng: random.Random) -> bytes:
    parts = dict(_xlsx_parts())
    sheet = parts[SHEET].decode()
    pick = rng.random()
    cells = re.findall(r'<c r="[A-Z]+\d+"[^>]*>.*?</c>', sheet)
    target = rng.choice(cells)
    if pick < 0.15:
        index = rng.choice([7, -1, 10**9, "x"])
        sheet = sheet.replace(target, re.sub(r' t="\w+"', "", target.split(">")[0]) + f' t="s"><v>{index}</v></c>', 1)
    elif pick < 0.3:
        n = rng.choice([200, 1_001, 60_000, 1_700_000])
        sheet = sheet.replace("</row>", "<c><v>1</v></c>" * n + "</row>", 1)
    elif pick < 0.4:
        number = rng.choice([1048576, 0, -3, 10**12, 20000])
        sheet = sheet.replace("</sheetData>", f'<row r="{number}"><c><v>1</v></c></row></sheetData>')
    elif pick < 0.5:
        value = rng.choice(["1e309", "nan", "9" * 500, "-1e7", "", "TRUE"])
        sheet = sheet.replace(target, target.split(">")[0].replace(' t="inlineStr"', ' t="n"') + f"><v>{value}</v></c>", 1)
    elif pick < 0.6:
        sheet = ('<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
                 + sheet.replace("<t>", "<t>&b;", 1))
    elif pick < 0.7:
        sheet = sheet.replace("</sheetData>", "<row>" + "".join(
            f'<c r="{col}1" t="inlineStr"><is><t>x</t></is></c>' for col in ("XFD", "ZZZZ", "A0", "A", "")) + "</row></sheetData>")
    elif pick < 0.8:
        parts["xl/sharedStrings.xml"] = b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' + \
            b"<si><t>s</t></si>" * rng.choice([10, 200_000, 1_000_000]) + b"</sst>"
        parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(b"</Types>", SHARED_STRINGS_TYPE + b"</Types>")
    elif pick < 0.9:
        sheet = sheet[: rng.randrange(len(sheet))]
    else:
        del parts[rng.choice(sorted(parts))]
    parts[SHEET] = sheet.encode("utf-8", "replace")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0)), data)
    raw = bytearray(buf.getvalue())
    if rng.random() < 0.1:
        for _ in range(rng.choice([1, 5])):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
    return bytes(raw)


def case(kind: str, seed: int) -> tuple[str, dict[str, bytes]]:
    """The `seed`th case of `kind` ("deck" or "template"): (what it varies, {file name: bytes})."""
    rng = random.Random(f"{kind}-{seed}")
    if kind == "template":
        return _template_case(rng)
    if rng.random() < 0.5:
        return "creatures.csv", {"k.yaml": DECK_KIT.replace("DECK", "deck.csv").encode(),
                                 "deck.csv": _csv_mutation(DECK.read_text(encoding="utf-8"), rng)}
    return "creatures.xlsx", {"k.yaml": DECK_KIT.replace("DECK", "deck.xlsx").encode(), "deck.xlsx": _xlsx_mutation(rng)}
