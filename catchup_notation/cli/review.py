"""`catchup review`: every turn of every record valued (proven where the exact solver reaches,
else the engine's estimate), classed by what it lost, and where the game was decided; the report
as text, JSON Lines or CSV, and the records written back with the review in them (--write)."""

from __future__ import annotations

import contextlib
import itertools
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Annotated, Any

import typer

from catchup_notation.cli import output, runs
from catchup_notation.cli.engine_options import Level, Playouts, Seed, Threads, Time, engine_limit, running_engine
from catchup_notation.cli.options import (
    RECORD_HELP,
    Board,
    Corrections,
    Format,
    Labels,
    Paths,
    Progress,
    RecordPick,
    ReportCsv,
    ReportJson,
    ReportOutput,
    Strict,
    Variant,
    check_format,
    parse_corrections,
    parse_record,
    with_board,
)
from catchup_notation.engine.review import DEFAULT_SECONDS, ReviewSettings, Thresholds

if TYPE_CHECKING:
    from catchup_notation.cli.search_options import SearchDisplay
    from catchup_notation.engine.review import Analyser, PositionReview, Review
    from catchup_notation.game import Game
    from catchup_notation.model import Record
    from catchup_notation.review_report import ReviewReport
    from catchup_notation.workers import DeathWatch

    #: A review's report, the record with the review in it, and the review (None where there is none).
    Outcome = tuple[ReviewReport, Record | None, Review | None]
    #: A review and its report, as the viewer takes them.
    Reviewed = tuple[Review, ReviewReport]

EXAMPLES = """\
Examples:

  catchup review examples/littlegolem-collection.sgf --record 3 --time 0.1

  catchup review examples/littlegolem-collection.sgf --record 1 --level 4 \\
      --write reviewed.sgf --html review.html

  catchup review examples/littlegolem-collection.sgf --exact-only \\
      --csv > reviews.csv

  catchup review examples/ --exact-only --json \\
      > reviews.jsonl                # exits 3: two posts are unreadable

Each turn gets the value of the position before and after it for the
player who made it (win/loss where the exact solver proves it, else the
engine's chance of winning), the best turn and its line, the chance it
gave away (loss) and a class: inaccuracy, mistake or blunder. The game
gets the turn from which its result was forced and the losing turn.

Exit codes: 0 every record reviewed; 1 a record breaks a rule or is not
a hex game (or, with --strict, drew a warning); 2 usage error; 3 some
input could not be read (wins over 1); 5 no record found at all.
"""

Write = Annotated[
    str | None,
    typer.Option(
        "--write",
        "-w",
        metavar="FILE",
        help="Also write the records with the review in them: a comment on every turn and the best line as a "
        "variation (Little Golem SGF: file.sgf; the library's JSON: file.json; --to for another).",
        show_default=False,
    ),
]
Html = Annotated[
    str | None,
    typer.Option(
        "--html",
        metavar="FILE",
        help="Also write the viewer's page with the review: the chance of winning under the board, the classes "
        "in the move list, the best line of every position steppable on the board.",
        show_default=False,
    ),
]
To = Annotated[
    str | None,
    typer.Option(
        "--to",
        "-t",
        metavar="FORMAT",
        help="The notation of --write's file (default: the one its name says; .json is the library's JSON).",
        callback=check_format,
        show_default=False,
    ),
]
MaxEmpty = Annotated[
    int | None,
    typer.Option(
        "--max-empty",
        min=0,
        metavar="N",
        help="Positions with at most this many empty cells are proven by the exact solver (default: 20 for "
        "catchup and ketchup on the compiled core, less for the variants that branch more).",
        show_default=False,
    ),
]
ExactOnly = Annotated[
    bool,
    typer.Option("--exact-only", help="No engine: only the positions the solver proves are valued (fast)."),
]
_DEFAULT = Thresholds()
ThresholdsOption = Annotated[
    str | None,
    typer.Option(
        "--thresholds",
        metavar="LOSSES",
        help="Three losses (chances of winning, 0 to 1, comma-separated) from which a turn is an inaccuracy, a "
        f"mistake and a blunder (default: {_DEFAULT.inaccuracy:g},{_DEFAULT.mistake:g},{_DEFAULT.blunder:g}).",
        show_default=False,
    ),
]
OneRecord = Annotated[
    RecordPick | None,
    typer.Option(
        "--record",
        "-r",
        metavar="N|:LINE",
        help=f"Review only this record of each file. {RECORD_HELP}",
        parser=parse_record,
        show_default=False,
    ),
]
ReviewJobs = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        metavar="N",
        help="Records reviewed at once, each in a process of its own (default 1: one record at a time, the "
        "engine's threads on every core). The output stays in input order.",
        show_default=False,
    ),
]


def review_command(
    paths: Paths,
    variant: Variant = None,
    board: Board = None,
    format: Format = None,
    corrections: Corrections = None,
    json: ReportJson = False,
    csv: ReportCsv = False,
    out: ReportOutput = None,
    write: Write = None,
    to: To = None,
    html: Html = None,
    record: OneRecord = None,
    strict: Strict = False,
    jobs: ReviewJobs = None,
    progress: Progress = None,
    labels: Labels = None,
    time: Time = None,
    level: Level = None,
    playouts: Playouts = None,
    threads: Threads = None,
    seed: Seed = None,
    max_empty: MaxEmpty = None,
    exact_only: ExactOnly = False,
    thresholds: ThresholdsOption = None,
) -> None:
    """Review every turn of each record: its value before and after, the best turn, the loss and a
    class (inaccuracy, mistake, blunder), where the game was decided and the losing turn."""
    from catchup_notation.batch import games
    from catchup_notation.workers import available_cores, capped

    settings = ReviewSettings(
        limit=engine_limit(time, level, playouts, DEFAULT_SECONDS),
        max_empty=max_empty,
        thresholds=_thresholds(thresholds),
    )
    mode = runs.report_mode(json=json, csv=csv, out=out)
    inputs = runs.named_inputs(paths, output_file=out)
    target = _record_target(write, to, inputs.files, out)
    if html is not None:
        runs.refuse_output_over_input(html, inputs.files)
    workers = capped(jobs or 1)
    if threads is None and workers > 1:
        threads = max(1, available_cores() // workers)
    found = games(
        inputs.files, format=format, variant=with_board(variant, board), corrections=parse_corrections(corrections)
    )
    if record is not None:
        found = _picked(found, record)
    to_file = out is not None and out != "-"
    shown = progress is not False and (mode == "text" or to_file)
    review = _Reviewer(settings, exact_only, threads, seed, labels)
    records: list[Record] = []
    shown_games: list[tuple[Game, Reviewed | None]] = []
    tally = runs.Tally()
    with runs._report_stream(out) as stream, _display(shown) as display:
        from catchup_notation.review_report import REVIEW_FIELDS

        if mode == "csv":
            stream.write(runs.csv_header(REVIEW_FIELDS) + "\n")
        write_line = _writer(stream, mode, display)
        for game, (report, written, reviewed) in _reviews(found, review, workers, display):
            tally.counts[report.outcome] += 1
            tally.warned += bool(report.warnings)
            tally.sources.add(report.source)
            write_line(report)
            if written is not None:
                records.append(written)
            if html is not None:
                shown_games.append((game, (reviewed, report) if reviewed is not None else None))
        if mode == "text" and not to_file:
            write_line(None, _summary(tally))
    if mode != "text" or to_file:
        output.print_lines([("summary", _summary(tally))], stderr=True)
    runs.warn_empty(inputs, tally.sources)
    if target is not None:
        _write_records(records, *target)
    if html is not None:
        _write_page(html, shown_games, labels)
    raise typer.Exit(tally.exit_code(strict=strict))


def _thresholds(text: str | None) -> Thresholds:
    if text is None:
        return Thresholds()
    try:
        values = [float(part) for part in text.split(",")]
        if len(values) != 3:
            raise ValueError(f"three numbers are needed, not {len(values)}")
        return Thresholds(*values)
    except ValueError as exc:
        raise typer.BadParameter(
            f"{text!r}: give three rising losses between 0 and 1, such as "
            f"{_DEFAULT.inaccuracy:g},{_DEFAULT.mistake:g},{_DEFAULT.blunder:g} ({exc})",
            param_hint="--thresholds",
        ) from None


def _record_target(write: str | None, to: str | None, files: list[str], out: str | None) -> tuple[str, str] | None:
    """Where --write goes and in what notation; a usage error for a file that is an input or the report."""
    if write is None:
        return None
    from catchup_notation import formats
    from catchup_notation.errors import NotationError

    runs.refuse_output_over_input(write, files)
    if out is not None and out != "-":
        from catchup_notation.writing import same_file

        if same_file(write, out):
            raise output.fail(f"--write {write} is the report's file (-o): choose another", output.EXIT_USAGE)
    if to is not None:
        return write, formats.canonical_name(to)
    if formats.record_suffix(write) == ".json":
        return write, "json"  # Abstract Play's JSON could not hold the review
    try:
        return write, formats.detect_output(write)
    except NotationError as exc:
        raise typer.BadParameter(f"{exc.message}; give --to FORMAT", param_hint="--write") from None


def _write_records(records: list[Record], path: str, notation: str) -> None:
    from catchup_notation import formats
    from catchup_notation.errors import WriteError
    from catchup_notation.writing import write_file

    if not records:
        output.warn(f"{path}: no record was reviewed; nothing written")
        return
    try:
        text, warnings = formats.write_text(records, notation)
    except WriteError as exc:
        raise output.fail(f"{path}: {exc.message}", output.EXIT_RULE) from None
    for warning in warnings:
        output.warn(f"{path}: {warning.message}")
    write_file(path, text)


class _Reviewer:
    """What reviews one game (picklable, for the worker processes). Each game gets an engine of its
    own, made from the seed: a record's review is the same whatever the records around it and
    however many are reviewed at once. `labels`: the notation the report names cells in (None:
    the record's own)."""

    def __init__(
        self, settings: ReviewSettings, exact_only: bool, threads: int | None, seed: int | None, labels: str | None
    ) -> None:
        self.settings, self.exact_only, self.threads, self.seed = settings, exact_only, threads, seed
        self.labels = labels

    def __call__(self, game: Game, progress: Callable[[int, int, PositionReview], None] | None = None) -> Outcome:
        from catchup_notation.review_report import report_of_review, review_of, reviewed_record

        with self.engine() as engine:
            threads = getattr(engine, "threads", self.threads)
            reviewed = review_of(game, self.settings, engine, threads=threads, seed=self.seed, progress=progress)
        report = report_of_review(game, reviewed, self.labels)
        if isinstance(reviewed, Exception):
            return report, None, None
        # The comments written into the record name cells as its own moves do, whatever the report's labels.
        own = report if self.labels is None else report_of_review(game, reviewed)
        return report, reviewed_record(game, reviewed, own), reviewed

    @contextlib.contextmanager
    def engine(self) -> Iterator[Analyser | None]:
        if self.exact_only:
            yield None
            return
        with running_engine(self.threads, self.seed) as engine:
            yield engine


def _reviews(
    found: Iterable[Game], review: _Reviewer, workers: int, display: SearchDisplay | None
) -> Iterator[tuple[Game, Outcome]]:
    if workers > 1:
        yield from _in_workers(found, review, workers, display)
        return
    for game in found:
        yield game, review(game, _progress_of(display, game))


def _progress_of(display: SearchDisplay | None, game: Game) -> Callable[[int, int, PositionReview], None] | None:
    if display is None:
        return None
    name = f"{game.source.file or '<text>'}#{game.source.index}"

    def progress(done: int, total: int, position: PositionReview) -> None:
        display.describe(f"reviewing {name}: position {done} of {total}")
        display.steps = (done, total)
        display.refresh()

    return progress


def _in_workers(
    found: Iterable[Game], review: _Reviewer, workers: int, display: SearchDisplay | None
) -> Iterator[tuple[Game, Outcome]]:
    """Each game reviewed in a worker process of its own engine, in input order, a few ahead."""
    from catchup_notation.workers import DeathWatch, process_pool, stop_pool, worker_processes

    pool = process_pool(workers)
    pending: deque[Any] = deque()
    done = 0
    finished = False
    processes: list[Any] = []
    watch = DeathWatch(processes)  # a worker killed while it sent its answer is noticed, not waited for
    try:
        for game in found:
            pending.append((game, pool.submit(_review_in_worker, review, game)))
            if not processes:
                processes.extend(worker_processes(pool))
            while len(pending) > 2 * workers:
                done += 1
                yield _said(display, done, watch, *pending.popleft())
        while pending:
            done += 1
            yield _said(display, done, watch, *pending.popleft())
        finished = True
    finally:
        stop_pool(pool, finished=finished)


def _said(display: SearchDisplay | None, done: int, watch: DeathWatch, game: Game, future: Any) -> tuple[Game, Outcome]:
    outcome = watch.result(future)
    if display is not None:
        display.describe(f"reviewing: {done} record{'s' if done != 1 else ''} done")
    return game, outcome


def _review_in_worker(review: _Reviewer, game: Game) -> Outcome:
    return review(game)


@contextlib.contextmanager
def _display(shown: bool) -> Iterator[SearchDisplay | None]:
    from catchup_notation.cli.search_options import search_progress

    with search_progress(enabled=shown, label="reviewing", ticking=True) as display:
        yield display


def _writer(stream: Any, mode: str, display: SearchDisplay | None) -> Callable[..., None]:
    """What writes a report (or, with a text, the summary line) in the run's form."""
    import sys

    from catchup_notation.escaping import printable_lines

    if stream is sys.stdout and mode == "text":
        plain = output.line_writer()
    else:

        def plain(kind: str, text: str) -> None:
            stream.write(printable_lines(text) + "\n")

    def write(report: ReviewReport | None, summary: str | None = None) -> None:
        paused = display.paused() if display is not None else contextlib.nullcontext()
        with paused:
            if report is None:
                plain("summary", summary or "")
            elif mode == "json":
                from catchup_notation.serialization import to_data

                stream.write(output.json_line(to_data(report)) + "\n")
            elif mode == "csv":
                from catchup_notation.review_report import REVIEW_FIELDS

                stream.write(runs.csv_line(report.to_row(), REVIEW_FIELDS) + "\n")
            else:
                for kind, text in report.lines():
                    plain(kind, text)

    return write


def _write_page(path: str, shown: list[tuple[Game, Reviewed | None]], labels: str | None) -> None:
    """The viewer's page: of the one game, or a report of them all, cells named in `labels`."""
    from catchup_notation.render.html import game_page, write_report
    from catchup_notation.writing import atomic_output

    with atomic_output(path) as stream:
        if len(shown) == 1:
            stream.write(game_page(shown[0][0], review=shown[0][1], labels=labels))
        else:
            write_report(
                (game for game, _ in shown), stream, title="Reviews", reviews=lambda n: shown[n][1], labels=labels
            )


def _summary(tally: runs.Tally) -> str:
    return runs.counted(tally, "reviewed", "invalid", "unreadable", always=("reviewed", "invalid", "unreadable"))


def _picked(found: Iterator[Game], pick: RecordPick) -> Iterator[Game]:
    """The record `pick` names in each file."""
    for _, of_file in itertools.groupby(found, key=lambda game: game.source.file):
        game = pick.chosen(of_file)
        if game is not None:
            yield game


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command("review", epilog=EXAMPLES)(output.guarded(review_command))
