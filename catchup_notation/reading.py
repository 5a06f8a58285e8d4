"""Reading records from anywhere: files, directories, standard input, open streams and strings.

Every input is opened once and streamed: its first bytes are read for sniffing the format and then
handed on with the rest, so a FIFO, `/dev/stdin` or a process substitution loses nothing, and a
collection of any size is read in constant memory. Each record becomes a `Game`, readable or not;
a problem with an input as a whole (it cannot be opened, its format cannot be told) is one
unreadable `Game` in its place, and reading goes on with the next input.
"""

from __future__ import annotations

import codecs
import contextlib
import functools
import io
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path, PurePath
from typing import IO, TYPE_CHECKING, Any, BinaryIO, cast

import attrs

from catchup_notation import compression, formats
from catchup_notation.board import Board
from catchup_notation.errors import NotationError, VariantError
from catchup_notation.formats.base import Corrections, Format, Parsed, Piece, ReadOptions
from catchup_notation.formats.decoding import complete_prefix, normalise, text_chunks, text_of_chunks, undecodable
from catchup_notation.game import Game, GameSource
from catchup_notation.rules.inference import AUTO
from catchup_notation.rules.registry import Variant, on_board, parse_variant

if TYPE_CHECKING:
    from catchup_notation.formats.lg import Taken
    from catchup_notation.plainjudge import Judged, PlainJudge

#: Bytes read from the start of an input to tell its format.
SNIFF_BYTES = 8192
STDIN = "-"
STDIN_NAME = "<stdin>"

Source = str | os.PathLike[str] | IO[str] | IO[bytes]


@attrs.frozen
class Request:
    """How to read: the format (None: tell from the name and content), the variant choice (None:
    the record's own; "auto": whichever accepts it), the rga corrections and what capitals in an
    rga move list mean."""

    format: str | None = None
    variant: str | Variant | None = None
    corrections: Corrections = None
    capitals: str | None = None

    @property
    def reading_variant(self) -> str | None:
        """The variant string the readers read under ("auto" reads under their defaults)."""
        if isinstance(self.variant, Variant):
            return str(self.variant)
        if self.variant is None or self.variant.strip().lower() == AUTO:
            return None
        return self.variant

    def options(self, name: str | None) -> ReadOptions:
        """What a reader of the input called `name` is told."""
        return ReadOptions(
            source=name, variant=self.reading_variant, corrections=self.corrections, capitals=self.capitals
        )


def read(
    source: Source,
    *,
    format: str | None = None,
    variant: str | Variant | None = None,
    corrections: Corrections = None,
    board: Board | str | None = None,
    capitals: str | None = None,
) -> Iterator[Game]:
    """Every record of `source`, lazily, as `Game`s (unreadable ones included, with their error).

    `source` is a path, a directory (searched recursively for record files), an open text or
    binary stream, or "-" for standard input. `format` names the notation (default: from the
    file's name and content); `variant` the rules to judge by (default: the record's own, or
    `catchup` where the notation does not say; "auto": whichever variant accepts each record);
    `corrections` mend coordinates of hand-written posts (rga); `board` (a `Board` or any spelling
    of one, `@shape.txt`) the board to play `variant` (default `catchup`) on, for notations that
    do not carry a shape (Little Golem); `capitals` what a capital cell in an rga move list means
    ("other-colour" or "same"; default: what the post and the variant say). An unknown format or
    variant raises at once (`NotationError`, `VariantError`).
    """
    request = make_request(format, on_board(variant, board), corrections, capitals)
    return _read_all(_inputs(source), request)


def read_text(
    text: str,
    *,
    format: str | None = None,
    variant: str | Variant | None = None,
    corrections: Corrections = None,
    source: str | None = None,
    board: Board | str | None = None,
    capitals: str | None = None,
) -> Iterator[Game]:
    """Every record of a string, as `read` gives them; `source` names it in messages and its
    ending helps tell the format."""
    request = make_request(format, on_board(variant, board), corrections, capitals)
    return _read_all([_Input(source, source, text=text)], request)


def make_request(
    format: str | None, variant: str | Variant | None, corrections: Corrections, capitals: str | None = None
) -> Request:
    """A `Request`, checked: an unknown format or variant, or corrections of the wrong kind, raise now."""
    if format is not None:
        format = formats.canonical_name(format)  # an unknown format is an error now, not at the first record
    if isinstance(variant, str) and variant.strip().lower() != AUTO:
        chosen = parse_variant(variant)  # likewise an unknown variant
        if "@" in variant:
            variant = str(chosen)  # a board file is read once, here, and its board spelt out
    if corrections is not None and not isinstance(corrections, str) and not hasattr(corrections, "items"):
        raise VariantError("corrections are a mapping of written names to cells, or 'diagram'")
    if isinstance(corrections, str) and corrections != "diagram":
        raise VariantError(f"corrections must be a mapping or 'diagram', not {corrections!r}")
    if capitals not in (None, "other-colour", "same"):
        raise VariantError(f"capitals is 'other-colour' or 'same' (or None), not {capitals!r}")
    return Request(format, variant, corrections, capitals)


# ---------------------------------------------------------------------------------------------
# Inputs


@attrs.define
class _Input:
    """One input: `name` for messages, `path` for its name's ending (None for streams), and where
    its content comes from (a path to open, a zip archive's member, a stream, or a string)."""

    name: str | None
    path: str | None
    open_path: str | None = None
    stream: IO[Any] | None = None
    text: str | None = None
    error: NotationError | None = None
    member: Callable[[], BinaryIO] | None = None


def _inputs(source: Source) -> Iterator[_Input]:
    if isinstance(source, (str, os.PathLike)):
        raw = os.fspath(source)
        if raw == STDIN:
            if sys.stdin is None or getattr(sys.stdin, "closed", False):
                yield _Input(STDIN_NAME, None, error=NotationError("standard input is closed", code="io"))
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


def _file_inputs(path: str) -> Iterator[_Input]:
    """The input of a file (a zip archive's members are found when it is opened: `_Archive`)."""
    yield _Input(path, path, open_path=path)


def _stream_inputs(stream: IO[Any], name: str, path: str | None) -> Iterator[_Input]:
    """The inputs of an open stream: itself (decompressed as its first bytes say), or the members
    of a zip archive (kept in a temporary file, which a zip archive needs)."""
    binary = getattr(stream, "buffer", None)
    if binary is None or isinstance(stream, io.StringIO):
        binary = stream if not isinstance(stream, io.TextIOBase) and isinstance(stream.read(0), bytes) else None
    if binary is None:  # a text stream: nothing to decompress
        yield _Input(name, path, stream=stream)
        return
    try:
        opened, kind = compression.opened(binary, name)
    except OSError as exc:
        yield _Input(name, path, error=NotationError(f"cannot read {name}: {exc.strerror or exc}", code="io"))
        return
    if kind != "zip":
        yield _Input(name, path, stream=opened)
        return
    import shutil
    import tempfile

    with tempfile.TemporaryFile() as spool:
        shutil.copyfileobj(opened, spool)
        spool.seek(0)
        yield from _zip_inputs(spool, name)


def _is_zip(path: str) -> bool:
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


def _zip_inputs(archive_file: str | IO[bytes], shown: str) -> Iterator[_Input]:
    """The record files of a zip archive, in its order, each named `archive.zip:member.sgf`; an
    archive that cannot be read is one unreadable input."""
    import zipfile

    try:
        archive = zipfile.ZipFile(archive_file)
    except (zipfile.BadZipFile, OSError, EOFError) as exc:
        yield _Input(shown, None, error=compression.damaged(shown, exc))
        return
    with archive:
        for member, info in compression.zip_members(archive):
            name = f"{shown}:{member}"
            opener = functools.partial(compression.open_member, archive, info, name)
            if _passed_over(member, opener, in_zip=True) is None:
                yield _Input(name, member, member=opener)


def record_files(path: str) -> list[str]:
    """The files `read(path)` reads: the record files under a directory, sorted, else `path`
    (a zip archive is one file, whose members `read` reads)."""
    if path != STDIN and os.path.isdir(path):
        return [str(p) for p in _folder_files(Path(path)) if _passed_over(str(p), _opener(p)) is None]
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
        why = _passed_over(str(candidate), _opener(candidate))
        if why is None:
            files.append(str(candidate))
            skipped.extend(_zip_skipped(str(candidate)))
        else:
            skipped.append((str(candidate), why))
    return Survey(tuple(files), tuple(skipped))


def _zip_skipped(path: str) -> list[tuple[str, str]]:
    """The members of a zip archive named so (`.zip`) that are not read, and why (none for any
    other file: whether a file is an archive is otherwise told when it is read)."""
    if not path.lower().endswith(".zip") or not _is_zip(path):
        return []
    import zipfile

    try:
        with zipfile.ZipFile(path) as archive:
            found = []
            for member, info in compression.zip_members(archive):
                opener = functools.partial(compression.open_member, archive, info, member)
                why = _passed_over(member, opener, in_zip=True)
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


def _passed_over(name: str, opener: Callable[[], BinaryIO], *, in_zip: bool = False) -> str | None:
    """Why a file of a folder (or a member of a zip archive) is not read, or None when it is a
    record file: a notation's ending (compressed or not), a zip archive, or a `.txt` file (or a
    compressed file that names no notation) whose text a notation recognises."""
    suffix = formats.record_suffix(name)
    if suffix in formats.extensions():
        return None
    ending = PurePath(name).suffix.lower()
    if ending == ".zip":
        return "a zip archive inside a zip archive is not looked into" if in_zip else None
    if suffix == ".txt" or (ending in formats.COMPRESSED_ENDINGS and not suffix):
        return None if _recognised(opener) else "no notation recognises its text"
    return f"no notation reads {suffix or 'files without an ending'}"


def _directory(folder: Path) -> Iterator[_Input]:
    """The record files under a folder, sorted (see `_passed_over`); a zip archive's members in its
    place. Only regular files are opened; hidden files and folders are passed over."""
    for path in record_files(str(folder)):
        yield from _file_inputs(path)


def _recognised(opener: Callable[[], BinaryIO]) -> bool:
    try:
        with opener() as handle:
            stream, _ = compression.opened(handle, None)
            head = stream.read(SNIFF_BYTES)
        formats.detect(None, _sniffable(head))
    except (NotationError, OSError):
        return False
    return True


def _sniffable(head: bytes) -> str:
    """The start of a text for sniffing: a character cut by the end of the bytes read is dropped,
    undecodable bytes are replaced (the reader reports them properly)."""
    return normalise(complete_prefix(head).decode("utf-8", errors="replace"))


# ---------------------------------------------------------------------------------------------
# From inputs to games


def _read_all(inputs: Iterable[_Input], request: Request) -> Iterator[Game]:
    for item in inputs:
        yield from _games_of(item, request)


def _games_of(item: _Input, request: Request) -> Iterator[Game]:
    for found in _found_in(item, request, split=False):
        assert isinstance(found, Game)
        yield found


@attrs.frozen
class Pieces:
    """Records of one input found but not yet parsed (see `Format.pieces`): all that
    `Pieces.games` needs, in a picklable form, to give their games anywhere. Split with a judge
    (`split`), runs of games it judged valid (`Taken`) come among them, in their place."""

    format: str
    source: str | None
    request: Request
    pieces: tuple[Piece | Taken, ...]

    @property
    def first(self) -> tuple[int, int]:
        """The index and line of the first record."""
        first = self.pieces[0]
        return (first.index, first.line) if isinstance(first, Piece) else (first.first, first.line)

    def games(self) -> Iterator[Game]:
        """The games of these pieces, as `read` would give them (split without a judge)."""
        fmt = formats.get(self.format)
        options = self.request.options(self.source)
        for piece in self.pieces:
            assert isinstance(piece, Piece)
            yield _game(fmt.parse_piece(piece, options), self.format, self.source, self.request)

    def judging(self, judge: PlainJudge) -> Iterator[Game | Judged]:
        """`games`, but the games judged valid already, and each other plain game that `judge`
        finds valid, come as `Judged`, verdicts only."""
        from catchup_notation.plainjudge import Judged

        fmt = formats.get(self.format)
        for piece in self.pieces:
            if isinstance(piece, Piece):
                yield _judged_piece(piece, fmt, self.format, self.source, self.request, judge)
            else:
                yield Judged(self.source, self.format, piece.first, piece.items)


def split(
    path: str, request: Request, size: int, chars: int | None = None, judge: PlainJudge | None = None
) -> Iterator[Pieces | Game]:
    """The records of the input `path` ("-" for standard input) in `Pieces` of up to `size`
    records and `chars` characters of text (but one record at least), found by its format's cheap
    scan, for parsing elsewhere; an input whose format has no such scan is read here (its games
    come as they are), as is an input that fails as a whole (one unreadable game). With `judge`,
    the runs of plain Little Golem games it finds valid come among the pieces as `Taken`, each
    counted as its games (`Pieces.judging` gives their verdicts)."""
    for item in _inputs(path):
        yield from _found_in(item, request, split=True, size=size, chars=chars, judge=judge)


def read_judging(path: str, request: Request, judge: PlainJudge) -> Iterator[Game | Judged]:
    """The records of the input `path` ("-" for standard input) as `read` gives them, but the runs
    of plain Little Golem games that `judge` finds valid come as `Judged`, verdicts only."""
    for item in _inputs(path):
        yield from _found_in(item, request, split=False, judge=judge)


def _found_in(
    item: _Input,
    request: Request,
    *,
    split: bool,
    size: int = 1,
    chars: int | None = None,
    judge: PlainJudge | None = None,
) -> Iterator[Any]:
    name = item.name
    if item.error is not None:
        item.error.source = name
        yield _failed(item.error, request.format, name, 0, request)
        return
    try:
        with _opened(item, request.format) as (fmt, chunks):
            if fmt is None:  # nothing but white space: no records, whatever the format
                return
            reader = formats.get(fmt)
            taking = getattr(reader, "pieces_taking", None)
            if split and getattr(reader, "splits", False):  # a format need not say it does not
                options = request.options(name)
                if judge is not None and taking is not None:
                    pieces = taking(chunks, options, judge.take)
                else:
                    pieces = reader.pieces(chunks, options)
                yield from _batched(pieces, fmt, name, request, size, chars)
            elif judge is not None and taking is not None:
                found = taking(chunks, request.options(name), judge.take)
                yield from _judging(found, reader, fmt, name, request, judge)
            else:
                yield from _guarded(reader.read(chunks, request.options(name)), fmt, name, request)
    except _Archive as archive:  # its members are inputs of their own
        for member in _zip_inputs(archive.path, name or archive.path):
            yield from _found_in(member, request, split=split, size=size, chars=chars, judge=judge)
    except NotationError as exc:
        exc.source = exc.source or name
        yield _failed(exc, request.format, name, 0, request)
    except OSError as exc:
        error = NotationError(f"cannot read {name}: {exc.strerror or exc}", source=name, code="io")
        yield _failed(error, request.format, name, 0, request)
    except VariantError as exc:  # the reader cannot read this text under the variant asked for
        yield _failed(NotationError(str(exc), source=name, code="variant"), request.format, name, 0, request)


@contextlib.contextmanager
def _opened(item: _Input, format: str | None) -> Iterator[tuple[str | None, Iterator[str]]]:
    """An input opened once: its format (None when it holds nothing but white space) and all its
    text in chunks."""
    if item.text is not None:
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
                raise _Archive(item.open_path)
            yield _binary(decompressed, item, format)
    else:
        stream = item.stream  # decompressed already, if binary (`_stream_inputs`)
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


class _Archive(Exception):
    """The file being opened is a zip archive (`path`): its members are read instead."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.path = path


def _raw(item: _Input) -> BinaryIO:
    """The bytes of a file or of a zip archive's member, as stored."""
    if item.member is not None:
        return item.member()
    assert item.open_path is not None
    return open(item.open_path, "rb")


def _binary(handle: BinaryIO, item: _Input, format: str | None) -> tuple[str | None, Iterator[str]]:
    """The format of a binary stream and its text. Only what the format's name leaves open is
    sniffed, from what the stream has now (a pipe is never waited on for more than it needs);
    a stream of nothing but white space has no format and no records."""
    fmt = format or _by_name(item.path)
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
            fmt = formats.detect(item.path, _sniffable(head))
        except NotationError:
            if not piece or len(head) >= SNIFF_BYTES:
                _undecodable_first(head, item.name)
                raise
    return fmt, text_chunks(handle, item.name, head=head)


def _undecodable_first(head: bytes, name: str | None) -> None:
    """When no format is recognised in a head that is not UTF-8, the encoding is the news: raise
    its error, with the byte offset, instead of "cannot tell the format"."""
    bom = len(codecs.BOM_UTF8) if head.startswith(codecs.BOM_UTF8) else 0
    try:
        complete_prefix(head)[bom:].decode("utf-8")
    except UnicodeDecodeError as exc:
        raise undecodable(name, bom + exc.start, head[bom + exc.start]) from None


def _text(stream: IO[str], item: _Input, format: str | None) -> tuple[str, Iterator[str]]:
    head = stream.read(SNIFF_BYTES)

    def rest() -> Iterator[str]:
        yield head
        while True:
            piece = stream.read(1 << 20)
            if not piece:
                return
            yield piece

    return format or formats.detect(item.path, normalise(head)), text_of_chunks(rest())


def _by_name(path: str | None) -> str | None:
    """The format a file's name alone says, if it says one."""
    if path is None:
        return None
    try:
        return formats.detect(path)
    except NotationError:
        return None


def _guarded(parsed: Iterator[Parsed], fmt: str, name: str | None, request: Request) -> Iterator[Game]:
    """Games of a reader's items; a reader that stops with an error part-way (undecodable bytes
    met while streaming) ends its input with one unreadable game, after those already read."""
    index = 0
    try:
        for item in parsed:
            index = item.index + 1
            yield _game(item, fmt, name, request)
    except NotationError as exc:
        exc.source = exc.source or name
        yield _failed(exc, fmt, name, index, request)


def _judging(
    found: Iterator[Piece | Taken], reader: Format, fmt: str, name: str | None, request: Request, judge: PlainJudge
) -> Iterator[Game | Judged]:
    """`_guarded` of a reader's pieces, with the runs of games `judge` took as `Judged`, and each
    other game judged alone first (the last of an input, of a chunk, one after other text)."""
    from catchup_notation.formats.lg import Taken
    from catchup_notation.plainjudge import Judged

    index = 0
    try:
        for item in found:
            if isinstance(item, Taken):
                yield Judged(name, fmt, item.first, item.items)
                index = item.first + len(item.items)
            else:
                index = item.index + 1
                yield _judged_piece(item, reader, fmt, name, request, judge)
    except NotationError as exc:
        exc.source = exc.source or name
        yield _failed(exc, fmt, name, index, request)


def _judged_piece(
    piece: Piece, reader: Format, fmt: str, name: str | None, request: Request, judge: PlainJudge
) -> Game | Judged:
    """A piece's verdict where `judge` finds its game valid and the reader noted nothing around
    it (its format says so: `nothing_noted`), else its game."""
    from catchup_notation.plainjudge import Judged

    plain = getattr(reader, "nothing_noted", None)
    verdict = judge.one(piece.text, piece.line, piece.column) if plain is not None and plain(piece) else None
    if verdict is not None:
        return Judged(name, fmt, piece.index, [verdict])
    return _game(reader.parse_piece(piece, request.options(name)), fmt, name, request)


def _batched(
    pieces: Iterator[Piece | Taken], fmt: str, name: str | None, request: Request, size: int, chars: int | None
) -> Iterator[Pieces | Game]:
    """`pieces` in `Pieces` of `size` records and `chars` characters at most (one piece at least;
    a run of games a judge took counts as its games, and none of their characters: they are not
    parsed); an error part-way ends the input as in `_guarded`. A job's reports come back in one
    message: a few hundred records keep it small (a worker killed while writing a long message
    would leave it half written, and the pool waiting for the rest)."""
    batch: list[Piece | Taken] = []
    held = 0
    records = 0
    index = 0
    try:
        for piece in _at_most(pieces, size):
            if isinstance(piece, Piece):
                index, count, text = piece.index + 1, 1, len(piece.text)
            else:
                index, count, text = piece.first + len(piece.items), len(piece.items), 0
            if batch and (records + count > size or (chars is not None and held + text > chars)):
                yield Pieces(fmt, name, request, tuple(batch))
                batch, held, records = [], 0, 0
            batch.append(piece)
            held += text
            records += count
            if records >= size:
                yield Pieces(fmt, name, request, tuple(batch))
                batch, held, records = [], 0, 0
    except NotationError as exc:
        if batch:
            yield Pieces(fmt, name, request, tuple(batch))
        exc.source = exc.source or name
        yield _failed(exc, fmt, name, index, request)
        return
    if batch:
        yield Pieces(fmt, name, request, tuple(batch))


def _at_most(pieces: Iterator[Piece | Taken], size: int) -> Iterator[Piece | Taken]:
    """`pieces`, with each run of games a judge took cut into runs of `size` games at most (a job
    of a few hundred records, whatever the judge took at once)."""
    for piece in pieces:
        if isinstance(piece, Piece) or len(piece.items) <= size:
            yield piece
            continue
        for at in range(0, len(piece.items), size):
            items = piece.items[at : at + size]
            yield piece._replace(first=piece.first + at, line=items[0][0], column=items[0][1], items=items)


def _game(item: Parsed, fmt: str, name: str | None, request: Request) -> Game:
    return Game(
        item.record,
        variant=request.variant,
        format=fmt,
        source=GameSource(name, item.index, item.line),
        error=item.error,
        warnings=item.warnings,
    )


def _failed(error: NotationError, fmt: str | None, name: str | None, index: int, request: Request) -> Game:
    return Game(None, variant=request.variant, format=fmt, source=GameSource(name, index, error.line), error=error)
