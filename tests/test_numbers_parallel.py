"""The number-set solver on several processes: the table they share (torn writes read as misses,
big proofs kept), and answers identical to one process and to the independent searches."""

import multiprocessing
import random

import pytest

from catchup_notation.solvers.limits import SearchStopped
from catchup_notation.solvers.numberset.shared import KEY_LIMIT, SharedTable
from catchup_notation.solvers.numberset.solver import plain_value, reference_value, solve

FORK = multiprocessing.get_context("fork")


def packed(low: int, high: int, work: int) -> int:
    """Bounds and work as the local table packs them (what the shared table stores)."""
    return (low + 1) | (high + 1) << 2 | work << 4


@pytest.fixture(params=["fork", "spawn"])
def table(request):
    # both kinds of memory the table is made of: a shared mapping (fork) and a ctypes array (spawn)
    return SharedTable(SharedTable.allocate(64, multiprocessing.get_context(request.param)))


def test_a_stored_entry_is_read_back_and_others_miss(table):
    table.store(12345, packed(0, 1, 7))
    assert table.get(12345) == packed(0, 1, 7) == table.getter()(12345)
    assert table.get(12346) is None and table.getter()(12346) is None
    assert table.get(12345 + table.buckets) is None  # same bucket, another key
    assert len(table) == 1


def test_a_torn_write_reads_as_a_miss(table):
    key, other = 777, 777 + table.buckets  # one bucket
    table.store(key, packed(1, 1, 50))
    at = key % table.buckets * 4
    words = table._table
    old_check, old_data = words[at], words[at + 1]
    # the words a writer of `other` puts there (the same table, made once more)
    twin = SharedTable(SharedTable.allocate(64, FORK))
    twin.store(other, packed(-1, 0, 60))
    new_check, new_data = twin._table[at], twin._table[at + 1]
    assert twin.buckets == table.buckets and twin.get(other) == new_data
    # that writer wrote its data word and not yet its check word, or the reverse
    words[at + 1] = new_data
    assert table.get(key) is None and table.get(other) is None
    words[at], words[at + 1] = new_check, old_data
    assert table.get(key) is None and table.get(other) is None
    words[at] = old_check
    assert table.get(key) == packed(1, 1, 50)


def test_the_largest_proof_of_a_bucket_stays():
    table = SharedTable(SharedTable.allocate(2, FORK))
    assert table.buckets == 1  # every key in one bucket of two slots
    table.store(1, packed(1, 1, 1000))
    for key in range(2, 50):
        table.store(key, packed(-1, 0, key))  # smaller proofs take turns in the second slot
    assert table.get(1) == packed(1, 1, 1000) and table.get(49) == packed(-1, 0, 49)
    assert table.get(48) is None
    table.store(50, packed(0, 0, 2000))  # a larger one takes the first slot, the old first moves down
    assert table.get(50) == packed(0, 0, 2000) and table.get(1) == packed(1, 1, 1000) and table.get(49) is None


def test_bounds_of_one_position_are_intersected():
    table = SharedTable(SharedTable.allocate(16, FORK))
    table.store(99, packed(0, 1, 5))  # at least a draw
    table.store(99, packed(-1, 0, 3))  # at most a draw
    assert table.get(99) == packed(0, 0, 5)


def test_keys_longer_than_a_word_are_not_shared():
    table = SharedTable(SharedTable.allocate(16, FORK))
    table.store(KEY_LIMIT + 5, packed(1, 1, 9))
    assert table.get(KEY_LIMIT + 5) is None and table.getter()(KEY_LIMIT + 5) is None and len(table) == 0


def _publish(words) -> None:
    SharedTable(words).store(4242, packed(1, 1, 77))


def test_what_one_process_stores_another_reads():
    words = SharedTable.allocate(1000, FORK)
    worker = FORK.Process(target=_publish, args=(words,))
    worker.start()
    worker.join()
    assert worker.exitcode == 0 and SharedTable(words).get(4242) == packed(1, 1, 77)


@pytest.mark.parametrize("n", [5, 7, 9, 10, 12, 13])
def test_two_processes_find_the_value_of_one(n):
    one = solve(range(1, n + 1))
    two = solve(range(1, n + 1), jobs=2, parallel_from=1)
    assert two.jobs == 2 and two.value == one.value == reference_value(range(1, n + 1))[0]
    if n <= 8:
        assert two.value == plain_value(range(1, n + 1))


def test_two_processes_agree_on_random_positions():
    rng = random.Random(14)
    for _ in range(8):
        numbers = [rng.randint(1, 9) for _ in range(rng.randint(3, 8))]
        scores = (rng.randint(0, 12), rng.randint(0, 12))
        to_move = rng.choice((1, 2))
        two = solve(numbers, scores, to_move, jobs=2, parallel_from=1, with_moves=True)
        one = solve(numbers, scores, to_move, with_moves=True)
        assert two.value == one.value == plain_value(numbers, scores, to_move), (numbers, scores, to_move)
        assert two.move_values == one.move_values and two.best_moves == one.best_moves


def test_every_first_move_valued_by_two_processes_as_by_one():
    # Regression: the value's race ended by telling the losing worker to stop, and the flag stayed
    # up, so the first budget check of the moves' tests (every 512 nodes) stopped them too.
    for n in (12, 16):
        one = solve(range(1, n + 1), with_moves=True)
        two = solve(range(1, n + 1), with_moves=True, jobs=2, parallel_from=1)
        assert two.move_values == one.move_values and two.best_moves == one.best_moves


def test_a_stopped_parallel_solve_counts_every_process():
    with pytest.raises(SearchStopped) as stopped:
        solve(range(1, 19), jobs=2, parallel_from=1, max_nodes=4000)
    partial = stopped.value.partial
    assert partial.complete is False and partial.jobs == 2
    assert "(--max-nodes 4000)" in str(stopped.value)  # the limit asked for, not a worker's share
    assert partial.nodes >= 2000  # each worker may search half the nodes; the one that stopped did
    # (every worker's count in the message: tests/test_cli_numbers.py, on a search long enough that
    # the other worker has reported its count by then)
