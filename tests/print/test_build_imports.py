"""`pnpkit build` imports what a kit uses, when it uses it (issue 40): a Chestnuts build, worker
included, never imports pydantic (the kit file is read by msgspec: kitfile/structs.py) nor reads
installed packages' metadata, never starts concurrent.futures' executor and logging for the
compressing thread, and reads the Chestnuts game's descriptor for the fillable sheet without the
scorer's rules."""
from __future__ import annotations

import subprocess
import sys

import pytest

NOT_IMPORTED = ("pydantic", "importlib.metadata", "concurrent.futures", "logging", "pnpkit.scorer.core",
                "pnpkit.scorer.protocol")


def test_a_chestnuts_build_imports_no_pydantic_metadata_executor_or_rules(tmp_path):
    r = subprocess.run([sys.executable, "-X", "importtime", "-m", "pnpkit", "build", "chestnuts", "--paper", "a4",
                        "--out", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    imported = {line.rsplit("|", 1)[-1].strip() for line in r.stderr.splitlines() if line.startswith("import time:")}
    assert {"pnpkit.generator.build", "pnpkit.scorer.games.chestnuts.form"} <= imported  # the worker's imports are seen
    assert (tmp_path / "chestnuts" / "chestnuts-a4-fillable.pdf").is_file()
    assert [m for m in NOT_IMPORTED if m in imported] == []


def test_the_deflating_thread_gives_zlibs_bytes_in_order_and_passes_on_a_failure():
    import zlib

    from pnpkit.generator.backends.pdf_objects import Deflater
    deflater = Deflater()
    streams = [bytes([i]) * (1000 * i) for i in range(1, 6)]
    done = [deflater.submit(s) for s in streams]
    bad = deflater.submit("not bytes")  # type: ignore[arg-type]
    assert [d.result() for d in done] == [zlib.compress(s) for s in streams]
    with pytest.raises(TypeError):  # raised where the stream's bytes are asked for, not lost in the thread
        bad.result()
    deflater.shutdown()
    assert not deflater.thread.is_alive()
