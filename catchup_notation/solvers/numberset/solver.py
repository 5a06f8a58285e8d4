"""Exact solutions of number-set Catch-Up positions.

Only the remaining multiset and the mover's *gap* (opponent's score minus mover's score) matter
for the rest of the game, so positions are `(remaining, gap)`. The remaining multiset is packed
into one integer (`Packing`), one bit-field per distinct value, which makes it a cheap dict key.

The value (1 win, 0 draw, -1 loss for the mover) is found by two boolean proof searches,
"can the mover finish at least `need` ahead?" for need = 1 and need = 0, each memoised; this is
alpha-beta with null windows on a three-valued game. Bounds cut most of the tree:
  * the mover ends at most `sum(remaining) - gap` ahead (taking everything that is left);
  * the final margin has the parity of `sum(remaining) - gap`, so odd positions cannot draw;
  * `sum(remaining) == gap` is a forced draw (the mover must take everything).
Moves are generated as the *sets* taken (the resulting position does not depend on the order),
smallest numbers first; that order proved far better than largest-sum-first (N=18: 0.3 s
against 77 s). Turns are reported in ascending order, which is always a legal order.

`plain_value` is a deliberately naive second implementation (full minimax over sorted tuples)
used to cross-check the fast one.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Iterable
from functools import cache

import attrs

from catchup_notation.rules.numbers import NumbersGame

Move = tuple[int, ...]


@attrs.frozen
class Packing:
    """Packs a sub-multiset of `values` into an int: count of values[i] in bits [shift[i], shift[i]+width)."""

    values: tuple[int, ...]  # distinct values, ascending
    shifts: tuple[int, ...]
    masks: tuple[int, ...]

    @classmethod
    def for_multiset(cls, numbers: Iterable[int]) -> Packing:
        counts = Counter(numbers)
        values = tuple(sorted(counts))
        shifts, masks, at = [], [], 0
        for v in values:
            width = counts[v].bit_length()
            shifts.append(at)
            masks.append((1 << width) - 1)
            at += width
        return cls(values, tuple(shifts), tuple(masks))

    def pack(self, numbers: Iterable[int]) -> int:
        index = {v: i for i, v in enumerate(self.values)}
        packed = 0
        for v in numbers:
            packed += 1 << self.shifts[index[v]]
        return packed

    def unpack(self, packed: int) -> tuple[int, ...]:
        out: list[int] = []
        for v, shift, mask in zip(self.values, self.shifts, self.masks, strict=True):
            out.extend([v] * ((packed >> shift) & mask))
        return tuple(out)


class ProofSearch:
    """Memoised boolean searches over positions of one multiset (shared by every query on it)."""

    def __init__(self, packing: Packing, gap_bound: int) -> None:
        self.packing = packing
        self.nodes = 0
        self._memo: dict[int, bool] = {}
        self._gap_offset = gap_bound
        self._gap_bits = (2 * gap_bound + 1).bit_length()

    def moves(self, packed: int, gap: int) -> list[tuple[int, int]]:
        """Every distinct set the mover may take: (remaining after, sum taken), smallest numbers first."""
        values, shifts, masks = self.packing.values, self.packing.shifts, self.packing.masks
        count = len(values)
        out: list[tuple[int, int]] = []
        append = out.append

        def extend(start: int, packed: int, taken: int) -> None:
            for j in range(start, count):
                have = (packed >> shifts[j]) & masks[j]
                if have:
                    after = packed - (1 << shifts[j])
                    total = taken + values[j]
                    if total >= gap:
                        append((after, total))
                    else:
                        # ascending order: the last (largest) number is the one that catches up
                        extend(j if have > 1 else j + 1, after, total)

        extend(0, packed, 0)
        return out

    def can_reach(self, packed: int, gap: int, need: int, remaining_sum: int) -> bool:
        """Can the mover force a final margin >= need (need 1: win, 0: at least draw)?"""
        best_case = remaining_sum - gap
        if best_case < need:
            return False
        if best_case & 1:
            need = 1  # odd final margin: "at least a draw" is "a win"
        elif best_case == 0:
            return True  # must take everything and ends level (need is 0 here)
        key = ((packed << self._gap_bits | (gap + self._gap_offset)) << 1) | need
        known = self._memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        moves = self.moves(packed, gap)
        other = 1 - need
        result = False
        # cheap wins first: the game ends in our favour, or the opponent cannot reach their target
        for after, taken in moves:
            margin = taken - gap
            if after == 0:
                if margin >= need:
                    result = True
                    break
            elif remaining_sum - taken - margin < other:
                result = True
                break
        if not result:
            for after, taken in moves:
                if after and not self.can_reach(after, taken - gap, other, remaining_sum - taken):
                    result = True
                    break
        self._memo[key] = result
        return result

    def value(self, packed: int, gap: int, remaining_sum: int) -> int:
        """The mover's exact value: 1 win, 0 draw, -1 loss."""
        if packed == 0:
            return (gap < 0) - (gap > 0)
        if self.can_reach(packed, gap, 1, remaining_sum):
            return 1
        return 0 if self.can_reach(packed, gap, 0, remaining_sum) else -1


@attrs.frozen
class Solution:
    """The exact value of a position and its optimal moves.

    `value` is for P1 (1 P1 wins, 0 draw, -1 P2 wins); `mover_value` for the player to move.
    `move_values` gives every distinct move (numbers in a legal order) with its value for the mover;
    `best_moves` are those achieving `mover_value`. `nodes` counts positions expanded.
    """

    numbers: tuple[int, ...]
    scores: tuple[int, int]
    to_move: int | None
    value: int
    mover_value: int | None
    best_moves: tuple[Move, ...]
    move_values: tuple[tuple[Move, int], ...]
    nodes: int
    seconds: float


def solve(
    numbers: Iterable[int],
    scores: tuple[int, int] = (0, 0),
    to_move: int = 1,
    *,
    with_moves: bool = True,
) -> Solution:
    """Solve the position: `numbers` remaining, `scores` (P1, P2), `to_move` to play.

    With `with_moves`, every move of the player to move is valued (slower than the value alone).
    """
    remaining = tuple(sorted(numbers))
    started = time.perf_counter()
    if not remaining:
        value = (scores[0] > scores[1]) - (scores[0] < scores[1])
        return Solution(remaining, scores, None, value, None, (), (), 0, 0.0)
    packing = Packing.for_multiset(remaining)
    total = sum(remaining)
    search = ProofSearch(packing, gap_bound=total + abs(scores[0] - scores[1]) + 1)
    gap = scores[2 - to_move] - scores[to_move - 1]
    packed = packing.pack(remaining)
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 20 * len(remaining) + 1000))
    try:
        mover_value = search.value(packed, gap, total)
        move_values: list[tuple[Move, int]] = []
        if with_moves:
            for after, taken in search.moves(packed, gap) if total > gap else [(0, total)]:
                reply = search.value(after, taken - gap, total - taken)
                move_values.append((_taken(packing, packed, after), -reply))
    finally:
        sys.setrecursionlimit(old_limit)
    best = tuple(move for move, v in move_values if v == mover_value)
    value = mover_value if to_move == 1 else -mover_value
    return Solution(
        numbers=remaining,
        scores=(scores[0], scores[1]),
        to_move=to_move,
        value=value,
        mover_value=mover_value,
        best_moves=best,
        move_values=tuple(move_values),
        nodes=search.nodes,
        seconds=time.perf_counter() - started,
    )


def solve_game(game: NumbersGame, *, with_moves: bool = True) -> Solution:
    """Solve a game in progress from the player to move's point of view."""
    if game.over:
        return solve((), game.scores)
    return solve(game.remaining, game.scores, game.to_move, with_moves=with_moves)


def game_value(numbers: Iterable[int], scores: tuple[int, int] = (0, 0)) -> int:
    """P1's value of Catch-Up(numbers) from the start: 1 win, 0 draw, -1 loss."""
    return solve(numbers, scores, with_moves=False).value


def _taken(packing: Packing, before: int, after: int) -> Move:
    return packing.unpack(before - after)


# ---------------------------------------------------------------------------------------------
# An independent, naive implementation for cross-checking


def plain_value(numbers: Iterable[int], scores: tuple[int, int] = (0, 0), to_move: int = 1) -> int:
    """P1's value by plain memoised minimax over every ordered turn (no pruning, no bounds).

    Shares no code with `ProofSearch`: positions are sorted tuples and every order of removals
    is expanded, so it is exponential and meant for small sets only.
    """

    @cache
    def mover_value(remaining: tuple[int, ...], lead: int) -> int:
        if not remaining:
            return (lead > 0) - (lead < 0)
        return max(-mover_value(left, -(lead + gained)) for left, gained in _ordered_turns(remaining, lead))

    lead = scores[to_move - 1] - scores[2 - to_move]
    value = mover_value(tuple(sorted(numbers)), lead)
    return value if to_move == 1 else -value


def _ordered_turns(remaining: tuple[int, ...], lead: int):
    """(what is left, points gained) after each ordered legal turn, straight from the rules."""
    for i, v in enumerate(remaining):
        if i and remaining[i - 1] == v:
            continue
        left = remaining[:i] + remaining[i + 1 :]
        if lead + v >= 0 or not left:
            yield left, v
        else:
            for rest, more in _ordered_turns(left, lead + v):
                yield rest, v + more


def reference_value(numbers: Iterable[int], scores: tuple[int, int] = (0, 0), to_move: int = 1) -> tuple[int, int]:
    """P1's value and nodes expanded, by a second, independently written search.

    Three-valued negamax with alpha-beta and a transposition table of (lower, upper) bounds over
    sorted tuples; moves found by choosing the number that catches up and then subsets of smaller
    ones. No parity or remaining-sum shortcuts, so agreement with `solve` checks those too.
    """
    table: dict[tuple[tuple[int, ...], int], tuple[int, int]] = {}
    nodes = 0

    def takes(remaining: tuple[int, ...], gap: int) -> list[tuple[int, ...]]:
        """Distinct index sets (as value tuples) whose largest-last order is a legal turn."""
        if sum(remaining) < gap:
            return [remaining]
        found: set[tuple[int, ...]] = set()

        def subsets(
            smaller: tuple[int, ...], low: int, high: int, last: int, start: int, chosen: tuple[int, ...], total: int
        ) -> None:
            if chosen and low <= total <= high:
                found.add((*chosen, last))
            for i in range(start, len(smaller)):
                if total + smaller[i] > high:
                    break
                subsets(smaller, low, high, last, i + 1, (*chosen, smaller[i]), total + smaller[i])

        for last_index, last in enumerate(remaining):
            # the other numbers, all <= last in sorted order, must sum to [gap - last, gap - 1]
            low, high = gap - last, gap - 1
            if low <= 0:
                found.add((last,))
            subsets(remaining[:last_index], low, high, last, 0, (), 0)
        return sorted(found)

    def without(remaining: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...]:
        left = list(remaining)
        for v in taken:
            left.remove(v)
        return tuple(left)

    def negamax(remaining: tuple[int, ...], lead: int, alpha: int, beta: int) -> int:
        nonlocal nodes
        if not remaining:
            return (lead > 0) - (lead < 0)
        key = (remaining, lead)
        lower, upper = table.get(key, (-1, 1))
        if lower >= beta or lower == upper:  # an exact value too: narrowing to it would leave no window
            return lower
        if upper <= alpha:
            return upper
        alpha, beta = max(alpha, lower), min(beta, upper)
        nodes += 1
        best, start_alpha = -2, alpha
        for taken in takes(remaining, -lead):
            score = -negamax(without(remaining, taken), -(lead + sum(taken)), -beta, -alpha)
            if score > best:
                best = score
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
        if best <= start_alpha:
            table[key] = (lower, best)
        elif best >= beta:
            table[key] = (best, upper)
        else:
            table[key] = (best, best)
        return best

    remaining = tuple(sorted(numbers))
    lead = scores[to_move - 1] - scores[2 - to_move]
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 20 * len(remaining) + 1000))
    try:
        value = negamax(remaining, lead, -1, 1)
    finally:
        sys.setrecursionlimit(old_limit)
    return (value if to_move == 1 else -value), nodes
