"""Grouping a post's blocks into games: several diagrams of one game (the same board, move lists
that agree) make one game, and so do a move list and a diagram after it, with no list of its own,
that can show it. A game is given out as soon as the block after it cannot continue it, so that
reading stays linear in the post's length.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import attrs

from catchup_notation.formats.rga.blocks import Block, blocks_of, entry_words
from catchup_notation.formats.rga.board import hexhex_frame


def _same_board(first: Block, block: Block) -> bool:
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

    block: Block
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


def games_of(lines: Iterable[str], source: str | None) -> Iterator[list[Block]]:
    """Blocks grouped by game: several diagrams of one game in one post make one record, and so do
    a move list and a diagram after it with no move list of its own that can show that game (a
    caption such as "Final position:" between them). A game is given out as soon as the block
    after it cannot continue it."""
    parts: list[Block] = []
    theirs: list[list[str]] = []
    follower: _Follower | None = None
    for block, whole in blocks_of(lines, source):
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
            words = entry_words(block)
            theirs = words if len(words) > len(theirs) else theirs
            follower = None
    if parts:
        yield parts


def _shows(parts: list[Block], block: Block, whole: bool) -> bool:
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
