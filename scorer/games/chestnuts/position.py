"""Chestnuts positions: one written at the table (`start:`), and one drawn or told.

A record may begin from the table as it is (`start:`) instead of the game's setup: what lies
where, whose turn comes next, the Tongs and the added Flames. It is the position at the start of
that player's turn, before its steps 1-3. `start_problems` refuses one that cannot exist.

`picture` describes a position in kits/chestnuts.yaml's own names (the regions, the Flames' track,
the counters and their sets) for the replay page, `places` what a step touches in the same names;
`line` tells the position in one line for --explain.
"""
from __future__ import annotations

from pnpkit.scorer.games.chestnuts.record import Fire, Record, Start
from pnpkit.scorer.games.chestnuts.state import (BASKET, BURNT, CHAIR, FIRE_C, FIRE_U, NP, OVER, PLATE, Move, State, Step,
                                                 Table, table)
from pnpkit.scorer.play import Area, Piece, Position

# What kits/chestnuts.yaml calls the places and pieces the rules move (player 1 sits at the bottom).
BOARD = "board"
REGION = {BASKET: "basket", FIRE_U: "fire", FIRE_C: "fire", OVER: "overcooked", BURNT: "burnt"}
PLATES, CHAIRS = ("plate-1", "plate-2"), ("chair-1", "chair-2")
FLAME_TRACK = "added-flames"
CHESTNUTS, TONGS, FLAMES = "chestnuts", "tongs", "flames"


def _by_owner(value: int | dict[str, int], holder: str) -> dict[str, int]:
    return {holder: value} if isinstance(value, int) else dict(value)


def problems(start: Start, names: list[str], t: Table) -> list[tuple[tuple, str]]:
    """(path under `start`, message) for every way this position cannot exist."""
    out: list[tuple[tuple, str]] = []
    for key in ("basket", "fire", "overcooked", "burnt", "plate", "chair", "tongs"):
        for name, value in getattr(start, key).items():
            if name not in names:
                out.append(((key, name), f"{name!r} is not a player ({' and '.join(names)})"))
            for owner in (value if isinstance(value, dict) and key in ("plate", "chair") else {}):
                if owner not in names:
                    out.append(((key, name, owner), f"{owner!r} is not a player ({' and '.join(names)})"))
    if start.next is not None and start.next not in names:
        out.append((("next",), f"{start.next!r} is not a player ({' and '.join(names)})"))
    if out:
        return out
    if start.flames >= t.flames:
        out.append((("flames",), f"{start.flames} added Flames: with all {t.flames} on it the Fire overheats and "
                                 f"they come off (ruling C11), so at most {t.flames - 1} lie on it"))
    counts = _counts(start, names, t.per_player)
    for p, name in enumerate(names):
        placed = {place: n for place, n in counts[p].items() if place != "basket"}
        if start.basket.get(name) is None:
            if sum(placed.values()) > t.per_player:
                out.append((("basket",), f"{name}'s chestnuts on the board add up to {sum(placed.values())} "
                            f"({_sum_text(placed)}); each player has {t.per_player}"))
        elif sum(counts[p].values()) != t.per_player:
            out.append((("basket", name), f"{name}'s chestnuts add up to {sum(counts[p].values())} "
                        f"({_sum_text(counts[p])}); each player has {t.per_player}"))
    return out


def start_problems(record: Record, kit) -> list[tuple[tuple, str]]:
    """What makes the record's `start:` impossible, each at its path in the record (Game.problems
    asks only of a record with one)."""
    return [(("start",) + path, message) for path, message in
            problems(record.start, list(record.players), table(kit.params))]


def start_of(s: State, names: list[str]) -> dict:
    """The `start:` that writes down position `s` at a turn's end (the next player's steps 1-3 still
    to come): a record from it plays on as the game it was cut from (tests/scorer/test_games_conform.py)."""
    out: dict = {"next": names[1 - s.player], "basket": {}, "fire": {}, "overcooked": {}, "burnt": {},
                 "plate": {}, "chair": {}, "flames": s.flames, "tongs": {}}
    for p, name in enumerate(names):
        o = p * NP
        out["basket"][name], out["overcooked"][name], out["burnt"][name] = s.c[o + BASKET], s.c[o + OVER], s.c[o + BURNT]
        out["fire"][name] = {"uncooked": s.c[o + FIRE_U], "cooked": s.c[o + FIRE_C]}
        out["tongs"][name] = "held" if s.held(p) else "down"
        for key, place in (("plate", PLATE), ("chair", CHAIR)):
            out[key][name] = {owner: s.c[q * NP + place + p] for q, owner in enumerate(names)}
    return out


def _sum_text(counts: dict[str, int]) -> str:
    return " + ".join(f"{n} {place}" for place, n in counts.items() if n) or "none"


def _counts(start: Start, names: list[str], per_player: int) -> list[dict[str, int]]:
    """Each player's own chestnuts by place (a Basket left out: the rest)."""
    out = []
    for p, name in enumerate(names):
        fire = start.fire.get(name, Fire())
        c = {"fire uncooked": fire.uncooked, "fire cooked": fire.cooked,
             "overcooked": start.overcooked.get(name, 0), "burnt": start.burnt.get(name, 0)}
        for key in ("plate", "chair"):
            for holder in names:
                n = _by_owner(getattr(start, key).get(holder, 0), holder).get(name, 0)
                c[f"{holder}'s {key}"] = n
        basket = start.basket.get(name)
        c["basket"] = per_player - sum(c.values()) if basket is None else basket
        out.append(c)
    return out


def start(record: Record, kit) -> State:
    """The position before the record's first turn: the setup, or its `start:`."""
    t = table(kit.params)
    return State(t, record.players) if record.start is None else state_from(record.start, list(record.players), t)


def state_from(start: Start, names: list[str], t: Table) -> State:
    """The State at the start of `start.next`'s turn (its steps 1-3 still to come). It is not the
    game's first turn, so no Nut Point less (ruling C3)."""
    s = State(t, names)
    counts = _counts(start, names, t.per_player)
    for p in (0, 1):
        o, c = p * NP, counts[p]
        s.c[o + BASKET], s.c[o + FIRE_U], s.c[o + FIRE_C] = c["basket"], c["fire uncooked"], c["fire cooked"]
        s.c[o + OVER], s.c[o + BURNT] = c["overcooked"], c["burnt"]
        for q, holder in enumerate(names):
            s.c[o + PLATE + q], s.c[o + CHAIR + q] = c[f"{holder}'s plate"], c[f"{holder}'s chair"]
    s.flames = start.flames
    s.tongs = sum(1 << p for p, name in enumerate(names) if start.tongs.get(name) == "held")
    first = names.index(start.next) if start.next else 0
    s.player = 1 - first      # start_turn passes the turn on
    s.turn = 0                # not the first turn of the game
    s.over = s.ended()
    return s


# ---------------------------------------------------------------- the position, drawn and told

def set_names(kit) -> tuple[str | None, str | None]:
    """The chestnuts' two sets in the kit (player 1's, player 2's)."""
    for comp in kit.components:
        if comp.name == CHESTNUTS and comp.kind == "counters" and len(comp.sets) >= 2:
            return comp.sets[0].name, comp.sets[1].name
    return None, None


def picture(s: State, kit) -> Position:
    """Where every counter lies, in the kit file's names: the board, and the Tongs and the Flames
    not on the Fire beside it."""
    names, sets = s.names, set_names(kit)
    c = s.c
    on_board: list[Piece] = []
    for p in (0, 1):
        o = p * NP
        for place in (BASKET, FIRE_U, FIRE_C, OVER, BURNT):
            if c[o + place]:
                on_board.append(Piece(CHESTNUTS, REGION[place], sets[p], back=place != BASKET and place != FIRE_U,
                                      count=c[o + place]))
    for q in (0, 1):
        for p in (q, 1 - q):
            for holder, spot in ((PLATES, PLATE), (CHAIRS, CHAIR)):
                n = c[p * NP + spot + q]
                if n:
                    on_board.append(Piece(CHESTNUTS, holder[q], sets[p], back=True, count=n))
    on_board += [Piece(FLAMES, f"{FLAME_TRACK} {k}") for k in range(1, s.flames + 1)]
    beside = [Piece(TONGS, f"{names[p]}'s Tongs: " + ("in hand" if s.held(p) else "put down"), back=not s.held(p))
              for p in (0, 1)]
    if s.t.flames - s.flames:
        beside.append(Piece(FLAMES, "Flames beside the board", count=s.t.flames - s.flames))
    return Position((Area("board", "The board", BOARD, tuple(on_board)),
                     Area("aside", "Beside the board", pieces=tuple(beside))), line(s))


def places(s: State, a: Step) -> tuple[str, ...]:
    """What step `a` touches, in the kit's names (`picture`'s): the regions a chestnut leaves and
    goes to, the Flames' next space, the Tongs; the die and a turn's end touch none."""
    if a.__class__ is not Move:
        return ()
    letter, _, m = a        # type: ignore[misc]
    p = s.player
    q = 1 - p
    return {"a": (TONGS,), "d": (TONGS,), "b": (f"{FLAME_TRACK} {s.flames + 1}",), "l": (f"{FLAME_TRACK} {s.flames + 1}",),
            "c": (PLATES[p], CHAIRS[p]), "e": (REGION[BASKET], REGION[FIRE_U]), "f": (REGION[FIRE_C], PLATES[p]),
            "g": (REGION[OVER], PLATES[p]), "h": (REGION[FIRE_C], PLATES[p]), "i": (PLATES[q], CHAIRS[p]),
            "j": (REGION[BASKET], REGION[FIRE_U]), "k": (REGION[BASKET], REGION[FIRE_U])}[letter]


def line(s: State) -> str:
    """`Basket Ann 7 Ben 8 | Fire Ann 2u 1c Ben 1u 0c | ... | Tongs Ann held Ben down`."""
    c, names = s.c, s.names

    def per(place: int) -> str:
        return " ".join(f"{names[p]} {c[p * NP + place]}" for p in (0, 1))

    def held_by(place: int) -> str:
        parts = []
        for p in (0, 1):
            mine, theirs = c[p * NP + place + p], c[(1 - p) * NP + place + p]
            parts.append(f"{names[p]} {mine}" + (f" (+{theirs} {names[1 - p]}'s)" if theirs else ""))
        return " ".join(parts)

    fire = " ".join(f"{names[p]} {c[p * NP + FIRE_U]}u {c[p * NP + FIRE_C]}c" for p in (0, 1))
    tongs = " ".join(f"{names[p]} {'held' if s.held(p) else 'down'}" for p in (0, 1))
    return (f"Basket {per(BASKET)} | Fire {fire} | Overcooked {per(OVER)} | Burnt {per(BURNT)} | "
            f"Plates {held_by(PLATE)} | Chairs {held_by(CHAIR)} | Flames {s.flames}/{s.t.flames} | Tongs {tongs}")
