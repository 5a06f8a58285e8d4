"""What every notation shares: the result of reading, warnings, the format registry, decoding.

A format reads text into `ReadItem`s, one per record, lazily (a bad record yields an item with an
error and reading goes on) and writes records back. Formats register themselves in `FORMATS`.
No notation module applies game rules.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol, TypeVar

import attrs

from catchup_notation.errors import NotationError
from catchup_notation.model import Record

T = TypeVar("T")


@attrs.frozen
class NotationWarning:
    """Something read but normalised or doubtful (never silently dropped)."""

    code: str
    message: str
    line: int | None = None
    column: int | None = None


@attrs.frozen
class ReadItem:
    """One record of a file, or the error that stopped reading it."""

    index: int  # 0-based position of the record in its file
    record: Record | None
    error: NotationError | None = None
    warnings: tuple[NotationWarning, ...] = ()


class Format(Protocol):
    name: str  # "lg", "rga", "genius", "abstractplay", "numbers", "json"
    extensions: tuple[str, ...]
    family: str  # "hex" | "numbers" | "any"

    def sniff(self, text: str) -> bool:
        """Does this text look like this format? (cheap; used when the extension says nothing)"""

    def read(self, text: str, *, source: str | None = None, variant: str | None = None) -> Iterator[ReadItem]:
        """Records in the text, one at a time, in file order."""

    def write(self, records: Iterable[Record]) -> tuple[str, list[NotationWarning]]:
        """The text of the records, and warnings for anything this format cannot carry."""


FORMATS: dict[str, Format] = {}


def register(fmt: Format) -> Format:
    FORMATS[fmt.name] = fmt
    return fmt


def write_each(
    records: Iterable[Record], write_one: Callable[[Record], tuple[T, list[NotationWarning]]]
) -> tuple[list[T], list[NotationWarning]]:
    """What `write_one` makes of each record, in order, and all their warnings: the loop every
    writer that writes records one at a time shares."""
    pieces: list[T] = []
    warnings: list[NotationWarning] = []
    for record in records:
        piece, more = write_one(record)
        pieces.append(piece)
        warnings.extend(more)
    return pieces, warnings


def decode(data: bytes, source: str | None = None) -> str:
    """UTF-8 (BOM tolerated) to text with '\\n' line ends; undecodable bytes name their offset."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NotationError(
            f"the file is not UTF-8: byte 0x{data[exc.start]:02x} at offset {exc.start} cannot be decoded",
            source=source,
            byte_offset=exc.start,
            code="encoding",
        ) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")
