"""rec.games.abstract posts (`rga`): an ASCII hexhex diagram in doubled coordinates and a move list.

    abcdefghijklmnopq      B        J
1       . . . B j      1.  ... i5   g3 f6
2      j . j j b .     2.  f4 l7    k5 d4

Lark parses one line at a time (grammars/rga.lark); this module assembles lines into records: a
header line (column letters, players) opens a diagram, the rows follow top to bottom (numbered or
not: exports often lose the numbers and the indentation), a second column-letter line closes it;
move-list entries (`N.` then the first player's turn then the second's) may sit beside the rows or
below them. `...` is a placeholder that places nothing; `resign` ends the game.

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

The record's turns come from the move list. The diagram is kept, as canonical text, in
`Record.headers["diagram"]` and cross-checked against the cells the list places and their colours
(no rules: cells are only accumulated); every disagreement is a warning. A letter/number pair of
the wrong parity names no cell: the record is not produced (`not-a-cell`), with suggestions, and
the diagram's stones that the list never placed are offered as corrections; read again with
`corrections`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, TextIO

import attrs

from catchup_notation.board import Board, Cell, hexhex
from catchup_notation.errors import NotationError, VariantError, WriteError
from catchup_notation.formats.base import Corrections, NotationWarning, Parsed, ReadOptions, lines_of, write_each
from catchup_notation.formats.colours import (
    UNEXPECTED_MARK,
    colour_initials,
    colour_mark,
    colour_of_mark,
    mark_warning_due,
    unexpected_mark_message,
    unknown_mark_message,
)
from catchup_notation.formats.diagnostics import syntax_error
from catchup_notation.formats.rga_board import (
    MAX_SIDE,
    Diagram,
    cell_name,
    cell_of,
    compare,
    diagram_text,
    nearby_cells,
    position,
    render,
    row_cells,
    side_of_columns,
)
from catchup_notation.model import Location, Record, Turn
from catchup_notation.resources import data_dir
from catchup_notation.rules.registry import parse_variant

if TYPE_CHECKING:
    from lark import Lark, Token

_WORDS = {
    "QUOTE": "a quote prefix (':', '>' or '|')",
    "COLUMNS": "the column letters (abcde...)",
    "NAME": "a player's letter or name",
    "ROWNUM": "a row number",
    "MOVENUM": "a move number such as '1.'",
    "POINT": "a diagram point ('.' or a stone's letter)",
    "CELL": "a cell such as 'i5' (i5=w: a stone of the other colour)",
    "DOTS": "'...'",
    "RESIGN": "'resign'",
    "_SP": "a space",
    "_GAP": "a tab or several spaces",
}


@cache
def _parser() -> Lark:
    from lark import Lark  # loaded with the first record read, not with the package

    grammar = (data_dir("grammars") / "rga.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr")


# ---------------------------------------------------------------------------------------------
# Lines


@attrs.define
class _Line:
    number: int
    text: str
    columns: Token | None = None
    names: list[Token] = attrs.Factory(list)
    rownum: Token | None = None
    points: list[Token] | None = None
    entry: Token | None = None  # the move number
    slots: list[list[Token]] = attrs.Factory(list)


def _parse_line(text: str, number: int, source: str | None) -> _Line:
    from lark import Token, Tree
    from lark.exceptions import UnexpectedInput

    try:
        tree = _parser().parse(text)
    except UnexpectedInput as exc:
        raise syntax_error(
            exc, text, source=source, words=_WORDS, what="diagram or move list", line_offset=number - 1
        ) from None
    line = _Line(number, text)
    for node in tree.iter_subtrees_topdown():
        if node.data == "header":
            line.columns = node.children[0]
            line.names = [t for t in node.children[1:] if isinstance(t, Token)]
        elif node.data == "row":
            if isinstance(node.children[0], Token):
                line.rownum = node.children[0]
            line.points = []
        elif node.data == "points":
            line.points = list(node.children)
        elif node.data == "entry":
            line.entry = node.children[0]
            line.slots = [list(slot.children) for slot in node.children[1:] if isinstance(slot, Tree)]
    return line


# ---------------------------------------------------------------------------------------------
# Blocks: the lines of one record


@attrs.define
class _Block:
    lines: list[_Line] = attrs.Factory(list)
    header: _Line | None = None
    side: int | None = None
    rows: list[_Line] = attrs.Factory(list)  # diagram rows in order, top first
    closed: bool = False  # footer seen or all rows read
    footer: bool = False
    entries: list[_Line] = attrs.Factory(list)
    error: NotationError | None = None

    @property
    def diagram_open(self) -> bool:
        return self.header is not None and not self.closed

    @property
    def empty(self) -> bool:
        return not self.lines


def _blocks(lines: Iterable[str], source: str | None) -> Iterator[_Block]:
    """Group the lines of a text into records (one per diagram or move list)."""
    block = _Block()
    blank = False  # a blank line since the last line read
    for number, raw in enumerate(lines, start=1):
        raw = raw.rstrip(" \t")
        if not raw.strip(" \t:>|"):
            blank = True  # blank, or a quoted blank line
            continue
        after_blank, blank = blank, False
        try:
            line = _parse_line(raw, number, source)
        except NotationError as exc:
            if after_blank and not block.empty:  # an unreadable line after a gap: its own record
                yield block
                block = _Block()
            if block.error is None:
                block.error = exc
            block.lines.append(_Line(number, raw))
            continue
        if _starts_new_record(block, line) or (after_blank and block.error is not None):
            yield block
            block = _Block()
        _add(block, line)
    if not block.empty:
        yield block


def _starts_new_record(block: _Block, line: _Line) -> bool:
    if block.empty:
        return False
    if line.columns is not None:
        return not _is_footer(block, line) and (block.header is not None or bool(block.entries))
    return bool(line.entry is not None and line.entry.rstrip(".") in ("1", "01") and block.entries)


def _is_footer(block: _Block, line: _Line) -> bool:
    """The column letters repeated under the rows close the diagram."""
    return (
        block.header is not None
        and not block.footer
        and bool(block.rows)
        and not line.names
        and line.columns == block.header.columns
    )


def _add(block: _Block, line: _Line) -> None:
    block.lines.append(line)
    if line.columns is not None:
        if block.header is None:
            block.header = line
            block.side = side_of_columns(str(line.columns))
            if block.side is None and block.error is None:
                block.error = _error(
                    line,
                    line.columns,
                    f"{str(line.columns)!r} is not the column header of a hexhex board: side n has "
                    f"4n - 3 letters from 'a' (abcde for side 2 ... a-y for side {MAX_SIDE})",
                    "columns",
                )
        elif _is_footer(block, line):
            block.closed = block.footer = True
    elif block.diagram_open and (line.points is not None or line.rownum is not None or line.entry is not None):
        # inside a diagram, a line without points is a row whose points were lost (seed 000, row 9)
        block.rows.append(line)
        if block.side is not None and len(block.rows) >= 2 * block.side - 1:
            block.closed = True
    elif line.points is not None and block.error is None:
        block.error = _error(
            line,
            line.points[0] if line.points else line.rownum,
            "a diagram row outside a diagram (no column letters above it, or more rows than the board has)",
            "diagram",
        )
    if line.entry is not None:
        block.entries.append(line)


def _error(
    line: _Line, token: Token | None, message: str, code: str, source: str | None = None, column: int | None = None
) -> NotationError:
    if column is None:
        column = token.column if token is not None else 1
    return NotationError(message, source=source, line=line.number, column=column, text=line.text, code=code)


# ---------------------------------------------------------------------------------------------
# Records


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


class _Reader:
    """Builds one record from a block; collects warnings on the way."""

    def __init__(self, block: _Block, index: int, source: str | None, variant: str | None):
        self.block = block
        self.index = index
        self.source = source
        self.variant = variant
        self.spec = parse_variant(variant or "catchup").spec
        self.warnings: list[NotationWarning] = []

    def warn(self, code: str, message: str, line: int | None = None, column: int | None = None) -> None:
        self.warnings.append(NotationWarning(code, message, line, column))

    def fail(self, line: _Line, token: Token | None, message: str, code: str) -> NotationError:
        return _error(line, token, message, code, self.source)

    # -- players and variant -----------------------------------------------------------------

    def players(self) -> tuple[tuple[str | None, str | None], tuple[str, str] | None]:
        header = self.block.header
        if header is None or not header.names:
            return (None, None), None
        names = header.names
        if len(names) != 2:
            raise self.fail(
                header,
                names[0],
                f"the header names {len(names)} players; expected two letters or names, the first mover first",
                "players",
            )
        if self.spec.either_colour:  # the diagram's letters are the colours', not the players'
            return (str(names[0]), str(names[1])), colour_initials(self.spec)
        letters = (str(names[0])[0].lower(), str(names[1])[0].lower())
        if letters[0] == letters[1]:
            raise self.fail(
                header,
                names[1],
                f"both players' names start with {letters[0]!r}, so the diagram cannot tell their stones apart",
                "players",
            )
        return (str(names[0]), str(names[1])), letters

    def side(self) -> tuple[int, str]:
        given = parse_variant(self.variant or "catchup")
        side = self.block.side or given.size
        if self.block.side and self.variant and "size" in self.variant and given.size != side:
            self.warn(
                "size-mismatch",
                f"the variant {self.variant!r} says size {given.size}, the diagram is "
                f"side {side}; the diagram's side is used",
            )
        return side, str(parse_variant(self.variant or "catchup", size=side))

    # -- move list -----------------------------------------------------------------------------

    def turns(self, side: int, corrections: Mapping[str, str]):
        turns: list[Turn] = []
        bad: list[_Bad] = []
        resigned = resigned_at = None
        used: set[str] = set()
        expected = 1
        for line in self.block.entries:
            number = int(line.entry.rstrip("."))
            if number != expected:
                self.warn(
                    "move-number",
                    f"move number {number} where {expected} was expected; the turns are read in the order written",
                    line.number,
                    line.entry.column,
                )
            expected = number + 1
            slots = [slot for slot in line.slots if slot]
            if len(slots) > 2:
                raise self.fail(
                    line,
                    slots[2][0],
                    f"move {number} has {len(slots)} turns; a move holds the "
                    "first player's turn and the second player's, separated by a tab or "
                    "two spaces (cells of one turn are separated by one space)",
                    "move-list",
                )
            for player, slot in enumerate(slots, start=1):
                if resigned is not None:
                    raise self.fail(line, slot[0], "the move list goes on after a resignation", "resign")
                if any(t.type == "RESIGN" for t in slot):
                    if len(slot) > 1:
                        raise self.fail(line, slot[0], "'resign' must stand alone in its turn", "resign")
                    resigned, resigned_at = player, Location(line.number, slot[0].column)
                    continue
                turn_no = len(turns) + 1
                cells: list[Cell] = []
                colours: list[int] = []
                for token in slot:
                    if token.type == "DOTS":
                        continue
                    name, _, mark = str(token).lower().partition("=")
                    colour = colour_of_mark(self.spec, mark) if mark else player
                    if colour is None:
                        raise _error(
                            line,
                            token,
                            unknown_mark_message(self.spec, mark),
                            "colour-mark",
                            self.source,
                            column=token.column + len(name),
                        )
                    if mark and mark_warning_due(self.spec, self.warnings):
                        self.warn(
                            UNEXPECTED_MARK, unexpected_mark_message(self.spec), line.number, token.column + len(name)
                        )
                    meant = corrections.get(f"{turn_no}:{name}", corrections.get(name))
                    if meant is not None:
                        used.update(k for k in (f"{turn_no}:{name}", name) if k in corrections)
                        self.warn(
                            "corrected",
                            f"turn {turn_no}: {name} read as {meant} (correction)",
                            line.number,
                            token.column,
                        )
                        name = meant
                    cell = cell_of(name, side)
                    if cell is None:
                        bad.append(_Bad(name, turn_no, player, colour, line.number, token.column, line.text))
                    else:
                        cells.append(cell)
                        colours.append(colour)
                if all(t.type == "DOTS" for t in slot):
                    self.warn(
                        "placeholder-turn",
                        f"turn {turn_no} is only the placeholder '...': read as a turn that places no stone",
                        line.number,
                        slot[0].column,
                    )
                turns.append(
                    Turn(player, tuple(cells), colours=tuple(colours), at=Location(line.number, slot[0].column))
                )
        for key in corrections:
            if key not in used:
                self.warn("unused-correction", f"the correction for {key!r} matched nothing in the move list")
        return turns, bad, resigned, resigned_at

    # -- diagram -------------------------------------------------------------------------------

    def diagram(self, side: int, letters: tuple[str, str] | None, turns: list[Turn]) -> Diagram | None:
        block = self.block
        if block.header is None:
            return None
        if self.spec.either_colour:
            letters = colour_initials(self.spec)
        elif letters is None:
            letters = self.guess_letters(side, turns)
        stones: dict[Cell, int] = {}
        marked: set[Cell] = set()
        unshown: set[Cell] = set()
        where: dict[Cell, tuple[int, int]] = {}
        for row_no, line in enumerate(block.rows, start=1):
            if line.rownum is not None and int(line.rownum) != row_no:
                self.warn(
                    "row-number",
                    f"row numbered {line.rownum} is the diagram's row {row_no}; rows are read in order",
                    line.number,
                    line.rownum.column,
                )
            cells = row_cells(side, row_no)
            points = line.points or []
            if len(points) > len(cells):
                self.warn(
                    "long-row",
                    f"diagram row {row_no} has {len(points)} points, the board's row has "
                    f"{len(cells)}; the extra points are ignored",
                    line.number,
                    points[len(cells)].column,
                )
            elif len(points) < len(cells):
                self.warn(
                    "short-row",
                    f"diagram row {row_no} shows {len(points)} of its {len(cells)} cells; "
                    "the points are taken from the left and the rest are not shown",
                    line.number,
                )
                unshown.update(cells[len(points) :])
            for cell, point in zip(cells, points, strict=False):
                where[cell] = (line.number, point.column)
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
        for row_no in range(len(block.rows) + 1, 2 * side):
            self.warn("short-row", f"the diagram has no row {row_no}; its cells are not shown")
            unshown.update(row_cells(side, row_no))
        return Diagram(side, letters, stones, frozenset(marked), frozenset(unshown), where)

    def guess_letters(self, side: int, turns: list[Turn]) -> tuple[str, str]:
        """Without players in the header: the letters the diagram uses, ordered by the first turn's
        colour (the first mover's own, unless the first stone is marked otherwise)."""
        seen: list[str] = []
        first_cells: dict[Cell, str] = {}
        for row_no, line in enumerate(self.block.rows, start=1):
            for cell, point in zip(row_cells(side, row_no), line.points or [], strict=False):
                if point != ".":
                    first_cells[cell] = point.lower()
                    if point.lower() not in seen:
                        seen.append(point.lower())
        if len(seen) > 2:
            line = self.block.header
            raise self.fail(
                line,
                line.columns,
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
                self.warn(
                    "players-guessed",
                    "the header names no players and the move list does not show "
                    f"who moved first; the letters are taken in alphabetical order ({', '.join(ordered)})",
                )
        for filler in "xo":
            if len(ordered) < 2 and filler not in ordered:
                ordered.append(filler)
        return ordered[0], ordered[1]

    # -- the whole record ----------------------------------------------------------------------

    def record(self, corrections: Corrections) -> Record:
        block = self.block
        side, variant = self.side()
        players, letters = self.players()
        fixes = corrections if isinstance(corrections, Mapping) else {}
        turns, bad, resigned, resigned_at = self.turns(side, {k.lower(): v.lower() for k, v in fixes.items()})
        diagram = self.diagram(side, letters, turns)
        words = tuple(name or f"player {i}" for i, name in enumerate(players, start=1))
        stone_words = self.spec.colours if self.spec.either_colour else words
        if diagram is not None and not block.entries:
            self.warn(
                "diagram-only",
                "the post has a diagram but no move list: the record has no turns; "
                "the position is kept in headers['diagram']",
            )
        suggested = self.suggestions(bad, side, diagram, turns, words, stone_words)
        if bad and corrections == "diagram" and len(suggested) == len(bad):
            self.warnings.clear()  # the first pass's not-a-cell reports no longer apply
            turns, bad, resigned, resigned_at = self.turns(side, suggested)
            diagram = self.diagram(side, letters, turns)
        if diagram is not None and block.entries:
            self.warnings.extend(compare(diagram, turns, stone_words))
        if bad:
            raise self.not_a_cell(bad, side, suggested)
        headers = {}
        if diagram is not None:
            headers["diagram"] = diagram_text(diagram, players if players[0] else None)
        first = block.lines[0]
        return Record(
            variant=variant,
            turns=tuple(turns),
            resigned=resigned,
            players=players,
            headers=headers,
            source=self.source,
            index=self.index,
            at=Location(first.number, 1),
            resigned_at=resigned_at,
        )

    def suggestions(
        self, bad: list[_Bad], side: int, diagram: Diagram | None, turns, words, stone_words
    ) -> dict[str, str]:
        """`turn:name -> cell` for each bad pair where exactly one nearby cell holds an unlisted stone
        of the right colour on the diagram; warns `not-a-cell` for each bad pair."""
        implied = position(turns, diagram.side)[0] if diagram else {}
        found: dict[str, str] = {}
        for item in bad:
            nearby = nearby_cells(item.name, side)
            message = f"{item.name} (turn {item.turn}, {words[item.player - 1]}) is not a cell of this board"
            if nearby:
                message += f"; the cells next to it are {', '.join(nearby)}"
            if diagram is not None:
                fits = [
                    n
                    for n in nearby
                    if diagram.stones.get(cell_of(n, diagram.side)) == item.colour
                    and cell_of(n, diagram.side) not in implied
                ]
                if len(fits) == 1:
                    found[f"{item.turn}:{item.name}"] = fits[0]
                    message += (
                        f"; the diagram shows a stone of {stone_words[item.colour - 1]} at {fits[0]} "
                        f"that the move list never places: probably {fits[0]}"
                    )
            self.warn("not-a-cell", message, item.line, item.column)
        return found

    def not_a_cell(self, bad: list[_Bad], side: int, suggested: dict[str, str]) -> NotationError:
        listed = "; ".join(f"{b.name} (turn {b.turn})" for b in bad)
        message = (
            f"{len(bad)} coordinate{'s' if len(bad) > 1 else ''} in the move list name{'s' if len(bad) == 1 else ''} "
            f"no cell of the side-{side} board (a letter/number pair of the wrong parity): {listed}"
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


# ---------------------------------------------------------------------------------------------
# Public API


def read_rga(
    chunks: Iterable[str],
    *,
    source: str | None = None,
    variant: str | None = None,
    corrections: Corrections = None,
) -> Iterator[Parsed]:
    """Records of a post, one per diagram or move list, in order.

    `variant` is the rule set to record (default `catchup`); a diagram fixes the board side, a move
    list alone takes it from the variant. `corrections` fixes coordinates before they are read:
    `{"l7": "l6"}` (every l7), `{"3:l7": "l6"}` (turn 3 only), or `"diagram"` (each pair that names
    no cell becomes the one nearby cell where the diagram shows an unlisted stone of that player).
    """
    if variant is not None and parse_variant(variant).family != "hex":
        raise VariantError(f"rga records are hex games; {variant!r} is not a hex variant")
    if isinstance(corrections, str) and corrections != "diagram":
        raise VariantError("corrections is a mapping of names or the string 'diagram'")
    for index, block in enumerate(_blocks(lines_of(chunks), source)):
        reader = _Reader(block, index, source, variant)
        first = block.lines[0].number if block.lines else None
        if block.error is not None:
            block.error.source = source
            yield Parsed(index, None, block.error, tuple(reader.warnings), line=first)
            continue
        try:
            record = reader.record(corrections)
        except NotationError as exc:
            exc.source = source
            yield Parsed(index, None, exc, tuple(reader.warnings), line=first)
        else:
            yield Parsed(index, record, None, tuple(reader.warnings), line=first)


def read_diagram(text: str, variant: str | None = None) -> Diagram:
    """The diagram of a text holding one (e.g. `Record.headers["diagram"]`); `variant` says what
    its letters stand for (colour initials under too and product, players' initials otherwise)."""
    for block in _blocks(text.split("\n"), None):
        if block.error is not None:
            raise block.error
        reader = _Reader(block, 0, None, variant)
        side, _ = reader.side()
        diagram = reader.diagram(side, reader.players()[1], [])
        if diagram is not None:
            return diagram
    raise NotationError("the text holds no diagram (no line of column letters)", code="diagram")


def write_rga(records: Iterable[Record], out: TextIO) -> list[NotationWarning]:
    """Each record as a diagram of its final position (from the turns' cells) with the move list
    beside it; records are separated by a blank line."""
    return write_each(records, out, _write_one, separator="\n")


def _write_one(record: Record, number: int) -> tuple[str, list[NotationWarning]]:
    variant = parse_variant(record.variant)
    where = f"record {number + 1}"
    if variant.family != "hex":
        raise WriteError(
            f"{where}: rga holds hex games; {record.variant} is a number-set game", code="unsupported-record"
        )
    if not variant.hexhex:
        raise WriteError(
            f"{where}: rga diagrams are written for hexhex boards only, not a board of {len(variant.board)} cells",
            code="unwritable-board",
        )
    side = variant.size
    if side > MAX_SIDE:
        raise WriteError(
            f"{where}: a side-{side} board needs {4 * side - 3} column letters; rga diagrams go up to side {MAX_SIDE}",
            code="unsupported-record",
        )
    warnings: list[NotationWarning] = []

    def warn(code: str, message: str) -> None:
        warnings.append(NotationWarning(code, f"{where}: {message}"))

    if str(variant) != str(parse_variant("catchup", size=side)):
        warn("variant-dropped", f"rga carries only the board side; the variant {record.variant} is not written")
    dropped = [k for k in record.headers if k != "diagram"]
    if dropped:
        warn("headers-dropped", f"rga has no place for the headers {', '.join(dropped)}")
    names, letters = _player_letters(record, variant, warn)
    board = hexhex(side)
    for turn in record.turns:
        for cell in turn.cells:
            if cell not in board or cell_of(cell_name(cell, side), side) != cell:
                raise WriteError(
                    f"{where}: turn cell {cell} is not on the side-{side} board and has no rga name", code="not-a-cell"
                )
    stones, last = position(record.turns, side)  # by stone colour
    diagram = Diagram(side, letters, stones, last)
    if "diagram" in record.headers and record.headers["diagram"] != diagram_text(diagram, names):
        warn("diagram-replaced", "the diagram is drawn from the turns' cells, not from headers['diagram']")
    slots = _slots(record, side, warn, variant.spec)
    board_lines = render(diagram, names)
    entries = []
    for i in range(0, len(slots), 2):
        entries.append((f"{i // 2 + 1}.", *slots[i : i + 2]))
    lines = _lay_out(board_lines, entries, names)
    return "\n".join(lines) + "\n", warnings


def _player_letters(record: Record, variant, warn) -> tuple[tuple[str, str], tuple[str, str]]:
    """Header names (written as the file's) and the diagram letters: the players' initials, or
    under too and product the colours' initials (then the names need not differ in initial)."""
    names = record.players
    either = variant.spec.either_colour
    if all(n and n.isascii() and n.isalpha() for n in names) and (either or names[0][0].lower() != names[1][0].lower()):
        letters = (names[0][0].lower(), names[1][0].lower())
        return (names[0], names[1]), colour_initials(variant.spec) if either else letters
    if any(names):
        rule = "one word each" if either else "one word each, different initials"
        warn("players-dropped", f"the names {names} cannot head a diagram ({rule}); default letters are written")
    defaults = tuple(p[0] for p in variant.spec.players)
    if defaults[0].lower() == defaults[1].lower() or not all(d.isalpha() for d in defaults):
        defaults = ("X", "O")
    letters = colour_initials(variant.spec) if either else (defaults[0].lower(), defaults[1].lower())
    return (defaults[0], defaults[1]), letters


def _written(turn: Turn, side: int, spec) -> list[str]:
    """The cell names of a turn, each stone not of the mover's colour with its colour mark."""
    names = [cell_name(c, side) for c in turn.cells]
    if turn.colours:
        names = [
            n if colour == turn.player else n + colour_mark(spec, colour)
            for n, colour in zip(names, turn.colours, strict=True)
        ]
    return names


def _slots(record: Record, side: int, warn, spec) -> list[str]:
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
        slots.append(" ".join(_written(turn, side, spec)) or "...")
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
    carries = frozenset({"size", "players", "resignation", "passes", "colours", "several"})
    streaming = True

    def sniff(self, head: str) -> bool:
        return "abcde" in head and any(line.strip(" \t:>|").startswith("abcde") for line in head.splitlines())

    def cell_name(self, cell: Cell, board: Board) -> str:
        if board.side is None or cell not in board:
            raise WriteError(f"cell {cell} has no rga name on {board!r}", code="unwritable-cell")
        return cell_name(cell, board.side)

    def read(self, chunks: Iterable[str], options: ReadOptions) -> Iterator[Parsed]:
        return read_rga(chunks, source=options.source, variant=options.variant, corrections=options.corrections)

    def write(self, records: Iterable[Record], out: TextIO) -> list[NotationWarning]:
        return write_rga(records, out)


FORMAT = RgaFormat()
