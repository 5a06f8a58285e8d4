"""The rec.games.abstract diagram-and-move-list format, starting with a post in the form published there
(a game of our own, typed with two slips and a diagram that lost its last rows)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest
from helpers import read_with, write_with
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from catchup_notation import formats
from catchup_notation.board import hexhex
from catchup_notation.errors import NotationError, WriteError
from catchup_notation.formats.rga import RgaFormat, read_diagram
from catchup_notation.formats.rga.board import cell_name, cell_of
from catchup_notation.model import Record, Turn
from catchup_notation.resources import data_dir

DATA = Path(__file__).parent / "data" / "rga"
EXACT = (DATA / "post-as-typed.txt").read_text(encoding="utf-8")
RESTORED = (DATA / "post-restored.txt").read_text(encoding="utf-8")
POST_FORMS = pytest.mark.parametrize("text", [EXACT, RESTORED], ids=["as-typed", "restored"])
FIXES = {"h3": "h4", "n3": "o3"}


def only(items):
    items = list(items)
    assert len(items) == 1, items
    return items[0]


def codes(item, code):
    return [w for w in item.warnings if w.code == code]


def cells(*names, side=5):
    return tuple(cell_of(name, side) for name in names)


# ---------------------------------------------------------------------------------------------
# The post: as typed (`:` and tabs, no row numbers) and with its layout restored


def test_the_example_is_the_post_as_typed():
    example = Path(__file__).parent.parent / "examples" / "rga-post-as-typed.txt"
    assert example.read_text(encoding="utf-8") == EXACT
    assert EXACT.startswith(":\tabcdefghijklmnopq\t\tC\tM\n")


@POST_FORMS
def test_post_reports_h3_and_n3_as_not_cells(text):
    item = only(read_with("rga", text, source="post.txt"))
    assert item.record is None
    error = item.error
    assert error.code == "not-a-cell"
    assert "h3 (turn 5)" in error.message and "n3 (turn 12)" in error.message
    assert "corrections={'h3': 'h4', 'n3': 'o3'}" in error.message
    assert error.source == "post.txt" and error.line == 4 and error.text.rstrip().endswith("j6 e1")
    assert error.text[error.column - 1 : error.column + 1] == "h3"
    h3, n3 = codes(item, "not-a-cell")
    assert (h3.line, n3.line) == (4, 7)
    # a row slip (h4 typed h3) and a column slip (o3 typed n3): the diagram settles both
    assert "g3, i3, h2, h4" in h3.message and "probably h4" in h3.message and "turn 5, C" in h3.message
    assert "m3, o3" in n3.message and "probably o3" in n3.message and "turn 12, M" in n3.message


@POST_FORMS
def test_post_diagram_disagreements_are_listed(text):
    item = only(read_with("rga", text))
    mismatches = {w.message.split(":")[0]: w for w in codes(item, "diagram-mismatch")}
    assert set(mismatches) == {"h4", "o3"}
    assert "move list implies an empty cell, the diagram shows a stone of C" in mismatches["h4"].message
    assert "a stone of M" in mismatches["o3"].message
    assert mismatches["h4"].line == 5  # the row-4 line of the post
    # the export lost the points of rows 8 and 9
    assert [w.line for w in codes(item, "short-row")] == [9, 10]


@POST_FORMS
@pytest.mark.parametrize("fixes", [FIXES, {"5:h3": "h4", "12:n3": "o3"}, "diagram"])
def test_post_with_corrections(text, fixes):
    item = only(read_with("rga", text, corrections=fixes))
    assert item.error is None
    record = item.record
    assert record.variant == "catchup(size=5)"
    assert record.players == ("C", "M")
    assert len(record.turns) == 15 and record.resigned == 2
    assert [t.player for t in record.turns] == [1, 2] * 7 + [1]
    # "1. ... m5  a5 g3": the placeholder places nothing; C opens with m5 alone, M answers a5 g3
    assert record.turns[0] == Turn(1, cells("m5"))
    assert record.turns[1] == Turn(2, cells("a5", "g3"))
    assert record.turns[4] == Turn(1, cells("g7", "h4"))
    assert record.turns[11] == Turn(2, cells("l2", "h2", "o3"))
    assert record.turns[14] == Turn(1, cells("g1", "i1"))
    assert len(codes(item, "corrected")) == 2
    assert not codes(item, "diagram-mismatch") and not codes(item, "last-move-mark")
    assert not codes(item, "not-a-cell") and not codes(item, "unused-correction")
    diagram = read_diagram(record.headers["diagram"])
    assert diagram.marked == frozenset(cells("g1", "i1"))
    assert sum(1 for p in diagram.stones.values() if p == 1) == 17


def test_i5_is_the_centre_and_a_stone_of_c():
    record = only(read_with("rga", EXACT, corrections="diagram")).record
    assert cell_of("i5", 5) == (0, 0)
    assert read_diagram(record.headers["diagram"]).stones[(0, 0)] == 1


@pytest.mark.skipif(importlib.util.find_spec("catchup_notation.rules.adjudicate") is None, reason="no rules engine yet")
@pytest.mark.parametrize(
    "variant, legal",
    [
        ("catchup", True),
        ("catchup-2012", True),
        ("ketchup-3", True),
        ("ketchup-2", True),
        ("ketchup-4", False),
        ("ketchup-4-amended", False),
        ("alternative", False),
    ],
)
def test_post_game_under_each_variant(variant, legal):
    from catchup_notation.rules.adjudicate import adjudicate
    from catchup_notation.rules.replay import replay

    record = only(read_with("rga", EXACT, corrections=FIXES)).record
    assert (replay(record, variant).error is None) is legal
    result = adjudicate(record, variant)
    if legal:
        assert (result.status, result.winner, result.reason) == ("resigned", 1, "resignation")
    else:
        assert result.status == "invalid"


# ---------------------------------------------------------------------------------------------
# Cross-checks, structure, errors


def test_last_move_marks_are_checked():
    text = EXACT.replace(":\tm C C . m\t", ":\tm c C . m\t").replace(":\tc . c m m c .\t", ":\tC . c m m c .\t")
    item = only(read_with("rga", text, corrections=FIXES))
    marks = [w.message for w in codes(item, "last-move-mark")]
    assert any(m.startswith("g1 is in the last turn") for m in marks)
    assert any("marks c7 in upper case" in m for m in marks)


def test_changed_stone_is_a_disagreement():
    text = RESTORED.replace("5   m m . m c c c m .", "5   m m . m m c c m .")
    item = only(read_with("rga", text, corrections=FIXES))
    (warning,) = codes(item, "diagram-mismatch")
    assert warning.message.startswith("i5: the move list implies a stone of C, the diagram shows a stone of M")
    assert (warning.line, warning.column) == (6, 13)


def test_move_list_alone_takes_side_from_variant():
    item = only(read_with("rga", "1. e3  d2 d4\n2. c1\n", variant="catchup(size=3)"))
    assert item.record.variant == "catchup(size=3)"
    assert item.record.turns == (
        Turn(1, cells("e3", side=3)),
        Turn(2, cells("d2", "d4", side=3)),
        Turn(1, cells("c1", side=3)),
    )
    assert "diagram" not in item.record.headers


def test_diagram_alone_has_no_turns():
    text = "   abcde   X O\n1   . x\n2  o . .\n3   . .\n"
    item = only(read_with("rga", text))
    assert item.record.turns == () and codes(item, "diagram-only")
    assert read_diagram(item.record.headers["diagram"]).stones == {cell_of("d1", 2): 1, cell_of("a2", 2): 2}


def test_several_records_and_a_bad_one_in_the_middle():
    text = "1. e3  d4\n\n1. zz\n\n1. c1\n"
    items = list(read_with("rga", text, variant="catchup(size=3)"))
    assert [i.error is None for i in items] == [True, False, True]
    assert items[1].error.line == 3
    two = "\n\n".join([RESTORED, RESTORED])
    assert [i.error.code for i in read_with("rga", two)] == ["not-a-cell", "not-a-cell"]


@pytest.mark.parametrize(
    "text, code, line",
    [
        (":\tabcdefghijklmnopq\t\tC\tM\n:\t. . x\n", "diagram", 2),
        ("abcdefg\n", "columns", 1),
        ("1. e3  d4  c1\n", "move-list", 1),
        ("1. e3  resign\n2. c1\n", "resign", 2),
        ("1. e3 resign\n", "resign", 1),
        ("1. e4\n", "not-a-cell", 1),
        ("abcde  B Bob\n", "players", 1),
    ],
)
def test_errors_are_located(text, code, line):
    item = only(read_with("rga", text, source="post.txt", variant="catchup(size=3)"))
    assert item.error.code == code and item.error.line == line and item.error.source == "post.txt"


def test_syntax_errors_speak_plain_words():
    item = only(read_with("rga", ":\tabcde\n1. e4 ; d4\n", source="p.txt"))
    error = item.error
    assert (error.code, error.line, error.column) == ("syntax", 2, 7)
    assert "__" not in str(error) and "expected" in error.message
    assert str(error).startswith("p.txt:2:7: error[syntax]")


def test_format_is_registered_and_sniffs():
    assert isinstance(formats.get("rga"), RgaFormat)
    assert formats.get("rga").sniff(EXACT) and formats.get("rga").sniff(RESTORED)
    assert not formats.get("rga").sniff("(;FF[4]SZ[5];W[E5])")


# ---------------------------------------------------------------------------------------------
# Writing


def test_write_canonical_text_is_stable():
    record = only(read_with("rga", EXACT, corrections=FIXES)).record
    text, warnings = write_with("rga", [record])
    assert warnings == []
    assert text.splitlines()[0] == "    abcdefghijklmnopq      C          M"
    assert text.splitlines()[1] == "1       m C C . m      1.  m5         a5 g3"
    again = only(read_with("rga", text))
    assert again.warnings == () and again.record == record
    assert write_with("rga", [again.record])[0] == text


def test_write_warns_about_what_a_diagram_cannot_carry():
    record = Record("ketchup-3(size=3)", (Turn(1, ((0, 0),)),), players=("Ann Lee", "Bob"), headers={"event": "x"})
    text, warnings = write_with("rga", [record])
    assert {w.code for w in warnings} == {"variant-dropped", "headers-dropped", "players-dropped"}
    assert only(read_with("rga", text)).record.turns == record.turns


def test_write_refuses_number_games():
    with pytest.raises(WriteError):
        write_with("rga", [Record("catch-up(set=1..4)", (Turn(1, numbers=(3,)),))])


# ---------------------------------------------------------------------------------------------
# Properties


@st.composite
def hex_records(draw):
    side = draw(st.integers(2, 7))
    board = hexhex(side).cells
    chosen = draw(st.lists(st.sampled_from(board), unique=True, max_size=len(board)))
    turns, i = [], 0
    while i < len(chosen):
        size = draw(st.integers(1, 3))
        turns.append(Turn(len(turns) % 2 + 1, tuple(chosen[i : i + size])))
        i += size
    resigned = draw(st.sampled_from([None, len(turns) % 2 + 1]))
    players = draw(st.sampled_from([(None, None), ("B", "J"), ("Alice", "Bob")]))
    return Record(f"catchup(size={side})", tuple(turns), resigned=resigned, players=players)


@given(hex_records())
def test_round_trip_random_records(record):
    text, _ = write_with("rga", [record])
    item = only(read_with("rga", text))
    assert item.error is None, item.error
    expected = {"diagram-only"} if not record.turns and record.resigned is None else set()
    assert {w.code for w in item.warnings} == expected
    assert item.record.variant == record.variant
    assert item.record.turns == record.turns and item.record.resigned == record.resigned
    if record.players[0]:
        assert item.record.players == record.players


@given(st.integers(2, 7), st.data())
def test_names_and_cells_agree(side, data):
    cell = data.draw(st.sampled_from(hexhex(side).cells))
    assert cell_of(cell_name(cell, side), side) == cell


RGA_GRAMMAR = Lark((data_dir("grammars") / "rga.lark").read_text(encoding="utf-8"), parser="lalr")


@given(st.lists(from_lark(RGA_GRAMMAR), max_size=12))
def test_fuzz_grammar_lines(lines):
    for item in read_with("rga", "\n".join(lines)):
        assert item.error is None or isinstance(item.error, NotationError)
        str(item.error)


@given(st.randoms(use_true_random=False), st.sampled_from([EXACT, RESTORED]))
def test_fuzz_mutations(rng: random.Random, text):
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        pos = rng.randrange(len(chars))
        action = rng.random()
        if action < 0.4:
            del chars[pos]
        elif action < 0.8:
            chars.insert(pos, rng.choice("acmCM.123456789 \t\n:>|.resign-…"))
        else:
            chars[pos], chars[-pos] = chars[-pos], chars[pos]
    for fixes in (None, "diagram"):
        for item in read_with("rga", "".join(chars), corrections=fixes):
            assert item.error is None or isinstance(item.error, NotationError)
            str(item.error)
