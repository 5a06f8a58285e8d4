"""Independent, naive values of number-set positions, for cross-checking the proof search:
`plain_value` (full minimax over sorted tuples) and `reference_value`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache

from catchup_notation.solvers.numberset.settings import deep_enough


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


def _ordered_turns(remaining: tuple[int, ...], lead: int) -> Iterator[tuple[tuple[int, ...], int]]:
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
    with deep_enough(remaining):
        value = negamax(remaining, lead, -1, 1)
    return (value if to_move == 1 else -value), nodes
