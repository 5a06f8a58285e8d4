"""Exhaustive statistics of Catch-Up({1..N}) against the paper's Tables 5 and 6 (Isaksen et al. 2015)."""

from math import factorial

import pytest

from catchup_notation.model import Turn
from catchup_notation.rules.registry import parse_variant
from catchup_notation.solvers.numberset.stats import level_branching, tree_stats

# Table 5 (published): N -> (state-space size, max branching factor, min depth, win %, tie %, loss %).
# Game-tree size is N! for every row.
TABLE_5 = {
    3: (11, 3, 2, "16.67", "66.67", "16.67"),
    4: (33, 6, 2, "33.33", "33.33", "33.33"),
    5: (90, 16, 3, "50.00", "0.00", "50.00"),
    6: (236, 36, 3, "50.00", "0.00", "50.00"),
    7: (591, 78, 3, "38.57", "22.86", "38.57"),
    8: (1453, 150, 4, "38.93", "22.14", "38.93"),
    9: (3484, 272, 4, "50.00", "0.00", "50.00"),
    10: (8174, 474, 4, "50.00", "0.00", "50.00"),
    11: (18799, 886, 5, "41.90", "16.19", "41.90"),
    12: (42587, 1470, 5, "42.47", "15.06", "42.47"),
}

# Table 6 (published), Catch-Up({1..12}): per turn, B_avg and B_max.
TABLE_6_AVERAGE = ("12", "366.67", "35.42", "15.52", "7.80", "4.32", "2.72", "1.94", "1.52", "1.27", "1.11", "1.00")
TABLE_6_MAXIMUM = (12, 1470, 738, 738, 560, 560, 258, 108, 24, 6, 2, 1)


@pytest.mark.parametrize("n", sorted(TABLE_5))
def test_table_5_row(n):
    stats = tree_stats(range(1, n + 1))
    states, branching, depth, win, tie, loss = TABLE_5[n]
    assert stats.game_tree_size == factorial(n)
    assert stats.p1_wins + stats.draws + stats.p1_losses == stats.game_tree_size
    assert stats.state_space_size == states
    assert stats.max_branching == branching
    assert stats.min_depth == depth
    assert (f"{stats.win_percent:.2f}", f"{stats.tie_percent:.2f}", f"{stats.loss_percent:.2f}") == (win, tie, loss)


def test_table_6_for_1_to_12():
    levels = level_branching(range(1, 13))
    assert [level.level for level in levels] == list(range(1, 13))
    assert tuple(level.maximum for level in levels) == TABLE_6_MAXIMUM
    averages = tuple(f"{level.average:.2f}" for level in levels)
    assert tuple(float(a) for a in averages) == tuple(float(a) for a in TABLE_6_AVERAGE)
    # the literal "moves / unique states" reading agrees only on the first two levels
    assert [round(level.average_per_state, 2) for level in levels[:2]] == [12.0, 366.67]
    assert levels[2].average_per_state > levels[2].average


def test_repeated_numbers_count_distinct_value_sequences():
    stats = tree_stats((2, 2, 2, 3, 3))
    assert stats.game_tree_size == factorial(5) // (factorial(3) * factorial(2))
    assert stats.p1_wins + stats.draws + stats.p1_losses == stats.game_tree_size
    assert stats.draws > 0  # "drawn games are still possible for this set"


def test_state_space_of_1_to_3_by_hand():
    # start; P1 took 1, 2 or 3; after P2: {3} 1-2, {2} 1-3, {1} 2-3, {} 2-4, {} 3-3; after P1: {} 4-2, {} 3-3
    assert tree_stats((1, 2, 3)).state_space_size == 1 + 3 + 5 + 2


def enumerate_tree(numbers, scores):
    """Table 5's measures by walking every game with the rules engine (independent of the counting)."""
    game = parse_variant("catch-up", set=numbers, scores=scores).new_game()
    leaves = {"p1": 0, "draw": 0, "p2": 0}
    states, depths = set(), []

    def walk(game, depth):
        states.add((game.to_move or 3 - last_mover(game), game.remaining, game.scores))
        if game.over:
            result = game.score()
            leaves["draw" if result.draw else f"p{result.winner}"] += 1
            depths.append(depth)
            return
        for turn in game.legal_takes():
            child = game.copy()
            child.play(Turn(player=game.to_move, numbers=turn))
            walk(child, depth + 1)

    def last_mover(game):
        return 2 if game.turns_played % 2 == 0 else 1

    walk(game, 0)
    first = list(game.legal_takes())
    replies = []
    for turn in first:
        child = game.copy()
        child.play(Turn(player=1, numbers=turn))
        replies.append(len(list(child.legal_takes())))
    return leaves, len(states), min(depths), max([len(first), *replies])


@pytest.mark.parametrize(
    ("numbers", "scores"),
    [((1, 2, 3, 4, 5, 6), (0, 0)), ((1, 2, 3, 4), (0, 3)), ((2, 2, 2, 3, 3), (0, 0)), ((1, 1, 2, 5, 5, 6), (2, 0))],
)
def test_counting_agrees_with_walking_every_game(numbers, scores):
    leaves, states, depth, branching = enumerate_tree(numbers, scores)
    stats = tree_stats(numbers, scores)
    assert (stats.p1_wins, stats.draws, stats.p1_losses) == (leaves["p1"], leaves["draw"], leaves["p2"])
    assert stats.game_tree_size == sum(leaves.values())
    assert (stats.state_space_size, stats.min_depth, stats.max_branching) == (states, depth, branching)
