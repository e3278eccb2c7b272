"""Fair Verona's result: a game log replayed (scorer/replay.py) to its outcome, or encounter checks, each
checked for who may take part (people on the player's tile, one Friend, no card twice, no Joker as
a person) and resolved by scorer/games/fair_verona/encounter.py, which the game log calls the same way. Encounter checks
do not play the game out, so their outcome is "unfinished".
"""
from __future__ import annotations

from pnpkit.kitfile.params.fair_verona import Params
from pnpkit.scorer.games.fair_verona.cards import Card
from pnpkit.scorer.core import Result
from pnpkit.scorer.games.fair_verona.encounter import Tile, resolve
from pnpkit.scorer.game import Illegal
import pnpkit.scorer.games.fair_verona.rules as R
from pnpkit.scorer.games.fair_verona.record import Encounter, Record
from pnpkit.scorer.games.fair_verona.state import State
from pnpkit.scorer.replay import Replay


def check(e: Encounter, where: str, params: Params, players: int, replay: Replay) -> dict:
    """One encounter: set aside whoever may not count (each a violation), then resolve it.
    `players` is the game's player count (the kit's `game.players`): the others may help."""
    def bad(part: str, message: str, rule) -> None:
        replay.illegal(f"{where}, {part}", Illegal(message, rule))

    seen: dict[Card, str] = {}
    named = [("identity", e.identity), ("card", e.card)] + \
            [(f"helper {k}", h.identity) for k, h in enumerate(e.helpers, 1)] + \
            [("friend", f) for f in e.friend] + ([("clue", e.clue)] if e.clue else [])
    for part, c in named:
        if c.joker:
            continue
        if c in seen:
            bad(f'{part} "{c}"', f"{c} is also the {seen[c]}: one deck has each card once", R.UNIQUE)
        else:
            seen[c] = part
    for part, c in named[:2]:
        if c.joker:
            bad(f'{part} "{c}"', f"a Joker is not a person and has no value: when drawn it covers the Clue Card",
                R.JOKER)
    helpers: list[tuple[Card, Tile]] = []
    aside: list[str] = []  # who may not count, for the explanation
    for k, h in enumerate(e.helpers, 1):
        part, tile = f'helper {k} "{h.identity}"', h.at if h.at is not None else e.at
        if h.identity.joker:
            bad(part, "a Joker is not a person and cannot help", R.JOKER)
            aside.append(f"helper {h.identity}")
        elif tile != e.at:
            bad(part, f"{h.identity} is on [{tile[0]}, {tile[1]}], not on the player's tile [{e.at[0]}, {e.at[1]}]: "
                      f"only people on the same tile help", R.HELP)
            aside.append(f"helper {h.identity} (another tile)")
        elif len(helpers) >= players - 1:
            bad(part, f"more helpers than the other {players - 1} players", R.FOUR)
            aside.append(f"helper {h.identity} (one too many)")
        else:
            helpers.append((h.identity, tile))
    friend = None
    for k, f in enumerate(e.friend, 1):
        part = f'friend "{f}"' if len(e.friend) == 1 else f'friend {k} "{f}"'
        if f.joker:
            bad(part, "a Joker is not a Friend: when drawn it covers the Clue Card", R.JOKER)
            aside.append(f"friend {f}")
        elif k > params.friends_per_encounter:
            bad(part, f"{len(e.friend)} Friends in one encounter; a player may call on "
                      f"{params.friends_per_encounter}", R.V5)
            aside.append(f"friend {f} (one too many)")
        elif friend is None:
            friend = f
    if e.identity.joker or e.card.joker:
        return {"strength": 0, "cleared": False, "clue": None,
                "explain": "a Joker is not a person and has no value: nothing to resolve"}
    out = resolve(e.identity, e.at, e.card, helpers, friend, params, e.clue).to_json()
    if aside:
        out["explain"] += "; not counted: " + ", ".join(aside)
    return out


def final(record: Record, kit, st: State, rep: Replay) -> Result:
    """The game log's outcome where its replay stopped: won, lost or unfinished, each attempt at an
    Encounter with its arithmetic, the turn reached and the Clue Tokens returned."""
    outcome = "unfinished" if st.outcome == "playing" else st.outcome
    first = record.start.turn if record.start is not None else 1
    extra = {"outcome": outcome, "encounters": st.log, "turn": st.ended or first - 1 + len(record.turns),
             "clue_tokens": {"returned": st.desk.returned, "total": st.desk.total}}
    if st.over:
        extra["why"] = st.why_ended
    return Result(game=R.ID, violations=rep.violations, finished=outcome != "unfinished", extra=extra,
                  explain=rep.explain, cooperative=True, steps=rep.steps)


def sheets(record: Record, kit, explain: bool = False) -> Result:
    """Encounter checks, each resolved (they do not play the game out: "unfinished")."""
    params: Params = kit.params
    replay = Replay(explaining=explain)
    results = []
    for i, e in enumerate(record.encounters, 1):
        out = check(e, f"encounter {i}", params, kit.game.max_players, replay)
        results.append(out)
        replay.note(f"encounter {i}: {out['explain']}")
    return Result(game=R.ID, violations=replay.violations, finished=False,
                  extra={"outcome": "unfinished", "encounters": results},
                  explain=replay.explain, cooperative=True)
