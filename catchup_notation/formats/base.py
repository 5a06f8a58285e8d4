"""The notation protocol: what every format is, reads and writes.

A format is one module defining one object that satisfies `Format` (and one line in the registry,
`catchup_notation.formats.FORMAT_MODULES`). It reads decoded text, given as successive chunks, into
`Parsed` items lazily, one per record (a bad record is an item with an error and reading goes on);
it writes records to a text stream, with a warning for anything the notation cannot carry and a
`WriteError` for what it cannot write at all; it names cells the way its own files do. No format
applies game rules: a record says what the file said, and the rules judge it later.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal, Protocol, TextIO, TypeVar

import attrs

from catchup_notation.board import Board, Cell
from catchup_notation.errors import NotationError
from catchup_notation.limits import MAX_LINE_CHARS, MAX_RECORD_CHARS
from catchup_notation.model import Record

Family = Literal["hex", "numbers", "any"]

#: What a record can hold that a notation may or may not be able to write (see `Format.carries`).
FEATURES: Mapping[str, str] = {
    "variant": "the variant's name (and so its rules), beyond the board size or number set",
    "size": "the board side (hex) or the number set and starting scores (number-set games)",
    "board": "a board of another shape than hexhex (its cells)",
    "players": "the players' names",
    "headers": "other metadata (events, dates, sites, comments)",
    "resignation": "a resignation at the end",
    "ending": "a timeout, an agreed draw or an abandoned game at the end (game servers' endings)",
    "passes": "a turn that places no stone",
    "colours": "a stone of the other colour than its mover's (too, product)",
    "turn-order": "turns that do not alternate between the players",
    "several": "several records in one text",
    "annotations": "comments, and lines of play other than the game's (a review's best lines)",
}

#: A rga reader option: `{"h3": "h4"}` fixes every h3, `{"5:h3": "h4"}` only the one in turn 5;
#: "diagram" applies the fixes the post's own diagram makes certain.
Corrections = Mapping[str, str] | Literal["diagram"] | None


@attrs.frozen
class NotationWarning:
    """Something read or written that was normalised, doubtful or not carried (never silently
    dropped): a stable `code`, words for people, and where it is when it comes from a text."""

    #: A stable code: the same condition has the same code in every notation.
    code: str
    #: What was normalised, guessed or not carried, in words.
    message: str
    #: The line it is about, when it comes from a text.
    line: int | None = None
    #: The column it is about, when it comes from a text.
    column: int | None = None


@attrs.frozen
class Parsed:
    """One record of a text as a format read it, or the error that stopped reading it.

    `index` is the record's 0-based position in its text; `line` where it starts (1-based).
    """

    #: The record's 0-based place in its text.
    index: int
    #: The record, or None when it could not be read.
    record: Record | None
    #: Why the record could not be read, or None.
    error: NotationError | None = None
    #: What the reader normalised or guessed in this record.
    warnings: tuple[NotationWarning, ...] = ()
    #: The line the record starts on.
    line: int | None = None


@attrs.frozen
class Piece:
    """One record's text as a format's cheap scan found it (`Format.pieces`), to be parsed later,
    maybe in another process (`Format.parse_piece`): what reading one big file on every core
    hands out. `notes` is the format's own, anything picklable (what it learnt around the record
    while scanning: text it skipped, where reading resumed)."""

    index: int
    text: str
    line: int
    column: int = 1
    notes: Any = None


@attrs.define
class Part:
    """A part of an input read on its own (a stretch of a big file a worker process reads): where
    it starts, the index of its first record and its first line, as in the whole input. A reader
    that reads parts (`Format.parts`) fills in, once it has read the text, what the part held:
    the index its next record would have (`next_index`), the line its text ended on
    (`next_line`) and whether it ended between records (`between`: False when a record was still
    open at its end, for the whole input to be read otherwise from the part's start)."""

    index: int = 0
    line: int = 1
    next_index: int | None = None
    next_line: int | None = None
    between: bool | None = None


@attrs.frozen
class ReadOptions:
    """What a reader is told besides the text.

    `source` names the text in messages. `variant` is the variant string to read under: it says
    what colour marks mean and the board size where the file does not (None: the format's own
    default, `catchup` for hex notations). `corrections` mend coordinates of hand-written posts
    (rga only; other formats ignore it). `capitals` says what a capital cell in a move list means
    (rga only): "other-colour", "same", or None for what the post and the variant say.
    """

    #: The name of the text, for messages.
    source: str | None = None
    #: The variant string to read under (None: the notation's own default).
    variant: str | None = None
    #: Fixes for the coordinates of hand-written posts (rga only).
    corrections: Corrections = None
    #: What a capital cell in a move list means (rga only): "other-colour", "same", or None.
    capitals: str | None = None
    #: The part of the input the text is, where it is one read on its own (`Part`).
    part: Part | None = attrs.field(default=None, eq=False)


class Format(Protocol):
    """A notation: its names, the files it reads, what it can write, how it reads a text into
    records and writes records into one, and how it names cells; `catchup_notation.formats` lists
    the registered ones."""

    #: The short name used on the command line and in `read(..., format=...)`: "lg", "rga", ...
    name: str
    #: What people call it.
    title: str
    #: File name endings that are read as this format (lower case, with the dot).
    extensions: tuple[str, ...]
    #: Which games it records: hex games, number-set games, or both.
    family: Family
    #: The `FEATURES` it can write; a record using any other gets a warning or a `WriteError`.
    carries: frozenset[str]
    #: Whether it reads a collection one record at a time (a file of any size in constant memory).
    streaming: bool
    #: Whether `pieces` finds its records by a scan much cheaper than parsing (so that one big
    #: file can be parsed on every core).
    splits: bool = False
    #: Whether its reader reads a part of a file on its own (`ReadOptions.part`): a record starts at
    #: every '(' that starts a line where the scan is between records, and nothing read before it
    #: changes what is read from there on (so that the parts of one big file are read on every core).
    parts: bool = False
    #: Where a collection written is its records' texts, each as it is written alone, joined by
    #: this (and warned of as each alone): `catchup convert` writes the text it checked of each
    #: record (`converting.checked`) instead of writing the record twice. None for a notation that
    #: writes a collection otherwise (an array, numbered records).
    joins: str | None = None
    #: Whether a collection written is made of its records' texts, each as it is written alone,
    #: otherwise than joined (`write_texts`): `catchup convert` writes the texts it checked.
    writes_texts: bool = False
    #: Whether it writes a plain game given packed, and reads its own writing of one back so
    #: (`write_packed`, `read_packed`): `catchup convert` converts such games without a record.
    writes_packed: bool = False

    def sniff(self, head: str) -> bool:
        """Whether text starting with `head` (a few KB, decoded) looks like this format."""
        ...

    def read(self, chunks: Iterable[str], options: ReadOptions) -> Iterator[Parsed]:
        """The records of a text given as successive chunks (any sizes, '\\n' line ends, no BOM),
        lazily and in order. Raises only `NotationError` for the text as a whole (and
        `VariantError` for a variant it cannot read under); a bad record is a `Parsed` error."""
        ...

    def pieces(self, chunks: Iterable[str], options: ReadOptions) -> Iterator[Piece]:
        """The records of a text as `Piece`s, found by a scan much cheaper than parsing, such that
        `read` gives `parse_piece` of each. Only for a format that `splits`; raises as `read` does."""
        raise TypeError(f"{self.name} does not split its texts")

    def parse_piece(self, piece: Piece, options: ReadOptions) -> Parsed:
        """The record of one of this format's `pieces` (anywhere: the piece is all it needs)."""
        raise TypeError(f"{self.name} does not split its texts")

    def write(self, records: Iterable[Record], out: TextIO) -> list[NotationWarning]:
        """Write the records to `out` as they come; return the warnings of what was not carried.
        Raises `WriteError` (with a stable code) for a record the notation cannot hold."""
        ...

    def write_texts(self, texts: Iterable[str], out: TextIO) -> None:
        """Write records given as their texts, each as `write` writes that record alone, as `write`
        writes them together (a notation that `writes_texts` only)."""
        raise TypeError(f"{self.name} does not write a collection of texts")

    def cell_name(self, cell: Cell, board: Board) -> str:
        """The name this notation gives `cell` on `board` (`E5`, `e5`, `i5`). Raises `WriteError`
        (code `unwritable-cell`) for a cell it has no name for."""
        ...

    def plain_turns(self, text: str, variant: str | None) -> PlainGame | None:
        """What reading `text` back gives the rules, where a direct reader can tell it exactly:
        `text` one record alone as this notation's writer writes a game of plain turns (see
        `plain_of`), read under `variant` (None: the one the text names). None where it cannot
        tell (anything else in the text): the notation's reader reads it. `converting.checked`
        compares this with the record written, instead of reading the text into a record."""
        return None

    def write_packed(self, game: PackedGame, headers: dict[str, str]) -> tuple[str, list[NotationWarning]] | None:
        """What `write` writes of one record alone, and its warnings, for a plain game given packed
        (`PackedGame`) with its headers (the players are `PW` and `PB`, as Little Golem names them),
        the record that reading its game as Little Golem writes it gives; None where this notation
        writes it only from a record (`converting.checked_packed` then goes the usual way)."""
        return None

    def read_packed(self, text: str, variant: str | None) -> PackedGame | None:
        """`plain_turns`, packed: what reading `text` back gives the rules (read under `variant`;
        None: the one the text names), where a direct reader can tell it exactly; else None."""
        return None


#: A game of plain turns as the rules see it: the variant string, the first mover and one tuple of
#: cells per turn, the players alternating and every stone its mover's (see `plain_of`).
PlainGame = tuple[str, int, list[tuple[Cell, ...]]]

#: A game of plain turns packed, as the compiled core reads it: the variant string, the first mover,
#: the turns as int32 (per turn its count of stones, then their cell indices on the variant's
#: board, the players alternating and every stone its mover's), and the player who resigned (0:
#: none).
PackedGame = tuple[str, int, bytes, int]


def plain_of(record: Record, board: Board | None = None) -> tuple[int, list[tuple[Cell, ...]]] | None:
    """The first mover (0 where there is no turn) and each turn's cells of a record whose reader
    kept its turns compactly (on `board`, where given; Little Golem's plain path: the players
    alternate, every stone is its mover's, no turn is a pass), with no comment or other line of
    play; None for any other record. A writer writes such turns from a table of cell names
    without making the Turn objects."""
    compact = getattr(record, "compact", None)
    if compact is None or record.annotations or (board is not None and compact.board != board):
        return None
    cells: list[tuple[Cell, ...]] = compact.cells
    if not all(cells):  # a pass: the writers say so
        return None
    return (compact.first if cells else 0), cells


T = TypeVar("T")
K = TypeVar("K")

#: Entries a table of `remembered` keeps, at most: the texts of a collection's turns repeat, and a
#: file of turns all different must not grow the table without end.
REMEMBERED = 1 << 16


def remembered(table: dict[K, T], key: K, make: Callable[[K], T]) -> T:
    """`table[key]`, made by `make(key)` where the table does not hold it yet, and kept there
    while it holds fewer than `REMEMBERED` (the writers' and direct readers' tables of texts and
    cells written or read so far)."""
    found = table.get(key)
    if found is None:
        found = make(key)
        if len(table) < REMEMBERED:
            table[key] = found
    return found


def remembered_each(table: dict[K, T], keys: Sequence[K], make: Callable[[K], T]) -> list[T]:
    """`remembered` of each key in turn: those the table holds looked up at once, the others made
    (a collection's turns mostly repeat, but most of its records have one not seen before)."""
    found = list(map(table.get, keys))
    at = 0
    for _ in range(found.count(None)):  # each not held yet, found by the list's own search
        at = found.index(None, at)
        found[at] = remembered(table, keys[at], make)
    return found  # type: ignore[return-value]  # no None is left


def write_each(
    records: Iterable[Record],
    out: TextIO,
    write_one: Callable[[Record, int], tuple[str, list[NotationWarning]]],
    separator: str = "",
) -> list[NotationWarning]:
    """Write each record's text as it is made, `separator` between records; all the warnings.
    The loop that every format writing one record at a time shares."""
    warnings: list[NotationWarning] = []
    for number, record in enumerate(records):
        text, more = write_one(record, number)
        if number and separator:
            out.write(separator)
        out.write(text)
        warnings.extend(more)
    return warnings


def ending_dropped(record: Record, where: str = "") -> list[NotationWarning]:
    """The `ending-dropped` warning of a notation that cannot say how `record` ended (a timeout, an
    agreed draw, an abandoned game), or none when it has no such ending. `where` prefixes it."""
    ending = record.ending
    if ending is None:
        return []
    what = {"timeout": f"player {ending.player} ran out of time", "draw": "a draw was agreed"}.get(
        ending.kind, "the game was abandoned"
    )
    return [NotationWarning("ending-dropped", f"{where}the notation cannot say that {what}; the ending is not written")]


def annotations_dropped(record: Record, where: str = "") -> list[NotationWarning]:
    """The `annotations-dropped` warning of a notation that cannot write comments or other lines
    of play, or none when `record` has none. `where` prefixes it."""
    annotations = record.annotations
    if not annotations:
        return []
    said = []
    if annotations.comments:
        count = len(annotations.comments)
        said.append(f"{count} comment{'s' if count != 1 else ''}")
    if annotations.variations:
        count = len(annotations.variations)
        said.append(f"{count} other line{'s' if count != 1 else ''} of play")
    return [
        NotationWarning(
            "annotations-dropped", f"{where}the notation cannot hold {' and '.join(said)}; they are not written"
        )
    ]


#: Header keys that only restate what a record's own fields hold, with the feature that holds it: a
#: notation that carries the feature writes it its own way, so writing it without these keys loses
#: nothing. "" marks keys never worth naming: SGF's file-format version means nothing elsewhere, and
#: the board's size and shape belong to the variant, whose loss writers report on their own.
RESTATING_HEADERS: Mapping[str, str] = {
    "FF": "",
    "PB": "players",
    "PW": "players",
    "SZ": "",
    "XB": "",
    "players": "players",  # Abstract Play's: only when its entries hold no more than names and results
    "game": "size",  # Abstract Play's: the game's name and board
    # rga's: the post's picture of the position, which the turns give (where the two differ, the
    # reader said so); a notation without diagrams loses nothing the record does not hold
    "diagram": "",
}
_PLAYER_ENTRY_KEYS = frozenset({"name", "result"})


def restates(key: str, value: object, carries: frozenset[str]) -> bool:
    """Whether header `key` only restates what a notation carrying `carries` writes anyway."""
    feature = RESTATING_HEADERS.get(key)
    if feature is None or (feature and feature not in carries):
        return False
    if key == "players":
        return isinstance(value, list) and all(isinstance(e, dict) and set(e) <= _PLAYER_ENTRY_KEYS for e in value)
    return True


def lost_headers(record: Record, carries: frozenset[str], keeps: Callable[[str], bool] | None = None) -> list[str]:
    """The header keys a notation loses in writing `record`: those it does not write (`keeps` says
    which it does; none by default) and that do not merely restate what it carries (`restates`)."""
    return [
        key
        for key, value in record.headers.items()
        if not (keeps is not None and keeps(key)) and not restates(key, value, carries)
    ]


class LongLine(str):
    """A line longer than the line limit: its first `KEPT` characters, for the message; `length`
    says how long it was. Readers report it instead of reading it; the rest of the line is skipped.
    Stripping it gives it back as it is (a reader may strip every line before looking at it: a
    long line must stay one)."""

    KEPT = 200
    length: int
    limit: int

    def error(self, number: int) -> NotationError:
        """The limit error of this line, line `number` of its text."""
        return NotationError(
            f"a line of {self.length} characters is past the limit of {self.limit} characters of a line",
            line=number,
            column=1,
            text=str(self),
            code="limit",
        )

    def strip(self, chars: str | None = None) -> LongLine:
        return self

    def lstrip(self, chars: str | None = None) -> LongLine:
        return self

    def rstrip(self, chars: str | None = None) -> LongLine:
        return self


def lines_of(chunks: Iterable[str], limit: int = MAX_LINE_CHARS) -> Iterator[str]:
    """The lines of a text given in chunks, without their '\\n' (a final empty line is not one).
    A line longer than `limit` comes as a `LongLine`, so that no line, however long, is held
    whole (at most `limit` characters of it, while it is read)."""
    rest: list[str] = []
    held = 0  # characters in `rest`
    skipped = 0  # characters of a too-long line dropped so far
    for chunk in chunks:
        start = 0
        while True:
            end = chunk.find("\n", start)
            piece = chunk[start:] if end < 0 else chunk[start:end]
            if skipped or held + len(piece) > limit:
                if not skipped:
                    rest.append(piece[: LongLine.KEPT])
                    rest = ["".join(rest)[: LongLine.KEPT]]
                    skipped = held + len(piece)
                else:
                    skipped += len(piece)
                held = limit
            else:
                rest.append(piece)
                held += len(piece)
            if end < 0:
                break
            yield _line("".join(rest), skipped, limit)
            rest, held, skipped = [], 0, 0
            start = end + 1
    if held or skipped:
        yield _line("".join(rest), skipped, limit)


def _line(text: str, length: int, limit: int) -> str:
    if not length:
        return text
    long = LongLine(text)
    long.length, long.limit = length, limit
    return long


class Capped:
    """The chunks of a text up to `limit` characters: iterating stops there, never reading more (an
    endless input ends too). `over` then says that the text went on; `line` and `column` where
    the limit was met."""

    def __init__(self, chunks: Iterable[str], limit: int = MAX_RECORD_CHARS) -> None:
        self.chunks, self.limit = chunks, limit
        self.over = False
        self.line, self.column = 1, 1

    def __iter__(self) -> Iterator[str]:
        held = 0
        for chunk in self.chunks:
            if held + len(chunk) > self.limit:
                self.over = True
                chunk = chunk[: self.limit - held]
            held += len(chunk)
            self._count(chunk)
            if chunk:
                yield chunk
            if self.over:
                return

    def _count(self, chunk: str) -> None:
        breaks = chunk.count("\n")
        if breaks:
            self.line += breaks
            self.column = len(chunk) - chunk.rfind("\n")
        else:
            self.column += len(chunk)
