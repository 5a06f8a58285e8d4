"""Bytes to text, in one place: UTF-8 with or without a BOM, CRLF and CR made LF, undecodable bytes
reported with their byte offset. Every reader gets its text from here, already clean.

Streams are decoded a chunk at a time (`text_chunks`), so a file of any size is read in constant
memory; a multi-byte character or a CRLF cut by a chunk boundary is carried to the next chunk.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from catchup_notation.errors import NotationError

CHUNK = 1 << 20  # bytes read at a time when streaming


def normalise(text: str) -> str:
    """Text as readers want it: no BOM, '\\n' line ends."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def undecodable(source: str | None, offset: int, byte: int) -> NotationError:
    """The error for a byte that is not UTF-8, at its offset in the file."""
    return NotationError(
        f"the file is not UTF-8: byte 0x{byte:02x} at offset {offset} cannot be decoded",
        source=source,
        byte_offset=offset,
        code="encoding",
    )


def decode(data: bytes, source: str | None = None) -> str:
    """Whole bytes to normalised text; NotationError (code `encoding`) names a bad byte's offset."""
    return "".join(byte_chunks_to_text((data,), source))


def text_chunks(stream: BinaryIO, source: str | None = None, *, head: bytes = b"", offset: int = 0) -> Iterator[str]:
    """Normalised text of a binary stream, a chunk at a time. `head` holds bytes already read from
    the stream (for sniffing); they come first. The stream is read once, never reopened. A stream
    that starts `offset` bytes into a file (a part of it, starting at a line) has no BOM, and
    the offsets of its bytes in messages are the file's."""

    # read1 hands on what a pipe has now instead of waiting for a whole chunk
    read = getattr(stream, "read1", stream.read)

    def pieces() -> Iterator[bytes]:
        if head:
            yield head
        while True:
            data = read(CHUNK)
            if not data:
                return
            yield data

    return byte_chunks_to_text(pieces(), source, offset)


def byte_chunks_to_text(pieces: Iterable[bytes], source: str | None = None, offset: int = 0) -> Iterator[str]:
    """Normalised text of successive byte pieces (`offset` bytes into a file: see `text_chunks`).
    Text before an undecodable byte is yielded, then NotationError (code `encoding`) is raised
    naming the byte and its offset."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    consumed = offset  # bytes handed to the decoder so far
    carry_cr = False  # a CR that ended the last chunk: its LF may start the next one
    first = not offset
    for data in pieces:
        if first:
            first = False
            if data.startswith(codecs.BOM_UTF8):
                data = data[len(codecs.BOM_UTF8) :]
                consumed += len(codecs.BOM_UTF8)
        pending = decoder.getstate()[0]  # bytes of a character cut by the last piece
        try:
            text = decoder.decode(data)
        except UnicodeDecodeError as exc:
            both = pending + data
            good = both[: exc.start].decode("utf-8")
            good = ("\r" if carry_cr else "") + good
            if good:
                yield good.replace("\r\n", "\n").replace("\r", "\n")
            raise undecodable(source, consumed - len(pending) + exc.start, both[exc.start]) from None
        consumed += len(data)
        text, carry_cr = _line_ends(text, carry_cr)
        if text:
            yield text
    try:
        tail = decoder.decode(b"", final=True)
    except UnicodeDecodeError as exc:  # the text ends inside a multi-byte character
        pending = decoder.getstate()[0]
        raise undecodable(source, consumed - len(pending) + exc.start, pending[exc.start]) from None
    tail = ("\r" if carry_cr else "") + tail
    if tail:
        yield tail.replace("\r\n", "\n").replace("\r", "\n")


def _line_ends(text: str, carry_cr: bool) -> tuple[str, bool]:
    """CRLF and CR made LF; a CR at the very end is held back (its LF may follow)."""
    if carry_cr:
        text = "\r" + text
    carry = text.endswith("\r")
    if carry:
        text = text[:-1]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text, carry


def text_of_chunks(chunks: Iterable[str]) -> Iterator[str]:
    """Normalised text of a text stream's chunks (a file opened in text mode, a string): the BOM
    dropped and line ends made LF, also across chunk boundaries."""
    carry_cr = False
    first = True
    for chunk in chunks:
        if first and chunk:
            first = False
            if chunk.startswith("\ufeff"):
                chunk = chunk[1:]
        chunk, carry_cr = _line_ends(chunk, carry_cr)
        if chunk:
            yield chunk
    if carry_cr:
        yield "\n"


def complete_prefix(head: bytes) -> bytes:
    """`head` without a multi-byte UTF-8 character cut off at its end (for sniffing a prefix)."""
    for cut in range(min(3, len(head)) + 1):
        candidate = head[: len(head) - cut] if cut else head
        try:
            candidate.decode("utf-8")
        except UnicodeDecodeError as exc:
            if exc.reason == "unexpected end of data" and exc.end == len(candidate):
                continue
            return candidate  # a real decoding error: leave it to the reader to report
        return candidate
    return head
