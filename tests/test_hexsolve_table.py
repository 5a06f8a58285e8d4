"""The bounded transposition table: its bound, what a sweep keeps, and what its dict really takes."""

import random
import sys

from catchup_notation.solvers.hexsolve.table import TranspositionTable


def fill(table: TranspositionTable, stores: int, seed: int = 1) -> int:
    """Store `stores` random positions of random work; the most bytes the dict took meanwhile."""
    rng = random.Random(seed)
    peak = 0
    for i in range(stores):
        table.store(rng.getrandbits(60), 0, 1, rng.randint(1, 100), 0)
        if i % 100 == 0:
            peak = max(peak, sys.getsizeof(table.entries))
    return peak


def test_a_full_table_keeps_its_bound_its_dict_and_its_expensive_entries():
    table = TranspositionTable(20_000)
    entries = table.entries  # the number-set exchange holds the dict itself
    table.store(7, 1, 1, 10**6, 0)  # far more work than any other entry
    fill(table, 80_000)
    assert table.sweeps >= 3 and len(table) <= table.capacity
    assert table.entries is entries
    assert table.get(7) == (1, 1, 0)


def test_a_swept_table_takes_no_more_room_than_a_fresh_one_of_its_capacity():
    # deleting the cheap half in place left the dict's deleted slots to be sized for at its next
    # growth: at these capacities it then took twice a fresh dict's bytes (at 4.47 M entries, a
    # worker's share of the default 1024 MB, 320 MB against 160)
    for capacity in (20_000, 70_000):
        fresh = sys.getsizeof({i: i for i in range(capacity)})
        assert fill(TranspositionTable(capacity), 4 * capacity) <= fresh
