"""JSON read within the limits (`load`), and JSON documents read a record at a time (`elements`):
an array of records, one record, or several top-level values one after another (as `jq .` prints
them), however the text is spread over lines.

A document is never held whole. The text is taken into a buffer, whole lines at a time; each value
(a top-level value, or an element of a top-level array) is decoded by the standard library's own
decoder (`JSONDecoder.raw_decode`, at C speed) as soon as the buffer holds it. A value cut by the
end of the buffer makes the decoder fail at that end: the buffer is then grown to twice the value
read so far and decoding tried again, so that every value costs a small multiple of its own size,
in time and in memory. What was decoded is dropped from the buffer: memory follows the largest
record, not the document.

Every value comes with the line and column where it starts. A value past the limits (characters
of a record, digits of an integer, nesting) or one that is not JSON is an error of its own, and
reading goes on after it: the end of a broken or oversized value is found by a scan that counts
brackets outside strings and holds nothing. A line past the line limit ends the document (what it
held cannot be told).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from catchup_notation.errors import NotationError
from catchup_notation.limits import MAX_DIGITS, MAX_LINE_CHARS, MAX_NESTING, MAX_RECORD_CHARS, TooManyDigits, int_of

#: Characters read ahead at least when the buffer must grow.
READ_AHEAD = 1 << 16


@attrs.frozen
class Element:
    """One value of a document: its 0-based `index` among the document's records, where it starts
    (`line`, `column`), its text with what comes before it on its first line (`prefix`), and its
    value, or the error that stopped reading it (then `value` is None and `text` may be cut)."""

    index: int
    value: Any
    error: NotationError | None
    line: int
    column: int
    prefix: str
    text: str


class _Limit(Exception):
    """A limit met inside the decoder (which passes other exceptions through)."""


def _bounded_int(digits: str) -> int:
    try:
        return int_of(digits)
    except TooManyDigits as exc:
        raise _Limit(str(exc)) from None


_DECODER = json.JSONDecoder(parse_int=_bounded_int)
_BLANK = re.compile(r"[ \t\n\r]*")
_LONG_NUMBER = re.compile(r"[0-9]{" + str(MAX_DIGITS + 1) + ",}")
_DEEP = re.compile(r"[\[{](?:\s*+[\[{]){" + str(MAX_NESTING) + "}")  # spelt so: 3x faster than (?:[[{]\s*){65}
_STRING_OR_DEEP = re.compile(r'"(?:[^"\\]++|\\.)*+"|(' + _DEEP.pattern + ")")
_OUTSIDE = re.compile(r'["\[\]{},]')  # what the skipping scan looks at outside strings
_INSIDE = re.compile(r'["\\]')  # and inside them
_BARE_END = re.compile(r"[,\]}]")  # where a bare word at the top ends, on its line


def load(text: str) -> Any:
    """`json.loads` within the limits: integers of at most `MAX_DIGITS` digits, nesting at most
    `MAX_NESTING` deep; NotationError (with line and column where known) otherwise."""
    deep = too_deep(text)
    if deep is not None:
        line = text.count("\n", 0, deep) + 1
        column = deep - text.rfind("\n", 0, deep)
        raise NotationError(
            f"JSON nested more than {MAX_NESTING} deep (a record needs 4)", line=line, column=column, code="limit"
        )
    try:
        return json.loads(text, parse_int=_bounded_int)
    except json.JSONDecodeError as exc:
        raise NotationError(f"not valid JSON: {exc.msg}", line=exc.lineno, column=exc.colno) from None
    except _Limit as exc:
        found = _LONG_NUMBER.search(text)
        where = found.start() if found is not None else 0
        line = text.count("\n", 0, where) + 1
        column = where - text.rfind("\n", 0, where)
        raise NotationError(str(exc), line=line, column=column, code="limit") from None
    except RecursionError:
        raise NotationError(
            f"JSON nested deeper than Python can read (the limit is {MAX_NESTING})", code="limit"
        ) from None


def too_deep(text: str) -> int | None:
    """Where brackets outside strings open more than MAX_NESTING deep in a row, or None. The quick
    search ignores strings; only where it finds a run are strings told apart."""
    if _DEEP.search(text) is None:
        return None
    for found in _STRING_OR_DEEP.finditer(text):
        if found.group(1) is not None:
            return found.start()
    return None


class _Text:
    """The document's text in a buffer that holds the value being read and what follows it, with
    the line and column of any position in it (counted forward from the last position asked)."""

    def __init__(self, chunks: Iterable[str]) -> None:
        self.chunks = iter(chunks)
        self.buffer = ""  # whole lines only (but the text's last), so nothing is cut inside a line
        self.partial: list[str] = []  # the start of the line the buffer stops before
        self.partial_size = 0
        self.ended = False
        self.long: NotationError | None = None  # a line past the limit met: the end of the document
        self.lines = 0  # line breaks taken into the buffer
        self.cursor, self.cursor_line = 0, 1  # a position of the buffer and its line

    def more(self, at_least: int) -> None:
        """Read on until the buffer has grown by `at_least` characters or the text ends."""
        added: list[str] = []
        size = 0
        while size < at_least and not self.ended:
            chunk = next(self.chunks, None)
            if chunk is None:
                self.ended = True
                added.extend(self.partial)  # the text's last line, without its line break
                break
            cut = chunk.rfind("\n") + 1
            if not cut:
                self.partial.append(chunk)
                self.partial_size += len(chunk)
                if self.partial_size > MAX_LINE_CHARS:
                    self.ended = True
                    self.long = NotationError(
                        f"a line of more than {MAX_LINE_CHARS} characters is past the limit of a line",
                        line=self.lines + 1,
                        column=1,
                        code="limit",
                    )
                continue
            added.extend(self.partial)
            added.append(chunk[:cut])
            size += self.partial_size + cut
            self.lines += chunk.count("\n", 0, cut)
            self.partial, self.partial_size = [chunk[cut:]], len(chunk) - cut
        if added:
            self.buffer += "".join(added)

    def drop(self, upto: int, *, all_before: bool = False) -> int:
        """Forget the buffer's lines wholly before `upto` (only once they are half of it, unless
        `all_before`); the new place of `upto`."""
        start = self.buffer.rfind("\n", 0, upto) + 1
        if not start or (not all_before and start < len(self.buffer) // 2):
            return upto
        self.place(start)
        self.cursor -= start
        self.buffer = self.buffer[start:]
        return upto - start

    def place(self, pos: int) -> tuple[int, int]:
        """(line, column) of a position of the buffer."""
        if pos < self.cursor:  # back before the last position asked: count from the start
            self.cursor_line -= self.buffer.count("\n", pos, self.cursor)
        else:
            self.cursor_line += self.buffer.count("\n", self.cursor, pos)
        self.cursor = pos
        return self.cursor_line, pos - self.buffer.rfind("\n", 0, pos)

    def line_at(self, pos: int) -> str:
        start = self.buffer.rfind("\n", 0, pos) + 1
        end = self.buffer.find("\n", pos)
        return self.buffer[start : end if end >= 0 else len(self.buffer)]

    def blank_to(self, pos: int) -> int:
        """The first position at or after `pos` that is not white space, reading on as needed
        (the buffer's length when the text ends first)."""
        while True:
            pos = _BLANK.match(self.buffer, pos).end()  # type: ignore[union-attr]
            if pos < len(self.buffer) or self.ended:
                return pos
            pos = self.drop(pos)
            self.more(READ_AHEAD)

    def error(self, message: str, pos: int, code: str = "syntax") -> NotationError:
        line, column = self.place(pos)
        return NotationError(message, line=line, column=column, text=self.line_at(pos), code=code)


def elements(chunks: Iterable[str]) -> Iterator[Element]:
    """The values of a JSON document given in chunks of any size (see the module docstring)."""
    text = _Text(chunks)
    index = 0
    pos = text.blank_to(0)
    in_array = False
    skipped_to_end = False
    while True:
        if pos >= len(text.buffer):
            if text.long is not None:
                yield _failed(index, text.long, text, pos)
            elif in_array and not skipped_to_end:
                yield _failed(index, text.error("the array is not closed: ']' missing at the end", pos), text, pos)
            return
        char = text.buffer[pos]
        if not in_array and char == "[":
            in_array = True
            pos = text.blank_to(pos + 1)
            if pos < len(text.buffer) and text.buffer[pos] == "]":  # an empty array
                in_array = False
                pos = text.blank_to(pos + 1)
            continue
        element, pos = _value(text, pos, index)
        yield element
        index += 1
        pos = text.blank_to(pos)
        skipped_to_end = element.error is not None and pos >= len(text.buffer)  # said once is enough
        if not in_array:
            continue
        if pos < len(text.buffer) and text.buffer[pos] == ",":
            pos = text.blank_to(pos + 1)
        elif pos < len(text.buffer) and text.buffer[pos] == "]":
            in_array = False
            pos = text.blank_to(pos + 1)
        elif pos < len(text.buffer):
            message = f"not valid JSON: expected ',' or ']' after record {index}, found {text.buffer[pos]!r}"
            yield _failed(index, text.error(message, pos), text, pos)
            index += 1
            pos = text.blank_to(_skip(text, pos))


def _failed(index: int, error: NotationError, text: _Text, pos: int) -> Element:
    line, column = (error.line or 1), (error.column or 1)
    return Element(index, None, error, line, column, "", text.line_at(pos) if pos < len(text.buffer) else "")


def _value(text: _Text, pos: int, index: int) -> tuple[Element, int]:
    """The value starting at `pos` (not blank), and where it ends."""
    pos = text.drop(pos)
    while True:
        buffer = text.buffer
        try:
            value, end = _DECODER.raw_decode(buffer, pos)
        except json.JSONDecodeError as exc:
            if not text.ended and _maybe_cut(exc, buffer) and len(buffer) - pos <= MAX_RECORD_CHARS:
                text.more(max(len(buffer) - pos, READ_AHEAD))
                continue
            if len(buffer) - pos > MAX_RECORD_CHARS:
                return _skipped(text, pos, index, _too_long(text, pos))
            return _skipped(text, pos, index, text.error(f"not valid JSON: {exc.msg}", exc.pos))
        except _Limit as exc:
            found = _LONG_NUMBER.search(buffer, pos)
            return _skipped(text, pos, index, text.error(str(exc), found.start() if found else pos, "limit"))
        except RecursionError:
            message = f"JSON nested deeper than Python can read (the limit is {MAX_NESTING})"
            return _skipped(text, pos, index, text.error(message, pos, "limit"))
        if end - pos > MAX_RECORD_CHARS:
            return _skipped(text, pos, index, _too_long(text, pos))
        deep = too_deep(buffer[pos:end])
        if deep is not None:
            message = f"JSON nested more than {MAX_NESTING} deep (a record needs 4)"
            return _skipped(text, pos, index, text.error(message, pos + deep, "limit"))
        line, column = text.place(pos)
        line_start = buffer.rfind("\n", 0, pos) + 1
        return Element(index, value, None, line, column, buffer[line_start:pos], buffer[pos:end]), end


def _maybe_cut(exc: json.JSONDecodeError, buffer: str) -> bool:
    """Whether the decoder may have failed only because the buffer ends inside the value: it
    failed at the buffer's last non-blank character or after it (lines come whole, so nothing is
    ever cut inside a line: a string, number or literal is either whole or wrong)."""
    end = len(buffer)
    while end and buffer[end - 1] in " \t\n\r":
        end -= 1
    return exc.pos >= end - 1


def _too_long(text: _Text, pos: int) -> NotationError:
    return text.error(
        f"a record of more than {MAX_RECORD_CHARS} characters is past the limit of a record", pos, "limit"
    )


def _skipped(text: _Text, pos: int, index: int, error: NotationError) -> tuple[Element, int]:
    """The error of the value at `pos`, and where the value ends (found without holding it)."""
    line, column = text.place(pos)
    line_start = text.buffer.rfind("\n", 0, pos) + 1
    excerpt = text.buffer[pos : pos + 200]
    return Element(index, None, error, line, column, text.buffer[line_start:pos], excerpt), _skip(text, pos)


def _skip(text: _Text, pos: int) -> int:
    """Where the value starting at `pos` ends: after its closing bracket or quote, or, for a bare
    word, before the ',', ']' or '}' that follows it or at the end of its line; brackets inside
    strings do not count; one character on at least (reading always goes on). The buffer is
    dropped as it is scanned, so a value of any size costs nothing."""
    begin = pos
    if text.buffer[pos] not in '[{"':  # a bare word: it ends at a ',', ']' or '}', or with its line
        end = text.buffer.find("\n", pos)  # lines come whole: the rest of this one is here
        end = len(text.buffer) if end < 0 else end
        stop = _BARE_END.search(text.buffer, pos + 1, end)
        return max(stop.start() if stop else end, begin + 1)
    depth = 0
    in_string = False
    started = False
    while True:
        buffer = text.buffer
        while True:
            found = (_INSIDE if in_string else _OUTSIDE).search(buffer, pos)
            if found is None:
                break
            pos = found.end()
            char = found.group()
            if in_string:
                if char == "\\":
                    if pos >= len(buffer):  # the escaped character is on the next piece
                        break
                    pos += 1
                    continue
                in_string = False
                if depth == 0:
                    return pos
            elif char == '"':
                in_string, started = True, True
            elif char in "[{":
                depth, started = depth + 1, True
            elif char in "]}":
                if depth == 0:
                    return max(pos - 1, begin + 1)
                depth -= 1
                if depth == 0:
                    return pos
            elif depth == 0 and started is False:  # ',' after a bare word at the top
                return max(pos - 1, begin + 1)
        if text.ended:
            return len(buffer)
        upto = len(buffer) if found is None else pos
        pos = text.drop(upto, all_before=True)
        begin -= upto - pos  # where it went (it may be dropped: then before the buffer)
        text.more(READ_AHEAD)
