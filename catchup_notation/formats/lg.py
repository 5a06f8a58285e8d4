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
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple, TextIO

import attrs

from catchup_notation.board import Board, Cell
from catchup_notation.errors import NotationError, VariantError, WriteError
from catchup_notation.formats.base import NotationWarning, Parsed, ReadOptions, ending_dropped, write_each
from catchup_notation.formats.colours import (
    UNEXPECTED_MARK,
    colour_mark,
    colour_of_mark,
    mark_warning_due,
    unexpected_mark_message,
    unknown_mark_message,
)
from catchup_notation.formats.diagnostics import line_of, syntax_error
from catchup_notation.model import Location, Record, Turn
from catchup_notation.resources import data_dir
from catchup_notation.rules.registry import parse_variant

if TYPE_CHECKING:
    from lark import Lark, Token

COLOURS = {"W": 1, "B": 2}
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

_CELL = re.compile(r"([A-Za-z])([0-9]+)")
_CELL_LIST = re.compile(r"[\s,]*(?:[A-Za-z][0-9]+[\s,]*)*")
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


_MARKED_CELL = re.compile(r"([A-Za-z])([0-9]+)(?:=([A-Za-z]))?")
_MARKED_LIST = re.compile(r"[\s,]*(?:[A-Za-z][0-9]+(?:=[A-Za-z])?[\s,]*)*")


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
    cells, marks = [], []
    for found in _MARKED_CELL.finditer(value):
        if found.group(3):
            marks.append((len(cells), found.group(3), found.start(3) - 1))
        cells.append(cell_of(found.group(1), int(found.group(2)), board))
    return tuple(cells), tuple(marks)


# ---------------------------------------------------------------------------------------------
# Splitting a collection into games


def split_games(chunks: Iterable[str]) -> Iterator[tuple[str, str, int, int]]:
    """(kind, text, line, column) for each game ("game") and each run of other text ("junk").

    Tracks parenthesis depth outside `[...]` values (honouring `\\]` escapes) across chunks, so
    only one game is held in memory at a time. A game cut off by the end of the input is yielded
    as it is, for the parser to report.
    """
    cursor = _Cursor()
    depth = 0
    in_value = False
    skip_at = -1  # position (in this chunk) of a character escaped by a backslash inside a value
    parts: list[str] = []  # the current game, or the current junk
    start_line, start_col = 1, 1
    for chunk in chunks:
        if not chunk:
            continue
        begin = 0  # where the current piece of `parts` starts in this chunk
        cursor.start(chunk)
        for match in _SPECIAL.finditer(chunk):
            pos = match.start()
            if pos == skip_at:
                continue
            ch = chunk[pos]
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
                    parts = []
                    begin = pos
                    start_line, start_col = cursor.at(pos)
                depth += 1
            elif ch == ")" and depth:  # a stray ')' outside a game is junk
                depth -= 1
                if depth == 0:
                    parts.append(chunk[begin : pos + 1])
                    yield ("game", "".join(parts), start_line, start_col)
                    parts = []
                    begin = pos + 1
                    start_line, start_col = cursor.at(pos + 1)
        skip_at = 0 if skip_at == len(chunk) else -1  # a backslash that ended the chunk
        parts.append(chunk[begin:])
        cursor.at(len(chunk))
    rest = "".join(parts)
    if depth:
        yield ("game", rest, start_line, start_col)
    elif rest.strip():
        yield ("junk", rest, start_line, start_col)


_SPECIAL = re.compile(r"[()\[\]\\]")


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

    def __init__(self, message: str, token: Token, offset: int, code: str) -> None:
        super().__init__(message)
        self.message, self.token, self.offset, self.code = message, token, offset, code


_VALUE = re.compile(r"\[((?:[^\\\]]|\\.)*)\]", re.S)


def _property(token: Token) -> tuple[str, str]:
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
    return value.replace("\\", "\\\\").replace("]", "\\]")


# ---------------------------------------------------------------------------------------------
# Reading


class LittleGolem:
    """Little Golem's SGF dialect; collections are read one game at a time."""

    name = "lg"
    title = "Little Golem SGF"
    extensions = (".sgf", ".hsgf", ".lg")
    family = "hex"
    carries = frozenset({"size", "players", "headers", "resignation", "passes", "colours", "turn-order", "several"})

    def sniff(self, head: str) -> bool:
        return re.match(r"\s*\(\s*;", head) is not None

    def cell_name(self, cell: Cell, board: Board) -> str:
        return cell_name(cell, board)

    def read(self, chunks: Iterable[str], options: ReadOptions) -> Iterator[Parsed]:
        """Records of a collection given as successive pieces of text (constant memory)."""
        source = options.source
        variant_text = options.variant or "catchup"
        if parse_variant(variant_text).family != "hex":  # an unknown variant is a hard error, up front
            raise VariantError(f"Little Golem records are hex games; {variant_text!r} is not a hex variant")
        index = 0
        pending: Parsed | None = None  # held back so that junk after it can be reported with it
        leading: list[NotationWarning] = []
        games = split_games(chunks)
        while True:
            try:
                kind, text, line, col = next(games)
            except StopIteration:
                break
            except NotationError as exc:  # undecodable bytes while streaming a file: the end
                if pending is not None:
                    yield pending
                yield Parsed(index, None, exc)
                return
            if kind == "junk":
                stripped = text.lstrip()
                jline, jcol = _advance(line, col, text, len(text) - len(stripped))
                warning = NotationWarning(
                    "ignored-text",
                    f"text outside any game was ignored: {_excerpt(stripped)}",
                    jline,
                    jcol,
                )
                if pending is not None:
                    pending = _with_warnings(pending, (warning,))
                else:
                    leading.append(warning)
                continue
            if pending is not None:
                yield pending
            pending = read_game(text, line=line, column=col, index=index, source=source, variant=variant_text)
            if leading:
                pending = _with_warnings(pending, tuple(leading))
                leading = []
            index += 1
        if pending is not None:
            yield pending
        elif leading:
            first = leading[0]
            yield Parsed(
                0,
                None,
                NotationError(
                    "no game found: a Little Golem record starts with '(;'",
                    source=source,
                    line=first.line,
                    column=first.column,
                    code="no-record",
                ),
            )

    def write(self, records: Iterable[Record], out: TextIO) -> list[NotationWarning]:
        return write_each(records, out, lambda record, _: write_record(record))


def _excerpt(text: str, limit: int = 40) -> str:
    first = text.strip().split("\n")[0]
    return repr(first[:limit] + ("..." if len(first) > limit or "\n" in text.strip() else ""))


def _with_warnings(item: Parsed, warnings: tuple[NotationWarning, ...]) -> Parsed:
    return attrs.evolve(item, warnings=item.warnings + warnings)


def read_game(
    text: str, *, line: int = 1, column: int = 1, index: int = 0, source: str | None = None, variant: str = "catchup"
) -> Parsed:
    """One game, `text` starting at (line, column) of its file."""
    from lark.exceptions import UnexpectedInput

    padded = " " * (column - 1) + text  # keeps Lark's columns right when a game starts mid-line
    try:
        nodes = _parser().parse(padded).children
        record, warnings = _build(
            nodes, source=source, variant=variant, index=index, line_offset=line - 1, at=Location(line, column)
        )
    except UnexpectedInput as exc:
        error = syntax_error(exc, padded, source=source, words=_WORDS, what="game", line_offset=line - 1)
        return Parsed(index, None, error, line=line)
    except _ValueError as exc:
        tok = exc.token
        error = NotationError(
            exc.message,
            source=source,
            line=tok.line + line - 1,
            column=tok.column + exc.offset,
            text=line_of(padded, tok.line),
            code=exc.code,
        )
        return Parsed(index, None, error, line=line)
    return Parsed(index, record, None, tuple(warnings), line=line)


def _build(
    tokens: list[Any], *, source: str | None, variant: str, index: int, line_offset: int, at: Location
) -> tuple[Record, list[NotationWarning]]:
    warnings: list[NotationWarning] = []
    headers: dict[str, str] = {}
    header_tokens: dict[str, Token] = {}

    def warn(code: str, message: str, tok: Token) -> None:
        warnings.append(NotationWarning(code, message, tok.line + line_offset, tok.column))

    # The root (first) node's properties are the headers, kept in file order (text values, SGF escapes removed); they
    # are read first because SZ decides what the cell names mean.
    for tok in tokens[1:]:
        if tok.type in ("SEMI", "MOVES"):
            break
        if tok.type == "PROPERTY":
            name, value = _property(tok)
            if name in headers:
                warn("duplicate-property", f"{name} is given twice; the first value is kept", tok)
                continue
            headers[name] = value
            header_tokens[name] = tok

    side = None
    if "SZ" in headers:
        try:
            side = int(headers["SZ"].strip())
        except ValueError:
            raise _ValueError(
                f"SZ[{headers['SZ']}] is not a board side (a whole number such as 5)",
                header_tokens["SZ"],
                0,
                "bad-size",
            ) from None
    try:
        variant_obj = parse_variant(variant, size=side)
    except VariantError as exc:
        raise _ValueError(str(exc), header_tokens.get("SZ", tokens[0]), 0, "variant") from None
    board = variant_obj.board
    spec = variant_obj.spec

    turns: list[list] = []  # [player, cells, colours (empty: all the mover's), token]
    resigned: int | None = None
    resigned_tok: Token | None = None

    def colours_of(
        value: str, player: int, spot: _Spot | Token, value_at: int
    ) -> tuple[tuple[Cell, ...], tuple[int, ...]]:
        """A value that the fast path refused: cells with colour marks, or a located error."""
        parsed = parse_marked_cells(value, board) if "=" in value else parse_cells(value, board)
        if isinstance(parsed, int):
            example = "; D4=w for a stone of the other colour" if "=" in value else ""
            raise _ValueError(
                f"{value!r} is not a list of cells such as D4 or D4F6 (row letter, then a number{example})",
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

    def take(colour: str, value: str, spot: _Spot | Token, value_at: int) -> None:
        """One move: `value` is its bracketed text, starting `value_at` characters after `spot`."""
        nonlocal resigned, resigned_tok
        player = COLOURS[colour]
        if resigned is not None:
            raise _ValueError(f"a move after {LETTERS[resigned]} resigned", spot, 0, "move-after-resign")
        if value.strip().lower() == "resign":
            resigned, resigned_tok = player, spot
            return
        cells = parse_cells(value, board)
        colours: tuple[int, ...] = ()
        if isinstance(cells, int):
            cells, colours = colours_of(value, player, spot, value_at)
        if turns and turns[-1][0] == player:
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

    in_root = True
    for position, tok in enumerate(tokens):
        kind = tok.type
        if kind == "SEMI":
            in_root = position == 0
        elif kind == "PROPERTY":
            if not in_root:
                warn("ignored-property", f"property {_property(tok)[0]} in a move node is not kept", tok)
        elif kind == "MOVES":
            nodes = 0
            for spot, match in _move_nodes(tok):
                take(match.group(1), match.group(2), spot, match.start(2) - match.start())
                nodes += 1
            in_root = position == 0 and nodes == 1
        else:  # MOVE: a move that is not the first property of its node
            text = str(tok)
            open_at = text.index("[")
            take(text[0], text[open_at + 1 : -1], tok, open_at + 1)

    if "RE" in headers and resigned is not None:
        letter = headers["RE"].strip()[:1].upper()
        if letter == LETTERS[resigned]:
            warn(
                "re-names-resigner",
                f"RE[{headers['RE']}] names the player who resigned, not the winner "
                "(Little Golem writes it that way); the resignation decides",
                header_tokens["RE"],
            )

    record = Record(
        variant=str(variant_obj),
        turns=tuple(
            Turn(player, tuple(cells), colours=colours, at=Location(tok.line + line_offset, tok.column))
            for player, cells, colours, tok in turns
        ),
        resigned=resigned,
        players=(
            headers.get("PW"),
            headers.get("PB"),
        ),
        headers=headers,
        source=source,
        index=index,
        at=at,
        resigned_at=Location(resigned_tok.line + line_offset, resigned_tok.column) if resigned_tok else None,
    )
    return record, warnings


_MOVE_NODE = re.compile(r";[ \t\n]*([WB])[ \t\n]*\[([^\]]*)\]")


class _Spot(NamedTuple):
    """Where a move node starts (a Token-like position for nodes inside a MOVES run)."""

    line: int
    column: int


def _move_nodes(tok: Token) -> Iterator[tuple[_Spot, re.Match]]:
    """The move nodes of a MOVES token, each with its line and column in the file."""
    text = str(tok)
    line, line_start = tok.line, -tok.column + 1  # offset of the line's first character in `text`
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

_FIRST = ("FF", "EV", "PB", "PW", "SZ", "RE", "GC", "SO")
_PROPERTY_NAME = re.compile(r"[A-Z]+")  # FF[4] property names are upper case


def write_record(record: Record) -> tuple[str, list[NotationWarning]]:
    """Canonical LG text of one record: root properties in LG's order, one node per turn."""
    warnings: list[NotationWarning] = []
    variant = parse_variant(record.variant)
    if variant.family != "hex":
        raise WriteError(f"Little Golem records are hex games, not {record.variant}", code="wrong-family")
    board = variant.board
    root: dict[str, str] = {"FF": "4"}
    for name, value in record.headers.items():
        if not _PROPERTY_NAME.fullmatch(name):
            warnings.append(
                NotationWarning(
                    "header-dropped",
                    f"header {name!r} is not an SGF property name (upper-case letters) and is not written",
                )
            )
            continue
        root[name] = escape(value)
    for name, value in (("PW", record.players[0]), ("PB", record.players[1])):
        if value is not None:
            root[name] = escape(value)
    root["SZ"] = str(variant.size)
    if variant.name != "catchup":
        warnings.append(
            NotationWarning(
                "variant-not-recorded",
                f"Little Golem records do not name the variant; {record.variant} must be given when reading it back",
            )
        )
    ordered = [n for n in _FIRST if n in root] + [n for n in root if n not in _FIRST]
    out = ["(;", "".join(f"{name}[{root[name]}]" for name in ordered)]
    for turn in record.turns:
        if turn.numbers:
            raise WriteError("Little Golem records hold cells, not numbers", code="wrong-family")
        if not turn.cells:
            warnings.append(NotationWarning("pass-written", "a turn without stones is written as an empty move"))
        if turn.colours:
            value = "".join(
                cell_name(c, board) + ("" if colour == turn.player else colour_mark(variant.spec, colour))
                for c, colour in zip(turn.cells, turn.colours, strict=True)
            )
        else:
            value = "".join(cell_name(c, board) for c in turn.cells)
        out.append(f";{LETTERS[turn.player]}[{value}]")
    if record.resigned is not None:
        out.append(f";{LETTERS[record.resigned]}[resign]")
    warnings.extend(ending_dropped(record))
    out.append(")\n")
    return "".join(out), warnings


FORMAT = LittleGolem()
