"""Plur, Too, Brink and Product: hand-worked scoring edge cases, the either-colour rule, and what
adjudication says about them. Random playouts against the reference are in test_hex_differential."""

from __future__ import annotations

import json

import pytest

from catchup_notation.errors import RecordError, VariantError
from catchup_notation.model import Record, Turn
from catchup_notation.rules.adjudicate import adjudicate
from catchup_notation.rules.inference import accepting_variants
from catchup_notation.rules.predecessors import margin, plurality, product, second_largest
from catchup_notation.rules.registry import hex_variants, parse_variant
from catchup_notation.rules.replay import replay
from catchup_notation.rules.scoring import VERDICT_CODES
from catchup_notation.solvers.endgame import solve_endgame
from tests.helpers import cell, game_after, record

PLAYERS = ("Black", "White")
TOO = ("Player 1", "Player 2"), ("Black", "White")
PRODUCT = ("Player 1", "Player 2"), ("Red", "Blue")


# ---- Plur: majority of the k largest groups ---------------------------------------------------


@pytest.mark.parametrize(
    ("groups", "winner", "k", "owned"),
    [
        (((5, 4), (4, 1)), 1, 3, (2, 1)),  # 5 4 4 | 1: a clean cut at 3
        (((5, 3), (3, 1)), 1, 3, (2, 1)),  # 2nd and 3rd tie, 4th smaller: still a clean cut at 3
        (((6, 3, 3), (5, 3, 2)), 1, 5, (3, 2)),  # 6 5 3 3 | 3 ...: 3rd = 4th, cut at 5 (6 5 3 3 3 | 2)
        (((6, 3, 2), (5, 3, 3)), 2, 5, (2, 3)),  # the same sizes, the 5 largest now mostly White's
        (((7, 3, 2, 2), (6, 3, 2, 1)), 1, 7, (4, 3)),  # ties at 3/4 (3) and 5/6 (2): cut at 7 (7 6 3 3 2 2 2 | 1)
        (((5, 2), (3,)), 1, 3, (2, 1)),  # exactly three groups: all of them are the 3 largest
        (((1, 1), (1,)), 1, 3, (2, 1)),  # three single stones
    ],
)
def test_plurality_cuts(groups, winner, k, owned):
    verdict = plurality(groups, PLAYERS)
    assert (verdict.winner, verdict.decided_by, verdict.decided_at, verdict.scores) == (
        winner,
        "plurality",
        k - 1,
        owned,
    )
    assert f"owning {owned[winner - 1]} of the {k} largest groups" in verdict.explanation


def test_plurality_tie_words():
    verdict = plurality(((6, 3, 3), (5, 3, 2)), PLAYERS)
    assert "the 3rd and 4th largest groups are both 3" in verdict.explanation
    assert verdict.explanation.startswith("Black wins")


@pytest.mark.parametrize(
    ("groups", "why"),
    [
        (((4, 2, 2), (3, 2, 2)), "the 3rd and 4th largest groups are both 2, the 5th and 6th both 2"),  # 4 3 2 2 2 2
        (((10,), (9,)), "only 2 groups, too few for the 3 largest"),
        (((5, 3), (3, 3)), "only 4 groups, too few for the 5 largest"),  # 5 3 3 3: tie at 3/4, no 5th
        (((), ()), "only 0 groups"),
    ],
)
def test_plurality_draws_without_a_cut(groups, why):
    verdict = plurality(groups, PLAYERS)
    assert (verdict.winner, verdict.decided_by, verdict.decided_at) == (None, "no-cut", None)
    assert verdict.explanation.startswith("draw") and why in verdict.explanation


def test_plurality_is_symmetric_in_the_players():
    for groups in [((6, 3, 3), (5, 3, 2)), ((4, 2, 2), (3, 2, 2)), ((5, 4), (4, 1))]:
        a, b = plurality(groups, PLAYERS), plurality(groups[::-1], PLAYERS)
        assert (a.winner is None) == (b.winner is None)
        if a.winner:
            assert a.winner == 3 - b.winner and a.decided_at == b.decided_at


# ---- Too: second-largest groups ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("groups", "winner", "values", "words"),
    [
        (((8, 5), (9, 4)), 1, (5, 4), "Black's 2nd-largest group (5) is larger than White's (4)"),
        (((8, 4), (9, 4)), 2, (4, 4), "(4) is not larger than White's (4)"),  # equal: player 2
        (((12,), (3, 2)), 2, (0, 2), "Black's 2nd-largest group (0: a single group) is not larger"),
        (((5, 1), (20,)), 1, (1, 0), "than White's (0: a single group)"),
        (((10,), (9,)), 2, (0, 0), "(0: a single group) is not larger than White's (0: a single group)"),
        (((), (1, 1)), 2, (0, 1), "(0: no group)"),
    ],
)
def test_too_second_largest(groups, winner, values, words):
    verdict = second_largest(groups, *TOO)
    assert (verdict.winner, verdict.decided_by, verdict.decided_at, verdict.scores) == (
        winner,
        "second-largest",
        1,
        values,
    )
    assert verdict.explanation.startswith(f"Player {winner} wins") and words in verdict.explanation


# ---- Product: the two largest groups multiplied ------------------------------------------------


@pytest.mark.parametrize(
    ("groups", "winner", "values", "words"),
    [
        (((6, 5), (5, 5, 3)), 1, (30, 25), "Red's two largest groups make 6x5 = 30, more than Blue's 5x5 = 25"),
        (((6, 2), (4, 3)), 2, (12, 12), "6x2 = 12, not more than Blue's 4x3 = 12"),  # equal: player 2
        (((20,), (2, 1)), 2, (0, 2), "make 0 (a single group), not more than Blue's 2x1 = 2"),
        (((1, 1), (15,)), 1, (1, 0), "1x1 = 1, more than Blue's 0 (a single group)"),
        (((7,), (6,)), 2, (0, 0), "0 (a single group), not more than Blue's 0 (a single group)"),
    ],
)
def test_product_of_two_largest(groups, winner, values, words):
    verdict = product(groups, *PRODUCT)
    assert (verdict.winner, verdict.decided_by, verdict.scores) == (winner, "product", values)
    assert words in verdict.explanation


# ---- Brink: the margin x --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("groups", "x", "winner", "code", "at"),
    [
        (((9, 1), (6, 3)), 3, 1, "margin", 0),  # a lead of exactly x wins
        (((8, 1), (6, 3)), 3, 2, "inside-margin", 0),  # x - 1: the larger group's owner loses
        (((6, 3), (9, 1)), 3, 2, "margin", 0),
        (((6, 3), (8, 1)), 3, 1, "inside-margin", 0),
        (((7,), (6, 1)), 1, 1, "margin", 0),  # x = 1: any lead wins
        (((3,), ()), 3, 1, "margin", 0),  # no group at all counts 0
        (((2,), ()), 3, 2, "inside-margin", 0),
        (((6, 4), (6, 3, 2)), 3, 1, "groups", 1),  # equal largest: the 2nd-largest decide, larger wins
        (((6, 3, 1), (6, 3)), 3, 1, "groups", 2),  # a missing group counts 0
    ],
)
def test_brink_margin(groups, x, winner, code, at):
    verdict = margin(groups, x, PLAYERS)
    assert (verdict.winner, verdict.decided_by, verdict.decided_at) == (winner, code, at)
    assert verdict.scores == (groups[0][0] if groups[0] else 0, groups[1][0] if groups[1] else 0)


def test_brink_words_and_draw():
    assert "is 3 larger than White's (6), at least the margin 3" in margin(((9,), (6,)), 3, PLAYERS).explanation
    inside = margin(((8,), (6,)), 3, PLAYERS).explanation
    assert inside.startswith("White wins") and "less than the margin 3, so its owner loses" in inside
    assert "the margin does not apply" in margin(((6, 4), (6, 3)), 3, PLAYERS).explanation
    draw = margin(((5, 2), (5, 2)), 3, PLAYERS)
    assert draw.winner is None and draw.explanation.startswith("draw")


def test_verdict_codes_are_documented():
    codes = {"plurality", "no-cut", "second-largest", "product", "margin", "inside-margin", "groups"}
    assert codes <= set(VERDICT_CODES)


# ---- The registry -----------------------------------------------------------------------------


def test_registry_entries():
    specs = {spec.name: spec for spec in hex_variants()}
    assert {"plur", "too", "brink", "product"} <= set(specs)
    assert specs["too"].either_colour and specs["product"].either_colour
    assert not specs["plur"].either_colour and not specs["brink"].either_colour
    assert specs["too"].colours == ("Black", "White") and specs["product"].colours == ("Red", "Blue")
    assert specs["plur"].players == ("Black", "White")  # Black moves first
    for spec in specs.values():  # colour marks (=b, =w) need distinct initials
        assert spec.colours[0][0].lower() != spec.colours[1][0].lower()


def test_brink_needs_its_margin():
    with pytest.raises(VariantError, match="brink needs its parameter x"):
        parse_variant("brink")
    with pytest.raises(VariantError, match="x must be at least 1"):
        parse_variant("brink(x=0)")
    assert str(parse_variant("brink(x=3)", size=4)) == "brink(size=4, x=3)"


# ---- Playing: one stone a turn, the colour rule -------------------------------------------------


def test_one_stone_every_turn():
    game = game_after("plur", "E5", "D4")
    assert game.allowed_counts() == (1,)
    assert game.check(Turn(1, (cell("A1"), cell("A2")))).code == "stone-count"
    assert game.check(Turn(1, ())).code == "stone-count"  # no passes
    assert game.allowance().reason == "every turn places exactly 1 stone"
    assert parse_variant("too").new_game().allowance().reason == "every turn places exactly 1 stone, Black or White"


def test_either_colour_is_allowed_only_in_too_and_product():
    white_stone_by_player_1 = Turn(1, (cell("E5"),), colours=(2,))
    for name in ("too", "product"):
        game = parse_variant(name).new_game()
        game.play(white_stone_by_player_1)
        state = game.state()
        assert (
            state.stones == ((), (cell("E5"),)) and state.to_move == 2
        )  # the stone is White's, the turn was player 1's
    for name in ("plur", "brink(x=2)", "catchup"):
        error = parse_variant(name).new_game().check(white_stone_by_player_1)
        assert error.code == "wrong-colour"
        assert "E5 is given a" in error.message and "only their own colour" in error.message
    with pytest.raises(RecordError, match="stone colours are 1 and 2"):
        Turn(1, (cell("E5"),), colours=(3,))  # the model holds no third colour


def test_wrong_colour_comes_after_the_stone_count():
    game = parse_variant("plur").new_game()
    assert game.check(Turn(1, (cell("E5"), cell("E6")), colours=(2, 2))).code == "stone-count"
    game.play(Turn(1, (cell("E5"),)))
    assert game.check(Turn(2, (cell("E5"),), colours=(1,))).code == "occupied"


def test_turn_colours_are_normalised():
    assert Turn(1, (cell("E5"),), colours=(1,)) == Turn(1, (cell("E5"),))
    assert Turn(2, (cell("E5"),), colours=(1,)).colours == (1,)
    assert Turn(2, (cell("E5"), cell("E6")), colours=(2, 1)).stone_colours == (2, 1)
    assert Turn(2, (cell("E5"),)).stone_colours == (2,)
    with pytest.raises(RecordError):
        Turn(1, (cell("E5"),), colours=(1, 2))
    with pytest.raises(RecordError):
        Turn(3, (cell("E5"),))
    with pytest.raises(RecordError):
        Record("too", (), resigned=7)


def test_occupied_names_the_stone_colour_not_the_player():
    game = parse_variant("product").new_game()
    game.play(Turn(1, (cell("E5"),), colours=(2,)))
    assert "E5 already holds a Blue stone" in game.check(Turn(2, (cell("E5"),))).message


# ---- Adjudication: reasons and draws ------------------------------------------------------------

# Side 2 has 7 cells: A1 A2 / B1 B2 B3 / C1 C2. B2 is the centre and touches every other cell; the
# ring runs A1-A2-B3-C2-C1-B1-A1. Player 1 places 4 stones, player 2 places 3.


def test_plur_full_board_win_and_draw():
    # Black A1 A2 C1 C2 (groups 2, 2), White B1 B2 B3 (3): sorted 3 2 2, Black owns 2 of the 3 largest.
    won = adjudicate(record("plur", "A1", "B1", "A2", "B2", "C1", "B3", "C2", side=2))
    assert won.groups == ((2, 2), (3,))
    assert (won.status, won.winner, won.decided_by, won.decided_at, won.scores) == (
        "finished",
        1,
        "plurality",
        2,
        (2, 1),
    )
    assert (
        won.explanation
        == "Black wins, owning 2 of the 3 largest groups on the board (Black 2-2, White 3); the board is full"
    )
    # Black A1 A2 B1 B2 (one group of 4), White B3 C1 C2 (one of 3): two groups, no 3 largest: a draw.
    drawn = adjudicate(record("plur", "A1", "B3", "A2", "C1", "B1", "C2", "B2", side=2))
    assert drawn.groups == ((4,), (3,))
    assert (drawn.status, drawn.winner, drawn.draw, drawn.decided_by) == ("finished", None, True, "no-cut")
    assert "too few for the 3 largest" in drawn.explanation and drawn.explanation.endswith("the board is full")


def coloured_record(variant: str, stones: list[tuple[str, int]]) -> Record:
    """Turns alternate from player 1; each places one stone of the colour given."""
    turns = tuple(Turn(1 + i % 2, (cell(name, 2),), colours=(colour,)) for i, (name, colour) in enumerate(stones))
    return Record(str(parse_variant(variant, size=2)), turns)


def test_too_white_centre_leaves_white_one_group():
    # White B2 A2 C2 B1 join through the centre (one group of 4); Black A1 B3 C1 are three singles.
    stones = [("B2", 2), ("A1", 1), ("A2", 2), ("B3", 1), ("C2", 2), ("C1", 1), ("B1", 2)]
    result = adjudicate(coloured_record("too", stones))
    assert result.groups == ((1, 1, 1), (4,))
    assert (result.winner, result.decided_by, result.decided_at, result.scores) == (1, "second-largest", 1, (1, 0))
    assert result.explanation.startswith(
        "Player 1 wins: Black's 2nd-largest group (1) is larger than White's (0: a single group)"
    )


def test_product_single_blue_group_scores_zero():
    # Red A1 A2, C1 C2 (2 x 2 = 4); Blue B1 B2 B3, one group: 0. Both players place both colours.
    stones = [("A1", 1), ("A2", 1), ("B1", 2), ("B2", 2), ("B3", 2), ("C1", 1), ("C2", 1)]
    result = adjudicate(coloured_record("product", stones))
    assert result.groups == ((2, 2), (3,))
    assert (result.winner, result.decided_by, result.scores) == (1, "product", (4, 0))
    assert "Red's two largest groups make 2x2 = 4, more than Blue's 0 (a single group)" in result.explanation


def test_too_seven_cell_board_is_a_first_player_win_via_a_white_centre():
    """Bentley's Too post: on the 7-cell board player 1 wins by placing a White stone on the
    central hex (so White can only ever have one group)."""
    game = parse_variant("too(size=2)").new_game()
    solved = solve_endgame(game)
    assert solved.winner == 1
    centre = (0, 0)
    game.play(Turn(1, (centre,), colours=(2,)))
    assert solve_endgame(game).winner == 1


def test_resignation_and_unfinished_games():
    resigned = adjudicate(record("brink(x=2)", "E5", "D4", side=5, resigned=2))
    assert (resigned.status, resigned.winner, resigned.reason, resigned.decided_by) == (
        "resigned",
        1,
        "resignation",
        None,
    )
    unfinished = adjudicate(record("brink(x=2)", "E5", "D4", "E6"))
    assert unfinished.status == "unfinished" and unfinished.winner is None
    # Black 2 against White 1: a lead of 1, inside the margin 2, so Black's lead is a losing one.
    assert "White leads" in unfinished.explanation and "less than the margin 2" in unfinished.explanation
    assert unfinished.scores == (2, 1)


def test_inference_leaves_out_brink_without_its_margin():
    plain = record("plur", "E5", "D4", "E6")
    accepted = accepting_variants(plain)
    assert "plur(size=5)" in accepted and "too(size=5)" in accepted and "product(size=5)" in accepted
    assert not any(name.startswith("brink") for name in accepted)
    assert "brink(size=5, x=4)" in accepting_variants(record("brink(x=4)", "E5", "D4"))
    coloured = Record("too", (Turn(1, (cell("E5"),), colours=(2,)),))
    assert accepting_variants(coloured) == ["too(size=5)", "product(size=5)"]
    assert replay(coloured, "catchup").error.code == "wrong-colour"


# ---- Pictures and the command line --------------------------------------------------------------


def test_svg_and_text_draw_stone_colours_not_movers():
    import xml.etree.ElementTree as ET

    from catchup_notation.pictures.svg import NAMED_COLOURS, state_svg
    from catchup_notation.pictures.text import legend, render
    from catchup_notation.rules.replay import positions

    stones = [("A1", 1), ("A2", 1), ("B1", 2), ("B2", 2), ("B3", 2), ("C1", 1), ("C2", 1)]
    state = list(positions(coloured_record("product", stones)))[-1]
    root = ET.fromstring(state_svg(state))
    circles = [c for c in root.iter("{http://www.w3.org/2000/svg}circle") if "stone" in c.get("class", "").split()]
    by_cell = {c.get("data-cell"): (c.get("data-colour"), c.get("fill")) for c in circles}
    # A2 was placed by player 2 but is Red; B1 by player 1 but is Blue.
    assert by_cell["A2"] == ("Red", NAMED_COLOURS["red"]) and by_cell["B1"] == ("Blue", NAMED_COLOURS["blue"])
    texts = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "Red: product of the two largest 4, groups 2-2" in texts
    picture = render(state)
    assert picture.splitlines()[1].split()[1:3] == ["r", "r"]  # row A: A1 A2, both Red
    assert "b Blue: product of the two largest 0, groups 3" in legend(state)


def test_cli_adjudicate_json_names_the_deciding_rule(tmp_path):
    from cli_records import json_lines, run

    from catchup_notation.serialization import to_data

    path = tmp_path / "too.jsonl"
    stones = [("B2", 2), ("A1", 1), ("A2", 2), ("B3", 1), ("C2", 2), ("C1", 1), ("B1", 2)]
    path.write_text(json.dumps(to_data(coloured_record("too", stones))) + "\n", encoding="utf-8")
    result = run("adjudicate", "--json", str(path))
    assert result.exit_code == 0, result.output
    [row] = json_lines(result.stdout)
    assert (row["winner"], row["decided_by"], row["decided_at"], row["scores"]) == (1, "second-largest", 1, [1, 0])
    bad = run("verify", "--variant", "catchup", "--json", str(path))
    assert bad.exit_code == 1
    assert json_lines(bad.stdout)[0]["error"]["code"] == "wrong-colour"
    missing = run("verify", "--variant", "brink", str(path))
    assert missing.exit_code == 2 and "brink needs its parameter x" in missing.output


def test_cli_variants_lists_colours_and_required_parameters():
    from cli_records import json_lines, run

    rows = {row["name"]: row for row in json_lines(run("variants", "--json").stdout)}
    assert rows["product"]["colours"] == ["Red", "Blue"] and rows["product"]["either_colour"] is True
    [size, x, board] = rows["brink"]["parameters"]
    assert x["name"] == "x" and x["required"] is True and x["default"] is None and size["required"] is False
    assert board["name"] == "board" and board["required"] is False and board["default"] is None
    text = run("variants").output
    assert "x (required)" in text and "either player places either colour" in text


def test_plur_seven_cell_board_is_a_draw_with_perfect_play():
    solved = solve_endgame(parse_variant("plur(size=2)").new_game())
    assert solved.draw and solved.final.decided_by == "no-cut"
