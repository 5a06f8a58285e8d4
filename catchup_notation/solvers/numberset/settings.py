"""Sizes and defaults of a number-set solve: the sets refused, the processes or threads a solve
uses, how often its workers share what they prove, and the recursion a search needs.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

from catchup_notation.solvers.hexsolve.parallel import available_cores
from catchup_notation.solvers.limits import (
    SearchTooLarge,
)
from catchup_notation.solvers.numberset.core import searched_on_core

#: More numbers than this are refused at once, budget or not (the search recurses once a turn).
MAX_NUMBERS = 200
#: More numbers than this are refused unless a budget (time or nodes) is given: each of 1..21 to
#: 1..28 takes at most about a minute of one core (the most, 1..26: 2.0 M nodes, 45 s of CPU), and
#: the cost grows about 1.7 times a number on average, unevenly: the drawn sizes (4n+3, 4n+4) cost
#: far less than the won ones. 1..29 took 11.2 M nodes (benchmarks/bench_numbers.py).
FEASIBLE_NUMBERS = 28
#: The same where the compiled core searches: 1..32 (drawn) took 6.3 s on one thread, 1..29 and
#: 1..30 (won) 20 and 37 s on two, on a machine loaded 5-10 by other work (benchmarks/
#: bench_numbers_core.py --large); 1..33 and 1..34 (won) took four and six minutes.
CORE_FEASIBLE_NUMBERS = 32
#: Memory for the transposition tables of one solve, all processes together.
DEFAULT_MEMORY_MB = 1024
#: Sets this large or larger are searched by several processes when jobs allow it (a pool starts in
#: about 0.1 s; 1..20 takes 0.3 s on one process).
PARALLEL_FROM = 20
#: Processes `catchup solve --set` uses unless told (fewer where the machine has fewer cores, see
#: `default_number_jobs`): two. On two quiet cores (benchmarks/bench_numbers.py --jobs 1 2 --compare
#: 21,22,24,25,26,27 --runs 2, load 0.1-1.4, their own processes), two processes took 0.62-0.70
#: times one's wall time on 1..22, 25, 26, 27 and 0.77-0.79 on the smaller 1..21, 24 (a pool
#: starts in about 0.1 s), for 1.06-1.16 times the nodes and 1.2-1.5 times the CPU. Before the
#: marks (see SPLIT_DEPTH) the won sets took 0.80-1.09 times the wall: one process was the default
#: then. Not more than two: the marks split a position between two workers (a third that meets
#: them starts where the second did), and more was not measured. Where another process holds a
#: core, the two share the other and take longer than one (as any parallel search would).
DEFAULT_NUMBER_JOBS = 2
#: Threads `catchup solve --set` uses unless told where the compiled core searches: one. Two threads
#: share the work well (on 1..18 to 1..26 the first thread searched 0.5-0.66 times one thread's
#: nodes, both together 1.0-1.1 times), but where other processes keep the machine's cores busy the
#: second thread takes the first one's time: on two cores loaded 3.5-6.5 by other work, two threads
#: took 1.02-1.66 times one's wall time on 1..18, 20, 21, 22, 24, 25, 26 (benchmarks/
#: bench_numbers_core.py --jobs 1 2). `--jobs 2` asks for them.
CORE_NUMBER_JOBS = 1
#: A worker of a parallel solve exchanges what it proved with the others every this many nodes
#: (`exchange.py`). Often, because workers that start in step search the same positions until
#: they see each other's: every 512 nodes, each worker searched 0.9 times one process's nodes on
#: 1..21 (every 64: 0.6-0.7), every 64 nodes 0.72 on 1..25 (every 16: 0.58; both with the two
#: workers time-sliced on one core; on two cores every 4 or 8 nodes did no better than 16 on 1..21,
#: 1..22).
SYNC_EVERY = 16
#: Words in each worker's ring of marks (positions entered near the root, see SPLIT_DEPTH).
MARK_RING = 1 << 16
#: How many plies below a root move the workers of a parallel solve mark the positions they enter
#: and split the moves of those they meet in (`ProofSearch._split_children`). In lockstep (see the
#: notes of root.py; `benchmarks/bench_numbers.py --lockstep 3 4 6`), a worker's nodes against one
#: process's: 3 plies won 1..21, 22, 25, 26 0.55-0.64, drawn 1..23, 24, 27 0.52-0.53; 4 plies
#: 0.54-0.57 and 0.55-0.57; 6 plies 0.53-0.56 and 0.56-0.57. The won sets are the expensive ones.
SPLIT_DEPTH = 6
#: How often (seconds) the parent of a parallel solve reports the workers' progress.
POLL_SECONDS = 1.0


def recursion_needed(numbers: tuple[int, ...]) -> int:
    """Python's recursion limit a search of `numbers` needs (it recurses a few frames a turn)."""
    return 20 * len(numbers) + 1000


@contextlib.contextmanager
def deep_enough(numbers: tuple[int, ...]) -> Iterator[None]:
    """Raise Python's recursion limit for a search of `numbers` while in the block."""
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, recursion_needed(numbers)))
    try:
        yield
    finally:
        sys.setrecursionlimit(old_limit)


def default_number_jobs(numbers: tuple[int, ...] = (), scores: tuple[int, int] = (0, 0)) -> int:
    """Processes (the reference) or threads (the core) a solve of `numbers` uses unless told:
    CORE_NUMBER_JOBS where the compiled core searches them, else DEFAULT_NUMBER_JOBS, or fewer on a
    machine with fewer cores."""
    if searched_on_core(numbers, scores):
        return min(CORE_NUMBER_JOBS, available_cores())
    return min(DEFAULT_NUMBER_JOBS, available_cores())


def check_size(numbers: tuple[int, ...]) -> None:
    """Refuse, at once, a set no search could take (SearchTooLarge)."""
    if len(numbers) > MAX_NUMBERS:
        raise SearchTooLarge(
            f"a set of {len(numbers)} numbers is beyond the exact solver (at most {MAX_NUMBERS}; "
            f"1..{FEASIBLE_NUMBERS} solves within about a minute, each further number costs about 1.7 times more)"
        )


def feasible(numbers: tuple[int, ...], scores: tuple[int, int] = (0, 0)) -> str | None:
    """Why solving these numbers would take too long to start without a budget, or None."""
    most = CORE_FEASIBLE_NUMBERS if searched_on_core(numbers, scores) else FEASIBLE_NUMBERS
    if len(numbers) > most:
        return (
            f"a set of {len(numbers)} numbers would take too long "
            f"(1..{most} takes up to about a minute, each further number about 1.7 times more)"
        )
    return None
