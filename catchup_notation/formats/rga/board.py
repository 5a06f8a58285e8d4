"""The doubled-coordinate diagram of rec.games.abstract posts: cell names, the diagram as data,
its canonical text, and the cross-check of a diagram against the stones a move list places.

Side n, N = n - 1: columns `a`.. (4n - 3 letters), rows 1 (top) .. 2n - 1. Axial (q, r) is
column index x = 2q + r + 2N (a = 0) and row rho = r + N + 1. Only every other column of a row
holds a cell, so half of all letter/number pairs name no cell at all (`h3` on side 5). A board of
another shape is drawn and named the same way in its own box (`Frame`): `a` is its leftmost
column, row 1 its top row, and its holes are gaps.
A diagram shows stone colours (1 = the first player's colour, 2 = the second's), one letter each;
a move list's stones are the mover's colour unless marked (see `Turn.colours`). No game rule lives
here: comparing a diagram with a move list only accumulates cells and their colours.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping, Sequence
from functools import cache

import attrs

from catchup_notation.board import Board, Cell, hexhex
from catchup_notation.formats.base import NotationWarning
from catchup_notation.model import Turn

MAX_SIDE = 7  # 4n - 3 column letters must fit in a..z

_NAME = re.compile(r"([A-Za-z])([0-9]+)")


def column_letters(side: int) -> str:
    return string.ascii_lowercase[: 4 * side - 3]


def side_of_columns(columns: str) -> int | None:
    """The side whose column header is exactly `columns`, or None."""
    side, rest = divmod(len(columns) + 3, 4)
    if rest or not 2 <= side <= MAX_SIDE or columns != column_letters(side):
        return None
    return side


@attrs.frozen
class Frame:
    """Where a diagram draws a board's cells, and so what it names them: the letter `a` is the
    doubled column x = 2q + r `left`, row 1 is r = `top`. `Frame.of(board)` is the board's own
    box (a at its leftmost column, 1 at its top row): on a hexhex board exactly the names of rga
    posts, on a board of another shape the names its diagram is written with. A board read from a
    diagram keeps the frame of that diagram's letters and rows, whatever its cells' axial values."""

    board: Board
    left: int
    top: int

    @classmethod
    def of(cls, board: Board) -> Frame:
        """The frame that boxes the board: column a at its leftmost cell, row 1 at its top row."""
        return cls(board, min(2 * q + r for q, r in board.cells), board.rows[0][0][1])

    @property
    def side(self) -> int | None:
        """The side of a hexhex board, else None."""
        return self.board.side

    def column(self, cell: Cell) -> int:
        """The cell's column, from 0 at the letter a."""
        return 2 * cell[0] + cell[1] - self.left

    def name(self, cell: Cell) -> str:
        """`i5`: the column letter and the row number; a cell beyond a..z or above row 1 is axial."""
        x, row = self.column(cell), cell[1] - self.top + 1
        if 0 <= x < 26 and row >= 1:
            return f"{string.ascii_lowercase[x]}{row}"
        return f"({cell[0]}, {cell[1]})"

    def at(self, x: int, row: int) -> Cell | None:
        """The cell at column x (from 0) of row `row` (from 1), None where no cell can be (the
        column of the wrong parity for the row). Cells off the board are returned all the same."""
        r = row - 1 + self.top
        twice_q = x + self.left - r
        return None if twice_q % 2 else (twice_q // 2, r)

    def cell(self, name: str) -> Cell | None:
        """The axial cell a name stands for, or None when the pair has the wrong parity.

        A pair of the right parity off the board (or beyond the letters) still maps to its axial
        cell, off the board, so that the rules report `off-board` with the turn and player, as the
        other readers do.
        """
        match = _NAME.fullmatch(name)
        if match is None:
            return None
        return self.at(ord(match.group(1).lower()) - ord("a"), int(match.group(2)))

    def nearby(self, name: str) -> tuple[str, ...]:
        """For a pair that names no cell: the board's cells next to it in its row, then in its column."""
        match = _NAME.fullmatch(name)
        if match is None:
            return ()
        x = ord(match.group(1).lower()) - ord("a")
        rho = int(match.group(2))
        found = []
        for dx, drho in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            nx, nrho = x + dx, rho + drho
            if 0 <= nx < 26 and nrho > 0:
                cell = self.at(nx, nrho)
                if cell is not None and cell in self.board:
                    found.append(f"{string.ascii_lowercase[nx]}{nrho}")
        return tuple(found)

    def letters(self) -> str:
        """The column letters a diagram of the board is headed by. A hexhex board's are its 4n - 3;
        another board's run to its rightmost cell, at least five (what a column line needs), and
        one more when that many would be a hexhex board's header: the letters alone then tell a
        reader that the diagram draws its own board."""
        if self.side is not None and self.left == -2 * (self.side - 1):
            return column_letters(self.side)
        count = max(5, max(self.column(cell) for cell in self.board.cells) + 1)
        if count % 4 == 1:  # 4n - 3 letters: a hexhex board's header
            count += 1
        return "".join(chr(ord("a") + i) for i in range(count))

    def describe(self) -> str:
        """`the side-5 board`, or `the board of 60 cells`, for messages."""
        return f"the side-{self.side} board" if self.side is not None else f"the board of {len(self.board)} cells"


@cache
def hexhex_frame(side: int) -> Frame:
    """The frame of the hexhex board of this side (shared)."""
    return Frame.of(hexhex(side))


def cell_name(cell: Cell, side: int) -> str:
    """A cell's name on the hexhex board of this side (`i5` is the centre of side 5)."""
    return hexhex_frame(side).name(cell)


def cell_of(name: str, side: int) -> Cell | None:
    """The axial cell a name stands for on the hexhex board of this side (see `Frame.cell`)."""
    return hexhex_frame(side).cell(name)


@attrs.frozen
class Diagram:
    """A position as a diagram shows it.

    `letters` are the lower-case letters of colour 1 and colour 2 (the players' initials, or the
    colours' under too and product); `stones` maps cells to colours;
    `marked` are the upper-case (last turn) stones; `unshown` are cells a short row left out.
    `where` locates each shown point in the source (line, column) for warnings. `frame` is the
    board and where its cells are drawn.
    """

    frame: Frame
    letters: tuple[str, str]
    stones: dict[Cell, int] = attrs.field(factory=dict)
    marked: frozenset[Cell] = frozenset()
    unshown: frozenset[Cell] = frozenset()
    where: dict[Cell, tuple[int, int]] = attrs.field(factory=dict, eq=False)

    def point(self, cell: Cell) -> str:
        colour = self.stones.get(cell)
        if colour is None:
            return "."
        letter = self.letters[colour - 1]
        return letter.upper() if cell in self.marked else letter


def render(diagram: Diagram, names: tuple[str, str] | None = None) -> list[str]:
    """The diagram's lines: header (column letters and players), numbered rows, footer. Each cell
    stands in its column (a board's holes and missing cells are gaps); every row of the box is
    numbered, a row without cells too.

    Each row line is returned padded to the same width so that a move list can be appended.
    """
    frame = diagram.frame
    columns = frame.letters()
    by_row = {row[0][1]: row for row in frame.board.rows}
    bottom = frame.board.rows[-1][0][1]
    label = len(str(bottom - frame.top + 1))
    left = label + 3  # where column `a` sits
    width = left + len(columns)
    heads = names or tuple(letter.upper() for letter in diagram.letters)
    lines = [" " * left + columns + "      " + "  ".join(heads)]
    for number, r in enumerate(range(frame.top, bottom + 1), start=1):
        text = list(str(number).ljust(width))
        for cell in by_row.get(r, ()):
            text[left + frame.column(cell)] = diagram.point(cell)
        lines.append("".join(text))
    lines.append(" " * left + columns)
    return lines


def diagram_text(diagram: Diagram, names: tuple[str, str] | None = None) -> str:
    """Canonical text of a diagram alone (what `Record.headers["diagram"]` holds)."""
    return "\n".join(line.rstrip() for line in render(diagram, names)) + "\n"


def position(
    turns: Iterable[Turn], board: Board, start: Mapping[Cell, int] | None = None
) -> tuple[dict[Cell, int], frozenset[Cell]]:
    """Stones the turns place on the board, by colour (later placements win), on top of the
    variant's `start` position, and the cells of the last turn with stones."""
    stones: dict[Cell, int] = dict(start) if start else {}
    last: tuple[Cell, ...] = ()
    index = board.index  # a dict: faster to ask than the board, once a stone
    for turn in turns:
        cells = turn.cells
        if not cells:
            continue
        if turn.colours:  # stones of either colour (too, product)
            for cell, colour in zip(cells, turn.colours, strict=True):
                if cell in index:
                    stones[cell] = colour
        else:  # the mover's own colour: most turns
            player = turn.player
            for cell in cells:
                if cell in index:
                    stones[cell] = player
        last = cells
    return stones, frozenset(cell for cell in last if cell in board)


def last_turns(turns: Sequence[Turn]) -> tuple[frozenset[Cell], frozenset[Cell]]:
    """The cells of the last turn with stones, and of each player's last turn with stones: the two
    ways a diagram marks the last turn in capitals."""
    last: frozenset[Cell] = frozenset()
    each: dict[int, tuple[Cell, ...]] = {}
    for turn in reversed(turns):
        if turn.cells and turn.player not in each:
            last = last or frozenset(turn.cells)
            each[turn.player] = turn.cells
            if len(each) == 2:
                break
    return last, frozenset(cell for cells in each.values() for cell in cells)


def compare(
    diagram: Diagram, turns: Sequence[Turn], colour_words: tuple[str, str], start: Mapping[Cell, int] | None = None
) -> list[NotationWarning]:
    """Every disagreement between the diagram and the stones the turns place on the variant's
    `start` position, as warnings: a stone missing, extra, or of the other colour. `colour_words`
    name colour 1 and colour 2. Capitals may mark the last turn or each player's last turn."""
    frame = diagram.frame
    implied = position(turns, frame.board, start)[0]
    last, each = (frozenset(cell for cell in cells if cell in frame.board) for cells in last_turns(turns))
    if diagram.marked and diagram.marked == each:
        last = each
    warnings: list[NotationWarning] = []

    def says(colour: int | None) -> str:
        return "an empty cell" if colour is None else f"a stone of {colour_words[colour - 1]}"

    for cell in frame.board.cells:
        listed, shown = implied.get(cell), diagram.stones.get(cell)
        name = frame.name(cell)
        line, column = diagram.where.get(cell, (None, None))
        if cell in diagram.unshown:
            if listed is not None:
                warnings.append(
                    NotationWarning(
                        "diagram-mismatch",
                        f"{name}: the move list implies {says(listed)}, the "
                        "diagram does not show the cell (its row is short)",
                    )
                )
        elif listed != shown:
            warnings.append(
                NotationWarning(
                    "diagram-mismatch",
                    f"{name}: the move list implies {says(listed)}, the diagram shows {says(shown)}",
                    line,
                    column,
                )
            )
    if diagram.marked:  # a diagram that marks nothing in upper case does not use the convention
        last_names = " ".join(sorted(frame.name(c) for c in last)) or "nothing"
        for cell in sorted(last - diagram.marked):
            if diagram.stones.get(cell) is not None:
                line, column = diagram.where.get(cell, (None, None))
                warnings.append(
                    NotationWarning(
                        "last-move-mark",
                        f"{frame.name(cell)} is in the last turn of the move list ({last_names}) "
                        "but the diagram does not mark it in upper case",
                        line,
                        column,
                    )
                )
        for cell in sorted(diagram.marked - last):
            line, column = diagram.where.get(cell, (None, None))
            warnings.append(
                NotationWarning(
                    "last-move-mark",
                    f"the diagram marks {frame.name(cell)} in upper case as part of the last turn, "
                    f"but the move list's last turn placed {last_names}",
                    line,
                    column,
                )
            )
    return warnings
