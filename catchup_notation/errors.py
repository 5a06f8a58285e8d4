"""The library's exception types. Nothing else escapes the public API.

`CatchupError` is the root. Syntax problems are `NotationError` (with file, line, column and the
offending line); rule problems are data (`model.RuleError`) carried by `IllegalTurn`.
"""

from __future__ import annotations

from catchup_notation.model import RuleError

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


class CatchupError(Exception):
    """Root of every error this library raises on purpose."""


class VariantError(CatchupError, ValueError):
    """An unknown variant, a bad variant string or parameter."""


class IllegalTurn(CatchupError):
    """A turn broke the rules; `error` says which turn, whose, and what rule."""

    def __init__(self, error: RuleError) -> None:
        super().__init__(error.message)
        self.error = error


class NotationError(CatchupError):
    """Text that cannot be read as a record: syntax, encoding, or a value that is not a cell.

    `source`, `line`, `column` locate it (1-based; `byte_offset` for undecodable bytes);
    `text` is the offending line, shown with a caret under the column by `__str__`.
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
    ) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.text = text
        self.byte_offset = byte_offset
        self.code = code

    def where(self) -> str:
        place = self.source or "<input>"
        if self.line is not None:
            place += f":{self.line}:{self.column or 1}"
        elif self.byte_offset is not None:
            place += f": byte {self.byte_offset}"
        return place

    def __str__(self) -> str:
        out = f"{self.where()}: error[{self.code}]: {self.message}"
        if self.text is not None and self.column is not None:
            out += f"\n    {self.text.rstrip()}\n    {' ' * (self.column - 1)}^"
        return out
