"""Judging many records: every game of many inputs, in input order, on one core or several.

`reports(paths, verify_report)` yields one report per record as soon as it is known. On one core
the games stream straight from the reader (memory stays flat on any archive size, and a consumer
that stops early stops the reading). On several, the work is cut into jobs handed to worker
processes: a run of small files is one job (the worker reads them); a big file, or standard input,
is read here and cut by its format's cheap scan into pieces of `BATCH_RECORDS` records, which the
workers parse and judge. At most a few jobs per worker are in flight, so memory stays flat there
too, and the reports come back in input order.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from catchup_notation import formats
from catchup_notation.errors import NotationError
from catchup_notation.formats.base import Corrections
from catchup_notation.game import Game
from catchup_notation.reading import STDIN, Pieces, Request, make_request, read, record_files, split
from catchup_notation.rules.registry import Variant

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

R = TypeVar("R")

#: Below this many files (of which none is big) one process is faster than starting workers.
PARALLEL_THRESHOLD = 32
#: A file of this many bytes or more is read here and cut into pieces for the workers.
BIG_FILE = 1 << 20
#: Records in one job of a big file: big enough that handing it out costs little, small enough
#: that the workers stay busy to the end.
BATCH_RECORDS = 200
#: Small files in one job, at most.
BATCH_FILES = 16
#: Jobs in flight per worker: enough to keep them busy, few enough to keep memory flat.
IN_FLIGHT = 4


def games(
    paths: Iterable[str],
    *,
    format: str | None = None,
    variant: str | Variant | None = None,
    corrections: Corrections = None,
) -> Iterator[Game]:
    """Every game of every input, in order (directories searched, "-" for standard input)."""
    for path in paths:
        yield from read(path, format=format, variant=variant, corrections=corrections)


def worker_count(jobs: int | None, files: Sequence[str]) -> int:
    """`jobs` None means every core for a large input (many files, a big file, standard input),
    one process otherwise."""
    if jobs is not None:
        return max(1, jobs)
    large = len(files) >= PARALLEL_THRESHOLD or any(name == STDIN or _is_big(name) for name in files)
    return (os.cpu_count() or 1) if large else 1


def reports(
    paths: Sequence[str],
    report: Callable[[Game], R],
    *,
    jobs: int | None = None,
    format: str | None = None,
    variant: str | Variant | None = None,
    corrections: Corrections = None,
) -> Iterator[R]:
    """`report(game)` for every game of `paths`, in input order. `report` must be picklable (a
    module-level function, or a `functools.partial` of one) when `jobs` > 1."""
    request = make_request(format, variant, corrections)
    files = [name for path in paths for name in ([path] if path == STDIN else record_files(path))]
    workers = worker_count(jobs, files)
    if workers <= 1:
        for game in games(paths, format=format, variant=variant, corrections=corrections):
            yield report(game)
        return
    from concurrent.futures import ProcessPoolExecutor  # imported only when used (start-up time)

    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        yield from _in_order(pool, _jobs(files, request, report), workers * IN_FLIGHT)
    finally:  # a consumer that stops early (| head) must not wait for the rest to be worked out
        pool.shutdown(wait=True, cancel_futures=True)


_Job = tuple[Callable[..., list[Any]], tuple[Any, ...]] | list[Any]


def _jobs(files: list[str], request: Request, report: Callable[[Game], R]) -> Iterator[_Job]:
    """The work in input order: (function, arguments) for a worker, or reports already made here
    (games of an input read here: one that failed as a whole, or whose format cannot be cut)."""
    small: list[str] = []
    for name in files:
        if name != STDIN and not _is_big(name):
            small.append(name)
            if len(small) >= BATCH_FILES:
                yield (_files_reports, (report, request, tuple(small)))
                small = []
            continue
        if small:
            yield (_files_reports, (report, request, tuple(small)))
            small = []
        if name != STDIN and not _splits(name, request):  # a worker reads it whole, beside the rest
            yield (_files_reports, (report, request, (name,)))
            continue
        for found in split(name, request, BATCH_RECORDS):
            if isinstance(found, Pieces):
                yield (_pieces_reports, (report, found))
            else:
                yield [report(found)]
    if small:
        yield (_files_reports, (report, request, tuple(small)))


def _in_order(pool: ProcessPoolExecutor, jobs: Iterator[_Job], window: int) -> Iterator[Any]:
    """The results of `jobs` in their order, with at most `window` of them in flight."""
    waiting: deque[Future[list[Any]] | list[Any]] = deque()
    for job in jobs:
        waiting.append(job if isinstance(job, list) else pool.submit(job[0], *job[1]))
        while len(waiting) > window or (waiting and _ready(waiting[0])):
            yield from _result(waiting.popleft())
    while waiting:
        yield from _result(waiting.popleft())


def _ready(item: Future[list[Any]] | list[Any]) -> bool:
    return isinstance(item, list) or item.done()


def _result(item: Future[list[Any]] | list[Any]) -> list[Any]:
    return item if isinstance(item, list) else item.result()


def _splits(name: str, request: Request) -> bool:
    """Whether the file's format, as its name or the request says, is one that `splits` (when the
    name leaves the format open, the file is read here, where its content tells)."""
    fmt = request.format
    if fmt is None:
        try:
            fmt = formats.detect(name)
        except NotationError:
            return True
    return formats.get(fmt).splits


def _is_big(name: str) -> bool:
    try:
        return os.stat(name).st_size >= BIG_FILE
    except OSError:
        return False  # the reader reports it


def _files_reports(report: Callable[[Game], R], request: Request, names: tuple[str, ...]) -> list[R]:
    return [
        report(game)
        for name in names
        for game in read(name, format=request.format, variant=request.variant, corrections=request.corrections)
    ]


def _pieces_reports(report: Callable[[Game], R], pieces: Pieces) -> list[R]:
    return [report(game) for game in pieces.games()]
