"""Stone colour marks in the text notations (`E5=w`): reading, writing, errors, rga diagrams that
show colours, the formats that refuse them, and random round trips of too/product records."""

from __future__ import annotations

import json

import hypothesis.strategies as st
import pytest
from helpers import write_with
from hypothesis import assume, given

from catchup_notation import formats
from catchup_notation.board import hexhex
from catchup_notation.errors import WriteError
from catchup_notation.formats import parse_text, write_text
from catchup_notation.formats.lg import cell_of as lg_cell
from catchup_notation.formats.rga import read_diagram
from catchup_notation.formats.rga.board import cell_of
from catchup_notation.model import Record, Turn

E5, D4, F6 = (0, 0), (0, -1), (1, 1)  # LG/Genius names on side 5


def only(items):
    items = list(items)
    assert len(items) == 1, items
    return items[0]


def read(text, fmt, variant, **kw):
    return only(parse_text(text, format=fmt, variant=variant, **kw))


def codes(item, code):
    return [w for w in item.warnings if w.code == code]


# ---------------------------------------------------------------------------------------------
# Little Golem


@pytest.mark.parametrize("mark", ["w", "W"])
def test_lg_reads_marks_in_either_case(mark):
    # too: player 1 (W) plays Black, player 2 (B) White
    record = read(f"(;FF[4]SZ[5];W[E5={mark}];B[D4=bF6])", "lg", "too").record
    assert record.turns == (Turn(1, (E5,), colours=(2,)), Turn(2, (D4, F6), colours=(1, 2)))


def test_lg_reads_separated_cells_and_a_mark_of_the_movers_own_colour():
    record = read("(;FF[4]SZ[5];W[e5=R, d4=b f6])", "lg", "product").record
    (turn,) = record.turns
    assert turn.cells == (E5, D4, F6) and turn.colours == (1, 2, 1)
    # the mover's own colour, marked, is the same turn as the plain cell
    assert read("(;FF[4]SZ[5];W[E5=r])", "lg", "product").record.turns == (Turn(1, (E5,)),)


def test_lg_writes_lower_case_marks_only_where_needed():
    record = Record("product(size=5)", (Turn(1, (E5,), colours=(2,)), Turn(2, (D4, F6), colours=(1, 2))))
    text, _ = write_text([record], "lg")
    assert text == "(;FF[4]SZ[5];W[E5=b];B[D4=rF6])\n"
    assert read(text, "lg", "product").record.turns == record.turns


def test_lg_merged_nodes_keep_their_colours():
    item = read("(;FF[4]SZ[5];W[E5];W[D4=w];W[F6])", "lg", "too")
    assert codes(item, "merged-nodes")
    assert item.record.turns == (Turn(1, (E5, D4, F6), colours=(1, 2, 1)),)


def test_lg_unknown_mark_is_located():
    text = "(;FF[4]SZ[5]\n;W[E5]\n;B[D4F6=x])"
    item = read(text, "lg", "too")
    error = item.error
    assert (error.code, error.line, error.column) == ("colour-mark", 3, 8)
    assert error.message == "=x is not a stone colour of too (its colours: =b for Black, =w for White)"
    assert "^" in str(error)


def test_lg_same_letter_means_different_colours_by_variant():
    text = "(;FF[4]SZ[5];W[E5=b])"
    assert read(text, "lg", "too").record.turns[0].colours == ()  # Black is player 1's colour in too
    assert read(text, "lg", "product").record.turns[0].colours == (2,)  # Blue is player 2's in product
    assert read("(;FF[4]SZ[5];W[E5=w])", "lg", "product").error.code == "colour-mark"


@pytest.mark.parametrize("value, column", [("E5=", 18), ("E5 =w", 19), ("E5=w3", 20)])
def test_lg_malformed_marks_are_bad_cells(value, column):
    error = read(f"(;FF[4]SZ[5];W[{value}])", "lg", "too").error
    assert error.code == "bad-cell" and error.column == column


def test_lg_opponent_colour_under_catchup_is_read_for_the_rules():
    item = read("(;FF[4]SZ[5];W[E5=b];B[D4=w])", "lg", "catchup")
    assert item.error is None
    # Marks under a variant without a choice of colour are doubtful: said once a record, where first seen.
    assert [(w.code, w.line, w.column) for w in item.warnings] == [("unexpected-colour-mark", 1, 13)]
    assert "read it with --variant" in item.warnings[0].message
    item = read("(;FF[4]SZ[5];W[E5=b];B[D4])", "lg", "catchup")
    assert item.record.turns[0].colours == (2,)  # White played a Black stone: the rules say wrong-colour
    assert write_text([item.record], "lg")[0] == "(;FF[4]SZ[5];W[E5=b];B[D4])\n"


def test_lg_unmarked_records_are_unchanged():
    text = "(;FF[4]SZ[5];W[E5];B[D4F6])\n"
    record = read(text, "lg", "catchup").record
    assert all(t.colours == () for t in record.turns)
    assert write_text([record], "lg")[0] == text


# ---------------------------------------------------------------------------------------------
# Genius


def genius_cells(*names):
    return tuple(lg_cell(n[0], int(n[1:]), hexhex(5)) for n in names)


@pytest.mark.parametrize("black, white", [("b", "w"), ("B", "W")])
def test_genius_reads_marks(black, white):
    record = read(f"Ann: E5\nBob: D7={black} F8\nAnn: B3={white}, C1=b\n", "genius", "too").record
    assert record.players == ("Ann", "Bob")
    assert record.turns == (
        Turn(1, genius_cells("E5")),
        Turn(2, genius_cells("D7", "F8"), colours=(1, 2)),
        Turn(1, genius_cells("B3", "C1"), colours=(2, 1)),
    )


def test_genius_writes_marks():
    record = Record(
        "too(size=5)", (Turn(1, genius_cells("E5"), colours=(2,)), Turn(2, genius_cells("D7", "F8"), colours=(1, 2)))
    )
    text, _ = write_text([record], "genius")
    assert text == "E5=w\nD7=b F8\n"
    assert read(text, "genius", "too").record == record


def test_genius_unknown_mark_is_located():
    error = read("Red: E5\nBlue: D7 F8=q\n", "genius", "product").error
    assert (error.code, error.line, error.column) == ("colour-mark", 2, 12)
    assert "=q is not a stone colour of product" in error.message


def test_genius_opponent_colour_under_catchup_is_read():
    item = read("E5\nD4=W\n", "genius", "catchup")
    assert item.error is None and item.record.turns[1].colours == (1,)
    assert [(w.code, w.line, w.column) for w in item.warnings] == [("unexpected-colour-mark", 2, 3)]
    assert read("E5=w\nD4=w\n", "genius", "too").warnings == ()  # marks are what too records need


def test_genius_sniffs_marked_lines():

    assert formats.get("genius").sniff("E5=w\nD7=b F8\n")


# ---------------------------------------------------------------------------------------------
# rga: move lists and diagrams

TOO_GAME = Record(
    "too(size=3)",
    (
        Turn(1, (cell_of("e3", 3),)),
        Turn(2, (cell_of("g3", 3),), colours=(1,)),
        Turn(1, (cell_of("f4", 3),), colours=(2,)),
        Turn(2, (cell_of("c3", 3),)),
    ),
    players=("Ann", "Al"),  # the same initial: under too the diagram letters are the colours'
)
TOO_TEXT = (
    "    abcdefghi      Ann    Al\n"
    "1     . . .    1.  e3     g3=b\n"
    "2    . . . .   2.  f4=w   c3\n"
    "3   . W b b .\n"
    "4    . . w .\n"
    "5     . . .\n"
    "    abcdefghi\n"
)


def test_rga_writes_a_too_diagram_in_colour_letters():
    text, warnings = write_text([TOO_GAME], "rga")
    assert text == TOO_TEXT
    assert {w.code for w in warnings} == {"variant-dropped"}


def test_rga_reads_a_too_diagram_back_with_colours():
    item = read(TOO_TEXT, "rga", "too")
    assert item.error is None and item.warnings == ()
    assert item.record.turns == TOO_GAME.turns and item.record.players == ("Ann", "Al")
    diagram = read_diagram(item.record.headers["diagram"], variant="too")
    assert diagram.letters == ("b", "w")
    assert diagram.stones == {cell_of("e3", 3): 1, cell_of("g3", 3): 1, cell_of("f4", 3): 2, cell_of("c3", 3): 2}
    assert diagram.marked == {cell_of("c3", 3)}


@pytest.mark.parametrize("mark", ["i5=w", "I5=W"])
def test_rga_move_list_marks_either_case(mark):
    record = read(f"1. {mark}  e5\n", "rga", "too").record
    assert record.turns == (Turn(1, (cell_of("i5", 5),), colours=(2,)), Turn(2, (cell_of("e5", 5),)))


def test_rga_diagram_in_the_wrong_colour_is_a_disagreement():
    text = TOO_TEXT.replace("3   . W b b .", "3   . W w b .")
    item = read(text, "rga", "too")
    (warning,) = codes(item, "diagram-mismatch")
    assert warning.message == "e3: the move list implies a stone of Black, the diagram shows a stone of White"
    assert (warning.line, warning.column) == (4, 9)


def test_rga_colour_mark_disagreeing_with_the_diagram_is_reported():
    text = TOO_TEXT.replace("g3=b", "g3  ")  # now a White stone by the list, Black on the diagram
    (warning,) = codes(read(text, "rga", "too"), "diagram-mismatch")
    assert warning.message.startswith("g3: the move list implies a stone of White, the diagram shows a stone of Black")


def test_rga_player_letters_are_not_colours_under_too():
    error = read(TOO_TEXT.replace("4    . . w .", "4    . . a ."), "rga", "too").error
    assert error.code == "diagram" and "a colour's letter under too (b or w" in error.message


def test_rga_unknown_mark_is_located():
    error = read("1. e5  i5=g\n", "rga", "product").error
    assert (error.code, error.line, error.column) == ("colour-mark", 1, 10)
    assert "=g is not a stone colour of product" in error.message


def test_rga_opponent_colour_under_catchup_is_read_and_drawn_in_its_colour():
    item = read("1. e5  i5=w\n", "rga", "catchup")  # Black plays a White stone: for the rules to report
    assert item.error is None and [w.code for w in item.warnings] == ["unexpected-colour-mark"]
    assert item.record.turns[1] == Turn(2, (cell_of("i5", 5),), colours=(1,))
    text, _ = write_text([item.record], "rga")
    assert "i5=w" in text and "5   . . w . W . . . ." in text  # drawn in White's (player 1's) letter
    again = read(text, "rga", "catchup")
    assert [w.code for w in again.warnings] == ["unexpected-colour-mark"] and again.record.turns == item.record.turns


def test_rga_suggestion_follows_the_marked_colour():
    # a pair of the wrong parity (f3) next to an unlisted White stone (e3) on the diagram
    text = TOO_TEXT.replace("e3     g3=b", "f3=w   g3=b").replace("3   . W b b .", "3   . W w b .")
    item = read(text, "rga", "too")
    assert item.error.code == "not-a-cell" and "corrections={'f3': 'e3'}" in item.error.message
    (warning,) = codes(item, "not-a-cell")
    assert "the diagram shows a stone of White at e3" in warning.message
    fixed = read(text, "rga", "too", corrections="diagram")
    assert fixed.error is None and fixed.record.turns[0] == Turn(1, (cell_of("e3", 3),), colours=(2,))


# ---------------------------------------------------------------------------------------------
# Abstract Play and JSON


def test_abstractplay_refuses_stone_colours():
    with pytest.raises(WriteError) as caught:
        write_with("abstractplay", [TOO_GAME])
    assert caught.value.code == "unwritable-colour"
    assert "turn 2" in caught.value.message and "cannot carry stone colours" in caught.value.message
    with pytest.raises(WriteError):
        write_text([TOO_GAME], "abstractplay")


def test_abstractplay_writes_too_records_without_colours():
    record = Record("too(size=3)", (Turn(1, ((0, 0),)), Turn(2, ((1, 0),))))
    text, warnings = write_with("abstractplay", [record])
    assert {w.code for w in warnings} == {"variant-dropped"}
    assert read(text, "abstractplay", "too(size=3)").record == record


@pytest.mark.parametrize(
    "colours, words",
    [
        ([1, 2], "(a turn with 1 cells cannot have 2 stone colours) @ $.turns[1]"),
        ([3], "(stone colours are 1 and 2 (the first and second player's), not (3,)) @ $.turns[1]"),
        (["w"], "expected int @ $.turns[1].colours[0]"),
    ],
)
def test_json_bad_colours_are_shape_errors(colours, words):
    good = {"variant": "too(size=3)", "turns": [{"player": 1, "cells": [[0, 0]]}]}
    bad = {
        "variant": "too(size=3)",
        "turns": [{"player": 1, "cells": [[0, 0]]}, {"player": 2, "cells": [[1, 0]], "colours": colours}],
    }
    text = "\n".join(json.dumps(v) for v in (good, bad, good)) + "\n"
    items = list(parse_text(text, format="json", source="g.jsonl"))
    assert [i.error is None for i in items] == [True, False, True]
    error = items[1].error
    assert (error.code, error.line, error.source) == ("shape", 2, "g.jsonl")
    assert error.message.startswith("record 2: not a record:") and words in error.message


def test_json_carries_colours():
    text, _ = write_text([TOO_GAME], "json")
    assert json.loads(text)["turns"][1]["colours"] == [1]
    assert "colours" not in json.loads(text)["turns"][0]
    assert read(text, "json", None).record == TOO_GAME


# ---------------------------------------------------------------------------------------------
# Round trips of random too/product records (one stone a turn, either colour)

FORMATS = ("lg", "rga", "genius", "json")  # Abstract Play cannot carry colours (see above)
NAME = st.from_regex(r"[A-Z][a-z]{0,6}( [A-Z][a-z]{0,5})?", fullmatch=True)


@st.composite
def coloured_records(draw):
    variant = draw(st.sampled_from(("too", "product")))
    side = draw(st.integers(2, 7))  # rga diagrams go up to side 7
    cells = draw(st.permutations(hexhex(side).cells))
    count = draw(st.integers(0, len(cells)))
    turns = []
    for i, cell in enumerate(cells[:count]):
        turns.append(Turn(i % 2 + 1, (cell,), colours=(draw(st.integers(1, 2)),)))
    names = draw(
        st.one_of(st.tuples(st.none(), st.none()), st.tuples(NAME, NAME).filter(lambda p: p[0].lower() != p[1].lower()))
    )
    resigned = draw(st.sampled_from((None, count % 2 + 1)))
    return Record(f"{variant}(size={side})", tuple(turns), resigned=resigned, players=names)


def convert(record, fmt):
    text, warnings = write_text([record], fmt)
    item = only(parse_text(text, format=fmt, variant=record.variant))
    assert item.error is None, (text, item.error)
    assert not codes(item, "diagram-mismatch"), (text, item.warnings)
    return item.record, {w.code for w in warnings}


@given(coloured_records(), st.sampled_from(FORMATS), st.sampled_from(FORMATS))
def test_colours_survive_a_to_b_to_a(record, a, b):
    assume("genius" not in (a, b) or record.turns or record.resigned)  # Genius cannot write a game of no turns
    first, _ = convert(record, a)
    middle, warnings = convert(first, b)
    last, _ = convert(middle, a)
    assert last.turns == record.turns  # cells and colours (one cell a turn: no reordering)
    assert last.variant == record.variant and last.resigned == record.resigned
    if last.players != first.players and first.players != (None, None):
        assert warnings & {"players-dropped"}


@given(coloured_records(), st.sampled_from(FORMATS))
def test_coloured_write_read_write_is_stable(record, fmt):
    assume(fmt != "genius" or record.turns or record.resigned)  # Genius cannot write a game of no turns
    once, _ = convert(record, fmt)
    text1, _ = write_text([once], fmt)
    text2, _ = write_text([convert(once, fmt)[0]], fmt)
    assert text1 == text2
