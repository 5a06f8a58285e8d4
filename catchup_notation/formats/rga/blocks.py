"""Cutting a post into blocks: the lines of one diagram or one move list each, with the prose
around them.

Each line comes parsed (`rga_lines.parse`); a block gathers a diagram's header (column letters,
players), its rows top to bottom, the column letters closing it, the move entries beside or below
it, and the prose and comments around it. Rows of points with no column letters over them wait
for letters below them, else they are an illustration, kept as comments. A line that is not a
record is never a record of its own: inside a diagram it is a syntax error, and after an error it
belongs to that error (`blocks_of`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import pairwise
from typing import TYPE_CHECKING

import attrs

from catchup_notation.errors import NotationError
from catchup_notation.formats.rga.board import MAX_SIDE, side_of_columns
from catchup_notation.formats.rga.lines import Line, PlayerColumn, parse

if TYPE_CHECKING:
    from lark import Token


@attrs.define
class Block:
    lines: list[Line] = attrs.Factory(list)
    header: Line | None = None
    side: int | None = None
    offset: int = 0  # letters the column line starts past `a` (b..r: 1)
    rows: list[Line] = attrs.Factory(list)  # diagram rows in order, top first
    closed: bool = False  # footer seen or all rows read
    footer: bool = False
    entries: list[Line] = attrs.Factory(list)
    players: tuple[PlayerColumn, PlayerColumn] | None = None
    players_line: Line | None = None
    comments: list[Line] = attrs.Factory(list)  # prose lines and lines with a comment, in order
    loose: list[Line] = attrs.Factory(list)  # rows of points with no column letters above them, so far
    below: bool = False  # the column letters stand only under the rows
    error: NotationError | None = None

    def settle(self) -> None:
        """Rows of points that no column letters claimed are an illustration: kept as comments."""
        if self.loose:  # asked after most lines: mostly there are none
            self.comments.extend(line for line in self.loose if line not in self.comments)
            self.loose = []

    @property
    def diagram_open(self) -> bool:
        return self.header is not None and not self.closed

    @property
    def started(self) -> bool:
        """Whether the block holds anything of a record (prose alone is not one)."""
        return self.header is not None or bool(self.entries) or self.error is not None or self.players is not None


def blocks_of(lines: Iterable[str], source: str | None) -> Iterator[tuple[Block, bool]]:
    """Group the lines of a text into blocks: one per diagram or move list, with the prose around it.
    Yields `(block, True)` for each block read whole, and `(block, False)` for a block still being
    read each time it gains a line of a record (so that a reader can decide early what it is).

    No phantom records: a line that is not a record is part of the error before it, and a block
    after an error that turns out to hold no record (the column letters closing a broken diagram,
    after a blank line) joins that error."""
    block = Block()
    held: Block | None = None  # an error block, until the block after it shows it is a record
    blank = False  # a blank line since the last line read
    for number, raw in enumerate(lines, start=1):
        raw = raw.rstrip(" \t\u00a0")
        if not raw.replace("\u00a0", " ").strip(" \t:>|!"):
            blank = True  # blank, or a quoted blank line
            continue
        after_blank, blank = blank, False
        line = parse(raw, number, source)
        if block.error is not None:
            if not (after_blank and line.kind == "record" and _could_start(line)):
                block.lines.append(line)  # a line that is not a record is part of the error before it
                continue
            held, block = block, Block()
        elif line.kind == "error" and after_blank and block.started:  # an unreadable line after a gap
            block.settle()
            yield block, True
            block = Block()
        if line.kind == "error":
            block.lines.append(line)
            block.error = line.error
        elif line.kind == "prose":
            block.lines.append(line)
            if block.diagram_open and not after_blank:  # where a diagram row must be, prose is a syntax error
                block.error = line.error or error_at(line, None, "not a diagram row", "diagram")
            else:
                block.closed = block.closed or block.header is not None  # a gap and prose end a diagram
                block.comments.append(line)
                continue
        else:
            if _starts_new_record(block, line):
                carried = block.loose if line.columns is not None and not any(r.entry for r in block.loose) else []
                block.loose = [row for row in block.loose if row not in carried]
                if held is not None and not block.rows and not block.entries:
                    held.lines.extend(block.lines)
                    block = Block()
                else:
                    block.settle()
                    yield block, True
                    block = Block()
                block.loose = carried
            _add(block, line)
        if held is not None and (block.rows or block.entries or block.error is not None):
            yield held, True
            held = None
        yield block, False
    if held is not None and block.header is not None and not block.rows and not block.entries:
        held.lines.extend(block.lines)  # the letters closing the broken diagram
        block = Block()
    if held is not None:
        yield held, True
    block.settle()
    if block.started:
        header = block.header
        if block.error is None and header is not None and not header.names and not block.rows and not block.entries:
            block.error = error_at(
                header,
                header.columns,
                "column letters with neither diagram rows nor a move list under them: not a record"
                if block.side is not None
                else f"{str(header.columns)!r} is not the column header of a hexhex board (side n has 4n - 3 "
                f"letters: abcde for side 2 ... a-y for side {MAX_SIDE}; b-r is side 5 lettered from b), and "
                "no diagram under it draws a board of another shape",
                "diagram" if block.side is not None else "columns",
            )
        yield block, True


def _could_start(line: Line) -> bool:
    return line.columns is not None or line.entry is not None or line.players is not None


def _starts_new_record(block: Block, line: Line) -> bool:
    if not block.started:
        return False
    if line.columns is not None:
        if block.header is None and block.loose:
            return False  # the letters under a diagram that has none above
        return not _is_footer(block, line) and (block.header is not None or bool(block.entries))
    if line.players is not None:
        return bool(block.entries) or block.players is not None
    return bool(line.entry is not None and line.entry.rstrip(".") in ("1", "01") and block.entries)


def _is_footer(block: Block, line: Line) -> bool:
    """The column letters repeated under the rows close the diagram."""
    return (
        block.header is not None
        and not block.footer
        and bool(block.rows)
        and not line.names
        and line.columns == block.header.columns
    )


def _add(block: Block, line: Line) -> None:
    block.lines.append(line)
    if line.players is not None and block.players is None:
        block.players, block.players_line = line.players, line
    if line.comment is not None:
        block.comments.append(line)
    if line.columns is None and not (line.points and not block.diagram_open):
        block.settle()  # anything else between loose rows and column letters: the rows were not a diagram
    if line.columns is not None:
        if block.header is None:
            block.header = line
            if block.loose:  # letters only under the diagram: the rows above are its rows
                block.rows, block.loose = block.loose, []
                block.closed = block.footer = block.below = True
            letters = str(line.columns)
            block.offset = ord(letters[0]) - ord("a")
            # other letters head a diagram of a board of another shape (read from where its points stand)
            side = block.side = side_of_columns(_letters_from_a(letters, block.offset))
            if side is not None and block.below and len(block.rows) > 2 * side - 1 and block.error is None:
                extra = block.rows[2 * side - 1]
                block.error = error_at(
                    extra,
                    extra.points[0] if extra.points else None,
                    f"the diagram above the column letters has {len(block.rows)} rows; "
                    f"a side-{side} board has {2 * side - 1}",
                    "diagram",
                )
        elif _is_footer(block, line):
            block.closed = block.footer = True
    elif block.diagram_open and block.side is None and line.points is None and line.rownum is None:
        block.closed = True  # a diagram of another shape has no number of rows: a line that is no row ends it
    elif block.diagram_open and (line.points is not None or line.rownum is not None or line.entry is not None):
        # inside a hexhex diagram, a line without points is a row whose points were lost (an export cut them)
        block.rows.append(line)
        if block.side is not None and len(block.rows) >= 2 * block.side - 1:
            block.closed = True
    elif line.points and block.error is None:
        if block.header is not None and not block.footer and block.side is not None:
            block.error = error_at(
                line,
                line.points[0],
                f"a diagram row after the board's last row (side {block.side} has {2 * (block.side or 0) - 1} rows)",
                "diagram",
            )
        else:
            block.loose.append(line)  # a diagram whose letters may follow below it, or an illustration
    if line.entry is not None:  # a remark in place of moves still counts for the numbering
        block.entries.append(line)


def holed(line: Line) -> bool:
    """Whether a diagram row leaves a gap between two of its points (cells missing from the board)."""
    points = line.points or []
    return any((b.column or 0) - (a.column or 0) > 2 for a, b in pairwise(points))


def _letters_from_a(letters: str, offset: int) -> str:
    """The letters as if they started at `a` (for the side they stand for)."""
    return "".join(chr(ord(c) - offset) for c in letters)


def error_at(
    line: Line, token: Token | None, message: str, code: str, source: str | None = None, column: int | None = None
) -> NotationError:
    if column is None:
        column = token.column if token is not None and token.column is not None else 1
    return NotationError(message, source=source, line=line.number, column=column, text=line.text, code=code)


def letters_at(header: Line | None) -> tuple[int | None, int | None]:
    """Where a diagram's column letters stand (line, column): the place of a warning about the diagram."""
    if header is None:
        return None, None
    return header.number, header.columns.column if header.columns is not None else None


def entry_words(block: Block) -> list[list[str]]:
    """The move entries' tokens as text, without empty trailing entries (for comparing lists)."""
    words = [line.words for line in block.entries]
    while words and not words[-1]:
        words.pop()
    return words
