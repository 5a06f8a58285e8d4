"""The doubled-coordinate diagram of rec.games.abstract posts: cell names, the diagram as data,
its canonical text, and the cross-check of a diagram against the stones a move list places.

Side n, N = n - 1: columns `a`.. (4n - 3 letters), rows 1 (top) .. 2n - 1. Axial (q, r) is
column index x = 2q + r + 2N (a = 0) and row rho = r + N + 1. Only every other column of a row
holds a cell, so half of all letter/number pairs name no cell at all (`l7` on side 5).
A diagram shows stone colours (1 = the first player's colour, 2 = the second's), one letter each;
a move list's stones are the mover's colour unless marked (see `Turn.colours`). No game rule lives
here: comparing a diagram with a move list only accumulates cells and their colours.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable

import attrs

from catchup_notation.board import Cell, hexhex
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


def cell_name(cell: Cell, side: int) -> str:
    q, r = cell
    radius = side - 1
    return f"{string.ascii_lowercase[2 * q + r + 2 * radius]}{r + radius + 1}"


def cell_of(name: str, side: int) -> Cell | None:
    """The axial cell a name stands for, or None when the pair has the wrong parity.

    A pair of the right parity outside the hexagon (or beyond the letters) still maps to its axial
    cell, off the board, so that the rules report `off-board` with the turn and player, as the
    other readers do.
    """
    match = _NAME.fullmatch(name)
    if match is None:
        return None
    x = ord(match.group(1).lower()) - ord("a")
    rho = int(match.group(2))
    radius = side - 1
    r = rho - radius - 1
    twice_q = x - r - 2 * radius
    if twice_q % 2:
        return None
    return (twice_q // 2, r)


def nearby_cells(name: str, side: int) -> tuple[str, ...]:
    """For a pair that names no cell: the real cells next to it in its row, then in its column."""
    match = _NAME.fullmatch(name)
    if match is None:
        return ()
    x = ord(match.group(1).lower()) - ord("a")
    rho = int(match.group(2))
    board = hexhex(side)
    found = []
    for dx, drho in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        nx, nrho = x + dx, rho + drho
        if 0 <= nx < 26 and nrho > 0:
            candidate = f"{string.ascii_lowercase[nx]}{nrho}"
            cell = cell_of(candidate, side)
            if cell is not None and cell in board:
                found.append(candidate)
    return tuple(found)


def row_cells(side: int, row: int) -> tuple[Cell, ...]:
    """The cells of diagram row `row` (1-based, top first), left to right."""
    return hexhex(side).rows[row - 1]


@attrs.frozen
class Diagram:
    """A position as a diagram shows it.

    `letters` are the lower-case letters of colour 1 and colour 2 (the players' initials, or the
    colours' under too and product); `stones` maps cells to colours;
    `marked` are the upper-case (last turn) stones; `unshown` are cells a short row left out.
    `where` locates each shown point in the source (line, column) for warnings.
    """

    side: int
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
    """The diagram's lines: header (column letters and players), numbered rows, footer.

    Each row line is returned padded to the same width so that a move list can be appended.
    """
    side = diagram.side
    columns = column_letters(side)
    label = len(str(2 * side - 1))
    left = label + 3  # where column `a` sits
    width = left + len(columns)
    heads = names or tuple(letter.upper() for letter in diagram.letters)
    lines = [" " * left + columns + "      " + "  ".join(heads)]
    for number, row in enumerate(hexhex(side).rows, start=1):
        first = cell_name(row[0], side)[0]
        start = left + ord(first) - ord("a")
        text = str(number).ljust(start) + " ".join(diagram.point(cell) for cell in row)
        lines.append(text.ljust(width))
    lines.append(" " * left + columns)
    return lines


def diagram_text(diagram: Diagram, names: tuple[str, str] | None = None) -> str:
    """Canonical text of a diagram alone (what `Record.headers["diagram"]` holds)."""
    return "\n".join(line.rstrip() for line in render(diagram, names)) + "\n"


def position(turns: Iterable[Turn], side: int) -> tuple[dict[Cell, int], frozenset[Cell]]:
    """Stones the turns place, by colour (later placements win), and the cells of the last turn
    with stones."""
    board = hexhex(side)
    stones: dict[Cell, int] = {}
    last: tuple[Cell, ...] = ()
    for turn in turns:
        for cell, colour in zip(turn.cells, turn.stone_colours, strict=True):
            if cell in board:
                stones[cell] = colour
        if turn.cells:
            last = turn.cells
    return stones, frozenset(cell for cell in last if cell in board)


def compare(diagram: Diagram, turns: Iterable[Turn], colour_words: tuple[str, str]) -> list[NotationWarning]:
    """Every disagreement between the diagram and the stones the turns place, as warnings: a stone
    missing, extra, or of the other colour. `colour_words` name colour 1 and colour 2."""
    side = diagram.side
    implied, last = position(turns, side)
    warnings: list[NotationWarning] = []

    def says(colour: int | None) -> str:
        return "an empty cell" if colour is None else f"a stone of {colour_words[colour - 1]}"

    for cell in hexhex(side).cells:
        listed, shown = implied.get(cell), diagram.stones.get(cell)
        name = cell_name(cell, side)
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
        last_names = " ".join(sorted(cell_name(c, side) for c in last)) or "nothing"
        for cell in sorted(last - diagram.marked):
            if diagram.stones.get(cell) is not None:
                line, column = diagram.where.get(cell, (None, None))
                warnings.append(
                    NotationWarning(
                        "last-move-mark",
                        f"{cell_name(cell, side)} is in the last turn of the move list ({last_names}) "
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
                    f"the diagram marks {cell_name(cell, side)} in upper case as part of the last turn, "
                    f"but the move list's last turn placed {last_names}",
                    line,
                    column,
                )
            )
    return warnings
