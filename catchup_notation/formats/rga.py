"""rec.games.abstract posts (`rga`): an ASCII hexhex diagram in doubled coordinates and a move list.

    abcdefghijklmnopq      B        J
1       . . . B j      1.  ... i5   g3 f6
2      j . j j b .     2.  f4 l7    k5 d4

Lark parses one line at a time (grammars/rga.lark, prepared by rga_lines.py); this module
assembles lines into records: a header line (column letters, players) opens a diagram, the rows
follow top to bottom (numbered on the left, on the right or not at all: exports often lose the
numbers and the indentation), a second column-letter line closes it; move-list entries (`N.` then
the first player's turn then the second's) may sit beside the rows or below them. `...`, `..`,
`--` and `---` are placeholders that place nothing; `. . .` is a pass; `resign` ends the game.

Posts were typed by hand, so the reader takes them as published: prose before, between and after
the diagrams, and remarks after a move, are kept in `Record.headers["comments"]`; a header that
marks the players' columns by position (`___o_______x__`) splits the turns by position; letters
that start past `a` shift the cell names; `mo11` is m11 and o11; several diagrams of one game (the
same board, move lists that agree) make one record checked against each diagram. Whatever the
reader had to guess is a warning with its line and column. A line that is not a record is never
a record of its own: inside a diagram it is a syntax error, after one it belongs to that error.

A cell in the move list written plainly holds a stone of the mover's own colour. In too and
product, where a player may place either colour, a stone of the other colour carries a colour mark
right after its cell: `i5=w` (`=` and the lower-case initial of the stone colour's name under the
variant read, see `notation.colours`; either case is read, lower case is written). A mark that
names no colour of the variant is an error at the mark; one that names the opponent's colour under
a variant without a choice of colour is read, for the rules to report (`wrong-colour`).

Diagram letters stand for stone colours. Under the variants where each player places their own
colour they are the players' initials, from the header's names (upper case = a stone of the last
turn). Under too and product they are the initials of the colours (`b`/`w`, `r`/`b`), whoever
placed the stone; the header still names the players, for the move list's columns.

A move list followed by a caption and a diagram with no list of its own is one game when the
diagram can show it; dots that end a move list (`2.  . . .`) are the turn still to come. The prose
is read too (`rga_text`): the variant a title or rules line names (when none is given), the players
named beside their letters, a note that capitals in a move list are stones of the other colour (as
they are wherever the variant places either colour), and the lines that state a result, kept in
`Record.headers["stated-result"]` for the rules to check. A variant's start position (sabotage-
malthus) is the diagram's baseline, and a start cell the diagram shows is taken from it.

A diagram whose column letters are not a hexhex board's (4n - 3 of them), or whose rows leave a
gap between two points, draws a board of another shape: it is read by where its points stand, as
`shapes.mask_cells` reads a mask, and names its cells by its own letters and rows (`Frame`); the
record's variant carries that board. A board the variant given names is checked against it
(`board-mismatch`). The writer draws any board that fits in the letters a-y, holes as gaps.

The record's turns come from the move list. The diagram is kept, as canonical text, in
`Record.headers["diagram"]` and cross-checked against the cells the list places and their colours
(no rules: cells are only accumulated); every disagreement is a warning. A letter/number pair of
the wrong parity names no cell: the record is not produced (`not-a-cell`), with suggestions, and
the diagram's stones that the list never placed are offered as corrections; read again with
`corrections`. A stone placed on a cell already taken is explained the same way
(`diagram-explains`) when the diagram shows a stone of that player that no turn places.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import pairwise
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple, TextIO

import attrs

from catchup_notation.board import Board, Cell, cell_count
from catchup_notation.errors import BoardError, NotationError, VariantError, WriteError
from catchup_notation.formats.base import (
    Corrections,
    NotationWarning,
    Parsed,
    ReadOptions,
    ending_dropped,
    lines_of,
    lost_headers,
    write_each,
)
from catchup_notation.formats.colours import (
    UNEXPECTED_MARK,
    colour_initials,
    colour_mark,
    colour_of_mark,
    mark_warning_due,
    unexpected_mark_message,
    unknown_mark_message,
)
from catchup_notation.formats.rga_board import (
    MAX_SIDE,
    Diagram,
    Frame,
    compare,
    diagram_text,
    hexhex_frame,
    position,
    render,
    side_of_columns,
)
from catchup_notation.formats.rga_lines import Line, PlayerColumn, boundary, consecutive, parse
from catchup_notation.formats.rga_text import (
    NamedVariant,
    named_pairs,
    names_given,
    plain,
    says_capitals,
    starts_message,
    states_result,
    variant_named,
)
from catchup_notation.limits import MAX_TEXT_LINE_CHARS
from catchup_notation.model import Location, Record, Turn
from catchup_notation.rules.registry import Variant, VariantSpec, parse_variant
from catchup_notation.shapes import centred, mask_cells, shape

if TYPE_CHECKING:
    from lark import Token

# ---------------------------------------------------------------------------------------------
# Blocks: the lines of one diagram and its move list


@attrs.define
class _Block:
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


def _blocks(lines: Iterable[str], source: str | None) -> Iterator[tuple[_Block, bool]]:
    """Group the lines of a text into blocks: one per diagram or move list, with the prose around it.
    Yields `(block, True)` for each block read whole, and `(block, False)` for a block still being
    read each time it gains a line of a record (so that a reader can decide early what it is).

    No phantom records: a line that is not a record is part of the error before it, and a block
    after an error that turns out to hold no record (the column letters closing a broken diagram,
    after a blank line) joins that error."""
    block = _Block()
    held: _Block | None = None  # an error block, until the block after it shows it is a record
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
            held, block = block, _Block()
        elif line.kind == "error" and after_blank and block.started:  # an unreadable line after a gap
            block.settle()
            yield block, True
            block = _Block()
        if line.kind == "error":
            block.lines.append(line)
            block.error = line.error
        elif line.kind == "prose":
            block.lines.append(line)
            if block.diagram_open and not after_blank:  # where a diagram row must be, prose is a syntax error
                block.error = line.error or _error(line, None, "not a diagram row", "diagram")
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
                    block = _Block()
                else:
                    block.settle()
                    yield block, True
                    block = _Block()
                block.loose = carried
            _add(block, line)
        if held is not None and (block.rows or block.entries or block.error is not None):
            yield held, True
            held = None
        yield block, False
    if held is not None and block.header is not None and not block.rows and not block.entries:
        held.lines.extend(block.lines)  # the letters closing the broken diagram
        block = _Block()
    if held is not None:
        yield held, True
    block.settle()
    if block.started:
        header = block.header
        if block.error is None and header is not None and not header.names and not block.rows and not block.entries:
            block.error = _error(
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


def _starts_new_record(block: _Block, line: Line) -> bool:
    if not block.started:
        return False
    if line.columns is not None:
        if block.header is None and block.loose:
            return False  # the letters under a diagram that has none above
        return not _is_footer(block, line) and (block.header is not None or bool(block.entries))
    if line.players is not None:
        return bool(block.entries) or block.players is not None
    return bool(line.entry is not None and line.entry.rstrip(".") in ("1", "01") and block.entries)


def _is_footer(block: _Block, line: Line) -> bool:
    """The column letters repeated under the rows close the diagram."""
    return (
        block.header is not None
        and not block.footer
        and bool(block.rows)
        and not line.names
        and line.columns == block.header.columns
    )


def _add(block: _Block, line: Line) -> None:
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
                block.error = _error(
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
        # inside a hexhex diagram, a line without points is a row whose points were lost (seed 000, row 9)
        block.rows.append(line)
        if block.side is not None and len(block.rows) >= 2 * block.side - 1:
            block.closed = True
    elif line.points and block.error is None:
        if block.header is not None and not block.footer and block.side is not None:
            block.error = _error(
                line,
                line.points[0],
                f"a diagram row after the board's last row (side {block.side} has {2 * (block.side or 0) - 1} rows)",
                "diagram",
            )
        else:
            block.loose.append(line)  # a diagram whose letters may follow below it, or an illustration
    if line.entry is not None:  # a remark in place of moves still counts for the numbering
        block.entries.append(line)


def _holed(line: Line) -> bool:
    """Whether a diagram row leaves a gap between two of its points (cells missing from the board)."""
    points = line.points or []
    return any((b.column or 0) - (a.column or 0) > 2 for a, b in pairwise(points))


def _on(variant: Variant, board: Board) -> Variant:
    """The variant with its other parameters, on this board (by side for a hexhex board)."""
    if board.side is not None:
        return Variant(variant.spec, {**variant.params, "size": board.side, "board": None})
    return Variant(variant.spec, {**variant.params, "board": board})


def _letters_from_a(letters: str, offset: int) -> str:
    """The letters as if they started at `a` (for the side they stand for)."""
    return "".join(chr(ord(c) - offset) for c in letters)


def _error(
    line: Line, token: Token | None, message: str, code: str, source: str | None = None, column: int | None = None
) -> NotationError:
    if column is None:
        column = token.column if token is not None and token.column is not None else 1
    return NotationError(message, source=source, line=line.number, column=column, text=line.text, code=code)


def _entry_words(block: _Block) -> list[list[str]]:
    """The move entries' tokens as text, without empty trailing entries (for comparing lists)."""
    words = [line.words for line in block.entries]
    while words and not words[-1]:
        words.pop()
    return words


def _same_board(first: _Block, block: _Block) -> bool:
    return (
        block.error is None
        and first.error is None
        and block.header is not None
        and first.header is not None
        and (block.side, block.offset) == (first.side, first.offset)
        and (first.side is not None or str(block.header.columns) == str(first.header.columns))
    )


@attrs.define
class _Follower:
    """Whether a block being read may continue the game before it: the same board, and a move list
    that agrees with the game's as far as both go (an empty entry beside a diagram row says
    nothing). Checked one entry at a time, so that reading stays linear in the post's length."""

    block: _Block
    theirs: list[list[str]]  # the game's longest move list, trailing empty entries dropped
    checked: int = 0  # entries of the block compared so far
    filled: int = 0  # entries of the block up to its last non-empty one
    agrees: bool = True

    def update(self, whole: bool) -> bool:
        entries = self.block.entries
        while self.agrees and self.checked < len(entries):
            words = entries[self.checked].words
            self.checked += 1
            if words:
                self.filled = self.checked
                if self.checked <= len(self.theirs) and words != self.theirs[self.checked - 1]:
                    self.agrees = False
        if not whole:
            return self.agrees
        if not self.filled or not self.theirs:
            return bool(self.filled) != bool(self.theirs)
        return self.agrees and self.filled != len(self.theirs)  # the same list twice: the game posted twice


def _games(lines: Iterable[str], source: str | None) -> Iterator[list[_Block]]:
    """Blocks grouped by game: several diagrams of one game in one post make one record, and so do
    a move list and a diagram after it with no move list of its own that can show that game (a
    caption such as "Final position:" between them). A game is given out as soon as the block
    after it cannot continue it."""
    parts: list[_Block] = []
    theirs: list[list[str]] = []
    follower: _Follower | None = None
    for block, whole in _blocks(lines, source):
        if parts:
            if follower is None or follower.block is not block:
                follower = _Follower(block, theirs)
            if not (_same_board(parts[0], block) and follower.update(whole)) and not _shows(parts, block, whole):
                yield parts
                parts = []
        if whole:
            if not parts:
                theirs = []
            parts.append(block)
            words = _entry_words(block)
            theirs = words if len(words) > len(theirs) else theirs
            follower = None
    if parts:
        yield parts


def _shows(parts: list[_Block], block: _Block, whole: bool) -> bool:
    """Whether `block` is a diagram of the game of `parts`, a move list with no diagram: the block
    has no move list of its own, draws a hexhex board, and shows a stone on most of the cells the
    list names (3 in 4: slips aside). While the block is still being read, whether it may be."""
    if block.header is None or block.error is not None or any(p.header is not None or p.error for p in parts):
        return False
    if any(line.words for line in block.entries) or not any(line.words for p in parts for line in p.entries):
        return False
    if not whole:
        return True
    side = block.side
    if side is None:
        return False
    frame = hexhex_frame(side)
    stones = {
        frame.name(cell)
        for row_no, line in enumerate(block.rows[: 2 * side - 1], start=1)
        for cell, point in zip(frame.board.rows[row_no - 1], line.points or [], strict=False)
        if point != "."
    }
    shift = block.offset
    named = {
        chr(ord(word[0].lower()) - shift) + word[1:]
        for p in parts
        for line in p.entries
        for word in line.words
        if _ONE_CELL.fullmatch(word)
    }
    return bool(named) and 4 * len(named & stones) >= 3 * len(named)


_ONE_CELL = re.compile(r"[A-Za-z][0-9]+")


# ---------------------------------------------------------------------------------------------
# Records

#: A move of an entry as the move list is read: its kind (CELL, DOTS, PASS or RESIGN), its text and
#: its column (a plain entry's moves are kept so; others come from their tokens by `_move`).
Move = tuple[str, str, int]


def _move(token: Token) -> Move:
    """The move a token of an entry stands for."""
    return token.type, str(token), token.column or 1


@attrs.frozen
class _Bad:
    """A written pair that names no cell."""

    name: str
    turn: int
    player: int
    colour: int  # of the stone written there
    line: int
    column: int
    text: str


class _Slip(NamedTuple):  # a tuple: made once a turn in a list that re-places stones
    """A stone the move list places on a cell an earlier stone already holds."""

    name: str
    turn: int
    player: int
    colour: int
    before: int  # the turn that placed the earlier stone
    line: int
    column: int


@attrs.define
class _Turns:
    """What a move list says: the turns, the pairs that name no cell, the stones placed twice."""

    turns: list[Turn] = attrs.Factory(list)
    bad: list[_Bad] = attrs.Factory(list)
    slips: list[_Slip] = attrs.Factory(list)
    resigned: int | None = None
    resigned_at: Location | None = None
    after: list[int] = attrs.Factory(list)  # the number of turns read after each move entry
    dotted: set[int] = attrs.Factory(set)  # turns written as dots (`. . .`), by index
    # the last placement on each cell: (turn, name as read, line, column)
    named_at: dict[Cell, tuple[int, str, int, int]] = attrs.Factory(dict)


_LETTER_LINE = re.compile(r"[\s:>|!\u00a0]*([a-y]{5,})(?![A-Za-z])")
_ODD_MOVES = re.compile(
    r"(?<![A-Za-z])(plays|moves|has)\s+(the\s+)?(odd|even)(\s+|-)(moves|turns|numbers)(?![A-Za-z])", re.I
)
_SHARED_ROW = re.compile(r"([A-Za-z]{2,3})([0-9]+)")


#: `capitals` reader option: capitals in a move list are stones of the other colour ("other-colour")
#: or mean nothing ("same"); None decides by the post and the variant (see `read_rga`).
CAPITALS = ("other-colour", "same")


@attrs.define
class _PostNotes:
    """What the prose of a post has said so far, for the games that follow it: the variants its
    titles and rules lines name, the names it gives the players by their letters, and where it
    says that capitals in a move list are stones of the other colour. A line that opens a message
    (`From:`, "Posted on ...") starts another post: what came before it no longer applies."""

    variants: list[NamedVariant] = attrs.Factory(list)
    names: dict[str, list[tuple[int, str]]] = attrs.Factory(dict)  # stone letter -> (line, name), in order
    capitals: list[int] = attrs.Factory(list)  # lines that say capitals are the other colour
    messages: list[int] = attrs.Factory(list)  # lines that open a message
    read_up_to: int = 0  # the last line learnt from

    def learn(self, parts: list[_Block]) -> None:
        """Take in the prose lines (and comments beside record lines) of a game's blocks."""
        for line, text in _prose(parts):
            if line.number <= self.read_up_to:
                continue
            if line.kind == "prose" and starts_message(text):
                self.messages.append(line.number)
            named = variant_named(text, line.number)
            if named is not None:
                self.variants.append(named)
            if says_capitals(text):
                self.capitals.append(line.number)
        self.read_up_to = max((line.number for part in parts for line in part.lines), default=self.read_up_to)

    # Games are read in order, so each question is about the latest lines: the lists are read from
    # their ends and left at the first line of an earlier message (an archive of many posts stays linear).

    def since(self, line: int) -> int:
        """The line that opens the message `line` is in (0: the text's first)."""
        return next((start for start in reversed(self.messages) if start < line), 0)

    def variant_before(self, line: int) -> NamedVariant | None:
        """The variant named last before `line` (the first line of a game), in the same message."""
        since = self.since(line)
        for named in reversed(self.variants):
            if named.line <= since:
                break
            if named.line < line:
                return named
        return None

    def capitals_said(self, first: int, last: int) -> int | None:
        """The line, in the message of a game's lines `first`..`last`, that says capitals are the
        other colour, if one does."""
        since = self.since(first)
        found = None
        for said in reversed(self.capitals):
            if said <= since:
                break
            if said <= last:
                found = said
        return found

    def names_before(self, letter: str, line: int) -> list[str]:
        """The names given the player of `letter` in this message before `line`, in order."""
        since = self.since(line)
        found = []
        for at, name in reversed(self.names.get(letter, [])):
            if at <= since:
                break
            if at < line:
                found.append(name)
        return found[::-1]


def _prose(parts: list[_Block]) -> Iterator[tuple[Line, str]]:
    """Each prose line of a game's blocks and each comment beside a record line, as plain text."""
    for part in parts:
        for line in part.lines:
            if line.kind == "prose":
                yield line, plain(line.text)
            elif line.comment:
                yield line, plain(line.comment)


class _Reader:
    """Builds one record from the blocks of one game; collects warnings on the way."""

    def __init__(
        self,
        parts: list[_Block],
        index: int,
        source: str | None,
        variant: str | None,
        notes: _PostNotes | None = None,
        capitals: str | None = None,
    ):
        self.parts = parts
        # the move list read is the longest one; the other diagrams are checked against its start
        self.block = parts[0] if len(parts) == 1 else max(parts, key=lambda p: len(_entry_words(p)))
        # the first diagram of the game (its board and letters), else the first block
        self.lead = next((part for part in parts if part.header is not None), parts[0])
        self.index = index
        self.source = source
        self.given = variant  # as the caller gave it: it wins over what the post names
        self.notes = notes or _PostNotes()
        first = next((line.number for part in parts for line in part.lines if line.kind == "record"), 0)
        self.first = first
        self.last = max(line.number for part in parts for line in part.lines)
        self.named_variant = None if variant is not None else self.notes.variant_before(first)
        self.variant = variant or (self.named_variant.variant if self.named_variant else None)
        self.spec = parse_variant(self.variant or "catchup").spec
        self.capitals = capitals
        self.warnings: list[NotationWarning] = []
        self.named: dict[str, Cell | None] = {}  # cells by name on the frame of the move list read

    def warn(self, code: str, message: str, line: int | None = None, column: int | None = None) -> None:
        self.warnings.append(NotationWarning(code, message, line, column))

    def fail(self, line: Line, token: Token | None, message: str, code: str) -> NotationError:
        return _error(line, token, message, code, self.source)

    def fail_at(self, line: Line, column: int, message: str, code: str) -> NotationError:
        return _error(line, None, message, code, self.source, column)

    # -- players and variant -----------------------------------------------------------------

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
                return drawn, str(_on(given, drawn.board))
        if self.variant and ("size" in self.variant or "board" in self.variant):
            drawn = self.matched(drawn, given.board, lead)
        return drawn, str(_on(given, drawn.board))

    def matched(self, drawn: Frame, board: Board, lead: _Block) -> Frame:
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
            header.number if header is not None else None,
            header.columns.column if header is not None and header.columns is not None else None,
        )
        return drawn

    def drawn(self, block: _Block) -> Frame | None:
        """The board a diagram draws where its letters are not a hexhex board's, or a row has a
        gap between points: read from where the points stand (every point under a column letter,
        in doubled coordinates, as `shapes.parse_mask` reads a mask). None for a hexhex diagram."""
        header = block.header
        if header is None or header.columns is None:
            return None
        if block.side is not None and not any(_holed(line) for line in block.rows):
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
    def ordered(block: _Block, frame: Frame) -> int | None:
        """The side of a hexhex diagram read as posts are (each row's points from the left, the row's
        cells those of `frame.board.rows`, the hexhex board maybe moved by the variant's `board=`), or
        None for a diagram read by where its points stand."""
        side = block.side
        if side is None or len(frame.board) != cell_count(side) or any(_holed(row) for row in block.rows):
            return None
        return side

    @staticmethod
    def row_points(
        block: _Block, frame: Frame, side: int | None, row_no: int, line: Line
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

    # -- move list -----------------------------------------------------------------------------

    def slots(self, block: _Block, line: Line) -> list[list[Token]]:
        """The turns of a move entry: split by the header's player columns where the post has them
        (a warning where that differs from the gaps), else by the gaps; where the gaps make more
        than two turns, by where the header's names stand, if they were aligned with spaces."""
        gaps = [slot for slot in line.slots if slot]
        columns = block.players
        if columns is None and len(gaps) > 2:
            columns = self.name_columns(line)
        if columns is None or not gaps:
            return gaps
        first, second = columns
        split = boundary(first, second)
        by_position: list[list[Token]] = [[], []]
        for token in line.moves:
            by_position[int((token.column or 0) >= split)].append(token)
        while by_position and not by_position[-1]:
            by_position.pop()
        if by_position != gaps:
            where = block.players_line or block.header
            self.warn(
                "columns-by-position",
                f"move {line.entry.rstrip('.') if line.entry else '?'}: the turns are split by the player "
                f"columns of the header on line {where.number if where else '?'} ({second.mark}'s from column "
                f"{split}), not by the gaps: "
                + " | ".join(" ".join(str(t) for t in slot) or "(nothing)" for slot in by_position),
                line.number,
                line.moves[0].column,
            )
        while by_position and not by_position[-1]:
            by_position.pop()
        return by_position

    def name_columns(self, line: Line) -> tuple[PlayerColumn, PlayerColumn] | None:
        """The players' names of the header as player columns: each turn starts under its name
        (at most two columns before it). None when tabs make positions meaningless."""
        header = next((p.header for p in self.parts if p.header is not None and len(p.header.names) == 2), None)
        if header is None or "\t" in header.text or "\t" in line.text:
            return None
        one, two = header.names
        first = PlayerColumn(str(one), one.column or 1, (one.column or 1) + len(one) - 1, one.column or 1)
        return first, PlayerColumn(str(two), two.column or 1, (two.column or 1) + len(two) - 1, first.end + 1)

    @staticmethod
    def says_one_each(block: _Block) -> str:
        """The words of a header that numbers the turns rather than the moves ("O plays odd moves"),
        or ""."""
        header = block.header
        if header is None or header.comment is None:
            return ""
        match = _ODD_MOVES.search(header.comment)
        return match.group() if match else ""

    def turns(self, block: _Block, frame: Frame, corrections: Mapping[str, str]) -> _Turns:
        found = _Turns()
        turns = found.turns
        self.named = {}  # for `cell`, on this frame
        used: set[str] = set()
        placed: dict[Cell, int] = {}  # cell -> the turn that placed a stone there
        expected = 1
        said = self.says_one_each(block)
        # Each entry's turns, split first (the warnings of the split come first, in order). A plain
        # entry that its gaps alone split (no player columns, at most two turns: no warning) is read
        # from the moves it keeps (`Line.plain`), with no tokens: a long list held whole as tokens
        # kept the garbage collector busy for half the reading.
        entries: list[tuple[Line, int, list[tuple[Move, ...]] | None]] = []
        for line in block.entries:
            if line.plain is not None and block.players is None and len(line.plain) <= 2:
                entries.append((line, (1 if line.plain else 0) if said else len(line.plain), None))
                continue
            split = self.slots(block, line)
            if said:  # "X plays odd moves": whatever the gaps, a line is one player's turn
                split = [line.moves] if line.moves else []
            entries.append((line, len(split), [tuple(_move(token) for token in slot) for slot in split]))
        filled = [count for _, count, _ in entries if count]
        one_each = block.players is None and (said or (len(filled) >= 2 and all(count == 1 for count in filled)))
        if one_each and filled:
            first = next(line for line, count, _ in entries if count)
            self.warn(
                "one-player-lines",
                (f"the header says {said!r}: " if said else "every move line holds one turn: ")
                + "each line is read as one player's turn, the players alternating from the first",
                first.number,
                first.moves[0].column,
            )
        for line, _, kept in entries:
            assert line.entry is not None
            slots: Sequence[Sequence[Move]]
            if kept is not None:
                slots = kept
            else:  # a plain entry, split as `slots` splits it: by the gaps alone (none is empty)
                assert line.plain is not None
                slots = line.plain
                if said:  # one turn of all its moves
                    slots = [[move for slot in line.plain for move in slot]] if line.plain else []
            number = int(line.entry.rstrip("."))
            if number != expected:
                self.warn(
                    "move-number",
                    f"move number {number} where {expected} was expected; the turns are read in the order written",
                    line.number,
                    line.entry.column,
                )
            expected = number + 1
            if len(slots) > 2:
                raise self.fail_at(
                    line,
                    slots[2][0][2],
                    f"move {number} has {len(slots)} turns; a move holds the "
                    "first player's turn and the second player's, separated by a tab or "
                    "two spaces (cells of one turn are separated by one space)",
                    "move-list",
                )
            for index, slot in enumerate(slots):
                player = len(turns) % 2 + 1 if one_each else index + 1
                if found.resigned is not None:
                    where = slot[0][2] if slot else line.entry.column or 1
                    raise self.fail_at(line, where, "the move list goes on after a resignation", "resign")
                if not slot:
                    self.warn(
                        "missing-turn",
                        f"move {number}: nothing in the first player's column; read as a turn that places no stone",
                        line.number,
                        line.entry.column,
                    )
                    turns.append(Turn(player, (), at=Location(line.number, line.entry.column or 1)))
                    continue
                resigns = slot[0][0] == "RESIGN" if len(slot) == 1 else any(m[0] == "RESIGN" for m in slot)
                if resigns:
                    if len(slot) > 1:
                        raise self.fail_at(line, slot[0][2], "'resign' must stand alone in its turn", "resign")
                    found.resigned, found.resigned_at = player, Location(line.number, slot[0][2])
                    continue
                self.read_turn(found, line, slot, player, frame, corrections, used, placed)
            found.after.append(len(turns))
        self.turn_to_come(found)
        for key in corrections:
            if key not in used:
                self.warn("unused-correction", f"the correction for {key!r} matched nothing in the move list")
        return found

    def turn_to_come(self, found: _Turns) -> None:
        """A move list that ends in one turn written as dots (`2.  . . .`) leaves that turn to come:
        it is not read as a pass (two such turns at the end are passes, which may end a game)."""
        turns = found.turns
        last = len(turns) - 1
        if found.resigned is not None or last not in found.dotted or last - 1 in found.dotted:
            return
        dropped = turns.pop()
        found.dotted.discard(last)
        found.after = [min(count, len(turns)) for count in found.after]
        at = dropped.at
        self.warn(
            "to-move",
            f"the move list ends with turn {last + 1} written as dots: read as the turn still to come "
            f"({self.spec.players[dropped.player - 1]} to move), not as a pass",
            at.line if at is not None else None,
            at.column if at is not None else None,
        )

    def read_turn(
        self,
        found: _Turns,
        line: Line,
        slot: Sequence[Move],
        player: int,
        frame: Frame,
        corrections: Mapping[str, str],
        used: set[str],
        placed: dict[Cell, int],
    ) -> None:
        turn_no = len(found.turns) + 1
        cells: list[Cell] = []
        colours: list[int] = []
        named = self.named
        for kind, text, column in slot:
            if kind != "CELL":  # a placeholder or a pass places nothing
                continue
            written, _, mark = text.lower().partition("=")
            if mark:
                colour = self.marked(line, column, written, mark)
            else:  # capitals: a stone of the other colour, where the post or the variant says so
                colour = 3 - player if self.capitals_other and text[0].isupper() else player
            shared = written[1:2].isalpha()  # `mo11` may be two cells; most names have one letter
            for name in self.names(written, line, column, frame) if shared else (written,):
                stone = colour
                if corrections:
                    name = self.corrected(name, turn_no, corrections, used, line, column)
                    if "=" in name:  # a correction of the stone's colour: `c9=o`
                        name, _, fixed = name.partition("=")
                        stone = self.marked(line, column, name, fixed)
                cell = named[name] if name in named else self.cell(name, frame)
                if cell is None:
                    found.bad.append(_Bad(name, turn_no, player, stone, line.number, column, line.text))
                    continue
                if cell in placed:
                    found.slips.append(_Slip(name, turn_no, player, stone, placed[cell], line.number, column))
                placed[cell] = turn_no
                found.named_at[cell] = (turn_no, name, line.number, column)
                cells.append(cell)
                colours.append(stone)
        if slot[0][0] == "DOTS" and all(m[0] == "DOTS" for m in slot):
            self.warn(
                "placeholder-turn",
                f"turn {turn_no} is only the placeholder {slot[0][1]!r}: read as a turn that places no stone",
                line.number,
                slot[0][2],
            )
        elif all(m[0] == "PASS" for m in slot):
            found.dotted.add(turn_no - 1)
        # the mover's own colour throughout is no colours, as Turn would make it (without the check)
        own = colours.count(player) == len(colours)
        found.turns.append(
            Turn(player, tuple(cells), (), () if own else tuple(colours), Location(line.number, slot[0][2]))
        )

    def marked(self, line: Line, column: int, written: str, mark: str) -> int:
        """The colour a cell's colour mark names (`i5=w`, the cell at `column`), or an error at the mark."""
        column += len(written)
        colour = colour_of_mark(self.spec, mark)
        if colour is None:
            raise self.fail_at(line, column, unknown_mark_message(self.spec, mark), "colour-mark")
        if mark_warning_due(self.spec, self.warnings):
            self.warn(UNEXPECTED_MARK, unexpected_mark_message(self.spec), line.number, column)
        return colour

    def corrected(
        self, name: str, turn_no: int, corrections: Mapping[str, str], used: set[str], line: Line, column: int
    ) -> str:
        """The name a correction gives for this turn's `name` (`turn:name`, else `name`), or `name`."""
        meant = corrections.get(f"{turn_no}:{name}", corrections.get(name))
        if meant is None:
            return name
        used.update(k for k in (f"{turn_no}:{name}", name) if k in corrections)
        self.warn("corrected", f"turn {turn_no}: {name} read as {meant} (correction)", line.number, column)
        return meant

    def cell(self, name: str, frame: Frame) -> Cell | None:
        """`frame.cell` of the name as if lettered from `a`, remembered: a game names few cells many times."""
        if name not in self.named:
            self.named[name] = frame.cell(self.unshifted(name))
        return self.named[name]

    def names(self, written: str, line: Line, column: int, frame: Frame) -> list[str]:
        """`mo11` is two cells sharing one row number, m11 and o11 (a warning says so), when every
        one of them is a cell of the board; otherwise the name stays as written, to be reported."""
        match = _SHARED_ROW.fullmatch(written)
        if match is None:
            return [written]
        names = [letter + match.group(2) for letter in match.group(1)]
        if not all((cell := frame.cell(self.unshifted(name))) is not None and cell in frame.board for name in names):
            return [written]
        self.warn(
            "shared-row-number",
            f"{written} is read as {' and '.join(names)} (cells sharing one row number)",
            line.number,
            column,
        )
        return names

    def shifted(self, name: str) -> str:
        """A cell name as the post writes it, on a board lettered from `b` or later."""
        offset = self.lead.offset
        return chr(ord(name[0]) + offset) + name[1:] if offset else name

    def unshifted(self, name: str) -> str:
        """A cell name of a board lettered from `b` or later, as if lettered from `a`."""
        offset = self.lead.offset
        if not offset or not name:
            return name
        return chr(ord(name[0]) - offset) + name[1:] if ord(name[0]) - offset >= ord("a") else "?" + name[1:]

    # -- diagram -------------------------------------------------------------------------------

    def diagram(
        self, block: _Block, frame: Frame, letters: tuple[str, str] | None, turns: list[Turn]
    ) -> Diagram | None:
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

    def guess_letters(self, block: _Block, frame: Frame, turns: list[Turn]) -> tuple[str, str]:
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
                    header.number if header is not None else None,
                    header.columns.column if header is not None and header.columns is not None else None,
                )
        for filler in "xo":
            if len(ordered) < 2 and filler not in ordered:
                ordered.append(filler)
        return ordered[0], ordered[1]

    # -- the whole record ----------------------------------------------------------------------

    def check_columns(self) -> None:
        for part in (self.lead,):  # the other diagrams of the game are on the same board
            if part.offset and part.header is not None:
                letters = str(part.header.columns)
                self.warn(
                    "shifted-columns",
                    f"the column letters start at {letters[0]!r}: the post's cell names are read "
                    f"{part.offset} letter{'s' if part.offset > 1 else ''} back ({letters[0]}.. as a..)",
                    part.header.number,
                    part.header.columns.column if part.header.columns is not None else None,
                )
        for part in self.parts:
            if part.below and part.header is not None:
                self.warn(
                    "letters-below",
                    f"the column letters stand only under the diagram: the {len(part.rows)} rows above them "
                    "are read as its rows, top first",
                    part.header.number,
                    part.header.columns.column if part.header.columns is not None else None,
                )
        listed, header = self.parts[0], self.lead.header
        if listed.header is None and header is not None:  # a move list, then a diagram of its game (`_shows`)
            opening = next(line.number for line in listed.lines if line.kind == "record")
            self.warn(
                "diagram-after-list",
                f"the diagram on line {header.number} has no move list of its own and shows the game of the "
                f"move list on line {opening}: one record, the diagram read as the position after its last turn "
                "and cross-checked against it",
                header.number,
                header.columns.column if header.columns is not None else None,
            )
        for part in self.parts[1:]:
            if part.header is not None and listed.header is not None:
                first = listed.header
                self.warn(
                    "same-game",
                    f"the diagram on line {part.header.number} is read as the game of the diagram on line "
                    f"{first.number if first else '?'} (same board, move lists that agree): one record, "
                    "cross-checked against both",
                    part.header.number,
                    part.header.columns.column if part.header.columns is not None else None,
                )

    def record(self, corrections: Corrections) -> Record:
        block = self.block
        self.note_variant()
        self.check_columns()
        frame, variant = self.frame()
        players, letters = self.players()
        if not block.entries and not any(row.points for part in self.parts for row in part.rows):
            lead = self.parts[0]
            opener = lead.header or lead.players_line or lead.lines[0]
            raise _error(
                opener,
                opener.columns,
                "column letters or player columns with neither diagram points nor a move list under them: not a record",
                "diagram",
                self.source,
                None if lead.header or lead.players is None else lead.players[0].column,
            )
        self.capitals_other = self.read_capitals(block)
        fixes = corrections if isinstance(corrections, Mapping) else {}
        before_turns = len(self.warnings)
        found = self.turns(block, frame, {k.lower(): v.lower() for k, v in fixes.items()})
        after_turns = len(self.warnings)
        drawn = [(part, self.diagram(part, frame, letters, found.turns)) for part in self.parts]
        diagrams = [(part, diagram) for part, diagram in drawn if diagram is not None]
        # the last position: of the diagrams beside the whole move list or with no list of their own,
        # the one with the most stones (the last of those)
        finals = [d for part, d in diagrams if part is block or not part.entries]
        diagram = max(reversed(finals), key=lambda d: len(d.stones)) if finals else None
        if letters is None:
            letters = diagram.letters if diagram is not None else None
        players = self.text_players(players, letters)
        words = (players[0] or "player 1", players[1] or "player 2")
        stone_words = self.spec.colours if self.spec.either_colour else words
        variant = self.settle_start(variant, found, diagram, frame)
        start = _start_stones(variant)
        if diagram is not None and not block.entries and block.header is not None:
            self.warn(
                "diagram-only",
                "the post has a diagram but no move list: the record has no turns; "
                "the position is kept in headers['diagram']",
                block.header.number,
                block.header.columns.column if block.header.columns is not None else None,
            )
        before_fixes = len(self.warnings)
        suggested = self.suggestions(found.bad, frame, diagram, found.turns, words, stone_words, start)
        explained = self.explain(found, diagram, words, stone_words, start, suggested.values())
        recoloured = self.recoloured(found, diagram, words, start)
        mended = bool(explained or recoloured or (found.bad and len(suggested) == len(found.bad)))
        if corrections == "diagram" and mended:
            # read the list again with the fixes: its first reading's warnings no longer apply
            self.warnings = self.warnings[:before_turns] + self.warnings[after_turns:before_fixes]
            fixes = {**explained, **recoloured, **(suggested if len(suggested) == len(found.bad) else {})}
            found = self.turns(block, frame, fixes)
            self.explain(found, diagram, words, stone_words, start)  # the slips no fix mended, said again
        if block.entries:
            self.cross_check(diagrams, found, stone_words, start)
        if found.bad:
            raise self.not_a_cell(found.bad, frame, suggested)
        headers = {}
        if diagram is not None:
            named = (players[0], players[1]) if players[0] and players[1] else None
            headers["diagram"] = diagram_text(diagram, named)
        comments = self.comments()
        if comments:
            headers["comments"] = comments
        stated = self.stated()
        if stated:
            headers["stated-result"] = stated
        first = next((line for part in self.parts for line in part.lines if line.kind == "record"), None)
        return Record(
            variant=variant,
            turns=tuple(found.turns),
            resigned=found.resigned,
            players=players,
            headers=headers,
            source=self.source,
            index=self.index,
            at=Location(first.number, 1) if first is not None else None,
            resigned_at=found.resigned_at,
        )

    # -- what the post's prose says ------------------------------------------------------------

    def note_variant(self) -> None:
        """Say so when the variant is the one the post names (no variant was given)."""
        named = self.named_variant
        if named is not None:
            self.warn(
                "variant-from-text",
                f"the post names the variant on line {named.line} ({named.words!r}): read under "
                f"{parse_variant(named.variant).name} (a variant given to the reader wins over the post's)",
                named.line,
            )

    def read_capitals(self, block: _Block) -> bool:
        """Whether capitals in the move list are stones of the other colour: as the reader was told,
        else where the post says so or the variant places stones of either colour, when the list
        mixes capitals with lower case (a list all in capitals just writes cells so)."""
        if self.capitals is not None:
            return self.capitals == "other-colour"
        said = self.notes.capitals_said(self.first, self.last)
        if said is None and not self.spec.either_colour:
            return False
        written = [(line, text) for line in block.entries for text in line.words if text[:1].isalpha()]
        upper = [(line, text) for line, text in written if text[0].isupper()]
        if not upper or len(upper) == len(written):
            return False
        why = f"the post says so on line {said}" if said is not None else f"{self.spec.name} places either colour"
        shown = " ".join(text for _, text in upper[:8]) + (" ..." if len(upper) > 8 else "")
        at, text = upper[0]
        self.warn(
            "capitals-other-colour",
            f"capitals in the move list are read as stones of the other colour than the mover's ({why}): {shown}",
            at.number,
            next((move.column for move in at.moves if str(move) == text), None),
        )
        return True

    def text_players(
        self, players: tuple[str | None, str | None], letters: tuple[str, str] | None
    ) -> tuple[str | None, str | None]:
        """The players' names the post's prose gives beside their stone letters (`Joao (O)`, `B-x`,
        `Billx:`), where the header gives none or only the letters: the fullest form in this game's
        lines, or a fuller name the post gave that letter earlier."""
        if letters is None:
            return players
        found: dict[int, list[tuple[str, int]]] = {}
        for line, text in _prose(self.parts):
            for player, name in names_given(text, letters, states_result(text)):
                found.setdefault(player, []).append((name, line.number))
        result = list(players)
        said = []
        for player in (1, 2):
            given = result[player - 1]
            if (given and given.lower() != letters[player - 1]) or player not in found:
                continue
            name, where = max(found[player], key=lambda pair: len(pair[0]))
            earlier = self.notes.names_before(letters[player - 1], self.first)
            fuller = [n for n in earlier if n.lower().startswith(name.lower()) and len(n) > len(name)]
            result[player - 1] = fuller[-1] if fuller else name
            said.append(f"{result[player - 1]} ({letters[player - 1]}) from line {where}")
            if fuller:
                said[-1] += f", short for {fuller[-1]} earlier in the post"
        for player, given in enumerate(result, start=1):
            if given and given.lower() != letters[player - 1]:
                self.notes.names.setdefault(letters[player - 1], []).append((self.first, given))
        if said:
            first = min(line for pairs in found.values() for _, line in pairs)
            self.warn(
                "players-from-text", "the players are named as the post's prose names them: " + "; ".join(said), first
            )
        return result[0], result[1]

    def stated(self) -> str:
        """The lines after the game's first record line that state a result ("X wins", "Os: size 23,
        5", "40 v 40", "Bill resigns"), one per line: the post's claims, for the rules to check."""
        claims = [
            " ".join(text.split())
            for line, text in _prose(self.parts)
            if line.kind == "prose" and line.number > self.first and states_result(text) and _short(text)
        ]
        return "\n".join(claims)

    def settle_start(self, variant: str, found: _Turns, diagram: Diagram | None, frame: Frame) -> str:
        """A variant whose start position has a stone its `start` parameter places, and which the
        caller did not set: when the move list places a stone on a start stone, or the diagram does
        not show one, the one cell where the diagram shows a stone that no turn places and that,
        as the start cell, leaves the fewest such contradictions (a warning says so)."""
        chosen = parse_variant(variant)
        if diagram is None or not any(p.name == "start" and p.kind == "cell" for p in chosen.spec.parameters):
            return variant
        if self.given is not None and "start" in self.given:
            return variant
        start = _start_stones(variant)
        wrong = self.start_conflicts(start, found, diagram)
        if not wrong:
            return variant
        implied = position(found.turns, frame.board, start)[0]
        mending: dict[str, tuple[int, str]] = {}  # cell name -> (contradictions left, variant)
        for colour in sorted({start[cell] for cell in wrong}):
            for name in self.unlisted(diagram, implied, colour):
                cell = frame.cell(self.unshifted(name))
                if cell is None:
                    continue
                try:
                    other = str(parse_variant(chosen.name, **{**chosen.params, "start": frame.name(cell)}))
                except VariantError:
                    continue
                left = len(self.start_conflicts(_start_stones(other), found, diagram))
                if left < len(wrong):
                    mending[name] = (left, other)
        fewest = min((left for left, _ in mending.values()), default=None)
        best = [(name, other) for name, (left, other) in mending.items() if left == fewest]
        if len(best) != 1:
            return variant  # nothing the start cell could mend: the cross-check and the rules say what is wrong
        name, other = best[0]
        names = ", ".join(self.shifted(frame.name(cell)) for cell in sorted(wrong))
        self.warn(
            "start-from-diagram",
            f"the start position of {variant} has a stone at {names} that the move list or the diagram "
            f"contradicts; the diagram shows a stone at {name} that no turn places: read under {other}",
        )
        return other

    @staticmethod
    def start_conflicts(start: Mapping[Cell, int], found: _Turns, diagram: Diagram) -> list[Cell]:
        """Start stones that a turn places a stone on, or that the diagram does not show (no stone
        is ever taken off the board)."""
        return [
            cell
            for cell, colour in start.items()
            if cell in found.named_at or (cell not in diagram.unshown and diagram.stones.get(cell) != colour)
        ]

    def cross_check(
        self,
        diagrams: list[tuple[_Block, Diagram]],
        found: _Turns,
        stone_words: tuple[str, str],
        start: Mapping[Cell, int],
    ) -> None:
        """Every diagram against the turns up to its own move list (the whole list when it has none),
        on the variant's start position."""
        for part, diagram in diagrams:
            upto = self.shown_turns(part, diagram, found, len(start))
            for warning in compare(diagram, upto, stone_words, start):
                if len(diagrams) > 1 and part.header is not None:
                    warning = NotationWarning(
                        warning.code,
                        f"diagram on line {part.header.number} (after {len(upto)} turns): {warning.message}",
                        warning.line,
                        warning.column,
                    )
                self.warnings.append(warning)

    def shown_turns(self, part: _Block, diagram: Diagram, found: _Turns, start: int = 0) -> list[Turn]:
        """The turns a diagram shows the game after: those of its own move list; with no list of its
        own, all of them when the move list read has no diagram (it is that list's diagram), else the
        first turns that place as many stones as it shows beyond the `start` stones (a warning says
        which), else all."""
        if part is self.block:
            return found.turns
        if part.entries:
            return found.turns[: found.after[len(_entry_words(part)) - 1]]
        if self.block.header is None:  # the diagram of a move list that has none (`_shows`): its end
            return found.turns
        shown, placed = len(diagram.stones), start
        for count, turn in enumerate(found.turns, start=1):
            placed += len(turn.cells)
            if placed == shown and count < len(found.turns):
                header = part.header
                self.warn(
                    "diagram-position",
                    f"the diagram on line {header.number if header else '?'} has no move list and shows {shown} "
                    f"stones: read as the position after turn {count}",
                    header.number if header else None,
                    header.columns.column if header is not None and header.columns is not None else None,
                )
                return found.turns[:count]
        return found.turns

    def comments(self) -> str:
        """The prose around the diagrams and the comments beside the moves, one per line, in order."""
        kept = []
        for part in self.parts:
            for line in sorted(part.comments, key=lambda line: line.number):
                if line.kind == "prose":
                    kept.append(line.text.replace("\u00a0", " ").lstrip(" \t:>|!").rstrip())
                elif line.entry is not None:
                    move = line.entry.rstrip(".")
                    kept.append(f"after move {move}: {line.comment}")
                    self.warn(
                        "move-comment",
                        f"the text after move {move} is not moves; kept as a comment: {line.comment!r}",
                        line.number,
                        line.comment_column,
                    )
                elif line.comment is not None:
                    kept.append(line.comment)
                else:  # rows of an illustration with no column letters
                    kept.append(line.text.replace("\u00a0", " ").lstrip(" \t:>|!").rstrip())
        return "\n".join(kept)

    def explain(
        self,
        found: _Turns,
        diagram: Diagram | None,
        words: tuple[str, ...],
        stone_words: tuple[str, str],
        start: Mapping[Cell, int],
        taken: Iterable[str] = (),
    ) -> dict[str, str]:
        """A stone the list places on a cell already taken, where the diagram shows a stone of that
        colour that no turn places (the variant's start position aside; `taken`: the cells already
        given to pairs that name no cell): the slip a reader of the post would see. `turn:name ->
        cell` for each slip with one such stone (the nearest when there are several, if one is)."""
        slips = found.slips + self.start_slips(found, start)
        if diagram is None or not slips:
            return {}
        implied = position(found.turns, diagram.frame.board, start)[0]
        found_fixes: dict[str, str] = {}
        unlisted_of = {  # the same for every slip of a colour: found once, not once a slip
            colour: sorted(set(self.unlisted(diagram, implied, colour)) - set(taken))
            for colour in {slip.colour for slip in slips}
        }
        for slip in slips:
            unlisted = unlisted_of[slip.colour]
            taker = f"turn {slip.before} already took" if slip.before else "the start position already holds"
            message = f"turn {slip.turn} ({words[slip.player - 1]}) places {slip.name}, which {taker}"
            if not unlisted:  # nothing on the diagram explains it: for the rules to report
                self.warn(
                    "slip-unexplained",
                    f"{message}; the diagram shows no stone of {stone_words[slip.colour - 1]} that no turn places, "
                    "so it cannot say where this one went (if anywhere)",
                    slip.line,
                    slip.column,
                )
                continue
            fits = unlisted if len(unlisted) == 1 else _in_line(slip.name, unlisted)
            if len(fits) == 1:
                found_fixes[f"{slip.turn}:{slip.name}"] = fits[0]
                message += (
                    f"; the diagram shows a stone of {stone_words[slip.colour - 1]} at {fits[0]} that no turn "
                    f"places: probably {fits[0]} (corrections={{'{slip.turn}:{slip.name}': '{fits[0]}'}} "
                    "or corrections='diagram')"
                )
            else:
                message += (
                    f"; the diagram shows stones of {stone_words[slip.colour - 1]} that no turn places at "
                    f"{', '.join(unlisted)}: one of them, perhaps"
                )
            self.warn("diagram-explains", message, slip.line, slip.column)
        return found_fixes

    @staticmethod
    def start_slips(found: _Turns, start: Mapping[Cell, int]) -> list[_Slip]:
        """A stone the list places on a stone of the start position (`before` 0), as a slip."""
        slips = []
        for cell in start.keys() & found.named_at.keys():
            turn_no, name, line, column = found.named_at[cell]
            turn = found.turns[turn_no - 1]
            colour = turn.stone_colours[turn.cells.index(cell)]
            slips.append(_Slip(name, turn_no, turn.player, colour, 0, line, column))
        return sorted(slips, key=lambda slip: (slip.turn, slip.line, slip.column))

    def unlisted(self, diagram: Diagram, implied: Mapping[Cell, int], colour: int) -> list[str]:
        """The names (as the post writes them) of the cells where the diagram shows a stone of
        `colour` that neither a turn nor the start position puts there."""
        return [
            self.shifted(diagram.frame.name(cell))
            for cell, shown in diagram.stones.items()
            if shown == colour and cell not in implied
        ]

    def recoloured(
        self, found: _Turns, diagram: Diagram | None, words: tuple[str, ...], start: Mapping[Cell, int]
    ) -> dict[str, str]:
        """Where stones of either colour are placed: a stone the list gives one colour and the
        diagram the other, placed once, is probably a capital lost (or added) in the move list.
        `turn:name -> name=mark` for each."""
        if diagram is None or not self.spec.either_colour:
            return {}
        implied = position(found.turns, diagram.frame.board, start)[0]
        fixes: dict[str, str] = {}
        colours = self.spec.colours
        twice = {self.named[slip.name] for slip in found.slips if slip.name in self.named}
        for cell, shown in sorted(diagram.stones.items()):
            listed = implied.get(cell)
            placed = found.named_at.get(cell)
            if listed is None or listed == shown or placed is None or cell in start or cell in twice:
                continue
            turn_no, name, line, column = placed
            player = found.turns[turn_no - 1].player
            mark = colour_mark(self.spec, shown)
            fixes[f"{turn_no}:{name}"] = name + mark
            written = name.upper() if shown != player else name
            self.warn(
                "diagram-explains",
                f"turn {turn_no} ({words[player - 1]}) places {name} as a stone of {colours[listed - 1]}; the "
                f"diagram shows a stone of {colours[shown - 1]} there: probably {written}, a stone of "
                f"{colours[shown - 1]} (corrections={{'{turn_no}:{name}': '{name}{mark}'}} or corrections='diagram')",
                line,
                column,
            )
        return fixes

    def suggestions(
        self,
        bad: list[_Bad],
        frame: Frame,
        diagram: Diagram | None,
        turns: list[Turn],
        words: tuple[str, str],
        stone_words: tuple[str, str],
        start: Mapping[Cell, int],
    ) -> dict[str, str]:
        """`turn:name -> cell` for each bad pair that the diagram settles: one nearby cell holds a stone
        of the right colour that no turn places, else one such stone stands in the pair's column or
        row; a cell given to one pair is not offered to another. Warns `not-a-cell` for each pair."""
        implied = position(turns, frame.board, start)[0] if diagram and bad else {}
        nearby_of = [[self.shifted(n) for n in frame.nearby(self.unshifted(item.name))] for item in bad]
        options: list[list[str]] = []
        for item, nearby in zip(bad, nearby_of, strict=True):
            unlisted = self.unlisted(diagram, implied, item.colour) if diagram is not None else []
            close = [name for name in nearby if name in unlisted]
            options.append(close or _in_line(item.name, unlisted))
        chosen = _settle(options)
        found: dict[str, str] = {}
        for item, nearby, fit in zip(bad, nearby_of, chosen, strict=True):
            message = f"{item.name} (turn {item.turn}, {words[item.player - 1]}) is not a cell of this board"
            if nearby:
                message += f"; the cells next to it are {', '.join(nearby)}"
            if fit is not None:
                found[f"{item.turn}:{item.name}"] = fit
                where = "" if fit in nearby else f", in the same {'column' if fit[0] == item.name[0] else 'row'}"
                message += (
                    f"; the diagram shows a stone of {stone_words[item.colour - 1]} at {fit} "
                    f"that the move list never places{where}: probably {fit}"
                )
            self.warn("not-a-cell", message, item.line, item.column)
        return found

    def not_a_cell(self, bad: list[_Bad], frame: Frame, suggested: dict[str, str]) -> NotationError:
        listed = "; ".join(f"{b.name} (turn {b.turn})" for b in bad)
        message = (
            f"{len(bad)} coordinate{'s' if len(bad) > 1 else ''} in the move list name{'s' if len(bad) == 1 else ''} "
            f"no cell of {frame.describe()} (a letter/number pair of the wrong parity): {listed}"
        )
        if suggested:
            pairs = ", ".join(f"{k.split(':')[1]!r}: {v!r}" for k, v in suggested.items())
            message += f"; the diagram suggests reading again with corrections={{{pairs}}}"
            if len(suggested) == len(bad):
                message += " (or corrections='diagram')"
        first = bad[0]
        return NotationError(
            message, source=self.source, line=first.line, column=first.column, text=first.text, code="not-a-cell"
        )


def _short(text: str) -> bool:
    """Whether a line is short enough to be a stated result rather than a paragraph that mentions
    one (at most ten words; figures do not count)."""
    return len(_WORDS.findall(text)) <= 10


_WORDS = re.compile(r"[A-Za-z]{2,}")


def _in_line(name: str, names: Sequence[str]) -> list[str]:
    """The names among `names` in the same column (letter) or the same row (number) as `name`."""
    return [n for n in names if n[0] == name[0] or n[1:] == name[1:]]


def _settle(options: list[list[str]]) -> list[str | None]:
    """One cell for each item whose options leave it one, once the cells settled for the other
    items are taken out (a stone of the diagram explains one slip, not two)."""
    chosen: list[str | None] = [None] * len(options)
    left = [list(option) for option in options]
    progress = True
    while progress:
        progress = False
        for i, option in enumerate(left):
            if chosen[i] is None and len(option) == 1:
                chosen[i] = taken = option[0]
                for j, other in enumerate(left):
                    if j != i and taken in other:
                        other.remove(taken)
                progress = True
    return chosen


@lru_cache(maxsize=64)
def _start_stones(variant: str) -> Mapping[Cell, int]:
    """The stones of the variant's start position (none in most variants; none either where the
    variant cannot apply to the board read: the rules say why when the record is judged). Shared
    between the records of a variant: read only."""
    try:
        return MappingProxyType(parse_variant(variant).start_stones())
    except VariantError:
        return MappingProxyType({})


# ---------------------------------------------------------------------------------------------
# Public API


def read_rga(
    chunks: Iterable[str],
    *,
    source: str | None = None,
    variant: str | None = None,
    corrections: Corrections = None,
    capitals: str | None = None,
) -> Iterator[Parsed]:
    """Records of a post, one per game, in order: a diagram or a move list, or several diagrams
    of one game (the same board, move lists that agree), or a move list and a diagram after it that
    shows its game, which make one record checked against every diagram. Prose around them is
    kept in `headers["comments"]`, the lines that state a result in `headers["stated-result"]`.

    `variant` is the rule set to record; without it, the variant a title or rules line of the post
    names before the game (a warning says which words), else `catchup`. A diagram fixes the board
    side, a move list alone takes it from the variant; the variant's start position is the
    diagram's baseline. `corrections` fixes coordinates before they are read: `{"l7": "l6"}` (every
    l7), `{"3:l7": "l6"}` (turn 3 only), `{"6:c9": "c9=o"}` (a stone of the colour marked), or
    `"diagram"` (each pair that names no cell becomes the one cell nearby, else in its column or
    row, where the diagram shows an unlisted stone of that player; each stone placed on a cell
    already taken becomes the one stone of that player the diagram shows and no turn places, when
    there is exactly one; and, where stones of either colour are placed, each stone the diagram
    shows in the other colour takes the diagram's). `capitals`: "other-colour" reads a capital cell
    in a move list as a stone of the other colour than the mover's, "same" as the mover's; by
    default, the other colour where the post says so or the variant places stones of either colour.
    """
    if variant is not None and parse_variant(variant).family != "hex":
        raise VariantError(f"rga records are hex games; {variant!r} is not a hex variant")
    if isinstance(corrections, str) and corrections != "diagram":
        raise VariantError("corrections is a mapping of names or the string 'diagram'")
    if capitals is not None and capitals not in CAPITALS:
        raise VariantError(f"capitals is one of {', '.join(CAPITALS)} (or None), not {capitals!r}")
    notes = _PostNotes()
    for index, parts in enumerate(_games(lines_of(chunks, MAX_TEXT_LINE_CHARS), source)):
        notes.learn(parts)
        reader = _Reader(parts, index, source, variant, notes, capitals)
        error = parts[0].error
        lines = [line.number for line in parts[0].lines if line.kind == "record"] or [parts[0].lines[0].number]
        if error is not None:
            error.source = source
            yield Parsed(index, None, error, tuple(reader.warnings), line=lines[0])
            continue
        try:
            record = reader.record(corrections)
        except NotationError as exc:
            exc.source = source
            yield Parsed(index, None, exc, tuple(reader.warnings), line=lines[0])
        else:
            yield Parsed(index, record, None, tuple(reader.warnings), line=lines[0])


def read_diagram(text: str, variant: str | None = None) -> Diagram:
    """The diagram of a text holding one (e.g. `Record.headers["diagram"]`); `variant` says what
    its letters stand for (colour initials under too and product, players' initials otherwise)."""
    for block, whole in _blocks(text.split("\n"), None):
        if not whole:
            continue
        if block.error is not None:
            raise block.error
        reader = _Reader([block], 0, None, variant)
        frame, _ = reader.frame()
        diagram = reader.diagram(block, frame, reader.players()[1], [])
        if diagram is not None:
            return diagram
    raise NotationError("the text holds no diagram (no line of column letters)", code="diagram")


def write_rga(records: Iterable[Record], out: TextIO) -> list[NotationWarning]:
    """Each record as a diagram of its final position (the variant's start position and the
    turns' cells) with the move list beside it; records are separated by a blank line."""
    return write_each(records, out, _write_one, separator="\n")


def _write_one(record: Record, number: int) -> tuple[str, list[NotationWarning]]:
    variant = parse_variant(record.variant)
    where = f"record {number + 1}"
    if variant.family != "hex":
        raise WriteError(
            f"{where}: rga holds hex games; {record.variant} is a number-set game", code="unsupported-record"
        )
    board = variant.board
    frame = Frame.of(board)
    if board.side is not None and board.side > MAX_SIDE:
        raise WriteError(
            f"{where}: a side-{board.side} board needs {4 * board.side - 3} column letters; "
            f"rga diagrams go up to side {MAX_SIDE}",
            code="unsupported-record",
        )
    if board.side is None and len(frame.letters()) > 25:
        raise WriteError(
            f"{where}: a diagram of this board of {len(board)} cells needs {len(frame.letters())} column letters; "
            "rga has a to y",
            code="unwritable-board",
        )
    warnings: list[NotationWarning] = []

    def warn(code: str, message: str) -> None:
        warnings.append(NotationWarning(code, f"{where}: {message}"))

    if str(variant) != str(_on(parse_variant("catchup"), board)):
        warn("variant-dropped", f"rga carries only the board; the variant {record.variant} is not written")
    if board.side is None and frozenset(board.cells) != centred(board.cells):
        warn(
            "board-dropped",
            "rga draws the board's shape, not where it lies on the grid: read back alone, its cells (and the "
            f"turns') are moved so that the middle of the diagram is (0, 0); give {record.variant} when reading "
            "it back to keep them",
        )
    warnings.extend(ending_dropped(record, f"{where}: "))
    dropped = lost_headers(record, FORMAT.carries, lambda key: key == "diagram")
    if dropped:
        warn("headers-dropped", f"rga has no place for the headers {', '.join(dropped)}")
    names, letters = _player_letters(record, variant, warn)
    for turn in record.turns:
        for cell in turn.cells:
            if cell not in board or frame.cell(frame.name(cell)) != cell:
                raise WriteError(
                    f"{where}: turn cell {cell} is not on {frame.describe()} and has no rga name", code="not-a-cell"
                )
    stones, last = position(record.turns, board, _start_stones(record.variant))  # by stone colour
    diagram = Diagram(frame, letters, stones, last)
    if "diagram" in record.headers and record.headers["diagram"] != diagram_text(diagram, names):
        warn("diagram-replaced", "the diagram is drawn from the turns' cells, not from headers['diagram']")
    slots = _slots(record, frame, warn, variant.spec)
    board_lines = render(diagram, names)
    entries = []
    for i in range(0, len(slots), 2):
        entries.append((f"{i // 2 + 1}.", *slots[i : i + 2]))
    lines = _lay_out(board_lines, entries, names)
    return "\n".join(lines) + "\n", warnings


def _player_letters(
    record: Record, variant: Variant, warn: Callable[[str, str], None]
) -> tuple[tuple[str, str], tuple[str, str]]:
    """Header names (written as the file's) and the diagram letters: the players' initials, or
    under too and product the colours' initials (then the names need not differ in initial)."""
    names = record.players
    either = variant.spec.either_colour
    first, second = names
    if (
        first
        and second
        and all(n.isascii() and n.isalpha() for n in (first, second))
        and (either or first[0].lower() != second[0].lower())
    ):
        letters = (first[0].lower(), second[0].lower())
        return (first, second), colour_initials(variant.spec) if either else letters
    if any(names):
        rule = "one word each" if either else "one word each, different initials"
        warn("players-dropped", f"the names {names} cannot head a diagram ({rule}); default letters are written")
    defaults = tuple(p[0] for p in variant.spec.players)
    if defaults[0].lower() == defaults[1].lower() or not all(d.isalpha() for d in defaults):
        defaults = ("X", "O")
    letters = colour_initials(variant.spec) if either else (defaults[0].lower(), defaults[1].lower())
    return (defaults[0], defaults[1]), letters


def _written(turn: Turn, frame: Frame, spec: VariantSpec) -> list[str]:
    """The cell names of a turn, each stone not of the mover's colour with its colour mark."""
    names = [frame.name(c) for c in turn.cells]
    if turn.colours:
        names = [
            n if colour == turn.player else n + colour_mark(spec, colour)
            for n, colour in zip(names, turn.colours, strict=True)
        ]
    return names


def _slots(record: Record, frame: Frame, warn: Callable[[str, str], None], spec: VariantSpec) -> list[str]:
    """One string per turn slot in move-list order; players alternate from player 1."""
    slots: list[str] = []
    for number, turn in enumerate(record.turns, start=1):
        if turn.player != len(slots) % 2 + 1:
            warn(
                "turn-order-dropped",
                f"turn {number} is player {turn.player}'s but the move list alternates; "
                "a '...' slot is written for the other player and reads back as an empty turn",
            )
            slots.append("...")
        slots.append(" ".join(_written(turn, frame, spec)) or "...")
    if record.resigned is not None:
        if record.resigned != len(slots) % 2 + 1:
            warn(
                "turn-order-dropped",
                "the resigning player is not the one to move; a '...' slot is written before "
                "'resign' and reads back as an empty turn",
            )
            slots.append("...")
        slots.append("resign")
    return slots


def _lay_out(board_lines: list[str], entries: list[tuple[str, ...]], names: tuple[str, str]) -> list[str]:
    """Put move entries beside the diagram rows (and below it when there are more), with the
    players' names heading the two turn columns."""
    footer = board_lines[-1]
    rows = board_lines[1:-1]
    left = " " * (len(rows[0]) + 2)  # where the move list starts
    num_w = max((len(e[0]) for e in entries), default=2) + 2
    first_w = max([len(e[1]) for e in entries if len(e) > 1] + [len(names[0])]) + 3
    texts = [
        e[0].ljust(num_w) + "".join(s.ljust(first_w) if i == 0 else s for i, s in enumerate(e[1:])) for e in entries
    ]
    lines = [(footer.ljust(len(left)) + " " * num_w + names[0].ljust(first_w) + names[1]).rstrip()]
    for i, row in enumerate(rows):
        lines.append((row + "  " + texts[i]).rstrip() if i < len(texts) else row.rstrip())
    lines.append(footer.rstrip())
    lines.extend((left + t).rstrip() for t in texts[len(rows) :])
    return lines


class RgaFormat:
    """The rec.games.abstract diagram-and-move-list format."""

    name = "rga"
    title = "rec.games.abstract diagrams and move lists"
    extensions = (".rga",)
    family = "hex"
    carries = frozenset({"size", "board", "players", "resignation", "passes", "colours", "several"})
    streaming = True

    def sniff(self, head: str) -> bool:
        """A line of column letters: five or more consecutive letters (`abcde...`, `bcdef...`) after
        any quote prefix, whatever prose comes before it."""
        for line in head.splitlines():
            match = _LETTER_LINE.match(line)
            if match is not None and consecutive(match.group(1)):
                return True
        return False

    def cell_name(self, cell: Cell, board: Board) -> str:
        frame = Frame.of(board)
        if cell not in board or frame.column(cell) >= 25:
            raise WriteError(f"cell {cell} has no rga name on {board!r}", code="unwritable-cell")
        return frame.name(cell)

    def read(self, chunks: Iterable[str], options: ReadOptions) -> Iterator[Parsed]:
        return read_rga(
            chunks,
            source=options.source,
            variant=options.variant,
            corrections=options.corrections,
            capitals=options.capitals,
        )

    def write(self, records: Iterable[Record], out: TextIO) -> list[NotationWarning]:
        return write_rga(records, out)


FORMAT = RgaFormat()
