"""An input opened once: decompressed, its notation told (`detection`) from what its name leaves
open, and its text decoded in chunks, streamed (a pipe is never waited on for more than it needs)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import IO, BinaryIO, cast

from catchup_notation import compression, formats
from catchup_notation.errors import NotationError
from catchup_notation.formats.decoding import CHUNK, byte_chunks_to_text, normalise, text_chunks, text_of_chunks
from catchup_notation.reading.detection import SNIFF_BYTES, by_name, sniffable, undecodable_first
from catchup_notation.reading.sources import Input


@contextlib.contextmanager
def opened(item: Input, format: str | None) -> Iterator[tuple[str | None, Iterator[str]]]:
    """An input opened once: its format (None when it holds nothing but white space) and all its
    text in chunks."""
    if item.span is not None:  # a part of a file, of a format known (no sniffing, nothing compressed)
        assert item.open_path is not None and format is not None
        yield format, _span_chunks(item.open_path, *item.span, item.name)
    elif item.text is not None:
        text = normalise(item.text)
        if not text.strip():
            yield None, iter(())
            return
        yield format or formats.detect(item.path, text[:SNIFF_BYTES]), iter((text,))
    elif item.open_path is not None or item.member is not None:
        with _raw(item) as handle:
            counter = _counter(item.open_path) if item.open_path is not None and _watched is not None else None
            decompressed, kind = compression.opened(handle, item.name, counter)
            if kind == "zip":
                if item.open_path is None:
                    raise NotationError("a zip archive inside a zip archive is not looked into", code="unknown-format")
                raise Archive(item.open_path)
            yield _binary(decompressed, item, format)
    else:
        stream = item.stream  # decompressed already, if binary (`sources.inputs`)
        assert stream is not None
        if isinstance(stream.read(0), bytes):
            yield _binary(cast(BinaryIO, stream), item, format)
        else:
            yield _text(cast(IO[str], stream), item, format)


#: Bytes read so far from each file this process opened, while a progress display watches.
_watched: dict[str, int] | None = None


def watch_reads() -> dict[str, int]:
    """Start counting the bytes read from each file this process opens (by name, as stored: a
    compressed file's compressed bytes), for a progress display; the dict it gives fills as
    files are read."""
    global _watched
    if _watched is None:
        _watched = {}
    return _watched


def _counter(path: str) -> Callable[[int], None]:
    watched = _watched
    assert watched is not None

    def count(size: int) -> None:
        watched[path] = watched.get(path, 0) + size

    return count


def _span_chunks(path: str, start: int, end: int | None, name: str | None) -> Iterator[str]:
    """The text of the bytes of a file from `start` to `end` (None: its end), a chunk at a time."""

    def pieces() -> Iterator[bytes]:
        with open(path, "rb") as handle:
            handle.seek(start)
            left = end - start if end is not None else None
            while left is None or left > 0:
                data = handle.read(CHUNK if left is None else min(CHUNK, left))
                if not data:
                    return
                if left is not None:
                    left -= len(data)
                yield data

    return byte_chunks_to_text(pieces(), name, start)


def note_read(path: str, upto: int) -> None:
    """Count the bytes of a file up to `upto` as read, for a progress display (`watch_reads`),
    where they were read by another process."""
    if _watched is not None:
        _watched[path] = max(_watched.get(path, 0), upto)


class Archive(Exception):
    """The file being opened is a zip archive (`path`): its members are read instead."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.path = path


def _raw(item: Input) -> BinaryIO:
    """The bytes of a file or of a zip archive's member, as stored."""
    if item.member is not None:
        return item.member()
    assert item.open_path is not None
    return open(item.open_path, "rb")


def _binary(handle: BinaryIO, item: Input, format: str | None) -> tuple[str | None, Iterator[str]]:
    """The format of a binary stream and its text. Only what the format's name leaves open is
    sniffed, from what the stream has now (a pipe is never waited on for more than it needs);
    a stream of nothing but white space has no format and no records."""
    fmt = format or by_name(item.path)
    head = b""
    read = getattr(handle, "read1", handle.read)
    while fmt is None or not head.strip():
        piece = read(SNIFF_BYTES - len(head)) if len(head) < SNIFF_BYTES else b""
        head += piece
        if not piece and not head.strip():
            return None, iter(())
        if fmt is not None and head.strip():
            break
        try:
            fmt = formats.detect(item.path, sniffable(head))
        except NotationError:
            if not piece or len(head) >= SNIFF_BYTES:
                undecodable_first(head, item.name)
                raise
    return fmt, text_chunks(handle, item.name, head=head)


def _text(stream: IO[str], item: Input, format: str | None) -> tuple[str, Iterator[str]]:
    head = stream.read(SNIFF_BYTES)

    def rest() -> Iterator[str]:
        yield head
        while True:
            piece = stream.read(1 << 20)
            if not piece:
                return
            yield piece

    return format or formats.detect(item.path, normalise(head)), text_of_chunks(rest())
