"""A filled fillable score sheet (`KIT-PAPER-fillable.pdf`, filled on a tablet) read as a record.

The PDF is a stranger's file like any record: at most MAX_BYTES, a regular file, its form read with
pypdf (a well-kept reader with its own decompression limits) within one budget for the whole file
(scorer/pdf_limits.py: what its streams inflate to, the dictionaries it holds) and walked
here by hand, each object once (a visited set), at most MAX_DEPTH deep and MAX_FIELDS fields, each
counted whether an object of its own or written inline, so a hostile file's endless or cyclic
object graph ends in a clear refusal. Only the form's field names and values and the pages'
annotation lists are read: no page content, no script, nothing the PDF points to outside itself.
`pnpkit score` and `pnpkit serve` run all of it in a process of its own under the operating
system's limits (pnpkit/limited.py), for what no budget foresaw.

The fields become the record the YAML would be (each game's form.py, kitfile/forms), and
that record is written as YAML text and read back as any record is (the same checks, a name's
included), so a filled sheet is read, checked and scored exactly as the same record typed by hand;
a problem is told at the sheet's page and box, never at a line of the YAML the reader wrote.
"""
from __future__ import annotations

import os
import re
import warnings
from contextlib import contextmanager
from io import BytesIO
from typing import Iterator

import yaml

from pnpkit.kitfile.errors import InputError, Problem, SourceError
from pnpkit.kitfile.forms import KEYWORD, SHEET_HEAD, FormProblem, Value, Values, told_box
from pnpkit.scorer.games import form, forms
from pnpkit.scorer.records import PDF_MAX_BYTES
from pnpkit.scorer.pdf_limits import Beyond, budget

MAX_BYTES = PDF_MAX_BYTES
MAX_FIELDS = 5_000       # NUTS has 6 x 46 boxes
MAX_PAGES = 64
MAX_DEPTH = 16           # of the page tree and of the field tree
MAX_TEXT = 2_000         # one field's text: refused beyond, never cut


def record_text(raw: bytes, display: str) -> str:
    """A filled sheet's bytes -> the record as YAML text, or one SourceError naming page and field."""
    if len(raw) > MAX_BYTES:
        raise _refused(display, f"the PDF is larger than {MAX_BYTES // 1_000_000} MB (a filled score sheet is about 100 KB)")
    values, keywords = read_form(raw, display)
    game = next((g for g in forms("sheets") if form(g, "sheets").SIGNATURE in values
                 or any(f in values for f in getattr(form(g, "sheets"), "LEGACY", ()))), None)
    if game is None:
        raise _refused(display, _not_a_sheet(values, keywords))
    for field, value in values.items():     # never cut (and then told as the made-up YAML's problem)
        if len(value.text) > MAX_TEXT:
            raise _at_box(display, FormProblem(value.page or None, field, f"{len(value.text):,} characters, more "
                                               f"than any box of a score sheet holds ({MAX_TEXT:,})"), game, values)
    from pnpkit.kitfile.head import load_head
    try:
        data = form(game, "sheets").record(values, load_head(game))
    except FormProblem as e:
        raise _at_box(display, e, game, values) from None
    head = f"{SHEET_HEAD}{os.path.basename(display)}\n"
    text = head + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)
    _check(text, data, values, game, display)
    return text


def _at_box(display: str, e: FormProblem, game: str, values: Values) -> SourceError:
    """The problem at its box, told as the players say it (`page 3, Cara's pistachio column, box 4`)."""
    from pnpkit.kitfile.head import load_head
    box = told_box(form(game, "sheets"), load_head(game), values, e.field)
    return SourceError(display, [Problem(None, f"page {e.page}, {box}" if e.page else box, e.message)])


def _check(text: str, data: dict, values: Values, game: str, display: str) -> None:
    """The record read back as any record file is (scorer.api.read_record: the same models, the
    same checks of every name), each problem told at the box it is about."""
    from pnpkit.kitfile.source import parse
    from pnpkit.scorer import api
    try:
        api.read_record(parse(text, display))
    except SourceError as e:
        fields = _fields_by_line(text)
        raise SourceError(display, [_on_sheet(p.field or fields.get(p.line or 0, ""), p.message, data, values, game)
                                    for p in e.problems]) from None


def _fields_by_line(text: str) -> dict[int, str]:
    """Each line of the YAML the reader wrote -> the field its first value is (`players[1].name`),
    for a problem told by its line only."""
    from pnpkit.kitfile.errors import field_name
    out: dict[int, str] = {}

    def walk(node, path: tuple) -> None:
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                walk(value, (*path, key.value))
        elif isinstance(node, yaml.SequenceNode):
            for i, value in enumerate(node.value):
                walk(value, (*path, i))
        else:
            out.setdefault(node.start_mark.line + 1, field_name(path))
    walk(yaml.compose(text, Loader=yaml.SafeLoader), ())
    return out


def _on_sheet(field: str, message: str, data: dict, values: Values, game: str) -> Problem:
    """A problem of the record (`players[1].bonus[0]`) as the page and box it came from, in words
    (`page 2, Ben's bonus cards`); one about no box keeps its field, never the YAML's line."""
    m = re.fullmatch(r"players\[(\d+)\]\.?(.*)", field)
    players = data.get("players") or []
    if m is None or int(m[1]) >= len(players):
        return Problem(None, field, message)
    entry = players[int(m[1])]
    name = entry.get("name") if isinstance(entry, dict) else entry
    seat = next((k for k, v in values.items() if re.fullmatch(r"p\d+\.name", k) and v.text.strip() == name), None)
    if seat is None:
        return Problem(None, field, message)
    prefix = seat[:-len("name")]
    box = prefix + form(game, "sheets").box(m[2], entry if isinstance(entry, dict) else {})
    page = next((v.page for k, v in values.items() if (k == box or k.startswith(box + ".")) and v.page),
                values[seat].page)
    from pnpkit.kitfile.head import load_head
    box = told_box(form(game, "sheets"), load_head(game), values, box)
    return Problem(None, f"page {page}, {box}" if page else box, message)


def _not_a_sheet(values: Values, keywords: str) -> str:
    if keywords.startswith(KEYWORD + ":"):
        kit = keywords.split(":", 1)[1].strip()
        return (f"this is the {kit} kit's fillable score pad: it keeps totals, it is not a record pnpkit scores "
                f"(the games whose filled sheets pnpkit reads: {', '.join(forms('sheets'))})")
    what = "it has no form fields" if not values else "its form fields are not a pnpkit score sheet's"
    return (f"this is a PDF, not a filled fillable score sheet ({what}): pnpkit reads records written as text "
            f"(docs/records.md) and the filled fillable score sheets of {', '.join(forms('sheets'))} "
            "(output/KIT/KIT-PAPER-fillable.pdf)")


def _refused(display: str, message: str) -> SourceError:
    return SourceError(display, [Problem(None, "", message)])


def read_form(raw: bytes, display: str) -> tuple[Values, str]:
    """The form's fields (full name -> its text and page) and the document's keywords."""
    from pypdf import PdfReader
    from pypdf.errors import LimitReachedError
    from pypdf.generic import IndirectObject
    try:
        with _quiet(), budget(raw) as spent:
            try:
                return _read_form(PdfReader, IndirectObject, raw, display)
            finally:
                spent.check()    # passed, though pypdf caught the refusal while it recovered
    except SourceError:
        raise
    except Exception as e:  # noqa: BLE001 - a broken or hostile PDF, whatever pypdf makes of it
        if _caused_by(e, MemoryError):          # pypdf says it as a damaged file: it is the memory limit
            raise MemoryError from None
        if (beyond := _caused_by(e, Beyond)) is not None:
            raise _refused(display, f"a PDF pnpkit will not read: {beyond}") from None
        if (limit := _caused_by(e, LimitReachedError)) is not None:
            raise _refused(display, f"a PDF pnpkit will not read: it passes a limit of pypdf, the PDF reader "
                                    f"pnpkit uses ({limit}); a filled score sheet is far within them") from None
        raise _refused(display, f"a PDF that cannot be read ({type(e).__name__}): is it a complete file?") from None


def _caused_by(e: BaseException | None, kind: type) -> BaseException | None:
    """`e`, or the exception it was raised from or while handling, that is a `kind`."""
    seen = 0
    while e is not None and seen < 20:
        if isinstance(e, kind):
            return e
        e, seen = e.__cause__ or e.__context__, seen + 1
    return None


@contextmanager
def _quiet() -> Iterator[None]:
    """pypdf's warnings about a damaged file are ours to report, once, as the refusal."""
    import logging  # here, not at the top: `pnpkit score` imports this module for every record read
    log = logging.getLogger("pypdf")
    level = log.level
    log.setLevel(logging.CRITICAL + 1)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        log.setLevel(level)


def _read_form(PdfReader, IndirectObject, raw: bytes, display: str) -> tuple[Values, str]:
    reader = PdfReader(BytesIO(raw), strict=False, root_object_recovery_limit=1_000)
    if reader.is_encrypted:
        raise _refused(display, "the PDF is encrypted: save it without a password and try again")
    root = reader.trailer["/Root"].get_object()
    pages = _pages(root.get("/Pages"), IndirectObject)
    values = _fields(root.get("/AcroForm"), pages, IndirectObject)
    info = reader.trailer.get("/Info")
    keywords = str(info.get_object().get("/Keywords", ""))[:200] if info is not None else ""
    return values, keywords


def _pages(tree, indirect) -> dict[int, int]:
    """Annotation object number -> its page (from 1), from a bounded walk of the page tree."""
    out: dict[int, int] = {}
    seen: set[int] = set()
    page = 0
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, indirect):
            if node.idnum in seen:
                continue
            seen.add(node.idnum)
        node = node.get_object() if node is not None else None
        if node is None:
            continue
        if depth > MAX_DEPTH:
            raise Beyond(f"its page tree nests more than {MAX_DEPTH} deep")
        if node.get("/Type") == "/Pages":
            stack += [(kid, depth + 1) for kid in reversed(list(node.get("/Kids", []))[:MAX_PAGES + 1])]
            continue
        page += 1
        if page > MAX_PAGES:
            raise Beyond(f"it has more than {MAX_PAGES} pages, more than any score sheet")
        for a in list(node.get("/Annots", []) or [])[:MAX_FIELDS]:
            if isinstance(a, indirect):
                out.setdefault(a.idnum, page)
    return out


def _fields(acroform, pages: dict[int, int], indirect) -> Values:
    """Every terminal field's full name (parents' names joined by dots) and text, bounded: every
    field counted, an object of its own or written inline in its parent."""
    out: Values = {}
    if acroform is None:
        return out
    seen: set[int] = set()
    walked = 0
    stack = [(f, "", 0) for f in reversed(list(acroform.get_object().get("/Fields", []) or [])[:MAX_FIELDS + 1])]
    while stack:
        ref, parent, depth = stack.pop()
        if isinstance(ref, indirect):
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
        walked += 1
        if walked > MAX_FIELDS or depth > MAX_DEPTH:
            raise Beyond(f"its form has more than {MAX_FIELDS:,} fields, or nests them more than {MAX_DEPTH} deep, "
                         "more than any score sheet")
        node = ref.get_object()
        if not isinstance(node, dict):
            raise Beyond("its form's list of fields holds a value that is not a field")
        part = str(node.get("/T", ""))[:200]
        name = f"{parent}.{part}" if parent and part else parent or part
        kids = [k for k in list(node.get("/Kids", []) or [])[:MAX_FIELDS + 1]
                if isinstance(k.get_object(), dict) and "/T" in k.get_object()]
        if kids:
            stack += [(k, name, depth + 1) for k in reversed(kids)]
            continue
        widgets = [ref] + list(node.get("/Kids", []) or [])[:MAX_FIELDS]
        page = next((pages[w.idnum] for w in widgets if isinstance(w, indirect) and w.idnum in pages), 0)
        out[name] = Value(_text(node.get("/V")), page)
    return out


def _text(value) -> str:
    """A field's value as text: a text field's string, a ticked box as `x`, nothing as ``."""
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        value = value[0] if value else ""
    text = str(value)
    if text.startswith("/"):                        # a check box's state name
        return "" if text == "/Off" else "x"
    return text
