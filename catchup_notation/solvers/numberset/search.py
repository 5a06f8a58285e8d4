"""Exact solutions of number-set Catch-Up positions.

The search below (`ProofSearch`) is the reference. Where the compiled core is built and the set
fits it (at most 64 numbers, gaps within 32 bits: `core.fits`), `solve` searches on the core
instead (`core.CoreSearch`): the same search on a 64-bit mask of the numbers left, in C, its
threads sharing one table (docs/core-numbers.md). The tests hold the two to the
same values, move values and node counts; `solve(..., reference=True)` runs the reference.

Only the remaining multiset and the mover's *gap* (opponent's score minus mover's score) matter
for the rest of the game, so positions are `(remaining, gap)`. The remaining multiset is packed
into one integer (`Packing`), one bit-field per distinct value, which makes it a cheap dict key.

The value (1 win, 0 draw, -1 loss for the mover) is found by two boolean proof searches,
"can the mover finish at least `need` ahead?" for need = 1 and need = 0, each memoised; this is
alpha-beta with null windows on a three-valued game. Bounds cut most of the tree:
  * the mover ends at most `sum(remaining) - gap` ahead (taking everything that is left);
  * the final margin has the parity of `sum(remaining) - gap`, and so has every later position's
    (taking t turns (S, g) into (S - t, t - g), and (S - t) - (t - g) = S - g - 2(t - g)): in an
    odd game nobody can draw, and every question the search asks is "can the mover win?";
  * `sum(remaining) == gap` is a forced draw (the mover must take everything).
Before searching any move, the moves are listed and each checked for a refutation known without a
search: the opponent's best case after it falls short, or the table already bounds the child's
value below what the opponent needs (an enhanced transposition cut-off: 0.93 times the nodes on
1..21). Most expanded nodes end there (65 % on 1..21), so the check runs while the moves are being
listed, and stops the listing at the first refutation.
Moves are the *sets* taken (the resulting position does not depend on the order), tried by the
number that catches up (the set's largest) ascending, then smallest numbers first: on 1..21 that
needs 0.63 times the nodes of smallest-numbers-first alone, which itself beat largest-sum-first
(N=18: 0.3 s against 77 s); history and killer orders were tried and searched more. Turns are
reported in ascending order, which is always a legal order.

A tighter upper bound than `sum(remaining) - gap` holds but cannot decide what the search asks:
unless the mover ends the game this turn, they finish at most max(remaining) ahead. (Whoever
catches up from behind then leads by less than the number that caught up, by exactly that number
from level; the mover's final margin is such a lead of theirs less what the opponent takes after
it, or minus such a lead of the opponent's, so it never exceeds the largest number left.) Since
max(remaining) >= 1 and the search only asks for margins >= 1 or >= 0, the bound never fires; nor
does its mirror image, margin >= -max(remaining), as a lower bound. So it is not tested.

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
each other: won 0.62-0.80).

`plain_value` is a deliberately naive second implementation (full minimax over sorted tuples)
used to cross-check the fast one.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import sys
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any

import attrs

from catchup_notation.rules.numbers import NumbersGame
from catchup_notation.solvers.hexsolve.parallel import available_cores, quiet_worker
from catchup_notation.solvers.hexsolve.table import BYTES_PER_ENTRY, TranspositionTable
from catchup_notation.solvers.limits import (
    CHECK_EVERY,
    Budget,
    Progress,
    ProgressCallback,
    SearchStopped,
    SearchTooLarge,
    worker_lost,
)
from catchup_notation.solvers.numberset.core import CoreSearch, core_module, fits, searched_on_core, uses_subset_table
from catchup_notation.solvers.numberset.exchange import KEY_LIMIT, RING, Exchange, word
from catchup_notation.solvers.numberset.packing import Packing
from catchup_notation.workers import SolverPool, WorkerLost, capped

Move = tuple[int, ...]

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
#: module notes; `benchmarks/bench_numbers.py --lockstep 3 4 6`), a worker's nodes against one
#: process's: 3 plies won 1..21, 22, 25, 26 0.55-0.64, drawn 1..23, 24, 27 0.52-0.53; 4 plies
#: 0.54-0.57 and 0.55-0.57; 6 plies 0.53-0.56 and 0.56-0.57. The won sets are the expensive ones.
SPLIT_DEPTH = 6
#: How often (seconds) the parent of a parallel solve reports the workers' progress.
POLL_SECONDS = 1.0


class ProofSearch:
    """Memoised boolean searches over positions of one multiset (shared by every query on it).

    What a search proves is kept as bounds on the position's value in a bounded transposition
    table (`can_reach(need=1)` true: value >= 1; false: value <= 0; `need=0` true: value >= 0,
    false: value <= -1), so the two questions share one entry per position and the table's
    replacement scheme keeps memory bounded on any set.
    """

    def __init__(self, packing: Packing, gap_bound: int, *, capacity: int, budget: Budget | None = None) -> None:
        self.packing = packing
        self.nodes = 0
        self.table = TranspositionTable(capacity)
        self.budget = budget or Budget()
        self._next_check = CHECK_EVERY
        self._check_every = CHECK_EVERY
        self._next_budget = CHECK_EVERY
        self._gap_offset = gap_bound
        self._gap_bits = (2 * gap_bound + 1).bit_length()
        # Sharing with the other processes of a parallel solve (see `share`); off until then.
        self._publish: Callable[[int], None] | None = None
        self._sync: Callable[[], None] = _pass
        self._split_depth = 0  # plies below a root move where the workers split positions' moves
        self._mark: Callable[[int], None] | None = None
        self._marks: dict[int, int] = {}  # positions other workers have entered (keys; values unused)
        self._after_sync: Callable[[], None] = _pass
        self._question = -1  # the `need` the marks were entered for (see `ask`)

    def share(
        self, exchange: Exchange, me: int, every: int, marks: Exchange | None = None, split_depth: int = 0
    ) -> None:
        """Search as worker `me` of several processes: every position searched is published on
        `exchange`, and every `every` nodes what this worker published is written out and what the
        others proved is read into the own table (for a position it has an entry for, with the
        bounds of both). With `marks`, the positions up to `split_depth` plies below a root move
        are marked there as the worker enters them, and a worker that finds another's mark on a
        position takes its moves from halfway through the list (`_split_children`)."""
        pending: list[int] = []
        flush, pull = exchange.writer(me), exchange.reader(me)
        entries, others = self.table.entries, self._marks
        pull_marks: Callable[[dict[int, int]], int] = (lambda _: 0) if marks is None else marks.reader(me)

        def sync() -> None:
            flush(pending)
            pull(entries)
            pull_marks(others)
            self._after_sync()

        if marks is not None:
            flush_marks = marks.writer(me)

            def mark(word: int) -> None:
                # at once: another worker entering the position soon after must see it to split
                flush_marks([word])
                pull_marks(others)

            self._mark = mark
            self._split_depth = split_depth
        self._publish = pending.append
        self._sync = sync
        self._check_every = self._next_check = every

    def after_sync(self, hook: Callable[[], None] | None) -> None:
        """Call `hook` after every exchange with the other workers (lockstep.py takes turns there)."""
        self._after_sync = hook or _pass

    def ask(self, need: int) -> None:
        """Start on questions of `need` (a root race, a root move's test): marks the other workers
        entered for another `need` are dropped (where they were on one question says nothing of
        where they are on the next)."""
        if need != self._question:
            self._sync()
            self._marks.clear()
            self._question = need

    def sync(self) -> None:
        """Exchange with the other processes now (see `share`)."""
        self._sync()

    def key(self, packed: int, gap: int) -> int:
        """The table's key of a position (no key of a position with fewer numbers or a smaller gap is
        larger)."""
        return packed << self._gap_bits | (gap + self._gap_offset)

    def moves(self, packed: int, gap: int, budget: Budget | None = None) -> list[tuple[int, int]]:
        """Every distinct set the mover may take: (remaining after, sum taken), by the number that
        catches up (the set's largest) ascending, then smallest numbers first. A position far
        behind may have a great many: a `budget` is checked every CHECK_EVERY moves listed."""
        found = self._moves_unless_refuted(packed, gap, _NEVER, 0, _nothing if budget is None else _counter(budget))
        assert found is not None
        return [(after, total) for _, after, total in found]

    def _moves_unless_refuted(
        self, packed: int, gap: int, threshold: int, child_need: int, get: Callable[[int], int | None]
    ) -> list[tuple[int, int, int]] | None:
        """The moves as `moves` gives them (with the catching number's index first), or None as
        soon as one is found that refutes without a search: it takes `threshold` or more, or `get`
        (the table's) bounds its child's value below `child_need`."""
        values, shifts, masks = self.packing.values, self.packing.shifts, self.packing.masks
        count = len(values)
        found: list[tuple[int, int, int]] = []
        append = found.append
        gap_bits, offset = self._gap_bits, self._gap_offset - gap

        def extend(start: int, packed: int, taken: int) -> bool:
            for j in range(start, count):
                have = (packed >> shifts[j]) & masks[j]
                if have:
                    after = packed - (1 << shifts[j])
                    total = taken + values[j]
                    if total >= gap:
                        if total >= threshold:
                            return True
                        known = get(after << gap_bits | (total + offset))
                        if known is not None and (known >> 2 & 3) - 1 < child_need:
                            return True
                        append((j, after, total))
                    # ascending order: the last (largest) number is the one that catches up
                    elif extend(j if have > 1 else j + 1, after, total):
                        return True
            return False

        if extend(0, packed, 0):
            return None
        found.sort(key=_catcher)  # stable: within one catching number, the generation order stays
        return found

    def can_reach(self, packed: int, gap: int, need: int, remaining_sum: int, depth: int = 0) -> bool:
        """Can the mover force a final margin >= need (need 1: win, 0: at least draw)? For `depth`
        plies from here, a worker of several splits the moves with the others (`_split_children`)."""
        best_case = remaining_sum - gap
        if best_case < need:
            return False
        if best_case & 1:
            need = 1  # odd final margin: "at least a draw" is "a win"
        elif best_case == 0:
            return True  # must take everything and ends level (need is 0 here)
        key = packed << self._gap_bits | (gap + self._gap_offset)
        table = self.table
        known = table.entries.get(key)
        if known is not None:
            if (known & 3) - 1 >= need:  # lower bound
                return True
            if (known >> 2 & 3) - 1 < need:  # upper bound
                return False
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._checkpoint()
        start = self.nodes
        other = 1 - need
        # The child's own best case has the same parity as ours (see the module notes), so in an
        # odd game the child is asked for a win whatever `other` says.
        child_need = 1 if best_case & 1 else other
        # Refutations known without searching, looked for while the moves are listed (most nodes
        # end here): a move after which the opponent's best case, remaining_sum + gap - 2 * taken,
        # falls short of their target (taking everything that is left included: the margin is then
        # ours), or one whose child the table already bounds below it (an enhanced transposition
        # cut-off).
        threshold = (remaining_sum + gap - child_need) // 2 + 1
        moves = self._moves_unless_refuted(packed, gap, threshold, child_need, table.entries.get)
        result = moves is None
        if moves is not None:
            if depth:
                result = self._split_children(moves, gap, other, remaining_sum, depth, key, need)
            else:
                for _, after, taken in moves:
                    if after and not self.can_reach(after, taken - gap, other, remaining_sum - taken):
                        result = True
                        break
        work = self.nodes - start + 1
        if result:
            table.store(key, need, 1, work, 0)
        else:
            table.store(key, -1, need - 1, work, 0)
        if self._publish is not None:
            self._publish(word(key, table.entries[key]))  # the exchange's word (key, bounds, work)
        return result

    def _split_children(
        self,
        moves: list[tuple[int, int, int]],
        gap: int,
        other: int,
        remaining_sum: int,
        depth: int,
        key: int,
        need: int,
    ) -> bool:
        """Does some move refute (the children's loop of `can_reach`), near the root of a parallel
        solve? The worker marks the position as it enters; if another worker has marked it already,
        the two would search it side by side, so this one starts halfway through the moves (the
        other began at the first) and they split them. After each move the table may hold the
        position's answer, found by the other. (Made for two workers: a third that arrives starts
        halfway too.)"""
        assert self._mark is not None
        self._mark(key << 8 | 15)  # a nonzero word (the reader skips zeros, words not written yet)
        if key in self._marks:
            half = len(moves) // 2
            moves = moves[half:] + moves[:half]
        entries = self.table.entries
        for _, after, taken in moves:
            if after and not self.can_reach(after, taken - gap, other, remaining_sum - taken, depth - 1):
                return True
            known = entries.get(key)
            if known is not None:
                if (known & 3) - 1 >= need:
                    return True
                if (known >> 2 & 3) - 1 < need:
                    return False
        return False

    def _checkpoint(self) -> None:
        """Every few nodes: exchange with the other processes; less often, the budget."""
        self._next_check = self.nodes + self._check_every
        self._sync()
        if self.nodes >= self._next_budget:
            self._next_budget = self.nodes + CHECK_EVERY
            self.budget.check(self.nodes)

    def move_reaches(self, after: int, taken: int, gap: int, remaining_sum: int, need: int) -> bool:
        """Does taking `taken` (leaving `after`) finish the mover at least `need` ahead?"""
        if after == 0:
            return taken - gap >= need
        return not self.can_reach(after, taken - gap, 1 - need, remaining_sum - taken, self._split_depth)

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

    `value` is for P1 (1 P1 wins, 0 draw, -1 P2 wins); `mover_value` for the player to move (both
    None when a stopped search did not find them). `move_values` gives every distinct move
    (numbers in a legal order) with its value for the mover, when asked for; `best_moves` are those
    achieving `mover_value`. `nodes` counts positions expanded. `complete` is False for a search
    stopped by its budget (`stopped` says why), which keeps the moves valued so far. `jobs` is the
    number of processes (the reference) or threads (the compiled core) that searched.
    """

    #: The numbers left.
    numbers: tuple[int, ...]
    #: The scores, the first player's first.
    scores: tuple[int, int]
    #: The player to move (None when no number is left).
    to_move: int | None
    #: The value for the first player: 1 win, 0 draw, -1 loss (None if a stopped search did not find it).
    value: int | None
    #: The same for the player to move.
    mover_value: int | None
    #: The moves that achieve `mover_value`.
    best_moves: tuple[Move, ...]
    #: With `with_moves=True`: every distinct move and its value for the mover.
    move_values: tuple[tuple[Move, int], ...]
    #: Positions expanded.
    nodes: int
    #: Time the search took (start-up excluded).
    seconds: float
    #: False for a search stopped by its budget.
    complete: bool = True
    #: Why a stopped search stopped.
    stopped: str | None = None
    #: Processes that shared the search.
    jobs: int = 1


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
    search it together, exchanging what they prove (0: every core; see the module notes), on sets of
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


def _nothing(key: int) -> None:
    return None


def _counter(budget: Budget) -> Callable[[int], None]:
    """A table lookup for the listing of moves that finds nothing and checks `budget` every
    CHECK_EVERY moves listed (it is called once a move)."""
    listed = 0

    def count(key: int) -> None:
        nonlocal listed
        listed += 1
        if listed % CHECK_EVERY == 0:
            budget.check(0)

    return count


def _pass() -> None:
    return None


#: A threshold no move reaches (`ProofSearch.moves` lists them all).
_NEVER = 1 << 256


def _catcher(move: tuple[int, int, int]) -> int:
    return move[0]


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
