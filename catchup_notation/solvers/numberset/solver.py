"""Exact solutions of number-set Catch-Up positions.

The search below (`ProofSearch`) is the reference. Where the compiled core is built and the set
fits it (at most 64 numbers, gaps within 32 bits: `core.fits`), `solve` searches on the core
instead (`core.CoreSearch`): the same search on a 64-bit mask of the numbers left, in C, its
threads sharing one table (docs/core-numbers.md). The tests hold the two to the
same values, move values and node counts; `solve(..., reference=True)` runs the reference.

The pieces: `search` (the proof search), `root` (one solve at its root, on one process or
several), `settings` (sizes and defaults), `solution` (what a solve finds), `reference` (naive
values for cross-checks). `solve` is the entry point.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from catchup_notation.rules.numbers import NumbersGame
from catchup_notation.solvers.limits import (
    Budget,
    ProgressCallback,
    SearchStopped,
)
from catchup_notation.solvers.numberset.packing import Packing
from catchup_notation.solvers.numberset.reference import plain_value, reference_value
from catchup_notation.solvers.numberset.root import Root, race_root
from catchup_notation.solvers.numberset.search import ProofSearch
from catchup_notation.solvers.numberset.settings import (
    DEFAULT_MEMORY_MB,
    MARK_RING,
    PARALLEL_FROM,
    SPLIT_DEPTH,
    SYNC_EVERY,
    check_size,
    deep_enough,
    default_number_jobs,
    feasible,
)
from catchup_notation.solvers.numberset.solution import Move, Solution


def solve(
    numbers: Iterable[int],
    scores: tuple[int, int] = (0, 0),
    to_move: int = 1,
    *,
    with_moves: bool = False,
    jobs: int = 1,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    memory_mb: int = DEFAULT_MEMORY_MB,
    progress: ProgressCallback | None = None,
    parallel_from: int = PARALLEL_FROM,
    reference: bool = False,
) -> Solution:
    """Solve the position: `numbers` remaining, `scores` (P1, P2), `to_move` to play.

    By default only the value is found. With `with_moves`, every distinct move of the player to
    move is valued too, by null-window tests against the root value (a move is best if it reaches
    the value; only below it is a second test needed, to tell a draw from a loss). `jobs` processes
    search it together, exchanging what they prove (0: every core; see root.py's notes), on sets of
    `parallel_from` numbers or more. Past `time_limit` seconds or `max_nodes` nodes the search
    raises SearchStopped, its `partial` a Solution with what was known. Sets beyond MAX_NUMBERS
    numbers are refused at once (SearchTooLarge). The compiled core searches where it is built and
    the set fits it (`core.fits`), `jobs` threads of one process sharing one table (whatever
    `parallel_from` says); `reference` asks for the pure-Python search.
    """
    remaining = tuple(sorted(numbers))
    check_size(remaining)
    budget = Budget(time_limit, max_nodes, progress)
    if not remaining:
        value = (scores[0] > scores[1]) - (scores[0] < scores[1])
        return Solution(remaining, scores, None, value, None, (), (), 0, 0.0)
    try:
        root = Root(remaining, (scores[0], scores[1]), to_move, budget, memory_mb, jobs, reference)
    except SearchStopped as exc:  # the root's moves were too many to list within the budget
        nothing = Solution(remaining, scores, to_move, None, None, (), (), exc.nodes, budget.seconds(), False, str(exc))
        raise SearchStopped(str(exc), nothing, exc.nodes) from None
    try:
        with deep_enough(remaining):
            root.solve(with_moves, parallel_from)
    except SearchStopped as exc:
        # in a parallel solve the worker's limit is a share of the caller's, and its message counts
        # one worker's nodes: say it in the caller's terms, with what all of them searched
        stopped = budget.restated(exc, exc.nodes)
        root.close()  # the other workers stop here: the count in the message is then the final one
        message = str(stopped) if root.nodes() <= exc.nodes else f"{stopped}; {root.nodes()} nodes on {root.workers()}"
        partial = root.solution(message, exc.nodes)
        raise SearchStopped(message, partial, partial.nodes, exc.reason) from None
    return root.solution(None)


def solve_game(game: NumbersGame, **options: Any) -> Solution:
    """Solve a game in progress from the player to move's point of view (options as `solve`)."""
    if game.over or game.to_move is None:
        return solve((), game.scores)
    return solve(game.remaining, game.scores, game.to_move, **options)


def game_value(numbers: Iterable[int], scores: tuple[int, int] = (0, 0)) -> int:
    """P1's value of Catch-Up(numbers) from the start: 1 win, 0 draw, -1 loss."""
    value = solve(numbers, scores).value
    assert value is not None
    return value


__all__ = [
    "DEFAULT_MEMORY_MB",
    "MARK_RING",
    "SPLIT_DEPTH",
    "SYNC_EVERY",
    "Move",
    "Packing",
    "ProofSearch",
    "Root",
    "Solution",
    "check_size",
    "deep_enough",
    "default_number_jobs",
    "feasible",
    "game_value",
    "plain_value",
    "race_root",
    "reference_value",
    "solve",
    "solve_game",
]
