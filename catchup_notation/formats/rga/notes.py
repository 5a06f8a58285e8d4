"""What the prose of a post has said so far, for the games after it: the variants its titles and
rules lines name, the players' names by their stone letters, and where it says that capitals in
a move list are stones of the other colour, each as far as the message it is in goes.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from catchup_notation.formats.rga.blocks import Block
from catchup_notation.formats.rga.lines import Line
from catchup_notation.formats.rga.text import NamedVariant, plain, says_capitals, starts_message, variant_named


@attrs.define
class PostNotes:
    """What the prose of a post has said so far, for the games that follow it: the variants its
    titles and rules lines name, the names it gives the players by their letters, and where it
    says that capitals in a move list are stones of the other colour. A line that opens a message
    (`From:`, "Posted on ...") starts another post: what came before it no longer applies."""

    variants: list[NamedVariant] = attrs.Factory(list)
    names: dict[str, list[tuple[int, str]]] = attrs.Factory(dict)  # stone letter -> (line, name), in order
    capitals: list[int] = attrs.Factory(list)  # lines that say capitals are the other colour
    messages: list[int] = attrs.Factory(list)  # lines that open a message
    read_up_to: int = 0  # the last line learnt from

    def learn(self, parts: list[Block]) -> None:
        """Take in the prose lines (and comments beside record lines) of a game's blocks."""
        for line, text in prose_of(parts):
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


def prose_of(parts: list[Block]) -> Iterator[tuple[Line, str]]:
    """Each prose line of a game's blocks and each comment beside a record line, as plain text."""
    for part in parts:
        for line in part.lines:
            if line.kind == "prose":
                yield line, plain(line.text)
            elif line.comment:
                yield line, plain(line.comment)
