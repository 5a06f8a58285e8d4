"""Reading and writing records in any registered format: detection, streaming, conversion.

`read_path` streams: a Little Golem collection or a JSON Lines file is decoded and split a chunk at
a time and parsed one record at a time, so a file of any size is read in constant memory and a bad
record yields an error item while the next one is still read. Other formats hold one or a few
records and are read whole.
"""

from __future__ import annotations

import codecs
import importlib
import os
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from typing import Any
from pathlib import Path

import attrs

from catchup_notation.errors import NotationError
from catchup_notation.model import Record
from catchup_notation.formats.base import FORMATS, Format, NotationWarning, ReadItem, decode

CHUNK = 1 << 20  # characters per read when streaming

# Every notation module registers its format on import; io imports them all. Formats written by
# other modules of the package are loaded if present in this installation.
_MODULES = ("lg", "genius", "abstractplay", "jsonformat", "rga", "numbers")
# Content sniffing order when the extension says nothing: the most distinctive formats first.
_SNIFF_ORDER = ("lg", "abstractplay", "json", "numbers", "rga", "genius")


def _load_formats() -> None:
    for name in _MODULES:
        module = f"catchup_notation.formats.{name}"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


_load_formats()


def get_format(name: str) -> Format:
    try:
        return FORMATS[name]
    except KeyError:
        known = ", ".join(sorted(FORMATS))
        raise NotationError(f"unknown format {name!r}; known formats: {known}", code="unknown-format") from None


def detect_format(path: str | os.PathLike | None, text: str | None = None) -> str:
    """The format name of a file: from its extension when that is unambiguous, else its content.

    `text` may be just the start of the file. Raises NotationError (code `unknown-format`).
    """
    suffix = Path(path).suffix.lower() if path is not None else ""
    by_extension = [name for name, fmt in FORMATS.items() if suffix and suffix in fmt.extensions]
    if len(by_extension) == 1:
        return by_extension[0]
    candidates = by_extension or list(FORMATS)
    if text is not None:
        if text.startswith("\ufeff"):
            text = text[1:]
        ordered = [n for n in _SNIFF_ORDER if n in candidates] + [n for n in candidates if n not in _SNIFF_ORDER]
        for name in ordered:
            if FORMATS[name].sniff(text):
                return name
    where = os.fspath(path) if path is not None else "the text"
    known = ", ".join(sorted(FORMATS))
    raise NotationError(
        f"cannot tell the format of {where}; name it (one of: {known})", source=None, code="unknown-format"
    )


def read_text(
    text: str,
    *,
    format: str | None = None,
    source: str | None = None,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> Iterator[ReadItem]:
    """Records of a text, one at a time. The format is detected from `source`'s extension and the
    content unless given; `options` are the format reader's own (rga: `corrections`)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    name = format or detect_format(source, text)
    return get_format(name).read(text, source=source, variant=variant, **_reader_options(name, options))


def read_path(
    path: str | os.PathLike,
    *,
    format: str | None = None,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> Iterator[ReadItem]:
    """Records of a file, one at a time, streaming where the format allows it.

    Undecodable bytes end reading with one error item naming the byte offset (records before
    them have been yielded already).
    """
    source = os.fspath(path)
    with open(path, "rb") as handle:
        head = handle.read(8192)
    name = format
    if name is None:
        try:
            name = detect_format(path, decode(_whole_characters(head), source))
        except NotationError as exc:
            if exc.code != "encoding":
                raise
            name = detect_format(path, None) if Path(path).suffix else None
            if name is None:
                return _failed(0, exc)
    fmt = get_format(name)
    extra = _reader_options(name, options)
    chunks = _decoded_chunks(path, source)
    if hasattr(fmt, "read_chunks"):
        return _guard(fmt.read_chunks(chunks, source=source, variant=variant))
    if hasattr(fmt, "read_lines") and (Path(path).suffix.lower() in (".jsonl", ".ndjson")):
        return _guard(fmt.read_lines(_lines(chunks), source=source, variant=variant))
    return _whole(fmt, chunks, source, variant, extra)


# Reader options by format: only the rga reader takes any (its corrections).
READER_OPTIONS = {"rga": frozenset({"corrections"})}


def _reader_options(name: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options that `name`'s reader takes; the rest do not concern it (a directory may mix
    rga posts, to which corrections apply, with records of other formats)."""
    takes = READER_OPTIONS.get(name, frozenset())
    return {key: value for key, value in (options or {}).items() if key in takes and value is not None}


def _whole_characters(head: bytes) -> bytes:
    """Drop a multi-byte character cut off by the end of a sniffing buffer."""
    for cut in range(min(4, len(head)) + 1):
        try:
            (head[: len(head) - cut] if cut else head).decode("utf-8")
            return head[: len(head) - cut] if cut else head
        except UnicodeDecodeError:
            continue
    return head


def _failed(index: int, error: NotationError) -> Iterator[ReadItem]:
    yield ReadItem(index, None, error)


def _whole(
    fmt: Format, chunks: Iterator[str], source: str, variant: str | None, extra: dict[str, Any]
) -> Iterator[ReadItem]:
    try:
        text = "".join(chunks)
    except NotationError as exc:
        yield ReadItem(0, None, exc)
        return
    yield from fmt.read(text, source=source, variant=variant, **extra)


def _guard(items: Iterator[ReadItem]) -> Iterator[ReadItem]:
    """Pass items on; a decoding error met while streaming becomes one last error item."""
    last = -1
    try:
        for item in items:
            last = item.index
            yield item
    except NotationError as exc:
        if exc.code != "encoding":
            raise
        yield ReadItem(last + 1, None, exc)


def _decoded_chunks(path: str | os.PathLike, source: str) -> Iterator[str]:
    """UTF-8 text of a file in chunks: BOM dropped, CRLF/CR made LF (also across chunk ends);
    undecodable bytes raise NotationError with their byte offset in the file."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    consumed = 0  # bytes handed to the decoder so far
    carry_cr = False
    first = True
    with open(path, "rb") as handle:
        while True:
            data = handle.read(CHUNK)
            final = not data
            if first and data.startswith(codecs.BOM_UTF8):
                data = data[3:]
                consumed += 3
            first = False
            pending = decoder.getstate()[0]  # bytes of a character cut by the last chunk
            try:
                text = decoder.decode(data, final)
            except UnicodeDecodeError as exc:
                offset = consumed - len(pending) + exc.start
                good = (pending + data)[: exc.start].decode("utf-8")  # the text before the bad byte
                good = ("\r" if carry_cr else "") + good
                if good:
                    yield good.replace("\r\n", "\n").replace("\r", "\n")
                byte = _byte_at(path, offset)
                raise NotationError(
                    f"the file is not UTF-8: byte 0x{byte:02x} at offset {offset} cannot be decoded",
                    source=source,
                    byte_offset=offset,
                    code="encoding",
                ) from None
            consumed += len(data)
            if carry_cr:
                text = "\r" + text
            carry_cr = text.endswith("\r") and not final
            if carry_cr:
                text = text[:-1]
            if "\r" in text:
                text = text.replace("\r\n", "\n").replace("\r", "\n")
            if text:
                yield text
            if final:
                return


def _byte_at(path: str | os.PathLike, offset: int) -> int:
    with open(path, "rb") as handle:
        handle.seek(offset)
        return handle.read(1)[0]


def _lines(chunks: Iterable[str]) -> Iterator[str]:
    rest = ""
    for chunk in chunks:
        lines = (rest + chunk).split("\n")
        rest = lines.pop()
        yield from lines
    if rest:
        yield rest


# ---------------------------------------------------------------------------------------------
# Writing and converting


def write_records(records: Iterable[Record], format: str) -> tuple[str, list[NotationWarning]]:
    """The text of `records` in `format`, and warnings for what that format cannot carry."""
    return get_format(format).write(records)


def write_atomically(path: str | os.PathLike, text: str) -> None:
    """Write UTF-8 text so that readers see the old file or the new one, never half of it."""
    target = Path(path)
    handle, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise


@attrs.frozen
class Conversion:
    """What `convert` produced: the text, the records converted, the warnings of reading and
    writing, and the items that could not be read (their errors)."""

    text: str
    records: tuple[Record, ...]
    warnings: tuple[NotationWarning, ...]
    failed: tuple[ReadItem, ...]


def convert(
    path: str | os.PathLike,
    to: str,
    *,
    from_format: str | None = None,
    variant: str | None = None,
    output: str | os.PathLike | None = None,
) -> Conversion:
    """Read every record of `path`, write the readable ones in format `to` (to `output`
    atomically, if given). Unreadable records are returned in `failed`, never silently skipped."""
    records, warnings, failed = [], [], []
    for item in read_path(path, format=from_format, variant=variant):
        warnings.extend(item.warnings)
        if item.record is None:
            failed.append(item)
        else:
            records.append(item.record)
    text, more = write_records(records, to)
    warnings.extend(more)
    if output is not None:
        write_atomically(output, text)
    return Conversion(text, tuple(records), tuple(warnings), tuple(failed))
