"""Hexhex boards in axial coordinates.

A board of side n holds the cells (q, r) with max(|q|, |r|, |q + r|) <= n - 1. Row r = -(n-1) is
the top row and q grows to the right. Cells are also numbered 0..len-1 in reading order (top row
first, left to right) so that the engine can keep its state in flat lists.
"""

from __future__ import annotations

from functools import cache

Cell = tuple[int, int]

# The six axial directions, in no particular order.
DIRECTIONS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def cell_count(side: int) -> int:
    """Number of cells on a hexhex board of the given side: 3n(n-1)+1."""
    return 3 * side * (side - 1) + 1


class HexBoard:
    """The geometry of one hexhex board (immutable; get instances from `hexhex`)."""

    __slots__ = ("side", "radius", "cells", "index", "neighbours", "rows")

    def __init__(self, side: int) -> None:
        if side < 2:
            raise ValueError(f"a hexhex board needs a side of at least 2, not {side}")
        self.side = side
        self.radius = radius = side - 1
        rows: list[tuple[Cell, ...]] = []
        for r in range(-radius, radius + 1):
            rows.append(tuple((q, r) for q in range(max(-radius, -radius - r), min(radius, radius - r) + 1)))
        self.rows: tuple[tuple[Cell, ...], ...] = tuple(rows)
        self.cells: tuple[Cell, ...] = tuple(cell for row in rows for cell in row)
        self.index: dict[Cell, int] = {cell: i for i, cell in enumerate(self.cells)}
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.index[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in self.index)
            for q, r in self.cells
        )

    def __len__(self) -> int:
        return len(self.cells)

    def __contains__(self, cell: object) -> bool:
        return cell in self.index

    def __repr__(self) -> str:
        return f"hexhex({self.side})"

    def row_start(self, r: int) -> int:
        """The q of the leftmost cell of row r."""
        return max(-self.radius, -self.radius - r)

    def adjacent(self, a: Cell, b: Cell) -> bool:
        return (b[0] - a[0], b[1] - a[1]) in DIRECTIONS

    def neighbours_of(self, cell: Cell) -> tuple[Cell, ...]:
        return tuple(self.cells[i] for i in self.neighbours[self.index[cell]])


@cache
def hexhex(side: int) -> HexBoard:
    """The (shared, cached) board of the given side."""
    return HexBoard(side)


def cell_name(cell: Cell, side: int) -> str:
    """A cell's name in the Little Golem / The Genius style (row letter from the top, then the
    position from the left of that row: E5 is the centre of side 5); axial for off-board cells."""
    q, r = cell
    radius = side - 1
    if max(abs(q), abs(r), abs(q + r)) > radius:
        return f"({q}, {r})"
    return f"{chr(ord('A') + r + radius)}{q - max(-radius, -radius - r) + 1}"
