"""The full example in docs/records/fair-verona.md scores as the page says."""
from __future__ import annotations

import re
from pathlib import Path

from scorer.api import score_text

DOC = Path(__file__).resolve().parents[1] / "docs" / "records" / "fair-verona.md"


def test_the_documented_example_scores_as_documented():
    text = DOC.read_text(encoding="utf-8")
    example = re.search(r"```yaml\n(.*?)```", text, re.S)[1]
    r = score_text(example, "fair-verona.md")
    assert r.valid and r.extra["outcome"] == "unfinished"
    got = [(e["strength"], e["cleared"]) for e in r.extra["encounters"]]
    assert got == [(13, True), (8, True), (14, False), (10, False)]
    for e in r.extra["encounters"]:
        assert e["explain"].split(";")[0] in text
