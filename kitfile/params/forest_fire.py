"""Forest Fire's numbers: the grid, its ring, the counters, and what each role may do.

The board's geometry is read by the scorer (which squares exist, which spaces are the ring) and
will be read by the generator (what is printed), so the printed grid is the scored grid. What an
action *does* is rules code (scorer.games.forest_fire); how many actions a role has, how many
counters its extinguish removes, whether it jumps and how long a pilot's drop line is are numbers,
and live here.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pnpkit.kitfile.structs import Meta, Strict, field


class Role(Strict):
    id: Literal["hotshot", "smoke-jumper", "pilot"]
    name: Annotated[str, Meta(description="As printed on the role card.")]
    kind: Annotated[Literal["ground", "air"], Meta(
        description="ground: moves and extinguishes on the grid (F6, F7); air: refills and drops, never on the "
                    "board (F8).")]
    actions: Annotated[int, Meta(ge=1, description="Actions a round (ground roles).")] = 2
    removes: Annotated[Annotated[int, Meta(ge=1)] | None, Meta(
        description="Counters one extinguish removes; none = all of them.")] = None
    jump: Annotated[bool, Meta(description="May jump from an edge square or the ring to any square (F7).")] = False
    line: Annotated[int, Meta(ge=1, description="Squares in a line a drop puts out (air roles).")] = 3
    text: Annotated[str, Meta(description="The rulebook's words, printed on the role card.")] = ""


class Setup(Strict):
    """A difficulty: how many Firebreaks the caller rolls before the first fires (F2), by players.

    The rulebook gives the ends ("For an easier game, roll up to one Firebreak per player. Roll
    fewer or none for a challenge game."); a kit file fixes the steps between, and the caller's
    sheet prints them."""

    name: Annotated[str, Meta(description="As printed, e.g. Easy.")]
    firebreaks: Annotated[dict[int, int], Meta(description="Players -> Firebreak rolls, e.g. {2: 2, 3: 3, 4: 4}.")]

    def __post_init__(self) -> None:
        for players, rolls in self.firebreaks.items():
            if players < 1 or not 0 <= rolls <= players:
                raise ValueError(f"{self.name}: {rolls} Firebreaks for {players} players; "
                                 "the rulebook allows up to one per player")


class Params(Strict):
    grid: Annotated[int, Meta(ge=2, le=9,
        description="Squares down and across, numbered 1..grid (F1). Fire rolls are two dice, so a 6x6 grid is the "
                    "game's.")] = 6
    ring: Annotated[bool, Meta(description="The off-board spaces around the grid (0 or grid+1) are printed.")] = True
    fire_counters: Annotated[int, Meta(ge=40, description="Fire counters in the kit.")] = 48
    firebreaks: Annotated[int, Meta(ge=0, description="Firebreak counters in the kit: up to one per player.")] = 4
    setup_rounds: Annotated[int, Meta(ge=0,
        description="Rounds' worth of fire rolls before play (one per player each).")] = 2
    roles: list[Role]
    setups: Annotated[list[Setup], Meta(
        description="Difficulty setups printed on the caller's sheet (Firebreak rolls by players), easiest first.")] = field(default_factory=list)

    def __post_init__(self) -> None:
        ids = [r.id for r in self.roles]
        if sorted(ids) != sorted(set(ids)):
            raise ValueError(f"each role once, got {', '.join(ids)}")
        for s in self.setups:
            over = {p: n for p, n in s.firebreaks.items() if n > self.firebreaks}
            if over:
                raise ValueError(f"setup {s.name}: more Firebreak rolls than the kit's {self.firebreaks} counters")

    def role(self, role_id: str) -> Role:
        for r in self.roles:
            if r.id == role_id:
                return r
        raise KeyError(role_id)
