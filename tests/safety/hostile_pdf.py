"""Hostile PDFs of issue 34, made in a few milliseconds each (none is kept as a file), and a run of
`pnpkit` measured by the kernel as tests/test_bounded.py measures a build.

- `objstm_bomb(streams, inflated)`: a form whose fields each live in an object stream of its own
  that inflates to `inflated` bytes (50 x 70 MB in 3.4 MB: each under pypdf's 75 MB cap). One
  stream of spaces is deflated once and reused: a raw deflate stream needs nothing before it, so
  each object stream is a zlib header, its own few bytes deflated and flushed, then the shared
  spaces (the checksum left off, which zlib does not ask for before the end).
- `inline_fields(n)`: a form of `n` fields written inline, a parent's kids in its own dictionary,
  with no object of their own (so a count of objects never saw them).
- `tokens(n)`: a form whose field list holds arrays of `n` empty strings in all: no dictionary, no
  stream, only pypdf's parsing (3.6 MB of it took 4.6 s and 890 MB): what no budget foresaw.
"""
from __future__ import annotations

import json
import struct
import subprocess
import sys
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

CAP_AS = 2 << 30      # each run's address space: the old code's bombs end here, not in the machine's swap
CAP_CPU = 20          # each run's CPU seconds: the old code's hang ends here (the limit it must meet is 5)


@lru_cache(maxsize=4)
def _spaces(n: int) -> bytes:
    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    return z.compress(b" " * n) + z.flush()


def _deflated(head: bytes, spaces: int) -> bytes:
    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    return b"\x78\xda" + z.compress(head) + z.flush(zlib.Z_FULL_FLUSH) + _spaces(spaces)


def objstm_bomb(streams: int, inflated: int) -> bytes:
    """`streams` object streams, a field in each, each inflating to `inflated` bytes."""
    objects: dict[int, bytes] = {}
    where: dict[int, tuple[int, int, int]] = {}     # object -> its cross-reference entry
    fields = []
    for s in range(streams):
        field, stream = 3 + 2 * s, 4 + 2 * s
        fields.append(field)
        head = f"{field} 0 ".encode()
        body = head + f"<< /T (f{s}) /V (x) >>".encode()
        data = _deflated(body, inflated - len(body))
        objects[stream] = (f"<< /Type /ObjStm /N 1 /First {len(head)} /Length {len(data)} /Filter /FlateDecode >>\n"
                           "stream\n").encode() + data + b"\nendstream"
        where[field] = (2, stream, 0)
    objects[1] = b"<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [" + \
        b" ".join(f"{f} 0 R".encode() for f in fields) + b"] >> >>"
    objects[2] = b"<< /Type /Pages /Kids [] /Count 0 >>"
    return _with_xref_stream(objects, where)


def _with_xref_stream(objects: dict[int, bytes], where: dict[int, tuple[int, int, int]]) -> bytes:
    out = bytearray(b"%PDF-1.7\n")
    for n in sorted(objects):
        where[n] = (1, len(out), 0)
        out += f"{n} 0 obj\n".encode() + objects[n] + b"\nendobj\n"
    xref = max(where) + 1
    where[xref] = (1, len(out), 0)
    rows = b"".join(struct.pack(">BIH", *where.get(n, (0, 0, 0))) for n in range(xref + 1))
    out += (f"{xref} 0 obj\n<< /Type /XRef /Size {xref + 1} /W [1 4 2] /Root 1 0 R /Length {len(rows)} >>\n"
            "stream\n").encode() + rows + b"\nendstream\nendobj\n"
    return bytes(out + f"startxref\n{where[xref][1]}\n%%EOF\n".encode())


def pdf(objects: list[str]) -> bytes:
    """A PDF of these objects (numbered from 1, the first the catalog), with its cross-reference table."""
    out, offsets = b"%PDF-1.7\n", []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n{body}\nendobj\n".encode()
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    return out + f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()


def inline_fields(n: int) -> bytes:
    """About `n` fields, none an object of its own: sqrt(n) parents of sqrt(n) kids each, inline."""
    side = max(1, round(n ** 0.5))
    kids = " ".join(f"<</T(b{j})/V(x)>>" for j in range(side))
    parents = " ".join(f"<</T(a{i})/Kids[{kids}]>>" for i in range(side))
    return pdf([f"<< /Type /Catalog /AcroForm << /Fields [{parents}] >> >>"])


def tokens(n: int) -> bytes:
    """A field list of arrays holding `n` empty strings in all (90,000 an array: pypdf allows 100,000)."""
    arrays = " ".join("[" + "()" * min(90_000, n - k) + "]" for k in range(0, n, 90_000))
    return pdf([f"<< /Type /Catalog /AcroForm << /Fields [{arrays}] >> >>"])


@dataclass
class Run:
    code: int
    cpu: float        # s, the process and every process it waited for (the reader's)
    peak_mb: float    # the largest of them
    output: str


# A process's peak memory (ru_maxrss) starts at what the process it was forked from held: a
# pytest worker that has built kits holds hundreds of MB. So `pnpkit` is started by this small
# launcher, which holds 10, and which reports what wait4 says of it.
LAUNCHER = """
import json, os, resource, subprocess, sys
report, memory, cpu = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def limit():
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
p = subprocess.Popen(sys.argv[4:], preexec_fn=limit)
_, status, usage = os.wait4(p.pid, 0)
with open(report, "w") as f:
    json.dump([os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime, usage.ru_maxrss], f)
"""


def run_pnpkit(args: list[str], cwd: Path, stdin: bytes | None = None) -> Run:
    """`pnpkit ARGS` in a process of its own under CAP_AS and CAP_CPU, measured by the kernel
    (wait4: its rusage includes the reading process it started and waited for)."""
    report = cwd / ".pnpkit-run.json"
    done = subprocess.run([sys.executable, "-c", LAUNCHER, str(report), str(CAP_AS), str(CAP_CPU),
                           sys.executable, "-m", "pnpkit", *args], cwd=cwd, input=stdin or b"",
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    code, cpu, peak_kb = json.loads(report.read_text())
    report.unlink()
    return Run(code, cpu, peak_kb / 1024, done.stdout.decode("utf-8", "replace"))
