"""The exact choice of bonus cards to fulfil when one nut may serve one card only.

NUTS' bonus cards are "disjoint": a nut counts towards one card at most, a fulfilled card adds its
points and an unfulfilled one subtracts them (ruling U5). The player's total is therefore
`2 * (points of the fulfilled cards) - (points of all cards)`, and the best choice is the set of
cards of greatest points whose needs, added up, fit in the nuts the player has: a small
multi-dimensional knapsack. Greedy choices are wrong on it (a 6-point card may block two 4-point
ones), so this module solves it exactly.

Which best choice: the cards are ordered by points, most first (ties in the order given), and of
all the choices worth the most, the one that takes the earliest cards is returned (compare two
choices card by card in that order; the first card where they differ is taken by the winner).
The answer is therefore deterministic, and the same whichever method finds it.

Method: dynamic programming over the nuts left. A score sheet holds at most a few tokens a
column (six on this kit's sheet), so there are at most 7**4 = 2401 ways to have nuts left, and
the table "best points from cards i.. with these nuts left" has one row of 2401 numbers per card.
A row is one Python integer with a field per state (SWAR: every field updated by a handful of
integer operations, whatever the number of states), computed from the next row as
`max(skip the card, take it: the row shifted by the card's needs, plus its points)`. The
earliest-cards choice is then read off front to back: take a card whenever taking it still
reaches the best total. The work is the same for every hand of a size (about 20 us a card on a
full sheet), where a search over the cards has hands that make it explore thousands of nodes.

Sheets too large for a table (a kit with many rows) are searched instead: branch and bound over
the cards, most points first, taking before leaving, so the first best leaf found is the
earliest-cards choice (`_search`, kept also as the benchmark's baseline).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import le, sub
from typing import Sequence


@dataclass(frozen=True)
class Choice:
    """Which cards are fulfilled (indices into the cards given), and what the cards are worth."""

    fulfilled: tuple[int, ...]
    gained: int        # points of the fulfilled cards
    lost: int          # points of the others (subtracted)

    @property
    def net(self) -> int:
        return self.gained - self.lost


# The table is used unless a hand is small enough that searching it is cheaper whatever the hand
# (at most 2**7 nodes), or the sheet so large that a row of the table would pass TABLE_BITS (a
# full 6-row sheet of four kinds, with the deck's points, is 2401 states x 8 bits).
SMALL_HAND = 6
TABLE_BITS = 1 << 20


def best_choice(counts: Sequence[int], needs: Sequence[Sequence[int]], points: Sequence[int],
                method: str = "auto") -> Choice:
    """The fulfilment of greatest net points (the earliest-cards one among equals: see above).

    `counts[k]` is how many nuts of kind k the player has (negative is taken as 0); `needs[c][k]`
    how many of kind k card c needs (0 or more: callers validate cards); `points[c]` what card c
    is worth (a card worth 0 or less is never worth fulfilling). `method` forces "table", "search"
    or "small" (tests and bench/bonus.py compare them); "auto" takes `_small` for a small hand, else
    the table unless it is large.
    """
    caps = [c if c > 0 else 0 for c in counts]
    total = sum(points)
    # Cards worth something that fit on their own are the only ones worth considering.
    cand = [c for c in range(len(points)) if points[c] > 0 and all(map(le, needs[c], caps))]
    if len(cand) < 2:                                     # none, or one that fits: nothing to choose
        gained = points[cand[0]] if cand else 0
        return Choice(tuple(cand), gained, total - gained)
    cand.sort(key=points.__getitem__, reverse=True)       # most points first (stable on ties)
    pts = [points[c] for c in cand]
    need_rows = [needs[c] for c in cand]
    # Only the kinds the candidates together need more of than the player has constrain anything.
    tight = [k for k, (cap, col) in enumerate(zip(caps, zip(*need_rows))) if sum(col) > cap]
    if not tight:                                         # everything that fits alone fits together
        gained = sum(pts)
        return Choice(tuple(sorted(cand)), gained, total - gained)
    if method == "small" or method == "auto" and len(pts) <= SMALL_HAND:
        taken = _small(caps, need_rows, pts)
    elif method == "search":
        taken = _search(caps, need_rows, pts)
    else:
        sub_caps = tuple([caps[k] for k in tight])
        states = 1
        for cap in sub_caps:
            states *= cap + 1
        width = (sum(pts).bit_length() + 8) & ~7          # whole bytes, the top bit a guard
        if method == "auto" and states * width > TABLE_BITS:
            taken = _search(caps, need_rows, pts)
        else:
            sub_needs = [tuple([row[k] for k in tight]) for row in need_rows]
            taken = _table(_layout(sub_caps, width), sub_needs, pts)
    gained = sum([pts[j] for j in taken])
    return Choice(tuple(sorted([cand[j] for j in taken])), gained, total - gained)


def _repeat(block: int, period: int, times: int) -> int:
    """`block` repeated `times` times, every `period` bits (a whole number of bytes)."""
    return int.from_bytes(block.to_bytes(period >> 3, "little") * times, "little")


@dataclass(frozen=True)
class _Layout:
    """How a table's rows are laid out for a sheet (the nuts of each tight kind) and a field width.

    A state is the nuts left, numbered in mixed radix (kind 0 varies fastest): state
    `sum(left[k] * strides[k])`; field s of a row is bits [s*width, (s+1)*width), its top bit a
    guard. `holds[k][v]` masks the fields whose state has v or more of kind k left: a block of
    fields repeated once per period of kind k's digit.
    """

    caps: tuple[int, ...]
    width: int
    strides: tuple[int, ...]
    ones: int                      # a 1 at the bottom of every field
    guards: int                    # every field's top bit
    holds: tuple[tuple[int, ...], ...]

    def mask(self, need: tuple[int, ...]) -> int:
        """The fields whose state holds `need` (a card that needs it can be taken there)."""
        mask = -1
        for held, v in zip(self.holds, need):
            if v:
                mask &= held[v]
        return mask


@lru_cache(maxsize=512)
def _layout(caps: tuple[int, ...], width: int) -> _Layout:
    strides = []
    states = 1
    for cap in caps:
        strides.append(states)
        states *= cap + 1
    holds = []
    for cap, stride in zip(caps, strides):
        radix = cap + 1
        period = radix * stride * width
        holds.append(tuple(_repeat(((1 << (radix - v) * stride * width) - 1) << v * stride * width,
                                   period, states // (radix * stride)) for v in range(radix)))
    ones = _repeat(1, width, states)
    return _Layout(caps, width, tuple(strides), ones, ones << (width - 1), tuple(holds))


def _table(lay: _Layout, needs: list[tuple[int, ...]], pts: list[int]) -> list[int]:
    """The earliest-cards best choice (positions in `pts`, sorted by points), by dynamic programming.

    Row i of the table holds, for every state (nuts left), the best points cards i.. can add.
    A card that needs `n` moves a state down by `offset(n)` fields, so "take card i" is row i+1
    shifted up by that many fields plus the card's points, kept only in the states that hold `n`
    (elsewhere the shift would borrow from the next kind); row i is the field-wise larger of that
    and row i+1 (skip card i).
    """
    width, ones, guards, strides = lay.width, lay.ones, lay.guards, lay.strides
    low = width - 1
    m = len(pts)
    shifts = [sum([n * s for n, s in zip(need, strides)]) * width for need in needs]
    known: dict[tuple[int, ...], int] = {}
    masks = [known.get(need) or known.setdefault(need, lay.mask(need)) for need in needs]
    rows = [0] * (m + 1)                                  # row m: no cards left, nothing to add
    row = 0
    for i in range(m - 1, -1, -1):
        take = ((row << shifts[i]) + pts[i] * ones) & masks[i]
        # field-wise max(row, take): the guard survives the subtraction where row >= take
        ge = ((row | guards) - take) & guards
        keep = ge - (ge >> low)
        row = take ^ ((row ^ take) & keep)
        rows[i] = row

    # Front to back: take a card whenever it fits and taking it still reaches the best total.
    field = (1 << low) - 1
    at = sum([cap * s for cap, s in zip(lay.caps, strides)]) * width    # the state's first bit
    best = row >> at & field
    taken = []
    for i in range(m):
        if not best:
            break
        if masks[i] >> at & 1:
            after = at - shifts[i]
            rest = rows[i + 1] >> after & field
            if rest + pts[i] == best:
                taken.append(i)
                at, best = after, rest
    return taken


def _small(caps: list[int], needs: list[tuple[int, ...]], pts: list[int]) -> list[int]:
    """The earliest-cards best choice of a small hand (SMALL_HAND cards at most; positions in `pts`,
    sorted by points): depth first, taking before leaving, so the first best leaf is the
    earliest-cards one; a branch that cannot pass the best found, even with every card after it,
    is left. The nuts left are a tuple: for a few cards this costs less than `_search`'s packing
    (3.4 us a hand against 5.2, on the hands of ten thousand NUTS sheets)."""
    m = len(pts)
    after = [0] * (m + 1)               # after[i]: the points of cards i.. together
    for i in range(m - 1, -1, -1):
        after[i] = after[i + 1] + pts[i]
    best: list = [-1, ()]

    def walk(i: int, left: tuple[int, ...], got: int, taken: tuple[int, ...]) -> None:
        if got + after[i] <= best[0]:
            return
        if i == m:
            best[0], best[1] = got, taken
            return
        need = needs[i]
        if all(map(le, need, left)):
            walk(i + 1, tuple(map(sub, left, need)), got + pts[i], taken + (i,))
        walk(i + 1, left, got, taken)

    walk(0, tuple(caps), 0, ())
    del walk  # it refers to itself (a cycle): let go here, as `_search` does
    return list(best[1])


def _search(caps: list[int], needs: list[tuple[int, ...]], pts: list[int]) -> list[int]:
    """The earliest-cards best choice (positions in `pts`, sorted by points), by branch and bound.

    Depth first, taking before leaving, so the first leaf is the greedy choice by points and the
    first best leaf is the earliest-cards one; three cuts keep it fast on most hands:
    - a card that does not fit in what is left is dropped from the branch (it can never be taken
      below this node), and the bound is the points of the cards that still fit one by one;
    - when all the cards that still fit fit together, they are all taken and the branch ends;
    - a (card, nuts left) state reached before with at least as many points is not explored again.
    The nuts left are kept as one integer with a field per kind and a guard bit above each field
    (SWAR): "does this card fit" is one subtraction and one mask, whatever the number of kinds.
    """
    m = len(pts)
    top = max(max(caps) * m, max([max(n) for n in needs]))
    width = top.bit_length() + 1
    guard_bit = 1 << (width - 1)
    shifts = range(0, len(caps) * width, width)
    # (loops, not sum() over generators: this setup is most of a small hand's time)
    guards = root = 0
    for cap, sh in zip(caps, shifts):
        guards += guard_bit << sh
        root += (guard_bit | cap) << sh
    packed = []
    for need in needs:
        x = 0
        for v, sh in zip(need, shifts):
            x += v << sh
        packed.append(x)
    best, best_mask = 0, 0
    seen: dict[tuple[int, int], int] = {}

    def search(fit: list[int], fit_pts: int, fit_need: int, left: int, cur: int, mask: int) -> None:
        # `fit`: the cards after this node's first one that fit, one by one, in `left`.
        nonlocal best, best_mask
        if cur + fit_pts <= best:
            return
        if (left - fit_need) & guards == guards:          # they all fit together
            for j in fit:
                mask |= 1 << j
            best, best_mask = cur + fit_pts, mask
            return
        if len(fit) > 6:                                  # small subtrees: cheaper to search than to remember
            key = (fit[0], left)
            if seen.get(key, -1) >= cur:
                return
            seen[key] = cur
        j = fit[0]
        rest = fit[1:]
        taken = left - packed[j]
        fit2 = [k for k in rest if (taken - packed[k]) & guards == guards]
        search(fit2, sum([pts[k] for k in fit2]), sum([packed[k] for k in fit2]), taken, cur + pts[j], mask | (1 << j))
        search(rest, fit_pts - pts[j], fit_need - packed[j], left, cur, mask)

    search(list(range(m)), sum(pts), sum(packed), root, 0, 0)
    del search  # it refers to itself (a cycle): let go here, it is freed now rather than by the cyclic collector
    return [j for j in range(m) if best_mask >> j & 1]


def brute_force(counts: Sequence[int], needs: Sequence[Sequence[int]], points: Sequence[int]) -> Choice:
    """The best choice by trying every subset of cards that fits (for tests and benchmarks).

    Independent of both methods above: it walks every subset whose needs fit (a subset that does
    not fit has no superset that fits, so nothing is missed), keeps the most points, and breaks
    ties by the rule in this module's docstring, written out directly.
    """
    caps = [max(0, c) for c in counts]
    total = sum(points)
    order = sorted(range(len(points)), key=lambda c: -points[c])
    rank = {c: r for r, c in enumerate(order)}
    best: tuple[int, tuple[int, ...]] = (0, ())           # (points, cards by rank)

    def walk(start: int, left: list[int], got: int, chosen: list[int]) -> None:
        nonlocal best
        key = (got, tuple(sorted(rank[c] for c in chosen)))
        # more points first; then, of two choices, the one holding the earliest card where they differ
        if got > best[0] or got == best[0] and _earlier(key[1], best[1]):
            best = key
        for r in range(start, len(order)):
            c = order[r]
            if points[c] > 0 and all(n <= x for n, x in zip(needs[c], left)):
                walk(r + 1, [x - n for x, n in zip(left, needs[c])], got + points[c], chosen + [c])

    walk(0, caps, 0, [])
    chosen = tuple(sorted(order[r] for r in best[1]))
    return Choice(chosen, best[0], total - best[0])


def _earlier(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Does choice `a` (card ranks, ascending) take the earliest card where it differs from `b`?"""
    differ = set(a) ^ set(b)
    return bool(differ) and min(differ) in a
