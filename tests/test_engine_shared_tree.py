"""One tree searched by several threads at once (hexmcts.c's mcts_run, tree parallelism with a
virtual loss). Such a tree depends on how the system ran the threads, so it is not compared node
for node with the reference (one thread is: test_engine_differential.py); instead every invariant
a finished search keeps is checked, the same checks holding on the reference's trees:

* visits add up: a node's visits are its children's plus one (the iteration whose playout began
  there) while it is not proven, dead, or under a full tree's leaves; the root's are its
  children's; no virtual loss is left behind (it would show as a second visit of its own);
* results: 0 <= w <= n, in halves;
* proofs: an expanded node's bounds are the minimax of its children's (a missing child counts as
  unknown, a dead one not at all), unless the solver proved it;
* a playout limit is run exactly, and a deadline stops every thread."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catchup_notation.compiled import core
from catchup_notation.engine import Engine, Limit
from catchup_notation.engine.coremcts import core_tree
from catchup_notation.engine.mcts import Settings, Tree
from tests.test_engine_differential import KNOWN, position

pytestmark = pytest.mark.skipif(core("_hexcore") is None, reason="the compiled core is not built (or CATCHUP_PURE)")


def minimax(tree, i: int, mover: int) -> tuple[int, int] | None:
    """The bounds of a node from its children's: the best of them for its mover (a child not made
    yet may be anything, a dead one is no choice); None where every child is dead."""
    live = []
    for _, child in tree.children_of(i):
        if child < 0:
            live.append((-1, 1))
        elif not tree.info(child).dead:
            live.append((tree.info(child).lo, tree.info(child).hi))
    if not live:
        return None
    pick = max if mover == 1 else min
    return pick(lo for lo, _ in live), pick(hi for _, hi in live)


def broken_invariants(tree, *, full: bool) -> list[str]:
    """What a finished search's tree breaks of the invariants above (`full`: the memory bound
    was reached, so leaves may have begun many playouts)."""
    broken = []
    for i in range(tree.count):
        info = tree.info(i)
        children = [tree.info(child) for _, child in tree.children_of(i) if child >= 0]
        own = info.n - sum(child.n for child in children)
        if not (0 <= info.w <= info.n and info.w * 2 == int(info.w * 2)):
            broken.append(f"node {i}: w {info.w} of n {info.n}")
        proven_or_dead = info.lo == info.hi or info.dead
        if own < 0 or (i == 0 and not proven_or_dead and own != 0):
            broken.append(f"node {i}: {info.n} visits, its children's {info.n - own}")
        elif i > 0 and info.n > 0 and not proven_or_dead and not full and own != 1:
            broken.append(f"node {i}: {own} visits of its own")
        if info.expanded and not info.dead and not (info.tried and info.lo == info.hi):
            expected = minimax(tree, i, info.player)
            if expected != (info.lo, info.hi):
                broken.append(f"node {i}: bounds {(info.lo, info.hi)}, its children's {expected}")
    return broken


@given(
    st.sampled_from(KNOWN),
    st.sampled_from([3, 4, 5]),
    st.integers(0, 2**32 - 1),
    st.integers(0, 30),
    st.sampled_from([2, 3]),
)
@settings(max_examples=40, deadline=None)
def test_a_tree_searched_by_several_threads_keeps_every_invariant(name, size, seed, turns, threads):
    game = position(name, size, seed, turns)
    if game.over:
        return
    tree_settings = Settings(
        rave=(0, 30)[seed % 2],
        mast=(0.0, 0.5)[seed // 2 % 2],
        prior_bias=(0.0, 0.3)[seed // 4 % 2],
        max_nodes=(2_000_000, 300)[seed // 8 % 2],
    )
    tree = core_tree(game, seed, tree_settings, threads=threads)
    assert tree is not None
    done = tree.run(3000)
    root = tree.info(0)
    assert done == 3000 or root.lo == root.hi or root.dead
    assert tree.playouts == done
    for i in tree.untried(1, 99)[:5]:  # a few proofs, as the solver gives them, then more playouts
        tree.prove(i, i % 3 - 1)
    tree.run(2000)
    assert broken_invariants(tree, full=tree.count >= tree_settings.max_nodes) == []


@pytest.mark.parametrize("name", ["catchup", "alternative", "too"])
def test_the_reference_keeps_the_same_invariants(name):
    """The checks above hold on the one-thread reference: they say what a search keeps."""
    game = position(name, 4, 3, 2)
    tree = Tree(game, 3, Settings())
    tree.run(1500)
    for i in tree.untried(1, 99)[:5]:
        tree.prove(i, i % 3 - 1)
    tree.run(500)
    assert tree.count > 500  # a tree with something to check
    assert broken_invariants(tree, full=False) == []


def test_the_checks_find_a_visit_left_behind():
    """A tree with one visit too many (as a virtual loss not taken back would leave) fails them."""

    class Leaky:
        def __init__(self, tree, node: int) -> None:
            self.tree, self.node = tree, node

        def info(self, i: int):
            info = self.tree.info(i)
            return info._replace(n=info.n + 1) if i == self.node else info

        def __getattr__(self, name: str):
            return getattr(self.tree, name)

    game = position("catchup", 4, 1, 0)
    tree = Tree(game, 1, Settings())
    tree.run(300)
    leaf = next(i for i in range(1, tree.count) if not tree.info(i).expanded and tree.info(i).n == 1)
    assert broken_invariants(Leaky(tree, leaf), full=False)
    assert broken_invariants(tree, full=False) == []


def test_a_deadline_stops_every_thread():
    game = position("catchup", 5, 2, 0)
    tree = core_tree(game, 2, Settings(), threads=2)
    assert tree is not None
    started = time.monotonic()
    done = tree.run(10**9, started + 0.1)
    assert time.monotonic() - started < 5.0  # a hang detector with room for a loaded machine
    assert 0 < done < 10**9
    assert broken_invariants(tree, full=False) == []


def test_threads_are_refused_out_of_range():
    game = position("catchup", 4, 2, 0)
    hexcore = core("_hexcore")
    assert hexcore is not None
    for threads in (0, 65):
        tree = core_tree(game, 2, Settings(), threads=threads)
        assert tree is not None
        with pytest.raises(ValueError, match="threads"):
            tree.run(10)


@pytest.mark.parametrize("seed", range(4))
def test_two_threads_run_a_playout_limit_exactly_and_answer_soundly(seed):
    game = position("catchup", 5, seed, 6)
    analysis = Engine(seed=seed, threads=2, solver=False).analyse(game, Limit(playouts=5000), candidates=3)
    assert analysis.playouts == 5000
    assert analysis.threads == 2
    assert sum(c.value.visits or 0 for c in analysis.candidates) <= 5000
    game.copy().play(analysis.best)
    for candidate in analysis.candidates:
        game.copy().play(candidate.turn)  # every candidate a legal turn
