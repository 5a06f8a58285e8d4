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
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias, TypeVar

import attrs

from catchup_notation import formats
from catchup_notation.errors import NotationError
from catchup_notation.formats.base import Corrections, Part
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
from catchup_notation.reading.opening import note_read
from catchup_notation.reading.records import read_part
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

    from catchup_notation.reading.parts import Cut

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
#: Bytes of a big file that one worker reads on its own (a part: `reading.parts`), where its
#: notation allows: a few thousand records, tens of milliseconds of work against a fraction of one
#: for handing out where it is and taking back its reports.
PART_BYTES = 1 << 20
#: How far past a part's size its end (a line that starts with '(') is looked for: a file with
#: no such line there is read on from that part's start in the usual way.
PART_REACH = 4 << 20
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
    its records are judged on the core, `fast`); never more than the cores available. Where the
    reports are the core's verdicts alone (`verdicts_only`: verify on the core), only the inputs
    the workers read themselves count (files, uncompressed or small: a big compressed file, or
    standard input, is read by the main process, and finding and handing out their records
    costs it about what judging them costs)."""
    if jobs is not None:
        return capped(jobs)
    if STDIN in files:
        return 1 if fast and verdicts_only else available_cores()
    enough = PARALLEL_BYTES if fast else PARALLEL_SLOW_BYTES
    total = 0
    for name in files:
        size = _size(name)
        if name.lower().endswith(_COMPRESSED):
            if fast and verdicts_only and size >= BIG_FILE:
                continue
            size *= 5
        total += size
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
    packed: bool = False,
) -> Iterator[R]:
    """`report(game)` for every game of `paths`, in input order. `report` must be picklable (a
    module-level function, or a `functools.partial` of one) when `jobs` > 1.

    `judged` gives the reports of a run of games the compiled core judged valid from their text
    alone (`reading.fastpath`), the reports `report` would give them: with it, plain Little Golem games
    are judged that way where the core is built, and only the others become games. With `scores`
    (adjudicate's), each verdict carries the game's final position; with `packed` (convert's), the
    game as read (its text and packed turns: `fastpath.judge`)."""
    request = make_request(format, variant, corrections)
    files = [name for path in paths for name in ([path] if path == STDIN else record_files(path))]
    fast = judged is not None and fastpath.judge(request) is not None
    workers = worker_count(jobs, files, fast=fast, verdicts_only=not (scores or packed))
    work = _Reporting(report, judged, scores, packed)
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
    packed: bool = False


class _Work(NamedTuple):
    """A job for a worker: `function(*args)` gives its reports; `first` is where its first record
    is (file, index, line), for the message when a worker dies on it. A part of a big file comes
    with what to `check` of what its reading found (`_PartResult`) before its reports are given."""

    function: Callable[..., Any]
    args: tuple[Any, ...]
    first: GameSource
    check: _Check | None = None


class _Here(NamedTuple):
    """Reports to make here when their turn comes (the rest of a file that cannot be cut into
    parts from where `check` starts): nothing is read before then."""

    check: _Check


_Job = _Work | _Here | list[Any]  # work for a worker, reports to make here, or reports made here
_Answer: TypeAlias = "Future[Any] | _Here | list[Any] | None"  # a job's answer, to come, or itself (not a worker's)


class _File:
    """A big file read in parts: where the next part must start (the index of its first record
    and its first line), known once the parts before it have been given; `done` once the rest of
    the file has been read otherwise (or it ended: no part after is given)."""

    def __init__(self, name: str, request: Request, report: _Reporting) -> None:
        self.name, self.request, self.report = name, request, report
        self.index, self.line = 0, 1
        self.done = False


class _Check(NamedTuple):
    """A part of a big file (`reading.parts.Cut`) and the file it belongs to."""

    file: _File
    cut: Cut


class _PartResult(NamedTuple):
    """What a worker made of a part: its reports, and what the part held (`Part`)."""

    reports: list[Any]
    part: Part


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
        from catchup_notation.reading.parts import part_format  # only where there are workers

        fmt = part_format(name, request) if name != STDIN else None
        if fmt is not None:  # the workers read its parts
            yield from _part_jobs(_File(name, attrs.evolve(request, format=fmt), report))
            continue
        for found in split(name, request, BATCH_RECORDS, BATCH_CHARS, _cutter(request, report)):
            if isinstance(found, Pieces):
                index, line = found.first
                yield _Work(_pieces_reports, (report, found), GameSource(found.source, index, line))
            else:
                yield [report.report(found)]
    if small:
        yield _files_work(report, request, small)


def _part_jobs(file: _File) -> Iterator[_Job]:
    """The parts of a big file, each a job (the last, where the file cannot be cut further, read
    here), until the file is `done`."""
    from catchup_notation.reading.parts import cuts

    for cut in cuts(file.name, PART_BYTES, PART_REACH):
        if file.done:
            return
        if not cut.whole:
            yield _Here(_Check(file, cut))
            return
        yield _part_work(file, cut)


def _part_work(file: _File, cut: Cut) -> _Work:
    args = (file.report, file.request, file.name, (cut.start, cut.end), cut.first, cut.line)
    return _Work(_part_reports, args, GameSource(file.name, cut.first, cut.line), _Check(file, cut))


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

    waiting: deque[tuple[_Job, _Answer]] = deque()
    processes: list[Any] = []  # the pool's workers, known once the first job has started them
    watch = DeathWatch(processes)
    answer = _Answers(pool, watch)
    try:
        for job in jobs:
            waiting.append((job, None))
            waiting[-1] = (job, job if not isinstance(job, _Work) else pool.submit(job.function, *job.args))
            if not processes:
                processes.extend(worker_processes(pool))
            while len(waiting) > window or (waiting and _ready(waiting[0][1])):
                yield from answer.given(*waiting[0])
                waiting.popleft()
        while waiting:
            yield from answer.given(*waiting[0])
            waiting.popleft()
    except BrokenProcessPool:
        for job, item in waiting:
            if isinstance(job, _Work) and not (_answered(item) and answer.needs_no_more(job, item)):
                yield report(_lost(_first(job), processes, request))
                return False
            yield from answer.given(job, item)
        return False
    return True


class _Answers:
    """The reports of each job, in turn: a job's answer, or, for a part of a big file, its reports
    once what its reading found agrees with the parts before it (else it is read again, or the
    rest of the file is read here)."""

    def __init__(self, pool: ProcessPoolExecutor, watch: DeathWatch) -> None:
        self.pool, self.watch = pool, watch

    def given(self, job: _Job, item: _Answer) -> Iterator[Any]:
        if isinstance(job, list):
            yield from job
            return
        if isinstance(job, _Here):
            file, cut = job.check
            if not file.done:
                file.done = True
                yield from _read_here(file, cut.start)
            return
        assert item is not None and not isinstance(item, (list, _Here))
        answer = self.watch.result(item)
        if job.check is None:
            yield from answer
            return
        file, cut = job.check
        if file.done:  # the rest of the file was read otherwise
            return
        if (cut.first, cut.line) != (file.index, file.line):  # it started elsewhere: read it again
            again = _part_work(file, cut._replace(first=file.index, line=file.line))
            answer = self.watch.result(self.pool.submit(again.function, *again.args))
        part = answer.part
        if part.between is None:  # reading the file ended in this part (an error that ends it)
            file.done = True
        elif not part.between and cut.end is not None:  # a record open at its end: read on here
            file.done = True
            yield from _read_here(file, cut.start)
            return
        else:
            file.index, file.line = part.next_index, part.next_line
            note_read(file.name, cut.end if cut.end is not None else _size(file.name))
        yield from answer.reports

    def needs_no_more(self, job: _Work, item: _Answer) -> bool:
        """Whether a job answered needs no other job to give its reports (a part read again does)."""
        if job.check is None:
            return True
        file, cut = job.check
        return file.done or (cut.first, cut.line) == (file.index, file.line)


def _first(job: _Work) -> GameSource:
    """Where the first record of a job is, as far as it is known."""
    if job.check is not None and not job.check.file.done:
        file = job.check.file
        return GameSource(file.name, file.index, file.line)
    return job.first


def _read_here(file: _File, start: int) -> Iterator[Any]:
    """The reports of a big file from its byte `start` on (where the parts before ended), read
    here, in the usual way."""
    judge = _judge(file.request, file.report)
    part = Part(file.index, file.line)
    for found in read_part(file.name, file.request, judge, (start, None), part):
        yield from _made(file.report, found)


def _part_reports(
    report: _Reporting, request: Request, name: str, span: tuple[int, int | None], index: int, line: int
) -> _PartResult:
    part = Part(index, line)
    judge = _judge(request, report)
    found = read_part(name, request, judge, span, part)
    return _PartResult([made for one in found for made in _made(report, one)], part)


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


def _ready(item: _Answer) -> bool:
    return not (item is None or (not isinstance(item, (list, _Here)) and not item.done()))


def _answered(item: _Answer) -> bool:
    """Whether a job's results are all here (a job of a broken pool may have finished first)."""
    return isinstance(item, (list, _Here)) or (
        item is not None and item.done() and not item.cancelled() and item.exception() is None
    )


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
    key = (request, report.scores, report.packed)
    try:
        return _judges[key]
    except KeyError:
        if len(_judges) >= 16:
            _judges.clear()
        made = _judges[key] = fastpath.judge(request, scores=report.scores, packed=report.packed)
        return made
    except TypeError:  # corrections given as a mapping: a request that cannot be a key
        return fastpath.judge(request, scores=report.scores, packed=report.packed)


_judges: dict[tuple[Request, bool, bool], fastpath.PlainJudge | None] = {}


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
