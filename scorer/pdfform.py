"""A filled fillable score sheet (`KIT-PAPER-fillable.pdf`, filled on a tablet) read as a record.

The PDF is a stranger's file like any record: at most MAX_BYTES, a regular file, its form read with
pypdf (a well-kept reader with its own decompression limits) and walked here by hand, each object
once (a visited set), at most MAX_DEPTH deep and MAX_FIELDS fields, so a hostile file's endless or
cyclic object graph ends in a clear refusal. Only the form's field names and values and the pages'
annotation lists are read: no page content, no script, nothing the PDF points to outside itself.

The fields become the record the YAML would be (each game's form.py, kitfile/forms), and
that record is written as YAML text, so a filled sheet is read, checked and scored exactly as the
same record typed by hand.
"""
from __future__ import annotations

import os
import warnings
from contextlib import contextmanager
from io import BytesIO
from typing import Iterator

import yaml

from pnpkit.kitfile.errors import InputError, Problem, SourceError
from pnpkit.kitfile.forms import KEYWORD, FormProblem, Value, Values
from pnpkit.scorer.games import form, forms
from pnpkit.scorer.records import PDF_MAX_BYTES

MAX_BYTES = PDF_MAX_BYTES
MAX_FIELDS = 5_000       # NUTS has 6 x 46 boxes
MAX_PAGES = 64
MAX_DEPTH = 16           # of the page tree and of the field tree
MAX_TEXT = 2_000         # one field's text


def record_text(raw: bytes, display: str) -> str:
    """A filled sheet's bytes -> the record as YAML text, or one SourceError naming page and field."""
    if len(raw) > MAX_BYTES:
        raise _refused(display, f"the PDF is larger than {MAX_BYTES // 1_000_000} MB (a filled score sheet is about 100 KB)")
    values, keywords = read_form(raw, display)
    game = next((g for g in forms("sheets") if form(g, "sheets").SIGNATURE in values
                 or any(f in values for f in getattr(form(g, "sheets"), "LEGACY", ()))), None)
    if game is None:
        raise _refused(display, _not_a_sheet(values, keywords))
    from pnpkit.kitfile.head import load_head
    try:
        data = form(game, "sheets").record(values, load_head(game))
    except FormProblem as e:
        raise SourceError(display, [Problem(None, f"page {e.page}, {e.field}" if e.page else e.field, e.message)]) from None
    head = f"# read from the filled score sheet {os.path.basename(display)}\n"
    return head + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)


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
    from pypdf.generic import IndirectObject
    try:
        with _quiet():
            return _read_form(PdfReader, IndirectObject, raw, display)
    except SourceError:
        raise
    except TooLarge as e:
        raise _refused(display, f"a PDF pnpkit will not read: {e} (pnpkit reads {MAX_PAGES} pages and "
                                f"{MAX_FIELDS} fields at the most, nested {MAX_DEPTH} deep)") from None
    except Exception as e:  # noqa: BLE001 - a broken or hostile PDF, whatever pypdf makes of it
        raise _refused(display, f"a PDF that cannot be read ({type(e).__name__}): is it a complete file?") from None


class TooLarge(InputError):
    """A PDF larger or deeper than any score sheet: the walk stops there."""


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
            raise TooLarge("its page tree is too deep")
        if node.get("/Type") == "/Pages":
            stack += [(kid, depth + 1) for kid in reversed(list(node.get("/Kids", []))[:MAX_PAGES + 1])]
            continue
        page += 1
        if page > MAX_PAGES:
            raise TooLarge("it has more pages than a score sheet")
        for a in list(node.get("/Annots", []) or [])[:MAX_FIELDS]:
            if isinstance(a, indirect):
                out.setdefault(a.idnum, page)
    return out


def _fields(acroform, pages: dict[int, int], indirect) -> Values:
    """Every terminal field's full name (parents' names joined by dots) and text, bounded."""
    out: Values = {}
    if acroform is None:
        return out
    seen: set[int] = set()
    stack = [(f, "", 0) for f in reversed(list(acroform.get_object().get("/Fields", []) or [])[:MAX_FIELDS])]
    while stack:
        ref, parent, depth = stack.pop()
        if isinstance(ref, indirect):
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
        if len(seen) > MAX_FIELDS or depth > MAX_DEPTH:
            raise TooLarge("its form has more fields, or nests them deeper, than a score sheet")
        node = ref.get_object()
        part = str(node.get("/T", ""))[:200]
        name = f"{parent}.{part}" if parent and part else parent or part
        kids = [k for k in list(node.get("/Kids", []) or [])[:MAX_FIELDS] if "/T" in k.get_object()]
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
    return text[:MAX_TEXT]
