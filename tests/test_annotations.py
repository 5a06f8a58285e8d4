"""Comments and variations of a record (model.Annotations): read from SGF, written back, kept by the
library's JSON, and said to be lost by the notations that cannot hold them."""

from __future__ import annotations

import pytest
from helpers import cell, turn

from catchup_notation import formats
from catchup_notation.model import Annotations, Comment, Record, Turn, Variation

GAME = (
    "(;FF[4]PB[bo]PW[ann]SZ[5]C[a note on the game];W[E5]C[centre];B[D4F6]"
    "(;W[C3]C[played];B[A1];W[B2])(;W[A2]C[better];B[A3]))\n"
)


def read_one(text, **options):
    (item,) = formats.parse_text(text, format="lg", **options)
    assert item.error is None, str(item.error)
    return item


def test_the_game_is_the_first_line_at_every_branch():
    record = read_one(GAME).record
    assert record.turns == (turn(1, "E5"), turn(2, "D4 F6"), turn(1, "C3"), turn(2, "A1"), turn(1, "B2"))
    notes = record.annotations
    assert [(c.turn, c.text) for c in notes.comments] == [(0, "a note on the game"), (1, "centre"), (3, "played")]
    assert notes.variations == (Variation(2, (turn(1, "A2"), turn(2, "A3")), ("better", "")),)
    assert "C" not in record.headers


def test_a_comment_before_its_move_and_several_in_one_node():
    record = read_one("(;FF[4]SZ[5];C[first]W[E5]C[second];C[between];B[D4])").record
    assert record.annotations.comment(1) == "first\nsecond\nbetween"
    assert record.turns == (turn(1, "E5"), turn(2, "D4"))


def test_a_variation_of_a_variation_is_whole_from_the_game():
    text = "(;FF[4]SZ[5];W[E5](;B[D4];W[C3])(;B[A1](;W[A2])(;W[A3]C[deep])))"
    notes = read_one(text).record.annotations
    assert [(v.after, v.turns) for v in notes.variations] == [
        (1, (turn(2, "A1"), turn(1, "A2"))),
        (1, (turn(2, "A1"), turn(1, "A3"))),
    ]
    assert notes.variations[1].comments == ("", "deep")


def test_a_game_after_a_cut_game_still_starts_a_game():
    text = "(;FF[4]SZ[5];W[E5];B[D4]\n(;FF[4]SZ[5];W[A1])\n"
    items = list(formats.parse_text(text, format="lg"))
    assert len(items) == 2 and items[1].record.turns == (turn(1, "A1"),)


@pytest.mark.parametrize("text", [GAME, "(;FF[4]SZ[5];W[E5]C[a \\] bracket \\\\ and\nlines];B[D4];W[C3]C[x])\n"])
def test_what_is_read_is_written_back_the_same(text):
    record = read_one(text).record
    written, warnings = formats.write_text([record], "lg")
    assert not warnings
    assert written == text
    assert read_one(written).record == record


def test_json_keeps_annotations_exactly():
    record = read_one(GAME).record
    text, warnings = formats.write_text([record], "json")
    assert not warnings
    (back,) = formats.parse_text(text, format="json")
    assert back.record == record and back.record.annotations == record.annotations


@pytest.mark.parametrize("name", ["abstractplay", "genius", "rga"])
def test_a_notation_without_comments_says_what_it_drops(name):
    record = read_one(GAME).record
    _, warnings = formats.write_text([record], name)
    (dropped,) = [w for w in warnings if w.code == "annotations-dropped"]
    assert "3 comments and 1 other line of play" in dropped.message


def test_sgf_cannot_branch_past_the_last_turn():
    record = Record(
        "catchup(size=5)",
        (turn(1, "E5"),),
        annotations=Annotations((Comment(1, "ok"), Comment(7, "stray")), (Variation(1, (turn(2, "D4"),)),)),
    )
    text, warnings = formats.write_text([record], "lg")
    assert text == "(;FF[4]SZ[5];W[E5]C[ok])\n"
    assert [w.code for w in warnings] == ["annotations-dropped", "annotations-dropped"]


def test_deep_variations_read_without_recursion():
    depth = 5000
    text = "(;FF[4]SZ[5]" + "(;W[E5];B[D4]" * depth + ")" * depth + ")"
    record = read_one(text).record
    assert len(record.turns) == 2 * depth and record.annotations is None


def test_a_pass_in_a_variation():
    record = Record(
        "catchup(size=5)",
        (turn(1, "E5"), turn(2, "D4")),
        annotations=Annotations(variations=(Variation(1, (Turn(2, ()), Turn(1, (cell("A1"),)))),)),
    )
    text, _ = formats.write_text([record], "lg")
    assert read_one(text).record.annotations == record.annotations
