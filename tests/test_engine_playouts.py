"""The playouts' policy (mcts.Settings.near_tries, count_tries, mast): the cells and counts a
playout draws follow the distribution the settings describe, in the pure-Python search and in the
compiled one alike (the compiled core builds the reference's tree with the policy on)."""

from __future__ import annotations

from collections import Counter

import pytest

import catchup_notation as cn
from catchup_notation.compiled import core
from catchup_notation.engine import Engine, Limit
from catchup_notation.engine.coremcts import core_tree
from catchup_notation.engine.mcts import MAX_TRIES, Settings, Tree
from tests.test_engine_differential import KNOWN, assert_same_tree, position

DRAWS = 6000


def side3_position():
    """Side 3 (19 cells), White to move: White's stone at the centre (6 of the 16 empty cells
    touch it), Black's two apart."""
    game = cn.new_game("catchup(size=3)")
    game.play("C3")
    game.play("A1 E3")
    return game


def first_cells(settings: Settings, draws: int) -> Counter[int]:
    """The cell of the first (only) stone of many one-stone turns completed at random."""
    game = side3_position()
    return drawn_cells(Tree(game, 7, settings), game, draws)


def drawn_cells(tree: Tree, game, draws: int) -> Counter[int]:
    """The cell of each of many one-stone turns the tree's playouts complete in `game`."""
    seen: Counter[int] = Counter()
    for _ in range(draws):
        work = game.copy()
        assert tree.complete_turn(work, [], [], 1, (1,))
        (cell,) = [i for i, (a, b) in enumerate(zip(work.owner, game.owner, strict=True)) if a != b]
        seen[cell] += 1
    return seen


@pytest.mark.parametrize("tries", [0, 1, 2])
def test_cells_touching_the_movers_stones_are_drawn_as_often_as_the_policy_says(tries):
    game = side3_position()
    mover, near = game.mover, game.board.neighbours
    empty = [i for i, owner in enumerate(game.owner) if owner == 0]
    touching = {i for i in empty if any(game.owner[j] == mover for j in near[i])}
    assert 0 < len(touching) < len(empty)
    q = 1 - len(touching) / len(empty)  # the chance that one draw touches none of the mover's stones
    # a touching cell is taken at any of the 1 + tries draws; another only at the last
    expected_touching = 1 - q ** (tries + 1)
    seen = first_cells(Settings(near_tries=tries), DRAWS)
    share = sum(seen[i] for i in touching) / DRAWS
    assert abs(share - expected_touching) < 0.03, (share, expected_touching)
    assert set(seen) <= set(empty)
    # within each kind, the cells are drawn alike
    for kind in (touching, set(empty) - touching):
        counts = [seen[i] for i in kind]
        mean = sum(counts) / len(counts)
        assert all(abs(c - mean) < 0.35 * mean + 15 for c in counts), counts


@pytest.mark.parametrize(("tries", "expected"), [(0, 1 / 2), (1, 3 / 4), (2, 7 / 8)])
def test_the_count_is_the_largest_of_its_draws(tries, expected):
    game = cn.new_game("catchup(size=3)")
    game.play("C3")  # Black: one or two stones
    assert game.allowed_counts() == (1, 2)
    tree = Tree(game, 11, Settings(count_tries=tries))
    twos = 0
    for _ in range(DRAWS):
        work = game.copy()
        assert tree.complete_turn(work, [], [], -1, game.allowed_counts())
        twos += work.empty == game.empty - 2
    assert abs(twos / DRAWS - expected) < 0.03


def test_uniform_playouts_are_the_default():
    assert Settings().near_tries == 0
    assert Settings().count_tries == 0
    assert Settings().mast == 0


@pytest.mark.parametrize("share", [1.0, 0.5])
def test_mast_takes_the_cell_of_the_best_mean_for_its_share(share):
    game = side3_position()
    mover = game.mover
    empty = [i for i, owner in enumerate(game.owner) if owner == 0]
    best, second, theirs = empty[5], empty[0], empty[9]
    tree = Tree(game, 3, Settings(mast=share))
    tree.mast_n[mover][best], tree.mast_w[mover][best] = 10, 9.0  # 0.9, the mover's best
    tree.mast_n[mover][second], tree.mast_w[mover][second] = 10, 8.0  # 0.8 (unseen cells: 0.5)
    tree.mast_n[3 - mover][theirs], tree.mast_w[3 - mover][theirs] = 10, 10.0  # the opponent's: not asked
    seen = drawn_cells(tree, game, DRAWS)
    uniform = (1 - share) / len(empty)
    assert abs(seen[best] / DRAWS - (share + uniform)) < 0.03
    for cell in (second, theirs):
        assert abs(seen[cell] / DRAWS - uniform) < 0.02


def test_mast_counts_every_stone_of_an_iteration_for_its_colour():
    game = side3_position()
    tree = Tree(game, 8, Settings(mast=0.8))
    ran = tree.run(300)
    assert ran == 300 and not tree.root.proven
    for cell, owner in enumerate(game.owner):
        n = tree.mast_n[1][cell] + tree.mast_n[2][cell]
        # every iteration ends with a full board: each cell empty at the root is taken once
        assert n == (0 if owner else ran), cell
        for colour in (1, 2):
            assert 0 <= tree.mast_w[colour][cell] <= tree.mast_n[colour][cell]
    # a cell's results for its two colours: each iteration is a win (1), a draw (1/2 each) or a loss
    assert all(tree.mast_w[1][c] + tree.mast_w[2][c] <= ran for c in range(len(game.owner)))
    assert sum(tree.mast_w[1]) > 0 and sum(tree.mast_w[2]) > 0


@pytest.mark.skipif(core("_hexcore") is None, reason="the compiled core is not built (or CATCHUP_PURE)")
def test_mast_is_off_where_either_colour_may_be_placed():
    game = position("too", 4, 2, 3)
    plain, asked = core_tree(game, 6, Settings()), core_tree(game, 6, Settings(mast=0.9))
    assert plain is not None and asked is not None
    reference = Tree(game, 6, Settings(mast=0.9))
    assert reference.mast == 0
    for tree in (plain, asked, reference):
        tree.run(200)
    assert_same_tree(reference, plain)
    assert_same_tree(reference, asked)


@pytest.mark.skipif(core("_hexcore") is None, reason="the compiled core is not built (or CATCHUP_PURE)")
@pytest.mark.parametrize("seed", range(12))
def test_the_core_builds_the_reference_tree_with_the_policy(seed):
    name = KNOWN[seed % len(KNOWN)]
    game = position(name, (3, 4, 5, "blob")[seed % 4], seed, seed % 6)
    assert not game.over
    settings = Settings(near_tries=1 + seed % 3, count_tries=seed % 3, mast=(0.0, 0.6, 1.0)[seed // 4])
    reference, compiled = Tree(game, seed, settings), core_tree(game, seed, settings)
    assert compiled is not None
    assert compiled.run(250) == reference.run(250)
    assert_same_tree(reference, compiled)


@pytest.mark.skipif(core("_hexcore") is None, reason="the compiled core is not built (or CATCHUP_PURE)")
def test_the_policy_changes_the_tree():
    game = position("catchup", 5, 3, 6)
    plain = Tree(game, 5, Settings())
    plain.run(300)
    for settings in (Settings(near_tries=2), Settings(mast=0.9)):
        biased = Tree(game, 5, settings)
        biased.run(300)
        assert [plain.info(i) for i in range(50)] != [biased.info(i) for i in range(50)]


def test_an_engine_searches_with_the_settings_it_is_given():
    game = cn.new_game("catchup(size=4)")
    game.play("D4")
    limit = Limit(playouts=600, level=3)  # level 3: no solver, the tree alone

    def searched(settings: Settings | None) -> list[tuple[object, ...]]:
        analysis = Engine(threads=1, seed=4, settings=settings).analyse(game, limit)
        return [(c.turn, c.value.visits, c.value.win) for c in analysis.candidates]

    assert searched(Settings()) == searched(None)  # the level's settings are the defaults
    assert searched(Settings(count_tries=3)) != searched(None)
    assert searched(Settings(mast=0.9)) != searched(None)
    assert searched(Settings(exploration=2.0)) != searched(None)


@pytest.mark.skipif(core("_hexcore") is None, reason="the compiled core is not built (or CATCHUP_PURE)")
def test_huge_tries_are_cut_alike_in_both():
    # The opening: no cell touches a stone of the mover's, so every redraw up to the cut is made.
    game = cn.new_game("catchup(size=5)")
    settings = Settings(near_tries=10**9, count_tries=10**9)
    reference, compiled = Tree(game, 2, settings), core_tree(game, 2, settings)
    assert compiled is not None
    assert compiled.run(40) == reference.run(40) == 40
    assert_same_tree(reference, compiled)
    cut = Tree(game, 2, Settings(near_tries=MAX_TRIES, count_tries=MAX_TRIES))
    cut.run(40)
    assert_same_tree(cut, compiled)
