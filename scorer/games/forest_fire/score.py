"""Forest Fire's result: the replay's outcome (won, lost or unfinished) with the position it ended
in: the fires left with their counters, who is out, and the round.
"""
from __future__ import annotations

from pnpkit.scorer.core import Result
from pnpkit.scorer.games.forest_fire.record import Record
from pnpkit.scorer.games.forest_fire.replay import replay
from pnpkit.scorer.games.forest_fire.rules import ID


def score(record: Record, kit, explain: bool = False, steps: bool = False) -> Result:
    """The outcome, with the fires left, who is out and the round it ended in."""
    walk, rep = replay(record, kit, explain, steps)
    st = walk.state
    outcome = "unfinished" if st.outcome == "playing" else st.outcome
    extra = {
        "outcome": outcome,
        "fires": [[s[0], s[1], k] for s, k in sorted(st.fire.items())],
        "out": [p.name for p in st.people if p.out],
        "round": st.ended_in if st.ended_in is not None else st.round,
    }
    return Result(game=ID, violations=rep.violations, finished=outcome != "unfinished",
                  extra=extra, explain=rep.explain, cooperative=True, steps=rep.steps)
