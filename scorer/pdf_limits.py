"""What reading one PDF may cost, counted for the whole file: the bytes its streams inflate to
and the dictionaries pypdf will parse, each refused the moment it passes its limit.

pypdf bounds each stream (75 MB) but not their sum: 50 object streams of 70 MB each fit in a 3.4
MB file, and reading a form's fields from them took over 60 s of CPU and 548 MB, still rising. So
every stream pypdf decodes while a sheet is read is counted against one budget for the file:
`_counted` is put around `pypdf.filters.decode_stream_data`, the one function every stream's data
is decoded by (pypdf imports it by name at each call), and counts only inside `budget()`, so any
other reading of a PDF in the same process (a test, the print checks) is left as pypdf made it.
pypdf's own per-stream caps are lowered to the budget too, so no single stream inflates past it.

A field is a dictionary, and a dictionary is `<<` in the bytes pypdf parses (the file, or a
stream once inflated), so counting `<<` there before pypdf parses them counts every field,
whether written as an object of its own or inline in another (150,000 inline fields took 5 s and
206 MB before the field count saw them), at the cost of `bytes.count`.

A budget, once passed, stays passed: pypdf catches errors while it recovers from a damaged file,
so the reader asks `Budget.check()` again when pypdf is done.
"""
from __future__ import annotations

import dataclasses
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

from pnpkit.kitfile.errors import InputError

MAX_INFLATED = 4_000_000     # bytes all of one PDF's streams may inflate to: a filled NUTS sheet's inflate to 92 KB
MAX_DICTIONARIES = 25_000    # `<<` in the file and its inflated streams: five for each of 5,000 fields; NUTS has 455
PDF_MAX_BYTES = 4_000_000    # a filled fillable sheet (the six-page NUTS sheet is about 150 KB filled in)
PDF_MAGIC = b"%PDF-"


def is_pdf(raw: bytes) -> bool:
    """Whether a record file is a filled fillable score sheet (scorer/pdfform.py reads it) rather
    than YAML; here, not there, so reading a YAML record never imports the forms (a
    cluster's client reads the records it sends). A PDF is known by its first bytes only: a YAML
    record with `# %PDF-1.7` in a comment is YAML."""
    return raw.startswith(PDF_MAGIC)


class Beyond(InputError):
    """A PDF larger or deeper than any score sheet: the reading stops there."""


@dataclasses.dataclass
class Budget:
    inflated: int = 0
    dictionaries: int = 0
    passed: str = ""          # what passed its limit, once one did

    def count(self, data: bytes, inflated: bool = True) -> None:
        """`data` about to be parsed: the file itself (inflated=False), or a stream just inflated."""
        self.inflated += len(data) if inflated else 0
        self.dictionaries += data.count(b"<<")
        if not self.passed and self.inflated > MAX_INFLATED:
            self.passed = (f"its compressed parts inflate to more than {MAX_INFLATED // 1_000_000} MB in all "
                           "(a filled score sheet's, to about 100 KB)")
        if not self.passed and self.dictionaries > MAX_DICTIONARIES:
            self.passed = (f"it holds more than {MAX_DICTIONARIES:,} dictionaries, counted before they are read "
                           "(a field is one; a filled NUTS sheet holds about 500)")
        self.check()

    def check(self) -> None:
        if self.passed:
            raise Beyond(self.passed)


_BUDGET: ContextVar[Budget | None] = ContextVar("pnpkit_pdf_budget", default=None)


@contextmanager
def budget(raw: bytes) -> Iterator[Budget]:
    """Reading the PDF `raw` within one budget (Beyond once it is passed): the file's own bytes
    counted first, then every stream pypdf inflates while the block runs."""
    import pypdf
    from pypdf import filters
    if not getattr(filters.decode_stream_data, "pnpkit_counted", False):
        filters.decode_stream_data = _counted(filters.decode_stream_data)
    spent = Budget()
    token = _BUDGET.set(spent)
    try:
        spent.count(raw, inflated=False)
        with pypdf.apply_configuration(**_caps()):
            yield spent
    finally:
        _BUDGET.reset(token)


def _caps() -> dict[str, int]:
    """pypdf's per-stream limits of inflated bytes, each lowered to the whole file's budget."""
    from pypdf import Configuration
    return {f.name: MAX_INFLATED + 1 for f in dataclasses.fields(Configuration)
            if f.name.endswith("_maximum_output_length")
            or f.name in ("stream_decoding_work_maximum_length", "image_maximum_buffer_size")}


def _counted(decode):
    """pypdf's `decode_stream_data`, each stream's inflated bytes counted in the budget in force."""
    from pypdf.errors import LimitReachedError

    def decode_stream_data(stream):
        spent = _BUDGET.get()
        if spent is None:
            return decode(stream)
        spent.check()
        try:
            data = decode(stream)
        except LimitReachedError as e:   # one stream past the caps, lowered to the budget (or another of pypdf's)
            spent.passed = (f"one of its streams inflates to more than {MAX_INFLATED // 1_000_000} MB, or past "
                            f"another of the PDF reader's limits ({e})")
            raise Beyond(spent.passed) from None
        spent.count(data)
        return data
    decode_stream_data.pnpkit_counted = True
    return decode_stream_data
