"""The pure-Python number-set solver on several processes (the reference's parallel search; the
compiled core searches on one): the exchange of what they prove (words read back
as written, nothing wrong from a writer that laps a reader), the marks that make workers split the
moves of a position they meet in (measured in lockstep, deterministically), and answers identical to
one process and to the independent searches."""

import multiprocessing
import random

import pytest

from catchup_notation.solvers.hexsolve.table import TranspositionTable
from catchup_notation.solvers.limits import SearchStopped
from catchup_notation.solvers.numberset.exchange import MARGIN, Exchange, word
from catchup_notation.solvers.numberset.lockstep import lockstep_solve
from catchup_notation.solvers.numberset.solver import (
    SYNC_EVERY,
    Packing,
    ProofSearch,
    plain_value,
    reference_value,
    solve,
)

FORK = multiprocessing.get_context("fork")


def word_of(key: int, low: int, high: int) -> int:
    """A position's word on the exchange: its key and its bounds as the dict table packs them."""
    return key << 8 | (low + 1) | (high + 1) << 2


@pytest.fixture(params=["fork", "spawn"])
def context(request):
    # both kinds of memory the rings are made of: a shared mapping (fork) and a ctypes array (spawn)
    return multiprocessing.get_context(request.param)


def test_what_one_worker_writes_another_reads_once(context):
    exchange = Exchange(Exchange.allocate(2, context), 2)
    flush, pull = exchange.writer(0), exchange.reader(1)
    pending = [word_of(5, 1, 1), word_of(9, -1, 0)]
    flush(pending)
    assert pending == []
    entries: dict[int, int] = {}
    assert pull(entries) == 2
    assert entries == {5: word_of(0, 1, 1), 9: word_of(0, -1, 0)}
    assert pull(entries) == 0  # nothing new
    assert exchange.reader(0)({}) == 0  # a worker does not read its own ring


def test_a_position_the_reader_knows_keeps_its_entry_with_both_bounds():
    exchange = Exchange(Exchange.allocate(2, FORK), 2)
    exchange.writer(1)([word_of(7, 0, 1), word_of(8, 1, 1), word_of(9, -1, 0)])
    # its own entries, with the work of their searches above the bounds
    entries = {7: word_of(0, 1, 1) | 1000 << 4, 9: word_of(0, 0, 1) | 30 << 4}
    exchange.reader(0)(entries)
    assert entries == {7: word_of(0, 1, 1) | 1000 << 4, 8: word_of(0, 1, 1), 9: word_of(0, 0, 0) | 30 << 4}


def test_the_ring_wraps_and_a_lapped_reader_reads_nothing_wrong():
    ring = 4 * MARGIN
    exchange = Exchange(Exchange.allocate(2, FORK, ring), 2, ring)
    flush, pull = exchange.writer(0), exchange.reader(1)
    entries: dict[int, int] = {}
    flush([word_of(key, 1, 1) for key in range(1, 3 * MARGIN + 1)])
    assert pull(entries) == 3 * MARGIN
    flush([word_of(key, 0, 0) for key in range(10**6, 10**6 + 2 * MARGIN)])  # across the end of the ring
    assert pull(entries) == 2 * MARGIN
    assert entries[10**6] == word_of(0, 0, 0) and entries[10**6 + 2 * MARGIN - 1] == word_of(0, 0, 0)
    # the reader falls more than a lap behind: it reads the newest words only, each as written
    flush([word_of(key, -1, -1) for key in range(2 * 10**6, 2 * 10**6 + 5 * MARGIN)])
    late: dict[int, int] = {}
    assert 0 < pull(late) <= ring - MARGIN
    assert all(2 * 10**6 <= key < 2 * 10**6 + 5 * MARGIN and data == word_of(0, -1, -1) for key, data in late.items())
    assert 2 * 10**6 + 5 * MARGIN - 1 in late


def test_a_word_not_written_yet_is_no_entry():
    exchange = Exchange(Exchange.allocate(2, FORK), 2)
    words = exchange._words
    words[0] = 3  # the writer's count moved on before its words were seen: they read as zeros
    entries: dict[int, int] = {}
    assert exchange.reader(1)(entries) == 3 and entries == {}


def _publish(words) -> None:
    Exchange(words, 2).writer(1)([word_of(4242, 1, 1)])


def test_what_one_process_writes_another_reads():
    words = Exchange.allocate(2, FORK)
    worker = FORK.Process(target=_publish, args=(words,))
    worker.start()
    worker.join()
    entries: dict[int, int] = {}
    assert worker.exitcode == 0 and Exchange(words, 2).reader(0)(entries) == 1 and entries == {4242: word_of(0, 1, 1)}


def test_a_search_reuses_what_another_proved():
    # two workers' searches in one process, taking turns: the second, after an exchange, finds the
    # question answered in its table
    numbers = tuple(range(1, 15))
    packing = Packing.for_multiset(numbers)
    total = sum(numbers)
    exchange = Exchange(Exchange.allocate(2, FORK), 2)
    first, second = (ProofSearch(packing, total + 1, capacity=10**6) for _ in range(2))
    first.share(exchange, 0, SYNC_EVERY)
    second.share(exchange, 1, SYNC_EVERY)
    value = first.value(packing.pack(numbers), 0, total)
    first.sync()
    second.sync()
    assert first.nodes > 1000 and second.table.entries.keys() == first.table.entries.keys()
    assert second.value(packing.pack(numbers), 0, total) == value == reference_value(numbers)[0] and second.nodes == 0
    # without the exchange it searches as the first did
    alone = ProofSearch(packing, total + 1, capacity=10**6)
    assert alone.value(packing.pack(numbers), 0, total) == value and alone.nodes == first.nodes


def test_the_workers_of_a_solve_exchange_what_they_prove():
    # a drawn size: each worker must refute every first move, so without the exchange the two would
    # search about twice one process's nodes (with it, 1.03-1.09 times in trials)
    one = solve(range(1, 21), reference=True)
    two = solve(range(1, 21), jobs=2, parallel_from=1, reference=True)
    assert two.value == one.value == 0 and two.jobs == 2
    assert two.nodes < 1.5 * one.nodes


@pytest.mark.parametrize("n", [5, 7, 9, 10, 12, 13])
def test_two_processes_find_the_value_of_one(n):
    one = solve(range(1, n + 1))
    two = solve(range(1, n + 1), jobs=2, parallel_from=1, reference=True)
    assert two.jobs == 2 and two.value == one.value == reference_value(range(1, n + 1))[0]
    if n <= 8:
        assert two.value == plain_value(range(1, n + 1))


def test_two_processes_agree_on_random_positions():
    rng = random.Random(14)
    for _ in range(8):
        numbers = [rng.randint(1, 9) for _ in range(rng.randint(3, 8))]
        scores = (rng.randint(0, 12), rng.randint(0, 12))
        to_move = rng.choice((1, 2))
        two = solve(numbers, scores, to_move, jobs=2, parallel_from=1, with_moves=True, reference=True)
        one = solve(numbers, scores, to_move, with_moves=True)
        assert two.value == one.value == plain_value(numbers, scores, to_move), (numbers, scores, to_move)
        assert two.move_values == one.move_values and two.best_moves == one.best_moves


def test_every_first_move_valued_by_two_processes_as_by_one():
    # Regression: the value's race ended by telling the losing worker to stop, and the flag stayed
    # up, so the first budget check of the moves' tests (every 512 nodes) stopped them too.
    for n in (12, 16):
        one = solve(range(1, n + 1), with_moves=True)
        two = solve(range(1, n + 1), with_moves=True, jobs=2, parallel_from=1, reference=True)
        assert two.move_values == one.move_values and two.best_moves == one.best_moves


def test_a_stopped_parallel_solve_counts_every_process():
    with pytest.raises(SearchStopped) as stopped:
        solve(range(1, 19), jobs=2, parallel_from=1, max_nodes=4000, reference=True)
    partial = stopped.value.partial
    assert partial.complete is False and partial.jobs == 2
    assert "(--max-nodes 4000)" in str(stopped.value)  # the limit asked for, not a worker's share
    assert partial.nodes >= 2000  # each worker may search half the nodes; the one that stopped did
    # (every worker's count in the message: tests/test_cli_numbers.py, on a search long enough that
    # the other worker has reported its count by then)


def test_lockstep_runs_repeat_exactly():
    # what makes its node counts a measure: the same run whatever the machine does meanwhile
    assert lockstep_solve(range(1, 16)) == lockstep_solve(range(1, 16))


def test_marks_split_a_won_sets_proof_between_the_workers():
    # 1..17 is a first-player win: both workers end up proving the same winning move, and without
    # marks search it side by side (0.91 times one process's nodes each, in lockstep); with them,
    # one that meets the other in a position takes its moves from halfway (0.54 times)
    one = solve(range(1, 18), reference=True)
    unmarked = lockstep_solve(range(1, 18), split_depth=0)
    marked = lockstep_solve(range(1, 18))
    assert one.mover_value == unmarked.mover_value == marked.mover_value == 1
    assert unmarked.steps > 0.8 * one.nodes
    assert marked.steps < 0.7 * one.nodes


def test_workers_that_split_moves_find_the_reference_values():
    rng = random.Random(23)
    for _ in range(6):
        numbers = sorted(rng.sample(range(1, 16), rng.randint(6, 11)))
        expected = reference_value(numbers)[0]
        for depth in (1, 6):
            assert lockstep_solve(numbers, split_depth=depth).mover_value == expected, (numbers, depth)


def test_an_error_in_a_lockstep_worker_is_raised_not_waited_on(monkeypatch):
    # the other worker would wait for its turn for ever if the failed one's error were swallowed
    calls = []
    reaches = ProofSearch.move_reaches

    def failing(self, *args):
        calls.append(1)
        if len(calls) > 3:
            raise ValueError("a worker failed")
        return reaches(self, *args)

    monkeypatch.setattr(ProofSearch, "move_reaches", failing)
    with pytest.raises(ValueError, match="a worker failed"):
        lockstep_solve(range(1, 16))


@pytest.mark.parametrize("work", [1, 2, 3, 1000, 123_456_789, (1 << 40) - 1])
def test_a_word_carries_the_bounds_and_about_the_work(work):
    # the reader gets the bounds as they are and the work to within a factor of two below: enough
    # for a sweep to keep another worker's expensive entries
    table = TranspositionTable(1 << 10)
    table.store(4242, 0, 1, work, 0)
    entries: dict[int, int] = {}
    exchange = Exchange(Exchange.allocate(2, FORK), 2)
    exchange.writer(0)([word(4242, table.entries[4242])])
    exchange.reader(1)(entries)
    got = entries[4242]
    assert got & 15 == table.entries[4242] & 15
    assert work // 2 < got >> 4 <= work or (work >= 1 << 15 and got >> 4 == 1 << 14)


def test_two_workers_keep_what_each_other_proved_when_their_tables_are_small():
    # every worker's table holds both workers' positions; when they came without their work, a
    # sweep dropped them first and the workers searched them again (1..19 with 1 MB: 14.8 times one
    # process's nodes each, in lockstep; 2.3 with the work)
    one = solve(range(1, 20), memory_mb=1, reference=True)
    run = lockstep_solve(range(1, 20), memory_mb=1)
    assert run.mover_value == one.mover_value == 0
    assert run.steps < 4 * one.nodes
