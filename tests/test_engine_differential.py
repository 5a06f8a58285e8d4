"""The compiled tree search against the pure-Python one, its reference: from the same position,
seed and playouts they build the same tree, node for node (the same actions, children, visits,
results, proofs and dead ends), on random positions of every variant the core knows, on boards
of several sides and irregular ones; and the same again after a solver's proof is given to both."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from catchup_notation.compiled import core
from catchup_notation.engine.coremcts import core_tree
from catchup_notation.engine.mcts import Settings, Tree
from catchup_notation.rules.corerules import rules_of
from catchup_notation.rules.registry import parse_variant
from catchup_notation.shapes import random_board
from tests.helpers import HEX_VARIANTS

pytestmark = pytest.mark.skipif(core("_hexcore") is None, reason="the compiled core is not built (or CATCHUP_PURE)")

KNOWN = [v for v in HEX_VARIANTS if rules_of(parse_variant(v).new_game()) is not None]


def position(name: str, board: int | str, seed: int, turns: int):
    variant = (
        parse_variant(name, board=random_board(seed, random.Random(seed).randint(7, 40)))
        if board == "blob"
        else parse_variant(name, size=board)
    )
    game = variant.new_game()
    rng = random.Random(seed)
    for _ in range(turns):
        if game.over:
            break
        game.play(game.random_turn(rng))
    return game


def assert_same_tree(reference: Tree, compiled) -> None:
    assert compiled.count == reference.count
    for i in range(reference.count):
        assert compiled.info(i) == reference.info(i), i
        assert compiled.children_of(i) == reference.children_of(i), i
        assert compiled.amaf(i) == reference.amaf(i), i
    assert compiled.first_turns() == reference.first_turns()


@given(
    st.sampled_from(KNOWN),
    st.sampled_from([2, 3, 4, 5, "blob"]),
    st.integers(0, 2**32 - 1),
    st.integers(0, 40),
    st.integers(1, 400),
)
def test_the_core_builds_the_reference_tree(name, board, seed, turns, playouts):
    game = position(name, board, seed, turns)
    if game.over:
        return
    settings = Settings(
        exploration=0.1 + (seed % 7) / 5,
        fpu_reduction=(seed % 3) / 10,
        rave=(0, 30, 1000)[seed % 3],
        near_tries=seed % 4 // 2,
        count_tries=seed % 5 // 3,
        mast=(0.0, 0.0, 0.5, 0.9, 1.0)[seed // 5 % 5],
        prior_bias=(0.0, 0.3, 2.0)[seed // 3 % 3],
    )
    reference, compiled = Tree(game, seed, settings), core_tree(game, seed, settings)
    assert compiled is not None
    assert compiled.run(playouts) == reference.run(playouts)
    assert_same_tree(reference, compiled)


@pytest.mark.parametrize("name", ["catchup", "alternative", "ketchup-2", "too"])
def test_the_same_after_proofs_and_more_playouts(name):
    game = position(name, 3, 5, 4)
    reference, compiled = Tree(game, 9, Settings()), core_tree(game, 9, Settings())
    reference.run(200)
    compiled.run(200)
    for i in reference.untried(2, 99)[:6]:  # prove a few turn starts, as the solver would
        outcome = (i % 3) - 1
        reference.prove(i, outcome)
        compiled.prove(i, outcome)
    assert_same_tree(reference, compiled)
    reference.run(300)
    compiled.run(300)
    assert_same_tree(reference, compiled)


def test_a_memory_bound_holds_in_both():
    game = position("catchup", 5, 1, 0)
    settings = Settings(max_nodes=50)
    reference, compiled = Tree(game, 3, settings), core_tree(game, 3, settings)
    assert reference.run(400) == compiled.run(400) == 400
    assert reference.count == compiled.count == 50
    assert_same_tree(reference, compiled)


@given(
    st.sampled_from(KNOWN),
    st.sampled_from([2, 3, 4, 5, 6, "blob"]),
    st.integers(0, 2**32 - 1),
    st.integers(0, 30),
    st.integers(1, 4),
)
def test_playouts_end_as_the_reference_ends_them(name, board, seed, turns, nodes):
    """A tree of a few nodes: nearly every iteration is a playout, most of them whole games of
    random turns (the core's playouts keep a list of the empty cells and join a stone's groups in
    their own order), judged by the results and, with RAVE, by the cells each one ends with."""
    game = position(name, board, seed, turns)
    if game.over:
        return
    settings = Settings(max_nodes=nodes, rave=30, near_tries=seed % 3 // 2, count_tries=seed % 4 // 3)
    reference, compiled = Tree(game, seed, settings), core_tree(game, seed, settings)
    assert compiled is not None
    assert compiled.run(60) == reference.run(60)
    assert_same_tree(reference, compiled)
