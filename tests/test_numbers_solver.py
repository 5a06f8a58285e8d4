"""Exact solutions of number-set Catch-Up against the paper's claims (Isaksen et al. 2015)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from catchup_notation.model import Turn
from catchup_notation.rules.registry import parse_variant
from catchup_notation.solvers.numberset.solver import game_value, plain_value, reference_value, solve, solve_game

# Table 2: optimal play values for Catch-Up({1..N}) relative to P1 (published figures).
TABLE_2 = {3: 0, 4: 0, 5: 1, 6: 1, 7: 0, 8: 0, 9: -1, 10: -1, 11: 0, 12: 0, 13: 1, 14: -1,
           15: 0, 16: 0, 17: 1, 18: -1, 19: 0, 20: 0}  # fmt: skip


def played(numbers, turns):
    game = parse_variant(f"catch-up(set={numbers})").new_game()
    for numbers_taken in turns:
        game.play(Turn(player=game.to_move, numbers=numbers_taken))
    return game


@pytest.mark.parametrize("n", range(3, 15))
def test_table_2_values(n):
    assert game_value(range(1, n + 1)) == TABLE_2[n]


@pytest.mark.parametrize("n", range(3, 9))
def test_fast_solver_agrees_with_plain_minimax(n):
    assert plain_value(range(1, n + 1)) == TABLE_2[n]


def test_figure_2_optimal_first_moves_for_1_to_4():
    solution = solve((1, 2, 3, 4), with_moves=True)
    assert solution.value == 0
    assert solution.best_moves == ((1,), (2,))
    assert dict(solution.move_values) == {(1,): 0, (2,): 0, (3,): -1, (4,): -1}


def test_figure_3a_one_win_one_draw_the_rest_lose():
    # P2 is to move, 4 behind (the paper's text says "P1's optimal move" here, but the turn is P2's)
    solution = solve_game(played("1..7", [(3,), (5,), (6,)]), with_moves=True)
    assert solution.to_move == 2 and solution.mover_value == 1 and solution.value == -1
    values = dict(solution.move_values)
    assert len(values) == 8  # "a 7/8 chance of choosing a sub-optimal move"
    assert solution.best_moves == ((1, 2, 7),)
    assert [m for m, v in values.items() if v == 0] == [(2, 7)]
    assert sum(v == -1 for v in values.values()) == 6


def test_figure_3b_smaller_sum_wins():
    values = dict(solve_game(played("1..7", [(2,), (5,), (7,)]), with_moves=True).move_values)
    assert values[(1, 6)] == 1  # 7 points, forces a win
    assert values[(3, 6)] == 0  # 9 points, only a draw
    assert values[(3, 4)] == -1  # 7 points, a loss


def test_section_2_5_endgame():
    game = played("1..7", [(1,), (2,), (5,), (6,)])
    solution = solve_game(game, with_moves=True)
    assert solution.value == -1 and dict(solution.move_values) == {(3,): -1, (4,): -1, (7,): -1}
    for first in ((3,), (4,)):
        after = game.copy()
        after.play(Turn(player=1, numbers=first))
        reply = solve_game(after, with_moves=True)
        assert reply.best_moves == ((7,),) and reply.mover_value == 1
        assert all(v == -1 for m, v in reply.move_values if m != (7,))  # anything else loses for P2


def test_section_2_6_repeated_numbers_p1_wins_with_2():
    solution = solve((2, 2, 2, 3, 3), with_moves=True)
    assert solution.value == 1 and solution.best_moves == ((2,),)
    assert plain_value((2, 2, 2, 3, 3)) == 1


def test_p2_value_reported_for_p1():
    game = played("1..5", [(5,)])
    solution = solve_game(game)
    assert solution.to_move == 2 and solution.value == -solution.mover_value
    assert solution.value == plain_value(game.remaining, game.scores, to_move=2)


def test_finished_game():
    solution = solve_game(played("1..4", [(3,), (2, 4), (1,)]))
    assert solution.value == -1 and solution.best_moves == ()


@pytest.mark.parametrize("n", [15, 16])
def test_independent_reference_search_agrees(n):
    value, nodes = reference_value(range(1, n + 1))
    assert value == TABLE_2[n] == game_value(range(1, n + 1)) and nodes > 0


@given(
    numbers=st.lists(st.integers(1, 8), min_size=1, max_size=7),
    scores=st.tuples(st.integers(0, 8), st.integers(0, 8)),
    to_move=st.sampled_from([1, 2]),
)
def test_three_implementations_agree_on_random_positions(numbers, scores, to_move):
    expected = plain_value(numbers, scores, to_move)
    assert solve(numbers, scores, to_move).value == expected  # the value alone
    solution = solve(numbers, scores, to_move, with_moves=True)
    assert solution.value == expected
    assert reference_value(numbers, scores, to_move)[0] == expected
    # every move valued by the null-window tests has its exact value: play it, solve what is left
    assert max(v for _, v in solution.move_values) == solution.mover_value
    for move, v in solution.move_values:
        left = sorted(numbers)
        for x in move:
            left.remove(x)
        after = list(scores)
        after[to_move - 1] += sum(move)
        p1_value = plain_value(left, (after[0], after[1]), 3 - to_move)
        assert (p1_value if to_move == 1 else -p1_value) == v


def test_reference_search_returns_exact_table_entries():
    # Regression: an exact (lower == upper) table entry met with a wider window used to narrow the
    # window to nothing and store a contradictory bound; found by the thorough profile.
    assert reference_value((2, 2, 3, 5, 7), (0, 1))[0] == plain_value((2, 2, 3, 5, 7), (0, 1)) == 0
    assert reference_value((2, 3, 4, 5, 7), (1, 0))[0] == plain_value((2, 3, 4, 5, 7), (1, 0)) == 0


def test_reference_search_on_every_small_position():
    """Every multiset of up to 5 numbers from 1..7, leads -4..4, either player to move."""
    from itertools import combinations_with_replacement

    for size in range(1, 6):
        for numbers in combinations_with_replacement(range(1, 8), size):
            for lead in range(-4, 5):
                scores = (max(lead, 0), max(-lead, 0))
                for to_move in (1, 2):
                    expected = plain_value(numbers, scores, to_move)
                    assert reference_value(numbers, scores, to_move)[0] == expected, (numbers, scores, to_move)
