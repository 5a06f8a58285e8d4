"""Judging many records: every game of many inputs, in input order, on one core or several.

`reports(paths, verify_report)` yields one report per record as soon as it is known: on one core
the games stream straight from the reader (memory stays flat on any archive size, and a consumer
that stops early stops the reading); with `jobs` > 1, files are handed to worker processes and
their reports come back in input order.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from catchup_notation.formats.base import Corrections
from catchup_notation.game import Game
from catchup_notation.reading import STDIN, read, record_files
from catchup_notation.rules.registry import Variant

R = TypeVar("R")

#: Below this many files one process is faster than starting workers.
PARALLEL_THRESHOLD = 32


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


def worker_count(jobs: int | None, files: int) -> int:
    """`jobs` None means every core when there are many files, one process otherwise."""
    if jobs is not None:
        return max(1, jobs)
    return (os.cpu_count() or 1) if files >= PARALLEL_THRESHOLD else 1


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
    options: dict[str, Any] = {"format": format, "variant": variant, "corrections": corrections}
    files = [name for path in paths for name in ([path] if path == STDIN else record_files(path))]
    workers = worker_count(jobs, len(files))
    if workers <= 1 or len(files) < 2:
        for game in games(paths, **options):
            yield report(game)
        return
    job = functools.partial(_file_reports, report, options)
    chunk = max(1, len(files) // (workers * 8))
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        done = pool.map(job, [name for name in files if name != STDIN], chunksize=chunk)
        for name in files:
            if name == STDIN:  # standard input is read here, once
                yield from (report(game) for game in read(STDIN, **options))
            else:
                yield from next(done)
    finally:  # a consumer that stops early (| head) must not wait for the rest to be worked out
        pool.shutdown(wait=True, cancel_futures=True)


def _file_reports(report: Callable[[Game], R], options: dict[str, Any], path: str) -> list[R]:
    return [report(game) for game in read(path, **options)]
