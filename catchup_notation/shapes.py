"""Boards given as data: masks, cell lists, named shapes, files, and seeded random boards.

A board of any shape is spelt in one of four ways (a variant's `board=` parameter takes each):

* a **named shape**: `hexhex5`, `triangle6`, `rhombus5`, `donut5` (`named_shapes()` lists them);
* a **mask**, the board drawn in doubled coordinates as rga diagrams draw hexhex boards: one text
  line per row, a `.` for each cell, a row's cells in every other column and neighbouring rows
  offset by one; any other character (a space, `_`, `-`, a letter) is no cell. Inline, the rows
  are separated by `/` (write `_` where a picture has a space: spaces at either end are lost);
* a **cell list** of axial pairs, `{(0,0), (1,0), (0,1)}`, kept exactly as given;
* `@path`: a file holding a mask or a cell list.

A mask has no origin of its own, so its cells are *centred* (`centred`): moved so that the middle
of the drawing is the cell (0, 0), as the hexhex board of side n is. A mask of a hexhex board is
therefore that board, and `shape` gives the shared `hexhex(n)` for any cells that are one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from catchup_notation.board import Board, Cell, cell_count, hexhex
from catchup_notation.errors import BoardError
from catchup_notation.limits import MAX_BOARD_SPAN, MAX_CELLS, MAX_SIDE, TooManyDigits, excerpt, int_of

if TYPE_CHECKING:
    import random

#: Most characters of a board's spelling, in a file or inline (a mask of the largest board takes
#: about 20,000).
MAX_BOARD_FILE_CHARS = 1_000_000

# ---------------------------------------------------------------------------------------------
# Doubled coordinates: the column x = 2q + r and the row y = r of an axial cell (q, r).


def doubled(cell: Cell) -> tuple[int, int]:
    """The (column, row) at which a mask draws an axial cell: (2q + r, r)."""
    q, r = cell
    return 2 * q + r, r


def centred(cells: Iterable[Cell]) -> frozenset[Cell]:
    """The cells moved so that the middle of their drawing is (0, 0), rounding up and left: the
    one origin a mask implies. The hexhex board of side n is centred already."""
    found = frozenset(cells)
    if not found:
        return found
    xs = [2 * q + r for q, r in found]
    ys = [r for _, r in found]
    dy = -((min(ys) + max(ys)) // 2)
    dx = -((min(xs) + max(xs)) // 2)
    if (dx - dy) % 2:  # only moves with dx ≡ dy (mod 2) keep cells on the lattice
        dx -= 1
    dq = (dx - dy) // 2
    return frozenset((q + dq, r + dy) for q, r in found)


def shape(cells: Iterable[Cell]) -> Board:
    """The board of these cells; the shared `hexhex(n)` when they are exactly that board."""
    found = frozenset(cells)
    check_cells(found)
    side = _hexhex_side(found)
    return hexhex(side) if side is not None else Board(found)


def _hexhex_side(cells: frozenset[Cell]) -> int | None:
    count, side = len(cells), 2
    while cell_count(side) < count:
        side += 1
    if cell_count(side) != count or side > MAX_SIDE:
        return None
    return side if cells == frozenset(hexhex(side).cells) else None


def check_cells(cells: frozenset[Cell]) -> None:
    """BoardError unless the cells can make a board within the limits: 2 to `MAX_CELLS` cells
    spanning at most `MAX_BOARD_SPAN` rows and as many cells across."""
    if len(cells) < 2:
        raise BoardError(f"a board needs at least 2 cells, not {len(cells)}")
    if len(cells) > MAX_CELLS:
        raise BoardError(f"a board of {len(cells)} cells is past the limit of {MAX_CELLS} cells")
    xs = [2 * q + r for q, r in cells]
    ys = [r for _, r in cells]
    rows, across = max(ys) - min(ys) + 1, (max(xs) - min(xs)) // 2 + 1
    if rows > MAX_BOARD_SPAN or across > MAX_BOARD_SPAN:
        raise BoardError(
            f"a board spanning {rows} rows and {across} cells across is past the limit of {MAX_BOARD_SPAN} either way"
        )


# ---------------------------------------------------------------------------------------------
# Masks


def parse_mask(text: str, *, where: str = "mask") -> Board:
    """The board a mask draws (rows as lines, or separated by `/` when the text is one line).

    BoardError names the row and column of a cell out of step with the others (a `.` in a
    column of the wrong parity for its row). Blank rows at either end are dropped; a blank row
    inside is a row without cells.
    """
    lines = text.split("/") if "\n" not in text.strip("\n") else text.split("\n")
    cells = mask_cells(lines, where=where)
    if len(cells) < 2:
        raise BoardError(f"{where}: a board needs at least 2 cells (a '.' per cell), found {len(cells)}")
    return shape(centred(cells))


def mask_cells(lines: Iterable[str], *, where: str = "mask") -> list[Cell]:
    """The cells a mask's rows draw, not yet centred: row y (from 0) is r = y, and a `.` in
    column x (from 0) is the cell whose doubled column 2q + r is x minus the parity of the first
    cell's x + y (so that the first cell's column sets which columns hold cells). BoardError, as
    `parse_mask` says, for a cell out of step or past `MAX_CELLS`."""
    cells: list[Cell] = []
    parity: tuple[int, int, int] | None = None  # (parity of x + y, row, column) of the first cell
    for y, line in enumerate(lines):
        for x, ch in enumerate(line):
            if ch != ".":
                continue
            if parity is None:
                parity = ((x + y) % 2, y + 1, x + 1)
            elif (x + y) % 2 != parity[0]:
                raise BoardError(
                    f"{where}, row {y + 1}, column {x + 1}: a cell out of step with the others (in a mask a "
                    "row's cells stand in every other column and neighbouring rows are offset by one; "
                    f"the first cell, at row {parity[1]} column {parity[2]}, sets the columns)"
                )
            cells.append(((x - y - parity[0]) // 2, y))
            if len(cells) > MAX_CELLS:
                raise BoardError(f"{where}: more than {MAX_CELLS} cells, the limit of a board")
    return cells


def mask_rows(board: Board | Iterable[Cell], gap: str = " ") -> list[str]:
    """The board drawn as a mask: one string per row from the top, `.` for a cell and `gap`
    elsewhere, no trailing gaps; `parse_mask` reads it back (up to `centred`)."""
    cells = list(board)
    xs = [2 * q + r for q, r in cells]
    left = min(xs)
    top = min(r for _, r in cells)
    rows: list[list[str]] = [[] for _ in range(max(r for _, r in cells) - top + 1)]
    for (_, r), x in zip(cells, xs, strict=True):
        row = rows[r - top]
        column = x - left
        row.extend(gap * (column + 1 - len(row)))
        row[column] = "."
    return ["".join(row) for row in rows]


# ---------------------------------------------------------------------------------------------
# Cell lists

_PAIR = re.compile(r"\(\s*([+-]?[0-9]+)\s*,\s*([+-]?[0-9]+)\s*\)")


def parse_cell_list(text: str, *, where: str = "cell list") -> Board:
    """The board of a cell list `{(q, r), ...}` (braces optional), axial cells exactly as given."""
    body = text.strip()
    if body.startswith("{") and body.endswith("}"):
        body = body[1:-1]
    cells: list[Cell] = []
    end = 0
    for found in _PAIR.finditer(body):
        between = body[end : found.start()].strip()
        if between not in ("", ",") or (cells and between != ","):
            raise BoardError(f"{where}: expected a cell (q, r) after {len(cells)} cells, found {excerpt(between)}")
        try:
            cells.append((int_of(found.group(1), "coordinate"), int_of(found.group(2), "coordinate")))
        except TooManyDigits as exc:
            raise BoardError(f"{where}: {exc}") from None
        end = found.end()
        if len(cells) > MAX_CELLS:
            raise BoardError(f"{where}: more than {MAX_CELLS} cells, the limit of a board")
    rest = body[end:].strip()
    if rest not in ("", ","):
        raise BoardError(f"{where}: expected a cell (q, r) after {len(cells)} cells, found {excerpt(rest)}")
    unique = frozenset(cells)
    if len(unique) != len(cells):
        twice = next(c for i, c in enumerate(cells) if c in cells[:i])
        raise BoardError(f"{where}: the cell {twice} is listed twice")
    return shape(unique)


def cell_list(board: Board | Iterable[Cell]) -> str:
    """The board as a cell list `{(q,r),...}` in reading order; `parse_cell_list` reads it back."""
    cells = board.cells if isinstance(board, Board) else sorted(board, key=lambda c: (c[1], c[0]))
    return "{" + ",".join(f"({q},{r})" for q, r in cells) + "}"


# ---------------------------------------------------------------------------------------------
# Named shapes


def _triangle(n: int) -> set[Cell]:
    return {(q, r) for r in range(n) for q in range(n - r)}


def _rhombus(n: int) -> set[Cell]:
    return {(q, r) for r in range(n) for q in range(n)}


def _donut(n: int) -> set[Cell]:
    return set(hexhex(n).cells) - set(hexhex(n // 2).cells) if n >= 4 else set(hexhex(n).cells) - {(0, 0)}


#: name -> (smallest size, what it is, its cells at size n)
_SHAPES: dict[str, tuple[int, str, Callable[[int], set[Cell]]]] = {
    "hexhex": (2, "the hexagon of side n (3n(n-1)+1 cells): every variant's default", lambda n: set(hexhex(n).cells)),
    "triangle": (2, "the triangle of side n (n(n+1)/2 cells)", _triangle),
    "rhombus": (2, "the n-by-n rhombus of Hex (n*n cells)", _rhombus),
    "donut": (3, "the hexagon of side n without its middle hexagon of side n//2 (the centre cell for n=3)", _donut),
}
_NAMED = re.compile(r"^([a-z]+)-?([0-9]+)$")


def named_shapes() -> list[tuple[str, int, str]]:
    """Every named shape: (name, smallest size, description); spelt name + size, `triangle6`."""
    return [(name, low, what) for name, (low, what, _) in _SHAPES.items()]


def named(text: str) -> Board:
    """The named shape `hexhex5`, `triangle6`, `rhombus4`, `donut5` (`hexhex-5` too), centred."""
    found = _NAMED.match(text.strip().lower())
    if found is None or found.group(1) not in _SHAPES:
        raise BoardError(f"unknown board shape {excerpt(text)}; named shapes: {_names()} followed by a size")
    low, _, cells = _SHAPES[found.group(1)]
    try:
        size = int_of(found.group(2), "size")
    except TooManyDigits as exc:
        raise BoardError(f"board shape {excerpt(text)}: {exc}") from None
    if not low <= size <= MAX_SIDE:
        raise BoardError(f"board shape {text.strip()}: the size must be from {low} to {MAX_SIDE}, not {size}")
    return shape(centred(cells(size)))


def _names() -> str:
    return ", ".join(_SHAPES)


# ---------------------------------------------------------------------------------------------
# Any spelling


def parse_board(text: str, *, base: Path | None = None) -> Board:
    """A board from any of its spellings (see the module's description): `@file`, a cell list
    (`{` or `(` first), a named shape (letters and a size), else an inline mask. `base` is the
    folder a relative `@path` is read from (default: the working folder)."""
    if len(text) > MAX_BOARD_FILE_CHARS:  # before any work: a board's spelling takes far less
        raise BoardError(f"a board spelt in {len(text)} characters is past the limit of {MAX_BOARD_FILE_CHARS}")
    spec = text.strip()
    if spec.startswith("@"):
        return _from_file(spec[1:].strip(), base)
    if spec[:1] in "{(" and spec:
        return parse_cell_list(spec)
    if _NAMED.match(spec.lower()):
        return named(spec)
    if "." not in spec:
        raise BoardError(
            f"not a board: {excerpt(text)} (give a named shape such as hexhex5, @file, a cell list "
            "{(q,r),...} or a mask with a '.' per cell and '/' between rows)"
        )
    return parse_mask(spec, where="inline mask")


def _from_file(name: str, base: Path | None) -> Board:
    path = Path(name).expanduser()
    if base is not None and not path.is_absolute():
        path = base / path
    try:
        with path.open(encoding="utf-8") as handle:
            text = handle.read(MAX_BOARD_FILE_CHARS + 1)
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise BoardError(f"cannot read the board file {name}: {reason}") from None
    if len(text) > MAX_BOARD_FILE_CHARS:
        raise BoardError(f"the board file {name} is longer than {MAX_BOARD_FILE_CHARS} characters")
    if text.lstrip()[:1] in ("{", "("):
        return parse_cell_list(text, where=f"board file {name}")
    return parse_mask(text, where=f"board file {name}")


@lru_cache(maxsize=256)  # every record of a collection names its variant, board and all
def board_text(board: Board) -> str:
    """The board's canonical spelling in a variant string: the named hexhex shape, else the
    shorter of an inline mask (only for a centred board, as a mask is read back centred) and a
    cell list; `parse_board` reads either back to an equal board."""
    if board.side is not None:
        return f"hexhex{board.side}"
    listed = cell_list(board)
    if frozenset(board.cells) == centred(board.cells):
        drawn = "/".join(mask_rows(board, gap="_"))
        if len(drawn) <= len(listed):
            return drawn
    return listed


def board_data(board: Board) -> dict[str, object]:
    """A board as JSON-ready data: its cell count, canonical spelling, mask rows and axial cells
    (what `catchup boards --json` and `catchup random-board --json` print)."""
    return {
        "cells": len(board),
        "spelling": board_text(board),
        "mask": mask_rows(board),
        "axial": [list(cell) for cell in board.cells],
    }


# ---------------------------------------------------------------------------------------------
# Random boards


def random_board(seed: int, cells: int = 60, holes: int | None = None) -> Board:
    """A connected blob of `cells` cells with holes (about one per 20 cells, unless `holes` says),
    in the style of Little Golem's random board; the same seed gives the same board.

    The blob grows from one cell, each step adding a cell next to it (cells with more neighbours
    in the blob are likelier, which keeps it round with ragged edges); then cells with all six
    neighbours on the board, none next to another hole, become holes, and the blob grows again to
    make up the count. Holes never disconnect: the six neighbours of a hole are a ring of cells.
    """
    if not 7 <= cells <= MAX_CELLS:
        raise BoardError(f"a random board has from 7 to {MAX_CELLS} cells, not {cells}")
    wanted = max(1, cells // 20) if holes is None else holes
    if wanted < 0 or wanted > cells // 7:
        raise BoardError(f"a random board of {cells} cells has from 0 to {cells // 7} holes, not {wanted}")
    import random  # only for random boards (start-up time)

    rng = random.Random(seed)
    blob: set[Cell] = {(0, 0)}
    _grow(blob, cells + wanted, set(), rng)
    holed: set[Cell] = set()
    inner = sorted(c for c in blob if all(n in blob for n in _around(c)))
    rng.shuffle(inner)
    for cell in inner:
        if len(holed) == wanted:
            break
        if not any(n in holed for n in _around(cell)) and all(n in blob for n in _around(cell)):
            holed.add(cell)
            blob.discard(cell)
    _grow(blob, cells, holed, rng)
    while len(blob) > cells:  # fewer holes were possible than asked: trim a cell of the edge
        blob.discard(min(c for c in blob if c not in inner and _keeps_connected(blob, c)))
    return shape(centred(blob))


def _around(cell: Cell) -> list[Cell]:
    q, r = cell
    return [(q + 1, r), (q - 1, r), (q, r + 1), (q, r - 1), (q + 1, r - 1), (q - 1, r + 1)]


def _grow(blob: set[Cell], size: int, holes: set[Cell], rng: random.Random) -> None:
    frontier: dict[Cell, int] = {}  # cell next to the blob -> how many blob cells it touches
    for cell in blob:
        for n in _around(cell):
            if n not in blob and n not in holes:
                frontier[n] = frontier.get(n, 0) + 1
    while len(blob) < size:
        choices = sorted(frontier)
        chosen = rng.choices(choices, [frontier[c] ** 3 for c in choices])[0]
        del frontier[chosen]
        blob.add(chosen)
        for n in _around(chosen):
            if n not in blob and n not in holes:
                frontier[n] = frontier.get(n, 0) + 1


def _keeps_connected(blob: set[Cell], cell: Cell) -> bool:
    rest = blob - {cell}
    start = next(iter(rest))
    seen, stack = {start}, [start]
    while stack:
        for n in _around(stack.pop()):
            if n in rest and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(rest)
