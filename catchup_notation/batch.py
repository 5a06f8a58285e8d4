"""Judging many records: every game of many inputs, in input order, on one core or several.

`reports(paths, verify_report)` yields one report per record as soon as it is known. On one core
the games stream straight from the reader (memory stays flat on any archive size, and a consumer
that stops early stops the reading). On several, the work is cut into jobs handed to worker
processes: a run of small files is one job (the worker reads them); a big file, or standard input,
is read here and cut by its format's cheap scan into pieces of at most `BATCH_RECORDS` records and
`BATCH_CHARS` characters, which the workers parse and judge. An input whose format has no such scan
(`splits` False) is read whole by one worker when it is a file, and here when it is standard input.
At most a few jobs per worker are in flight, so memory stays flat there too (a few jobs' text, or
a few records when records are big), and the reports come back in input order.

A worker that dies (killed by hand or by the out-of-memory killer) ends the run: the records before
the first job it took down have been reported, and one unreadable record (code `worker-lost`) says
that from it on nothing was judged, and why. The workers die with the run (see `workers`).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from catchup_notation import formats
from catchup_notation.errors import NotationError
from catchup_notation.formats.base import Corrections
from catchup_notation.game import Game, GameSource
from catchup_notation.reading import (
    STDIN,
    STDIN_NAME,
    Pieces,
    Request,
    fastpath,
    make_request,
    read,
    read_judging,
    record_files,
    split,
)
from catchup_notation.reading.fastpath import Judged
from catchup_notation.rules.registry import Variant
from catchup_notation.workers import (
    DeathWatch,
    available_cores,
    capped,
    lost_worker,
    process_pool,
    stop_pool,
    worker_processes,
)

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

R = TypeVar("R")

#: Bytes of input below which one process is faster than starting workers (the default --jobs),
#: where plain records are judged on the core: about 10,000 Little Golem records, a fifth of a
#: second's work, of which the workers' start and the messages to them would take back most.
PARALLEL_BYTES = 4 << 20
#: The same where every record is read into a record object (convert, --variant auto, the
#: pure-Python reference): twenty to a hundred times the work a byte.
PARALLEL_SLOW_BYTES = 256 << 10
#: A compressed input holds several times its size in text.
_COMPRESSED = (".gz", ".bz2", ".xz", ".zip")
#: A file of this many bytes or more is read here and cut into pieces for the workers.
BIG_FILE = 1 << 20
#: Records in one job of a big file: big enough that handing it out costs little, small enough
#: that the workers stay busy to the end.
BATCH_RECORDS = 200
#: Plain Little Golem games in one job at most, a run of them cut for the workers to judge on the
#: core: a few milliseconds of work, against a fraction of one for handing it out and back.
PLAIN_RUN_RECORDS = 1000
#: Characters of record text in one job of a big file, at most (a job holds one record at least):
#: with big records, a few jobs in flight still hold only a few megabytes.
BATCH_CHARS = 1 << 20
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


def worker_count(jobs: int | None, files: Sequence[str], *, fast: bool = False, verdicts_only: bool = False) -> int:
    """`jobs` None means every core for a large input (standard input too: its size is not known
    beforehand), one process for a small one (`PARALLEL_BYTES`, or `PARALLEL_SLOW_BYTES` unless
    its records are judged on the core, `fast`); never more than the cores available. A run whose
    reports are the core's verdicts alone (`verdicts_only`: verify on the core) is one process
    whatever its size: finding and handing out its records costs the main process about what
    judging them costs, so workers only add the handing over (benchmarks/bench_jobs.py)."""
    if jobs is not None:
        return capped(jobs)
    if fast and verdicts_only:
        return 1
    if STDIN in files:
        return available_cores()
    enough = PARALLEL_BYTES if fast else PARALLEL_SLOW_BYTES
    total = 0
    for name in files:
        total += _size(name) * (5 if name.lower().endswith(_COMPRESSED) else 1)
        if total >= enough:
            return available_cores()
    return 1


def reports(
    paths: Sequence[str],
    report: Callable[[Game], R],
    *,
    jobs: int | None = None,
    format: str | None = None,
    variant: str | Variant | None = None,
    corrections: Corrections = None,
    judged: Callable[[Judged], Sequence[R]] | None = None,
    scores: bool = False,
) -> Iterator[R]:
    """`report(game)` for every game of `paths`, in input order. `report` must be picklable (a
    module-level function, or a `functools.partial` of one) when `jobs` > 1.

    `judged` gives the reports of a run of games the compiled core judged valid from their text
    alone (`reading.fastpath`), the reports `report` would give them: with it, plain Little Golem games
    are judged that way where the core is built, and only the others become games. With `scores`
    (adjudicate's), each verdict carries the game's final position."""
    request = make_request(format, variant, corrections)
    files = [name for path in paths for name in ([path] if path == STDIN else record_files(path))]
    fast = judged is not None and fastpath.judge(request) is not None
    workers = worker_count(jobs, files, fast=fast, verdicts_only=not scores)
    work = _Reporting(report, judged, scores)
    if workers <= 1:
        judge = _judge(request, work)
        if judge is None:
            for game in games(paths, format=format, variant=variant, corrections=corrections):
                yield report(game)
            return
        assert judged is not None
        for path in paths:
            for found in read_judging(path, request, judge):
                if isinstance(found, Game):
                    yield report(found)
                else:
                    yield from judged(found)
        return
    pool = process_pool(workers)
    finished = False
    try:
        finished = yield from _in_order(pool, _jobs(files, request, work), workers * IN_FLIGHT, report, request)
    finally:  # a consumer that stops early (| head) must not wait for the rest to be worked out
        stop_pool(pool, finished=finished)


class _Reporting(NamedTuple):
    """What the workers make of games (`report`), and of games judged valid on the core (`judged`,
    from verdicts with the games' final positions where `scores`)."""

    report: Callable[[Game], Any]
    judged: Callable[[Judged], Sequence[Any]] | None
    scores: bool = False


class _Work(NamedTuple):
    """A job for a worker: `function(*args)` gives its reports; `first` is where its first record
    is (file, index, line), for the message when a worker dies on it."""

    function: Callable[..., list[Any]]
    args: tuple[Any, ...]
    first: GameSource


_Job = _Work | list[Any]  # work for a worker, or reports already made here


def _jobs(files: list[str], request: Request, report: _Reporting) -> Iterator[_Job]:
    """The work in input order: jobs for the workers, or reports already made here (games of an
    input read here: one that failed as a whole, or standard input whose format cannot be cut)."""
    small: list[str] = []
    for name in files:
        if name != STDIN and not _is_big(name):
            small.append(name)
            if len(small) >= BATCH_FILES:
                yield _files_work(report, request, small)
                small = []
            continue
        if small:
            yield _files_work(report, request, small)
            small = []
        if name != STDIN and not _splits(name, request):  # a worker reads it whole, beside the rest
            yield _files_work(report, request, [name])
            continue
        for found in split(name, request, BATCH_RECORDS, BATCH_CHARS, _cutter(request, report)):
            if isinstance(found, Pieces):
                index, line = found.first
                yield _Work(_pieces_reports, (report, found), GameSource(found.source, index, line))
            else:
                yield [report.report(found)]
    if small:
        yield _files_work(report, request, small)


def _files_work(report: _Reporting, request: Request, names: list[str]) -> _Work:
    return _Work(_files_reports, (report, request, tuple(names)), GameSource(names[0], 0, None))


def _in_order(
    pool: ProcessPoolExecutor, jobs: Iterator[_Job], window: int, report: Callable[[Game], R], request: Request
) -> Generator[Any, None, bool]:
    """The results of `jobs` in their order, with at most `window` of them in flight; True once
    all are given. When a worker dies, the results that came in before are given, then the report
    of one unreadable record that says from where on nothing was judged, and the results end
    there: False, for the pool's workers to be killed (a worker killed while it sent a result
    leaves the pool reading the rest of it, and its shutdown waiting for ever)."""
    from concurrent.futures.process import BrokenProcessPool

    waiting: deque[tuple[_Job, Future[list[Any]] | list[Any] | None]] = deque()
    processes: list[Any] = []  # the pool's workers, known once the first job has started them
    watch = DeathWatch(processes)
    try:
        for job in jobs:
            waiting.append((job, None))
            waiting[-1] = (job, job if isinstance(job, list) else pool.submit(job.function, *job.args))
            if not processes:
                processes.extend(worker_processes(pool))
            while len(waiting) > window or (waiting and _ready(waiting[0][1])):
                yield from _result(waiting[0][1], watch)
                waiting.popleft()
        while waiting:
            yield from _result(waiting[0][1], watch)
            waiting.popleft()
    except BrokenProcessPool:
        for job, item in waiting:
            if isinstance(job, _Work) and not _answered(item):
                yield report(_lost(job.first, processes, request))
                return False
            yield from _result(item, watch)
        return False
    return True


def _lost(first: GameSource, processes: list[Any], request: Request) -> Game:
    """The unreadable record that ends a run whose worker died: the first record not judged."""
    ended = lost_worker(processes)
    where = f"{first.file or STDIN_NAME} record {first.index + 1}"
    if first.line is not None:
        where += f" (line {first.line})"
    error = NotationError(
        f"a worker process {ended}; the records from {where} on were not judged",
        source=first.file,
        line=first.line,
        code="worker-lost",
    )
    return Game(None, variant=request.variant, format=request.format, source=first, error=error)


def _ready(item: Future[list[Any]] | list[Any] | None) -> bool:
    return isinstance(item, list) or (item is not None and item.done())


def _answered(item: Future[list[Any]] | list[Any] | None) -> bool:
    """Whether a job's results are all here (a job of a broken pool may have finished first)."""
    return isinstance(item, list) or (
        item is not None and item.done() and not item.cancelled() and item.exception() is None
    )


def _result(item: Future[list[Any]] | list[Any] | None, watch: DeathWatch) -> list[Any]:
    assert item is not None
    return item if isinstance(item, list) else watch.result(item)


def _splits(name: str, request: Request) -> bool:
    """Whether the file's format, as its name or the request says, is one that `splits` (when the
    name leaves the format open, the file is read here, where its content tells)."""
    fmt = request.format
    if fmt is None:
        try:
            fmt = formats.detect(name)
        except NotationError:
            return True
    return bool(getattr(formats.get(fmt), "splits", False))


def _is_big(name: str) -> bool:
    return _size(name) >= BIG_FILE


def _size(name: str) -> int:
    try:
        return os.stat(name).st_size
    except OSError:
        return 0  # the reader reports it


def _judge(request: Request, report: _Reporting) -> fastpath.PlainJudge | None:
    """The compiled judge of plain games, where there is one and its verdicts are asked for; one
    for each request in a process, for the jobs of a worker to share what it learns of each board
    size (a judge is a few hundred records' work to make)."""
    if report.judged is None:
        return None
    key = (request, report.scores)
    try:
        return _judges[key]
    except KeyError:
        if len(_judges) >= 16:
            _judges.clear()
        made = _judges[key] = fastpath.judge(request, scores=report.scores)
        return made
    except TypeError:  # corrections given as a mapping: a request that cannot be a key
        return fastpath.judge(request, scores=report.scores)


_judges: dict[tuple[Request, bool], fastpath.PlainJudge | None] = {}


def _cutter(request: Request, report: _Reporting) -> fastpath.PlainCutter | None:
    """What cuts the runs of plain games out of a big input for the workers' judges: this process
    only finds where they are (judging them here would leave it the work of all)."""
    return fastpath.cutter(request, PLAIN_RUN_RECORDS) if report.judged is not None else None


def _files_reports(report: _Reporting, request: Request, names: tuple[str, ...]) -> list[Any]:
    judge = _judge(request, report)
    if judge is None:
        return [
            report.report(game)
            for name in names
            for game in read(name, format=request.format, variant=request.variant, corrections=request.corrections)
        ]
    return [made for name in names for found in read_judging(name, request, judge) for made in _made(report, found)]


def _pieces_reports(report: _Reporting, pieces: Pieces) -> list[Any]:
    judge = _judge(pieces.request, report)
    if judge is None:
        return [report.report(game) for game in pieces.games()]
    return [made for found in pieces.judging(judge) for made in _made(report, found)]


def _made(report: _Reporting, found: Game | Judged) -> Sequence[Any]:
    """The reports of a game, or of a run of games judged on the core."""
    if isinstance(found, Game):
        return [report.report(found)]
    assert report.judged is not None
    return report.judged(found)
