"""NUTS' factory numbers for one game: the kit's `params.factory` (kits/nuts.yaml) for the number of
players, derived once, so the checker, `pnpkit moves`, the simulator and the replay read the same
numbers the printed board shows (the kit loader checks them against it).
"""
from __future__ import annotations

from dataclasses import dataclass

from pnpkit.kitfile.errors import Problem, SourceError
from pnpkit.kitfile.params.nuts import Params
from pnpkit.scorer.games.nuts.floor import NUTS, cells


@dataclass(frozen=True)
class Factory:
    """The floor and the rules' numbers of one game (a value: shared by every copy of its state)."""

    columns: int
    panels: tuple[tuple[str, int], ...]     # the boards the floor is printed on, left to right, and their columns
    cells: frozenset[tuple[int, int]]       # (conveyor row, left column), ruling U8
    rows: int                               # conveyor rows
    conveyor: tuple[int, ...]               # each conveyor row's first cell's left column (U8)
    salters: tuple[int, ...]                # their starting squares
    dispensers: tuple[int, ...]             # each column's nut at the start
    face_of: dict[str, str]                 # a tile face -> the tile it is printed on (U9)
    supply: dict[str, int]                  # tiles of each kind in the box
    cost: dict[str, int]
    configuring: frozenset[str]
    tokens_per_round: int
    hunger: int                             # the Hunger die's faces
    die: int                                # the squirrel's die
    squirrel: tuple[tuple[str, int, int], ...]   # (stop | scamper | hunt, lowest, highest total), in order
    refill: int
    setup_draw: int
    plan_draw: int
    keep_at_least: int
    orders_per_nut: int
    sheet_rows: int                         # nuts a score sheet column takes
    end_rows: int                           # complete rows that end the game (U7)
    bonus: frozenset[str]                   # the Bonus deck's card ids
    goals: tuple[tuple[str, str, int], ...]  # each goal card: id, the box it counts, markers needed

    def move(self, total: int) -> str:
        """What D6 + Hunger = `total` makes the squirrel do: stop, scamper or hunt. A total off the
        table (a Hunger off its die, reported, then played as written) reads as the nearest end's."""
        ends = self.squirrel
        total = max(ends[0][1], min(ends[-1][2], total))
        return next(kind for kind, lo, hi in ends if lo <= total <= hi)

    def tiles_text(self) -> str:
        return ", ".join(f"{n} {kind}" for kind, n in self.supply.items())


_MADE: dict[tuple[int, int], tuple[Params, Factory]] = {}


def _factory(params: Params, players: int) -> Factory:
    """Made once per kit and player count (params are frozen, but hold lists: keyed by identity)."""
    made = _MADE.get((id(params), players))
    if made is None or made[0] is not params:
        if len(_MADE) > 64:
            _MADE.clear()
        made = _MADE[(id(params), players)] = (params, _make(params, players))
    return made[1]


def _make(params: Params, players: int) -> Factory:
    f = params.factory
    floor = f.floor(players) or min(f.floors, key=lambda x: min(abs(players - n) for n in x.seats()))
    order = [NUTS.index(n) for n in f.dispensers]
    return Factory(
        columns=floor.columns, panels=_panels(f.floors, floor), cells=cells(tuple(f.conveyor), floor.columns), rows=len(f.conveyor),
        conveyor=tuple(f.conveyor),
        salters=tuple(floor.salters),
        dispensers=tuple(order[c % len(order)] for c in range(floor.columns)),
        face_of={face: t.name for t in f.tiles for face in t.faces}, supply={t.name: t.count for t in f.tiles},
        cost=dict(f.costs), configuring=frozenset(f.configuring), tokens_per_round=f.tokens_per_round,
        hunger=f.hunger, die=f.squirrel.die,
        squirrel=tuple(sorted(((k, *v) for k, v in f.squirrel.spans().items()), key=lambda k: k[1])),
        refill=f.refill, setup_draw=f.setup_draw, plan_draw=f.plan_draw, keep_at_least=f.keep_at_least,
        orders_per_nut=params.orders_per_nut, sheet_rows=len(params.rows), end_rows=params.end_rows,
        bonus=frozenset(c.id for c in params.bonus), goals=tuple((g.id, g.box, g.at_least) for g in params.goals))


def _panels(floors, floor) -> tuple[tuple[str, int], ...]:
    """Each board of `floor` with the columns it prints: what the floor printed with it adds to the
    floor printed without it (2-4 players: `floor`, 12; 5-6: the extension adds 4). A board no
    smaller floor ends at holds the rest of the columns (the kit loader checks the boards print them)."""
    ends = {tuple(x.printed): x.columns for x in floors}
    out, before = [], 0
    for k, board in enumerate(floor.printed):
        end = ends.get(tuple(floor.printed[:k + 1]), floor.columns) if k < len(floor.printed) - 1 else floor.columns
        out.append((board, max(0, min(end, floor.columns) - before)))
        before += out[-1][1]
    return tuple(out)


def factory_of(kit, players: int) -> Factory:
    """The factory of a game of `players` (a count no floor is for plays on the nearest floor; the
    scorer reports the count itself, THE FACTORY)."""
    from pnpkit.scorer.games.nuts.deck import params_of
    params = params_of(kit)
    if params.factory is None:
        raise SourceError(kit.file, [Problem(None, "params.factory", "a NUTS move log needs the factory's numbers "
                                             "(params.factory, as in pnpkit's kits/nuts.yaml)")])
    return _factory(params, players)
