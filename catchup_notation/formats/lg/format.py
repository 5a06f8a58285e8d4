"""Little Golem's SGF dialect (`lg`): read and write Catchup game records and collections.

`(;FF[4]EV[catchup.ch.12.1.1]PB[b]PW[w]SZ[5]RE[W]GC[ game #1]SO[...];W[E5];B[D4F6];...;W[resign])`

W (White) moves first and is player 1. Cells are a row letter (A = top row) and a number counted
from 1 at the left end of that row. Reading is tolerant: lower case,
cells run together or separated by commas/spaces, consecutive same-colour nodes merged into one
turn (with a warning), several games per file. A collection is split into games by a small
scanner before Lark sees any text, so a huge file is parsed one game at a time and a broken game
does not stop the next one. No rule is applied here.

Colour marks: a cell written plainly holds a stone of the mover's own colour. In too and product,
where a player may place either colour, a stone of the other colour carries a mark right after
its cell: `=` and the lower-case initial of its colour's name under the variant read (see
`notation.colours`). Under product `W[E5=b]` is a Blue stone played by W and `B[D4=rF6]` a Red
stone at D4 and a Blue one at F6. Under too, mind that W and B name the players while the colours
are Black (player 1's, so W's) and White: `W[E5=w]` is a White stone played by W. Either case is
read, lower case is written. A mark that names no colour of the variant is an error at the mark;
one that names the opponent's colour under a variant without a choice of colour (`W[E5=b]` under
catchup) is read, for the rules to report (`wrong-colour`).

Boards of another shape: Little Golem's random-board records are not known to us, so the shape is
given when reading (`--board`); this library writes it in a root property of its own, `XB[...]`
(not Little Golem's), holding the board's spelling (an inline mask or a cell list) in place of
`SZ`, and reads it back unless the variant read under gives a board.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable, Iterable, Iterator
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TextIO

import attrs

from catchup_notation.board import Board, Cell
from catchup_notation.compiled import core
from catchup_notation.errors import BoardError, NotationError, VariantError, WriteError
from catchup_notation.formats.base import (
    Format,
    NotationWarning,
    Parsed,
    Piece,
    ReadOptions,
    ending_dropped,
    lost_headers,
    write_each,
)
from catchup_notation.formats.colours import (
    UNEXPECTED_MARK,
    colour_mark,
    colour_of_mark,
    mark_warning_due,
    unexpected_mark_message,
    unknown_mark_message,
)
from catchup_notation.formats.diagnostics import line_of, syntax_error
from catchup_notation.limits import MAX_DIGITS, MAX_RECORD_CHARS, MAX_TURNS, TooManyDigits, excerpt, int_of
from catchup_notation.model import (
    Annotations,
    Comment,
    DeferredRecord,
    Location,
    Record,
    Turn,
    Variation,
    new_location,
    own_stones_turn,
)
from catchup_notation.resources import data_dir
from catchup_notation.rules.registry import parse_variant
from catchup_notation.shapes import MAX_BOARD_FILE_CHARS, board_text, parse_board

if TYPE_CHECKING:
    from lark import Lark, Token

    from catchup_notation.rules.registry import Variant

COLOURS: dict[str, Literal[1, 2]] = {"W": 1, "B": 2}
LETTERS = {1: "W", 2: "B"}

_WORDS = {
    "MOVE": "a move such as W[E5]",
    "PROPERTY": "a property such as PB[name]",
    "LPAR": "'(' (the start of a game)",
    "RPAR": "')' (the end of the game)",
    "SEMI": "';' (a new node)",
    "MOVES": "a move such as ;W[E5]",
}

# ---------------------------------------------------------------------------------------------
# Cell names (shared with the Genius notation, which uses the same names): the board's labels

# A cell number has at most MAX_DIGITS digits (limits.py): longer ones are not cells.
_CELL = re.compile(r"([A-Za-z])([0-9]{1,18})")
_CELL_LIST = re.compile(r"[\s,]*(?:[A-Za-z][0-9]{1,18}[\s,]*)*")
_OFF_BOARD = (1 << 20, 1 << 20)  # where a label that names no cell of an irregular board points


def cell_of(letter: str, number: int, board: Board) -> Cell:
    """The cell a row letter (A = the top row) and number name; a name beyond the board maps to
    an off-board cell, so that the rules report `off-board` with the turn and player instead of
    the reader refusing a well-formed record (see `Board.labelled`)."""
    found = board.labelled(letter, number)
    return _OFF_BOARD if found is None else found


def cell_name(cell: Cell, board: Board) -> str:
    """The upper-case name of a cell; WriteError if no row letter and number can say it."""
    name = board.label(cell)
    if name.startswith("(") or (cell not in board and board.labelled(name[0], int(name[1:])) != cell):
        raise WriteError(
            f"cell {cell} cannot be written as a row letter and number on {board!r}", code="unwritable-cell"
        )
    return name


@lru_cache(maxsize=1 << 16)  # move values repeat a great deal across a collection
def parse_cells(value: str, board: Board) -> tuple[Cell, ...] | int:
    """The cells of a move value (`D4F6`, `d4, f6`), or the index of the first bad character."""
    match = _CELL_LIST.fullmatch(value)
    if match is None:
        good = _CELL_LIST.match(value)
        return good.end() if good else 0
    return tuple(cell_of(letter, int(number), board) for letter, number in _CELL.findall(value))


_MARKED_CELL = re.compile(r"([A-Za-z])([0-9]{1,18})(?:=([A-Za-z]))?")
_MARKED_LIST = re.compile(r"[\s,]*(?:[A-Za-z][0-9]{1,18}(?:=[A-Za-z])?[\s,]*)*")


@lru_cache(maxsize=1 << 12)
def parse_marked_cells(value: str, board: Board) -> tuple[tuple[Cell, ...], tuple[tuple[int, str, int], ...]] | int:
    """The cells of a move value with colour marks (`D4=wF6`), and each mark as (index of its cell,
    letter, offset of its `=` in `value`); or the index of the first bad character.

    The slow path: `parse_cells` reads unmarked values, the common case, and fails on a mark.
    """
    match = _MARKED_LIST.fullmatch(value)
    if match is None:
        good = _MARKED_LIST.match(value)
        return good.end() if good else 0
    cells: list[Cell] = []
    marks: list[tuple[int, str, int]] = []
    for found in _MARKED_CELL.finditer(value):
        if found.group(3):
            marks.append((len(cells), found.group(3), found.start(3) - 1))
        cells.append(cell_of(found.group(1), int(found.group(2)), board))
    return tuple(cells), tuple(marks)


def _unmarked(parsed: tuple[Cell, ...] | int) -> tuple[tuple[Cell, ...], tuple[tuple[int, str, int], ...]] | int:
    return parsed if isinstance(parsed, int) else (parsed, ())


_LONG_NUMBER = re.compile(r"[0-9]{19,}")


# ---------------------------------------------------------------------------------------------
# Splitting a collection into games


class Taken(NamedTuple):
    """Games that a `Take` took from the text in one go: the index of the first in its input, its
    line and column, and what the `Take` gave for them (an item per game)."""

    first: int
    line: int
    column: int
    items: list[Any]


#: A function that takes games from a chunk of text in one go (a compiled judge of plain games):
#: given the chunk, the position of a game's '(' and its line and column, what it gave for each
#: game it took from there on (none: the scan reads the game) and where the first game it left
#: starts. A game is taken only where nothing but blanks stands between it and the next '('.
Take = Callable[[str, int, int, int], tuple[list[Any], int]]


def split_games(
    chunks: Iterable[str], limit: int = MAX_RECORD_CHARS, take: Take | None = None
) -> Iterator[tuple[str, str, int, int] | Taken]:
    """(kind, text, line, column) for each game ("game"), each run of other text ("junk"), each
    game cut short by the start of the next one ("cut") and each game longer than `limit`
    characters ("long": its first `limit` characters). With `take`, the runs of games it takes
    come as `Taken` (`first` 0: the caller counts games); it is offered a game only where
    nothing but blanks comes before it since the game before.

    Tracks parenthesis depth outside `[...]` values (honouring `\\]` escapes) across chunks, so
    only one game is held in memory at a time. A broken game costs that game only: a `(;` inside a
    game (Little Golem writes no variations), or at the start of a line inside a value that never
    closed, starts the next game. A game cut off by the end of the input is yielded as it is, for
    the parser to report.
    """
    cursor = _Cursor()
    depth = 0
    in_value = False
    skip_at = -1  # position (in this chunk) of a character escaped by a backslash inside a value
    parts: list[str] = []  # the current game, or the current junk
    held = 0  # characters in `parts` (of a game)
    too_long = False
    start_line, start_col = 1, 1
    line_start = True  # the previous chunk ended a line
    for chunk in _at_line_starts(chunks):
        if not chunk:
            continue
        begin = 0  # where the current piece of `parts` starts in this chunk
        cursor.start(chunk)
        match = _SPECIAL.search(chunk)
        while match is not None:
            pos = match.start()
            ch = chunk[pos]
            if ch == "(" and not depth and not in_value and pos != skip_at:
                if take is not None and not chunk[begin:pos].strip() and not "".join(parts).strip():
                    line, col = cursor.at(pos)
                    taken, end = take(chunk, pos, line, col)
                    if taken:
                        yield Taken(0, line, col, taken)
                        parts, held, begin = [], 0, end
                        start_line, start_col = cursor.at(end)
                        match = _SPECIAL.search(chunk, end)
                        continue
                whole = _WHOLE_GAME.match(chunk, pos)  # the usual game, found at C speed
                if whole is not None and whole.end() - pos <= limit:
                    if begin < pos or parts:
                        parts.append(chunk[begin:pos])
                        junk = "".join(parts)
                        if junk.strip():
                            yield ("junk", junk, start_line, start_col)
                    line, col = cursor.at(pos)
                    yield ("game", whole.group(), line, col)
                    parts, held = [], 0
                    begin = whole.end()
                    start_line, start_col = cursor.at(begin)
                    match = _SPECIAL.search(chunk, begin)
                    continue
            match = _SPECIAL.search(chunk, pos + 1)
            if pos == skip_at:
                continue
            if ch == "(" and (depth or in_value) and _next_game_starts(chunk, pos, line_start, in_value):
                piece = chunk[begin:pos]
                if not too_long:
                    parts.append(piece[: limit - held])
                yield (
                    "long" if too_long or held + len(piece) > limit else "cut",
                    "".join(parts),
                    start_line,
                    start_col,
                )
                parts, held, too_long = [], 0, False
                depth, in_value = 1, False
                begin = pos
                start_line, start_col = cursor.at(pos)
                continue
            if in_value:
                if ch == "\\":
                    skip_at = pos + 1
                elif ch == "]":
                    in_value = False
                continue
            if ch == "[":
                if depth:
                    in_value = True
            elif ch == "(":
                if depth == 0:
                    parts.append(chunk[begin:pos])
                    junk = "".join(parts)
                    if junk.strip():
                        yield ("junk", junk, start_line, start_col)
                    parts, held, too_long = [], 0, False
                    begin = pos
                    start_line, start_col = cursor.at(pos)
                depth += 1
            elif ch == ")" and depth:  # a stray ')' outside a game is junk
                depth -= 1
                if depth == 0:
                    piece = chunk[begin : pos + 1]
                    long = too_long or held + len(piece) > limit
                    if not too_long:
                        parts.append(piece[: limit - held])
                    yield ("long" if long else "game", "".join(parts), start_line, start_col)
                    parts, held, too_long = [], 0, False
                    begin = pos + 1
                    start_line, start_col = cursor.at(pos + 1)
        skip_at = 0 if skip_at == len(chunk) else -1  # a backslash that ended the chunk
        piece = chunk[begin:]
        if not depth:  # text between games: only its start is ever shown
            if held < _JUNK_KEPT:
                parts.append(piece[: _JUNK_KEPT - held])
                held += min(len(piece), _JUNK_KEPT - held)
        elif not too_long and held + len(piece) > limit:
            parts.append(piece[: limit - held])  # keep the start, for the message; drop the rest
            too_long, held = True, limit
        elif not too_long:
            parts.append(piece)
            held += len(piece)
        line_start = chunk.endswith("\n")
        cursor.at(len(chunk))
    rest = "".join(parts)
    if depth:
        yield ("long" if too_long else "game", rest, start_line, start_col)
    elif rest.strip():
        yield ("junk", rest, start_line, start_col)


_JUNK_KEPT = 1000  # characters of text between games kept for its warning
_LOOK = 40  # characters `_next_game_starts` looks at around a '('
_HOLD_AT_MOST = 1 << 20  # characters of one line held back by `_at_line_starts`


def _at_line_starts(chunks: Iterable[str]) -> Iterator[str]:
    """The same text in chunks that end at the start of a line, and never right after a '(' and
    blanks (whose meaning the next non-blank character decides), so that what the scan sees
    around a '(' does not depend on where the input's chunks happened to end (a line longer than
    `_HOLD_AT_MOST` is passed on as it is)."""
    held = ""
    for chunk in chunks:
        text = held + chunk if held else chunk
        cut = text.rfind("\n") + 1
        while cut:  # back over lines that end in '(' and blanks (each character looked at once)
            solid = cut
            while solid and text[solid - 1] in " \t\n":
                solid -= 1
            if not solid or text[solid - 1] != "(":
                break
            cut = text.rfind("\n", 0, solid - 1) + 1
        if cut == 0 and len(text) < _HOLD_AT_MOST:
            held = text
            continue
        cut = cut or len(text)
        yield text[:cut]
        held = text[cut:]
    if held:
        yield held


def _next_game_starts(chunk: str, pos: int, line_start: bool, in_value: bool) -> bool:
    """Whether the `(` at `pos`, met inside a game, is the start of the next game: `(;` there but
    for a variation (`(;W[...`, a move first: a game starts with its root's properties), and
    inside a value that never closed, only at the start of a line (a comment may hold "(;")."""
    after = chunk[pos + 1 : pos + _LOOK].lstrip(" \t\n")
    if not after.startswith(";"):
        return False
    if not in_value:
        return _VARIATION_START.match(after, 1) is None
    before = chunk[max(0, pos - _LOOK) : pos].rstrip(" \t")
    return before.endswith("\n") or (not before and pos < _LOOK and line_start)


_SPECIAL = re.compile(r"[()\[\]\\]")
#: What follows `(;` at the start of a variation: a move.
_VARIATION_START = re.compile(r"[ \t\n]*[WB][ \t\n]*\[")
# A game that the scan above would find in one piece, with nothing in it the scan treats
# specially: no parenthesis outside values, no '(' unescaped inside one (that could start the
# next game), no backslash or stray ']' outside values. Anything else takes the scan's own path.
# Possessive: the alternatives start with different characters, so nothing is ever given back
# (and matching is linear, and about twice as fast).
_WHOLE_GAME = re.compile(r"\((?:[^\[\]()\\]++|\[(?:[^\\\]()]++|\\.)*+\])*+\)", re.S)


class _Cursor:
    """Line and column of positions in successive chunks, counted incrementally (each character
    is counted once, however many games a chunk holds)."""

    def __init__(self) -> None:
        self.line, self.col, self.pos, self.chunk = 1, 1, 0, ""

    def start(self, chunk: str) -> None:
        self.at(len(self.chunk))
        self.chunk, self.pos = chunk, 0

    def at(self, pos: int) -> tuple[int, int]:
        chunk = self.chunk
        newlines = chunk.count("\n", self.pos, pos)
        if newlines:
            self.line += newlines
            self.col = pos - chunk.rfind("\n", self.pos, pos)
        else:
            self.col += pos - self.pos
        self.pos = pos
        return self.line, self.col


def _advance(line: int, col: int, chunk: str, end: int) -> tuple[int, int]:
    """Line and column after `chunk[:end]`, starting from (line, col)."""
    newlines = chunk.count("\n", 0, end)
    if newlines:
        return line + newlines, end - chunk.rfind("\n", 0, end)
    return line, col + end


# ---------------------------------------------------------------------------------------------
# The grammar


@cache
def _parser() -> Lark:
    from lark import Lark  # loaded with the first record read, not with the package

    grammar = (data_dir("grammars") / "lg.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="basic")


class _ValueError(Exception):
    """A bad property value, located in the game text (turned into a NotationError by the caller)."""

    def __init__(self, message: str, spot: _Spot, offset: int, code: str) -> None:
        super().__init__(message)
        self.message, self.spot, self.offset, self.code = message, spot, offset, code


_VALUE = re.compile(r"\[((?:[^\\\]]++|\\.)*+)\]", re.S)


def _property(token: str) -> tuple[str, str]:
    """Name and text value of a property token, without SGF escapes. Several values (never seen in
    a Little Golem root node) are kept joined by `][`."""
    text = str(token)
    bracket = text.index("[")
    values = _VALUE.findall(text, bracket)
    return text[:bracket], "][".join(unescape(v) for v in values)


def unescape(value: str) -> str:
    """An SGF text value without its backslash escapes (and soft line breaks)."""
    if "\\" not in value:
        return value
    return re.sub(r"\\(\n|.)", lambda m: "" if m.group(1) == "\n" else m.group(1), value, flags=re.S)


def escape(value: str) -> str:
    """An SGF text value with `\\` and `]` escaped."""
    return value.replace("\\", "\\\\").replace("]", "\\]")


# ---------------------------------------------------------------------------------------------
# Reading


class LittleGolem(Format):
    """Little Golem's SGF dialect; collections are read one game at a time."""

    name = "lg"
    title = "Little Golem SGF"
    extensions = (".sgf", ".hsgf", ".lg")
    family = "hex"
    carries = frozenset(
        {"size", "board", "players", "headers", "resignation", "passes", "colours", "several", "annotations"}
    )
    streaming = True
    splits = True
    joins = ""  # games one after another

    def sniff(self, head: str) -> bool:
        return re.match(r"\s*\(\s*;", head) is not None

    def cell_name(self, cell: Cell, board: Board) -> str:
        return cell_name(cell, board)

    def read(self, chunks: Iterable[str], options: ReadOptions) -> Iterator[Parsed]:
        """Records of a collection given as successive pieces of text (constant memory)."""
        for piece in self.pieces(chunks, options):
            yield self.parse_piece(piece, options)

    def pieces(self, chunks: Iterable[str], options: ReadOptions) -> Iterator[Piece]:
        """The games of a collection as `split_games` finds them (brackets and parentheses only),
        with the text around each noted on it: warnings for text between games, where reading
        resumed after a game cut short, an error for a game past the limit."""
        for found in self.pieces_taking(chunks, options, None):
            assert isinstance(found, Piece)
            yield found

    def pieces_taking(self, chunks: Iterable[str], options: ReadOptions, take: Take | None) -> Iterator[Piece | Taken]:
        """`pieces`, but the runs of games that `take` takes in one go (see `split_games`) come as
        `Taken`, indexed: text around a game is noted on the game before or after it, so that
        a game taken is one with nothing to note."""
        variant_text = options.variant or "catchup"
        if parse_variant(variant_text).family != "hex":  # an unknown variant is a hard error, up front
            raise VariantError(f"Little Golem records are hex games; {variant_text!r} is not a hex variant")
        index = 0
        pending: Piece | None = None  # held back so that junk after it can be noted on it
        leading: list[NotationWarning] = []
        games = split_games(chunks, take=take)
        while True:
            try:
                found = next(games)
            except StopIteration:
                break
            except NotationError as exc:  # undecodable bytes while streaming a file: the end
                if pending is not None:
                    yield pending
                yield Piece(index, "", 0, notes=_Notes("error", error=exc))
                return
            if isinstance(found, Taken):  # blanks since the game before: nothing more to note on it
                if pending is not None:
                    yield _resumed_at(pending, found.line, found.column)
                    pending = None
                yield found._replace(first=index)
                index += len(found.items)
                continue
            kind, text, line, col = found
            if kind == "junk":
                stripped = text.lstrip()
                jline, jcol = _advance(line, col, text, len(text) - len(stripped))
                warning = NotationWarning(
                    "ignored-text", f"text outside any game was ignored: {_excerpt(stripped)}", jline, jcol
                )
                if pending is not None:
                    pending = attrs.evolve(pending, notes=pending.notes.warned(warning))
                else:
                    leading.append(warning)
                continue
            if pending is not None:
                yield _resumed_at(pending, line, col)
            notes = (
                _PLAIN_NOTES
                if kind == "game" and not leading
                else _Notes("long" if kind == "long" else "game", warnings=tuple(leading), cut=kind == "cut")
            )
            pending = Piece(index, text, line, col, notes)
            leading = []
            index += 1
        if pending is not None:
            yield pending
        elif leading:
            first = leading[0]
            error = NotationError(
                "no game found: a Little Golem record starts with '(;'",
                line=first.line,
                column=first.column,
                code="no-record",
            )
            yield Piece(0, "", 0, notes=_Notes("error", error=error))

    def nothing_noted(self, piece: Piece) -> bool:
        """Whether `pieces` noted nothing around the game (no text beside it, not cut short)."""
        return bool(piece.notes == _PLAIN_NOTES)

    def parse_piece(self, piece: Piece, options: ReadOptions) -> Parsed:
        """A game of `pieces`, read and given what its notes say."""
        notes: _Notes = piece.notes
        source = options.source
        if notes.kind == "error":
            assert notes.error is not None
            notes.error.source = notes.error.source or source
            return Parsed(piece.index, None, notes.error)
        if notes.kind == "long":
            item = Parsed(piece.index, None, _too_long(piece.text, piece.line, piece.column, source), line=piece.line)
        else:
            variant = options.variant or "catchup"
            item = read_game(
                piece.text, line=piece.line, column=piece.column, index=piece.index, source=source, variant=variant
            )
        if notes.warnings:
            item = _with_warnings(item, notes.warnings)
        return _resumed(item, *notes.resumed) if notes.resumed else item

    def write(self, records: Iterable[Record], out: TextIO) -> list[NotationWarning]:
        return write_each(records, out, lambda record, _: write_record(record))


@attrs.frozen
class _Notes:
    """What `LittleGolem.pieces` learnt around a game: its kind (a game, one past the limit, or the
    error that ended reading), warnings for text before or after it, and, for a game cut short by
    the next one, where reading resumed."""

    kind: Literal["game", "long", "error"]
    warnings: tuple[NotationWarning, ...] = ()
    cut: bool = False
    resumed: tuple[int, int] | None = None
    error: NotationError | None = None

    def warned(self, warning: NotationWarning) -> _Notes:
        return attrs.evolve(self, warnings=(*self.warnings, warning))


#: The notes of a game with nothing around it (most games): one object, shared.
_PLAIN_NOTES = _Notes("game")


def _resumed_at(piece: Piece, line: int, column: int) -> Piece:
    """A piece followed by a game at (line, column): a game cut short by it notes where reading resumed."""
    if not piece.notes.cut:
        return piece
    return attrs.evolve(piece, notes=attrs.evolve(piece.notes, resumed=(line, column)))


def _resumed(item: Parsed, line: int, column: int) -> Parsed:
    """A game cut short by the next one: its error says where reading resumed."""
    error = item.error
    if error is None:
        return item
    resumed = f"where reading resumed (line {line}, column {column})"
    message = f"{error.message}; the game is cut short by the next one, {resumed}"
    moved = NotationError(
        message,
        source=error.source,
        line=error.line,
        column=error.column,
        text=error.text,
        code=error.code,
        text_column=error.text_column,
    )
    return attrs.evolve(item, error=moved)


def _too_long(text: str, line: int, column: int, source: str | None) -> NotationError:
    return NotationError(
        f"a game of more than {MAX_RECORD_CHARS} characters is past the limit of a record",
        source=source,
        line=line,
        column=column,
        text=text[:200].split("\n")[0],
        code="limit",
    )


def _excerpt(text: str, limit: int = 40) -> str:
    first = text.strip().split("\n")[0]
    return repr(first[:limit] + ("..." if len(first) > limit or "\n" in text.strip() else ""))


def _with_warnings(item: Parsed, warnings: tuple[NotationWarning, ...]) -> Parsed:
    return attrs.evolve(item, warnings=item.warnings + warnings)


def read_game(
    text: str, *, line: int = 1, column: int = 1, index: int = 0, source: str | None = None, variant: str = "catchup"
) -> Parsed:
    """One game, `text` starting at (line, column) of its file. A plain, well-formed game (the
    common case) is read by `_plain_game` with regular expressions alone; anything else, and every
    error, by the grammar, so that diagnostics and quirks are the grammar's."""
    plain = _plain_game(text, line, column, index, source, variant)
    if plain is not None:
        return plain
    return _grammar_game(text, line=line, column=column, index=index, source=source, variant=variant)


# A game of a root node of properties and then plain move nodes: what Little Golem writes.
_PLAIN_GAME = re.compile(
    r"\([ \t\n]*;(?P<root>(?:[ \t\n]*[A-Za-z]+(?:[ \t\n]*\[(?:[^\\\]]++|\\.)*+\])+)*)[ \t\n]*"
    r"(?P<moves>(?:;[ \t\n]*[WB][ \t\n]*\[[^\]\\=]*\][ \t\n]*)*)\)",
    re.S,
)
_ROOT_PROPERTY = re.compile(r"([A-Za-z]+)((?:[ \t\n]*\[(?:[^\\\]]++|\\.)*+\])+)", re.S)
# One move node with the blanks after it: the `moves` of `_PLAIN_GAME` is a run of these, so the
# lengths of the runs found add up to each node's offset.
_PLAIN_NODE = re.compile(r"(;[ \t\n]*([WB])[ \t\n]*\[([^\]]*)\][ \t\n]*)")


def _plain_game(text: str, line: int, column: int, index: int, source: str | None, variant: str) -> Parsed | None:
    """A plain game read without the grammar, or None to leave it to the grammar: the same record
    and warnings `_grammar_game` gives (tests/test_lg.py checks the two agree). With the compiled
    core, `_plain_on_core` reads it."""
    hexcore = core("_hexcore")
    if hexcore is not None:
        return _plain_on_core(hexcore, text, line, column, index, source, variant)
    game = _PLAIN_GAME.fullmatch(text)
    if game is None:
        return None
    headers = _root_headers(_ROOT_PROPERTY.findall(game.group("root")))
    variant_obj = _variant_of(headers, variant) if headers is not None else None
    if headers is None or variant_obj is None:
        return None
    board = variant_obj.board
    known = _known_cells(board)
    moves_at = game.start("moves")
    # Every node on the game's first line (how Little Golem writes a game): columns by arithmetic.
    one_line = text.find("\n", 0, game.end("moves")) < 0
    where = _Offsets(text, line, column)
    turns: list[Turn] = []
    resigned: int | None = None
    resigned_at: Location | None = None
    previous = ""
    offset = moves_at
    for found in _PLAIN_NODE.finditer(text, moves_at, game.end("moves")):
        node, colour, value = found.groups()
        if resigned is not None or len(turns) >= MAX_TURNS:  # a move after resigning, too many: the grammar's error
            return None
        at = new_location(line, column + offset) if one_line else where.location(offset)
        offset += len(node)
        cells = known.get(value)
        if cells is None:
            cells = parse_cells(value, board)
            if len(known) < _KNOWN_VALUES:
                known[value] = cells
        if isinstance(cells, int):  # not cells: a resignation, or the grammar's error
            if value.strip().lower() != "resign":
                return None
            resigned, resigned_at = COLOURS[colour], at
            continue
        if colour == previous:  # consecutive nodes of one colour: merged, with a warning
            return None
        previous = colour
        turns.append(own_stones_turn(COLOURS[colour], cells, at))
    fields = _record_fields(variant_obj, headers, resigned, resigned_at, source, index, line, column)
    record = Record(turns=tuple(turns), **fields)
    warnings = _resignation_warnings(text, line, column, headers, resigned, game.start("root"), game.group("root"))
    return Parsed(index, record, None, warnings, line=line)


def _record_fields(
    variant: Variant,
    headers: dict[str, str],
    resigned: int | None,
    resigned_at: Location | None,
    source: str | None,
    index: int,
    line: int,
    column: int,
) -> dict[str, Any]:
    """A plain game's Record fields but its turns."""
    return {
        "variant": str(variant),
        "resigned": resigned,
        "players": (headers.get("PW"), headers.get("PB")),
        "headers": headers,
        "source": source,
        "index": index,
        "at": Location(line, column),
        "resigned_at": resigned_at,
    }


def _root_headers(properties: list[tuple[str, str]]) -> dict[str, str] | None:
    """The headers of a plain game's root properties (name, values text), or None for the
    grammar: a property given twice, or a move in the root node."""
    headers: dict[str, str] = {}
    for name, values in properties:
        if name in headers or name in ("W", "B", COMMENT):  # a comment is the game's, not a header
            return None
        simple = values[0] == "[" and "\\" not in values and values.find("]") == len(values) - 1
        headers[name] = values[1:-1] if simple else _property(name + values)[1]
    return headers


def _variant_of(headers: dict[str, str], variant: str) -> Variant | None:
    """The variant a plain game is read under (its size and board from its headers), or None for
    the grammar to say what is wrong."""
    try:
        side = int_of(headers["SZ"]) if "SZ" in headers else None
        return parse_variant(variant, size=side, board=shape_of(headers, variant))
    except (ValueError, VariantError):  # BoardError is a ValueError
        return None


def _resignation_warnings(
    text: str, line: int, column: int, headers: dict[str, str], resigned: int | None, root_at: int, root: str
) -> tuple[NotationWarning, ...]:
    """A warning where RE names the player who resigned (Little Golem's way), not the winner."""
    if "RE" in headers and resigned is not None and headers["RE"].strip()[:1].upper() == LETTERS[resigned]:
        spot = _Offsets(text, line, column).location(root_at + _root_spot(root, "RE"))
        return (NotationWarning("re-names-resigner", _re_message(headers["RE"]), spot.line, spot.column),)
    return ()


def _plain_on_core(
    hexcore: Any, text: str, line: int, column: int, index: int, source: str | None, variant: str
) -> Parsed | None:
    """`_plain_game` on the compiled core: the core checks the game's shape and reads its moves
    (into one tuple of cells per turn and the turns' cell indices); the record's Turn objects are
    made only when something asks for them (a DeferredRecord), and replay feeds the core the
    indices as they are."""
    found = hexcore.scan_plain(text)
    if found is None:
        return None
    properties, root_start, root_end, moves_start, moves_end = found
    if text.count(";", moves_start, moves_end) > MAX_TURNS:  # the grammar's limit error, before any turn is made
        return None
    headers = properties if isinstance(properties, dict) else _root_headers(properties)
    if headers is not None and COMMENT in headers:  # the game's comment: the grammar reads it
        return None
    variant_obj = _variant_of(headers, variant) if headers is not None else None
    if headers is None or variant_obj is None:
        return None
    board = variant_obj.board
    scanned = hexcore.scan_moves(text, moves_start, moves_end, _known_plain(board), _plain_learner(board))
    if scanned is None:
        return None
    first, cells, offsets, turns, resigner, resigned_offset = scanned
    resigned = resigner or None
    resigned_at = _Offsets(text, line, column).location(resigned_offset) if resigned is not None else None
    # Every node on the game's first line (how Little Golem writes a game): columns by arithmetic.
    one_line = text.find("\n", 0, moves_end) < 0

    def make() -> tuple[Turn, ...]:
        where = _Offsets(text, line, column)
        player: Literal[1, 2] = 1 if first == 1 else 2
        made = []
        for turn_cells, offset in zip(cells, memoryview(offsets).cast("i"), strict=True):
            at = new_location(line, column + offset) if one_line else where.location(offset)
            made.append(own_stones_turn(player, turn_cells, at))
            player = 2 if player == 1 else 1
        return tuple(made)

    fields = _record_fields(variant_obj, headers, resigned, resigned_at, source, index, line, column)
    record = DeferredRecord.deferred(make, PlainTurns(board, first, cells, turns), **fields)
    root = text[root_start:root_end]
    warnings = _resignation_warnings(text, line, column, headers, resigned, root_start, root)
    return Parsed(index, record, None, warnings, line=line)


class PlainTurns(NamedTuple):
    """The turns of a plain record as the compiled core replays them: the board they were read
    on, the first player (the players alternate), one tuple of cells per turn (the mover's own
    stones), and the turns packed as int32: per turn its count of stones, then their cell indices
    on `board` (-1 off it)."""

    board: Board
    first: int
    cells: list[tuple[Cell, ...]]
    turns: bytes


#: Move values remembered per board (they repeat a great deal across a collection).
_KNOWN_VALUES = 1 << 16


@lru_cache(maxsize=16)
def _known_cells(board: Board) -> dict[str, tuple[Cell, ...] | int]:
    """The move values read so far on `board` (a dict: a lookup per turn costs less than a call)."""
    return {}


#: A move value read for the compiled core: its cells and their indices (int32), or where it is bad.
PlainValue = tuple[tuple[Cell, ...], bytes] | int


@lru_cache(maxsize=16)
def _known_plain(board: Board) -> dict[str, PlainValue]:
    """The move values read so far on `board` for the compiled core."""
    return {}


@lru_cache(maxsize=16)
def _plain_learner(board: Board) -> Callable[[str], PlainValue]:
    """What the compiled scan calls for a move value it does not know yet: read and remembered."""
    known = _known_plain(board)
    index = board.index

    def learn(value: str) -> PlainValue:
        cells = parse_cells(value, board)
        found: PlainValue = cells if isinstance(cells, int) else (cells, _int32(index.get(c, -1) for c in cells))
        if len(known) < _KNOWN_VALUES:
            known[value] = found
        return found

    return learn


def _int32(values: Iterable[int]) -> bytes:
    return array("i", values).tobytes()


def _root_spot(root: str, name: str) -> int:
    """Where property `name` starts in a root node's text (asked only for a warning)."""
    return next(prop.start() for prop in _ROOT_PROPERTY.finditer(root) if prop.group(1) == name)


class _Offsets:
    """Line and column of offsets in a game's text, counted forward (each character once)."""

    def __init__(self, text: str, line: int, column: int) -> None:
        self.text, self.line, self.line_start, self.counted = text, line, -(column - 1), 0

    def location(self, offset: int) -> Location:
        breaks = self.text.count("\n", self.counted, offset)
        if breaks:
            self.line += breaks
            self.line_start = self.text.rindex("\n", self.counted, offset) + 1
        self.counted = offset
        return new_location(self.line, offset - self.line_start + 1)


def _re_message(value: str) -> str:
    return (
        f"RE[{value}] names the player who resigned, not the winner "
        "(Little Golem writes it that way); the resignation decides"
    )


def _grammar_game(
    text: str, *, line: int = 1, column: int = 1, index: int = 0, source: str | None = None, variant: str = "catchup"
) -> Parsed:
    """One game read by the grammar (every game the plain path leaves, and every error)."""
    from lark.exceptions import UnexpectedInput

    shift = column - 1  # a game that starts mid-line: Lark's columns on its first line are shifted
    try:
        nodes = _flattened(_parser().parse(text))
        if shift:
            for token in nodes:
                if token.type in _TOKEN_TYPES and token.line == 1:
                    token.column = (token.column or 1) + shift
        record, warnings = _build(
            nodes, source=source, variant=variant, index=index, line_offset=line - 1, at=Location(line, column)
        )
    except UnexpectedInput as exc:
        error = syntax_error(
            exc, text, source=source, words=_WORDS, what="game", line_offset=line - 1, column_offset=shift
        )
        return Parsed(index, None, error, line=line)
    except _ValueError as exc:
        spot = exc.spot
        error = NotationError(
            exc.message,
            source=source,
            line=spot.line + line - 1,
            column=spot.column + exc.offset,
            text=line_of(text, spot.line),
            code=exc.code,
            text_column=1 + shift if spot.line == 1 else 1,
        )
        return Parsed(index, None, error, line=line)
    return Parsed(index, record, None, tuple(warnings), line=line)


def _build(
    tokens: list[Any], *, source: str | None, variant: str, index: int, line_offset: int, at: Location
) -> tuple[Record, list[NotationWarning]]:
    warnings: list[NotationWarning] = []
    headers: dict[str, str] = {}
    header_tokens: dict[str, _Spot] = {}

    def warn(code: str, message: str, spot: _Spot) -> None:
        warnings.append(NotationWarning(code, message, spot.line + line_offset, spot.column))

    # The root (first) node's properties are the headers, kept in file order (text values, SGF escapes removed); they
    # are read first because SZ decides what the cell names mean.
    game_comments: list[str] = []
    for tok in tokens[1:]:
        if tok.type in ("SEMI", "MOVES", "OPEN"):
            break
        if tok.type == "PROPERTY":
            name, value = _property(tok)
            if name == COMMENT:
                game_comments.append(value)
                continue
            if name in headers:
                warn("duplicate-property", f"{name} is given twice; the first value is kept", _spot(tok))
                continue
            headers[name] = value
            header_tokens[name] = _spot(tok)

    side = None
    if "SZ" in headers:
        try:
            side = int_of(headers["SZ"], "board side")
        except TooManyDigits as exc:
            raise _ValueError(str(exc), header_tokens["SZ"], 0, "limit") from None
        except ValueError:
            raise _ValueError(
                f"SZ[{headers['SZ']}] is not a board side (a whole number such as 5)",
                header_tokens["SZ"],
                0,
                "bad-size",
            ) from None
    try:
        board_given = shape_of(headers, variant)
    except BoardError as exc:
        code = "limit" if len(headers[BOARD_PROPERTY]) > MAX_BOARD_FILE_CHARS else "bad-board"
        raise _ValueError(f"{BOARD_PROPERTY}: {exc.message}", header_tokens[BOARD_PROPERTY], 0, code) from None
    try:
        variant_obj = parse_variant(variant, size=side, board=board_given)
    except VariantError as exc:
        raise _ValueError(str(exc), header_tokens.get("SZ", _spot(tokens[0])), 0, "variant") from None
    board = variant_obj.board
    spec = variant_obj.spec

    game = _Line(0, [])  # the game's line; the others are its variations
    game.is_game = True
    lines = [game]
    line = game  # the line the nodes being read belong to
    frames: list[list[Any]] = [[game, -1]]  # per open tree: [its line, its turns at its first subtree or -1]
    resigned: int | None = None
    resigned_tok: _Spot | None = None
    counted = 0  # turns of every line, against the limit
    node_turn: int | None = None  # the turn (index in `line`) the node being read holds, if any
    pending: list[str] = []  # comments of the node being read, before its move

    def colours_of(value: str, player: int, spot: _Spot, value_at: int) -> tuple[tuple[Cell, ...], tuple[int, ...]]:
        """A value that the fast path refused: cells with colour marks, or a located error."""
        parsed = parse_marked_cells(value, board) if "=" in value else _unmarked(parse_cells(value, board))
        if isinstance(parsed, int):
            long_number = _LONG_NUMBER.search(value)
            if long_number is not None:
                raise _ValueError(
                    f"a cell number of {len(long_number.group())} digits is past the limit of {MAX_DIGITS} digits",
                    spot,
                    value_at + long_number.start(),
                    "limit",
                )
            example = "; D4=w for a stone of the other colour" if "=" in value else ""
            raise _ValueError(
                f"{excerpt(value)} is not a list of cells such as D4 or D4F6 (row letter, then a number{example})",
                spot,
                value_at + parsed,
                "bad-cell",
            )
        cells, marks = parsed
        if marks and mark_warning_due(spec, warnings):
            warn(UNEXPECTED_MARK, unexpected_mark_message(spec), spot)
        colours = [player] * len(cells)
        for index, letter, offset in marks:
            colour = colour_of_mark(spec, letter)
            if colour is None:
                raise _ValueError(unknown_mark_message(spec, letter), spot, value_at + offset, "colour-mark")
            colours[index] = colour
        return cells, tuple(colours)

    def take(colour: str, value: str, spot: _Spot, value_at: int) -> None:
        """One move: `value` is its bracketed text, starting `value_at` characters after `spot`."""
        nonlocal resigned, resigned_tok, counted, node_turn
        player = COLOURS[colour]
        turns = line.turns
        if counted >= MAX_TURNS:
            raise _ValueError(f"more than {MAX_TURNS} turns, the limit of a record", spot, 0, "limit")
        if line is game and resigned is not None:
            raise _ValueError(f"a move after {LETTERS[resigned]} resigned", spot, 0, "move-after-resign")
        if value.strip().lower() == "resign":
            if line is game:
                resigned, resigned_tok = player, spot
            else:
                warn("variation-resignation", "a resignation inside a variation is not kept", spot)
            return
        parsed = parse_cells(value, board)
        colours: tuple[int, ...] = ()
        if isinstance(parsed, int):
            cells, colours = colours_of(value, player, spot, value_at)
        else:
            cells = parsed
        counted += 1
        if turns and turns[-1][0] == player and len(turns) > line.shared:
            warn(
                "merged-nodes",
                f"consecutive {colour} nodes were merged into one turn (the record was normalised)",
                spot,
            )
            previous = turns[-1]
            if colours or previous[2]:
                previous[2] = (previous[2] or (player,) * len(previous[1])) + (colours or (player,) * len(cells))
            previous[1] = previous[1] + cells
        else:
            turns.append([player, cells, colours, spot])
        node_turn = len(turns) - 1
        if pending:
            line.note(node_turn, pending)
            pending.clear()

    def end_node() -> None:
        """The node read is over: comments without a move are on the turn before them."""
        nonlocal node_turn
        if pending:
            line.note(len(line.turns) - 1, pending)
            pending.clear()
        node_turn = None

    in_root = True
    for position, tok in enumerate(tokens):
        kind = tok.type
        if kind == "SEMI":
            end_node()
            in_root = position == 0
        elif kind == "PROPERTY":
            if in_root:
                continue  # the headers, read above
            name, value = _property(tok)
            if name != COMMENT:
                warn("ignored-property", f"property {name} in a move node is not kept", _spot(tok))
            elif node_turn is not None:
                line.note(node_turn, [value])
            else:
                pending.append(value)
        elif kind == "MOVES":
            end_node()
            nodes = 0
            for spot, match in _move_nodes(tok):
                node_turn = None
                take(match.group(1), match.group(2), spot, match.start(2) - match.start())
                nodes += 1
            in_root = position == 0 and nodes == 1
        elif kind == "OPEN":  # a subtree: the first goes on with the line, the others branch off it
            end_node()
            in_root = False
            frame = frames[-1]
            if frame[1] < 0:
                frame[1] = len(frame[0].turns)
                frames.append([frame[0], -1])
            else:
                line = frame[0].branch(frame[1])
                lines.append(line)
                frames.append([line, -1])
            line = frames[-1][0]
        elif kind == "CLOSE":
            end_node()
            frames.pop()
            line = frames[-1][0]
        else:  # MOVE: a move that is not the first property of its node
            text = str(tok)
            open_at = text.index("[")
            take(text[0], text[open_at + 1 : -1], _spot(tok), open_at + 1)
    end_node()

    if "RE" in headers and resigned is not None:
        letter = headers["RE"].strip()[:1].upper()
        if letter == LETTERS[resigned]:
            warn("re-names-resigner", _re_message(headers["RE"]), header_tokens["RE"])

    record = Record(
        variant=str(variant_obj),
        turns=_made_turns(game, line_offset),
        resigned=resigned,
        players=(
            headers.get("PW"),
            headers.get("PB"),
        ),
        headers=headers,
        annotations=_annotations(game_comments, lines, line_offset),
        source=source,
        index=index,
        at=at,
        resigned_at=Location(resigned_tok.line + line_offset, resigned_tok.column) if resigned_tok else None,
    )
    return record, warnings


#: The SGF property of a comment: on the root node, the game's; on a move's node, that turn's.
COMMENT = "C"
#: The grammar's token types (the flattened tree holds marks of its subtrees besides).
_TOKEN_TYPES = frozenset({"SEMI", "MOVES", "MOVE", "PROPERTY"})


class _Mark(NamedTuple):
    """Where a subtree (a variation) starts or ends in the flattened parse tree."""

    type: str  # "OPEN" or "CLOSE"


_OPEN, _CLOSE = _Mark("OPEN"), _Mark("CLOSE")


def _flattened(tree: Any) -> list[Any]:
    """The parse tree's tokens in order, with an OPEN and a CLOSE mark around each variation's
    (without recursion: a file may nest variations deeply)."""
    out: list[Any] = []
    stack = [iter(tree.children)]
    while stack:
        for child in stack[-1]:
            if hasattr(child, "children"):
                out.append(_OPEN)
                stack.append(iter(child.children))
                break
            out.append(child)
        else:
            stack.pop()
            if stack:
                out.append(_CLOSE)
    return out


class _Line:
    """A line of play being read: the game's, or a variation's (branching off the game after
    `after` of its turns). A variation of a variation starts with the `shared` turns of the line it
    branched off, so that it is whole from the game's line on."""

    def __init__(
        self, after: int, turns: list[list[Any]], shared: int = 0, comments: dict[int, list[str]] | None = None
    ):
        self.after = after
        self.turns = turns  # [player, cells, colours (empty: all the mover's), spot]
        self.shared = shared
        self.comments: dict[int, list[str]] = comments or {}  # by turn index; -1: before its first turn
        self.is_game = False

    def note(self, index: int, texts: list[str]) -> None:
        self.comments.setdefault(index, []).extend(texts)

    def branch(self, at: int) -> _Line:
        """A line that branches off this one after its `at` first turns."""
        if self.is_game:
            return _Line(at, [])
        kept = {k: list(v) for k, v in self.comments.items() if k < at}
        return _Line(self.after, [list(turn) for turn in self.turns[:at]], at, kept)


def _made_turns(line: _Line, line_offset: int) -> tuple[Turn, ...]:
    return tuple(
        Turn(player, tuple(cells), colours=colours, at=Location(tok.line + line_offset, tok.column))
        for player, cells, colours, tok in line.turns
    )


def _annotations(game_comments: list[str], lines: list[_Line], line_offset: int) -> Annotations | None:
    """The comments and variations read (None: none): one comment per node (several joined)."""
    game = lines[0]
    comments = []
    before = game_comments + game.comments.get(-1, [])
    if before:
        comments.append(Comment(0, "\n".join(before)))
    comments += [Comment(k + 1, "\n".join(game.comments[k])) for k in sorted(game.comments) if k >= 0]
    variations = []
    for line in lines[1:]:
        if not line.turns:
            continue
        texts = ["\n".join(line.comments.get(k, [])) for k in range(len(line.turns))]
        if -1 in line.comments:
            texts[0] = "\n".join([*line.comments[-1], *([texts[0]] if texts[0] else [])])
        variations.append(Variation(line.after, _made_turns(line, line_offset), tuple(texts) if any(texts) else ()))
    if not comments and not variations:
        return None
    variations.sort(key=lambda v: v.after)  # read as their trees close: the later branches first
    return Annotations(tuple(comments), tuple(variations))


#: Our own root property (not Little Golem's) for a board of another shape than hexhex: its
#: spelling as a variant's board= takes it (an inline mask or a cell list; never a file).
BOARD_PROPERTY = "XB"


def shape_of(headers: dict[str, str], variant: str) -> Board | None:
    """The board an `XB` property spells, unless there is none or the variant read under gives
    a board of its own (which wins, as --variant wins over what a record says)."""
    text = headers.get(BOARD_PROPERTY)
    if text is None or not parse_variant(variant).hexhex:
        return None
    if text.lstrip().startswith("@"):
        raise BoardError("a record spells its board out; it cannot name a file")
    return parse_board(text)


_MOVE_NODE = re.compile(r";[ \t\n]*([WB])[ \t\n]*\[([^\]]*)\]")


class _Spot(NamedTuple):
    """Where a property or a move node starts in the text Lark parsed (1-based)."""

    line: int
    column: int


def _spot(tok: Token) -> _Spot:
    return _Spot(tok.line or 1, tok.column or 1)


def _move_nodes(tok: Token) -> Iterator[tuple[_Spot, re.Match[str]]]:
    """The move nodes of a MOVES token, each with its line and column in the file."""
    text = str(tok)
    line, column = _spot(tok)
    line_start = -column + 1  # offset of the line's first character in `text`
    counted = 0
    for match in _MOVE_NODE.finditer(text):
        start = match.start()
        breaks = text.count("\n", counted, start)
        if breaks:
            line += breaks
            line_start = text.rindex("\n", counted, start) + 1
        counted = start
        yield _Spot(line, start - line_start + 1), match


# ---------------------------------------------------------------------------------------------
# Writing

_FIRST = ("FF", "EV", "PB", "PW", "SZ", "XB", "RE", "GC", "SO")
_PROPERTY_NAME = re.compile(r"[A-Z]+")  # FF[4] property names are upper case


def _is_property_name(key: str) -> bool:
    return _PROPERTY_NAME.fullmatch(key) is not None


def _header_words(keys: list[str]) -> str:
    if len(keys) == 1:
        return f"header {keys[0]!r} is not an SGF property name"
    return f"headers {', '.join(map(repr, keys))} are not SGF property names"


def write_record(record: Record) -> tuple[str, list[NotationWarning]]:
    """Canonical LG text of one record: root properties in LG's order, one node per turn."""
    warnings: list[NotationWarning] = []
    variant = parse_variant(record.variant)
    if variant.family != "hex":
        raise WriteError(f"Little Golem records are hex games, not {record.variant}", code="wrong-family")
    root: dict[str, str] = {"FF": "4"}
    lost = lost_headers(record, FORMAT.carries, _is_property_name)
    if lost:
        warnings.append(
            NotationWarning(
                "headers-dropped",
                f"{_header_words(lost)} (upper-case letters) and not written",
            )
        )
    for name in record.headers:
        if _is_property_name(name):
            root[name] = escape(record.header_text(name) or "")
    for name, player in (("PW", record.players[0]), ("PB", record.players[1])):
        if player is not None:
            root[name] = escape(player)
    stated = root.pop(BOARD_PROPERTY, None)
    if variant.hexhex:
        root["SZ"] = str(variant.size)
    else:
        root.pop("SZ", None)
        root[BOARD_PROPERTY] = escape(board_text(variant.board))
    if stated is not None and stated != root.get(BOARD_PROPERTY):
        warnings.append(
            NotationWarning(
                "headers-dropped",
                f"{BOARD_PROPERTY} is where this library writes a board of another shape; the record's "
                f"{BOARD_PROPERTY}[{stated}] is not written",
            )
        )
    if variant.name != "catchup":
        warnings.append(
            NotationWarning(
                "variant-dropped",
                f"Little Golem records do not name the variant; {record.variant} must be given when reading it back",
            )
        )
    annotations = record.annotations or Annotations()
    game_comment = annotations.comment(0)
    if game_comment is not None:
        said = root.get(COMMENT)
        root[COMMENT] = escape(game_comment) if said is None else said + "\n" + escape(game_comment)
    ordered = [n for n in _FIRST if n in root] + [n for n in root if n not in _FIRST]
    out = ["(;", "".join(f"{name}[{root[name]}]" for name in ordered)]
    branches = _branches(record, warnings)
    previous = 0
    for number, turn in enumerate(record.turns, 1):
        if turn.numbers:
            raise WriteError("Little Golem records hold cells, not numbers", code="wrong-family")
        if turn.player == previous:
            warnings.append(
                NotationWarning(
                    "turn-order-dropped",
                    f"turns {number - 1} and {number} are both player {turn.player}'s: written as consecutive nodes of "
                    "one colour, they read back as one turn",
                )
            )
        previous = turn.player
        if not turn.cells:
            warnings.append(NotationWarning("pass-written", "a turn without stones is written as an empty move"))
        if number - 1 in branches:  # the game goes on in the first subtree; its variations follow it
            out.append("(")
        out.append(_node(turn, variant, annotations.comment(number)))
    if record.resigned is not None:
        out.append(f";{LETTERS[record.resigned]}[resign]")
    for after in sorted(branches, reverse=True):
        out.append(")")
        out.extend(_variation_text(v, variant) for v in branches[after])
    warnings.extend(ending_dropped(record))
    out.append(")\n")
    return "".join(out), warnings


def _node(turn: Turn, variant: Variant, comment: str | None) -> str:
    """A move's node, `;W[D4F6]`, with its comment."""
    if turn.numbers:
        raise WriteError("Little Golem records hold cells, not numbers", code="wrong-family")
    board = variant.board
    if turn.colours:
        value = "".join(
            cell_name(c, board) + ("" if colour == turn.player else colour_mark(variant.spec, colour))
            for c, colour in zip(turn.cells, turn.colours, strict=True)
        )
    else:
        value = "".join(cell_name(c, board) for c in turn.cells)
    said = f"{COMMENT}[{escape(comment)}]" if comment else ""
    return f";{LETTERS[turn.player]}[{value}]{said}"


def _variation_text(variation: Variation, variant: Variant) -> str:
    comments = variation.comments or ("",) * len(variation.turns)
    nodes = (_node(t, variant, c) for t, c in zip(variation.turns, comments, strict=False))
    return "(" + "".join(nodes) + ")"


def _branches(record: Record, warnings: list[NotationWarning]) -> dict[int, list[Variation]]:
    """The record's variations by the game's turns before them; those SGF cannot place (past the
    game's last turn, or of no turn) and comments on no turn of the game are said and left out."""
    annotations = record.annotations
    if not annotations:
        return {}
    count = len(record.turns)
    found: dict[int, list[Variation]] = {}
    lost = 0
    for variation in annotations.variations:
        if variation.turns and 0 <= variation.after < count:
            found.setdefault(variation.after, []).append(variation)
        else:
            lost += 1
    if lost:
        warnings.append(
            NotationWarning(
                "annotations-dropped",
                f"{lost} line{'s' if lost != 1 else ''} of play past the game's last turn (or empty) "
                "cannot be written as SGF variations",
            )
        )
    stray = sum(1 for c in annotations.comments if not 0 <= c.turn <= count)
    if stray:
        warnings.append(
            NotationWarning(
                "annotations-dropped", f"{stray} comment{'s' if stray != 1 else ''} on no turn of the game not written"
            )
        )
    return found


FORMAT = LittleGolem()
