"""Compressed inputs and outputs: gzip, bzip2, xz (a stream each) and zip archives (their members).

A compressed input is told by its first bytes, whatever its name says, and read through a
decompressor as it streams: nothing is decompressed ahead of the reader. What comes out is held
to a ratio: past `RATIO` times the compressed bytes read (and past `FLOOR` bytes, which any
ratio allows), the input is a decompression bomb and reading it stops with a `NotationError`
of code `limit`; the records read before stay read, and the other inputs are read as usual. A
zip member whose declared size passes the same bound is refused before it is opened (zipfile
never gives more than the declared size). Damaged compressed data is a `NotationError` of code
`compression`. An output named `*.gz`, `*.bz2` or `*.xz` is written compressed.

bzip2 and xz need the standard modules `bz2` and `lzma`, which a Python may be built without
(Pyodide, the Python of the browser page, ships `lzma` apart): they are imported when that kind is
met, and where one is missing only that kind is refused, with an error that says why.
"""

from __future__ import annotations

import importlib
import io
import sys
import zlib
from collections.abc import Callable, Iterator
from typing import IO, Any, BinaryIO, cast

from catchup_notation.errors import NotationError
from catchup_notation.limits import MAX_RECORD_CHARS

#: The first bytes of each compressed kind (a zip archive: a local file header, or an empty one).
MAGIC: dict[str, tuple[bytes, ...]] = {
    "gzip": (b"\x1f\x8b",),
    "bzip2": (b"BZh",),
    "xz": (b"\xfd7zXZ\x00",),
    "zip": (b"PK\x03\x04", b"PK\x05\x06"),
}
#: Bytes needed to tell every kind.
MAGIC_BYTES = 6
#: The kinds written for the endings of an output's name.
ENDINGS = {".gz": "gzip", ".bz2": "bzip2", ".xz": "xz"}
#: Most bytes of text a compressed input may give per compressed byte read (real records give
#: well under 20); past it, and past FLOOR, it is a decompression bomb.
RATIO = 200
#: Bytes of text any compressed input may give, whatever its ratio (a record's own limit).
FLOOR = MAX_RECORD_CHARS

#: The standard module each kind needs beyond zlib (see the module docstring).
MODULES = {"bzip2": "bz2", "xz": "lzma"}

_ERRORS: tuple[type[BaseException], ...] = (OSError, EOFError, zlib.error)


def _errors() -> tuple[type[BaseException], ...]:
    """What damaged data raises: I/O and zlib errors, and lzma's once lzma is in use."""
    lzma = sys.modules.get("lzma")
    return (*_ERRORS, lzma.LZMAError) if lzma is not None else _ERRORS


def codec(kind: str) -> Any:
    """The standard module that reads and writes `kind` (bzip2, xz); `Missing` where this Python
    was built without it."""
    name = MODULES[kind]
    try:
        return importlib.import_module(name)
    except ImportError:
        raise Missing(f"{kind} data needs Python's {name} module, which this Python was built without") from None


class Missing(OSError):
    """A compressed kind this Python cannot read or write (an OSError: a file that cannot be read
    or written is said the same way)."""


def kind_of(head: bytes) -> str | None:
    """The compressed kind whose magic `head` starts with (gzip, bzip2, xz, zip), or None."""
    for kind, marks in MAGIC.items():
        if head.startswith(marks):
            return kind
    return None


def bound(compressed: int) -> int:
    """The most bytes `compressed` bytes of compressed data may give (see RATIO, FLOOR)."""
    return max(FLOOR, RATIO * compressed)


def bomb(name: str | None, given: int, compressed: int) -> NotationError:
    """The error for an input that gives more than its bound."""
    return NotationError(
        f"decompressed past {given:,} bytes from {compressed:,} compressed: more than {RATIO} times (and "
        f"{FLOOR:,} bytes), which only a decompression bomb gives; the rest of it is not read",
        source=name,
        code="limit",
    )


def damaged(name: str | None, exc: BaseException) -> NotationError:
    """The error for compressed data that cannot be decompressed."""
    return NotationError(f"the compressed data is damaged: {exc}", source=name, code="compression")


class Prefixed(io.RawIOBase):
    """A binary stream read again from its start: `head` (bytes already read from it, to tell its
    kind) and then the rest of `stream`."""

    def __init__(self, head: bytes, stream: IO[bytes], on_read: Callable[[int], None] | None = None) -> None:
        super().__init__()
        self.head, self.stream, self.consumed = head, stream, 0
        self._read = getattr(stream, "read1", stream.read)
        self.on_read = on_read  # told the bytes of each read (a progress display counts them)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        if self.head:
            size = min(len(view), len(self.head))
            view[:size], self.head = self.head[:size], self.head[size:]
        else:
            data = self._read(len(view))
            size = len(data)
            view[:size] = data
            if self.on_read is not None:
                self.on_read(size)
        self.consumed += size
        return size


class Decompressed(io.RawIOBase):
    """The text bytes of a compressed stream, as it is read, held to its bound (see the module)."""

    def __init__(self, source: Prefixed, kind: str, name: str | None) -> None:
        super().__init__()
        self.source, self.name_shown, self.given = source, name, 0
        try:
            self.inner = _decompressor(io.BufferedReader(source), kind)
        except Missing as exc:
            raise NotationError(str(exc), source=name, code="compression") from None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        try:
            data = self.inner.read1(len(view))
        except _errors() as exc:
            raise damaged(self.name_shown, exc) from None
        size = len(data)
        self.given += size
        if self.given > bound(self.source.consumed):
            raise bomb(self.name_shown, self.given, self.source.consumed)
        view[:size] = data
        return size


def _decompressor(compressed: BinaryIO, kind: str) -> io.BufferedIOBase:
    """A stream of what `compressed` holds (gzip, bzip2 or xz), decompressed as it is read."""
    if kind == "gzip":
        import gzip  # when met (start-up time)

        return gzip.GzipFile(fileobj=compressed)  # refuses bytes after its last member itself
    return io.BufferedReader(_Streams(compressed, kind))


class _Streams(io.RawIOBase):
    """The bzip2 or xz streams of a file, one after the other as the command-line tools read them.
    Bytes after the last stream that begin no other stream (but an xz file's null padding, in fours)
    are damage, as gzip says of its own: Python's BZ2File and LZMAFile pass over them in silence."""

    CHUNK = 1 << 16

    def __init__(self, compressed: BinaryIO, kind: str) -> None:
        super().__init__()
        self.compressed, self.kind = compressed, kind
        self.magic = MAGIC[kind][0]
        self.codec = codec(kind)
        self.inner = self._new()
        self.feed = b""  # compressed bytes read but not yet given to a decompressor

    def _new(self) -> Any:
        if self.kind == "bzip2":
            return self.codec.BZ2Decompressor()
        return self.codec.LZMADecompressor(format=self.codec.FORMAT_XZ)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        while True:
            if self.inner.eof and not self._next_stream():
                return 0
            chunk = b""
            if self.inner.needs_input:
                chunk, self.feed = self.feed or self.compressed.read(self.CHUNK), b""
                if not chunk:
                    raise EOFError("the data ends before its compressed stream does")
            out = self.inner.decompress(chunk, len(view))
            if out:
                view[: len(out)] = out
                return len(out)

    def _next_stream(self) -> bool:
        """After a stream: start the next one, or say there is none (False); raise on anything else."""
        rest, padding = self.inner.unused_data + self.feed, 0
        while True:
            if self.kind == "xz":
                kept = rest.lstrip(b"\0")
                padding, rest = padding + len(rest) - len(kept), kept
            if rest:
                break
            rest = self.compressed.read(self.CHUNK)
            if not rest:
                if padding % 4:
                    raise OSError(f"{padding} null bytes after the last stream, not a multiple of four")
                return False
        while len(rest) < len(self.magic) and self.magic.startswith(rest):
            more = self.compressed.read(self.CHUNK)
            if not more:
                break
            rest += more
        if not rest.startswith(self.magic) or padding % 4:
            raise OSError(f"bytes after the end of the {self.kind} data that begin no other {self.kind} stream")
        self.inner, self.feed = self._new(), rest
        return True


def opened(
    stream: IO[bytes], name: str | None, on_read: Callable[[int], None] | None = None
) -> tuple[BinaryIO, str | None]:
    """`stream` as its reader should see it: decompressed when its first bytes say it is gzip,
    bzip2 or xz (and its kind), else as it is; a zip archive is given back as it is, with kind
    "zip" (its members are inputs of their own). `on_read` is told the bytes read from `stream`."""
    peek = getattr(stream, "peek", None)
    if peek is not None and on_read is None:  # a buffered file: look without reading (the usual case)
        seen = peek(MAGIC_BYTES)[:MAGIC_BYTES]
        if kind_of(seen) is None and (len(seen) >= MAGIC_BYTES or not _may_grow_into_magic(seen)):
            return cast(BinaryIO, stream), None  # nothing compressed: no layer between reader and file
    head = _head(stream)
    kind = kind_of(head)
    if on_read is not None:
        on_read(len(head))
    source = Prefixed(head, stream, on_read)
    if kind is None or kind == "zip":
        return io.BufferedReader(source), kind
    return io.BufferedReader(Decompressed(source, kind, name)), kind  # the text bytes, held to their bound


def _may_grow_into_magic(head: bytes) -> bool:
    """Whether more bytes after `head` could make a magic (a pipe peeked at may hold fewer yet)."""
    return any(mark.startswith(head) for marks in MAGIC.values() for mark in marks)


def _head(stream: IO[bytes]) -> bytes:
    """The first MAGIC_BYTES bytes (fewer at the end), waiting for no more than they need."""
    read = getattr(stream, "read1", stream.read)
    head = b""
    while len(head) < MAGIC_BYTES:
        piece = read(MAGIC_BYTES - len(head))
        if not piece:
            break
        head += piece
    return head


# ---------------------------------------------------------------------------------------------
# Zip archives


def zip_members(archive: Any) -> Iterator[tuple[str, Any]]:
    """(name, ZipInfo) of every file of a zip archive (an open `zipfile.ZipFile`), in its order."""
    for info in archive.infolist():
        if not info.is_dir():
            yield info.filename, info


def open_member(archive: Any, info: Any, shown: str) -> BinaryIO:
    """A member's bytes; a `limit` error when its declared size passes its bound (zipfile gives
    no more than that size), `compression` when it cannot be opened."""
    if info.file_size > bound(info.compress_size):
        raise bomb(shown, info.file_size, info.compress_size)
    # damaged, encrypted, an unknown method
    refused: tuple[type[BaseException], ...] = (*_errors(), RuntimeError, NotImplementedError)
    try:
        member: BinaryIO = archive.open(info)
    except refused as exc:
        raise damaged(shown, exc) from None
    return member


# ---------------------------------------------------------------------------------------------
# Writing


def compressing(raw: BinaryIO, ending: str) -> BinaryIO:
    """A binary stream that writes `raw` compressed as the output's ending says (`.gz`, `.bz2`,
    `.xz`); closing it finishes the compressed data but leaves `raw` open."""
    kind = ENDINGS[ending]
    if kind == "gzip":
        import gzip

        return gzip.GzipFile(fileobj=raw, mode="wb", mtime=0)  # type: ignore[return-value]
    if kind == "bzip2":
        return codec(kind).BZ2File(raw, mode="wb")  # type: ignore[no-any-return]
    return codec(kind).LZMAFile(raw, mode="wb")  # type: ignore[no-any-return]
