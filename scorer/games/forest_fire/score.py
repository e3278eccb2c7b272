"""Forest Fire's result: the replay's outcome (won, lost or unfinished) with the position it ended
in: the fires left with their counters, who is out, and the round.
"""
from __future__ import annotations

from pnpkit.scorer.core import Result
from pnpkit.scorer.games.forest_fire.position import picture
from pnpkit.scorer.games.forest_fire.record import Record
from pnpkit.scorer.games.forest_fire.replay import Run
from pnpkit.scorer.games.forest_fire.rules import ID
from pnpkit.scorer.replay import Replay


def score(record: Record, kit, explain: bool = False, steps: bool = False) -> Result:
    run = Run(record, kit, Replay(explaining=explain, recording=steps))
    run.setup()
    for r, rnd in enumerate(record.rounds, run.first_round):
        if not run.round(r, rnd, last=r == run.first_round + len(record.rounds) - 1):
            break
    run.replay.finish("end", "the record ends here", lambda: picture(run.state))
    return result(run)


def result(run: Run) -> Result:
    """The outcome, with the fires left, who is out and the round it ended in."""
    st = run.state
    outcome = "unfinished" if st.outcome == "playing" else st.outcome
    extra = {
        "outcome": outcome,
        "fires": [[s[0], s[1], k] for s, k in sorted(st.fire.items())],
        "out": [p.name for p in st.people if p.out],
        "round": st.ended_in if st.ended_in is not None else st.round,
    }
    return Result(game=ID, violations=run.replay.violations, finished=outcome != "unfinished",
                  extra=extra, explain=run.replay.explain, cooperative=True, steps=run.replay.steps)
