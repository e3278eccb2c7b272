"""`pnpkit build` imports what a kit uses, when it uses it (issue 40): a Chestnuts build, worker
included, never reads installed packages' metadata (pydantic's plugin loader, with every plugin
disabled), never starts concurrent.futures' executor and logging for the compressing thread, and
reads the Chestnuts game's descriptor for the fillable sheet without the scorer's rules."""
from __future__ import annotations

import os
import subprocess
import sys

NOT_IMPORTED = ("importlib.metadata", "concurrent.futures", "logging", "pnpkit.scorer.core", "pnpkit.scorer.protocol")


def test_a_chestnuts_build_imports_no_metadata_executor_or_rules(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    r = subprocess.run([sys.executable, "-X", "importtime", "-m", "pnpkit", "build", "chestnuts", "--paper", "a4",
                        "--out", str(tmp_path)], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    imported = {line.rsplit("|", 1)[-1].strip() for line in r.stderr.splitlines() if line.startswith("import time:")}
    assert {"pnpkit.generator.build", "pnpkit.scorer.games.chestnuts.form"} <= imported  # the worker's imports are seen
    assert (tmp_path / "chestnuts" / "chestnuts-a4-fillable.pdf").is_file()
    assert [m for m in NOT_IMPORTED if m in imported] == []
