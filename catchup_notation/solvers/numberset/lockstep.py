"""A parallel number-set solve replayed deterministically, to measure how its workers share the work.

The workers of `solve(..., jobs=n)` run at once and meet by timing, so what each searches varies
from run to run and with the machine's load (two processes on a busy machine may take turns on one
core and meet quite differently). Here the same searches (`ProofSearch`, sharing through the same
`Exchange` rings and marks) run as threads of one process that take turns every SYNC_EVERY nodes,
as if on equally fast cores, and a run repeats exactly. The nodes a worker searched until the first
answer (all workers search about as many, a turn apart) stand for the wall time of a parallel run:
against one process's nodes, the speed-up the scheme allows, free of the machine's load. What a node
costs more on a worker (the exchange's copying, about 1.1 times) is not in it: see
`benchmarks/bench_numbers.py --diagnose`.
"""

from __future__ import annotations

import functools
import multiprocessing
import threading
from collections.abc import Callable, Iterable

import attrs

from catchup_notation.solvers.limits import Budget
from catchup_notation.solvers.numberset.exchange import Exchange
from catchup_notation.solvers.numberset.root import Root, race_root
from catchup_notation.solvers.numberset.search import ProofSearch
from catchup_notation.solvers.numberset.settings import (
    DEFAULT_MEMORY_MB,
    MARK_RING,
    SPLIT_DEPTH,
    SYNC_EVERY,
    deep_enough,
)


@attrs.frozen
class LockstepRun:
    """What a lockstep solve found and searched."""

    #: The value for the player to move (1 win, 0 draw, -1 loss).
    mover_value: int
    #: Nodes the busiest worker searched, over the questions asked (stands for wall time).
    steps: int
    #: Nodes all workers searched.
    nodes: int


class _Stop(Exception):
    """Another worker answered the question."""


def lockstep_solve(
    numbers: Iterable[int], workers: int = 2, split_depth: int = SPLIT_DEPTH, memory_mb: int = DEFAULT_MEMORY_MB
) -> LockstepRun:
    """The value of Catch-Up on `numbers` from the start, found by `workers` searches taking turns as
    the processes of `solve(numbers, jobs=workers)` would search at once (`split_depth` 0: without
    marks, the workers split only the root's moves)."""
    remaining = tuple(sorted(numbers))
    root = Root(remaining, (0, 0), 1, Budget(), memory_mb, 1, reference=True)
    context = multiprocessing.get_context()  # threads of this process: any kind of shared memory does
    rings, marks = Exchange.allocate(workers, context), Exchange.allocate(workers, context, MARK_RING)
    searches = []
    for me in range(workers):
        search = ProofSearch(root.packing, root.gap_bound, capacity=root.capacity // workers)
        mark_exchange = Exchange(marks, workers, MARK_RING) if split_depth else None
        search.share(Exchange(rings, workers), me, SYNC_EVERY, mark_exchange, split_depth)
        searches.append(search)
    with deep_enough(remaining):
        steps = 0
        for need in (1, 0):
            before = [search.nodes for search in searches]
            answer = _race(searches, functools.partial(race_root, root=root, need=need))
            searched = [search.nodes - start for search, start in zip(searches, before, strict=True)]
            steps += max(searched)
            if answer:
                return LockstepRun(need, steps, sum(search.nodes for search in searches))
        return LockstepRun(-1, steps, sum(search.nodes for search in searches))


def _race(searches: list[ProofSearch], question: Callable[..., bool]) -> bool:
    """The first answer of the workers to `question`, each asking it in its thread, one thread
    running at a time: a worker hands the turn on at every exchange (every SYNC_EVERY nodes). An
    error in a worker stops the others and is raised here."""
    workers = len(searches)
    turn = threading.Condition()
    state: dict[str, int | bool | None] = {"turn": 0, "answer": None}
    errors: list[BaseException] = []

    def wait_for_turn(me: int) -> None:
        turn.wait_for(lambda: state["turn"] == me or state["answer"] is not None or bool(errors))
        if state["answer"] is not None or errors:
            raise _Stop

    def hand_on(me: int) -> None:
        state["turn"] = (me + 1) % workers
        turn.notify_all()

    def work(me: int) -> None:
        search = searches[me]
        search.after_sync(lambda: _pass_turn(turn, hand_on, wait_for_turn, me))
        answer = None
        try:
            with turn:
                wait_for_turn(me)
            answer = question(search, me=me)
        except _Stop:
            pass
        except BaseException as error:  # raised again in the caller's thread
            errors.append(error)
        finally:
            search.after_sync(None)
            search.sync()  # what it proved last, for the next question
            with turn:
                if answer is not None and state["answer"] is None:
                    state["answer"] = answer
                hand_on(me)

    threads = [threading.Thread(target=work, args=(me,)) for me in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    assert isinstance(state["answer"], bool)
    return state["answer"]


def _pass_turn(
    turn: threading.Condition, hand_on: Callable[[int], None], wait_for_turn: Callable[[int], None], me: int
) -> None:
    with turn:
        hand_on(me)
        wait_for_turn(me)
