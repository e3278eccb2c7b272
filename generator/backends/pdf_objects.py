"""The PDF objects pnpkit writes itself around reportlab's (generator/backends/pdf.py): a
fillable field's widget, the form that lists the fields, and a page stream compressed ahead."""
from __future__ import annotations

import queue
import threading
import zlib

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc

Field = tuple  # name, x, y, w, h in page mm (top-left origin), and a points box's calculate script
FIELD_FONT = "body"  # used on every cover, so its subset (with all of ASCII) is there anyway


class Widget(pdfdoc.PDFObject):
    """A fillable text field's widget annotation. Its text is set in an embedded font's subset 0,
    which reportlab always fills with printable ASCII at its own codes; the viewer draws what is
    typed (NeedAppearances), so no appearance stream and no other font is needed."""

    def __init__(self, name: str, rect: tuple[float, float, float, float], font: str, parent=None,
                 script: str | None = None):
        self.name, self.rect, self.font, self.parent = name, rect, font, parent  # parent: form_node's
        self.script = script   # a points box: its calculate action (JavaScript), and it is read-only
        # handwriting-sized text that fits the box: 60% of its height, at most 11 pt, and small
        # enough for a word of 8 letters across a narrow box (In the Nuts!' "hazelnut"), but never
        # under 7.5 pt (a number in a narrower box)
        self.size = round(min(11.0, (rect[3] - rect[1]) * 0.6, max(7.5, (rect[2] - rect[0]) / 5)), 1)

    def format(self, document):
        da = pdfdoc.PDFString(f"/{self.font} {self.size:g} Tf 0 g")
        rect = [round(v, 2) for v in self.rect]
        if rl_config.pdfMultiLine or self.script is not None:  # reportlab's way (a few points boxes)
            return pdfdoc.PDFDictionary({
                "Type": pdfdoc.PDFName("Annot"), "Subtype": pdfdoc.PDFName("Widget"),
                "FT": pdfdoc.PDFName("Tx"), "T": pdfdoc.PDFString(self.name),
                "Rect": pdfdoc.PDFArray(rect), "F": 4, "DA": da, "Q": 1,
                **({"Parent": self.parent} if self.parent is not None else {}),
                **(_calculated(self.script) if self.script is not None else {}),
            }).format(document)
        # What PDFDictionary.format writes for these eight keys (sorted, a line break after the
        # sixth), without building the dictionary: a score sheet has a hundred or more fields.
        parent = b"" if self.parent is None else b" /Parent " + self.parent.format(document)
        return (b"<<\n/DA " + da.format(document) + b" /F 4 /FT /Tx" + parent + b" /Q 1 /Rect [ "
                + fp_str(*rect).encode("ascii") + b" ] /Subtype /Widget \n  /T "
                + pdfdoc.PDFString(self.name).format(document) + b" /Type /Annot\n>>")


def _calculated(script: str) -> dict:
    """A points box: read-only (/Ff 1), computed by its calculate action (/AA /C, PDF 32000 12.6.3)."""
    action = pdfdoc.PDFDictionary({"S": pdfdoc.PDFName("JavaScript"), "JS": pdfdoc.PDFString(script)})
    return {"Ff": 1, "AA": pdfdoc.PDFDictionary({"C": action})}


class Deflated:
    """reportlab's Flate filter (pdfdoc.PDFStreamFilterZCompress) with its work done ahead:
    a page's stream is compressed by a thread while the next pages are drawn (zlib lets other
    Python code run meanwhile), and handed over when the file is put together. The same
    zlib.compress of the same bytes, so the same file; zlib is a third of the PDF's time, and
    with a second core free it is no longer waited for."""

    pdfname = "FlateDecode"

    def __init__(self, done: Compressed):
        self.done = done

    def encode(self, text) -> bytes:
        return self.done.result()

    def decode(self, encoded: bytes) -> bytes:
        return zlib.decompress(encoded)


class Compressed:
    """One stream's zlib.compress, done by a Deflater's thread; `result()` waits for it."""

    def __init__(self, data: bytes):
        self.data, self.out, self.error = data, b"", None
        self.ready = threading.Event()

    def run(self) -> None:
        try:
            self.out = zlib.compress(self.data)
        except BaseException as e:  # noqa: BLE001 - raised again in the thread that waits (result)
            self.error = e
        finally:
            self.data = b""
            self.ready.set()

    def result(self) -> bytes:
        self.ready.wait()
        if self.error is not None:
            raise self.error
        return self.out


class Deflater:
    """Streams compressed in one thread of its own, in the order given: what a ThreadPoolExecutor
    of one worker did, without importing concurrent.futures and logging (4 ms of CPU of every
    `pnpkit build` process, issue 40)."""

    def __init__(self):
        self.todo: queue.SimpleQueue = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._work, name="pnpkit-deflate", daemon=True)
        self.thread.start()

    def submit(self, data: bytes) -> Compressed:
        job = Compressed(data)
        self.todo.put(job)
        return job

    def _work(self) -> None:
        while (job := self.todo.get()) is not None:
            job.run()

    def shutdown(self) -> None:
        self.todo.put(None)
        self.thread.join()


class Literal(pdfdoc.PDFObject):
    def __init__(self, text: str):
        self.text = text

    def format(self, document):
        return self.text.encode("ascii")


TRUE = Literal("true")


def form_node(name: str, parent=None) -> tuple[pdfdoc.PDFDictionary, pdfdoc.PDFArray]:
    """A field that only groups others (`p1` of `p1.almond.3`): a PDF field's name has no dots;
    a dotted name is a tree of fields, each part its own /T (PDF 32000 12.7.3.2)."""
    kids = pdfdoc.PDFArray([])
    node = pdfdoc.PDFDictionary({"T": pdfdoc.PDFString(name), "Kids": kids})
    if parent is not None:
        node["Parent"] = parent
    return node, kids


def acroform(fields: list, font: str, calculated: list = ()) -> pdfdoc.PDFDictionary:
    """The document's form: its fields (references to their widgets), typed text drawn by the
    viewer (NeedAppearances) in `font`, the subset name of FIELD_FONT; `calculated`: the fields
    with a calculate action, in the order the viewer runs them (/CO)."""
    co = {"CO": pdfdoc.PDFArray(list(calculated))} if calculated else {}
    return pdfdoc.PDFDictionary({
        **co,
        "Fields": pdfdoc.PDFArray(fields),
        "NeedAppearances": TRUE,
        # the fonts every page uses (all embedded), so the field's font is one of them
        "DR": pdfdoc.PDFDictionary({"Font": pdfdoc.PDFObjectReference("BasicFonts")}),
        "DA": pdfdoc.PDFString(f"/{font} 0 Tf 0 g"),
    })
