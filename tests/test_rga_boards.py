"""rga diagrams of boards of any shape: the diagram shows which cells exist (issue 16, item 3)."""

from __future__ import annotations

import pytest
from helpers import read_with, shapes, write_with
from hypothesis import given
from hypothesis import strategies as st

from catchup_notation.board import Board
from catchup_notation.errors import WriteError
from catchup_notation.formats.rga.board import Frame
from catchup_notation.model import Record, Turn
from catchup_notation.rules.registry import parse_variant
from catchup_notation.shapes import centred, named, shape

# triangle5 in the writer's form: ten letters, since nine (4n - 3) would head a hexhex board
TRIANGLE = """\
    abcdefghij      A  B
1   a b . . .       1.  a1  c1
2    . a . .        2.  d2  e3
3     . B .
4      . .
5       .
    abcdefghij
"""

# donut4 under a hexhex header: the gaps in rows 3-5 are the hole
DONUT = """\
    abcdefghijklm      A  B
1      a . . .         1.  d1  b3
2     . . . . .
3    B .     . .
4   . .       . .
5    . .     . .
6     . . . . .
7      . . . .
    abcdefghijklm
"""


def only(items):
    items = list(items)
    assert len(items) == 1, items
    return items[0]


def board_of(item) -> Board:
    return parse_variant(item.record.variant).board


def test_a_diagram_of_another_shape_reads_as_that_board():
    item = only(read_with("rga", TRIANGLE))
    assert item.error is None, item.error
    board = named("triangle5")
    assert board_of(item) == board
    rows = board.rows  # a1 is the top row's first cell, d2 the second row's second (b2 is its first)
    assert [t.cells for t in item.record.turns] == [(rows[0][0],), (rows[0][1],), (rows[1][1],), (rows[2][1],)]
    assert not [w for w in item.warnings if w.code in ("short-row", "long-row", "diagram-mismatch")]
    assert "board=" in item.record.variant  # the canonical variant string spells the board out


def test_gaps_under_a_hexhex_header_are_holes():
    item = only(read_with("rga", DONUT))
    assert item.error is None, item.error
    assert board_of(item) == named("donut4")
    frame = Frame.of(named("donut4"))
    assert item.record.turns[0].cells == (frame.cell("d1"),) and item.record.turns[1].cells == (frame.cell("b3"),)
    assert frame.cell("f3") not in named("donut4")  # the first cell of the hole


def test_a_given_board_is_checked_against_the_diagram():
    item = only(read_with("rga", DONUT, variant="catchup(size=4)"))
    assert board_of(item) == named("donut4")  # the diagram's board is used
    (warning,) = [w for w in item.warnings if w.code == "board-mismatch"]
    assert "first at f3" in warning.message and "the variant's board has a cell there" in warning.message
    assert warning.line == 1


def test_a_given_board_that_is_the_diagram_moved_keeps_its_cells():
    moved = shape((q + 1, r + 2) for q, r in named("donut4").cells)
    spelt = "{" + ",".join(f"({q},{r})" for q, r in moved.cells) + "}"
    item = only(read_with("rga", DONUT, variant=f"catchup(board={spelt})"))
    assert item.error is None and not [w for w in item.warnings if w.code == "board-mismatch"]
    assert board_of(item) == moved
    d1 = Frame.of(named("donut4")).cell("d1")
    assert d1 is not None and item.record.turns[0].cells == ((d1[0] + 1, d1[1] + 2),)


def test_a_point_out_of_step_is_an_error_at_the_letters():
    text = "    abcdefgh\n1   . . .\n2   . . .\n    abcdefgh\n"
    item = only(read_with("rga", text, source="post.txt"))
    assert item.error is not None and item.error.code == "columns" and item.error.line == 1
    assert "out of step" in item.error.message


def test_a_board_too_wide_for_the_letters_is_refused():
    record = Record(str(parse_variant("catchup", board=Board([(0, 0), (13, 0)]))), ())
    with pytest.raises(WriteError) as refused:
        write_with("rga", [record])
    assert refused.value.code == "unwritable-board"


def test_writer_letters_never_head_a_hexhex_board():
    text, _ = write_with("rga", [Record(str(parse_variant("catchup", board=named("triangle5"))), ())])
    assert text.splitlines()[0].split()[0] == "abcdefghij"


@st.composite
def records_on_boards(draw):
    board = shape(draw(shapes()))
    cells = draw(st.permutations(board.cells))
    count = draw(st.integers(0, len(cells)))
    turns, i = [], 0
    while i < count:
        k = draw(st.integers(1, 3))
        turns.append(Turn(len(turns) % 2 + 1, tuple(cells[i : i + k])))
        i += k
    return Record(str(parse_variant("catchup", board=board)), tuple(turns), players=("Ann", "Bob"))


@given(records_on_boards())
def test_any_board_goes_through_rga_and_back(record):
    board = parse_variant(record.variant).board
    text, warnings = write_with("rga", [record])
    told = only(read_with("rga", text, variant=record.variant))
    assert told.error is None, (text, told.error)
    assert told.record.variant == record.variant and told.record.turns == record.turns
    assert not [w for w in told.warnings if w.code in ("board-mismatch", "diagram-mismatch")]
    blind = only(read_with("rga", text))
    assert blind.error is None, (text, blind.error)
    if frozenset(board.cells) == centred(board.cells):
        assert blind.record.variant == record.variant and blind.record.turns == record.turns
        assert "board-dropped" not in {w.code for w in warnings}
    else:  # the shape comes back, moved to the middle; the writer said so
        assert board_of(blind) == shape(centred(board.cells))
        assert "board-dropped" in {w.code for w in warnings}
    # names the format gives are the names the diagram is read with
    frame = Frame.of(board)
    for turn, back in zip(record.turns, told.record.turns, strict=True):
        assert [frame.name(c) for c in turn.cells] == [frame.name(c) for c in back.cells]


def test_a_move_list_alone_is_read_on_the_given_board():
    board = named("triangle5")
    item = only(read_with("rga", "1.  a1  c1\n2.  d2  e3\n", variant=str(parse_variant("catchup", board=board))))
    assert item.error is None and board_of(item) == board
    rows = board.rows
    assert [t.cells for t in item.record.turns] == [(rows[0][0],), (rows[0][1],), (rows[1][1],), (rows[2][1],)]
