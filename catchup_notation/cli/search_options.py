"""Options and progress display shared by the commands that search (solve, stats, tournament;
--solve-endgame of adjudicate and view)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from catchup_notation.cli import output
from catchup_notation.solvers.limits import ENDGAME_EMPTY, EndgameLimits, Progress

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress as Bar
    from rich.progress import TaskID

JobsOption = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        metavar="N",
        help="Processes that share the search (hex: the first turns are split between them; number sets: each "
        "searches the whole question and they exchange what they prove; on the compiled core, threads sharing one "
        "table). Default: every core for hex, two for number sets (one on the compiled core).",
        show_default=False,
    ),
]
Timeout = Annotated[
    float | None,
    typer.Option(
        "--timeout",
        min=0.0,
        metavar="SECONDS",
        help="Stop after this many seconds and report what is known (also lets a large problem start).",
        show_default=False,
    ),
]
MaxNodes = Annotated[
    int | None,
    typer.Option(
        "--max-nodes",
        min=1,
        metavar="N",
        help="Stop after searching this many positions and report what is known (also lets a large problem start).",
        show_default=False,
    ),
]
Memory = Annotated[
    int,
    typer.Option("--memory", min=16, metavar="MB", help="Megabytes for the search's tables, all processes together."),
]

SolveEndgame = Annotated[
    bool,
    typer.Option(
        "--solve-endgame",
        help="Solve unfinished hex games exactly: the winner with perfect play and a principal line.",
    ),
]
MaxEmpty = Annotated[
    int | None,
    typer.Option(
        "--max-empty",
        min=0,
        metavar="N",
        help="With --solve-endgame: leave positions with more empty cells unsolved (default: what takes a few "
        f"seconds; {ENDGAME_EMPTY['several stones']} for catchup and ketchup, {ENDGAME_EMPTY['one stone']} brink, "
        f"{ENDGAME_EMPTY['one stone, no bound']} plur, {ENDGAME_EMPTY['one or two stones']} alternative, "
        f"{ENDGAME_EMPTY['either colour']} too and product).",
        show_default=False,
    ),
]
EndgameNodes = Annotated[
    int,
    typer.Option(
        "--endgame-nodes",
        min=1,
        metavar="N",
        help="With --solve-endgame: leave a position unsolved once its search passes this many nodes "
        "(under a minute; nodes, not seconds, so that every machine says the same).",
    ),
]


def endgame_limits(solve: bool, max_empty: int | None, max_nodes: int) -> EndgameLimits | None:
    """The library's limits from the --solve-endgame options (None: no endgame search)."""
    return EndgameLimits(max_empty, max_nodes) if solve else None


#: Seconds a search runs before its progress line appears (short runs stay quiet).
PROGRESS_DELAY = 0.5


class SearchDisplay:
    """The progress line of a search on a terminal's stderr: a spinner, what runs, its nodes and
    their rate, the root's turns done as a bar when the search splits them (it is the search's
    progress callback), and the time. No time left is guessed: turns cost very different times.
    It appears once the work has run `delay` seconds: at the first report after that, or, with
    `ticking`, after that long whatever the reports (for work that reports rarely or never, such
    as a tournament's games)."""

    def __init__(self, console: Console, label: str, delay: float, ticking: bool) -> None:
        self.console, self.label, self.delay = console, label, delay
        self.detail = ""  # what the last report said
        self.steps = (0, 0)  # the root's turns done and in all, when the search splits them
        self.started = time.monotonic()
        self.bar: Bar | None = None
        self.task: TaskID | None = None
        self.closed = False
        self.lock = threading.RLock()  # the timer's thread may start the line
        self.timer: threading.Timer | None = None
        if ticking and delay <= 0:
            self.start()
        elif ticking:
            self.timer = threading.Timer(delay, self.start)
            self.timer.daemon = True
            self.timer.start()

    def __call__(self, report: Progress) -> None:
        turns = f", {report.done}/{report.total} first turns valued" if report.total else ""
        rate = report.nodes / report.seconds if report.seconds > 0 else 0
        self.detail = f": {report.nodes:,} nodes, {rate:,.0f}/s{turns}"
        self.steps = (report.done, report.total)
        if self.bar is None and time.monotonic() - self.started >= self.delay:
            self.start()
        self.refresh()

    def describe(self, label: str) -> None:
        """Say what runs now (a new phase, the next pairing)."""
        self.label, self.detail, self.steps = label, "", (0, 0)
        self.refresh()

    def start(self) -> None:
        """Show the line (once; never after `close`)."""
        from rich.progress import BarColumn, SpinnerColumn, TextColumn, TimeElapsedColumn
        from rich.progress import Progress as Bar

        with self.lock:
            if self.bar is not None or self.closed:
                return
            columns = (SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn())
            bar = Bar(*columns, console=self.console, transient=True)
            self.task = bar.add_task(self.label + self.detail, total=None)
            bar.start()
            self.bar = bar

    def refresh(self) -> None:
        """Show what the last report said."""
        with self.lock:
            if self.bar is not None and self.task is not None:
                done, total = self.steps
                self.bar.update(self.task, description=self.label + self.detail, completed=done, total=total or None)

    @contextmanager
    def paused(self) -> Iterator[None]:
        """The line cleared while something else is printed (a tournament's row), then shown again."""
        with self.lock:
            bar = self.bar
            if bar is not None:
                bar.stop()
            try:
                yield
            finally:
                if bar is not None and not self.closed:
                    bar.start()

    def close(self) -> None:
        """Clear the line for good."""
        with self.lock:
            self.closed = True
            if self.timer is not None:
                self.timer.cancel()
            if self.bar is not None:
                self.bar.stop()


@contextmanager
def search_progress(
    *, enabled: bool, label: str, delay: float | None = None, ticking: bool = False
) -> Iterator[SearchDisplay | None]:
    """The progress line (a `SearchDisplay`, which is also the search's progress callback) when
    stderr is a terminal, else None: never in JSON output, pipes or files. It appears after
    `delay` seconds (PROGRESS_DELAY, or CATCHUP_PROGRESS_DELAY), so that short runs stay quiet."""
    from catchup_notation.cli.progress import progress_delay, stderr_is_terminal

    if not enabled or not stderr_is_terminal():
        yield None
        return
    wait = progress_delay(PROGRESS_DELAY) if delay is None else delay
    display = SearchDisplay(output.stderr_console(), label, wait, ticking)
    try:
        yield display
    finally:
        display.close()
