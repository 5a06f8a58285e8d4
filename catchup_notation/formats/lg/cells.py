"""Cell names of Little Golem's records (shared with the Genius notation, which uses the same
names): a row letter and a number, the board's labels; and move values, runs of them.
"""

from __future__ import annotations

import re
from functools import lru_cache

from catchup_notation.board import Board, Cell
from catchup_notation.errors import WriteError

# A cell number has at most MAX_DIGITS digits (limits.py): longer ones are not cells.
_CELL = re.compile(r"([A-Za-z])([0-9]{1,18})")
_CELL_LIST = re.compile(r"[\s,]*(?:[A-Za-z][0-9]{1,18}[\s,]*)*")
_OFF_BOARD = (1 << 20, 1 << 20)  # where a label that names no cell of an irregular board points


def cell_of(letter: str, number: int, board: Board) -> Cell:
    """The cell a row letter (A = the top row) and number name; a name beyond the board maps to
    an off-board cell, so that the rules report `off-board` with the turn and player instead of
    the reader refusing a well-formed record (see `Board.labelled`)."""
    found = board.labelled(letter, number)
    return _OFF_BOARD if found is None else found


def cell_name(cell: Cell, board: Board) -> str:
    """The upper-case name of a cell; WriteError if no row letter and number can say it."""
    name = board.label(cell)
    if name.startswith("(") or (cell not in board and board.labelled(name[0], int(name[1:])) != cell):
        raise WriteError(
            f"cell {cell} cannot be written as a row letter and number on {board!r}", code="unwritable-cell"
        )
    return name


@lru_cache(maxsize=1 << 16)  # move values repeat a great deal across a collection
def parse_cells(value: str, board: Board) -> tuple[Cell, ...] | int:
    """The cells of a move value (`D4F6`, `d4, f6`), or the index of the first bad character."""
    match = _CELL_LIST.fullmatch(value)
    if match is None:
        good = _CELL_LIST.match(value)
        return good.end() if good else 0
    return tuple(cell_of(letter, int(number), board) for letter, number in _CELL.findall(value))


_MARKED_CELL = re.compile(r"([A-Za-z])([0-9]{1,18})(?:=([A-Za-z]))?")
_MARKED_LIST = re.compile(r"[\s,]*(?:[A-Za-z][0-9]{1,18}(?:=[A-Za-z])?[\s,]*)*")


@lru_cache(maxsize=1 << 12)
def parse_marked_cells(value: str, board: Board) -> tuple[tuple[Cell, ...], tuple[tuple[int, str, int], ...]] | int:
    """The cells of a move value with colour marks (`D4=wF6`), and each mark as (index of its cell,
    letter, offset of its `=` in `value`); or the index of the first bad character.

    The slow path: `parse_cells` reads unmarked values, the common case, and fails on a mark.
    """
    match = _MARKED_LIST.fullmatch(value)
    if match is None:
        good = _MARKED_LIST.match(value)
        return good.end() if good else 0
    cells: list[Cell] = []
    marks: list[tuple[int, str, int]] = []
    for found in _MARKED_CELL.finditer(value):
        if found.group(3):
            marks.append((len(cells), found.group(3), found.start(3) - 1))
        cells.append(cell_of(found.group(1), int(found.group(2)), board))
    return tuple(cells), tuple(marks)


def _unmarked(parsed: tuple[Cell, ...] | int) -> tuple[tuple[Cell, ...], tuple[tuple[int, str, int], ...]] | int:
    return parsed if isinstance(parsed, int) else (parsed, ())


_LONG_NUMBER = re.compile(r"[0-9]{19,}")


@lru_cache(maxsize=16)
def label_table(board: Board) -> bytes:
    """The cell index (-1: off the board) each label A0 to Z99 names on `board`, as the Little
    Golem reader reads a label (`cell_of`), 26 rows of 100 int32: the compiled core's scans read
    cells by it.

    Only a cell's own label can name it (a label names one cell, on the board or off it), so the
    board's cells are looked up, each by its label, rather than the 2,600 labels (start-up time)."""
    from array import array

    table = array("i", [-1]) * (26 * 100)
    for index, cell in enumerate(board.cells):
        name = board.label(cell)
        row, digits = ord(name[0]) - 65, name[1:]
        number = int(digits) if digits.isascii() and digits.isdigit() else 100  # `(7, -4)`: no label
        if 0 <= row < 26 and number < 100 and cell_of(name[0], number, board) == cell:  # read so
            table[row * 100 + number] = index
    return table.tobytes()
