"""The exact choice of bonus cards to fulfil when one nut may serve one card only.

NUTS' bonus cards are "disjoint": a nut counts towards one card at most, a fulfilled card adds its
points and an unfulfilled one subtracts them (ruling U5). The player's total is therefore
`2 * (points of the fulfilled cards) - (points of all cards)`, and the best choice is the set of
cards of greatest points whose needs, added up, fit in the nuts the player has: a small
multi-dimensional knapsack. Greedy choices are wrong on it (a 6-point card may block two 4-point
ones), so this module solves it exactly.

Method: branch and bound over the cards, most points first, with three cuts that keep it fast:
- a card that does not fit in what is left is dropped from the branch (it can never be taken
  below this node), and the bound is the points of the cards that still fit one by one;
- when all the cards that still fit fit together, they are all taken and the branch ends;
- a (card, nuts left) state reached before with at least as many points is not explored again
  (the dynamic-programming cut, which bounds the work by the number of states).
The nuts left are kept as one integer with a field per kind and a guard bit above each field
(SWAR): "does this card fit" is one subtraction and one mask, whatever the number of kinds.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


_GUARD16 = 1 << 15
_GUARDS16 = _GUARD16 | _GUARD16 << 16 | _GUARD16 << 32 | _GUARD16 << 48


@dataclass(frozen=True)
class Choice:
    """Which cards are fulfilled (indices into the cards given), and what the cards are worth."""

    fulfilled: tuple[int, ...]
    gained: int        # points of the fulfilled cards
    lost: int          # points of the others (subtracted)

    @property
    def net(self) -> int:
        return self.gained - self.lost


def best_choice(counts: Sequence[int], needs: Sequence[Sequence[int]], points: Sequence[int]) -> Choice:
    """The fulfilment of greatest net points.

    `counts[k]` is how many nuts of kind k the player has (negative is taken as 0); `needs[c][k]`
    how many of kind k card c needs (0 or more: callers validate cards); `points[c]` what card c
    is worth (a card worth 0 or less is never worth fulfilling). Among equally good choices
    the one found first with the most points on the earliest cards is returned, so the answer is
    deterministic.
    """
    caps = [c if c > 0 else 0 for c in counts]
    total = sum(points)
    n = len(points)
    if not n:
        return Choice((), 0, 0)
    # Each field holds a count, any one card's need, and the needs of all cards added up, without
    # overflowing into the next field; the bit above it is the guard. 16-bit fields cover every
    # real sheet, and a fixed width lets the masks be computed once.
    top = max(max(caps, default=0) * n, max(map(max, needs)) if caps else 0)
    kinds = len(caps)
    if kinds == 4 and top < _GUARD16:                     # NUTS' four kinds: the hot path, unrolled
        guards = _GUARDS16
        a, b, c, d = caps
        root = guards | a | b << 16 | c << 32 | d << 48
        packed_all = [a | b << 16 | c << 32 | d << 48 for a, b, c, d in needs]
    else:
        width = top.bit_length() + 1
        guard_bit = 1 << (width - 1)
        shifts = [k * width for k in range(kinds)]
        guards = sum(guard_bit << sh for sh in shifts)
        root = sum((guard_bit | cap) << sh for cap, sh in zip(caps, shifts))
        packed_all = [sum(x << sh for x, sh in zip(need, shifts)) for need in needs]
    # Cards worth something that fit on their own are the only ones worth considering.
    cand = [c for c in range(n) if points[c] > 0 and (root - packed_all[c]) & guards == guards]
    if not cand:
        return Choice((), 0, total)
    cand.sort(key=points.__getitem__, reverse=True)       # most points first (stable on ties)
    packed = [packed_all[c] for c in cand]
    pts = [points[c] for c in cand]
    m = len(cand)

    # Fast path: everything that fits alone fits together.
    if (root - sum(packed)) & guards == guards:
        gained = sum(pts)
        return Choice(tuple(sorted(cand)), gained, total - gained)

    # Depth first, taking before leaving: the first leaf is the greedy choice by points, and
    # the bound then cuts most other branches.
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
    chosen = tuple(sorted(cand[j] for j in range(m) if best_mask >> j & 1))
    return Choice(chosen, best, total - best)


def brute_force(counts: Sequence[int], needs: Sequence[Sequence[int]], points: Sequence[int]) -> int:
    """The best net points by trying every subset (for tests only: 2**len(points) subsets)."""
    caps = [max(0, c) for c in counts]
    total = sum(points)
    best = -total
    n = len(points)
    for mask in range(1 << n):
        use = [sum(needs[c][k] for c in range(n) if mask >> c & 1) for k in range(len(caps))]
        if all(u <= cap for u, cap in zip(use, caps)):
            gained = sum(points[c] for c in range(n) if mask >> c & 1)
            best = max(best, 2 * gained - total)
    return best
