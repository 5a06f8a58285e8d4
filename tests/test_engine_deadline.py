"""A search keeps its time: the exact solves inside it (the root's first, the turn starts' between
rounds of playouts) stop at the search's deadline, and none starts after it; the trees' first
turns are gathered in one call a tree. The timed test is a hang detector with a generous bound,
not a speed test; the others do not depend on the clock."""

from __future__ import annotations

import time

import pytest

import catchup_notation as cn
from catchup_notation.engine import Engine, Limit
from catchup_notation.engine import search as search_module
from catchup_notation.engine.mcts import FirstTurn, Settings, Tree
from catchup_notation.rules.hexgame import HexGame
from catchup_notation.solvers import endgame

#: Settings under which the turn starts' solves alone could take seconds: every turn start of up
#: to 22 empty cells, visited once, is given to the solver with a budget of ten million nodes.
GREEDY = Settings(solve_empty=22, solve_visits=1, solve_per_round=50, solve_nodes=10_000_000)


def endgame_positions(count: int) -> list[HexGame]:
    """Side 5 Catchup positions with 15 to 22 empty cells, from games the engine plays itself."""
    found: list[HexGame] = []
    seed = 0
    while len(found) < count:
        game = cn.new_game("catchup(size=5)")
        assert isinstance(game, HexGame)
        engine = Engine(threads=1, seed=300 + seed, solver=False)
        while not game.over and game.empty >= 15:
            if game.empty <= 22:
                found.append(game.copy())
            game.play(engine.play(game, Limit(playouts=300, level=9)).turn)
        seed += 1
    return found[:count]


@pytest.fixture(scope="module")
def positions() -> list[HexGame]:
    return endgame_positions(8)


def test_a_search_out_of_time_asks_the_solver_nothing(positions, monkeypatch):
    asked: list[dict[str, object]] = []
    monkeypatch.setattr(endgame, "solve_endgame", lambda game, **budget: asked.append(budget))
    engine = Engine(threads=2, seed=1, settings=GREEDY)
    for game in positions:
        run = search_module._Search(engine, game, Limit(time=10.0, level=9), 1, 5)
        run.deadline = time.monotonic() - 1.0  # the time is up before the search starts
        *_, last = run.snapshots(None)
        assert asked == []
        assert last.stopped == "time"
        assert last.playouts == 0
        game.copy().play(last.best)  # still a legal turn


def test_every_solve_is_given_no_more_than_the_time_left(positions, monkeypatch):
    solve = endgame.solve_endgame
    asked: list[tuple[str, float, float]] = []  # (which, its time limit, the time left when asked)

    def recorded(game, **budget):
        which = "root" if "max_nodes" not in budget or budget["max_nodes"] > GREEDY.solve_nodes else "start"
        asked.append((which, budget.get("time_limit", -1.0), run.deadline - time.monotonic()))
        return solve(game, **budget)

    monkeypatch.setattr(endgame, "solve_endgame", recorded)
    engine = Engine(threads=2, seed=2, settings=GREEDY)
    for game in positions:
        run = search_module._Search(engine, game, Limit(time=0.2, level=9), 1, 5)
        for _ in run.snapshots(None):
            pass
    assert {which for which, _, _ in asked} == {"root", "start"}  # else the test proves nothing
    for which, limit, left in asked:
        assert limit > 0, which
        # the limit was computed from the time left just before `left` was read (an allowance for
        # a process paused in between on a loaded machine)
        share = 1.0 if which == "start" else search_module.ROOT_SOLVE_SHARE
        assert limit <= left * share + 0.05, (which, limit, left)


@pytest.mark.parametrize("threads", [1, 2])
def test_short_searches_end_near_their_time(positions, threads):
    """A hang detector: with solves that could take seconds each, a search of 0.05 s ends within
    three times its time and a fixed allowance for a loaded machine."""
    limit = 0.05
    engine = Engine(threads=threads, seed=3, settings=GREEDY)
    for game in positions:
        started = time.monotonic()
        result = engine.play(game, Limit(time=limit, level=9))
        took = time.monotonic() - started
        assert took < 3 * limit + 1.0, (game.empty, took)
        game.copy().play(result.turn)


def walked(tree: Tree) -> list[FirstTurn]:
    """The first turns of a tree, found with the node-by-node calls (the oracle of first_turns)."""
    mover = tree.info(0).player
    found = []
    stack: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = [(0, (), ())]
    while stack:
        node, cells, colours = stack.pop()
        for action, child in tree.children_of(node):
            if child < 0 or tree.info(child).dead:
                continue
            if action >= 0:
                cells_after = (*cells, action >> 1)
                colours_after = (*colours, mover if action & 1 == 0 else 3 - mover)
            else:
                cells_after, colours_after = cells, colours
            info = tree.info(child)
            if info.boundary:
                shown = colours_after if set(colours_after) - {mover} else ()
                found.append(FirstTurn(cells_after, shown, child, info.n, info.w, info.lo, info.hi))
            else:
                stack.append((child, cells_after, colours_after))
    return found


def several_stones(turn: FirstTurn) -> bool:
    return len(turn.cells) > 1


def another_colour(turn: FirstTurn) -> bool:
    return turn.colours != ()


@pytest.mark.parametrize(
    ("variant", "seen"),
    [("catchup(size=4)", several_stones), ("too(size=4)", another_colour), ("alternative(size=4)", several_stones)],
)
def test_first_turns_are_the_trees_whole_first_turns(variant, seen):
    game = cn.new_game(variant)
    assert isinstance(game, HexGame)
    engine = Engine(threads=1, seed=4, solver=False)
    for _ in range(4):  # past the first turns, to where turns place several stones
        game.play(engine.play(game, Limit(playouts=100, level=9)).turn)
    tree = Tree(game, 5, Settings())
    tree.run(1000)
    turns = tree.first_turns()
    assert turns == walked(tree)
    assert any(seen(turn) for turn in turns)  # the walk's harder cases are there
    assert sum(turn.n for turn in turns) > 0
    for turn in turns:
        assert list(turn.cells) == sorted(turn.cells)
        after = game.copy()
        after.place(list(turn.cells), turn.colours)  # a legal turn of the position
