"""The number-set proof search's own devices: its move order, its table cut-offs, and agreement
with the independent reference search on positions larger than the plain minimax can take."""

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from catchup_notation.solvers.numberset.packing import Packing
from catchup_notation.solvers.numberset.solver import ProofSearch, reference_value, solve


def legal_sets(numbers: tuple[int, ...], gap: int) -> set[tuple[int, ...]]:
    """Every distinct set a mover `gap` behind may take, straight from the rules: some order of it
    leaves the mover behind before its last number and level or ahead after it (or it is all that
    is left). Putting the largest number last is the order that stays behind longest."""
    if sum(numbers) < gap:
        return {numbers}
    found = set()
    for size in range(1, len(numbers) + 1):
        for chosen in combinations(numbers, size):
            if sum(chosen) >= gap and (size == 1 or sum(chosen) - max(chosen) < gap):
                found.add(chosen)
    return found


@given(numbers=st.lists(st.integers(1, 9), min_size=1, max_size=8), gap=st.integers(0, 20))
def test_moves_are_every_legal_set_once_by_the_catching_number_ascending(numbers, gap):
    numbers = tuple(sorted(numbers))
    packing = Packing.for_multiset(numbers)
    search = ProofSearch(packing, sum(numbers) + gap + 1, capacity=1024)
    packed = packing.pack(numbers)
    if sum(numbers) < gap:
        return  # the search never asks: the mover takes everything (checked by the value tests)
    moves = search.moves(packed, gap)
    taken = [packing.unpack(packed - after) for after, _ in moves]
    assert len(set(taken)) == len(taken)
    assert set(taken) == legal_sets(numbers, gap)
    assert all(sum(t) == total for t, (_, total) in zip(taken, moves, strict=True))
    catchers = [max(t) for t in taken]
    assert catchers == sorted(catchers)


def test_a_refutation_already_in_the_table_is_used_before_any_search():
    # 1..8, nobody ahead: no move wins outright (the opponent's best case after taking x is
    # 36 - 2x > 0), so without the table the search would have to go into the first move's subtree.
    numbers = tuple(range(1, 9))
    packing = Packing.for_multiset(numbers)
    search = ProofSearch(packing, sum(numbers) + 1, capacity=1024)
    packed = packing.pack(numbers)
    after_taking_5 = packed - packing.pack((5,))
    key = after_taking_5 << search._gap_bits | (5 + search._gap_offset)
    search.table.store(key, -1, -1, 1, 0)  # pretend: the opponent loses after <5>
    assert search.can_reach(packed, 0, 1, sum(numbers)) is True
    assert search.nodes == 1  # the root only: the stored bound refuted, nothing below was searched
    # and without that entry the same question needs a search below the root
    fresh = ProofSearch(packing, sum(numbers) + 1, capacity=1024)
    fresh.can_reach(packed, 0, 1, sum(numbers))
    assert fresh.nodes > 1


@given(
    numbers=st.lists(st.integers(1, 14), min_size=8, max_size=11),
    scores=st.tuples(st.integers(0, 12), st.integers(0, 12)),
    to_move=st.sampled_from([1, 2]),
)
def test_agrees_with_the_reference_search_on_larger_random_positions(numbers, scores, to_move):
    # odd and even totals both: an odd game cannot be drawn, and the search then asks every
    # position for a win (the parity-aware target of its table cut-offs)
    expected, _ = reference_value(numbers, scores, to_move)
    assert solve(numbers, scores, to_move).value == expected
