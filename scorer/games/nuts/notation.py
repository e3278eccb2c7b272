"""NUTS' move-log notation (docs/records/nuts.md): actions, cells, squirrel dice and nut names, read
into `Action` values and written back the same way (read(write(a)) == a)."""
from __future__ import annotations

import re

from pnpkit.scorer.games.nuts.floor import NUTS, SHORT, TILES
from pnpkit.scorer.games.nuts.state import Action, Run, Setup, Start, State, Step

FORMS = ("plan B05 B12 keep B05", "feed", "refill pe al al", "build X 1:3-4", "build - 1:3-4", "salt 7>8",
         "repo 3>5", "swap 1 6", "pass", "end", "claim salty-mama", "done")
"""The actions; `pass`, `end` (the actions end: the run follows, its dice in `sq:`), `claim` and `done`
(the turn ends after its claims) are what `pnpkit moves` lists besides the eight of the table."""
_CELL = re.compile(r"(\d{1,2}):(\d{1,2})-(\d{1,2})")
_CARD = re.compile(r"[Bb]\d{1,2}")


def nut(text: str) -> int:
    """`al`, `almond`, `Almond` -> 0 ..."""
    t = str(text).strip().lower()
    for i, (short, long) in enumerate(zip(SHORT, NUTS)):
        if t in (short, long):
            return i
    raise ValueError(f"{text!r} is not a nut (al, ca, pe, pi, or almond, cashew, peanut, pistachio)")


def card(text: str) -> str:
    if not _CARD.fullmatch(text):
        raise ValueError(f"{text!r} is not a bonus card id like B07")
    return f"B{int(text[1:]):02d}"


def _pair(text: str, sep: str) -> tuple[int, int]:
    m = re.fullmatch(rf"(\d{{1,2}})\s*{sep}\s*(\d{{1,2}})", text)
    if not m:
        raise ValueError
    return int(m[1]), int(m[2])


def parse(text: str) -> Action:
    """The record's words for one action -> Action; ValueError naming the forms expected."""
    if not isinstance(text, str) or len(text) > 200:
        raise ValueError(f"an action is a short text like {FORMS[3]!r}")
    words = text.replace(",", " ").split()       # `refill al, ca` as a draw writes it
    verb = words[0].lower() if words else ""
    try:
        return _parse(verb, words[1:], text)
    except (ValueError, IndexError):
        pass
    known = [f for f in FORMS if f.split()[0] == verb]
    raise ValueError(f"cannot read the action {text!r}; write it as " + (" or ".join(repr(f) for f in known) if known
                     else "one of " + ", ".join(repr(f) for f in FORMS)))


def _parse(verb: str, rest: list[str], text: str) -> Action:
    if verb in ("feed", "pass", "end", "done") and not rest:
        return Action(verb)
    if verb == "claim" and len(rest) == 1:
        return Action("claim", (rest[0].lower(),))
    if verb == "refill":
        return Action("refill", tuple(nut(w) for w in rest))
    if verb == "plan":
        k = [w.lower() for w in rest].index("keep")
        return Action("plan", (tuple(card(w) for w in rest[:k]), tuple(card(w) for w in rest[k + 1:])))
    if verb == "build" and len(rest) == 2:
        kind, m = rest[0].upper(), _CELL.fullmatch(rest[1])
        if not m or kind not in TILES + ("-",) + tuple("-" + t for t in TILES):
            raise ValueError
        return Action("build", (kind, int(m[1]), int(m[2]), int(m[3])))
    if verb in ("salt", "repo"):
        return Action(verb, _pair(" ".join(rest), ">"))
    if verb == "swap" and len(rest) == 2:
        return Action("swap", (int(rest[0]), int(rest[1])))
    raise ValueError


def write(a: Action) -> str:
    v, x = a.verb, a.args
    if v in ("feed", "pass", "end", "done"):
        return v
    if v == "refill":
        return " ".join(["refill"] + [SHORT[n] for n in x])
    if v == "plan":
        return " ".join(["plan", *x[0], "keep", *x[1]])
    if v == "build":
        return f"build {x[0]} {x[1]}:{x[2]}-{x[3]}"
    if v in ("salt", "repo"):
        return f"{v} {x[0]}>{x[1]}"
    if v == "swap":
        return f"swap {x[0]} {x[1]}"
    if v == "claim":
        return f"claim {x[0]}"
    raise ValueError(f"no notation for {a!r}")


VERBS = {"pass": "passes", "end": "ends the actions: the factory runs", "done": "ends the turn",
         "feed": "feeds the Squirrel", "refill": "refills the two leftmost empty Order slots"}


def words(s: State, a: Step) -> str:
    """What step `a` does, in one sentence, in position `s` (before it is played)."""
    if a.__class__ is Start:
        return f"round {s.round + 1} starts: hunger {a.hunger}"     # type: ignore[union-attr]
    if a.__class__ is Run:
        return f"{s.me().name}'s run: the squirrel's dice {', '.join(die_text(d) for d in a.dice) or 'none'}"  # type: ignore[union-attr]
    if a.__class__ is Setup:
        return "the setup: the Squirrel's square and each player's Bonus cards"
    if a.__class__ is not Action:
        return f"{s.me().name}'s turn ends"
    v, x, me = a.verb, a.args, s.me().name      # type: ignore[union-attr]
    if v in VERBS:
        return f"{me} {VERBS[v]}"
    if v == "plan":
        return f"{me} draws {' and '.join(x[0])}, keeps {', '.join(x[1]) or 'none'}"
    if v == "build":
        return f"{me} {'takes the tile off' if x[0].startswith('-') else f'lays a {TILE_WORDS[x[0]]} on'} cell {x[1]}:{x[2]}-{x[3]}"
    if v == "salt":
        return f"{me} moves the Salter on square {x[0]} to {x[1]}"
    if v == "repo":
        return f"{me} moves the Order in slot {x[0]} to slot {x[1]}"
    if v == "swap":
        return f"{me} swaps Dispensers {x[0]} and {x[1]}"
    return f"{me} claims {x[0]}"


TILE_WORDS = {"X": "Cross tile (X)", "SL": "Splitter tile (SL, its single belt left)",
              "SR": "Splitter tile (SR, its single belt right)", "JL": "Joiner tile (JL, into the left belt)",
              "JR": "Joiner tile (JR, into the right belt)"}
"""A tile face in words (ruling U9: tile A lies as SL or JR, tile B as SR or JL)."""


def places(s: State, a: Step) -> tuple[str, ...]:
    """What an action touches, in the picture's names (picture.py, the kit's floor): a cell of a
    conveyor row, a Salter's squares, an Order's slots, the Dispensers swapped; a tapped table taps
    the first, then the last."""
    from pnpkit.scorer.games.nuts.picture import column_places, conveyor_place
    if a.__class__ is not Action:
        return ()
    v, x = a.verb, a.args       # type: ignore[union-attr]
    if not all(1 <= c <= s.columns for c in _columns(v, x)):
        return ()
    if v == "build":
        return (conveyor_place(s.f, x[1], x[2])[1],)
    if v in ("salt", "repo", "swap"):
        kind = {"salt": "salter", "repo": "order", "swap": "dispenser"}[v]
        return tuple(column_places(s.f, c)[1][kind] for c in x)
    return ()


def place_words(s: State, place: str) -> str:
    """A place `places` names, in the factory's words: `conveyor-1 1 2` is "cell 1:3-4", `order-7`
    "Order slot 7", `salters 1 7` "Salter square 7", `dispenser-3 1 1` "Dispenser 3"."""
    from pnpkit.scorer.games.nuts.picture import column_places, conveyor_place
    for c in range(1, s.columns + 1):
        for kind, name in column_places(s.f, c)[1].items():
            if name == place and kind != "squirrel":
                return {"dispenser": "Dispenser", "salter": "Salter square", "order": "Order slot"}[kind] + f" {c}"
    for (row, a) in sorted(s.f.cells):
        if conveyor_place(s.f, row, a)[1] == place:
            return f"cell {row}:{a}-{a + 1}"
    return place


def _columns(v: str, x: tuple) -> tuple[int, ...]:
    return (x[2], x[3]) if v == "build" else x if v in ("salt", "repo", "swap") else ()


Die = tuple[int, object]               # (the D6, None | the Scamper's D12/D16 | "L" | "R")


def die(item: object) -> Die:
    """A squirrel die as written: `4`, `4 > 9` (a Scamper to 9), `5 L` / `5 R` (a Hunt tie's choice)."""
    if isinstance(item, bool):
        raise ValueError("a squirrel die is a number 1-6")
    if isinstance(item, int):
        d, extra = item, None
    else:
        m = re.fullmatch(r"\s*(\d)\s*(?:>\s*(\d{1,2})|([LlRr]))?\s*", str(item))
        if not m:
            raise ValueError(f"cannot read the squirrel die {item!r}; write `4`, `4 > 9` (Scamper to 9) or `5 L`")
        d = int(m[1])
        extra = int(m[2]) if m[2] else m[3].upper() if m[3] else None
    if not 1 <= d <= 6:
        raise ValueError(f"a squirrel die (D6) is 1 to 6, got {d}")
    return d, extra


def die_text(d: Die) -> str:
    return str(d[0]) if d[1] is None else f"{d[0]} > {d[1]}" if isinstance(d[1], int) else f"{d[0]} {d[1]}"
