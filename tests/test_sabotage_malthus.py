"""Sabotage Malthus (Neto and Taylor, 2014): the start position, turns of as many stones as the
mover's own groups of 2 or more, stones of either colour, two passes in a row; checked by hand-made
positions, against the plain reference (tests/reference_rules.py), in every format that can carry
it, and in the solver (which refuses it) and the viewer."""

from __future__ import annotations

import json

import pytest
from cli_records import run
from hypothesis import given
from hypothesis import strategies as st
from reference_rules import doubled_names, malthus_start
from test_hex_differential import test_engine_agrees_with_reference_at_every_step as differential
from test_hex_differential import test_single_corruption_is_reported_at_its_turn as corruption

import catchup_notation as cn
from catchup_notation.errors import VariantError, WriteError
from catchup_notation.formats import parse_text, write_text
from catchup_notation.formats.rga.board import hexhex_frame
from catchup_notation.model import Record, Turn
from catchup_notation.render.viewdata import game_view
from catchup_notation.rules.registry import parse_variant
from catchup_notation.rules.replay import replay
from catchup_notation.solvers.endgame import EndgameError, solve_endgame

SM = "sabotage-malthus"


def turn(player: int, names: str, side: int = 7, other: str = "") -> Turn:
    """A turn of cells named as posts name them (`h2`); those in `other` hold the other colour."""
    frame = hexhex_frame(side)
    cells = tuple(frame.cell(name) for name in names.split())
    colours = tuple(3 - player if name in other.split() else player for name in names.split())
    return Turn(player, cells, colours=colours)


def played(variant: str, *turns: Turn):
    game = parse_variant(variant).new_game()
    for each in turns:
        game.play(each)
    return game


@given(st.integers(min_value=4, max_value=7), st.integers(min_value=0, max_value=2**32 - 1))
def test_engine_agrees_with_the_reference(side, seed):
    differential.hypothesis.inner_test(SM, side, seed)


@given(st.integers(min_value=4, max_value=6), st.integers(min_value=0, max_value=2**32 - 1))
def test_a_corrupted_turn_is_reported_where_the_reference_says(side, seed):
    corruption.hypothesis.inner_test(SM, side, seed)


def test_the_start_position_in_the_posts_lettering():
    # the post's start diagram, "122/222 start o @ i3": O two pairs and a single, X three pairs
    game = parse_variant(SM).new_game()
    names = doubled_names(7)
    o, x = ({names[cell] for cell in stones} for stones in game.state().stones)
    assert o == {"i3", "u7", "w7", "i11", "h12"}
    assert x == {"r2", "q3", "c7", "e7", "q11", "r12"}
    assert game.state().groups == ((2, 2, 1), (2, 2, 2))
    assert game.turns_played == 0 and game.to_move == 1
    # the same position, one and two cells in from each corner, on every side the engine plays
    for side in (4, 5, 6, 7):
        assert parse_variant(SM, size=side).start_stones() == malthus_start(side)


def test_the_single_stone_may_stand_elsewhere():
    moved = parse_variant("sabotage-malthus(start=h2)")
    assert str(moved) == "sabotage-malthus(size=7, start=h2)"
    assert moved.start_stones() == malthus_start(7, "h2")
    assert str(parse_variant("malthus(start=I3)")) == "sabotage-malthus(size=7)"  # the default, one spelling


@pytest.mark.parametrize(
    "text, problem",
    [
        ("sabotage-malthus(size=3)", "at least 4"),
        ("sabotage-malthus(start=q3)", "a pair of the start position"),
        ("sabotage-malthus(start=h3)", "names no cell"),
        ("sabotage-malthus(start=3)", "bad value"),
        ("sabotage-malthus(board=triangle6)", "no parameter 'board'"),
    ],
)
def test_variant_strings_that_cannot_make_a_start_position(text, problem):
    with pytest.raises(VariantError, match=problem):
        parse_variant(text)


def test_a_turn_places_one_stone_per_own_group_of_two_or_more_or_passes():
    game = parse_variant(SM).new_game()
    assert game.allowed_counts() == (0, 2)  # O: 2-2-1
    assert "2 groups of 2 or more" in game.reason() and "pass" in game.reason()
    assert game.check(turn(1, "h2")).code == "stone-count"
    game.play(turn(1, "h2 d8"))  # h2 joins the single i3: O now has three pairs
    assert game.allowed_counts() == (0, 3)  # X: 2-2-2
    game.play(turn(2, "k7 l8 n8"))
    assert game.allowed_counts() == (0, 3)  # counted at the start of the turn, own colour only


def test_a_stone_of_the_other_colour_joins_the_other_colours_groups():
    # X places an O stone at s7, beside O's pair u7-w7: O's group grows, O's count does not
    game = played(SM, turn(1, "h2 d8"), turn(2, "s7 k7 l8", other="s7"))
    assert game.state().groups[0] == (3, 2, 2, 1)
    assert game.allowed_counts() == (0, 3)


def test_the_scores_are_the_largest_groups_whoever_placed_them():
    # O grows X's group (an X stone beside r2-q3): X's score follows though X has not moved
    game = played(SM, turn(1, "s1 h2", other="s1"))
    assert game.state().scores == game.score().scores == (2, 3)


def test_fusing_the_opponents_groups_takes_their_stones_away():
    # side 4: an X stone in the middle (g4) touches all three X pairs and makes them one group
    game = played("sabotage-malthus(size=4)", turn(1, "g4 m4", side=4, other="g4"))
    assert game.state().groups[1] == (7,)
    assert game.allowed_counts() == (0, 1)
    assert "X has 1 group of 2 or more stones: 1 stone" in game.reason()


def test_two_passes_in_a_row_end_the_game_and_equal_lists_are_a_draw():
    # side 4: O c6 and an X stone at j5; X an O stone at j7, f7, an O stone at k6; both pass
    game = played(
        "sabotage-malthus(size=4)",
        turn(1, "c6 j5", side=4, other="j5"),
        turn(2, "j7 f7 k6", side=4, other="j7 k6"),
        Turn(1, ()),
    )
    assert not game.over
    game.play(Turn(2, ()))
    assert game.over and game.end_reason == "passes"
    result = game.score()
    assert result.status == "finished" and result.draw and result.winner is None
    assert result.groups == ((3, 2, 2, 1), (3, 2, 2, 1))
    assert "both players passed" in result.explanation
    assert game.check(Turn(1, ())).code == "game-over"


def test_one_pass_does_not_end_the_game_and_a_turn_after_a_pass_goes_on():
    game = played(SM, Turn(1, ()), turn(2, "k7 l8 n8"), Turn(1, ()))
    assert not game.over and game.to_move == 2


def test_with_fewer_empty_cells_the_mover_fills_them_or_passes():
    import random

    for seed in range(50):
        rng, game = random.Random(seed), parse_variant("sabotage-malthus(size=4)").new_game()
        while not game.over and game.base_counts()[-1] <= game.empty:
            choice = game.random_turn(rng)
            game.play(choice if choice.cells else game.random_turn(rng) if game.base_counts() != (0,) else choice)
        if not game.over:
            break
    else:
        raise AssertionError("no game reached more stones to place than empty cells")
    assert game.allowed_counts() == (0, game.empty)
    game.play(Turn(game.to_move, tuple(game.empty_cells())))
    assert game.over and game.end_reason == "board-full" and game.score().winner is not None


def test_the_endgame_solver_refuses_it_and_says_why():
    with pytest.raises(EndgameError, match="every group of the mover"):
        solve_endgame(played(SM, turn(1, "h2 d8")))


def test_adjudicate_solve_endgame_says_why_it_is_not_solved(tmp_path):
    path = tmp_path / "sm.json"
    path.write_text(json.dumps({"variant": "sabotage-malthus(size=4)", "turns": [{"player": 1, "cells": []}]}))
    result = run("adjudicate", "--solve-endgame", str(path))
    assert result.exit_code == 0, result.output
    assert "endgame not solved: sabotage-malthus: the stones of a turn depend on every group" in result.stdout


def test_registered_with_its_source_and_the_posts_players():
    spec = parse_variant(SM).spec
    assert spec.players == ("O", "X") and spec.either_colour and spec.confidence.startswith("Medium")
    assert any("post_137" in source for source in spec.sources)
    assert parse_variant("malthus").spec is spec


# ---------------------------------------------------------------------------------------------
# Formats


def a_record() -> Record:
    return Record(
        str(parse_variant(SM)),
        (turn(1, "h2 d8"), turn(2, "k7 l8 n8", other="n8"), Turn(1, ()), turn(2, "p10 q9 r8 s1")),
        players=("Ann", "Bob"),
    )


def test_json_carries_everything():
    record = a_record()
    text, warnings = write_text([record], "json")
    (item,) = parse_text(text, format="json")
    assert item.record == record and not warnings


@pytest.mark.parametrize("format", ["lg", "rga"])
def test_lg_and_rga_carry_the_turns_and_say_the_variant_is_not_written(format):
    record = a_record()
    text, warnings = write_text([record], format)
    assert "variant-dropped" in {w.code for w in warnings}
    (item,) = parse_text(text, format=format, variant=record.variant)
    assert item.record.turns == record.turns
    assert not {w.code for w in item.warnings} & {"diagram-mismatch", "start-mismatch", "last-move-mark"}


def test_the_rga_diagram_shows_the_start_position():
    text, _ = write_text([Record(str(parse_variant(SM)))], "rga")
    rows = text.split("\n")
    assert rows[3].split()[1:] == [".", ".", "o", ".", ".", ".", "x", ".", "."]  # row 3: i3 and q3


@pytest.mark.parametrize(
    "format, problem",
    [("genius", "places no stone"), ("abstractplay", "stone colours"), ("numbers", "number-set")],
)
def test_formats_that_cannot_carry_it_refuse(format, problem):
    with pytest.raises(WriteError, match=problem):
        write_text([a_record()], format)


def test_genius_writes_what_it_can_and_says_what_it_drops():
    record = Record(str(parse_variant(SM)), (turn(1, "h2 d8"),))
    _, warnings = write_text([record], "genius")
    assert {"variant-dropped", "size-dropped"} <= {w.code for w in warnings}


# ---------------------------------------------------------------------------------------------
# Replay and the viewer


def test_replay_names_a_turn_of_the_wrong_count_and_why():
    record = Record(str(parse_variant(SM)), (turn(1, "h2 d8 e9"),))
    error = replay(record).error
    assert error.code == "stone-count" and "O has 2 groups of 2 or more stones" in error.message


def test_the_viewer_starts_from_the_start_position():
    game = cn.Game(a_record())
    data = game_view(game)
    first = data["pos"][0]
    assert [len(added) for added in first["add"]] == [5, 6]
    assert data["owners"] == ["O", "X"] and len(data["pos"]) == 5
