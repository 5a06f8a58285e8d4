"""Boards: finite sets of cells of the hex grid, in axial coordinates.

A cell is an axial pair (q, r): q grows to the right, r downwards, and the six neighbours of
(q, r) are (q±1, r), (q, r±1), (q+1, r-1), (q-1, r+1). A board is any finite set of such cells;
the hexhex board of side n, the cells with max(|q|, |r|, |q + r|) <= n - 1, is the named shape
every variant uses by default (`hexhex(n)`).

Cells are also numbered 0..len-1 in reading order (the top row first, each row left to right) so
that the engines can keep their state in flat lists, and every cell has a *label* in Little
Golem's style: the row letter (A = the top row that has a cell) and the cell's place in its row,
counted from 1 at its leftmost cell (E5 is the centre of side 5). Labels are what messages,
pictures and the Little Golem and Genius notations use.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache

from catchup_notation.errors import BoardError

Cell = tuple[int, int]

# The six axial directions, in no particular order.
DIRECTIONS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))

ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def cell_count(side: int) -> int:
    """Number of cells on a hexhex board of the given side: 3n(n-1)+1."""
    return 3 * side * (side - 1) + 1


class Board:
    """The geometry of one board: its cells, rows, neighbours and cell labels (immutable).

    `side` is set for a hexhex board (get those from `hexhex`, which shares them); other shapes
    have `side` None. Two boards are equal when they have the same cells.
    """

    __slots__ = ("_by_row", "_cellset", "_hash", "_labels", "cells", "index", "neighbours", "rows", "side", "top")

    def __init__(self, cells: Iterable[Cell], *, side: int | None = None) -> None:
        cellset = frozenset(cells)
        if len(cellset) < 2:
            raise BoardError(f"a board needs at least 2 cells, not {len(cellset)}")
        by_row: dict[int, list[int]] = {}
        for q, r in cellset:
            by_row.setdefault(r, []).append(q)
        self.rows: tuple[tuple[Cell, ...], ...] = tuple(
            tuple((q, r) for q in sorted(by_row[r])) for r in sorted(by_row)
        )
        self.cells: tuple[Cell, ...] = tuple(cell for row in self.rows for cell in row)
        self.index: dict[Cell, int] = {cell: i for i, cell in enumerate(self.cells)}
        index = self.index
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(index[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in index) for q, r in self.cells
        )
        self.side = side
        self._cellset = cellset
        # Row letters count rows of the grid from the top row with a cell, so that a board with
        # an empty row between its parts keeps letters that match the picture (no cell there).
        self.top = self.rows[0][0][1]
        self._labels = {
            cell: f"{ROW_LETTERS[cell[1] - self.top]}{place}"
            for cells_of_row in self.rows
            if cells_of_row[0][1] - self.top < len(ROW_LETTERS)
            for place, cell in enumerate(cells_of_row, start=1)
        }
        self._by_row = {row[0][1] - self.top: row for row in self.rows}
        self._hash = hash(cellset)

    # -- the set of cells ----------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.cells)

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.cells)

    def __contains__(self, cell: object) -> bool:
        return cell in self.index

    def __eq__(self, other: object) -> bool:
        # The same board most often (a variant's board is shared): comparing the cells costs more.
        return other is self or (isinstance(other, Board) and other._cellset == self._cellset)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"hexhex({self.side})" if self.side is not None else f"<Board of {len(self.cells)} cells>"

    @property
    def radius(self) -> int:
        """N = side - 1 of a hexhex board (its cells have max(|q|, |r|, |q + r|) <= N)."""
        if self.side is None:
            raise BoardError("only a hexhex board has a radius")
        return self.side - 1

    def adjacent(self, a: Cell, b: Cell) -> bool:
        """Whether two cells share an edge (on this board or not)."""
        return (b[0] - a[0], b[1] - a[1]) in DIRECTIONS

    def neighbours_of(self, cell: Cell) -> tuple[Cell, ...]:
        """The cells of this board next to `cell`."""
        return tuple(self.cells[i] for i in self.neighbours[self.index[cell]])

    # -- labels (Little Golem style) -----------------------------------------------------------

    def label(self, cell: Cell) -> str:
        """`E5`: the row letter (A = the top row) and the cell's place in its row from the left.

        Rows are lettered down the grid from the top row that has a cell (a row with no cell,
        between two parts of a board, has its letter all the same); places count only the cells
        of the row that exist, from 1 at its leftmost.

        A cell off the board is labelled as it would be on its row continued to the right (`A9`
        on side 5; on another board, counting on from the row's last cell, or for a row without
        cells from the board's left edge), or axially (`(7, -4)`) where no row letter and number
        can say it (a hole, a cell left of its row).
        """
        found = self._labels.get(cell)
        if found is not None:
            return found
        q, r = cell
        if cell not in self.index:
            letter, number = r - self.top, 0
            if self.side is not None:
                radius = self.side - 1
                number = q - max(-radius, -radius - r) + 1
            elif letter in self._by_row:
                last = self._by_row[letter][-1][0]
                number = len(self._by_row[letter]) + q - last if q > last else 0
            else:
                number = q - self._left(r) + 1
            if 0 <= letter < 26 and number >= 1:
                return f"{ROW_LETTERS[letter]}{number}"
        return f"({q}, {r})"

    def _left(self, r: int) -> int:
        """The q of row r's cell at the board's left edge (the leftmost doubled column, or right of it)."""
        left = min(2 * q + row for q, row in self.cells)
        return -((r - left) // 2)

    def labelled(self, letter: str, number: int) -> Cell | None:
        """The cell a label names (row letter, either case, and number from 1), or None.

        On a hexhex board every label names a cell, on the board or off it (`A9` on side 5 is
        the axial cell it would be), so that the rules can report `off-board` with the turn and
        player instead of a reader refusing a well-formed record. Other boards do the same as
        `label` says (a row continued to the right), and None for a number below 1.
        """
        row = ord(letter.upper()) - ord("A")
        if self.side is not None:
            radius = self.side - 1
            r = row - radius
            return (number - 1 + max(-radius, -radius - r), r)
        if number < 1:
            return None
        cells_of_row = self._by_row.get(row)
        if cells_of_row is None:
            r = row + self.top
            return (self._left(r) + number - 1, r)
        if number <= len(cells_of_row):
            return cells_of_row[number - 1]
        last_q, r = cells_of_row[-1]
        return (last_q + number - len(cells_of_row), r)


@cache
def hexhex(side: int) -> Board:
    """The (shared, cached) hexhex board of the given side (>= 2)."""
    if side < 2:
        raise BoardError(f"a hexhex board needs a side of at least 2, not {side}")
    radius = side - 1
    cells = (
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(max(-radius, -radius - r), min(radius, radius - r) + 1)
    )
    return Board(cells, side=side)
