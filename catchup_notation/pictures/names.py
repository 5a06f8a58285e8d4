"""The names on a picture's edges: a row's letter, a cell's number.

A picture is labelled in the notation a reader knows when it is given that notation's names of
the cells (a function, so that pictures need not know notations): Little Golem's `E5` (row A at
the top), Abstract Play's `e5` (row a at the bottom), both a row's letters and a number counted
along the row. Names of another form (the rga notation's columns and rows), or rows whose cells do
not share their letters, leave the picture labelled the Little Golem way, as `Board.label` names
cells.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from catchup_notation.board import Board, Cell

#: A notation's name of a cell, on the board drawn.
CellNames = Callable[[Cell], str]
#: A cell's row letters and number, as a picture writes them at the board's edges.
Parts = Callable[[Cell], tuple[str, str]]

_NAME = re.compile(r"([A-Za-z]+)([0-9]+)")


def parts_of(board: Board, cell_names: CellNames | None = None) -> Parts:
    """A cell's row letters and number in the names `cell_names` gives (see the module docstring),
    else in Little Golem's."""
    if cell_names is not None:
        found: dict[Cell, tuple[str, str]] = {}
        for row in board.rows:
            for cell in row:
                match = _NAME.fullmatch(cell_names(cell))
                if match is None:
                    return _lg(board)
                found[cell] = (match[1], match[2])
            if len({found[cell][0] for cell in row}) != 1:
                return _lg(board)
        fallback = _lg(board)
        return lambda cell: found.get(cell) or fallback(cell)
    return _lg(board)


def _lg(board: Board) -> Parts:
    def parts(cell: Cell) -> tuple[str, str]:
        label = board.label(cell)
        match = _NAME.fullmatch(label)
        return (match[1], match[2]) if match is not None else (label, label)

    return parts
