"""The hex solver's prunings for too, product (colouring.py) and alternative (threats under a
constraint), each shown to fire on positions where it matters and checked there against the plain
search of test_solver_agreement.py (which shares no code with the solver)."""

from __future__ import annotations

import pytest

from catchup_notation.solvers.endgame import solve_endgame
from catchup_notation.solvers.hexsolve import search as search_module
from catchup_notation.solvers.hexsolve.search import Searcher
from tests.test_solver_agreement import PlainSearch, check_line, playout


def agreed_by_fillings(variant: str, empty: int, seeds: range) -> list[tuple[object, int]]:
    """Positions whose every filling has one winner while the bounds of bounds.py decide nothing,
    with that winner."""
    found = []
    for seed in seeds:
        game = playout(variant, 3, empty, seed)
        if game is None:
            continue
        searcher = Searcher(game, capacity=1 << 16)
        low, high = searcher.bounds.spread(0, 0)
        if low > 0 or high <= 0:
            continue
        assert searcher.colouring is not None
        winner = searcher.colouring.agreed(0, 0)
        if winner is not None:
            found.append((game, winner))
    return found


@pytest.mark.parametrize("variant", ["too", "product"])
def test_fillings_decide_where_the_bounds_do_not(variant):
    cases = agreed_by_fillings(variant, 4, range(60))
    assert cases, "some 4-empty position is decided by its fillings alone"
    for game, winner in cases:
        assert game.to_move is not None
        expected = 1 if winner == game.to_move else -1
        assert PlainSearch().value(game) == expected
        assert Searcher(game, capacity=1 << 16).colouring.decided(0, 0) == winner


@pytest.mark.parametrize("variant", ["too", "product"])
def test_colouring_search_agrees_with_the_plain_search(variant):
    for seed in range(6):
        game = playout(variant, 3, 7, seed)
        if game is None:
            continue
        solved = solve_endgame(game)
        assert solved.value == PlainSearch().value(game), f"{variant}, seed {seed}"
        check_line(game, solved)


def test_colourings_reached_in_any_order_share_one_entry():
    # Black at A then White at B, and White at A then Black at B, reach different colourings;
    # Black A + White B by either player's hand is one colouring: one table entry.
    game = playout("too", 3, 5, 0)
    assert game is not None
    searcher = Searcher(game, capacity=1 << 16)
    state = searcher.state(game)
    counts = searcher.counts(state)
    first = {placed: child for placed, child in searcher.children(state, counts)}
    n = searcher.geo.n
    a, b = 1, 2
    one = searcher.children(first[a], searcher.counts(first[a]), only=None)
    other = searcher.children(first[b << n], searcher.counts(first[b << n]), only=None)
    ab = next(child for placed, child in one if placed == b << n)
    ba = next(child for placed, child in other if placed == a)
    assert ab[:2] == ba[:2] and ab[3:] != ba[3:]  # same colouring, different scores and facts
    assert searcher.key(ab, counts) == searcher.key(ba, counts)


def test_alternative_threats_fire_and_agree(monkeypatch):
    monkeypatch.setenv("CATCHUP_PURE", "1")  # the Python search's own threats (the core's agree: test_core_search.py)
    fired = {"one": 0, "two": 0}
    refuted = Searcher.refuted

    def counting(self, threats, placed, child):
        found = refuted(self, threats, placed, child)
        if found:
            for cells, size, _ in threats:
                if not cells & placed:
                    fired["two" if size == 2 else "one"] += 1
                    break
        return found

    monkeypatch.setattr(search_module.Searcher, "refuted", counting)
    for seed in range(10):
        game = playout("alternative", 3, 8, seed)
        if game is None:
            continue
        assert Searcher(game, capacity=1 << 16).monotone
        solved = solve_endgame(game)
        assert solved.value == PlainSearch().value(game), f"seed {seed}"
        check_line(game, solved)
    assert fired["one"] and fired["two"], fired


def test_alternative_threat_of_two_stones_needs_the_constraint():
    # A 2-stone threat whose groups would be 5 applies only where the largest group on the board is
    # already at least 5 (a 2-stone turn may not grow it); a 1-stone threat applies anywhere.
    game = playout("alternative", 3, 8, 1)
    assert game is not None
    searcher = Searcher(game, capacity=1 << 16)
    state = searcher.state(game)
    _, child = searcher.children(state, searcher.counts(state))[0]
    free = searcher.geo.full & ~(child[0] | child[1])
    low = free & -free
    two = free & ~low
    two &= -two
    cells = low | two
    small = (*child[:5], 4, 4, *child[7:])
    large = (*child[:5], 5, 4, *child[7:])
    assert searcher.counts(small) == (1, 2)
    assert not searcher.refuted([(cells, 2, (5,))], 0, small)
    assert searcher.refuted([(cells, 2, (5,))], 0, large)
    assert searcher.refuted([(low, 1, (5,))], 0, small)
    assert not searcher.refuted([(cells, 2, (5,))], cells, large)
