"""Symmetries of boards and positions, and canonical keys of positions under them.

The hex grid has 12 symmetries fixing a cell (6 rotations, 6 reflections). In axial coordinates a
rotation by 60 degrees is (q, r) -> (-r, q + r) and a reflection is (q, r) -> (r, q). A board is
any finite set of cells, so its symmetries are computed, not assumed: a grid symmetry g belongs to
the board when some translation t maps g(board) onto the board. Translations keep the reading order
((r, q) lexicographic) of cells, so t can only send the first cell of g(board) to the first cell of
the board; one comparison per g decides. A hexhex board gets all 12, an irregular board its own
subgroup (often the identity alone).

A position's symmetries are those of its board that keep every stone on a stone of the same colour.
They permute the empty cells of the position; `MaskPermuter` applies such a permutation to the
bitmasks the solver keeps (bit k = the k-th empty cell) by table look-ups, chunk by chunk.
"""

from __future__ import annotations

from collections.abc import Sequence

from catchup_notation.board import Board, Cell

#: Permutation of a board's cell indices: index i goes to perm[i].
Permutation = tuple[int, ...]


def _rotate(cell: Cell) -> Cell:
    q, r = cell
    return (-r, q + r)


def _reflect(cell: Cell) -> Cell:
    q, r = cell
    return (r, q)


def _reading_key(cell: Cell) -> tuple[int, int]:
    return (cell[1], cell[0])


def grid_symmetries(cells: Sequence[Cell]) -> list[list[Cell]]:
    """The images of `cells` under the 12 symmetries of the hex grid that fix (0, 0), identity first."""
    images = []
    for reflected in (False, True):
        current = [(_reflect(c) if reflected else c) for c in cells]
        for _ in range(6):
            images.append(current)
            current = [_rotate(c) for c in current]
    return images


def board_symmetries(board: Board) -> tuple[Permutation, ...]:
    """Every symmetry of the board's cell set, as permutations of cell indices (identity first)."""
    cells = board.cells
    index = board.index
    first = min(cells, key=_reading_key)
    found: list[Permutation] = []
    for image in grid_symmetries(cells):
        start = min(image, key=_reading_key)
        dq, dr = first[0] - start[0], first[1] - start[1]
        moved = [(q + dq, r + dr) for q, r in image]
        if all(cell in index for cell in moved):
            perm = tuple(index[cell] for cell in moved)
            if perm not in found:
                found.append(perm)
    return tuple(found)


def position_symmetries(board: Board, owner: Sequence[int]) -> tuple[Permutation, ...]:
    """The board's symmetries that keep each stone on a stone of the same colour (identity first)."""
    return tuple(perm for perm in board_symmetries(board) if all(owner[perm[i]] == owner[i] for i in range(len(owner))))


class MaskPermuter:
    """Applies permutations of `n` bit positions to an int holding `copies` consecutive n-bit masks
    (the solver's two colour masks packed as m1 | m2 << n), by look-up tables over 8-bit chunks."""

    CHUNK = 8

    @classmethod
    def table_bytes(cls, perms: int, n: int, copies: int = 2) -> int:
        """About the bytes the tables of `perms` permutations of `n`-bit masks take: an int of up to
        `n * copies` bits for each byte value of each chunk."""
        chunks = (n * copies + cls.CHUNK - 1) // cls.CHUNK
        return perms * chunks * (1 << cls.CHUNK) * (28 + n * copies // 8)

    def __init__(self, perms: Sequence[Sequence[int]], n: int, copies: int = 2) -> None:
        width = n * copies
        self.chunks = (width + self.CHUNK - 1) // self.CHUNK
        self.tables: list[list[list[int]]] = []
        for perm in perms:
            # where bit b of the packed int goes
            target = [perm[b % n] + (b // n) * n for b in range(width)]
            per_chunk = []
            for c in range(self.chunks):
                # table[byte] = the image of the byte's bits; built from the byte without its
                # lowest bit, so a table costs one operation per entry
                image = [
                    1 << target[c * self.CHUNK + j] if c * self.CHUNK + j < width else 0 for j in range(self.CHUNK)
                ]
                table = [0] * (1 << self.CHUNK)
                for byte in range(1, 1 << self.CHUNK):
                    low = byte & -byte
                    table[byte] = table[byte ^ low] | image[low.bit_length() - 1]
                per_chunk.append(table)
            self.tables.append(per_chunk)

    def apply(self, which: int, packed: int) -> int:
        """The packed masks under permutation number `which`."""
        out = 0
        for table in self.tables[which]:
            out |= table[packed & 0xFF]
            packed >>= 8
        return out

    def canonical(self, packed: int) -> int:
        """The least image of the packed masks under every permutation (the identity included)."""
        best = packed
        for tables in self.tables:
            value = packed
            out = 0
            for table in tables:
                out |= table[value & 0xFF]
                value >>= 8
            if out < best:
                best = out
        return best
