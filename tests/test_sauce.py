"""SAUCE (Taylor and Neto, 2013): the 12 opening, passes, "ahead" as the cascading comparison, filling
what remains; checked by hand-made positions and against the plain reference (tests/reference_rules.py)."""

from __future__ import annotations

import pytest
from cli_records import run
from helpers import game_after, record, turn
from hypothesis import given
from hypothesis import strategies as st
from test_hex_differential import test_engine_agrees_with_reference_at_every_step as differential

from catchup_notation.rules.registry import parse_variant
from catchup_notation.rules.replay import replay
from catchup_notation.solvers.endgame import EndgameError, solve_endgame


@given(st.integers(min_value=2, max_value=6), st.integers(min_value=0, max_value=2**32 - 1))
def test_engine_agrees_with_the_reference(side, seed):
    differential.hypothesis.inner_test("sauce", side, seed)


def test_the_opening_is_one_stone_then_exactly_two_or_a_pass():
    game = parse_variant("sauce").new_game()
    assert game.allowed_counts() == (1,)
    assert game.check(turn(1, "")).code == "stone-count"  # no pass on the first turn
    game.play(turn(1, "E1"))
    assert game.allowed_counts() == (0, 2)
    assert game.check(turn(2, "E5")).code == "stone-count"
    assert game.check(turn(2, "E5 E6 E7")).code == "stone-count"


def test_three_stones_when_the_opponent_leads_group_by_group_though_the_largest_are_equal():
    # O: E1, A1-A2, I1 -> groups 2 1 1; X: E5-E6 -> 2. Largest equal, O ahead on the second group
    game = game_after("sauce", "E1", "E5 E6", "A1 A2 I1")
    assert game.allowed_counts() == (0, 3)
    assert "ahead" in game.reason() and "pass" in game.reason()
    # Ketchup 3.0, which SAUCE modifies, looks at the largest groups only
    assert game_after("ketchup-3", "E1", "E5 E6", "A1 A2 I1").allowed_counts() == (2,)


def test_the_lead_changes_hands_and_three_stones_are_required():
    # after the opening X leads (2 against 1), so O places 3; then O leads and X places 3, ...
    game = game_after("sauce", "E1", "E5 E6", "A1 A2 A3")
    assert game.allowed_counts() == (0, 3)  # O leads 3 against 2
    game.play(turn(2, "I1 I2 I3"))  # X: 3 2 against O: 3 1: X leads
    assert game.allowed_counts() == (0, 3)
    game.play(turn(1, "C1 C2 C3"))  # O: 3 3 1 against X: 3 2: O leads, so X must place 3, not 2
    assert game.allowed_counts() == (0, 3)
    assert replay(record("sauce", "E1", "E5 E6", "A1 A2 A3", "I1 I2 I3", "C1 C2 C3", "G1 G2")).error.code == (
        "stone-count"
    )


def test_both_players_may_pass_and_only_a_full_board_ends_the_game():
    played = replay(record("sauce", "B2", "-", "-", "-", "-", side=2))
    assert played.error is None and not played.game.over
    assert played.game.score().status == "unfinished"


def test_the_endgame_solver_refuses_a_game_that_may_never_end():
    with pytest.raises(EndgameError, match="pass for ever"):
        solve_endgame(game_after("sauce", "A1", side=2))


def test_registered_with_sources_and_confidence():
    spec = parse_variant("sauce").spec
    assert spec.family == "hex" and spec.players == ("O", "X")
    assert any("2013" in s for s in spec.sources) and spec.confidence.startswith("Medium")
    assert parse_variant("taylor-neto").spec is spec


def test_adjudicate_solve_endgame_says_why_a_sauce_endgame_is_not_solved(tmp_path):
    path = tmp_path / "s.sgf"
    path.write_text("(;FF[4]SZ[3];W[C3];B[B2C2];W[])\n")
    result = run("adjudicate", "--variant", "sauce(size=3)", "--solve-endgame", str(path))
    assert result.exit_code == 0 and "endgame not solved: sauce: both players may pass for ever" in result.stdout
