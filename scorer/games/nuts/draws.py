"""What chance draws in NUTS, as a tapped table offers it: the Order cards flipped to fill the open
slots (a round's start, a Refill) and the Bonus cards a Plan draws, each a button for what is left
in its deck (scorer/play.py's `Draw`), so nobody types `al ca pe` or `B05`. Refill and Plan are
offered beside the legal moves (`Said.more`): `legal_moves` leaves them out, their cards being
chance; moves.py's `why_drawn` says whether they may be taken whatever the cards.
"""
from __future__ import annotations

from pnpkit.scorer.core import plural
from pnpkit.scorer.games.nuts.floor import NUTS
from pnpkit.scorer.games.nuts.moves import why_drawn
from pnpkit.scorer.games.nuts.record import more_than_a_face
from pnpkit.scorer.games.nuts.state import State
from pnpkit.scorer.play import Draw, Option

_KEEP = {1: (("plan {0} keep {0}", "keep {0}"),),
         2: (("plan {0} {1} keep {0}", "keep {0}"), ("plan {0} {1} keep {1}", "keep {1}"),
             ("plan {0} {1} keep {0} {1}", "keep both"))}
"""A Plan's choice once its cards are drawn: keep at least one (Plan; U17 when one is left)."""


def order_kinds(s: State) -> tuple[tuple[str, int], ...]:
    """The Order cards left to flip, by nut (the discards, when the deck is empty: U16's reshuffle)."""
    deck = s.order_deck if any(s.order_deck) else s.order_discards
    return tuple((NUTS[i], n) for i, n in enumerate(deck))


def flips(s: State) -> Draw:
    """A round's start: the Order cards flipped for the open slots, one a slot at most (a card
    discarded leaves its slot open: the table asks again for the rest)."""
    kinds = order_kinds(s)
    return Draw(kinds, max(1, min(len(s.fillable()), sum(n for _, n in kinds))), fewest=1)


def squirrel_then(s: State) -> tuple[tuple[str, tuple[Option, ...]], ...]:
    """The squirrel's D6 faces that need more written with them, and the choices that complete each:
    a Scamper's square (the D12/D16, a button a square), a Hunt tie's side (the player's choice)."""
    out = []
    for d in range(1, s.f.die + 1):
        t = d + s.hunger
        if s.f.move(t) == "scamper":
            out.append((str(d), tuple(Option(f"{d} > {k}", words=f"{d}+{s.hunger}={t}, a Scamper: the D{s.columns} "
                                             f"sends the Squirrel to square {k}") for k in range(1, s.columns + 1))))
        elif more_than_a_face(s, d):
            out.append((str(d), tuple(Option(f"{d} {side}", words=f"{d}+{s.hunger}={t}, a Hunt with paths as near on "
                                             f"either side: {s.me().name} sends the Squirrel {word}")
                                      for side, word in (("L", "left"), ("R", "right")))))
    return tuple(out)


def more(s: State) -> list[Option]:
    """Refill and Plan, where they may be taken now, with their draws."""
    out = []
    me = s.me().name
    if why_drawn(s, "refill") is None:
        kinds = order_kinds(s)
        out.append(Option("refill", s.f.cost["refill"], words=(
            f"{me} refills the {plural(min(s.f.refill, len(s.fillable())), 'leftmost empty Order slot')} (every "
            "Order card flipped, the discarded ones too)"),
            draw=Draw(kinds, min(sum(n for _, n in kinds), 12), written="refill {}", fewest=1)))
    if why_drawn(s, "plan") is None:
        deck = s.bonus_deck if len(s.bonus_deck) >= s.f.plan_draw else s.bonus_deck | s.bonus_discards
        n = min(s.f.plan_draw, len(deck))
        out.append(Option("plan", s.f.cost["plan"], words=f"{me} plans: draws {plural(n, 'Bonus card')}, keeps "
                          + ("it" if n == 1 else "one or both"), draw=Draw(tuple((c, 1) for c in sorted(deck)), n, keep=_KEEP[n])))
    return out
