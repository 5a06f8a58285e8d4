"""Where records come from: paths, directories (searched recursively), `-` for stdin; which
format each file is in; and running a job over many files on several cores, output in input order.

Everything a worker process receives or returns is plain picklable data (`Source`, strings,
dicts, lists), so `--jobs N` can hand files to a `ProcessPoolExecutor`.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import attrs
import typer

from catchup_notation.board import Cell, cell_name
from catchup_notation.cli import output
from catchup_notation.errors import NotationError, VariantError
from catchup_notation.model import Record
from catchup_notation.formats import io_old as io
from catchup_notation.formats.base import FORMATS, Format, ReadItem, decode

STDIN = "-"
STDIN_NAME = "<stdin>"
# Below this many files one process is faster than starting workers.
PARALLEL_THRESHOLD = 32

R = TypeVar("R")


@attrs.frozen
class Source:
    """One input: a file path, or stdin's bytes (read once, in the parent process)."""

    name: str
    path: str | None = None
    data: bytes | None = None


# ---------------------------------------------------------------------------------------------
# Formats


def load_formats() -> dict[str, Format]:
    """The format registry, every notation loaded (importing `notation.io` registers them all)."""
    return FORMATS


def format_names() -> list[str]:
    return sorted(FORMATS)


def known_extensions() -> set[str]:
    return {ext.lower() for fmt in FORMATS.values() for ext in fmt.extensions}


def cell_namer(format_name: str | None, side: int) -> Callable[[Cell], str]:
    """Cells named as the record's own format names them, else Little Golem style (E5).

    A format offers its names as a `cell_name(cell, side)` attribute or as a function of that
    name in the module that defines it (lg, genius, rga and abstractplay do); a cell the format
    cannot name (far off the board) falls back to the LG/axial name.
    """
    fmt = load_formats().get(format_name or "")
    own = getattr(fmt, "cell_name", None)
    if own is None and fmt is not None:
        own = getattr(sys.modules.get(type(fmt).__module__), "cell_name", None)
    if not callable(own):
        return lambda cell: cell_name(cell, side)

    def name(cell: Cell) -> str:
        try:
            return own(cell, side)
        except Exception:  # a cell the format cannot write (far off the board)
            return cell_name(cell, side)

    return name


# ---------------------------------------------------------------------------------------------
# Sources


def collect_sources(paths: Iterable[str], stdin: Any = None) -> list[Source]:
    """Sources in the order given; a directory contributes its record files (see
    `_looks_like_records`), sorted.
    A path that does not exist is kept, so that reading it reports the I/O error in its place."""
    sources: list[Source] = []
    extensions = None
    for raw in paths:
        if raw == STDIN:
            stream = stdin if stdin is not None else sys.stdin
            data = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
            sources.append(Source(STDIN_NAME, data=data.encode("utf-8") if isinstance(data, str) else data))
            continue
        path = Path(raw)
        if path.is_dir():
            extensions = extensions if extensions is not None else known_extensions()
            found = sorted(p for p in path.rglob("*") if p.is_file() and _looks_like_records(p, extensions))
            sources.extend(Source(str(p), path=str(p)) for p in found)
        else:
            sources.append(Source(raw, path=raw))
    return sources


def _looks_like_records(path: Path, extensions: set[str]) -> bool:
    """In a directory: files with a notation's extension, and .txt files (posts, papers) whose
    content one notation recognises; anything else (READMEs, images) is not a record file."""
    suffix = path.suffix.lower()
    if suffix in extensions:
        return True
    if suffix != ".txt":
        return False
    try:
        _detect_file_format(str(path))
    except (NotationError, OSError):
        return False
    return True


def read_source(
    source: Source, *, format: str | None = None, variant: str | None = None, options: dict[str, Any] | None = None
) -> tuple[str | None, Iterator[ReadItem]]:
    """The format name (None when not even that could be found) and the items of a source.

    Files are streamed by `notation.io.read_path` (constant memory on big collections); stdin's
    bytes are decoded whole. Problems with the source as a whole (I/O, encoding, unknown format)
    become a single item carrying the error, so every caller handles one shape of result.
    """
    try:
        if source.data is not None:
            text = decode(source.data, source=source.name)
            name = format or io.detect_format(None, text)
            return name, _guarded_items(io.read_text(text, format=name, source=source.name, variant=variant, options=options), source.name)
        assert source.path is not None
        name = format or _detect_file_format(source.path)
        return name, _guarded_items(io.read_path(source.path, format=name, variant=variant, options=options), source.name)
    except NotationError as exc:
        exc.source = exc.source or source.name
        return format, iter([ReadItem(0, None, exc)])
    except OSError as exc:
        return format, iter([ReadItem(0, None, _io_error(source.name, exc))])


def _detect_file_format(path: str) -> str:
    """Detect from the extension and the first few KB (as `read_path` does, but we need the name)."""
    with open(path, "rb") as handle:
        head = handle.read(8192)
    try:
        text = decode(head, source=path)
    except NotationError:  # undecodable (or a character cut at the buffer end): extension only
        text = None
    return io.detect_format(path, text)


def _io_error(name: str, exc: OSError) -> NotationError:
    return NotationError(f"cannot read {name}: {exc.strerror or exc}", source=name, code="io")


def _guarded_items(items: Iterator[ReadItem], name: str) -> Iterator[ReadItem]:
    """A reader that raises part-way (rather than yielding an error item) ends that file with an
    error item instead of ending the whole run."""
    index = 0
    try:
        for item in items:
            index = item.index + 1
            yield item
    except NotationError as exc:
        exc.source = exc.source or name
        yield ReadItem(index, None, exc)
    except OSError as exc:
        yield ReadItem(index, None, _io_error(name, exc))
    except VariantError as exc:  # the reader cannot read this file under the variant asked for
        yield ReadItem(index, None, NotationError(str(exc), source=name, code="variant"))


# ---------------------------------------------------------------------------------------------
# Running a job over many sources


def worker_count(jobs: int | None, sources: int) -> int:
    """`--jobs`: None means every core when there are many files, one process otherwise."""
    if jobs is not None:
        return max(1, jobs)
    return (os.cpu_count() or 1) if sources >= PARALLEL_THRESHOLD else 1


def map_sources(job: Callable[[Source], Iterable[R]], sources: list[Source], jobs: int) -> Iterator[Iterable[R]]:
    """`job`'s results for each source, one iterable per source, in input order. With one process
    a file's results stream as they come (a huge collection is never held whole); with several,
    each file's results come back from its worker as a list."""
    if jobs <= 1 or len(sources) < 2:
        for source in sources:
            yield job(source)
        return
    chunk = max(1, len(sources) // (jobs * 8))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(functools.partial(_listed, job), sources, chunksize=chunk)


def _listed(job: Callable[[Source], Iterable[R]], source: Source) -> list[R]:
    return list(job(source))


def one_record(
    path: str, record_index: int, *, format: str | None, variant: str | None = None, options: dict[str, Any] | None = None
) -> tuple[str | None, Record]:
    """The format name and record number `record_index` of the single file at `path`, for the
    commands that work on one record (show, solve); usage and reading problems exit."""
    sources = collect_sources([path])
    if len(sources) != 1:
        raise typer.BadParameter("give exactly one file", param_hint="PATH")
    format_name, items = read_source(sources[0], format=format, variant=variant, options=options)
    item = next((i for i in items if i.index == record_index), None)
    if item is None:
        raise typer.BadParameter(f"{sources[0].name} has no record {record_index}", param_hint="--record")
    if item.record is None:
        output.print_lines(output.stderr_console(), [("error", str(item.error))])
        raise typer.Exit(output.EXIT_UNREADABLE)
    return format_name, item.record

