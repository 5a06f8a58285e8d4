"""The endgame solver against a plain minimax over the engine, on small boards, for every variant."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from catchup_notation.errors import CatchupError, IllegalTurn
from catchup_notation.rules.registry import parse_variant
from catchup_notation.solvers.endgame import (
    PARALLEL_FROM_EMPTY,
    EndgameError,
    EndgameResult,
    EndgameTimeout,
    EndgameTooLarge,
    solve_endgame,
    solve_record,
)
from catchup_notation.solvers.hexsolve.core import CoreSearcher
from catchup_notation.solvers.hexsolve.search import Searcher
from tests.helpers import SOLVABLE_VARIANTS, game_after, record, turn

# sauce and sabotage-malthus are refused by the solver (see tests/helpers.py)
VARIANTS = SOLVABLE_VARIANTS


def brute_winner(game) -> int | None:
    """Plain minimax on the engine: every legal turn, copy and play, no table, no pruning."""
    if game.over:
        return game.score().winner
    mover = game.to_move
    outcomes = set()
    for legal in game.legal_turns():
        child = game.copy()
        child.play(legal)
        outcomes.add(brute_winner(child))
    if mover in outcomes:
        return mover
    return None if None in outcomes else 3 - mover


def playout(variant: str, side: int, empty: int, seed: int):
    """A random game of the variant stopped once at most `empty` cells are empty (or over)."""
    rng = random.Random(seed)
    game = parse_variant(variant, size=side).new_game()
    while not game.over and game.empty > empty:
        game.play(game.random_turn(rng))
    return game


def check_against_brute_force(game) -> EndgameResult:
    solved = solve_endgame(game)
    expected = brute_winner(game)
    assert solved.winner == expected
    assert solved.empty == game.empty
    if game.over:
        assert solved.principal_line == ()
        assert solved.final == game.score()
        return solved
    assert solved.value == (0 if expected is None else (1 if expected == game.to_move else -1))
    # The line is legal, ends the game with the solved winner, and every turn of it is optimal.
    line = game.copy()
    for played in solved.principal_line:
        assert line.check(played) is None
        line.play(played)
        assert brute_winner(line) == expected
    assert line.over
    assert line.score().winner == expected == solved.final.winner
    return solved


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("side", [2, 3])
def test_matches_brute_force_per_variant(variant, side):
    for seed in range(6):
        check_against_brute_force(playout(variant, side, 3 + seed % 4, seed))


@given(
    variant=st.sampled_from(VARIANTS),
    side=st.sampled_from([2, 3]),
    empty=st.integers(3, 7),
    seed=st.integers(0, 2**32 - 1),
)
def test_matches_brute_force_random(variant, side, empty, seed):
    check_against_brute_force(playout(variant, side, min(empty, tree_limit(variant)), seed))


def tree_limit(variant: str) -> int:
    """Empty cells a brute-force tree may start from: either-colour variants branch twice as wide."""
    return 5 if parse_variant(variant).spec.either_colour else 7


def check_every_node(game) -> int:
    """Brute force over the whole tree below `game`, checking that the solver generates exactly
    the engine's children (cells, scores, largest groups, turn facts), and asking ONE solver (one shared transposition
    table, filled along other paths) for the value of every node on the way: a key that misses
    something the rules depend on shows up here as a wrong value at some transposed node."""
    solver = Searcher(game, capacity=100_000)
    seen = 0

    def walk(node) -> int | None:
        nonlocal seen
        if node.over:
            return node.score().winner
        outcomes = set()
        reached = set()
        for legal in node.legal_turns():
            child = node.copy()
            child.play(legal)
            after = solver.state(child)
            # A finished engine game has nobody to move; the solver keeps who would have moved.
            reached.add((*after[:2], 3 - node.to_move, *after[3:]) if child.over else after)
            outcomes.add(walk(child))
        # The solver's own turn generation and bookkeeping reach exactly the engine's children.
        state = solver.state(node)
        assert {after for _, after in solver.children(state, solver.counts(state))} == reached
        mover = node.to_move
        winner = mover if mover in outcomes else (None if None in outcomes else 3 - mover)
        expected = 0 if winner is None else (1 if winner == mover else -1)
        assert solver.value(solver.state(node)) == expected
        seen += 1
        return winner

    walk(game)
    return seen


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("side", [2, 3])
def test_every_node_of_the_tree(variant, side):
    # Side 2 from the empty board once (the opening rules), then two trees of 6 empty cells.
    for seed, empty in enumerate((7, 6, 6) if side == 2 else (6, 6, 6)):
        check_every_node(playout(variant, side, min(empty, tree_limit(variant)), 100 + seed))


@pytest.mark.parametrize("variant", VARIANTS)
def test_finished_game_returns_actual_result(variant):
    game = playout(variant, 3, 0, 7)
    assert game.over
    solved = solve_endgame(game, max_empty=0)
    assert solved.winner == game.score().winner
    assert solved.to_move is None and solved.value is None
    assert solved.principal_line == () and solved.nodes == 0


def test_too_large_and_timeout_and_wrong_game():
    game = playout("catchup", 5, 20, 1)
    with pytest.raises(EndgameTooLarge, match="20 empty cells"):
        solve_endgame(game, max_empty=14)
    with pytest.raises(EndgameTimeout):
        solve_endgame(game, time_limit=0.05)
    with pytest.raises(EndgameTimeout) as stopped:
        solve_endgame(game, max_nodes=50)
    assert stopped.value.partial.nodes >= 50
    assert issubclass(EndgameTooLarge, CatchupError)


def test_a_stop_in_a_worker_process_keeps_its_node_count():
    # a worker's SearchStopped reaches the parent pickled; the count is what a stopped parallel
    # run reports as its nodes
    stopped = pickle.loads(pickle.dumps(EndgameTimeout("stopped after 7 nodes", nodes=7, reason="nodes")))
    assert isinstance(stopped, EndgameTimeout) and stopped.nodes == 7 and str(stopped) == "stopped after 7 nodes"
    assert stopped.reason == "nodes"  # the parent re-words the stop in the caller's terms by it
    with pytest.raises(EndgameError):
        solve_endgame(parse_variant("numbers").new_game())


@pytest.mark.parametrize("variant", ["catchup", "brink(x=2)"])
def test_two_processes_value_every_turn_as_one_does(variant):
    # 12 empty cells: enough for the root's turns to be shared by worker processes
    game = playout(variant, 5, PARALLEL_FROM_EMPTY, 1)
    assert not game.over and game.empty == PARALLEL_FROM_EMPTY
    alone = solve_endgame(game, moves=True, jobs=1)
    shared = solve_endgame(game, moves=True, jobs=2)
    assert shared.jobs == 2 and shared.value == alone.value == 1 and shared.winner == alone.winner
    assert [(m.turn, m.value, m.orbit) for m in shared.moves] == [(m.turn, m.value, m.orbit) for m in alone.moves]
    # a won root: the workers found the line too, so the parent searched nothing; what is reported
    # are the workers' nodes and tables
    assert shared.nodes >= len({m.orbit for m in shared.moves}) and 0 < shared.table_entries <= shared.table_capacity


def test_the_line_is_read_off_the_table_near_a_symmetric_root():
    # Centre, then two opposite corners: a root with 4 symmetries, so the keys of the first few
    # plies are canonical and, in another frame, keep no best turn. The line once tested the
    # children in the order they are built there, solving every one that does not keep the value.
    game = game_after("ketchup-3", "C3", "A1 E3", side=3)
    searcher = Searcher(game, capacity=1 << 20)
    root = searcher.state(game)
    value = searcher.value(root)
    solved = searcher.nodes
    line = searcher.line(root, value)
    assert len(searcher.symmetries) == 4 and value == 1 and line
    assert searcher.nodes - solved <= solved // 100  # before: 333 nodes after 25,738 for the value


def test_a_parallel_solve_takes_its_line_from_the_workers(monkeypatch):
    # A lost root: every turn loses, and a line through one of them is needed. Read in the
    # parent, whose table is empty, it meant solving that turn again (on ketchup-4's side-3 map:
    # 1.56 M nodes of 2.55 M); the worker that solved the turn reads it off its table.
    game = game_after("ketchup-4", "C3", "A1 C5 E1", "A3 E3", side=3)
    assert game.empty >= PARALLEL_FROM_EMPTY
    parent_lines = []

    def counting(kind):
        line = kind.line

        def counted(self, state, value):  # forked workers count in their own copy of the list
            parent_lines.append(value)
            return line(self, state, value)

        return counted

    for kind in (Searcher, CoreSearcher):  # whichever runs: the Python search or the compiled one
        monkeypatch.setattr(kind, "line", counting(kind))
    shared = solve_endgame(game, moves=True, jobs=2)
    assert shared.jobs == 2 and shared.value == -1 and shared.principal_line
    assert parent_lines == []
    alone = solve_endgame(game, moves=True, jobs=1)
    assert alone.value == -1 and [m.value for m in alone.moves] == [m.value for m in shared.moves]


def test_a_worker_reads_a_line_only_after_a_turn_that_may_be_the_best(monkeypatch):
    # In the worker, in this process: the first turn always gets a line (every turn may lose), a
    # later one only if it does not lose (lines after losing turns cost searches near a symmetric
    # root, and only the first of them can be the root's)
    from catchup_notation.solvers.hexsolve import parallel

    game = game_after("ketchup-4", "C3", "A1 C5 E1", "A3 E3", side=3)  # every turn loses
    import multiprocessing

    monkeypatch.setattr(parallel, "_worker", None)
    monkeypatch.setattr(parallel, "_shared", None)
    monkeypatch.setattr(parallel, "quiet_worker", lambda: None)
    counts = multiprocessing.Array("q", 4, lock=False)
    parallel._start(game, 1 << 16, None, None, counts, multiprocessing.Value("i", 0))
    first, later = list(parallel._worker[1])[:2]
    _, value, nodes, line, _, entries = parallel._solve_task((first, -1))
    assert value == -1 and line
    assert (counts[0], counts[1]) == (nodes, entries) > (0, 0)  # what the parent reads while it waits
    _, value, _, line, _, _ = parallel._solve_task((later, 0))
    assert value == -1 and line is None


def test_a_stopped_parallel_solve_names_the_callers_limit():
    # each worker is given a share of the budget; the stop is reported in the caller's terms
    game = parse_variant("catchup(size=3)").new_game()  # the empty board: minutes of search
    with pytest.raises(EndgameTimeout) as stopped:
        solve_endgame(game, jobs=2, max_nodes=3000)
    assert "(--max-nodes 3000)" in str(stopped.value) and stopped.value.partial.jobs == 2


def test_solver_leaves_the_game_alone():
    game = playout("catchup", 5, 8, 3)
    before = (list(game.owner), list(game.parent), list(game.scores), list(game.history), game.empty)
    solve_endgame(game)
    assert (game.owner, game.parent, game.scores, game.history, game.empty) == before


# A random side-5 catchup game stopped with two empty cells, C3 and G7; White to move:
#
#       1 2 3 4 5             White 23-5-2-1 (score 23), Black 25-2-1 (score 25). Black's last
#     A w w w w w A           turn (D4 F8) raised Black's score to 25 >= 23, so White may place
#    B w b b b b b B          1-3 stones, of which 1 or 2 fit. C3 touches White's 23 (D3) and
#   C w b . w w b w C         pair C4-C5, and Black's 25. G7 touches White's 5 (F7), and Black's
#  D w w w b b b b w D        25 (G6, H6) and Black's pair F8-E9.
# E w w b b b b w w b E       - C3 alone: White 26 > 25, but Black fills G7: 25 + 1 + 2 = 28 wins.
#  F w b w b w b w b F        - G7 alone: White 23-6; Black fills C3: 25 + 1 = 26 > 23 wins.
#   G w b b b w b . G         - C3 and G7: the board is full at 26-6-1 against 25-2-1; White wins
#    H w b w w w b H            at the first position. So White wins, and only by C3 G7.
#     I w w b w b I
#       1 2 3 4 5
HAND_GAME = (
    "H1",
    "E6 G6",
    "A3",
    "B6 G2",
    "H5",
    "D5",
    "C4 F1 I4",
    "F6",
    "C5 G1",
    "H6",
    "E1 E8",
    "E4 E9",
    "F5",
    "C6 I5",
    "A4 C7 I2",
    "H2",
    "A2 H4",
    "D7",
    "E7",
    "E5",
    "E2 I1",
    "B2 F4",
    "D1",
    "D6 F2",
    "C1 G5",
    "B5 C2",
    "D8 F3 H3",
    "E3",
    "A1 B1 D2",
    "B3",
    "D3",
    "B4 G3 G4",
    "F7",
    "I3",
    "A5",
    "D4 F8",
)


def test_hand_worked_side_5_position():
    game = game_after("catchup", *HAND_GAME)
    assert (game.groups(1), game.groups(2), game.allowed_counts()) == ((23, 5, 2, 1), (25, 2, 1), (1, 2))
    solved = solve_endgame(game)
    assert (solved.winner, solved.to_move, solved.value, solved.empty) == (1, 1, 1, 2)
    assert [set(t.cells) for t in solved.principal_line] == [set(turn(1, "C3 G7").cells)]
    assert solved.final.groups == ((26, 6, 1), (25, 2, 1)) and solved.final.decided_at == 0
    # One move earlier, with Black to move and D4 F8 still empty, the record's position.
    before = solve_record(record("catchup", *HAND_GAME[:-1]))
    assert before.empty == 4 and before.winner == brute_winner(game_after("catchup", *HAND_GAME[:-1]))


def test_solve_record_rejects_an_illegal_record():
    with pytest.raises(IllegalTurn):
        solve_record(record("catchup", "E5", "A1 A2", "E5"))
