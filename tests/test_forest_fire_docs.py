"""The full example in docs/records/forest-fire.md scores as the page says."""
from __future__ import annotations

import re
from pathlib import Path

from pnpkit.scorer.api import score_text

DOC = Path(__file__).resolve().parents[1] / "docs" / "records" / "forest-fire.md"


def test_the_documented_example_is_legal_and_won_in_round_2():
    example = re.search(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)[1]
    r = score_text(example, "forest-fire.md", explain=True)
    assert r.valid, r.violations
    assert r.extra == {"outcome": "won", "fires": [], "out": [], "round": 2}
    assert any("spreads to 4 5 (between 4 6 and burning 4 4)" in note for note in r.explain)
