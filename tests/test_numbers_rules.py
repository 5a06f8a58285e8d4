"""Rules of number-set Catch-Up (Isaksen et al. 2015, section 2)."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from catchup_notation.errors import IllegalTurn
from catchup_notation.model import Turn
from catchup_notation.rules.registry import parse_variant


def new_game(numbers="1..4", scores="0:0"):
    return parse_variant(f"catch-up(set={numbers}, scores={scores})").new_game()


def play_all(game, turns):
    player = game.to_move
    for numbers in turns:
        game.play(Turn(player=player, numbers=tuple(numbers)))
        player = 3 - player
    return game


def test_figure_1_game_p2_wins_6_4():
    game = play_all(new_game(), [(3,), (2, 4), (1,)])
    result = game.score()
    assert game.over and game.to_move is None
    assert (result.status, result.reason, result.winner, result.draw) == ("finished", "numbers-exhausted", 2, False)
    assert result.scores == (4, 6)
    assert result.explanation == "P2 wins 6-4"
    assert result.groups == ((), ()) and result.decided_at is None


def test_section_2_1_draw_line():
    result = play_all(new_game(), [(2,), (1, 4), (3,)]).score()
    assert (result.status, result.winner, result.draw, result.scores) == ("finished", None, True, (5, 5))


def test_section_2_4_maximising_p1_loses_7_8():
    result = play_all(new_game("1..5"), [(5,), (1, 3, 4), (2,)]).score()
    assert result.winner == 2 and result.scores == (7, 8)


def test_state_snapshot():
    game = play_all(new_game(), [(3,)])
    state = game.state()
    assert state.remaining == (1, 2, 4) and state.scores == (3, 0)
    assert (state.to_move, state.turns_played, state.over) == (2, 1, False)


def test_unfinished_and_resigned_results():
    game = play_all(new_game(), [(3,)])
    unfinished = game.score()
    assert (unfinished.status, unfinished.reason, unfinished.winner) == ("unfinished", "unfinished", None)
    resigned = game.score(resigned=2)
    assert (resigned.status, resigned.reason, resigned.winner) == ("resigned", "resignation", 1)


def test_order_decides_legality_with_a_gap_of_3():
    game = play_all(new_game("1..5"), [(3,)])
    assert game.check(Turn(player=2, numbers=(2, 4))) is None
    error = game.check(Turn(player=2, numbers=(4, 2)))
    assert error.code == "kept-taking" and error.turn == 2 and error.player == 2 and error.numbers == (4, 2)
    assert "turn 2, P2" in error.message and "4" in error.message and "2" in error.message


@pytest.mark.parametrize(
    ("before", "turn", "code"),
    [
        ([(3,)], (2,), "stopped-behind"),
        ([(3,)], (), "stopped-behind"),
        ([(3,)], (3,), "not-available"),
        ([(3,)], (9,), "not-available"),
        ([(3,)], (1, 1), "not-available"),
        ([(3,)], (4, 9), "not-available"),  # not-available is checked before kept-taking
        ([], (1, 2), "kept-taking"),  # P1's first turn is one number: 1 >= 0 already
    ],
)
def test_error_codes(before, turn, code):
    game = play_all(new_game("1..5"), before)
    error = game.check(Turn(player=game.to_move, numbers=turn))
    assert error is not None and error.code == code


def test_wrong_player_and_game_over():
    game = new_game()
    assert game.check(Turn(player=2, numbers=(1,))).code == "wrong-player"
    play_all(game, [(3,), (2, 4), (1,)])
    error = game.check(Turn(player=2, numbers=(1,)))
    assert error.code == "game-over" and error.turn == 4


def test_taking_everything_while_still_behind_is_legal():
    game = play_all(new_game("{1,2,10}"), [(10,)])
    assert game.check(Turn(player=2, numbers=(1,))).code == "stopped-behind"
    game.play(Turn(player=2, numbers=(2, 1)))
    assert game.over and game.score().winner == 1 and game.score().explanation == "P1 wins 10-3"


def test_play_raises_and_leaves_state_unchanged():
    game = play_all(new_game(), [(3,)])
    before = game.state()
    with pytest.raises(IllegalTurn) as caught:
        game.play(Turn(player=2, numbers=(4, 1)))
    assert caught.value.error.code == "kept-taking"
    assert game.state() == before


def test_starting_scores_and_repeated_numbers():
    game = new_game("{2,2,2,3,3}", "0:3")
    assert sorted(game.legal_takes()) == [(2, 2), (2, 3), (3,)]
    game.play(Turn(player=1, numbers=(2, 2)))
    assert game.state().remaining == (2, 3, 3) and game.scores == (4, 3)


def test_legal_turns_for_p2_after_12_matches_table_5_branching():
    game = play_all(new_game("1..12"), [(12,)])
    turns = list(game.legal_takes())
    assert len(turns) == len(set(turns)) == 1470


# -- properties over random legal playouts -------------------------------------------------

multisets = st.lists(st.integers(min_value=1, max_value=9), min_size=1, max_size=7)
start_scores = st.tuples(st.integers(0, 6), st.integers(0, 6))


@given(numbers=multisets, scores=start_scores, seed=st.integers(0, 2**32 - 1))
def test_random_playouts_respect_the_rules(numbers, scores, seed):
    rng = random.Random(seed)
    spelled = "{" + ",".join(map(str, numbers)) + "}"
    game = new_game(spelled, f"{scores[0]}:{scores[1]}")
    turns = 0
    while not game.over:
        legal = list(game.legal_takes())
        assert legal and len(legal) == len(set(legal))
        for turn in legal:
            assert game.check(Turn(player=game.to_move, numbers=turn)) is None
        twin = game.copy()
        assert twin.state() == game.state()
        mover = game.to_move
        choice = game.random_take(rng)
        game.play(Turn(player=mover, numbers=choice))
        assert twin.state() != game.state()  # the copy is independent
        turns += 1
    assert sum(game.scores) == sum(numbers) + sum(scores)
    assert turns <= len(numbers)
    assert game.score().status == "finished"


@given(numbers=st.lists(st.integers(1, 9), min_size=2, max_size=7), seed=st.integers(0, 2**32 - 1))
def test_corrupted_turns_get_the_expected_code(numbers, seed):
    rng = random.Random(seed)
    game = new_game("{" + ",".join(map(str, numbers)) + "}")
    while not game.over:
        mover = game.to_move
        turn = game.random_take(rng)
        remaining = game.remaining
        mine, theirs = game.scores[mover - 1], game.scores[2 - mover]
        # a number that does not remain
        assert game.check(Turn(mover, numbers=(*turn, max(remaining) + 1))).code == "not-available"
        assert game.check(Turn(3 - mover, numbers=turn)).code == "wrong-player"
        assert game.check(Turn(mover, numbers=())).code == "stopped-behind"
        if len(turn) > 1:
            # dropping the last number stops the turn behind
            assert game.check(Turn(mover, numbers=turn[:-1])).code == "stopped-behind"
        if len(turn) < len(remaining) and mine + sum(turn) >= theirs:
            # going on after catching up
            left = list(remaining)
            for v in turn:
                left.remove(v)
            assert game.check(Turn(mover, numbers=(*turn, left[0]))).code == "kept-taking"
        game.play(Turn(mover, numbers=turn))
    assert game.check(Turn(1, numbers=(numbers[0],))).code == "game-over"
