"""Where records come from: paths, folders (their record files, sorted), zip archives' members,
open streams (decompressed as their first bytes say) and standard input, each an `Input` to open
once; and the survey of what a folder or archive holds and passes over."""

from __future__ import annotations

import functools
import io
import os
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path, PurePath
from typing import IO, Any, BinaryIO

import attrs

from catchup_notation import compression, formats
from catchup_notation.errors import NotationError
from catchup_notation.formats.base import Part
from catchup_notation.reading.detection import recognised

STDIN = "-"


STDIN_NAME = "<stdin>"


Source = str | os.PathLike[str] | IO[str] | IO[bytes]


@attrs.define
class Input:
    """One input: `name` for messages, `path` for its name's ending (None for streams), and where
    its content comes from (a path to open, a zip archive's member, a stream, or a string)."""

    name: str | None
    path: str | None
    open_path: str | None = None
    stream: IO[Any] | None = None
    text: str | None = None
    error: NotationError | None = None
    member: Callable[[], BinaryIO] | None = None
    #: A part of a file read on its own: its bytes from the first offset to the second (None:
    #: the end), read as the format given, and where the part starts in the whole (`Part`).
    span: tuple[int, int | None] | None = None
    part: Part | None = None


def inputs(source: Source) -> Iterator[Input]:
    if isinstance(source, (str, os.PathLike)):
        raw = os.fspath(source)
        if raw == STDIN:
            if sys.stdin is None or getattr(sys.stdin, "closed", False):
                yield Input(STDIN_NAME, None, error=NotationError("standard input is closed", code="io"))
            else:
                yield from _stream_inputs(sys.stdin, STDIN_NAME, None)
            return
        if os.path.isdir(raw):
            yield from _directory(Path(raw))
            return
        yield from _file_inputs(raw)
        return
    name = getattr(source, "name", None)
    name = name if isinstance(name, str) else None
    yield from _stream_inputs(source, name or "<stream>", name)


def _file_inputs(path: str) -> Iterator[Input]:
    """The input of a file (a zip archive's members are found when it is opened: `Archive`)."""
    yield Input(path, path, open_path=path)


def _stream_inputs(stream: IO[Any], name: str, path: str | None) -> Iterator[Input]:
    """The inputs of an open stream: itself (decompressed as its first bytes say), or the members
    of a zip archive (kept in a temporary file, which a zip archive needs)."""
    binary = getattr(stream, "buffer", None)
    if binary is None or isinstance(stream, io.StringIO):
        binary = stream if not isinstance(stream, io.TextIOBase) and isinstance(stream.read(0), bytes) else None
    if binary is None:  # a text stream: nothing to decompress
        yield Input(name, path, stream=stream)
        return
    try:
        opened, kind = compression.opened(binary, name)
    except OSError as exc:
        yield Input(name, path, error=NotationError(f"cannot read {name}: {exc.strerror or exc}", code="io"))
        return
    if kind != "zip":
        yield Input(name, path, stream=opened)
        return
    import shutil
    import tempfile

    with tempfile.TemporaryFile() as spool:
        shutil.copyfileobj(opened, spool)
        spool.seek(0)
        yield from zip_inputs(spool, name)


def is_zip(path: str) -> bool:
    """Whether a regular file is a zip archive, by its first bytes (a file that cannot be read is
    not: opening it reports why). Anything else (a FIFO, a device) is never opened here: what it
    gives can be read only once."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with open(path, "rb") as handle:
            return compression.kind_of(handle.read(compression.MAGIC_BYTES)) == "zip"
    except OSError:
        return False


def zip_inputs(archive_file: str | IO[bytes], shown: str) -> Iterator[Input]:
    """The record files of a zip archive, in its order, each named `archive.zip:member.sgf`; an
    archive that cannot be read is one unreadable input."""
    import zipfile

    try:
        archive = zipfile.ZipFile(archive_file)
    except (zipfile.BadZipFile, OSError, EOFError) as exc:
        yield Input(shown, None, error=compression.damaged(shown, exc))
        return
    with archive:
        for member, info in compression.zip_members(archive):
            name = f"{shown}:{member}"
            opener = functools.partial(compression.open_member, archive, info, name)
            if _passed_over(member, opener, in_zip=True, empty=info.file_size == 0) is None:
                yield Input(name, member, member=opener)


def record_files(path: str) -> list[str]:
    """The files `read(path)` reads: the record files under a directory, sorted, else `path`
    (a zip archive is one file, whose members `read` reads)."""
    if path != STDIN and os.path.isdir(path):
        return [
            str(p) for p in _folder_files(Path(path)) if _passed_over(str(p), _opener(p), empty=_is_empty(p)) is None
        ]
    return [path]


@attrs.frozen
class Survey:
    """What a named input holds for reading: its record files in reading order (the input itself
    when it is a file or "-"), and the files passed over, each with why (a folder's files, a zip
    archive's members, named `archive.zip:member`)."""

    files: tuple[str, ...]
    skipped: tuple[tuple[str, str], ...] = ()


def survey(path: str) -> Survey:
    """The files `read(path)` reads and those it passes over and why (a file no notation reads, a
    text no notation recognises).
    Hidden files and folders (`.name`) are passed over without a word."""
    if path == STDIN:
        return Survey((path,))
    if not os.path.isdir(path):
        return Survey((path,), tuple(_zip_skipped(path)))
    files, skipped = [], []
    for candidate in _folder_files(Path(path)):
        why = _passed_over(str(candidate), _opener(candidate), empty=_is_empty(candidate))
        if why is None:
            files.append(str(candidate))
            skipped.extend(_zip_skipped(str(candidate)))
        else:
            skipped.append((str(candidate), why))
    return Survey(tuple(files), tuple(skipped))


def _zip_skipped(path: str) -> list[tuple[str, str]]:
    """The members of a zip archive named so (`.zip`) that are not read, and why (none for any
    other file: whether a file is an archive is otherwise told when it is read)."""
    if not path.lower().endswith(".zip") or not is_zip(path):
        return []
    import zipfile

    try:
        with zipfile.ZipFile(path) as archive:
            found = []
            for member, info in compression.zip_members(archive):
                opener = functools.partial(compression.open_member, archive, info, member)
                why = _passed_over(member, opener, in_zip=True, empty=info.file_size == 0)
                if why is not None:
                    found.append((f"{path}:{member}", why))
            return found
    except (zipfile.BadZipFile, OSError, EOFError):
        return []  # reading it says why


def _folder_files(folder: Path) -> list[Path]:
    """The regular files under a folder, sorted as paths, hidden files and folders left out."""
    found = []
    for root, folders, names in os.walk(folder):
        folders[:] = [name for name in folders if not name.startswith(".")]
        for name in names:
            path = Path(root) / name
            if name.startswith("."):
                continue
            try:
                if stat.S_ISREG(path.stat().st_mode):
                    found.append(path)
            except OSError:
                continue
    return sorted(found)


def _opener(path: Path) -> Callable[[], BinaryIO]:
    return functools.partial(open, path, "rb")  # type: ignore[return-value]


def _is_empty(path: Path) -> bool:
    try:
        return path.stat().st_size == 0
    except OSError:
        return False  # reading it says why


def _passed_over(name: str, opener: Callable[[], BinaryIO], *, in_zip: bool = False, empty: bool = False) -> str | None:
    """Why a file of a folder (or a member of a zip archive) is not read, or None when it is a
    record file: a notation's ending (compressed or not), a zip archive, or a `.txt` file (or a
    compressed file that names no notation) whose text a notation recognises. An empty file is
    passed over, and said to be (it holds no record, whatever its name)."""
    if empty:
        return "it is empty"
    suffix = formats.record_suffix(name)
    if suffix in formats.extensions():
        return None
    ending = PurePath(name).suffix.lower()
    if ending == ".zip":
        return "a zip archive inside a zip archive is not looked into" if in_zip else None
    if suffix == ".txt" or (ending in formats.COMPRESSED_ENDINGS and not suffix):
        return None if recognised(opener) else "no notation recognises its text"
    return f"no notation reads {suffix or 'files without an ending'}"


def _directory(folder: Path) -> Iterator[Input]:
    """The record files under a folder, sorted (see `_passed_over`); a zip archive's members in its
    place. Only regular files are opened; hidden files and folders are passed over."""
    for path in record_files(str(folder)):
        yield from _file_inputs(path)
