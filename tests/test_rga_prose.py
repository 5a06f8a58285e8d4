"""rga posts read as their authors meant them (tests/quirks/rga-caption-diagram.rga,
rga-malthus-post.rga, rga-variant-title.rga, described in tests/quirks/README.md): a move list and
the diagram after its caption are one game, dots for the turn to come, capitals for the other
colour, the variant's start position under the diagram, each player's last turn in capitals, the
players, the variant and the result as the prose gives them."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import read_with

import catchup_notation as cn
from catchup_notation.formats.rga import read_diagram
from catchup_notation.formats.rga.board import hexhex_frame
from catchup_notation.rules.claims import Claim, claims_of
from catchup_notation.rules.registry import parse_variant

QUIRKS = Path(__file__).parent / "quirks"
CAPTION = "rga-caption-diagram.rga"
MALTHUS = "rga-malthus-post.rga"
TITLE = "rga-variant-title.rga"


def post(name: str) -> str:
    return (QUIRKS / name).read_text(encoding="utf-8")


def items(text: str, **options: object):
    return read_with("rga", text, **options)


def codes(item) -> list[str]:
    return [w.code for w in item.warnings]


def said(item, code: str) -> list[str]:
    return [w.message for w in item.warnings if w.code == code]


def names(turn, side: int) -> list[str]:
    """The turn's cells as posts name them, a star on each stone of the other colour than the mover's."""
    frame = hexhex_frame(side)
    stones = zip(turn.cells, turn.stone_colours, strict=True)
    return [frame.name(cell) + ("" if colour == turn.player else "*") for cell, colour in stones]


def games(text: str, **options: object) -> list[cn.Game]:
    return list(cn.read_text(text, format="rga", **options))  # type: ignore[arg-type]


def final_equals_diagram(game: cn.Game) -> bool:
    """Whether the replay's last position is the diagram the post shows."""
    diagram = read_diagram(game.record.headers["diagram"], game.record.variant)
    state = game.position(-1).state
    shown = {cell: colour for cell, colour in diagram.stones.items()}
    placed = {cell: colour for colour, cells in enumerate(state.stones, start=1) for cell in cells}
    return shown == placed


# ---------------------------------------------------------------------------------------------
# One post, one game


def test_a_move_list_and_the_diagram_after_its_caption_are_one_record():
    (item,) = items(post(CAPTION))
    assert len(item.record.turns) == 8 and "diagram" in item.record.headers
    (message,) = said(item, "diagram-after-list")
    assert "line 19" in message and "move list on line 10" in message
    assert "diagram-only" not in codes(item)


def test_the_diagram_after_a_caption_explains_the_slip_and_mends_it():
    (item,) = items(post(CAPTION))
    (message,) = said(item, "diagram-explains")
    assert message.startswith("turn 8 (X) places c5, which turn 2 already took") and "probably g5" in message
    (game,) = games(post(CAPTION), corrections="diagram")
    assert game.verify().valid and len(game.turns) == 8
    assert final_equals_diagram(game)


def test_a_diagram_that_cannot_show_the_game_before_it_is_a_record_of_its_own():
    text = post(CAPTION)
    lines = text.split("\n")
    start = lines.index("|    abcdefghi")
    other = ["|      . . .", "|     . x . .", "|    . . o . .", "|     . . . .", "|      . . ."]
    lines[start + 1 : start + 6] = other  # a position that is not this game's: 2 stones the list never named
    first, second = items("\n".join(lines))
    assert len(first.record.turns) == 8 and "diagram" not in first.record.headers
    assert second.record.turns == () and "diagram-only" in codes(second)


# ---------------------------------------------------------------------------------------------
# Notation as posts use it


def test_dots_that_end_the_move_list_are_the_turn_still_to_come():
    first = items(post(MALTHUS))[0]
    assert [names(turn, 4) for turn in first.record.turns] == [["g2", "j5"]]
    (message,) = said(first, "to-move")
    assert "turn 2" in message and "X to move" in message
    assert cn.Game(first.record).position(-1).to_move == 2


def test_dots_twice_at_the_end_are_two_passes():
    text = post(MALTHUS).replace("|   . . o x . .          3.", "|   . . o x . .          3.  . . .", 1)
    first = items(text)[0]
    assert len(first.record.turns) == 3 and "to-move" not in codes(first)
    game = cn.Game(first.record)
    assert game.position(-1).over  # two passes in a row end a game of sabotage-malthus


def test_capitals_are_stones_of_the_other_colour_where_the_variant_places_either():
    second = items(post(MALTHUS))[1]
    assert names(second.record.turns[2], 4) == ["e2", "m4*", "d7"]
    (message,) = said(second, "capitals-other-colour")
    assert "sabotage-malthus places either colour" in message and "M4 F1 D3 G6" in message
    plain = items(post(MALTHUS), capitals="same")[1]
    assert names(plain.record.turns[2], 4) == ["e2", "m4", "d7"] and "capitals-other-colour" not in codes(plain)
    (_, game, _) = games(post(MALTHUS), capitals="same")
    assert names(game.turns[2], 4) == ["e2", "m4", "d7"]
    with pytest.raises(cn.VariantError, match="capitals"):
        games(post(MALTHUS), capitals="opponent")


def test_capitals_are_stones_of_the_other_colour_where_the_post_says_so():
    # under catchup a player places only their own colour: the post's note still says what capitals mean
    third = items(post(MALTHUS), variant="catchup")[2]
    (message,) = said(third, "capitals-other-colour")
    assert "the post says so on line 39" in message and "C2 G6" in message


def test_the_variants_start_position_is_the_diagrams_baseline():
    first, second, _ = items(post(MALTHUS))
    for item in (first, second):
        assert not {"diagram-mismatch", "start-mismatch", "last-move-mark"} & set(codes(item))
    # a cell given twice is explained by a stone no turn places, never by a stone of the start position
    slipped = post(MALTHUS).replace("4.  F1 h7 j7 b3", "4.  F1 h7 j7 c4")
    (message,) = said(items(slipped)[1], "diagram-explains")
    assert "places c4" in message and "probably b3" in message


def test_each_players_last_turn_in_capitals_is_the_last_turn_mark():
    second = items(post(MALTHUS))[1]
    assert "last-move-mark" not in codes(second)
    marked = post(MALTHUS).replace("|     o . x x\n|  abcdefghijklm\n\nAnno", "|     o . X x\n|  abcdefghijklm\n\nAnno")
    assert any("marks h7 in upper case" in message for message in said(items(marked)[1], "last-move-mark"))


def test_the_players_are_named_as_the_prose_names_them():
    first, second, third = items(post(MALTHUS), corrections="diagram")
    assert first.record.players == (None, None)
    assert second.record.players == ("Ann", "Bob")
    assert third.record.players == ("Ann", "Bob")  # A-o and B-x, short for the names given earlier
    (message,) = said(third, "players-from-text")
    assert "Bob (x) from line 48, short for Bob earlier in the post" in message


# ---------------------------------------------------------------------------------------------
# Slips the diagram explains


def test_the_start_position_comes_from_the_diagram_when_the_move_list_contradicts_it():
    third = items(post(MALTHUS), corrections="diagram")[2]
    assert third.record.variant == "sabotage-malthus(size=4, start=e2)"
    (message,) = said(third, "start-from-diagram")
    assert "stone at f3" in message and "at e2 that no turn places" in message
    given = items(post(MALTHUS), variant="sabotage-malthus(size=4, start=f3)", corrections="diagram")[2]
    assert given.record.variant == "sabotage-malthus(size=4)"  # a start the reader was given stands
    # ... and then f3 of turn 1 is a stone placed on a start stone, which the diagram explains
    assert names(given.record.turns[0], 4) == ["e2", "d1"]
    assert "turn 1: f3 read as e2 (correction)" in said(given, "corrected")


def test_a_pair_that_names_no_cell_is_mended_from_its_column():
    third = items(post(MALTHUS))[2]
    assert third.error is not None and third.error.code == "not-a-cell"
    (message,) = said(third, "not-a-cell")
    assert "k5 (turn 2, Bob)" in message and "in the same column: probably k2" in message


def test_a_lost_capital_is_mended_from_the_diagram():
    third = items(post(MALTHUS))[2]
    (message,) = said(third, "diagram-explains")
    assert "turn 5 (Ann) places k6 as a stone of O" in message and "probably K6, a stone of X" in message
    (game,) = [g for g in games(post(MALTHUS), corrections="diagram")][2:]
    assert names(game.turns[4], 4) == ["k6*", "l3", "j1"]
    assert game.verify().valid and final_equals_diagram(game)
    assert game.result().winner == 2 and game.result().status == "resigned"


def test_a_cell_given_twice_that_the_diagram_cannot_explain_is_said():
    slipped = post(MALTHUS).replace("5.  c6 b5 D3", "5.  c6 b5 e2")  # e2: O's own stone of turn 3
    second = items(slipped)[1]
    (message,) = said(second, "slip-unexplained")
    assert "turn 5 (Ann) places e2, which turn 3 already took" in message
    assert "no stone of O that no turn places" in message


# ---------------------------------------------------------------------------------------------
# The variant and the result the prose states


def test_the_variant_a_title_names_is_read_unless_one_is_given():
    (item,) = items(post(TITLE))
    assert item.record.variant == "ketchup-3(size=3)"
    (message,) = said(item, "variant-from-text")
    assert "line 1 ('KETCHUP 3.0, small board')" in message
    (game,) = games(post(TITLE))
    assert game.verify().valid and game.result().winner == 1
    (given,) = games(post(TITLE), variant="catchup")
    assert given.verify().error.code == "stone-count" and "variant-from-text" not in [w.code for w in given.warnings]


def test_a_name_in_passing_is_not_a_variant():
    text = "It grew out of Ketchup 3.0 and SAUCE-like ideas.\n\n" + post(TITLE).split("\n", 1)[1]
    (item,) = items(text)
    assert item.record.variant == "catchup(size=3)" and "variant-from-text" not in codes(item)


def test_the_post_keeps_the_lines_that_state_a_result():
    (item,) = items(post(CAPTION))
    assert item.record.headers["stated-result"].split("\n") == ["Os: size 7, 3", "Xs: size 7, 2 O wins"]
    (second,) = [i for i in items(post(MALTHUS))][1:2]
    assert second.record.headers["stated-result"] == "Anno:: 3 groups, largest = 6\nBobx: 4 groups, largest = 5"


def test_a_stated_result_the_replay_bears_out_is_silent():
    for name in (CAPTION, TITLE):
        for game in games(post(name), corrections="diagram"):
            assert "stated-result-differs" not in [w.code for w in game.warnings]
    third = games(post(MALTHUS), corrections="diagram")[2]
    assert "stated-result-differs" not in [w.code for w in third.warnings]


def test_a_stated_result_the_replay_contradicts_is_a_warning_with_the_replays_figures():
    second = games(post(MALTHUS))[1]
    (message,) = [w.message for w in second.warnings if w.code == "stated-result-differs"]
    assert message.startswith("the post says 'Bobx: 4 groups, largest = 5'; the replay ends with Bob (X) 6-5-4-2")
    assert "largest 6" in message
    wrong = games(post(TITLE).replace("8 v 5, Rex wins", "8 v 4, Gil wins"))[0]
    (message,) = [w.message for w in wrong.warnings if w.code == "stated-result-differs"]
    assert "Gil (Green) 5-3-1" in message and "Rex (Red) wins 8-2" in message


def test_a_stated_result_the_replay_contradicts_is_located_at_its_line_in_the_post():
    text = post(MALTHUS)
    second = games(text)[1]
    (warning,) = [w for w in second.warnings if w.code == "stated-result-differs"]
    assert warning.line is not None and warning.column is not None
    written = text.split("\n")[warning.line - 1]
    assert " ".join(written[warning.column - 1 :].split()).startswith("Bobx: 4 groups")
    # converted, the record keeps the line but not where a post wrote it: the warning has no place
    (back,) = cn.read_text(str(second.export("json")), format="json")
    (moved,) = [w for w in back.warnings if w.code == "stated-result-differs"]
    assert moved.message == warning.message and moved.line is None


def test_a_stated_result_survives_conversion_and_is_checked_there_too():
    (game,) = games(post(TITLE))
    text = str(game.export("json"))
    (back,) = cn.read_text(text, format="json")
    assert back.record.headers["stated-result"] == "Final: 8 v 5, Rex wins."
    assert "stated-result-differs" not in [w.code for w in back.warnings]


# ---------------------------------------------------------------------------------------------
# Reading a stated result


NAMES = (("Joa", "O", "O"), ("Bill", "X", "X"))


@pytest.mark.parametrize(
    "line, claims",
    [
        ("Os: size 23, 5", [Claim("sizes", 1, (23, 5))]),
        ("Xs: size 23, 9  X wins", [Claim("sizes", 2, (23, 9)), Claim("winner", 2)]),
        ("JoaO::  3 groups,  largest = 40", [Claim("groups", 1, (3,)), Claim("largest", 1, (40,))]),
        ("B-x   7 groups,  largest group 24", [Claim("groups", 2, (7,)), Claim("largest", 2, (24,))]),
        ("Joa(O) 4 3 2", [Claim("sizes", 1, (4, 3, 2))]),
        ("40 v 41", [Claim("versus", None, (40, 41))]),
        ("Group sizes: Joa 4 3 2 1, Bill 3 3 1.", [Claim("sizes", 1, (4, 3, 2, 1)), Claim("sizes", 2, (3, 3, 1))]),
        ("Bill resigned", [Claim("resigned", 2)]),
        ("The game ended in a draw", [Claim("draw")]),
        ("Notice the recursive aspect of the goal.", []),
    ],
)
def test_claims_of_a_line(line, claims):
    assert claims_of(line, NAMES) == claims


def test_a_stated_resignation_is_checked_against_the_move_list():
    text = post(TITLE).replace("Final: 8 v 5, Rex wins.", "Gil resigns.")
    (game,) = games(text)
    (message,) = [w.message for w in game.warnings if w.code == "stated-result-differs"]
    assert "a move list in which nobody resigns" in message


def test_the_variants_named_in_posts():
    from catchup_notation.formats.rga.text import variant_named

    found = {
        text: (named.variant if named else None)
        for text in ("SAUCE", "Sabotage Malthus", "Ketchup 4.0 game", "ketchup revised", "We play the 2012 rules")
        if (named := variant_named(text, 1)) is not None or True
    }
    assert found == {
        "SAUCE": "sauce",
        "Sabotage Malthus": "sabotage-malthus",
        "Ketchup 4.0 game": "ketchup-4",
        "ketchup revised": "ketchup-2",
        "We play the 2012 rules": "catchup-2012",
    }
    assert variant_named("we had sauce with it", 1) is None
    assert str(parse_variant(variant_named("SABOTAGE MALTHUS (start o @ h2)", 1).variant)) == (
        "sabotage-malthus(size=7, start=h2)"
    )


def test_what_a_post_names_ends_where_the_next_message_begins():
    # a thread page: the SAUCE post, then another message ("Posted on ...") with a Catchup game
    thread = post(CAPTION) + "\n" + (QUIRKS / "rga-web-archive.rga").read_text(encoding="utf-8")
    sauce, catchup = items(thread)
    assert sauce.record.variant == "sauce(size=3)"
    assert catchup.record.variant == "catchup(size=4)" and "variant-from-text" not in codes(catchup)


@pytest.mark.parametrize("text", ["Ketchup sauce recipe", "we had sauce with it", "Ketchup 3.0 and more ideas of ours"])
def test_words_that_are_no_variants_name(text):
    from catchup_notation.formats.rga.text import variant_named

    assert variant_named(text, 1) is None


def test_a_header_that_names_each_player_with_their_letter():
    text = post(TITLE).replace("    abcdefghi     Rex         Gil", "    abcdefghi     Rex (r)     Gil (g)")
    (item,) = items(text)
    assert item.record.players == ("Rex", "Gil") and item.error is None


def test_a_record_that_breaks_a_rule_has_its_stated_result_checked_against_its_diagram():
    # read as written, the caption game breaks a rule at turn 8 (c5 again): the post's figures are
    # those of its diagram, so they stand; a wrong one is said, with the diagram's figures
    (game,) = games(post(CAPTION))
    assert game.verify().error.code == "occupied"
    assert "stated-result-differs" not in [w.code for w in game.warnings]
    (wrong,) = games(post(CAPTION).replace("Os: size 7, 3", "Os: size 7, 4"))
    (message,) = [w.message for w in wrong.warnings if w.code == "stated-result-differs"]
    assert "the record breaks a rule at turn 8 (occupied); its diagram shows O 7-3" in message


def test_without_a_diagram_the_stated_result_is_checked_against_the_stones_the_turns_place():
    text = post(CAPTION)
    start, end = text.index("Final Position:"), text.index("Group sizes:")
    (game,) = games(text[:start] + text[end:], variant="sauce(size=3)")  # a move list alone: the side is given
    (message,) = [w.message for w in game.warnings if w.code == "stated-result-differs"]
    assert "at turn 8 (occupied); its turns, legal or not, end with X 6-2" in message  # c5 twice: one X short
