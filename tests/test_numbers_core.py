"""The compiled number-set core against the pure-Python reference: the same values, move values,
optimal moves and node counts on random sets, multisets and starting scores (the subset table's
answers, and the proof search's with its node counts); the paper's Table 2; both table layouts; a
table held small by its memory bound; the subset table against the proof search; budgets, signals,
and where the core does not apply."""

import signal
import subprocess
import sys
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_numbers_solver import TABLE_2

from catchup_notation import compiled
from catchup_notation.solvers.limits import Budget, SearchStopped
from catchup_notation.solvers.numberset import core as number_core
from catchup_notation.solvers.numberset.core import CoreSearch, fits, uses_subset_table
from catchup_notation.solvers.numberset.packing import Packing
from catchup_notation.solvers.numberset.solver import ProofSearch, Root, feasible, plain_value, solve

core = compiled.core("_numcore")
pytestmark = pytest.mark.skipif(core is None, reason="the compiled core is not in use (not built, or CATCHUP_PURE set)")


class Alarm(Exception):
    """Raised by the SIGALRM handler of `alarm_after`."""


@contextmanager
def alarm_after(seconds):
    """Raise Alarm from a signal handler `seconds` from now (the search must run it and stop)."""

    def ring(signum, frame):
        raise Alarm

    old = signal.signal(signal.SIGALRM, ring)
    try:
        signal.setitimer(signal.ITIMER_REAL, seconds)
        with pytest.raises(Alarm):
            yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@contextmanager
def proof_search_only():
    """The core without its subset table: odd games go to its proof search too."""
    number_core.USE_SUBSET_TABLE = False
    try:
        yield
    finally:
        number_core.USE_SUBSET_TABLE = True


def same_solutions(numbers, scores=(0, 0), to_move=1, **options):
    """Solve with the core (its subset table where it applies, and its proof search alone) and with
    the reference; the core's solution and the reference's, after checking that all three agree in
    everything but the time taken, and the proof search and the reference in their node counts."""
    fast = solve(numbers, scores, to_move, **options)
    with proof_search_only():
        proof = solve(numbers, scores, to_move, **options)
    slow = solve(numbers, scores, to_move, reference=True, **options)
    for field in ("value", "mover_value", "best_moves", "move_values", "complete"):
        assert getattr(fast, field) == getattr(proof, field) == getattr(slow, field), (field, numbers, scores, to_move)
    assert proof.nodes == slow.nodes, (numbers, scores, to_move)
    return fast, slow


@pytest.mark.parametrize("n", range(3, 21))
def test_table_2_values(n):
    fast, _ = same_solutions(range(1, n + 1)) if n <= 16 else (solve(range(1, n + 1)), None)
    assert fast.value == TABLE_2[n]


def test_the_core_searches_where_it_applies():
    numbers = tuple(range(1, 11))
    root = Root(numbers, (0, 0), 1, Budget(), 64, 1)
    assert isinstance(root.search, CoreSearch)
    assert isinstance(Root(numbers, (0, 0), 1, Budget(), 64, 1, reference=True).search, ProofSearch)


@given(
    numbers=st.lists(st.integers(1, 12), min_size=1, max_size=9),
    scores=st.tuples(st.integers(0, 15), st.integers(0, 15)),
    to_move=st.sampled_from([1, 2]),
)
def test_the_same_as_the_reference_on_random_positions(numbers, scores, to_move):
    # repeats are likely (nine numbers from twelve values), and odd and even totals both
    fast, _ = same_solutions(numbers, scores, to_move, with_moves=True)
    assert fast.value == plain_value(numbers, scores, to_move)
    same_solutions(numbers, scores, to_move)


@settings(max_examples=8)
@given(
    numbers=st.lists(st.integers(1, 30), min_size=12, max_size=17),
    scores=st.tuples(st.integers(0, 30), st.integers(0, 30)),
)
def test_the_same_as_the_reference_on_larger_sets(numbers, scores):
    same_solutions(numbers, scores, with_moves=True)


@given(numbers=st.lists(st.integers(1, 9), min_size=1, max_size=10), gap=st.integers(-5, 30))
def test_moves_are_listed_as_the_reference_lists_them(numbers, gap):
    numbers = tuple(sorted(numbers))
    packing = Packing.for_multiset(numbers)
    bound = sum(numbers) + abs(gap) + 1
    reference = ProofSearch(packing, bound, capacity=1024)
    search = CoreSearch(core, numbers, packing, bound, memory_mb=1)
    packed = packing.pack(numbers)
    if sum(numbers) < gap:
        return  # the mover takes everything: never listed
    assert search.moves(packed, gap) == reference.moves(packed, gap)
    for after, _ in search.moves(packed, gap):
        assert search.packed(search.mask(after)) == after


def test_both_table_layouts_search_alike():
    numbers = tuple(range(1, 18))  # an odd game: the proof search is asked, without a subset table
    packing = Packing.for_multiset(numbers)
    total = sum(numbers)
    searches = [core.Search(numbers, total + 1, 2**26, wide=wide) for wide in (False, True)]
    answers = [s.can_reach((1 << 17) - 1, 0, 1, total) for s in searches]
    assert answers[0] == answers[1] and searches[0].nodes == searches[1].nodes
    assert [s.table_stats()["wide"] for s in searches] == [0, 1]
    # two-word entries cannot be written atomically: such a search runs on one thread
    assert core.Search(numbers, total + 1, 2**26, wide=True, threads=2).table_stats()["threads"] == 1
    reference = ProofSearch(packing, total + 1, capacity=10**6)
    assert reference.can_reach(packing.pack(numbers), 0, 1, total) == answers[0]
    assert reference.nodes == searches[0].nodes


@pytest.mark.parametrize("wide", [False, True])
def test_a_table_held_small_drops_entries_and_stays_right(wide):
    numbers = tuple(range(1, 22))
    total = sum(numbers)
    search = core.Search(numbers, total + 1, 2**20, wide=wide)
    mask = (1 << 21) - 1
    value = 1 if search.can_reach(mask, 0, 1, total) else 0 if search.can_reach(mask, 0, 0, total) else -1
    stats = search.table_stats()
    assert value == TABLE_2.get(21, 1) == 1  # 1..21 is a first-player win (published up to 20; ours)
    assert stats["sweeps"] > 0 and stats["dropped"] > 0
    assert stats["slots"] == stats["max_slots"] and stats["slots"] * (16 if wide else 8) <= 2**20 // 2


def test_the_node_budget_stops_where_the_reference_stops():
    stops = []
    for reference in (False, True):
        with pytest.raises(SearchStopped) as stopped:
            solve(range(1, 25), max_nodes=5000, reference=reference)
        stops.append((str(stopped.value), stopped.value.partial.nodes, stopped.value.partial.complete))
    assert stops[0] == stops[1] == ("stopped after 5120 nodes (--max-nodes 5000)", 5120, False)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_time_limit_stops_the_core(jobs):
    with pytest.raises(SearchStopped, match=r"--timeout") as stopped:
        solve(range(1, 40), time_limit=0.2, jobs=jobs)
    assert stopped.value.partial.jobs == jobs


def test_progress_is_reported_and_an_error_from_it_ends_the_search():
    seen = []

    def progress(report):
        seen.append(report.nodes)
        if len(seen) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        solve(range(1, 30), max_nodes=10**9, progress=progress)
    assert seen == sorted(seen) and seen[0] > 0
    seen.clear()  # and with a helper thread searching beside
    with pytest.raises(KeyboardInterrupt):
        solve(range(1, 30), max_nodes=10**9, progress=progress, jobs=2)


def test_a_signal_handler_runs_while_the_core_searches():
    with alarm_after(0.2):
        solve(range(1, 40), max_nodes=10**12)


def test_sets_the_core_cannot_hold_go_to_the_reference():
    assert not fits(tuple(range(1, 66)), 3000)  # more numbers than a mask has bits
    assert not fits((1, 2, 2**40), 2**40 + 4)  # gaps beyond the table's field
    big = (1, 2, 3, 10**12)
    root = Root(big, (0, 0), 1, Budget(), 64, 1)
    assert isinstance(root.search, ProofSearch)
    assert solve(big).value == plain_value(big)


def test_a_position_with_many_moves_is_listed_within_the_budget():
    # a first turn 400 behind: every set of 1..40 summing to 400-439 (with the largest last) is a
    # move, far too many to list; the budget stops the listing
    with pytest.raises(SearchStopped):
        solve(range(1, 41), (0, 400), time_limit=0.5)


@settings(max_examples=25)
@given(
    numbers=st.lists(st.integers(1, 25), min_size=8, max_size=18),
    gap=st.integers(-10, 20),
    threads=st.integers(2, 4),
    memory=st.sampled_from([2**20, 2**26]),
)
def test_threads_sharing_a_table_answer_as_one(numbers, gap, threads, memory):
    # the helpers join every question at once (help_after=0), and a 1 MB table makes them grow it
    # and sweep it with the others parked
    numbers = sorted(numbers)
    total, mask = sum(numbers), (1 << len(numbers)) - 1
    bound = total + abs(gap) + 1
    several = core.Search(numbers, bound, memory, threads=threads, help_after=0)
    one = core.Search(numbers, bound, 2**26)
    for need in (1, 0):
        assert several.can_reach(mask, gap, need, total) == one.can_reach(mask, gap, need, total)
    assert several.table_stats()["threads"] == threads


def test_a_solve_on_two_threads():
    # 1..24 and 1..12 sum to even numbers: the proof search, which runs on threads
    two = solve(range(1, 25), jobs=2)
    assert two.jobs == 2 and two.value == 0 and two.nodes > 0
    moves = solve(range(1, 13), jobs=2, with_moves=True)
    assert moves.jobs == 2
    assert moves.move_values == solve(range(1, 13), with_moves=True, reference=True).move_values


@pytest.mark.parametrize(
    ("numbers", "scores", "memory_mb", "expected"),
    [
        (range(1, 23), (0, 0), 1024, True),  # 253: odd
        (range(1, 24), (0, 0), 1024, False),  # 276: even, draws to prove
        (range(1, 24), (0, 1), 1024, True),  # an odd game by the scores
        ((*range(1, 22), 32), (0, 0), 1024, False),  # 32 is beyond the table's deficits
        (range(1, 33), (0, 0), 2**20, False),  # 32 numbers: more than a 32-bit mask's table
        (range(1, 30), (0, 0), 2**14, False),  # 29: the table would fit, but the proof search is faster
        (range(1, 23), (0, 0), 63, False),  # 16 MB of table: more than a quarter of 63 MB
        (range(1, 23), (0, 0), 64, True),
    ],
)
def test_where_the_subset_table_answers(numbers, scores, memory_mb, expected):
    numbers = tuple(numbers)
    gap = scores[1] - scores[0]
    assert uses_subset_table(numbers, gap, memory_mb) is expected
    root = Root(numbers, scores, 1, Budget(), memory_mb, 2)
    assert isinstance(root.search, CoreSearch)
    assert root.search.subset_table is expected
    assert root.search.threads == (1 if expected else 2)


@settings(max_examples=40)
@given(
    numbers=st.lists(st.integers(1, 31), min_size=1, max_size=16),
    data=st.data(),
)
def test_the_subset_table_answers_as_the_proof_search(numbers, data):
    # any position of an odd game: some numbers taken, the mover some gap behind (of the right
    # parity), repeated numbers too; asked with both needs (a win is a win either way)
    numbers = sorted(numbers)
    total = sum(numbers)
    bound = total + 32
    table = core.Search(numbers, bound, 2**26, subset_table=True)
    proof = core.Search(numbers, bound, 2**26)
    assert table.table_stats()["subset_table"] == 4 << len(numbers)
    for _ in range(4):
        mask = data.draw(st.integers(1, (1 << len(numbers)) - 1))
        left = sum(v for i, v in enumerate(numbers) if mask >> i & 1)
        gap = data.draw(st.integers(0, 31).filter(lambda g: (g + left) % 2 == 1))  # noqa: B023
        for need in (1, 0):
            assert table.can_reach(mask, gap, need, left) == proof.can_reach(mask, gap, need, left), (mask, gap)


def test_without_memory_for_the_subset_table_the_proof_search_answers():
    # the address space capped a little above what the process maps already: the 128 MB table for
    # 1..25 cannot be had, and the proof search (whose table grows as far as it can) answers
    script = """
import resource
from catchup_notation.solvers.numberset.solver import solve
from catchup_notation.solvers.numberset.core import uses_subset_table
size = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmSize:")) * 1024
resource.setrlimit(resource.RLIMIT_AS, (size + (96 << 20), size + (96 << 20)))
assert uses_subset_table(tuple(range(1, 26)), 0, 1024)
print(solve(range(1, 26)).value)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["1"]


def test_the_subset_table_takes_only_what_it_can_hold():
    with pytest.raises(ValueError, match="subset table"):
        core.Search([1, 2, 40], 50, 2**26, subset_table=True)  # a number beyond its deficits
    with pytest.raises(ValueError, match="subset table"):
        core.Search(list(range(1, 23)), 300, 2**26 - 4, subset_table=True)  # 16 MB: more than a quarter
    search = core.Search(list(range(1, 23)), 300, 2**26, subset_table=True, threads=2)
    assert search.table_stats()["threads"] == 1  # its searches run on one thread
    # an even game asked of it goes to the proof search
    numbers = list(range(1, 12))
    total = sum(numbers)  # 66
    table = core.Search(numbers, total + 1, 2**26, subset_table=True)
    proof = core.Search(numbers, total + 1, 2**26)
    for need in (1, 0):
        assert table.can_reach((1 << 11) - 1, 0, need, total) == proof.can_reach((1 << 11) - 1, 0, need, total)
    assert table.nodes == proof.nodes


def test_a_budget_stops_the_subset_table_and_a_signal_reaches_it():
    with pytest.raises(SearchStopped, match="--max-nodes") as stopped:
        solve(range(1, 26), max_nodes=50_000)  # an odd game: the subset table
    assert stopped.value.partial.complete is False and stopped.value.partial.nodes >= 50_000
    with alarm_after(0.05):
        solve(range(1, 27), memory_mb=1024)


def test_a_stopped_solve_on_two_threads_counts_both():
    with pytest.raises(SearchStopped) as stopped:
        solve(range(1, 30), jobs=2, max_nodes=200_000)
    partial = stopped.value.partial
    assert partial.complete is False and partial.jobs == 2 and partial.nodes >= 200_000
    assert "(--max-nodes 200000)" in str(stopped.value)


def test_the_core_raises_the_size_solved_without_a_budget():
    assert feasible(tuple(range(1, 33))) is None
    assert "33 numbers" in (feasible(tuple(range(1, 34))) or "")
    # numbers too large for the core: the reference's bound
    assert "29 numbers" in (feasible((*range(1, 29), 2**31)) or "")
    assert "29 numbers" in (feasible(tuple(range(1, 30)), (0, 2**31)) or "")
