"""Hand-worked positions for each hex variant: allowed counts, reasons and error messages."""

import random

import pytest
from helpers import game_after, record, turn
from hypothesis import given
from hypothesis import strategies as st

from catchup_notation.errors import IllegalTurn
from catchup_notation.model import Turn
from catchup_notation.rules.registry import parse_variant
from catchup_notation.rules.replay import replay

# -- catchup (current rules) -----------------------------------------------------------------


def test_catchup_score_trigger_branches():
    g = game_after("catchup", "E5")
    assert g.allowed_counts() == (1, 2)  # White's opening 1 -> 1 is no increase
    g = game_after("catchup", "E5", "A1 A2")  # Black 1 -> 2, at least White's 1
    assert g.allowed_counts() == (1, 2, 3)
    assert "Black's score rose to 2 on turn 2, at least White's 1" in g.allowance().reason
    g = game_after("catchup", "E5", "A1 A2", "E6 E7 E8")  # White 1 -> 4
    assert g.scores[1:] == [4, 2] and g.allowed_counts() == (1, 2, 3)
    g = game_after("catchup", "E5", "A1 A2", "E6 E7 E8", "A3")  # Black 2 -> 3, still below 4
    assert g.allowed_counts() == (1, 2)
    assert g.allowance().reason == "Black's score rose to 3 on turn 4 but stays below White's 4"
    g = game_after("catchup", "E5", "A1 A2", "E6 E7 E8", "A3", "I1", "A4")  # Black catches up to a tie
    assert g.scores[1:] == [4, 4] and g.allowed_counts() == (1, 2, 3)  # a tie counts as leading


def test_catchup_error_sentence_names_turn_player_count_and_why():
    played = replay(record("catchup", "E5", "A1 A2", "E6 E7 E8", "A3", "I1", "B1 B2 B3"))
    assert played.error.code == "stone-count"
    assert played.error.turn == 6 and played.error.player == 2
    assert played.error.message == (
        "turn 6, Black: 3 stones, but only 1 or 2 are allowed: White's score did not increase on turn 5"
    )
    assert played.game.turns_played == 5


def test_first_turn_is_one_stone_in_every_variant():
    for name in (
        "catchup",
        "catchup-2012",
        "ketchup-4",
        "ketchup-4-amended",
        "ketchup-3",
        "ketchup-2",
        "ketchup-1",
        "alternative",
    ):
        played = replay(record(name, "E5 E6"))
        assert played.error.code == "stone-count", name
        assert "the first turn places exactly 1 stone" in played.error.message


@pytest.mark.parametrize(
    "turns, code, cells",
    [
        (("E5", "A1 J1"), "off-board", "J1"),
        (("E5", "A1 A1"), "duplicate-cell", "A1"),
        (("E5", "E5 A1"), "occupied", "E5"),
        (("E5", "-"), "stone-count", None),
        (("E5", "A1 A9 A1"), "off-board", "A9"),  # off-board is reported before the duplicate
        (("E5", "E5 E5"), "duplicate-cell", "E5"),  # duplicate before occupied
    ],
)
def test_error_order_within_a_turn(turns, code, cells):
    from helpers import cell

    played = replay(record("catchup", *turns))
    assert played.error.code == code
    if cells:
        assert played.error.cells == (cell(cells),) or cells == "A9"


def test_game_over_and_wrong_player():
    full = replay(record("catchup", "B1", "A1 A2", side=2))
    assert not full.error
    played = replay(record("catchup", "B1", "A1 A2", "B2 B3", "C1 C2", "C2", side=2))
    assert played.error.code == "game-over"
    assert "already over after turn 4" in played.error.message
    g = game_after("catchup", "E5")
    with pytest.raises(IllegalTurn) as info:
        g.play(turn(1, "A1"))
    assert info.value.error.code == "wrong-player"
    assert g.turns_played == 1  # nothing changed


# -- catchup-2012 ----------------------------------------------------------------------------


def test_2012_bonus_follows_growth_of_the_board_maximum():
    assert game_after("catchup-2012", "E5").allowed_counts() == (1, 2)  # the opening never grants
    g = game_after("catchup-2012", "E5", "A1 A2")  # board max 1 -> 2
    assert g.allowed_counts() == (1, 2, 3)
    g = game_after("catchup-2012", "E5", "A1 A2", "E6", "I1")  # White 2 (board max stays 2), Black 1 stone
    assert g.allowed_counts() == (1, 2)
    # growing the board maximum while still behind grants the bonus here, not in catchup
    # catching up to a tie: a bonus under catchup, none under catchup-2012 (the board maximum stays 3)
    tie = ("E5", "A1", "E6 E7", "A2 A3")
    assert game_after("catchup-2012", *tie).allowed_counts() == (1, 2)
    assert game_after("catchup", *tie).allowed_counts() == (1, 2, 3)
    # overtaking grows the board maximum: a bonus under both
    ahead = ("E5", "A1", "E6 E7", "A2 A3 A4")
    assert game_after("catchup-2012", *ahead[:3]).allowed_counts() == (1, 2, 3)
    assert replay(record("catchup-2012", *ahead, "B1")).error is None


# -- ketchup-4 -------------------------------------------------------------------------------


def test_ketchup4_literal_opening_grants_three_and_amended_does_not():
    assert game_after("ketchup-4", "E5").allowed_counts() == (2, 3)
    assert game_after("ketchup-4-amended", "E5").allowed_counts() == (1, 2)


def test_ketchup4_bonus_needs_a_strictly_largest_group():
    g = game_after("ketchup-4", "E5", "A1 A3")  # Green's stones are single: no group > every other
    assert g.allowed_counts() == (2,)
    assert g.allowance().reason == "Green made no group larger than every other on turn 2"
    g = game_after("ketchup-4", "E5", "A1 A2")  # Green's pair is larger than Red's single stone
    assert g.allowed_counts() == (2, 3)
    g = game_after("ketchup-4", "E5", "A1 A2", "E6 I1")  # Red's pair ties Green's: no bonus
    assert g.allowed_counts() == (2,)


def test_ketchup4_fills_what_remains():
    # Red's opening grants Green 3 (literal 4.0); Red's B1-B2-B3 then grants Green 3 again
    g = game_after("ketchup-4", "B2", "A1 A2 C1", "B1 B3", side=2)
    assert g.base_counts() == (2, 3)
    assert g.empty == 1 and g.allowed_counts() == (1,)
    assert "only 1 empty cell remains" in g.allowance().reason


# -- ketchup-3 -------------------------------------------------------------------------------


def test_ketchup3_behind_player_must_place_three():
    assert game_after("ketchup-3", "E5").allowed_counts() == (2,)
    g = game_after("ketchup-3", "E5", "A1 A2")  # Red's 1 < Green's 2
    assert g.allowed_counts() == (3,)
    played = replay(record("ketchup-3", "E5", "A1 A2", "E6 E7"))
    assert played.error.code == "stone-count"
    assert played.error.message == (
        "turn 3, Red: 2 stones, but exactly 3 are required: Red's largest group (1) is smaller than Green's (2)"
    )


# -- ketchup-2 and the reconstructed ketchup-1 ------------------------------------------------


def test_ketchup2_opening_phase_pass_and_equal_groups():
    g = game_after("ketchup-2", "E5", "A1 A3")  # no pair yet: 2 stones each
    assert g.allowed_counts() == (2,)
    g = game_after("ketchup-2", "E5", "A1 A2")  # Red is now the smaller: 3 or pass
    assert g.allowed_counts() == (0, 3)
    assert not replay(record("ketchup-2", "E5", "A1 A2", "-")).error
    played = replay(record("ketchup-2", "E5", "A1 A2", "E6 I1 I3"))  # Red 2 = Green 2
    assert played.error.code == "equal-largest-groups"
    assert "both largest groups at 2 stones" in played.error.message
    played = replay(record("ketchup-2", "E5", "A1 A2", "-", "A3"))  # Green leads: exactly 2
    assert played.error.code == "stone-count" and "exactly 2 are required" in played.error.message


def test_ketchup1_has_no_opening_phase():
    assert game_after("ketchup-1", "E5").allowed_counts() == (0, 3)
    played = replay(record("ketchup-1", "E5", "A1 A3 A5"))  # three single stones: 1 = 1
    assert played.error.code == "equal-largest-groups"
    assert not replay(record("ketchup-1", "E5", "-")).error


def test_ketchup2_ends_when_the_mover_has_no_legal_turn():
    # side 2 (7 cells): Green passes with 1 cell left; Red, the larger, would need 2 stones
    g = game_after("ketchup-2", "B2", "A1 A2", "B1 B3 C1", "-", side=2)
    assert g.empty == 1 and g.over and g.end_reason == "no-legal-turn"
    result = g.score()
    assert result.status == "finished" and result.reason == "no-legal-turn" and result.winner == 1


# -- alternative -----------------------------------------------------------------------------


def test_alternative_two_stones_must_not_grow_the_largest_group():
    assert game_after("alternative", "E5").allowed_counts() == (1, 2)
    played = replay(record("alternative", "E5", "A1 A2"))
    assert played.error.code == "largest-group-grew"
    assert played.error.message == (
        "turn 2, Black: a 2-stone turn must leave the largest group on the board at 1, but this one makes it 2"
    )
    assert not replay(record("alternative", "E5", "A1 A3", "E6")).error  # 1 stone may grow it
    # two stones joined only through an existing group still make one group
    played = replay(record("alternative", "E5", "A2", "I1", "A1 A3"))
    assert played.error.code == "largest-group-grew"


@given(st.sampled_from(["catchup", "catchup-2012", "alternative"]), st.integers(2, 6), st.integers(0, 2**32 - 1))
def test_variants_that_skip_the_stall_check_always_allow_one_stone(name, side, seed):
    # `may_stall = False` lets these engines skip the no-legal-turn check after every turn: it
    # holds only if a single stone on any empty cell is legal in every position of the game.
    rng = random.Random(seed)
    game = parse_variant(name, size=side).new_game()
    assert not game.may_stall
    while not game.over:
        cell = rng.choice(game.empty_cells())
        assert game.check(Turn(game.mover, (cell,))) is None
        game.play(game.random_turn(rng))
