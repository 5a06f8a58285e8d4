"""What every part of reading one game shares: the game's blocks (the move list read, the lead
diagram), the variant it is read under (given, else named by the post), the post's notes, the
warnings said so far, and cell names as the post writes them (on letters that start past `a`).
The parts (`diagrams`, `move_list`, `prose`, `mending`) extend it and
`reader.Reader` puts them together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catchup_notation.board import Cell
from catchup_notation.errors import NotationError
from catchup_notation.formats.base import NotationWarning
from catchup_notation.formats.rga.blocks import Block, entry_words, error_at
from catchup_notation.formats.rga.lines import Line
from catchup_notation.formats.rga.notes import PostNotes
from catchup_notation.rules.registry import parse_variant

if TYPE_CHECKING:
    from lark import Token


class GameContext:
    """The state of reading one game, shared by the reader's parts; collects warnings on the way."""

    capitals_other: bool  # capitals in the move list are the other colour (`ProseReading.read_capitals`)

    def __init__(
        self,
        parts: list[Block],
        index: int,
        source: str | None,
        variant: str | None,
        notes: PostNotes | None = None,
        capitals: str | None = None,
    ):
        self.parts = parts
        # the move list read is the longest one; the other diagrams are checked against its start
        self.block = parts[0] if len(parts) == 1 else max(parts, key=lambda p: len(entry_words(p)))
        # the first diagram of the game (its board and letters), else the first block
        self.lead = next((part for part in parts if part.header is not None), parts[0])
        self.index = index
        self.source = source
        self.given = variant  # as the caller gave it: it wins over what the post names
        self.notes = notes or PostNotes()
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
        return error_at(line, token, message, code, self.source)

    def fail_at(self, line: Line, column: int, message: str, code: str) -> NotationError:
        return error_at(line, None, message, code, self.source, column)

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
