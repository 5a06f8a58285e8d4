"""Which notation an input holds, told from its name and its first bytes (and, for a folder's
`.txt` files, whether any notation recognises them at all)."""

from __future__ import annotations

import codecs
from collections.abc import Callable
from typing import BinaryIO

from catchup_notation import compression, formats
from catchup_notation.errors import NotationError
from catchup_notation.formats.decoding import complete_prefix, normalise, undecodable

#: Bytes read from the start of an input to tell its format.
SNIFF_BYTES = 8192


def by_name(path: str | None) -> str | None:
    """The format a file's name alone says, if it says one."""
    if path is None:
        return None
    try:
        return formats.detect(path)
    except NotationError:
        return None


def recognised(opener: Callable[[], BinaryIO]) -> bool:
    try:
        with opener() as handle:
            stream, _ = compression.opened(handle, None)
            head = stream.read(SNIFF_BYTES)
        formats.detect(None, sniffable(head))
    except (NotationError, OSError):
        return False
    return True


def sniffable(head: bytes) -> str:
    """The start of a text for sniffing: a character cut by the end of the bytes read is dropped,
    undecodable bytes are replaced (the reader reports them properly)."""
    return normalise(complete_prefix(head).decode("utf-8", errors="replace"))


def undecodable_first(head: bytes, name: str | None) -> None:
    """When no format is recognised in a head that is not UTF-8, the encoding is the news: raise
    its error, with the byte offset, instead of "cannot tell the format"."""
    bom = len(codecs.BOM_UTF8) if head.startswith(codecs.BOM_UTF8) else 0
    try:
        complete_prefix(head)[bom:].decode("utf-8")
    except UnicodeDecodeError as exc:
        raise undecodable(name, bom + exc.start, head[bom + exc.start]) from None
