"""A big file cut into parts that other processes read on their own (`records.read_part`), found
by looking at its bytes only: the parts of a file whose notation reads them (`Format.parts`) end
where a line starts with '(', near even offsets, and each part is told where it starts in the
whole, as far as a count of its bytes can tell (the index of its first record, by the '(;' before
it, and its first line). What the bytes cannot tell is checked where the parts are read: each
part says what it held (`formats.base.Part`), and a part that started elsewhere than the part
before it ended is read again (see `batch`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from catchup_notation import compression, formats
from catchup_notation.errors import NotationError
from catchup_notation.reading.detection import SNIFF_BYTES, by_name, sniffable
from catchup_notation.reading.request import Request


class Cut(NamedTuple):
    """A part of a file: its bytes from `start` to `end` (None: to the end of the file), and the
    index of its first record (`first`) and its first line, as counted from the bytes before it (a guess
    the reading of the part before checks). `whole` False: no line start was found within reach
    of the part's size, and the rest of the file from `start` on is one stretch, to be read in
    the usual way."""

    start: int
    end: int | None
    first: int
    line: int
    whole: bool = True


def part_format(path: str, request: Request) -> str | None:
    """The notation of the file `path` where it is read in parts (a regular file, not compressed,
    of a notation that reads parts), else None."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(SNIFF_BYTES)
    except OSError:
        return None
    if compression.kind_of(head[: compression.MAGIC_BYTES]) is not None or not head.strip():
        return None
    fmt = request.format or by_name(path)
    if fmt is None:
        try:
            fmt = formats.detect(path, sniffable(head))
        except NotationError:
            return None
    return fmt if getattr(formats.get(fmt), "parts", False) else None


def cuts(path: str, size: int, reach: int) -> Iterator[Cut]:
    """The parts of the file `path`: each ends at the first '(' that starts a line `size` bytes or
    more after the part's start, within `reach` bytes more (else the rest is one stretch, `whole`
    False); the last one ends with the file. The file is read once, in pieces, each byte counted
    once: a part's first record's index is guessed as the '(' before it (a record's start; a
    '(' in a comment makes the guess wrong, and the part is read again)."""
    with open(path, "rb") as handle:
        start, index, line = 0, 0, 1
        carried = b""  # bytes read past the end of the part before
        while True:
            body = carried + handle.read(max(0, size - len(carried)))
            carried = b""
            if not body:
                return
            inside = body.find(b"\n(", size - 1) + 1  # a body read ahead holds more than `size`
            if inside:
                carried = body[inside:]
                body = body[:inside]
                yield Cut(start, start + inside, index, line)
                index += body.count(b"(")
                line += body.count(b"\n")
                start += inside
                continue
            parens, newlines = body.count(b"("), body.count(b"\n")
            end = start + len(body)
            last = body[-1:]  # a '\n' ending the body may be followed by the '(' that ends the part
            while True:
                if end - start >= size + reach:
                    yield Cut(start, None, index, line, whole=False)
                    return
                piece = handle.read(_LOOK_AHEAD)
                if not piece:
                    yield Cut(start, None, index, line)
                    return
                found = (last + piece).find(b"\n(")
                if found < 0:
                    parens += piece.count(b"(")
                    newlines += piece.count(b"\n")
                    end += len(piece)
                    last = piece[-1:]
                    continue
                at = found + 1 - len(last)  # where in `piece` the '(' is
                before = piece[:at]
                yield Cut(start, end + at, index, line)
                index += parens + before.count(b"(")
                line += newlines + before.count(b"\n")
                start = end + at
                carried = piece[at:]
                break


#: Bytes read at a time while looking for the end of a part.
_LOOK_AHEAD = 1 << 16
