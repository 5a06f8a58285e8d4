"""The board of a game and what its diagrams show: the players and their stone letters from the
header, the board (hexhex by its column letters, else drawn by where its points stand, checked
against the board the variant given names), the stones of each diagram, and the warnings about
how the post laid its diagrams out (shifted or lower letters, a diagram after a move list, one
game drawn twice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catchup_notation.board import Board, Cell, cell_count
from catchup_notation.errors import BoardError
from catchup_notation.formats.colours import colour_initials
from catchup_notation.formats.rga.blocks import Block, holed, letters_at
from catchup_notation.formats.rga.board import MAX_SIDE, Diagram, Frame, hexhex_frame
from catchup_notation.formats.rga.context import GameContext
from catchup_notation.formats.rga.lines import Line
from catchup_notation.formats.rga.text import named_pairs
from catchup_notation.formats.rga.variant import on_board
from catchup_notation.model import Turn
from catchup_notation.rules.registry import parse_variant
from catchup_notation.shapes import centred, mask_cells, shape

if TYPE_CHECKING:
    from lark import Token


class DiagramReading(GameContext):
    """Reads the header's players, the board, and each diagram's stones."""

    def players(self) -> tuple[tuple[str | None, str | None], tuple[str, str] | None]:
        header = next((p.header for p in self.parts if p.header is not None and p.header.names), None)
        if header is None:
            columns = next((p.players for p in self.parts if p.players is not None), None)
            if columns is None:
                return (None, None), None
            names = (columns[0].name, columns[1].name)
            if self.spec.either_colour:
                return names, colour_initials(self.spec)
            letters = (columns[0].letter, columns[1].letter)
            return names, letters if letters[0] != letters[1] else None
        tokens = header.names
        beside = named_pairs(header.text[(header.columns.end_column or 1) - 1 :]) if header.columns else []
        if len(tokens) != 2 and len(beside) == 2 and beside[0][1].lower() != beside[1][1].lower():
            # `Joao (O)   Bill (X)`: each name with its stone letter, the first mover first
            names = (beside[0][0], beside[1][0])
            if self.spec.either_colour:
                return names, colour_initials(self.spec)
            return names, (beside[0][1].lower(), beside[1][1].lower())
        if len(tokens) != 2:
            raise self.fail(
                header,
                tokens[0],
                f"the header names {len(tokens)} players; expected two letters or names, the first mover first",
                "players",
            )
        if self.spec.either_colour:  # the diagram's letters are the colours', not the players'
            return (str(tokens[0]), str(tokens[1])), colour_initials(self.spec)
        letters = (str(tokens[0])[0].lower(), str(tokens[1])[0].lower())
        if letters[0] == letters[1]:
            raise self.fail(
                header,
                tokens[1],
                f"both players' names start with {letters[0]!r}, so the diagram cannot tell their stones apart",
                "players",
            )
        return (str(tokens[0]), str(tokens[1])), letters

    def frame(self) -> tuple[Frame, str]:
        """The board and where its cells are drawn, and the variant string on that board: a
        diagram's board (hexhex by its letters, else the board its points draw), checked against
        the board the variant given says; a move list alone is on the variant's board."""
        given = parse_variant(self.variant or "catchup")
        lead = self.lead
        drawn = self.drawn(lead)
        if drawn is None and lead.side is None:
            return Frame.of(given.board), str(given)
        if drawn is None:
            side = lead.side
            assert side is not None
            drawn = hexhex_frame(side)
            if self.variant and "size" in self.variant and given.hexhex and given.size != side:
                self.warn(
                    "size-mismatch",
                    f"the variant {self.variant!r} says size {given.size}, the diagram is "
                    f"side {side}; the diagram's side is used",
                )
                return drawn, str(on_board(given, drawn.board))
        if self.variant and ("size" in self.variant or "board" in self.variant):
            drawn = self.matched(drawn, given.board, lead)
        return drawn, str(on_board(given, drawn.board))

    def matched(self, drawn: Frame, board: Board, lead: Block) -> Frame:
        """The diagram's frame on the given board when the two are the same board (moved on the
        grid: the record keeps the given board's cells), else the diagram's, with a warning that
        names the first cell (in reading order, named in the diagram's box) where they differ."""
        ours, theirs = Frame.of(drawn.board), Frame.of(board)
        shown = {ours.name(cell) for cell in drawn.board.cells}
        said = {theirs.name(cell) for cell in board.cells}
        if shown == said:
            (q, r), (q0, r0) = board.cells[0], drawn.board.cells[0]
            return Frame(board, drawn.left + 2 * (q - q0) + (r - r0), drawn.top + (r - r0))
        first = min(shown ^ said, key=lambda name: (int(name[1:]), name[0]))
        where = "the diagram has a cell there, the variant's board has none"
        if first in said:
            where = "the variant's board has a cell there, the diagram has none"
        header = lead.header
        self.warn(
            "board-mismatch",
            f"the variant {self.variant!r} is on {theirs.describe()}, the diagram draws {ours.describe()}: "
            f"they differ first at {first} (named from the top row and leftmost column of each): {where}; "
            "the diagram's board is used",
            *letters_at(header),
        )
        return drawn

    def drawn(self, block: Block) -> Frame | None:
        """The board a diagram draws where its letters are not a hexhex board's, or a row has a
        gap between points: read from where the points stand (every point under a column letter,
        in doubled coordinates, as `shapes.parse_mask` reads a mask). None for a hexhex diagram."""
        header = block.header
        if header is None or header.columns is None:
            return None
        if block.side is not None and not any(holed(line) for line in block.rows):
            return None
        letters = str(header.columns)
        start = header.columns.column or 1
        mask: list[str] = []
        for line in block.rows:
            row = [" "] * len(letters)
            for point in line.points or []:
                x = (point.column or 1) - start
                if not 0 <= x < len(letters):
                    raise self.fail(
                        line,
                        point,
                        f"a diagram point that stands under no column letter ({letters[0]}-{letters[-1]}): "
                        f"a diagram whose letters are not a hexhex board's draws its own board, "
                        "and each point must stand under its column's letter",
                        "columns" if block.side is None else "diagram",
                    )
                row[x] = "."
            mask.append("".join(row))
        try:
            raw = mask_cells(mask, where="the diagram (rows from its first, columns from its first letter)")
            if len(raw) < 2:
                raise BoardError(f"a board needs at least 2 cells, the diagram shows {len(raw)}")
            board = shape(centred(raw))
        except BoardError as exc:
            raise self.fail(
                header,
                header.columns,
                f"{letters!r} is not the column header of a hexhex board (side n has 4n - 3 letters: abcde for "
                f"side 2 ... a-y for side {MAX_SIDE}; b-r is side 5 lettered from b), and its diagram draws no "
                f"board of another shape: {exc}",
                "columns" if block.side is None else "diagram",
            ) from None
        x0, y0 = next((x, y) for y, row in enumerate(mask) for x, ch in enumerate(row) if ch == ".")
        (q, r), (q0, r0) = board.cells[0], min(raw, key=lambda cell: (cell[1], cell[0]))
        # a raw cell's column is 2q + r + parity: the board is the raw cells moved by (q - q0, r - r0)
        return Frame(board, -((x0 + y0) % 2) + 2 * (q - q0) + (r - r0), r - r0)

    @staticmethod
    def ordered(block: Block, frame: Frame) -> int | None:
        """The side of a hexhex diagram read as posts are (each row's points from the left, the row's
        cells those of `frame.board.rows`, the hexhex board maybe moved by the variant's `board=`), or
        None for a diagram read by where its points stand."""
        side = block.side
        if side is None or len(frame.board) != cell_count(side) or any(holed(row) for row in block.rows):
            return None
        return side

    @staticmethod
    def row_points(
        block: Block, frame: Frame, side: int | None, row_no: int, line: Line
    ) -> list[tuple[Cell | None, Token]]:
        """The points of a diagram row with the cells they stand for: on a hexhex board read in
        order (`side`, from `ordered`) taken from the left (exports lose the indentation), on
        another board by where they stand."""
        points = line.points or []
        if side is not None:
            return list(zip(frame.board.rows[row_no - 1], points, strict=False))
        header = block.header
        start = header.columns.column if header is not None and header.columns is not None else 1
        return [(frame.at((point.column or 1) - (start or 1), row_no), point) for point in points]

    def diagram(self, block: Block, frame: Frame, letters: tuple[str, str] | None, turns: list[Turn]) -> Diagram | None:
        if block.header is None:
            return None
        if self.spec.either_colour:
            letters = colour_initials(self.spec)
        elif letters is None:
            letters = self.guess_letters(block, frame, turns)
        stones: dict[Cell, int] = {}
        marked: set[Cell] = set()
        unshown: set[Cell] = set()
        where: dict[Cell, tuple[int, int]] = {}
        side = self.ordered(block, frame)
        for row_no, line in enumerate(block.rows[: 2 * side - 1] if side else block.rows, start=1):
            if line.rownum is not None and int(line.rownum) != row_no:
                self.warn(
                    "row-number",
                    f"row numbered {line.rownum} is the diagram's row {row_no}; rows are read in order",
                    line.number,
                    line.rownum.column,
                )
            placed = self.row_points(block, frame, side, row_no, line)
            cells = frame.board.rows[row_no - 1] if side else ()
            points = line.points or []
            if side and len(points) > len(cells):
                self.warn(
                    "long-row",
                    f"diagram row {row_no} has {len(points)} points, the board's row has "
                    f"{len(cells)}; the extra points are ignored",
                    line.number,
                    points[len(cells)].column,
                )
            elif side and len(points) < len(cells):
                self.warn(
                    "short-row",
                    f"diagram row {row_no} shows {len(points)} of its {len(cells)} cells; "
                    "the points are taken from the left and the rest are not shown",
                    line.number,
                )
                unshown.update(cells[len(points) :])
            for cell, point in placed:
                if cell is None or cell not in frame.board:
                    raise self.fail(line, point, f"a diagram point where {frame.describe()} has no cell", "diagram")
                where[cell] = (line.number, point.column or 1)
                if point == ".":
                    continue
                if point.lower() not in letters:
                    whose = (
                        f"a colour's letter under {self.spec.name}" if self.spec.either_colour else "a player's letter"
                    )
                    raise self.fail(
                        line,
                        point,
                        f"the diagram point {str(point)!r} is neither '.' nor "
                        f"{whose} ({letters[0]} or {letters[1]}, upper case for the "
                        "last turn)",
                        "diagram",
                    )
                stones[cell] = letters.index(point.lower()) + 1
                if point.isupper():
                    marked.add(cell)
        for row_no in range(len(block.rows) + 1, 2 * side if side else 0):
            self.warn("short-row", f"the diagram has no row {row_no}; its cells are not shown")
            unshown.update(frame.board.rows[row_no - 1])
        return Diagram(frame, letters, stones, frozenset(marked), frozenset(unshown), where)

    def guess_letters(self, block: Block, frame: Frame, turns: list[Turn]) -> tuple[str, str]:
        """Without players in the header: the letters the diagram uses, ordered by the first turn's
        colour (the first mover's own, unless the first stone is marked otherwise)."""
        seen: list[str] = []
        first_cells: dict[Cell, str] = {}
        side = self.ordered(block, frame)
        for row_no, line in enumerate(block.rows[: 2 * side - 1] if side else block.rows, start=1):
            for cell, point in self.row_points(block, frame, side, row_no, line):
                if point != "." and cell is not None:
                    first_cells[cell] = point.lower()
                    if point.lower() not in seen:
                        seen.append(point.lower())
        if len(seen) > 2:
            header = block.header
            assert header is not None
            raise self.fail(
                header,
                header.columns,
                f"the diagram uses {len(seen)} letters ({', '.join(seen)}); a game has two players",
                "diagram",
            )
        opener = next(
            (
                first_cells[c]
                for t in turns[:1]
                for c, colour in zip(t.cells, t.stone_colours, strict=True)
                if c in first_cells and colour == 1
            ),
            None,
        )
        if opener is not None:
            ordered = [opener] + [s for s in seen if s != opener]
        else:
            ordered = sorted(seen)
            if seen:
                header = block.header
                self.warn(
                    "players-guessed",
                    "the header names no players and the move list does not show "
                    f"who moved first; the letters are taken in alphabetical order ({', '.join(ordered)})",
                    *letters_at(header),
                )
        for filler in "xo":
            if len(ordered) < 2 and filler not in ordered:
                ordered.append(filler)
        return ordered[0], ordered[1]

    def check_columns(self) -> None:
        """Say how the post laid its diagrams out where a reader of the record must know: letters
        that start past `a` or stand only below, a diagram after a move list, one game drawn twice."""
        for part in (self.lead,):  # the other diagrams of the game are on the same board
            if part.offset and part.header is not None:
                letters = str(part.header.columns)
                self.warn(
                    "shifted-columns",
                    f"the column letters start at {letters[0]!r}: the post's cell names are read "
                    f"{part.offset} letter{'s' if part.offset > 1 else ''} back ({letters[0]}.. as a..)",
                    *letters_at(part.header),
                )
        for part in self.parts:
            if part.below and part.header is not None:
                self.warn(
                    "letters-below",
                    f"the column letters stand only under the diagram: the {len(part.rows)} rows above them "
                    "are read as its rows, top first",
                    *letters_at(part.header),
                )
        listed, header = self.parts[0], self.lead.header
        if listed.header is None and header is not None:  # a move list, then a diagram of its game (`games`)
            opening = next(line.number for line in listed.lines if line.kind == "record")
            self.warn(
                "diagram-after-list",
                f"the diagram on line {header.number} has no move list of its own and shows the game of the "
                f"move list on line {opening}: one record, the diagram read as the position after its last turn "
                "and cross-checked against it",
                *letters_at(header),
            )
        for part in self.parts[1:]:
            if part.header is not None and listed.header is not None:
                first = listed.header
                self.warn(
                    "same-game",
                    f"the diagram on line {part.header.number} is read as the game of the diagram on line "
                    f"{first.number if first else '?'} (same board, move lists that agree): one record, "
                    "cross-checked against both",
                    *letters_at(part.header),
                )
