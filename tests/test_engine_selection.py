"""Selection's progressive bias (mcts.Settings.prior_bias): what `Tree.knowledge` says of each
action, checked against groups found another way (a flood fill, not the game's union-find); that
the bias steers the first visits as it should; and that it is off by default. The compiled search
builds the same trees with the bias on (tests/test_engine_differential.py)."""

from __future__ import annotations

import random

from catchup_notation.engine.mcts import Settings, Tree, count_action, stone_action
from tests.test_engine_differential import position


def flood_groups(game, colour: int) -> list[set[int]]:
    """The groups of a colour, found by flood fill."""
    near, seen, groups = game.board.neighbours, set(), []
    for start, owner in enumerate(game.owner):
        if owner != colour or start in seen:
            continue
        group, todo = set(), [start]
        while todo:
            cell = todo.pop()
            if cell in group:
                continue
            group.add(cell)
            todo.extend(j for j in near[cell] if game.owner[j] == colour)
        seen |= group
        groups.append(group)
    return groups


def expected_knowledge(game, cells: list[int], cell: int) -> int:
    player, near = game.mover, set(game.board.neighbours[cell])
    mine = flood_groups(game, player)
    theirs = flood_groups(game, 3 - player)
    largest = max((len(g) for g in theirs), default=0)
    own = any(game.owner[j] == player for j in near) or bool(near & set(cells))
    joins = sum(1 for g in mine if g & near) >= 2
    blocks = any(len(g) == largest and g & near for g in theirs)
    return own + joins + blocks


def test_the_knowledge_of_a_stone_is_what_its_neighbours_say():
    seen = set()
    for seed in range(16):
        game = position("catchup", 5, seed, 4 + seed * 2)
        if game.over:
            continue
        empty = [i for i, owner in enumerate(game.owner) if owner == 0]
        rng = random.Random(seed)
        cells = sorted(rng.sample(empty, 1)) if seed % 2 else []  # a stone placed earlier in the turn
        colours = [game.mover] * len(cells)
        for cell in empty:
            if cell in cells:
                continue
            action = stone_action(cell, game.mover, game.mover)
            found = Tree.knowledge(game, cells, colours, game.mover, action, action)
            assert found == expected_knowledge(game, cells, cell), (seed, cell)
            seen.add(found)
            # a stone of the opponent's colour knows nothing
            assert Tree.knowledge(game, cells, colours, game.mover, action | 1, action) == 0
    assert seen == {0, 1, 2, 3}


def test_the_largest_count_is_the_one_known():
    game = position("catchup", 4, 1, 3)
    counts = [count_action(m) for m in (1, 2, 3)]
    assert [Tree.knowledge(game, [], [], game.mover, a, counts[-1]) for a in counts] == [0, 0, 3]


def test_a_strong_bias_tries_the_best_known_stones_first():
    game = position("catchup", 5, 3, 8)
    settings = Settings(prior_bias=10.0)
    tree = Tree(game, 5, settings)
    tree.run(200)
    root = tree.root
    assert root.actions is not None and root.actions[0] < 0  # the count is chosen first
    count_node = root.children[len(root.actions) - 1]  # the largest count, tried first and most
    assert count_node is not None and count_node.n == max(c.n for c in root.children if c is not None)
    best = max(count_node.prior)
    top = {a for a, h in zip(count_node.actions, count_node.prior, strict=True) if h == best}
    first = sorted((c for c in count_node.children if c is not None), key=lambda c: c.number)[: len(top)]
    assert {c.action for c in first} == top
    plain = Tree(game, 5, Settings())
    plain.run(200)
    assert Settings().prior_bias == 0.0 and plain.root.children[0] is not None  # off: in order, the smallest first
