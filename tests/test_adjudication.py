"""Adjudication: the cascading comparison (the examples of The Genius's rules page), endings, and a game from a post."""

import random

import pytest
from helpers import game_after, record

from catchup_notation.model import Ending, Record, Turn
from catchup_notation.rules.adjudicate import adjudicate
from catchup_notation.rules.inference import accepting_variants
from catchup_notation.rules.scoring import compare_groups, describe_verdict


@pytest.mark.parametrize(
    "first, second, winner, position",
    [
        ((11, 8, 8, 3), (11, 8, 7, 4, 1), 1, 2),  # The Genius's rules page: the third-largest decides
        ((11, 8, 8, 3), (11, 8, 8, 3, 1), 2, 4),  # The Genius's rules page: a fifth group beats none
        ((4, 3, 2), (4, 3, 1, 1), 1, 2),  # The Genius's rules page: Red's 4-3-2 beats Blue's 4-3-1-1
        ((23, 1), (22, 5, 4), 1, 0),
        ((3, 2), (3, 2), None, None),
    ],
)
def test_cascading_comparison(first, second, winner, position):
    assert compare_groups(first, second) == (winner, position)


def test_verdict_words():
    text = describe_verdict(((23, 1), (22, 5, 4, 3)), 1, 0, ("White", "Black"))
    assert text == "White wins 23-1 against Black 22-5-...: decided by the largest group"
    text = describe_verdict(((11, 8, 8, 3), (11, 8, 7, 4, 1)), 1, 2, ("Red", "Blue"))
    assert text == "Red wins 11-8-8-3 against Blue 11-8-7-4-...: decided by the 3rd-largest groups"


# The game of examples/rga-post-restored.txt in its own doubled coordinates, with the two cells the
# post's diagram corrects (h3 -> h4 on turn 5, n3 -> o3 on turn 12); the second player resigned
# after turn 15.
POST_GAME = "m5|a5 g3|m7 d8|c3 m1|g7 h4|j6 e1|l4 i5|g5 h6 k7|f8 b6 i3|i7 c5|f6 k5 c7|l2 h2 o3|j4 j2|f2 b4 o5|g1 i1"


def rga_cell(name: str, side: int = 5):
    radius = side - 1
    x, row = ord(name[0]) - ord("a"), int(name[1:])
    r = row - radius - 1
    assert (x - r - 2 * radius) % 2 == 0
    return ((x - r - 2 * radius) // 2, r)


def post_game_record() -> Record:
    turns = tuple(Turn(1 + i % 2, tuple(rga_cell(c) for c in t.split())) for i, t in enumerate(POST_GAME.split("|")))
    return Record("catchup(size=5)", turns, resigned=2)


def test_the_post_game_is_won_by_the_first_player_by_resignation():
    result = adjudicate(post_game_record())
    assert result.status == "resigned" and result.reason == "resignation"
    assert result.winner == 1 and not result.draw
    assert sum(map(sum, result.groups)) == 1 + 2 * 9 + 3 * 5  # 34 stones on the board


def test_the_post_game_rule_versions():
    assert accepting_variants(post_game_record()) == [
        "catchup(size=5)",
        "catchup-2012(size=5)",
        "ketchup-3(size=5)",
        "ketchup-2(size=5)",
    ]
    for name in ("ketchup-4", "ketchup-4-amended", "alternative"):
        assert adjudicate(post_game_record(), name).status == "invalid"


def test_unfinished_games_get_no_winner_but_a_standing():
    result = adjudicate(record("catchup", "E5", "A1 A2", "E6 E7 E8"))
    assert result.status == "unfinished" and result.winner is None and not result.draw
    assert result.groups == ((4,), (2,))
    assert "unfinished after turn 3 with 55 empty cells" in result.explanation
    assert "White leads 4 against Black 2" in result.explanation


def test_finished_and_invalid_and_late_resignation():
    full = ("B1", "A1 A2", "B2 B3", "C1 C2")
    result = adjudicate(record("catchup", *full, side=2))
    assert result.status == "finished" and result.reason == "board-full" and result.winner in (1, 2)
    assert result.decided_at is not None
    late = adjudicate(record("catchup", *full, side=2, resigned=2))
    assert late.status == "finished" and "ignored" in late.explanation
    bad = adjudicate(record("catchup", "E5 E6"))
    assert bad.status == "invalid" and bad.reason == "rule-error" and bad.winner is None


# --- game-server endings (Record.ending) ----------------------------------------------------------


def _ended(ending, *turns, side=5):
    base = record("catchup", *turns, side=side)
    return Record(base.variant, base.turns, ending=ending)


@pytest.mark.parametrize(
    ("ending", "status", "winner", "draw", "reason"),
    [
        (Ending("timeout", 1), "timeout", 2, False, "timeout"),
        (Ending("timeout", 2), "timeout", 1, False, "timeout"),
        (Ending("draw"), "draw", None, True, "draw-agreed"),
        (Ending("abandoned"), "abandoned", None, False, "abandoned"),
    ],
)
def test_an_ending_before_the_rules_end_the_game_decides(ending, status, winner, draw, reason):
    result = adjudicate(_ended(ending, "E5", "D4 F6"))
    assert (result.status, result.winner, result.draw, result.reason) == (status, winner, draw, reason)
    assert result.groups == ((1,), (1, 1))


def test_an_ending_after_the_rules_ended_the_game_is_ignored():
    game, rng = game_after("catchup", "A1", side=2), random.Random(1)  # side 2: 7 cells, soon full
    turns = list(record("catchup", "A1", side=2).turns)
    while not game.over:
        turns.append(game.random_turn(rng))
        game.play(turns[-1])
    result = adjudicate(Record("catchup(size=2)", tuple(turns), ending=Ending("draw")))
    assert result.status == "finished" and "came after the end and is ignored" in result.explanation


def test_a_rule_broken_before_an_ending_makes_the_record_invalid():
    result = adjudicate(_ended(Ending("timeout", 2), "E5", "E5"))
    assert result.status == "invalid" and result.winner is None
