"""Splitting a search at the root over worker processes.

Each worker builds its own `Searcher` for the root position (its own transposition table) and is
handed root turns, one at a time, as their placed masks; it answers with the turn's exact value for
the root's mover, its nodes, a principal line after it where that line may be the root's, and its
table's size then. The root's line goes through its best turn: the first turn in the parent's order
with the best value. So a line is read for every turn that does not lose, and for the first turn
(all may lose). It is read in the worker, off the table that has just solved the turn: read later
in the parent, whose table is empty, it meant solving the turn again (on ketchup-4's side-3 map,
where every first move loses, 1.56 M nodes of 2.55 M). Not for every turn: near a symmetric root a
line can still cost searches (keys in another frame keep no best turn), and on product's side-3
map lines after the six losing openings took 14 M nodes more. The parent hands turns out in its
move order and stops the workers as soon as the answer can no longer change (a winning turn when
only the value is wanted). While it waits, the parent looks at what each worker has searched so
far (nodes, table entries: a shared array each worker writes at its budget's checks) every
`POLL_SECONDS`, for its progress display and its own budget: a turn may take minutes.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from catchup_notation.solvers.limits import Budget, SearchStopped, worker_lost
from catchup_notation.workers import SolverPool, WorkerLost, available_cores, start_worker

__all__ = ["Answer", "available_cores", "quiet_worker", "solve_root_turns"]

if TYPE_CHECKING:
    from catchup_notation.rules.hexgame import HexGame
    from catchup_notation.solvers.hexsolve.core import CoreSearcher
    from catchup_notation.solvers.hexsolve.search import Searcher, State

#: What a worker answers: (placed, value for the root's mover, nodes, line masks after the turn or
#: None, and the worker's process id and table entries after the turn).
Answer = tuple[int, int, int, list[int] | None, int, int]

_worker: tuple[Searcher | CoreSearcher, dict[int, State]] | None = None
_stopped: SearchStopped | None = None  # the budget ran out while the worker started
#: In a worker: the shared array of every worker's (nodes, table entries), and this worker's slot.
_shared: tuple[Any, int] | None = None
#: Seconds between the parent's looks at the workers' counts.
POLL_SECONDS = 0.5


def quiet_worker() -> None:
    """What a worker process does first: the parent alone answers Ctrl-C, the signals that end a
    process end it at once, and it dies with its parent (see `catchup_notation.workers`)."""
    start_worker()


def _start(
    game: HexGame, capacity: int, time_limit: float | None, max_nodes: int | None, counts: Any, taken: Any
) -> None:
    from catchup_notation.solvers.hexsolve.core import make_searcher

    global _worker, _shared, _stopped
    quiet_worker()
    with taken.get_lock():
        slot = taken.value % (len(counts) // 2)
        taken.value += 1
    _shared = (counts, slot)
    searcher = make_searcher(game, capacity=capacity, budget=Budget(time_limit, max_nodes, _publish))
    root = searcher.state(game)
    try:
        _worker = (searcher, dict(searcher.children(root, searcher.counts(root))))
    except SearchStopped as exc:  # raised by each task instead: a pool restarts a worker whose start fails
        _stopped = exc


def _solve_task(task: tuple[int, int]) -> Answer:
    """Solve one root turn; a line after it comes with it when its value is at least `line_from`."""
    placed, line_from = task
    if _stopped is not None:
        raise _stopped
    assert _worker is not None
    searcher, children = _worker
    before = searcher.nodes
    child = children[placed]
    value = -searcher.value(child)
    line = searcher.line(child, -value) if value >= line_from else None
    _publish()
    return placed, value, searcher.nodes - before, line, os.getpid(), len(searcher.table)


def _publish(_: object = None) -> None:
    """Write this worker's nodes and table entries into its slot (at every budget check)."""
    if _worker is not None and _shared is not None:
        counts, slot = _shared
        searcher = _worker[0]
        counts[2 * slot] = searcher.nodes
        counts[2 * slot + 1] = len(searcher.table)


def solve_root_turns(
    game: HexGame,
    turns: list[int],
    *,
    jobs: int,
    capacity: int,
    budget: Budget,
    stop_at_win: bool,
    on_answer: Callable[[Answer], None],
    on_counts: Callable[[int, int], None] | None = None,
) -> None:
    """Solve the root turns `turns` (placed masks, in the order to try them) on `jobs` processes,
    calling `on_answer` with each answer as it comes, and `on_counts` with the nodes and table
    entries of all workers so far, after each answer and every POLL_SECONDS between them. With
    `stop_at_win`, stop at the first turn that wins for the root's mover. A worker past its
    budget raises SearchStopped here (and so may `on_counts`); so does a worker process that died
    (reason WORKER_LOST)."""
    remaining = None if budget.time_limit is None else max(budget.time_limit - budget.seconds(), 0.01)
    per_worker = None if budget.max_nodes is None else max(budget.max_nodes // jobs, 1)
    method = "fork" if sys.platform.startswith("linux") else "spawn"
    context = multiprocessing.get_context(method)
    counts = context.Array("q", 2 * jobs, lock=False)
    taken = context.Value("i", 0)
    pool = SolverPool(jobs, context, _start, (game, capacity, remaining, per_worker, counts, taken))

    def tell() -> None:
        if on_counts is not None:
            on_counts(sum(counts[0::2]), sum(counts[1::2]))

    try:
        # a line for every turn that may be the best: the first, and any that does not lose
        tasks = [pool.submit(_solve_task, (turn, -1 if i == 0 else 0)) for i, turn in enumerate(turns)]
        answer: Answer
        for done in pool.as_they_come(tasks, poll=POLL_SECONDS, waiting=tell):
            answer = done.result()  # a worker's SearchStopped is raised here
            on_answer(answer)
            tell()
            if stop_at_win and answer[1] == 1:
                break
    except WorkerLost as lost:
        raise worker_lost(lost, sum(counts[0::2])) from None
    finally:
        pool.close()
