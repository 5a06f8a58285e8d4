"""The library's exceptions. Every error a public call raises on purpose derives from `CatchupError`.

- `NotationError`: text that cannot be read as a record (syntax, encoding, a value that is not a
  cell, an input that cannot be opened), with file, line, column and the offending line;
- `WriteError`: a record that a notation cannot write (a stone colour Abstract Play cannot say);
- `VariantError`: an unknown variant, a bad variant string or parameter;
- `NoSuchPosition`: a position or turn number the record does not have (also an `IndexError`);
- `RecordError`: a value the model cannot hold (a player other than 1 or 2, stone colours that do
  not match a turn's cells); `BoardError`: a set of cells that is not a board;
- `IllegalTurn`: a turn that breaks the rules, carrying the `RuleError` that says which turn,
  whose, and what rule (raised by an engine's `play`; replay reports it as data).

`RuleError` and `Location` (where something was written) are here, at the bottom of the library,
with the errors that carry them; `catchup_notation.model` holds them too, with the rest of a record.

A `ValueError` or `KeyError` from the standard library never escapes a public call: bad values are
reported as one of these.
"""

from __future__ import annotations

import attrs

from catchup_notation.escaping import printable

# Stable rule error codes, in the order they are checked within one turn.
RULE_CODES = (
    "game-over",
    "wrong-player",
    "off-board",
    "duplicate-cell",
    "occupied",
    "stone-count",
    "wrong-colour",
    "largest-group-grew",
    "equal-largest-groups",
    "not-available",
    "kept-taking",
    "stopped-behind",
)


@attrs.frozen
class Location:
    """Where something was written: 1-based line and column in its source file."""

    #: The line, counted from 1.
    line: int
    #: The column, counted from 1.
    column: int


@attrs.frozen
class RuleError:
    """The first turn of a record that breaks the rules of its variant.

    `code` is stable (see `catchup_notation.errors.RULE_CODES`); `message` is for people.
    """

    #: The rule broken, a stable code (`catchup_notation.errors.RULE_CODES`).
    code: str
    #: The turn that broke it, counted from 1.
    turn: int
    #: Who played that turn (1 or 2).
    player: int
    #: What happened and why, in words.
    message: str
    #: The cells the rule is about (hex games).
    cells: tuple[tuple[int, int], ...] = ()
    #: The numbers the rule is about (number-set games).
    numbers: tuple[int, ...] = ()


class CatchupError(Exception):
    """Root of every error this library raises on purpose. `code` is stable, `message` for people."""

    code: str = "error"

    @property
    def message(self) -> str:
        """The error in words, without its place."""
        return str(self.args[0]) if self.args else ""


class VariantError(CatchupError, ValueError):
    """An unknown variant, a bad variant string or parameter (also a `ValueError`)."""

    code = "variant"


class RecordError(CatchupError, ValueError):
    """A value the record model cannot hold faithfully (also a `ValueError`)."""

    code = "record"


class BoardError(CatchupError, ValueError):
    """A set of cells that cannot be a board, or a question only a hexhex board answers."""

    code = "board"


class NoSuchPosition(CatchupError, IndexError):
    """A position or turn number that the record does not have (also an `IndexError`, as an index
    past the end of a list is)."""

    code = "no-position"


class WriteError(CatchupError):
    """A record that a notation cannot write without losing something that matters."""

    def __init__(self, message: str, *, code: str = "unwritable") -> None:
        super().__init__(message)
        self.code = code


def _place(source: str | None, line: int | None, column: int | None, byte_offset: int | None = None) -> str:
    place = source or "<input>"
    if line is not None:
        place += f":{line}:{column or 1}"
    elif byte_offset is not None:
        place += f": byte {byte_offset}"
    return place


class IllegalTurn(CatchupError):
    """A turn broke the rules: `error` (a `RuleError`) says which turn, whose, and what rule.

    `source` and `at` (the turn's line and column) are known when the turn came from a file.
    """

    def __init__(self, error: RuleError, *, source: str | None = None, at: Location | None = None) -> None:
        super().__init__(error.message)
        self.error = error
        self.code = error.code
        self.source = source
        self.at = at

    @property
    def line(self) -> int | None:
        """The line of the turn that broke the rule, when it came from a file."""
        return self.at.line if self.at else None

    @property
    def column(self) -> int | None:
        """The column of that turn."""
        return self.at.column if self.at else None

    def where(self) -> str:
        """`file:line:col` of the turn (as much of it as is known)."""
        return _place(self.source, self.line, self.column)

    def __str__(self) -> str:
        if self.source is None and self.at is None:
            return printable(self.message)
        return printable(f"{self.where()}: error[{self.code}]: {self.message}")


class NotationError(CatchupError):
    """Text that cannot be read as a record: syntax, encoding, a value that is not a cell, or an
    input that cannot be opened or recognised.

    `source`, `line`, `column` locate it (1-based; `byte_offset` for undecodable bytes);
    `text` is the offending line, shown with a caret under the column by `__str__` (or its part from
    column `text_column` on, for a record that starts in the middle of a long line).
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        text: str | None = None,
        byte_offset: int | None = None,
        code: str = "syntax",
        text_column: int = 1,
    ) -> None:
        super().__init__(message)
        self.source = source
        self.line = line
        self.column = column
        self.text = text
        self.byte_offset = byte_offset
        self.code = code
        self.text_column = text_column

    def where(self) -> str:
        """`file:line:col`, or `file: byte N` for undecodable bytes."""
        return _place(self.source, self.line, self.column, self.byte_offset)

    def __str__(self) -> str:
        out = printable(f"{self.where()}: error[{self.code}]: {self.message}")
        if self.text is not None and self.column is not None:
            shown, caret = _window(self.text.rstrip(), self.column - self.text_column + 1)
            if self.text_column > 1 and not shown.startswith("..."):
                shown, caret = "..." + shown, caret + 3
            caret = max(0, min(caret, len(shown)))
            before, after = printable(shown[:caret]), printable(shown[caret:])  # the caret stays under its character
            out += f"\n    {before}{after}\n    {' ' * len(before)}^"
        return out


def _window(line: str, column: int, width: int = 100) -> tuple[str, int]:
    """The part of a long line around `column` (with "..." where it was cut) and the caret's
    offset in it: a one-line collection of megabytes is never printed whole."""
    if len(line) <= width:
        return line, column - 1
    start = max(0, min(column - 1 - width // 2, len(line) - width))
    shown = line[start : start + width]
    head = "..." if start > 0 else ""
    tail = "..." if start + width < len(line) else ""
    return head + shown + tail, column - 1 - start + len(head)
