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
    how many of kind k card c needs; `points[c]` what card c is worth. Among equally good choices
    the one found first with the most points on the earliest cards is returned, so the answer is
    deterministic.
    """
    n = len(points)
    kinds = len(counts)
    caps = [max(0, int(c)) for c in counts]
    total = sum(points)
    # Cards worth something that fit on their own are the only ones worth considering.
    cand = [c for c in range(n)
            if points[c] > 0 and all(0 <= needs[c][k] <= caps[k] for k in range(kinds))]
    if not cand:
        return Choice((), 0, total)
    cand.sort(key=lambda c: (-points[c], sum(needs[c]), c))

    widest = max(max(caps), *(sum(needs[c][k] for c in cand) for k in range(kinds)))
    width = widest.bit_length() + 1            # field bits, the top one the guard
    guard_bit = 1 << (width - 1)
    guards = 0
    root = 0
    for k in range(kinds):
        guards |= guard_bit << (k * width)
        root |= (guard_bit | caps[k]) << (k * width)
    packed = []
    for c in cand:
        v = 0
        for k in range(kinds):
            v |= needs[c][k] << (k * width)
        packed.append(v)
    pts = [points[c] for c in cand]
    m = len(cand)

    # Fast path: everything that fits alone fits together.
    if (root - sum(packed)) & guards == guards:
        gained = sum(pts)
        return Choice(tuple(sorted(cand)), gained, total - gained)

    best = [0, 0]                       # best gained points, bitmask over cand
    seen: dict[tuple[int, int], int] = {}

    def search(i: int, left: int, cur: int, mask: int) -> None:
        fit = [j for j in range(i, m) if (left - packed[j]) & guards == guards]
        if not fit:
            if cur > best[0]:
                best[0], best[1] = cur, mask
            return
        bound = cur + sum(pts[j] for j in fit)
        if bound <= best[0]:
            return
        key = (fit[0], left)
        if seen.get(key, -1) >= cur:
            return
        seen[key] = cur
        need_all = sum(packed[j] for j in fit)
        if (left - need_all) & guards == guards:
            all_mask = mask
            for j in fit:
                all_mask |= 1 << j
            best[0], best[1] = bound, all_mask
            return
        j = fit[0]
        search(j + 1, left - packed[j], cur + pts[j], mask | (1 << j))
        search(j + 1, left, cur, mask)

    search(0, root, 0, 0)
    gained, mask = best
    chosen = tuple(sorted(cand[j] for j in range(m) if mask >> j & 1))
    return Choice(chosen, gained, total - gained)


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
