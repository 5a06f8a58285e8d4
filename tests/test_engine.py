"""The playing engine (catchup_notation.engine): its proofs agree with the exact solver, it plays a
proven win whenever it has one and never a turn it knows to lose while another is left, a seed
and a playout limit make a search repeatable (on one thread or two), every hex variant and board
can be searched, and its limits and inputs are checked."""

from __future__ import annotations

import random
import subprocess
import sys
import time

import pytest

import catchup_notation as cn
from catchup_notation.engine import Limit
from catchup_notation.engine.mcts import Settings, Tree
from catchup_notation.engine.search import Engine, wilson
from catchup_notation.rules.registry import parse_variant
from catchup_notation.shapes import random_board
from catchup_notation.solvers.endgame import solve_endgame
from tests.helpers import HEX_VARIANTS, SOLVABLE_VARIANTS


def midgame(variant: str, seed: int, empty: int):
    """A random legal position of `variant` with at most `empty` empty cells (None: it ended)."""
    game = cn.new_game(variant)
    rng = random.Random(seed)
    while not game.over and game.empty > empty:
        game.play(game.random_turn(rng))
    return None if game.over else game


@pytest.mark.parametrize("variant", [v for v in SOLVABLE_VARIANTS if v != "sabotage-malthus"])
def test_a_tree_proves_what_the_solver_proves_on_side_2(variant):
    game = parse_variant(variant, size=2).new_game()
    tree = Tree(game, 1, Settings())
    tree.run(200_000)
    root = tree.info(0)
    assert root.lo == root.hi, "the tree did not prove the side-2 board"
    value = solve_endgame(game).value
    assert root.lo == (value if game.mover == 1 else -value)


def won_positions(count: int, variant: str = "catchup(size=4)", empty: int = 9):
    """Random positions the solver proves won for the player to move."""
    found, seed = [], 0
    while len(found) < count:
        seed += 1
        game = midgame(variant, seed, empty)
        if game is not None and solve_endgame(game).value == 1:
            found.append(game)
    return found


def loses_after(game, turn) -> bool:
    after = game.copy()
    after.play(turn)
    if after.over:
        return after.score().winner == game.mover
    return solve_endgame(after).value == -1


def test_a_proven_win_is_always_played():
    engine = Engine(seed=5, threads=1)
    for game in won_positions(12):
        analysis = engine.analyse(game, Limit(playouts=20_000))
        assert analysis.value.proven == 1  # within the solver's reach
        assert loses_after(game, analysis.best), (game, analysis.best)


def lost_positions(count: int, variant: str = "catchup(size=4)", empty: int = 9):
    """Random positions the solver proves lost for the player to move."""
    found, seed = [], 0
    while len(found) < count:
        seed += 1
        game = midgame(variant, seed, empty)
        if game is not None and solve_endgame(game).value == -1:
            found.append(game)
    return found


def test_play_resigns_a_proven_loss_only_and_still_gives_a_turn():
    engine = Engine(seed=4, threads=1)
    for game in lost_positions(6):
        result = engine.play(game, Limit(playouts=20_000))
        assert result.resign and result.analysis.value.proven == -1
        assert result.turn is not None and game.check(result.turn) is None  # to play on with
    for game in won_positions(6):
        result = engine.play(game, Limit(playouts=20_000))
        assert not result.resign and result.turn is not None
    opening = cn.new_game("catchup")
    assert not engine.play(opening, Limit(playouts=200)).resign  # an estimate never resigns


@pytest.mark.parametrize("threads", [1, 2])
def test_without_the_solver_the_tree_proves_endgames_and_plays_their_wins(threads):
    engine = Engine(seed=2, threads=threads, solver=False)
    proven = 0
    for game in won_positions(10, empty=7):
        analysis = engine.analyse(game, Limit(playouts=100_000))
        if analysis.value.proven == 1:
            proven += 1
            assert analysis.stopped == "proven"
            assert loses_after(game, analysis.best)
    assert proven >= 8


@pytest.mark.parametrize("threads", [1, 2])
def test_a_known_loss_is_not_chosen_while_another_turn_is_left(threads):
    # won positions, where some turns win and others lose: a search stopped early chooses no
    # turn it has proven lost, and ranks the proven losses last
    engine = Engine(seed=3, threads=threads, solver=False)
    seen_losses = 0
    for game in won_positions(10, empty=7):
        for playouts in (300, 1000, 3000):
            analysis = engine.analyse(game, Limit(playouts=playouts), candidates=50)
            values = [c.value.proven for c in analysis.candidates]
            seen_losses += values.count(-1)
            assert values[0] != -1
            if -1 in values:
                assert all(v == -1 for v in values[values.index(-1) :])
    assert seen_losses > 0  # the check above had something to check


def test_a_seed_and_a_playout_limit_make_a_search_on_one_thread_repeatable():
    # (on several threads one tree is searched at once, and it is not: test_engine_shared_tree.py)
    game = midgame("catchup", 4, 40)
    first = Engine(seed=11, threads=1).analyse(game, Limit(playouts=3000))
    second = Engine(seed=11, threads=1).analyse(game, Limit(playouts=3000))
    assert first.candidates == second.candidates and first.line == second.line
    assert first.playouts == second.playouts == 3000
    assert first.threads == 1


def test_another_seed_searches_otherwise():
    game = midgame("catchup", 4, 40)
    one = Engine(seed=1, threads=1).analyse(game, Limit(playouts=2000))
    other = Engine(seed=2, threads=1).analyse(game, Limit(playouts=2000))
    assert one.candidates != other.candidates


@pytest.mark.parametrize("variant", HEX_VARIANTS)
def test_every_hex_variant_is_searched(variant):
    game = cn.new_game(variant)
    analysis = Engine(seed=1).analyse(game, Limit(playouts=300))
    check = game.copy()
    check.play(analysis.best)  # legal
    assert analysis.to_move == game.mover and 0 <= analysis.value.win <= 1
    for candidate in analysis.candidates:
        game.copy().play(candidate.turn)


@pytest.mark.parametrize("board", ["size=7", "size=3", "blob"])
def test_other_boards(board):
    variant = (
        parse_variant("catchup", board=random_board(3, 30)) if board == "blob" else parse_variant(f"catchup({board})")
    )
    game = variant.new_game()
    analysis = Engine(seed=1).analyse(game, Limit(playouts=500))
    game.play(analysis.best)


def test_the_pure_search_gives_what_the_compiled_one_gives():
    game = midgame("catchup", 6, 35)
    pure = Engine(seed=4, threads=1, pure=True).analyse(game, Limit(playouts=400, level=3))
    compiled = Engine(seed=4, threads=1).analyse(game, Limit(playouts=400, level=3))
    assert pure.candidates == compiled.candidates


def test_the_solver_is_loaded_with_the_engine_not_in_the_first_searchs_time():
    # In a fresh process (this one has imported everything already): a timed first turn must
    # not spend its seconds importing the solver.
    script = (
        "import sys; from catchup_notation.engine import Engine; "
        "before = 'catchup_notation.solvers.endgame' in sys.modules; Engine(threads=1); "
        "print(before, 'catchup_notation.solvers.endgame' in sys.modules)"
    )
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert shown.stdout.split() == ["False", "True"]


def test_a_time_limit_is_kept():
    game = cn.new_game("catchup")
    started = time.monotonic()
    analysis = Engine(seed=1).analyse(game, Limit(time=0.3))
    assert analysis.stopped == "time"
    assert time.monotonic() - started < 3  # generous: the machine may be busy


def test_streaming_gives_snapshots_then_the_final_analysis():
    game = cn.new_game("catchup")
    snapshots = list(Engine(seed=1).analysis(game, Limit(time=0.6), interval=0.1))
    assert len(snapshots) >= 2
    assert all(s.stopped == "" for s in snapshots[:-1]) and snapshots[-1].stopped == "time"
    assert [s.playouts for s in snapshots] == sorted(s.playouts for s in snapshots)


def test_what_is_refused():
    engine = Engine(seed=1)
    with pytest.raises(ValueError, match="limit"):
        engine.analyse(cn.new_game("catchup"), Limit())
    with pytest.raises(ValueError, match="levels"):
        engine.analyse(cn.new_game("catchup"), Limit(level=99))
    with pytest.raises(ValueError, match="positive"):
        Limit(time=-1)
    with pytest.raises(TypeError, match="hex variants"):
        engine.analyse(cn.new_game("catch-up(set=1..5)"), Limit(playouts=10))
    over = cn.new_game("catchup(size=2)")
    rng = random.Random(1)
    while not over.over:
        over.play(over.random_turn(rng))
    with pytest.raises(ValueError, match="over"):
        engine.analyse(over, Limit(playouts=10))


def test_a_record_is_searched_at_its_last_position():
    (game,) = cn.read_text("(;FF[4]SZ[5];W[E5];B[D4F6])")
    analysis = Engine(seed=1).analyse(game, Limit(playouts=200))
    assert analysis.to_move == 1


def test_the_interval():
    low, high = wilson(50, 100)
    assert low < 0.5 < high and abs((low + high) / 2 - 0.5) < 1e-9
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(100, 100)
    assert high == 1.0 and 0.95 < low < 1.0
