(
    """One line of an rga post: prepared for the grammar (grammars/rga.lark), parsed, and classified.

Posts were typed for fixed-width mail and archived as web pages, so the same line comes in many
hands. Before Lark sees a line this module evens out what does not change its meaning, keeping
every character where it was so that line:col still point into the post as published:

- no-break spaces (U+00A0, kept by web archives) become spaces;
- a player-column header (`___o_______x__`, `_____Jx______  ______Bo______`), alone or after the
  column letters, is cut out and kept as the two players' columns, by position;
- text that follows a move entry or the column letters and is not part of them (a comment after a
  move, `"""
    """` glued to the letters) is split off as the line's comment.

A line that still does not parse is prose (a date, a title, "Final position:"), unless it sits
inside a diagram, where it is a syntax error; rga.py decides which.
"""
)

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING

import attrs

from catchup_notation.errors import NotationError
from catchup_notation.formats.base import LongLine
from catchup_notation.formats.diagnostics import syntax_error
from catchup_notation.resources import data_dir

if TYPE_CHECKING:
    from lark import Lark, Token, Tree

WORDS = {
    "QUOTE": "a quote prefix (':', '>', '|' or '!')",
    "COLUMNS": "the column letters (abcde...)",
    "NAME": "a player's letter or name",
    "ROWNUM": "a row number",
    "MOVENUM": "a move number such as '1.'",
    "POINT": "a diagram point ('.' or a stone's letter)",
    "CELL": "a cell such as 'i5' (i5=w: a stone of the other colour)",
    "DOTS": "a placeholder ('...', '..', '--' or '---')",
    "PASS": "'. . .' (a pass)",
    "RESIGN": "'resign'",
    "_SP": "a space",
    "_SP_ENTRY": "a space",
    "_GAP": "a tab or several spaces",
    "_HOLE": "a gap between points (cells missing from the board)",
}

# A player-column header: runs of underscores around each player's mark, one or two groups.
_COLUMN_HEADER = re.compile(r"_{2,}[^\s_]+_+(?:\s*_*[^\s_]+_+)*")
_MARK = re.compile(r"[^\s_]+")
# Prose has words: text the grammar stops at is a comment or prose only if it holds one.
_WORDY = re.compile(r"[A-Za-z]{3,}")


@cache
def parser() -> Lark:
    """The line grammar, built once (Lark is imported with the first line read, not the package)."""
    from lark import Lark

    grammar = (data_dir("grammars") / "rga.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr")


@attrs.frozen
class PlayerColumn:
    """One player's column in a move-list header written by position: its mark and where it is."""

    mark: str  # as written: `o`, `OOO`, `Jx`
    column: int  # 1-based column of the mark's first character
    end: int  # 1-based column of its last character
    start: int  # 1-based column where the mark's group of underscores starts

    @property
    def letter(self) -> str:
        """The stone letter the mark stands for: `OOO` -> o, `Jx` (Joao plays x) -> x, `o` -> o."""
        mark = self.mark
        if len(set(mark.lower())) == 1:
            return mark[0].lower()
        if len(mark) == 2 and mark[0].isupper() and mark[1].islower():
            return mark[1]
        return mark[0].lower()

    @property
    def name(self) -> str:
        """The player's name the mark gives: the capital of `Jx`, `O` for `OOO`, else the mark."""
        mark = self.mark
        if (len(mark) == 2 and mark[0].isupper() and mark[1].islower()) or len(set(mark)) == 1:
            return mark[0]
        return mark


def boundary(first: PlayerColumn, second: PlayerColumn) -> int:
    """The first column of the second player's turns. Two groups of underscores (`__Jx__  __Bo__`)
    frame the columns; in one group (`___o_______x__`) the second player's turns start at most two
    columns before the mark, as hand-aligned posts have them."""
    if second.start > first.end + 1:
        return second.start
    return max(first.end + 1, second.column - 2)


@attrs.define
class Line:
    """A line of a post as the reader sees it. `kind` is "record" (a diagram line or a move entry),
    "prose" (words the grammar does not read), or "error" (no words where the grammar stopped: a
    slip in a record line); `error` is the syntax error of a line that is not all record, for when
    it sits where a diagram line must be."""

    number: int
    text: str  # as published, trailing whitespace removed
    kind: str = "record"
    columns: Token | None = None
    names: Sequence[Token] = ()  # no list of its own: a line rarely names players
    rownum: Token | None = None
    points: list[Token] | None = None
    entry: Token | None = None  # the move number
    _slots: list[list[Token]] | None = attrs.field(default=None, alias="slots")  # None: no list held
    comment: str | None = None  # text after a move or the column letters
    comment_column: int = 0
    players: tuple[PlayerColumn, PlayerColumn] | None = None  # a player-column header on this line
    error: NotationError | None = None
    # The plain path's moves by turn, each (kind, text, column): tuples of strings and numbers,
    # which the garbage collector stops looking at, where a long move list would otherwise keep a
    # token object for every move until its record is built (half the reading time went there).
    plain: tuple[tuple[tuple[str, str, int], ...], ...] | None = None

    @property
    def slots(self) -> list[list[Token]]:
        """The move tokens of the entry, by turn as the gaps split them (made anew from `plain`)."""
        if self.plain is None:
            return [] if self._slots is None else self._slots
        token = _plain_token()
        return [
            [token(kind, text, column - 1, column - 1 + len(text)) for kind, text, column in slot]
            for slot in self.plain
        ]

    @slots.setter
    def slots(self, slots: list[list[Token]]) -> None:
        self._slots, self.plain = slots, None

    @property
    def moves(self) -> list[Token]:
        """The move tokens of the entry, left to right, whatever slot the gaps put them in."""
        return [token for slot in self.slots for token in slot]

    @property
    def words(self) -> list[str]:
        """The moves as written, left to right (for comparing move lists)."""
        if self.plain is not None:
            return [move[1] for slot in self.plain for move in slot]
        return [str(token) for token in self.moves]


def prepare(text: str) -> tuple[str, tuple[PlayerColumn, PlayerColumn] | None]:
    """The line with no-break spaces as spaces and a player-column header blanked out (same
    length, so columns are unchanged), and the header's two player columns if there was one."""
    if "\u00a0" in text:
        text = text.replace("\u00a0", " ")
    match = _COLUMN_HEADER.search(text) if "__" in text else None
    if match is None:
        return text, None
    group = match.group()
    marks = [
        PlayerColumn(
            m.group(),
            match.start() + m.start() + 1,
            match.start() + m.end(),
            match.start() + len(group[: m.start()].rstrip("_")) + 1,
        )
        for m in _MARK.finditer(group)
    ]
    if len(marks) != 2:
        return text, None
    # blanked, then trailing blanks dropped: the columns of what stays are unchanged
    return (text[: match.start()] + " " * len(match.group()) + text[match.end() :]).rstrip(), (marks[0], marks[1])


def consecutive(columns: str) -> bool:
    """Whether the letters run on without a gap (`bcdef...`), as a column-letter line does."""
    start = string.ascii_lowercase.find(columns[0])
    return string.ascii_lowercase[start : start + len(columns)] == columns


def parse(raw: str, number: int, source: str | None) -> Line:
    """One line, prepared and parsed. A line the grammar refuses is, with its syntax error: a record
    line and a comment (a move entry or the column letters, then text with words); prose (words
    where the grammar stopped, or a line opening with a word); or an error (record text, then no
    word where the grammar stopped: a slip such as `1. e4 ; d4`)."""
    from lark.exceptions import UnexpectedInput

    if isinstance(raw, LongLine):  # never read: past the limit of a line
        error = raw.error(number)
        error.source = source
        return Line(number, raw, kind="error", error=error)
    text, players = prepare(raw)
    plain = _plain_line(text, number, raw)
    if plain is not None and plain.columns is None:
        plain.players = players
        return plain
    try:
        line = _read(parser().parse(text), number, raw) if plain is None else plain
    except UnexpectedInput as exc:
        error = syntax_error(exc, raw, source=source, words=WORDS, what="diagram or move list", line_offset=number - 1)
        word = exc.column - 1  # the start of the word the grammar stopped in
        while word > 0 and text[word - 1].isalpha():
            word -= 1
        if not _WORDY.search(text, word) and _record_like(text[: exc.column - 1]):
            # record text, then no word where the grammar stopped: a slip, not prose
            return Line(number, raw, kind="error", players=players, error=error)
        comment = _with_comment(text, number, raw, exc.column)
        if comment is None:
            return Line(number, raw, kind="prose", players=players, error=error)
        line = comment
        line.error = error  # kept: a comment where a diagram row must be is an error after all
    line.players = players
    if line.columns is not None and not consecutive(str(line.columns)):
        return Line(number, raw, kind="prose", players=players)  # a word such as "hello", not column letters
    return line


# The plain path: the lines the writer writes, and most lines of a long move list, are read by
# regular expressions that accept exactly what the grammar reads the same way (tests/test_rga_plain.py
# holds them to it): a line that is only a move entry (quote prefixes and blanks, the move number,
# then cells and placeholders, each after a run of spaces or tabs); a diagram row numbered on the
# left, its points one space apart, maybe such an entry beside it after a gap; the column letters
# and the players' names. Any other line (a row numbered on the right or with holes, a pass, a
# resignation, a comment) takes the grammar, which is most of the cost of reading a written post.
_MOVES = r"((?:[ \t]++(?>[A-Za-z]{1,3}[0-9]++(?:=[A-Za-z])?|\.\.\.?|---?))*+)"
_PLAIN_ENTRY = re.compile(r"[ \t:>|!]*+([0-9]+\.)" + _MOVES)
_PLAIN_ROW = re.compile(
    r"[ \t:>|!]*+([0-9]++)(?:[ \t]{2,}|\t)([.A-Za-z](?: [.A-Za-z])*+)(?:(?:[ \t]{2,}|\t)([0-9]+\.)" + _MOVES + ")?"
)
_PLAIN_HEADER = re.compile(r"[ \t:>|!]*+([a-z]{5,}+)((?:[ \t]++[A-Za-z][A-Za-z_'-]*+)*+)")


def _plain_line(text: str, number: int, raw: str) -> Line | None:
    """The line as `_read` makes it from the grammar's tree, when the plain path reads it; else None."""
    return _plain_entry(text, number, raw) or _plain_row(text, number, raw) or _plain_header(text, number, raw)


def _plain_row(text: str, number: int, raw: str) -> Line | None:
    """A diagram row numbered on the left, maybe with a plain move entry beside it."""
    match = _PLAIN_ROW.fullmatch(text)
    if match is None:
        return None
    token = _plain_token()
    start, end = match.span(2)
    line = Line(number, raw, rownum=token("ROWNUM", match.group(1), *match.span(1)))
    line.points = [token("POINT", text[at], at, at + 1) for at in range(start, end, 2)]
    if match.group(3) is not None:
        line.entry, line.plain = _moves(text, match.span(3))
    return line


def _plain_header(text: str, number: int, raw: str) -> Line | None:
    """The column letters and the players' names (as a header row or the line below a diagram)."""
    match = _PLAIN_HEADER.fullmatch(text)
    if match is None:
        return None
    token = _plain_token()
    start = match.end(1)
    names = [
        token("NAME", word.group(), start + word.start(), start + word.end())
        for word in re.finditer(r"\S+", match.group(2))
    ]
    return Line(number, raw, columns=token("COLUMNS", match.group(1), *match.span(1)), names=names)


def _plain_entry(text: str, number: int, raw: str) -> Line | None:
    """A line that is only a plain move entry."""
    match = _PLAIN_ENTRY.fullmatch(text)
    if match is None:
        return None
    entry, plain = _moves(text, match.span(1))
    return Line(number, raw, entry=entry, plain=plain)


def _moves(text: str, span: tuple[int, int]) -> tuple[Token, tuple[tuple[tuple[str, str, int], ...], ...]]:
    """The move number at `span` and the moves after it to the end of `text`, by turn."""
    start, end = span
    entry = _plain_token()("MOVENUM", text[start:end], start, end)
    slots: list[list[tuple[str, str, int]]] = []
    for word in text[end:].split():
        start = text.find(word, end)
        if start != end + 1 or text[end] != " " or not slots:  # a gap (not one space) between turns
            slots.append([])
        end = start + len(word)
        slots[-1].append(("CELL" if word[0].isalpha() else "DOTS", word, start + 1))
    return entry, tuple(map(tuple, slots))


@cache
def _plain_token() -> Callable[[str, str, int, int], Token]:
    """A maker of the tokens the grammar makes of one line (line 1, columns from 1), without the
    checks of Lark's own constructor (a third of the plain path's time otherwise)."""
    from lark import Token

    class PlainToken(Token):
        __slots__ = ()

        def __new__(cls, kind: str, value: str, start: int, end: int) -> PlainToken:
            token = str.__new__(cls, value)
            token.type, token.value, token.start_pos, token.end_pos = kind, value, start, end
            token.line = token.end_line = 1
            token.column, token.end_column = start + 1, end + 1
            return token

        def __reduce__(self) -> tuple[type[Token], tuple[str, str, int | None, int | None, int | None]]:
            return Token, (self.type, self.value, self.start_pos, self.line, self.column)  # Lark's own

    return PlainToken


def _record_like(head: str) -> bool:
    """Whether the start of a line is how a record line starts: a number, a point, or the column
    letters; a line opening with any other word ("nature of the board.") is prose."""
    first = head.lstrip(" \t:>|!").split(" ", 1)[0]
    if not first:
        return False
    if len(first) > 1 and first.isalpha():
        return first.islower() and consecutive(first)
    return True


def _with_comment(text: str, number: int, raw: str, column: int) -> Line | None:
    """The line read up to where the grammar stopped, when that much is a move entry or the column
    letters: the rest is the comment. None when it is not."""
    from lark.exceptions import UnexpectedInput

    head = text[: column - 1].rstrip(" \t")
    if not head.strip(" \t:>|!"):
        return None
    try:
        line = _read(parser().parse(head), number, raw)
    except UnexpectedInput:
        return None
    if line.entry is None and (line.columns is None or line.points is not None):
        return None
    if line.entry is not None and not line.slots and line.points is None and line.rownum is None:
        return None  # "1. Nick opened in the centre": prose that starts with a number
    line.comment = raw[column - 1 :].replace("\u00a0", " ").strip()
    line.comment_column = column
    return line


def _read(tree: Tree[Token], number: int, raw: str) -> Line:
    from lark import Token, Tree

    line = Line(number, raw)
    stack: list[Tree[Token]] = [tree]
    while stack:  # top-down, left to right
        node = stack.pop()
        tokens = [child for child in node.children if isinstance(child, Token)]
        if node.data == "header":
            line.columns = tokens[0]
            line.names = tokens[1:]
        elif node.data == "row":
            numbers = [t for t in tokens if t.type == "ROWNUM"]
            line.rownum = numbers[0] if numbers else None
            line.points = []
        elif node.data == "points":
            line.points = tokens
        elif node.data == "entry":
            line.entry = tokens[0]
            line.slots = [
                [t for t in slot.children if isinstance(t, Token)] for slot in node.children if isinstance(slot, Tree)
            ]
        stack.extend(reversed([child for child in node.children if isinstance(child, Tree)]))
    return line
