"""The compiled search (catchup_notation._hexcore, C) behind the interface of `Searcher`.

`make_searcher` gives the compiled search where the core is built and knows the variant's rules,
and the Python `Searcher` otherwise; both answer the same calls with the same values, lines,
turn orders and node counts (tests/test_core_search.py holds them to it), so endgame.py and
parallel.py do not care which they have.

The core searches positions of at most 64 empty cells (one bit each in a 64-bit mask), with at
most 64 fixed groups of a colour touching them and scores below 4096; anything else runs in
Python. Its table is one flat array within the bytes the Python table's capacity would cost
(`capacity` entries of BYTES_PER_ENTRY), so a memory budget means the same in both: the largest
power of two of bytes within it (a C entry takes 32 bytes, a Python one about 120).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from catchup_notation.compiled import core
from catchup_notation.rules.corerules import rules_of
from catchup_notation.rules.predecessors import ProductGame, TooGame
from catchup_notation.solvers.hexsolve.bounds import Bounds
from catchup_notation.solvers.hexsolve.colouring import SAMPLES, SAMPLES_FROM
from catchup_notation.solvers.hexsolve.geometry import Geometry
from catchup_notation.solvers.hexsolve.search import (
    CANONICAL_STONES,
    LARGE_BOARD,
    Searcher,
    SearchError,
    State,
    search_state,
    unsearchable,
)
from catchup_notation.solvers.hexsolve.symmetry import position_symmetries
from catchup_notation.solvers.hexsolve.table import BYTES_PER_ENTRY
from catchup_notation.solvers.limits import CHECK_EVERY, Budget

if TYPE_CHECKING:
    from catchup_notation.rules.hexgame import HexGame
    from catchup_notation.solvers.hexsolve.search import Child

#: Largest score the core's table keys hold (12 bits each).
MAX_SCORE = 4095


class TableView:
    """The compiled search's table as the callers of `Searcher.table` see it: its size (len)."""

    def __init__(self, search: Any) -> None:
        self._search = search

    def __len__(self) -> int:
        entries: int = self._search.table["entries"]
        return entries

    @property
    def capacity(self) -> int:
        """The most entries the table holds (at its memory bound)."""
        found: int = self._search.table["capacity"]
        return found

    @property
    def stats(self) -> dict[str, int]:
        """Entries, capacity (entries at its bound), bytes now, stores that replaced another
        position's entry, and doublings."""
        found: dict[str, int] = self._search.table
        return found


class CoreSearcher:
    """One root position's search on the compiled core (see the module notes)."""

    def __init__(self, game: HexGame, rules: tuple[int, ...], *, capacity: int, budget: Budget | None = None) -> None:
        hexcore = core("_hexcore")
        assert hexcore is not None
        refused = unsearchable(game)
        if refused is not None:
            raise SearchError(refused)
        self.geo = geo = Geometry(game)
        self.budget = budget or Budget()
        local = {board_index: k for k, board_index in enumerate(geo.board_index)}
        perms = position_symmetries(game.board, game.owner)
        self.symmetries = [tuple(local[perm[i]] for i in geo.board_index) for perm in perms]
        colouring = isinstance(game, (TooGame, ProductGame))
        samples, sample_count = _samples(geo.n) if colouring else ([], [])
        early = _early_kind(hexcore, Bounds(game, geo))
        self._search = hexcore.Search(
            rules,
            _geometry(geo),
            [list(p) for p in self.symmetries[1:]],
            CANONICAL_STONES,
            early,
            int(colouring),
            samples,
            sample_count,
            (capacity + 1) * BYTES_PER_ENTRY,  # capacity was rounded down from the memory
            self.budget.check,
            1 if geo.n > LARGE_BOARD else CHECK_EVERY,
            self.budget.max_nodes or 0,
        )
        self.table = TableView(self._search)

    # The calls of Searcher that endgame.py, parallel.py and the tests make.

    def state(self, game: HexGame) -> State:
        return search_state(self.geo, game)

    def counts(self, state: State) -> tuple[int, ...]:
        found: tuple[int, ...] = self._search.counts(state)
        return found

    def children(self, state: State, counts: tuple[int, ...]) -> list[Child]:
        found: list[Child] = self._search.children(state, counts)
        return found

    def ordered(self, children: list[Child], mover: int, hint: int, depth: int) -> list[Child]:
        found: list[Child] = self._search.ordered(children, mover, hint, depth)
        return found

    def value(self, state: State, alpha: int = -1, beta: int = 1, depth: int = 0) -> int:
        found: int = self._search.value(state, alpha, beta, depth)
        return found

    def line(self, state: State, value: int) -> list[int]:
        found: list[int] = self._search.line(state, value)
        return found

    def turn_orbit_key(self, placed: int) -> int:
        found: int = self._search.turn_orbit_key(placed)
        return found

    @property
    def nodes(self) -> int:
        found: int = self._search.nodes
        return found

    @nodes.setter
    def nodes(self, value: int) -> None:
        self._search.nodes = value

    def save_table(self, path: str, tag: bytes) -> None:
        """Write the table to `path` (to resume a long search later: `load_table` with the same tag)."""
        self._search.save(path, tag)

    def load_table(self, path: str, tag: bytes) -> None:
        """Read a table `save_table` wrote for the same `tag` (ValueError for another one)."""
        self._search.load(path, tag)

    @property
    def core(self) -> Any:
        """The compiled search itself (for the tests' finer questions: groups, wins_now, keys)."""
        return self._search


def compiled_rules(game: HexGame) -> tuple[int, ...] | None:
    """The core's rules for a search of `game`, or None where the search runs in Python: no core,
    rules it does not know, more than 64 empty cells or fixed groups, or scores beyond its keys."""
    rules = rules_of(game)
    if rules is None or not 0 < game.empty <= 64 or len(game.owner) > MAX_SCORE:
        return None
    return rules


def make_searcher(game: HexGame, *, capacity: int, budget: Budget | None = None) -> Searcher | CoreSearcher:
    """The compiled search of `game` where it can run, else the Python one (same interface)."""
    rules = compiled_rules(game)
    if rules is not None:
        try:
            return CoreSearcher(game, rules, capacity=capacity, budget=budget)
        except _TooManyGroups:
            pass
    return Searcher(game, capacity=capacity, budget=budget)


class _TooManyGroups(SearchError):
    """More fixed groups of a colour touch the empty cells than the core's masks hold."""


def _geometry(geo: Geometry) -> tuple[object, ...]:
    hexcore = core("_hexcore")
    assert hexcore is not None
    if max(len(geo.group_size[1]), len(geo.group_size[2])) > hexcore.MAX_FIXED:
        raise _TooManyGroups("too many fixed groups for the compiled search")
    return (
        geo.n,
        geo.near,
        geo.touch[1],
        geo.touch[2],
        geo.group_size[1],
        geo.group_size[2],
        geo.group_near[1],
        geo.group_near[2],
        geo.untouched[1],
        geo.untouched[2],
    )


def _early_kind(hexcore: Any, bounds: Bounds) -> int:
    """Which of bounds.py's rules decides positions early, as the core names it."""
    early = bounds.early
    kinds = {
        bounds._cascade: hexcore.EARLY_CASCADE,
        bounds._brink: hexcore.EARLY_MARGIN,
        bounds._too: hexcore.EARLY_SECOND_LARGEST,
        bounds._product: hexcore.EARLY_PRODUCT,
    }
    found: int = next((kind for method, kind in kinds.items() if early == method), hexcore.EARLY_NONE)
    return found


def _samples(n: int) -> tuple[list[int], list[int]]:
    """ColouringSearch's sample fillings, and how many of them each count of empty cells uses."""
    rng = random.Random(1)
    masks = [rng.getrandbits(n) for _ in range(max(SAMPLES))]
    counts = [SAMPLES[sum(e >= start for start in SAMPLES_FROM)] for e in range(n + 1)]
    return masks, counts
