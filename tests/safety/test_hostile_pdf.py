"""Issue 34: hostile PDFs given to `pnpkit score`, each within the 4 MB a PDF may be. Each runs as
a real `pnpkit` process, measured by the kernel with the process that reads the PDF for it: exit 2
with one line saying what the file passed, within 5 s of CPU and 500 MB (docs/safety.md). A busy
machine slows the clock, not the CPU time a run needs: the margin is for the CPU time itself.
"""
from __future__ import annotations

import re

import pytest

import hostile_pdf
from pnpkit import limited
from pnpkit.kitfile.errors import SourceError
from pnpkit.limited import Limits

LIMIT_S, LIMIT_MB = 5.0, 500


def refused(tmp_path, name: str, raw: bytes) -> str:
    """`pnpkit score` of the PDF: exit 2, one line naming the file, within the limits."""
    (tmp_path / name).write_bytes(raw)
    r = hostile_pdf.run_pnpkit(["score", name], tmp_path)
    assert r.code == 2, r.output[-600:]
    assert r.cpu < LIMIT_S, f"{r.cpu:.1f} s of CPU"
    assert r.peak_mb < LIMIT_MB, f"{r.peak_mb:.0f} MB at its peak"
    message = r.output.strip()
    assert len(message.splitlines()) == 1 and message.startswith(f"pnpkit: {name}: "), message
    assert "Traceback" not in message and "complete file" not in message, message
    return message


@pytest.mark.parametrize("streams, inflated, says", [
    (50, 70_000_000, "one of its streams inflates to more than 4 MB"),     # the issue's: 3.4 MB, each under pypdf's cap
    (900, 3_900_000, "its compressed parts inflate to more than 4 MB in all"),   # each under the whole budget
])
def test_an_object_stream_bomb_is_refused_within_the_limits(tmp_path, streams, inflated, says):
    message = refused(tmp_path, "bomb.pdf", hostile_pdf.objstm_bomb(streams, inflated))
    assert "a PDF pnpkit will not read: " + says in message


def test_fields_written_inline_are_each_counted_and_refused_early(tmp_path):
    many = refused(tmp_path, "inline.pdf", hostile_pdf.inline_fields(150_000))
    assert "more than 25,000 dictionaries, counted before they are read" in many
    some = refused(tmp_path, "some.pdf", hostile_pdf.inline_fields(6_000))   # few enough dictionaries: the walk counts them
    assert "its form has more than 5,000 fields" in some


def test_what_no_budget_foresaw_ends_at_the_reading_processs_limits(tmp_path):
    message = refused(tmp_path, "strings.pdf", hostile_pdf.tokens(1_800_000))
    assert re.search(r"reading it needed more than (400 MB of memory|3 s of CPU time)", message), message


def test_a_limit_of_pypdf_is_said_as_a_limit_not_as_a_damaged_file(tmp_path):
    nulls = " ".join(["null"] * 100_001)       # pypdf reads 100,000 items of an array at the most
    raw = hostile_pdf.pdf([f"<< /Type /Catalog /AcroForm << /Fields [{nulls}] >> >>"])
    message = refused(tmp_path, "long-array.pdf", raw)
    assert "a PDF pnpkit will not read: it passes a limit of pypdf, the PDF reader pnpkit uses" in message


def test_a_pdf_is_known_by_its_first_bytes_only(tmp_path):
    (tmp_path / "r.yaml").write_text("# %PDF-1.7 is only a comment here\ngame: nuts\nplayers:\n"
                                     "  - {name: Ann, sheet: {almond: 2}, bonus: [B01]}\n  - {name: Ben, sheet: {cashew: 1}, bonus: [B02]}\n")
    r = hostile_pdf.run_pnpkit(["score", "r.yaml"], tmp_path)
    assert r.code == 0 and "Ann" in r.output, r.output
    r = hostile_pdf.run_pnpkit(["score", "-"], tmp_path, stdin=b"\n%PDF-1.7\n" + b"x" * 100)
    assert r.code == 2 and "PDF" not in r.output, r.output


@pytest.mark.parametrize("limits, says", [
    (Limits(cpu=1, mb=2_000), "more than 1 s of CPU time"),
    (Limits(cpu=30, mb=150), "more than 150 MB of memory"),
])
def test_the_reading_process_says_which_limit_it_reached(limits, says):
    """The same process, under a caller's own limits (a photo's reader will bring its own)."""
    with pytest.raises(SourceError) as refusal:
        limited.read("sheet", hostile_pdf.tokens(1_800_000), "strings.pdf", limits)
    assert str(refusal.value) == (f"strings.pdf: reading it needed {says}, the most one file may take "
                                  "(a filled score sheet is read in 0.3 s and 60 MB)")
