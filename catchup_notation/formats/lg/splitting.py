"""A collection split into games by a scan of its brackets and parentheses, before any parser
sees its text: a huge file is read one game at a time and a broken game does not stop the next.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple

from catchup_notation.formats.base import Part
from catchup_notation.limits import MAX_RECORD_CHARS


class Taken(NamedTuple):
    """Games that a `Take` took from the text in one go: the index of the first in its input, its
    line and column, and what the `Take` gave for them (an item per game)."""

    first: int
    line: int
    column: int
    items: list[Any] | PlainRun


class PlainRun:
    """Games a cheap scan found plain in shape, cut out of a collection to be judged elsewhere (a
    worker process): their text, from the first game's '(' to the '(' that follows the last one,
    included, and how many games it holds. It stands for its games in a `Taken` (its length is
    theirs) until `format.judged_run` judges them."""

    __slots__ = ("count", "text")

    def __init__(self, text: str, count: int) -> None:
        self.text, self.count = text, count

    def __len__(self) -> int:
        return self.count

    def __reduce__(self) -> tuple[Any, ...]:  # a job for a worker: one string and a number
        return (PlainRun, (self.text, self.count))


#: A function that takes games from a chunk of text in one go (a compiled judge of plain games):
#: given the chunk, the position of a game's '(' and its line and column, what it gave for each
#: game it took from there on (none: the scan reads the game) and where the first game it left
#: starts. A game is taken only where nothing but blanks stands between it and the next '('.
Take = Callable[[str, int, int, int], tuple["list[Any] | PlainRun", int]]


def split_games(
    chunks: Iterable[str], limit: int = MAX_RECORD_CHARS, take: Take | None = None, part: Part | None = None
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
    the parser to report. Of a `part` of an input (its text starts where a game starts), lines
    are counted from the part's first line, and the part is told the line its text ended on and
    whether it ended between games, with nothing but blanks after the last.
    """
    cursor = _Cursor()
    depth = 0
    in_value = False
    skip_at = -1  # position (in this chunk) of a character escaped by a backslash inside a value
    parts: list[str] = []  # the current game, or the current junk
    held = 0  # characters in `parts` (of a game)
    too_long = False
    start_line, start_col = 1, 1
    if part is not None:
        cursor.line = start_line = part.line
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
    if part is not None:
        # Text after the last game is noted on it only once the next game starts (or the input
        # ends): not if bytes that are not UTF-8 end the input first, on the next game's line.
        part.next_line, part.between = cursor.line, not depth and not rest.strip()
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


def game_texts(text: str, pos: int, end: int, count: int) -> list[str] | None:
    """The texts of the `count` games from `pos` to `end` (only blanks between them), each cut as
    this reader cuts a game with nothing special in it, or None where they are not found so."""
    found = []
    at = pos
    for _ in range(count):
        game = _WHOLE_GAME.match(text, at)
        if game is None:
            return None
        found.append(game.group())
        at = game.end()
        following = text.find("(", at, end)
        at = end if following < 0 else following
        if text[game.end() : at].strip():
            return None
    return found if at == end else None


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


#: What may stand between two games of a `PlainRun`.
_BLANKS = re.compile(r"[ \t\n\r]*")


def _moved(line: int, column: int, text: str, start: int, end: int) -> tuple[int, int]:
    """Line and column of `text[end]`, from those of `text[start]`."""
    newlines = text.count("\n", start, end)
    if newlines:
        return line + newlines, end - text.rfind("\n", start, end)
    return line, column + end - start


def _advance(line: int, col: int, chunk: str, end: int) -> tuple[int, int]:
    """Line and column after `chunk[:end]`, starting from (line, col)."""
    newlines = chunk.count("\n", 0, end)
    if newlines:
        return line + newlines, end - chunk.rfind("\n", 0, end)
    return line, col + end
