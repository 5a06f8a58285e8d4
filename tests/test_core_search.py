"""The compiled search (catchup_notation._hexcore) against the Python search, its reference: on
random positions of every searchable hex variant, on hexhex and irregular boards, the two give the
same allowed counts, the same children in the same order, the same ordering, the same values,
principal lines and node counts (so the same table and killer updates), and the same group
geometry, wins and decided positions underneath."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from catchup_notation.compiled import core
from catchup_notation.rules.registry import parse_variant
from catchup_notation.shapes import random_board
from catchup_notation.solvers.endgame import EndgameTimeout, solve_endgame, solve_variant
from catchup_notation.solvers.hexsolve.colouring import ColouringSearch
from catchup_notation.solvers.hexsolve.core import CoreSearcher, compiled_rules, make_searcher
from catchup_notation.solvers.hexsolve.search import Searcher
from catchup_notation.solvers.limits import Budget, SearchStopped
from tests.helpers import HEX_VARIANTS

pytestmark = pytest.mark.skipif(core("_hexcore") is None, reason="the compiled core is not built (or CATCHUP_PURE)")

#: The variants the compiled search takes (every searchable variant the core knows the rules of).
SEARCHED = [
    v for v in HEX_VARIANTS if compiled_rules(parse_variant(v).new_game()) and not parse_variant(v).new_game().endless
]


def position(variant: str, board: str | int, empty: int, seed: int):
    """A random game of `variant` on a hexhex board of side `board` (or the random board of that
    seed, for "blob"), stopped once at most `empty` cells are empty."""
    rng = random.Random(seed)
    if board == "blob":
        chosen = parse_variant(variant, board=random_board(seed, rng.randint(12, 30)))
    else:
        chosen = parse_variant(variant, size=board)
    game = chosen.new_game()
    while not game.over and game.empty > empty:
        game.play(game.random_turn(rng))
    return game


def both(game, capacity: int = 1 << 20) -> tuple[Searcher, CoreSearcher]:
    rules = compiled_rules(game)
    assert rules is not None, "every variant of the library is known to the core"
    return Searcher(game, capacity=capacity), CoreSearcher(game, rules, capacity=capacity)


def empty_cells(variant: str) -> st.SearchStrategy[int]:
    """Sizes of tree the Python reference searches in well under a second."""
    either = parse_variant(variant).spec.either_colour
    return st.integers(3, 7 if either else 10)


@st.composite
def positions(draw):
    variant = draw(st.sampled_from(SEARCHED))
    board = draw(st.sampled_from([2, 3, 4, "blob"]))
    return position(variant, board, draw(empty_cells(variant)), draw(st.integers(0, 2**32 - 1)))


@given(positions(), st.integers(0, 3))
def test_the_compiled_search_is_the_python_search(game, depth):
    if game.over:
        return
    python, compiled = both(game)
    root = python.state(game)
    counts = python.counts(root)
    assert compiled.counts(root) == counts
    children = python.children(root, counts)
    assert compiled.children(root, counts) == children
    hint = children[len(children) // 2][0] if children else 0
    assert compiled.ordered(children, root[2], hint, depth) == python.ordered(children, root[2], hint, depth)
    value = python.value(root)
    assert compiled.value(root) == value
    assert compiled.nodes == python.nodes  # node for node: the same tree, table and killers
    assert compiled.line(root, value) == python.line(root, value)
    assert compiled.nodes == python.nodes
    assert len(compiled.table) == len(python.table)  # nothing lost below the bound, as in Python
    for placed, _ in children[:4]:
        assert compiled.turn_orbit_key(placed) == python.turn_orbit_key(placed)


@given(positions(), st.integers(0, 2**64 - 1))
def test_the_geometry_underneath_agrees(game, draw):
    python, compiled = both(game)
    n = python.geo.n
    rng = random.Random(draw)
    for _ in range(20):
        m1 = rng.getrandbits(n)
        m2 = rng.getrandbits(n) & ~m1
        for colour in (1, 2):
            assert compiled.core.groups(colour, m1) == python.geo.groups(colour, m1)
            assert compiled.core.wins_now(colour, m1) == python.wins_now(colour, m1)
        mover = rng.choice((1, 2))
        assert compiled.core.outcome(m1, m2, mover) == python.outcome(m1, m2, mover)
        if isinstance(python.colouring, ColouringSearch):
            assert compiled.core.decided(m1, m2) == python.colouring.decided(m1, m2)


@pytest.mark.parametrize("variant", SEARCHED)
def test_the_side_2_opening_maps_agree(variant, monkeypatch):
    chosen = parse_variant(variant, size=2)
    compiled = solve_variant(chosen, moves=True)
    monkeypatch.setenv("CATCHUP_PURE", "1")
    python = solve_variant(chosen, moves=True)
    assert [(m.turn, m.value, m.orbit) for m in compiled.moves] == [(m.turn, m.value, m.orbit) for m in python.moves]
    assert (compiled.value, compiled.principal_line, compiled.nodes) == (
        python.value,
        python.principal_line,
        python.nodes,
    )


def test_a_table_at_its_bound_keeps_the_values():
    # 32 KB hold a thousand entries, half what the search keeps: it goes on replacing the cheapest
    game = position("catchup", 4, 16, 4)
    python, _ = both(game)
    small = CoreSearcher(game, compiled_rules(game), capacity=32 * 1024 // 120)
    root = python.state(game)
    assert small.value(root) == python.value(root)
    assert small.table.stats["replaced"] > 0 and small.table.stats["bytes"] <= 32 * 1024


def test_the_compiled_search_honours_node_and_time_budgets():
    game = position("catchup", 5, 24, 3)
    with pytest.raises(EndgameTimeout) as stopped:
        solve_endgame(game, max_nodes=5000)
    assert stopped.value.partial.nodes >= 5000
    with pytest.raises(EndgameTimeout):
        solve_endgame(game, time_limit=0.2)
    # the node count at a stop is the Python search's: the budget is asked on the same schedule
    counted = []
    for kind in (Searcher, make_searcher):
        searcher = kind(game, capacity=1 << 20, budget=Budget(max_nodes=3000))
        with pytest.raises(SearchStopped) as caught:
            searcher.value(searcher.state(game))
        counted.append(caught.value.nodes)
    assert counted[0] == counted[1] >= 3000


def test_the_compiled_search_reports_progress():
    seen = []
    game = position("catchup", 5, 22, 8)
    budget = Budget(max_nodes=20_000, progress=seen.append)
    searcher = make_searcher(game, capacity=1 << 20, budget=budget)
    with contextlib.suppress(SearchStopped):
        searcher.value(searcher.state(game))
    assert isinstance(searcher, CoreSearcher) and len(seen) > 2 and seen[-1].nodes <= searcher.nodes


def test_ctrl_c_stops_the_compiled_search():
    game = parse_variant("catchup(size=4)").new_game()  # hours of search
    searcher = make_searcher(game, capacity=1 << 20)
    assert isinstance(searcher, CoreSearcher)
    # Python's own Ctrl-C handler, whatever the run inherited (a shell's background job ignores SIGINT)
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            searcher.value(searcher.state(game))
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, before)
    assert searcher.nodes > 0
