"""One solve at its root (`Root`): the root's moves, what is known of them, and the search that
finds the rest, on the compiled core, in this process, or on several worker processes.

On several processes (`jobs`), every worker searches the whole question at the root, worker k
trying the root's moves from the k-th on (round to the start), each with its own dict table, and
they exchange what they prove (`exchange.py`): every position a worker searches goes, as one word
(key and bounds), into its ring in shared memory, and every SYNC_EVERY nodes each worker reads what
the others wrote into its own table, in a few loops that run in C. The first answer is the answer;
the others are told to stop: "lazy SMP" with a rotated root.
Near the root the workers also split the positions they meet in: to SPLIT_DEPTH plies below a root
move, a worker marks each position it enters (on a second, small ring, written at once), and one
that enters a position another has marked takes its moves from halfway through the list
(`ProofSearch._split_children`), so the two search different moves of it and pick up each other's
through the exchange. The rotated root alone splits a drawn set's work (every first move must be
refuted, and the workers start on different ones), but not a won set's: whatever first move each
starts with, both end up proving the winning one, side by side. Measured in lockstep (two workers
taking turns every SYNC_EVERY nodes, `lockstep.py`: deterministic, free of the machine's load), the
nodes a worker searched, against one process's: won or lost 1..17, 18, 21, 22, 25, 26 0.83-0.96
without marks, 0.53-0.58 with them; drawn 1..19, 20, 23, 24, 27 0.52-0.55 without, 0.55-0.61 with (a worker
that meets the other where the first move refutes starts on a worse one).
Why sharing must be fine-grained and cheap:
  * the moves' trees are nearly one tree: searched alone, each of 1..24's 24 first moves takes
    41-146 thousand nodes; searched in order, the first takes 145,740 and the other 23 together
    13 thousand (1..21: the third, winning move alone 141,483, after the first two 19,185). What
    follows a position's first move is mostly transpositions into its tree, so processes that take
    different moves search the same positions unless they pass them on one by one, and soon
    (exchanging every 512 nodes, each worker searched 0.9 times one process's nodes on 1..21);
  * the scheme before this one, a hash table in shared memory read where a worker's own table
    missed a position and written for every position searched, cost a Python-level read and write
    a node (234,545 of each on 1..22), 1-2 us each against 13-19 us a node: one process sharing
    with nobody spent 1.12-1.27 times the CPU a node (medians), two workers 1.2-1.3, while two
    independent one-process searches at once spend 1.0-1.06 times what one alone does on two idle
    cores (`benchmarks/bench_numbers.py --diagnose`). Its workers each searched 0.61-0.72 times
    one process's nodes, 1.23-1.45 times in all; with the exchange and the marks, see
    DEFAULT_NUMBER_JOBS.
Tried and dropped: ABDADA's busy marks (a worker searches last the moves another is in): workers
that start in step rarely see a mark (a few dozen deferrals a solve of 1..21: they meet in a
position both enter, not in its moves) and, without the rotated root, each searched 0.77 times one
process's nodes on 1..21; with it (on positions with
30-70 % of the root's sum or more), no fewer nodes on 1..21, 22, 24; giving the second worker the
later moves of deeper positions first made it search poor moves (each worker about one process's
nodes on 1..18); young brothers wait (a master searches as one process would and, at its nodes up
to 10 plies deep whose first move has not decided them, hands the other moves to a helper, both
sharing the hash table): the master still searched 0.59-0.71 times one process's nodes on 1..22,
24 and 25 (the helper's moves cost it about twice what they cost the master, who has their
siblings' tables), 1.32-1.38 times in all, and it took more wall time than the rotated root (1..22
1.04 times one process's, against 0.86; 1..24 1.54 against 1.22, load 0.7-1.2); racing the need=1
and need=0 questions of a drawn set: once need=1 is disproved, need=0 takes 24-28 nodes (1..23,
24, 27), alone as many as need=1 (1..23: 103,722 against 108,679); sharing only positions with
35 % or 50 % of the root's sum or more (sparing the hash table about 30 % or 70 % of its reads and
writes): 1.07-1.09 or 1.19-1.20 times the nodes on 1..22, 24. In lockstep, against the marks
(a worker's nodes, on 1..20-24 and random sets of 20-21 numbers): splitting every position near the
root, not only those two workers meet in (at once: won 0.64-0.71, drawn 0.58-0.68; after its first
move failed to decide it: won 0.74-0.78); a worker that meets another keeping the first move first
(drawn 0.51-0.53, won 0.65-0.67) or starting on the second (won 0.61-0.65); reading the marks only
at the exchange, every SYNC_EVERY nodes (two that enter a position a few nodes apart do not see
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Iterable, Iterator
from typing import Any

from catchup_notation.solvers.hexsolve.parallel import available_cores, quiet_worker
from catchup_notation.solvers.hexsolve.table import BYTES_PER_ENTRY
from catchup_notation.solvers.limits import (
    Budget,
    Progress,
    SearchStopped,
    worker_lost,
)
from catchup_notation.solvers.numberset.core import CoreSearch, core_module, fits, uses_subset_table
from catchup_notation.solvers.numberset.exchange import KEY_LIMIT, RING, Exchange
from catchup_notation.solvers.numberset.packing import Packing
from catchup_notation.solvers.numberset.search import ProofSearch
from catchup_notation.solvers.numberset.settings import (
    MARK_RING,
    PARALLEL_FROM,
    POLL_SECONDS,
    SPLIT_DEPTH,
    SYNC_EVERY,
    recursion_needed,
)
from catchup_notation.solvers.numberset.solution import Move, Solution
from catchup_notation.workers import SolverPool, WorkerLost, capped


class Root:
    """One solve: the root position, its moves, what is known of them, and how to find the rest."""

    def __init__(
        self,
        remaining: tuple[int, ...],
        scores: tuple[int, int],
        to_move: int,
        budget: Budget,
        memory_mb: int,
        jobs: int,
        reference: bool = False,
        presize: bool = False,
        subset_table: bool = True,
    ) -> None:
        self.remaining = remaining
        self.scores = scores
        self.to_move = to_move
        self.budget = budget
        self.jobs = available_cores() if jobs == 0 else capped(jobs)
        self.packing = Packing.for_multiset(remaining)
        self.total = sum(remaining)
        self.gap_bound = self.total + abs(scores[0] - scores[1]) + 1
        self.memory_mb = memory_mb
        self.capacity = memory_mb * 2**20 // BYTES_PER_ENTRY
        self.gap = scores[2 - to_move] - scores[to_move - 1]
        core = None if reference else core_module()
        self.search: ProofSearch | CoreSearch
        if core is not None and fits(remaining, self.gap_bound):
            # one process, its threads sharing one table (see DEFAULT_NUMBER_JOBS); an odd game of a
            # small set from the subset table, on one thread
            self.search = CoreSearch(
                core,
                remaining,
                self.packing,
                self.gap_bound,
                memory_mb=memory_mb,
                budget=budget,
                threads=self.jobs,
                subset_table=subset_table and uses_subset_table(remaining, self.gap, memory_mb),
                presize=presize,
            )
            self.jobs = self.search.threads
        else:
            self.search = ProofSearch(self.packing, self.gap_bound, capacity=self.capacity // self.jobs, budget=budget)
        self.packed = self.packing.pack(remaining)
        # The subset table answers an odd game's value with one question at the root: its moves are
        # listed only if they are asked for.
        self.asks_the_root = isinstance(self.search, CoreSearch) and self.search.subset_table
        self.moves: list[tuple[int, int]] = [] if self.asks_the_root else self._list_moves()
        self.reaches: dict[tuple[int, int], bool] = {}  # (move index, need) -> does the move reach need?
        self.mover_value: int | None = None
        self.with_moves = False

    def _list_moves(self) -> list[tuple[int, int]]:
        """The root's moves (SearchStopped if the budget runs out listing them)."""
        moves = self.search.moves(self.packed, self.gap, self.budget) if self.total > self.gap else [(0, self.total)]
        self.budget.total = len(moves)
        return moves

    def solve(self, with_moves: bool, parallel_from: int = PARALLEL_FROM) -> None:
        if self.asks_the_root:
            if not with_moves:
                # an odd game: a win or a loss, no draw to look for
                self.mover_value = 1 if self.search.can_reach(self.packed, self.gap, 1, self.total) else -1
                return
            if not self.moves:
                self.moves = self._list_moves()
        self.with_moves = with_moves
        parallel = (
            isinstance(self.search, ProofSearch)
            and self.jobs > 1
            and len(self.moves) > 1
            and len(self.remaining) >= parallel_from
        )
        test = self._test_parallel if parallel else self._test_here
        # The value: does some move win? if not, does some move draw?
        for need in (1, 0):
            if self._root_parallel(need) if parallel else test(need, range(len(self.moves)), stop_at=True):
                self.mover_value = need
                break
        else:
            self.mover_value = -1
        if with_moves:
            # Null windows against the value: which moves reach it; below a win, which draw.
            value = self.mover_value
            untested = [i for i in range(len(self.moves)) if (i, value) not in self.reaches] if value >= 0 else []
            test(value, untested, stop_at=None)
            if value == 1:
                test(0, [i for i in range(len(self.moves)) if not self.reaches[(i, 1)]], stop_at=None)

    def _test_here(self, need: int, indices: Iterable[int], stop_at: bool | None) -> bool:
        search, gap, total = self.search, self.gap, self.total
        found = False
        for i in indices:
            if (i, need) in self.reaches:
                reached = self.reaches[(i, need)]
            else:
                after, taken = self.moves[i]
                reached = self.reaches[(i, need)] = search.move_reaches(after, taken, gap, total, need)
            self.budget.done = len(self.reaches)
            if reached:
                found = True
                if stop_at:
                    return True
        return found

    def _test_parallel(self, need: int, indices: Iterable[int], stop_at: bool | None) -> bool:
        tasks = [(i, need) for i in indices if (i, need) not in self.reaches]
        known = any(self.reaches.get((i, need), False) for i in indices)
        if known and stop_at:
            return True
        found = known
        pool = self._pool or self._start_pool()
        for i, need_, reached in self._answers(pool, [pool.submit(_test_move, task) for task in tasks]):
            self.reaches[(i, need_)] = reached
            self.budget.done = len(self.reaches)
            if self.budget.progress is not None:
                self.budget.check(self.nodes())
            if reached:
                found = True
                if stop_at:
                    break
        return found

    def _root_parallel(self, need: int) -> bool:
        """Does some move reach `need`? Every worker searches the whole question (from a different
        first move, see `_test_root`), reusing what the others pass on through the exchange; the
        first answer is the answer, and the others are told to stop."""
        pool = self._pool or self._start_pool()
        found: bool | None = None
        asked = [pool.submit(_test_root, need) for _ in range(self.jobs)]
        for reached in self._answers(pool, asked, keep_stops=True):
            if isinstance(reached, SearchStopped):
                if found is None:
                    raise reached
                continue  # a worker's budget ran out after the answer was in
            if reached is not None and found is None:
                found = reached
                self._cancel[0] = 1  # the others stop at their next check and answer None
        self._cancel[0] = 0  # all have answered: the workers' next tasks must not stop at once
        assert found is not None
        return found

    def _answers(self, pool: SolverPool, asked: list[Any], keep_stops: bool = False) -> Iterator[Any]:
        """The workers' answers to the tasks `asked`, as they come; a worker's SearchStopped is
        raised, or with `keep_stops` passed on as an answer; a worker that died stops the search
        (SearchStopped, reason WORKER_LOST)."""

        def waiting() -> None:
            # the workers' budgets stop them; the parent only reports how far they got
            if self.budget.progress is not None:
                self.budget.check(self.nodes())

        try:
            for done in pool.as_they_come(asked, poll=POLL_SECONDS, waiting=waiting):
                try:
                    answer = done.result()
                except SearchStopped as stopped:
                    if not keep_stops:
                        raise
                    answer = stopped
                yield answer
        except WorkerLost as lost:
            raise worker_lost(lost, self.nodes()) from None

    def _start_pool(self) -> SolverPool:
        remaining = (
            None if self.budget.time_limit is None else max(self.budget.time_limit - self.budget.seconds(), 0.01)
        )
        per_worker = None if self.budget.max_nodes is None else max(self.budget.max_nodes // self.jobs, 1)
        context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
        # One slot a worker for its node count (written every CHECK_EVERY nodes and after each
        # task), so that a stopped run still knows what every worker searched.
        self._worker_nodes = context.RawArray("q", self.jobs)
        slots = context.Value("i", 0)
        self._cancel = context.RawArray("b", 1)
        # The rings of the exchange (8 MB a worker), none if the keys could be longer than a word
        # holds; the rest of the memory for the workers' own tables.
        assert isinstance(self.search, ProofSearch)  # the workers of the reference
        words_fit = self.search.key(self.packed, self.gap_bound) < KEY_LIMIT
        exchange = Exchange.allocate(self.jobs, context) if words_fit else None
        marks = Exchange.allocate(self.jobs, context, MARK_RING) if words_fit else None
        ring_mb = 0 if exchange is None else self.jobs * 8 * (RING + MARK_RING + 2) // 2**20
        local_mb = max(self.memory_mb - ring_mb, self.jobs) // self.jobs
        args = (self.remaining, self.scores, self.to_move, local_mb, remaining, per_worker)
        sharing = (exchange, marks, self._cancel)
        self._pool = SolverPool(self.jobs, context, _start_worker, (*args, self._worker_nodes, slots, sharing))
        return self._pool

    def workers(self) -> str:
        """What searched: "2 processes" (the reference's), "2 threads" (the core's)."""
        if isinstance(self.search, CoreSearch):
            return f"{self.jobs} thread" + ("s" if self.jobs != 1 else "")
        return f"{self.jobs} process" + ("es" if self.jobs != 1 else "")

    def nodes(self) -> int:
        """Nodes searched so far, in this process and in the workers."""
        return self.search.nodes + (0 if self._worker_nodes is None else sum(self._worker_nodes))

    _worker_nodes: Any = None
    _pool: SolverPool | None = None
    _cancel: Any = None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool = None

    def solution(self, stopped: str | None, stopped_nodes: int = 0) -> Solution:
        self.close()
        mover_value = self.mover_value
        if mover_value is None and any(self.reaches.get((i, 1)) for i in range(len(self.moves))):
            mover_value = 1  # a winning move was found before the stop
        move_values: list[tuple[Move, int]] = []
        if self.with_moves:
            for i, (after, _) in enumerate(self.moves):
                value = self._move_value(i)
                if value is not None:
                    move_values.append((_taken(self.packing, self.packed, after), value))
        best = tuple(move for move, v in move_values if v == mover_value)
        value = None if mover_value is None else (mover_value if self.to_move == 1 else -mover_value)
        return Solution(
            numbers=self.remaining,
            scores=self.scores,
            to_move=self.to_move,
            value=value,
            mover_value=mover_value,
            best_moves=best,
            move_values=tuple(move_values),
            nodes=max(self.nodes(), stopped_nodes),
            seconds=self.budget.seconds(),
            complete=stopped is None,
            stopped=stopped,
            jobs=self.jobs,
        )

    def _move_value(self, i: int) -> int | None:
        """A move's exact value from the tests run on it, or None if they do not settle it."""
        win, draw = self.reaches.get((i, 1)), self.reaches.get((i, 0))
        if win:
            return 1
        if draw is not None:
            return 0 if draw else -1
        if win is False and self.mover_value == 0:
            return None
        if self.mover_value == -1:
            return -1  # no move even draws
        return None


_worker: ProofSearch | None = None
_worker_root: Root | None = None
_worker_slot: tuple[Any, int] | None = None  # (the shared node counts, this worker's index)


def _start_worker(
    remaining: tuple[int, ...],
    scores: tuple[int, int],
    to_move: int,
    memory_mb: int,
    time_limit: float | None,
    max_nodes: int | None,
    counts: Any,
    slots: Any,
    sharing: tuple[Any, Any, Any],
) -> None:
    global _worker, _worker_root, _worker_slot
    quiet_worker()
    with slots.get_lock():
        slot = slots.value
        slots.value += 1
    _worker_slot = (counts, slot)
    exchange, marks, cancel = sharing

    def report(progress: Progress) -> None:
        counts[slot] = progress.nodes
        if cancel[0]:
            raise _Cancelled

    root = Root(remaining, scores, to_move, Budget(time_limit, max_nodes, report), memory_mb, 1, reference=True)
    assert isinstance(root.search, ProofSearch)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), recursion_needed(remaining)))  # for the worker's life
    if exchange is not None:
        workers = len(counts)
        root.search.share(
            Exchange(exchange, workers), slot, SYNC_EVERY, Exchange(marks, workers, MARK_RING), SPLIT_DEPTH
        )
    _worker = root.search
    _worker_root = root


class _Cancelled(Exception):
    """Another worker answered the question this one is searching."""


def race_root(search: ProofSearch, root: Root, need: int, me: int) -> bool:
    """Worker `me`'s part of a race to answer "does some move of the root reach `need`?": worker k
    tries the moves from the k-th on, round to the start, so that workers that began in step part at
    once (one proves the first move while the other proves the second, and each reuses what the other
    publishes) rather than searching the same positions side by side."""
    moves, gap, total = root.moves, root.gap, root.total
    first = me % len(moves)
    search.ask(need)
    return any(search.move_reaches(after, taken, gap, total, need) for after, taken in moves[first:] + moves[:first])


def _test_root(need: int) -> bool | None:
    """Does some move of the root reach `need` (`race_root`)? None if another worker answered first."""
    assert _worker is not None and _worker_root is not None and _worker_slot is not None
    counts, slot = _worker_slot
    try:
        return race_root(_worker, _worker_root, need, slot)
    except _Cancelled:
        return None
    finally:
        counts[slot] = _worker.nodes
        _worker.sync()  # what this worker proved last, for the others' next questions


def _test_move(task: tuple[int, int]) -> tuple[int, int, bool]:
    i, need = task
    assert _worker is not None and _worker_root is not None and _worker_slot is not None
    after, taken = _worker_root.moves[i]
    gap, total = _worker_root.gap, _worker_root.total
    counts, slot = _worker_slot
    _worker.ask(need)
    try:
        reached = _worker.move_reaches(after, taken, gap, total, need)
    finally:
        counts[slot] = _worker.nodes
        _worker.sync()
    return i, need, reached


def _taken(packing: Packing, before: int, after: int) -> Move:
    return packing.unpack(before - after)
