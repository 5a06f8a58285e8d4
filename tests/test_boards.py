"""Boards of any shape: their spellings, names, random boards, and every hex variant played on them
against the plain reference (tests/reference_rules.py), which takes a set of cells."""

from __future__ import annotations

import random

import pytest
from helpers import shapes
from hypothesis import given
from hypothesis import strategies as st
from reference_rules import HEX_VARIANTS, Reference
from test_hex_differential import play_against_reference

from catchup_notation.board import Board, hexhex
from catchup_notation.errors import BoardError, VariantError
from catchup_notation.model import Record, Turn
from catchup_notation.rules.registry import parse_variant
from catchup_notation.rules.replay import replay
from catchup_notation.shapes import (
    board_text,
    cell_list,
    centred,
    mask_rows,
    named,
    named_shapes,
    parse_board,
    parse_cell_list,
    parse_mask,
    random_board,
)

HEXHEX_2_MASK = """
 . .
. . .
 . .
"""


# -- spellings -------------------------------------------------------------------------------


def test_a_mask_of_a_hexhex_board_is_that_board():
    assert parse_mask(HEXHEX_2_MASK) == hexhex(2) and parse_mask(HEXHEX_2_MASK).side == 2
    assert parse_board("_._./._._./_._.") is hexhex(2)
    assert parse_board("hexhex5") is hexhex(5) and parse_board("hexhex-5") is hexhex(5)


def test_mask_rows_and_cells_in_doubled_coordinates():
    board = parse_mask(". . .\n . .\n\n . .")  # a blank row inside: a row without cells
    rows = mask_rows(board)
    assert rows == [". . .", " . .", "", " . ."]
    assert len(board) == 7
    top = [c for c in board.cells if c[1] == board.top]
    assert [board.label(c) for c in top] == ["A1", "A2", "A3"]
    assert {board.label(c) for c in board.cells if c[1] == board.top + 3} == {"D1", "D2"}  # C has no cell
    assert board.labelled("d", 2) in board
    for label in ("C1", "A4", "Z3"):  # a row without cells, a row continued, a row below the board
        cell = board.labelled(label[0], int(label[1:]))
        assert cell not in board and board.label(cell) == label
    assert board.labelled("A", 0) is None
    hole = parse_mask(" . .\n.   .\n . .")
    assert hole.label((0, 0)) == "(0, 0)"  # a hole has no name


def test_a_cell_out_of_step_is_named_by_row_and_column():
    with pytest.raises(BoardError, match=r"row 2, column 3: a cell out of step"):
        parse_mask(". .\n  ..")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (".", "at least 2 cells"),
        ("{(0,0)}", "at least 2 cells"),
        ("{(0,0),(0,0)}", r"\(0, 0\) is listed twice"),
        ("{(0,0),(1,0) x}", "expected a cell"),
        ("{(0,0),(1,0),(999,0)}", "past the limit"),
        ("nothing", "not a board"),
        ("hexhex1", "from 2 to 50"),
        ("blob5", "unknown board shape"),
        ("@/no/such/board.txt", "cannot read the board file"),
    ],
)
def test_bad_boards_say_what_is_wrong(text, message):
    with pytest.raises(BoardError, match=message):
        parse_board(text)
    with pytest.raises(VariantError, match=message):
        parse_variant(f"catchup(board={text})")


def test_board_files_hold_masks_or_cell_lists(tmp_path):
    (tmp_path / "mask.txt").write_text(HEXHEX_2_MASK.replace(" . .\n", " . _\n", 1))
    (tmp_path / "cells.txt").write_text("{(0,0), (1,0),\n (5,5)}\n")
    masked = parse_variant(f"ketchup-3(board=@{tmp_path / 'mask.txt'})")
    assert len(masked.board) == 6 and masked.board.side is None
    listed = parse_variant(f"catchup(board=@{tmp_path / 'cells.txt'})")
    assert set(listed.board.cells) == {(0, 0), (1, 0), (5, 5)}


def test_size_and_board_together():
    assert str(parse_variant("catchup(board=hexhex7)")) == "catchup(size=7)"
    assert str(parse_variant("catchup(size=7, board=hexhex7)")) == "catchup(size=7)"
    with pytest.raises(VariantError, match="size=6 but the board is hexhex5"):
        parse_variant("catchup(size=6, board=hexhex5)")
    with pytest.raises(VariantError, match="not both"):
        parse_variant("catchup(size=5, board=triangle4)")
    assert parse_variant("catchup", size=7, board=named("triangle4")).board == named("triangle4")  # board wins


def test_a_board_of_another_shape_has_no_side():
    variant = parse_variant("catchup(board=triangle4)")
    assert not variant.hexhex
    with pytest.raises(BoardError, match="no side"):
        _ = variant.size


@given(shapes())
def test_every_board_spells_itself_and_reads_back(cells):
    board = parse_variant("catchup", board=cells).board
    assert set(board.cells) == cells
    assert parse_board(board_text(board)) == board
    assert parse_cell_list(cell_list(board)) == board
    assert parse_mask("\n".join(mask_rows(board))) == Board(centred(cells))
    again = parse_variant(str(parse_variant("ketchup-2", board=cells)))
    assert again.board == board and again.name == "ketchup-2"


@given(shapes())
def test_labels_follow_the_rows_and_read_back(cells):
    board = Board(cells)
    for cell in board.cells:
        label = board.label(cell)
        if label.startswith("("):
            continue  # past row Z
        letter, number = label[0], int(label[1:])
        assert ord(letter) - ord("A") == cell[1] - min(r for _, r in cells)
        assert number == sorted(q for q, r in cells if r == cell[1]).index(cell[0]) + 1
        assert board.labelled(letter, number) == cell


# -- named and random boards -----------------------------------------------------------------


@pytest.mark.parametrize(("name", "low", "what"), named_shapes())
def test_named_shapes_are_centred_boards(name, low, what):
    board = named(f"{name}{low + 2}")
    assert set(board.cells) == centred(board.cells)
    assert what


def test_named_shape_sizes():
    assert len(named("triangle6")) == 21
    assert len(named("rhombus5")) == 25
    assert len(named("donut5")) == len(hexhex(5)) - len(hexhex(2))


@given(st.integers(0, 10**9), st.integers(7, 120))
def test_random_boards_are_connected_seeded_and_holed(seed, size):
    board = random_board(seed, size)
    assert len(board) == size
    assert random_board(seed, size) == board
    cells = set(board.cells)
    seen, stack = {board.cells[0]}, [board.cells[0]]
    while stack:
        for n in board.neighbours_of(stack.pop()):
            if n not in seen:
                seen.add(n)
                stack.append(n)
    assert seen == cells  # connected
    around = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
    outside = {(q + dq, r + dr) for q, r in cells for dq, dr in around} - cells
    holes = [(q, r) for q, r in outside if all((q + dq, r + dr) in cells for dq, dr in around)]
    if size >= 40:
        assert holes  # LG's random boards have holes


def test_random_boards_differ_by_seed():
    assert len({random_board(seed) for seed in range(5)}) == 5


# -- the rules on any board ------------------------------------------------------------------


@given(st.sampled_from(HEX_VARIANTS), shapes(), st.integers(0, 2**32 - 1))
def test_every_variant_agrees_with_reference_on_any_board(name, cells, seed):
    play_against_reference(parse_variant(name, board=cells), Reference(name, cells), random.Random(seed))


def test_equal_group_lists_on_a_full_board_are_a_draw():
    variant = parse_variant("catchup(board={(0,0),(5,5)})")
    played = replay(Record(str(variant), (Turn(1, ((0, 0),)), Turn(2, ((5, 5),)))))
    result = played.game.score()
    assert result.status == "finished" and result.draw and result.winner is None
    assert result.groups == ((1,), (1,))


def test_a_hole_is_off_the_board():
    variant = parse_variant("catchup(board=donut3)")
    error = replay(Record(str(variant), (Turn(1, ((0, 0),)),))).error
    assert error is not None and error.code == "off-board" and "is not a cell of this board" in error.message


# -- notations, the API and the command line -------------------------------------------------

LG_RANDOM = random_board(7)


def lg_game_on(board, seed=3):
    """A finished catchup game on `board`, as the record and as Little Golem text with the board
    in our own XB property (not SZ)."""
    from cli_records import random_game

    from catchup_notation.formats import write_text

    record = random_game(seed, str(parse_variant("catchup", board=board)))
    text, warnings = write_text([record], "lg")
    assert not warnings
    if board.side is None:
        assert "SZ[" not in text and f"XB[{board_text(board)}]" in text
    return record, text


def without_xb(text):
    """Little Golem's own text of a game: no XB property."""
    import re

    return re.sub(r"XB\[[^\]]*\]", "", text)


def test_lg_records_read_with_a_board_from_the_api_and_the_cli(tmp_path):
    from cli_records import json_lines, run

    import catchup_notation as cn

    record, text = lg_game_on(LG_RANDOM)
    text = without_xb(text)
    (shape := tmp_path / "shape.txt").write_text("\n".join(mask_rows(LG_RANDOM)) + "\n")
    (games := tmp_path / "games.sgf").write_text(text)
    (game,) = cn.read(games, board=f"@{shape}")
    assert game.record.turns == record.turns and game.variant.board == LG_RANDOM
    assert game.verify().error is None
    (blind,) = cn.read(games)  # read as side 5: a name past a row of the side-5 board is off it
    assert blind.variant.board == hexhex(5)
    rows = json_lines(run("verify", "--json", "--board", f"@{shape}", str(games)).stdout)
    assert rows[0]["valid"] is True
    bad = run("verify", "--board", "{(0,0)}", str(games))
    assert bad.exit_code == 2 and "at least 2 cells" in bad.output


def test_json_carries_the_board_and_others_say_what_they_cannot():
    from catchup_notation.errors import WriteError
    from catchup_notation.formats import parse_text, write_text

    record, _ = lg_game_on(named("donut4"))
    text, warnings = write_text([record], "json")
    (back,) = parse_text(text, format="json")
    assert back.record == record and not warnings
    assert parse_variant(back.record.variant).board == named("donut4")
    with pytest.raises(WriteError) as refused:
        write_text([record], "abstractplay")
    assert refused.value.code == "unwritable-board"
    drawn, _ = write_text([record], "rga")  # the diagram draws the board (tests/test_rga_boards.py)
    (again,) = parse_text(drawn, format="rga")
    assert parse_variant(again.record.variant).board == named("donut4")
    _, warned = write_text([record], "genius")
    assert "board-dropped" in {w.code for w in warned}


@given(shapes(), st.integers(0, 1000))
def test_little_golem_names_on_any_board_read_back(cells, seed):
    from catchup_notation.formats import parse_text

    board = parse_variant("catchup", board=cells).board
    record, text = lg_game_on(board, seed)
    (back,) = parse_text(without_xb(text), format="lg", variant=record.variant)
    assert back.record.turns == record.turns
    (again,) = parse_text(text, format="lg")  # our XB property carries the board
    assert again.record.turns == record.turns and again.record.variant == record.variant


def test_a_record_never_names_a_board_file(tmp_path):
    from catchup_notation.formats import parse_text

    (tmp_path / "shape.txt").write_text(". .")
    lg = f"(;FF[4]XB[@{tmp_path / 'shape.txt'}];W[A1])"
    (item,) = parse_text(lg, format="lg")
    assert item.error is not None and item.error.code == "bad-board" and "cannot name a file" in item.error.message
    data = f'{{"variant": "catchup(board=@{tmp_path / "shape.txt"})", "turns": []}}'
    (item,) = parse_text(data, format="json")
    assert item.error is not None and item.error.code == "variant" and "names a board file" in item.error.message


# -- pictures --------------------------------------------------------------------------------


def test_text_and_svg_draw_the_shape_with_its_holes():
    import xml.etree.ElementTree as ET

    from catchup_notation.pictures.svg import state_svg
    from catchup_notation.pictures.text import render

    mask = "  . . .\n . . . .\n. .   . .\n . . . .\n  . . ."
    variant = parse_variant(f"catchup(board={mask.replace(chr(10), '/').replace(' ', '_')})")
    game = variant.new_game()
    game.play(Turn(1, (variant.board.labelled("C", 3),)))
    text = render(game.state())
    assert text.splitlines() == ["  A . . . A", " B . . . . B", "C . .   w . C", " D . . . . D", "  E . . . E"]
    svg = ET.fromstring(state_svg(game.state()))
    ns = "{http://www.w3.org/2000/svg}"
    cells = [p.get("data-cell") for p in svg.iter(f"{ns}polygon")]
    assert sorted(cells) == sorted(variant.board.label(c) for c in variant.board.cells)  # no cell in the hole
    numbers = [t.text for t in svg.iter(f"{ns}text") if "cell-number" in (t.get("class") or "")]
    assert sorted(numbers) == sorted(label[1:] for label in cells)
    letters = [t.text for t in svg.iter(f"{ns}text") if t.get("class") == "coord"]
    assert sorted(letters) == sorted("AABBCCDDEE")
    x, y, width, height = map(float, svg.get("viewBox").split())
    for circle in svg.iter(f"{ns}circle"):
        assert x < float(circle.get("cx")) < x + width and y < float(circle.get("cy")) < y + height
    assert "on a board of 18 cells" in "".join(svg.itertext())


def test_the_viewer_shows_a_board_of_any_shape():
    import catchup_notation as cn
    from catchup_notation.formats import write_text
    from catchup_notation.render.html import board_look, game_page
    from catchup_notation.render.viewdata import game_view

    record, _ = lg_game_on(LG_RANDOM, seed=5)
    (game,) = cn.read_text(write_text([record], "json")[0], format="json")
    data = game_view(game)
    assert data["brief"] == "catchup on a board of 60 cells" and data["variant"] == record.variant
    look = board_look(record.variant)
    assert sorted(look["cells"]) == sorted(LG_RANDOM.label(c) for c in LG_RANDOM.cells)
    page = game_page(game)
    assert "catchup on a board of 60 cells" in page and page.count('class="cell"') >= len(LG_RANDOM)


# -- the commands ----------------------------------------------------------------------------


def test_cli_boards_lists_and_draws(tmp_path):
    import json

    from cli_records import json_lines, run

    listed = run("boards")
    assert listed.exit_code == 0 and all(name in listed.output for name, _, _ in named_shapes())
    assert {row["name"] for row in json_lines(run("boards", "--json").stdout)} == {n for n, _, _ in named_shapes()}
    drawn = run("boards", "donut4", "--svg", str(tmp_path / "d.svg"))
    assert drawn.exit_code == 0 and parse_mask(drawn.stdout) == named("donut4")
    assert (tmp_path / "d.svg").read_text().count('class="cell"') == len(named("donut4"))
    (data,) = [json.loads(line) for line in run("boards", "triangle3", "--json").stdout.splitlines()]
    assert data["cells"] == 6 and parse_board(data["spelling"]) == named("triangle3")
    assert run("boards", "nope").exit_code == 2


def test_cli_random_board_is_seeded_and_reads_back_as_a_board_file(tmp_path):
    from cli_records import run

    made = run("random-board", "--seed", "7", "--cells", "40")
    assert made.exit_code == 0 and made.stdout == run("random-board", "--seed", "7", "--cells", "40").stdout
    (tmp_path / "shape.txt").write_text(made.stdout)
    assert parse_board(f"@{tmp_path / 'shape.txt'}") == random_board(7, 40)
    assert run("random-board", "--seed", "8", "--cells", "40").stdout != made.stdout
    assert run("random-board", "--seed", "1", "--cells", "8", "--holes", "5").exit_code == 2


# -- the exact endgame solver on any board ---------------------------------------------------


def reference_value(ref: Reference) -> int:
    """Perfect-play value for the player to move (+1 win, 0 draw, -1 loss), by the reference."""
    import copy
    from itertools import combinations, product

    from reference_rules import EITHER_COLOUR

    mover = ref.mover()
    empties = [c for c in ref.board.cells if c not in ref.stones]
    best = -2
    for count in ref.allowed_counts():
        for cells in combinations(empties, count):
            choices = product((1, 2), repeat=count) if ref.name in EITHER_COLOUR else [None]
            for colours in choices:
                if ref.verdict(mover, cells, colours) is not None:
                    continue
                after = copy.deepcopy(ref)
                after.play(mover, cells, colours)
                if after.over():
                    winner = after.winner()
                    value = 0 if winner is None else (1 if winner == mover else -1)
                else:
                    value = -reference_value(after) if after.mover() != mover else reference_value(after)
                best = max(best, value)
    return best


# SAUCE is left out: both players may pass for ever, so its positions have no value to solve.
@pytest.mark.parametrize("name", [v for v in HEX_VARIANTS if not parse_variant(v).new_game().endless])
@pytest.mark.parametrize("board", ["triangle2", "{(0,0),(1,0),(4,4),(5,4)}", "_._./.___./_._.", "{(0,0),(2,0),(0,2)}"])
def test_the_endgame_solver_agrees_with_the_reference_on_small_boards(name, board):
    from reference_rules import EITHER_COLOUR

    from catchup_notation.solvers.endgame import solve_endgame

    shape = parse_board(board)
    if len(shape) > 5 and name in EITHER_COLOUR:
        shape = parse_board("{(0,0),(1,0),(0,1),(3,3)}")  # the reference's search of either colour is slow
    result = solve_endgame(parse_variant(name, board=shape).new_game())
    assert result.value == reference_value(Reference(name, frozenset(shape.cells)))
