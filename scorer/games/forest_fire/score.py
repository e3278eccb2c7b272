"""Forest Fire's result: the replay's outcome (won, lost or unfinished) with the position it ended
in: the fires left with their counters, who is out, and the round.
"""
from __future__ import annotations

from pnpkit.scorer.core import Result
from pnpkit.scorer.games.forest_fire.record import Record
from pnpkit.scorer.games.forest_fire.rules import ID
from pnpkit.scorer.games.forest_fire.state import State
from pnpkit.scorer.replay import Replay


def final(record: Record, kit, st: State, rep: Replay) -> Result:
    """The outcome where the replay stopped, with the fires left, who is out and the round it ended in."""
    outcome = "unfinished" if st.outcome == "playing" else st.outcome
    extra = {
        "outcome": outcome,
        "fires": [[s[0], s[1], k] for s, k in sorted(st.fire.items())],
        "out": [p.name for p in st.people if p.out],
        "round": st.ended_in if st.ended_in is not None else
        (record.start.round if record.start is not None else 1) - 1 + len(record.rounds),    # the last played
    }
    return Result(game=ID, violations=rep.violations, finished=outcome != "unfinished",
                  extra=extra, explain=rep.explain, cooperative=True, steps=rep.steps)
