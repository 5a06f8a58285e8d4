"""The hex solver against a deliberately plain search, for every variant: every position reachable on
side 2, random side-3 positions with 10-13 empty cells, and the principal lines replayed.

The plain search plays every legal turn on a copy of the engine (the rules' own turn generation and
scoring) and memoises on the engine's own fields: the stones, who is to move, scores, largest
groups, the facts of the last turn and whether fewer than two turns were played (what the engines
read of their history; test_endgame.py checks the solver without any memo on whole trees). Its
values share no code with the solver's search, its bounds, symmetries or its coarser key.

On side 3 the plain search may ask the solver which turn to try first (`hinted`): the one the solver
says keeps the position's value. An order cannot change a minimax value (every turn is still tried
until one wins), so a wrong solver can only make the plain search slower, never make it agree
(test_a_wrong_hint_changes_no_value checks that); a right one makes it search about the proof tree:
a catchup position with 11 empty cells took 471,329 positions and 52 s unhinted, 1,903 and 0.5 s
hinted. That is what lets the thorough profile reach 13 empty cells for every variant.

Under the quick `ci` profile the side-2 positions are a spread sample of every variant's tree;
under `thorough` every one of them is solved.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catchup_notation.rules.registry import parse_variant
from catchup_notation.solvers.endgame import solve_endgame
from catchup_notation.solvers.hexsolve.search import Searcher
from tests.helpers import SOLVABLE_VARIANTS

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"

# sauce and sabotage-malthus are refused by the solver (see tests/helpers.py)
VARIANTS = SOLVABLE_VARIANTS


class PlainSearch:
    """Memoised minimax over engine copies; values for the player to move (1, 0, -1). With a
    `hint`, the turns of a position are tried in the order it gives (see `hinted`)."""

    def __init__(self, *, keep_positions: bool = False, hint: Hint | None = None) -> None:
        self.memo: dict[tuple[object, ...], int] = {}
        # key -> a game at that position, when asked for: an engine copy a position, which on
        # side 3 (millions of positions) ran to gigabytes
        self.positions: dict[tuple[object, ...], object] | None = {} if keep_positions else None
        self.hint = hint

    @staticmethod
    def key(game) -> tuple[object, ...]:
        history = game.history
        last = history[-1] if history else None
        return (tuple(game.owner), game.to_move, tuple(game.scores), tuple(game.largest), last, min(len(history), 2))

    def children(self, game) -> Iterable[object]:
        """The position after each legal turn: in the engine's order, or the hint's."""
        after = (self.play(game, legal) for legal in game.legal_turns())
        return after if self.hint is None else self.hint(game, list(after))

    @staticmethod
    def play(game, legal):
        child = game.copy()
        child.play(legal)
        return child

    def value(self, game) -> int:
        """The value for the player to move (the game must not be over)."""
        key = self.key(game)
        found = self.memo.get(key)
        if found is not None:
            return found
        if self.positions is not None:
            self.positions.setdefault(key, game)
        mover = game.to_move
        best = -2
        for child in self.children(game):
            if child.over:
                winner = child.score().winner
                v = 0 if winner is None else (1 if winner == mover else -1)
            else:
                v = -self.value(child)
            best = max(best, v)
            if best == 1:
                break  # nothing beats a win
        assert best > -2, "a game not over has a legal turn"
        self.memo[key] = best
        return best


#: An order for a position's children: (position, children) -> the same children, reordered.
Hint = Callable[[object, list[object]], list[object]]


def hinted(root) -> Hint:
    """An order that tries first a child the solver says keeps the position's value (for a loss,
    where every child must be searched anyway, the engine's order). One solver, one table for the
    whole plain search below `root`."""
    solver = Searcher(root, capacity=HINT_TABLE_ENTRIES)

    def solver_value(game) -> int:
        return solver.value(solver.state(game))

    def order(game, children: list[object]) -> list[object]:
        value = solver_value(game)
        if value >= 0:
            for i, child in enumerate(children):
                if not child.over and solver_value(child) == -value:
                    return [child, *children[:i], *children[i + 1 :]]
        return children

    return order


#: The hint solver's table bound (a dict that grows as needed: at most about 0.5 GB).
HINT_TABLE_ENTRIES = 1 << 22


def check_line(game, solved) -> None:
    """The principal line replays through the engine and ends with the value found."""
    line = game.copy()
    for turn in solved.principal_line:
        assert line.check(turn) is None
        line.play(turn)
    assert line.over
    winner = line.score().winner
    assert solved.value == (0 if winner is None else (1 if winner == game.to_move else -1))


def playout(variant: str, side: int, empty: int, seed: int):
    """A random unfinished game of the variant with about `empty` empty cells (None if it ended)."""
    rng = random.Random(seed)
    game = parse_variant(variant, size=side).new_game()
    while not game.over and game.empty > empty:
        game.play(game.random_turn(rng))
    return None if game.over else game


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_side_2_position(variant):
    plain = PlainSearch(keep_positions=True)
    # thorough: the whole tree from the empty board; ci: the subtree after a seeded first turn
    root = parse_variant(variant, size=2).new_game()
    if not THOROUGH:
        root.play(root.random_turn(random.Random(variant)))
    plain.value(root)
    # Every distinct position of the tree (up to the plain key), solved afresh; lines on a sample.
    positions = list(plain.positions.items())
    step = 1 if THOROUGH else max(len(positions) // 150, 1)
    for i, (key, game) in enumerate(positions[::step]):
        solved = solve_endgame(game, moves=i % 20 == 0)
        assert solved.value == plain.memo[key], f"{variant} after {[str(f) for f in game.history]}"
        if i % 10 == 0:
            check_line(game, solved)
        for move in solved.moves:  # every turn's value agrees with the plain search after it
            child = game.copy()
            child.play(move.turn)
            if not child.over:
                assert move.value == -plain.value(child)


def side_3_case(variant: str, empty: int, seed: int) -> None:
    game = playout(variant, 3, empty, seed)
    if game is None:
        return
    expected = PlainSearch(hint=hinted(game)).value(game)
    solved = solve_endgame(game)
    assert solved.value == expected, f"{variant}, seed {seed}, {game.empty} empty"
    check_line(game, solved)


def empty_cells() -> st.SearchStrategy[int]:
    """10-13 empty cells under `thorough`, 8-10 under the quick profile (a playout stops at the
    first turn that reaches the number, so it may leave a cell or two fewer)."""
    return st.integers(10, 13) if THOROUGH else st.integers(8, 10)


#: Random side-3 positions a variant under `thorough`.
THOROUGH_SIDE_3 = 50


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=THOROUGH_SIDE_3 if THOROUGH else 2, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_random_side_3_positions(variant, data):
    empty = data.draw(empty_cells(), label="empty")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    side_3_case(variant, empty, seed)


@pytest.mark.parametrize("variant", ["catchup", "alternative", "too", "ketchup-2"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_wrong_hint_changes_no_value(variant, seed):
    """The order the plain search tries turns in decides its cost, never its values: with the
    solver's hint, with a hint that puts losing turns first, and with none, every position all three
    searches valued has the same value."""
    game = playout(variant, 3, 7, seed)
    assert game is not None
    searches = [PlainSearch(), PlainSearch(hint=hinted(game)), PlainSearch(hint=losing_first(game))]
    values = [search.value(game) for search in searches]
    assert values[0] == values[1] == values[2]
    shared = searches[0].memo.keys() & searches[1].memo.keys() & searches[2].memo.keys()
    assert len(shared) > 10
    for key in shared:
        assert searches[0].memo[key] == searches[1].memo[key] == searches[2].memo[key]


def losing_first(root) -> Hint:
    """A hint that lies: the children the solver says lose for the mover first."""
    solver = Searcher(root, capacity=HINT_TABLE_ENTRIES)

    def order(game, children: list[object]) -> list[object]:
        def loses(child) -> bool:
            return child.over or solver.value(solver.state(child)) == 1

        return sorted(children, key=lambda child: not loses(child))

    return order
