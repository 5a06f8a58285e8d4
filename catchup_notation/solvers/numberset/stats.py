"""Exhaustive statistics of number-set Catch-Up, as the paper's Tables 5 and 6 define them.

Everything is counted, never enumerated: the game tree is folded onto positions (remaining
multiset, mover's gap) and each position's counts are memoised. A move is counted the way the
paper counts branches: every order of removals within a turn is a distinct branch (for multisets
with repeated values, every distinct *value* sequence; identical numbers are interchangeable).
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable
from functools import cache
from math import factorial, prod

import attrs

from catchup_notation.solvers.limits import CHECK_EVERY, Budget, ProgressCallback, SearchStopped, SearchTooLarge
from catchup_notation.solvers.numberset.packing import Packing
from catchup_notation.solvers.numberset.settings import deep_enough

#: More numbers than this are refused unless a budget is given: 1..14 takes about a minute and
#: 360 MB, and each further number about 2.2 times more of both (benchmarks/bench_numbers.py).
FEASIBLE_NUMBERS = 14
#: Bytes the expansion of one position costs (its moves and counts), measured on 1..14.
BYTES_PER_STATE = 2000
#: Default memory for the statistics of one set.
DEFAULT_MEMORY_MB = 1024


@attrs.frozen
class TreeStats:
    """Table 5's measures for Catch-Up(numbers) from the given starting scores.

    Outcome counts are over game-tree leaves (complete games), from P1's point of view;
    percentages are of `game_tree_size`. `max_branching` is the larger of P1's number of first
    moves and P2's number of replies to any first move (ordered moves). `min_depth` is the fewest
    turns in any complete game. `state_space_size` counts distinct (player to move, scores,
    remaining multiset) reachable at turn boundaries, start and end states included.
    """

    #: The number set.
    numbers: tuple[int, ...]
    #: The starting scores.
    scores: tuple[int, int]
    #: Complete games: the leaves of the game tree.
    game_tree_size: int
    #: Distinct positions at turn boundaries, start and end included.
    state_space_size: int
    #: Complete games the first player wins.
    p1_wins: int
    #: Complete games that are drawn.
    draws: int
    #: Complete games the first player loses.
    p1_losses: int
    #: The most moves of any position (ordered moves).
    max_branching: int
    #: The fewest turns of any complete game.
    min_depth: int

    @property
    def win_percent(self) -> float:
        return 100 * self.p1_wins / self.game_tree_size

    @property
    def tie_percent(self) -> float:
        return 100 * self.draws / self.game_tree_size

    @property
    def loss_percent(self) -> float:
        return 100 * self.p1_losses / self.game_tree_size


@attrs.frozen
class LevelBranching:
    """Table 6's measures for one level (turn number) of the game tree.

    `nodes` are the game-tree nodes on the level where the game goes on, `node_moves` the ordered
    moves summed over those nodes; `states` and `state_moves` the same over distinct positions
    (each counted once). `maximum` is the most moves from any one position.

    The paper says B_avg is moves "divided by the number of unique states on that level", but its
    Table 6 figures (35.42, 15.52, ... for N=12) are `node_moves / nodes`, the average over tree
    nodes: that is `average`; the literal reading is `average_per_state`.
    """

    level: int
    nodes: int
    node_moves: int
    states: int
    state_moves: int
    maximum: int

    @property
    def average(self) -> float:
        return self.node_moves / self.nodes

    @property
    def average_per_state(self) -> float:
        return self.state_moves / self.states


class _Expander:
    """Ordered-move counts from a position, shared by every statistic of one multiset. Positions
    expanded are memoised (the counts need them all), so `memory_mb` bounds how many: past it, or
    past the budget, SearchStopped is raised."""

    def __init__(
        self,
        numbers: tuple[int, ...],
        scores: tuple[int, int],
        budget: Budget | None = None,
        memory_mb: int = DEFAULT_MEMORY_MB,
    ) -> None:
        self.packing = Packing.for_multiset(numbers)
        self.start = self.packing.pack(numbers)
        self.start_gap = scores[1] - scores[0]
        self.distinct = len(set(numbers)) == len(numbers)
        self.budget = budget or Budget()
        self.max_states = max(memory_mb * 2**20 // BYTES_PER_STATE, 1000)
        self.memory_mb = memory_mb
        self._memo: dict[tuple[int, int], tuple[tuple[int, int, int], ...]] = {}

    def expand(self, packed: int, gap: int) -> tuple[tuple[int, int, int], ...]:
        """(remaining after, points taken, number of ordered ways) for each distinct set taken (memoised)."""
        key = (packed, gap)
        found = self._memo.get(key)
        if found is None:
            memo = self._memo
            if not len(memo) % CHECK_EVERY:
                if len(memo) >= self.max_states:
                    raise SearchStopped(f"stopped at the memory bound of {self.memory_mb} MB ({len(memo)} positions)")
                self.budget.check(len(memo))
            found = memo[key] = self._expand(packed, gap)
        return found

    def _expand(self, packed: int, gap: int) -> tuple[tuple[int, int, int], ...]:
        """(remaining after, points taken, number of ordered ways) for each distinct set taken."""
        values, shifts, masks = self.packing.values, self.packing.shifts, self.packing.masks
        remaining = self.packing.unpack(packed)
        total = sum(remaining)
        if total < gap:  # cannot catch up: takes everything, in any order
            return ((0, total, _arrangements(Counter(remaining))),)
        out: list[tuple[int, int, int]] = []
        chosen: list[int] = []
        distinct = self.distinct

        def extend(start: int, packed: int, taken: int) -> None:
            for j in range(start, len(values)):
                have = (packed >> shifts[j]) & masks[j]
                if not have:
                    continue
                after, total, value = packed - (1 << shifts[j]), taken + values[j], values[j]
                chosen.append(value)
                if total >= gap:
                    out.append((after, total, _orders(chosen, total - gap, distinct)))
                else:
                    extend(j if have > 1 else j + 1, after, total)
                chosen.pop()

        extend(0, packed, 0)
        return tuple(out)

    def move_count(self, packed: int, gap: int) -> int:
        return sum(ways for _, _, ways in self.expand(packed, gap))


def _orders(chosen: list[int], lead: int, distinct: bool) -> int:
    """Legal orders of a catching-up turn taking `chosen` (ascending) to finish `lead` ahead.

    Only the number taken last may reach the opponent's score, so any number x can come last
    when the others alone stay behind (total - x < gap, i.e. x > lead); the rest go in any order.
    """
    if len(chosen) == 1:
        return 1
    if distinct:
        return factorial(len(chosen) - 1) * (len(chosen) - bisect_right(chosen, lead))
    counts = Counter(chosen)
    ways = 0
    for last in counts:
        if last > lead:
            counts[last] -= 1
            ways += _arrangements(counts)
            counts[last] += 1
    return ways


def _arrangements(counts: Counter[int]) -> int:
    """Distinct orderings of a multiset given by its value counts."""
    return factorial(sum(counts.values())) // prod(factorial(c) for c in counts.values())


def check_size(numbers: tuple[int, ...], budgeted: bool) -> None:
    """Refuse at once a set whose statistics would take too long (SearchTooLarge), unless a budget
    was given; then the budget and the memory bound stop the count."""
    if not numbers:
        raise ValueError("the number set is empty")
    if len(numbers) > FEASIBLE_NUMBERS and not budgeted:
        raise SearchTooLarge(
            f"counting the game tree of {len(numbers)} numbers would take too long (1..{FEASIBLE_NUMBERS} "
            f"takes about a minute, each further number about 2.2 times more time and memory)"
        )


def tree_stats(
    numbers: Iterable[int],
    scores: tuple[int, int] = (0, 0),
    *,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    memory_mb: int = DEFAULT_MEMORY_MB,
    progress: ProgressCallback | None = None,
) -> TreeStats:
    """Table 5's row for Catch-Up(numbers) (starting from `scores`, P1 to move).

    Sets beyond FEASIBLE_NUMBERS numbers are refused (SearchTooLarge) unless `time_limit` or
    `max_nodes` (positions expanded) is given; past either, or past `memory_mb`, SearchStopped.
    """
    numbers = tuple(sorted(numbers))
    check_size(numbers, time_limit is not None or max_nodes is not None)
    ex = _Expander(numbers, scores, Budget(time_limit, max_nodes, progress), memory_mb)

    @cache
    def outcomes(packed: int, gap: int) -> tuple[int, int, int, int, int]:
        """(leaves, mover wins, draws, mover losses, fewest turns to the end) below a position."""
        if packed == 0:
            return (1, int(gap < 0), int(gap == 0), int(gap > 0), 0)
        leaves = wins = draws = losses = 0
        shortest = -1
        for after, taken, ways in ex.expand(packed, gap):
            c_leaves, c_wins, c_draws, c_losses, c_depth = outcomes(after, taken - gap)
            leaves += ways * c_leaves
            wins += ways * c_losses  # the opponent's losses are the mover's wins
            draws += ways * c_draws
            losses += ways * c_wins
            shortest = c_depth + 1 if shortest < 0 else min(shortest, c_depth + 1)
        return (leaves, wins, draws, losses, shortest)

    try:
        with deep_enough(numbers):  # a frame or a few a turn, and a set may be taken one number a turn
            leaves, wins, draws, losses, depth = outcomes(ex.start, ex.start_gap)
    except RecursionError:  # deeper than the stack allows even so
        raise SearchStopped(
            f"stopped: the game tree of {len(numbers)} numbers is deeper than can be searched"
        ) from None
    first = ex.expand(ex.start, ex.start_gap)
    replies = [ex.move_count(after, taken - ex.start_gap) for after, taken, _ in first if after]
    return TreeStats(
        numbers=numbers,
        scores=(scores[0], scores[1]),
        game_tree_size=leaves,
        state_space_size=_count_states(ex),
        p1_wins=wins,
        draws=draws,
        p1_losses=losses,
        max_branching=max([ex.move_count(ex.start, ex.start_gap), *replies]),
        min_depth=depth,
    )


def _count_states(ex: _Expander) -> int:
    """Distinct (player to move, remaining, gap) reachable from the start, start and ends included.

    (Scores follow from the remaining sum and the gap, so this is the paper's (player, scores, set).)
    """
    start = (1, ex.start, ex.start_gap)
    seen = {start}
    frontier = [start]
    while frontier:
        player, packed, gap = frontier.pop()
        if packed == 0:
            continue
        for after, taken, _ in ex.expand(packed, gap):
            state = (3 - player, after, taken - gap)
            if state not in seen:
                seen.add(state)
                frontier.append(state)
    return len(seen)


def level_branching(
    numbers: Iterable[int],
    scores: tuple[int, int] = (0, 0),
    *,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    memory_mb: int = DEFAULT_MEMORY_MB,
    progress: ProgressCallback | None = None,
) -> tuple[LevelBranching, ...]:
    """Table 6: per turn number, tree nodes and distinct positions with their ordered moves.

    Limits as `tree_stats`; a stopped count raises SearchStopped with the levels finished so far
    as its `partial`."""
    numbers = tuple(sorted(numbers))
    check_size(numbers, time_limit is not None or max_nodes is not None)
    ex = _Expander(numbers, scores, Budget(time_limit, max_nodes, progress), memory_mb)
    levels: list[LevelBranching] = []
    try:
        _levels(ex, levels)
    except SearchStopped as exc:
        raise SearchStopped(f"{exc}; {len(levels)} levels counted", tuple(levels)) from None
    return tuple(levels)


def _levels(ex: _Expander, levels: list[LevelBranching]) -> None:
    paths = Counter({(ex.start, ex.start_gap): 1})  # position -> tree nodes reaching it on this level
    number = 1
    while paths:
        counts = {position: ex.move_count(*position) for position in paths}
        levels.append(
            LevelBranching(
                level=number,
                nodes=sum(paths.values()),
                node_moves=sum(paths[p] * counts[p] for p in paths),
                states=len(paths),
                state_moves=sum(counts.values()),
                maximum=max(counts.values()),
            )
        )
        following: Counter[tuple[int, int]] = Counter()
        for (packed, gap), reaching in paths.items():
            for after, taken, ways in ex.expand(packed, gap):
                if after:
                    following[(after, taken - gap)] += reaching * ways
        paths = following
        number += 1
