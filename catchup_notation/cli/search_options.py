"""Options and progress display shared by the commands that search (solve, stats, tournament;
--solve-endgame of adjudicate and view)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from catchup_notation.cli import output
from catchup_notation.solvers.limits import DEFAULT_MAX_EMPTY, Progress, ProgressCallback

JobsOption = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        help="Processes that share the search (split at the root). Default: every core.",
        show_default=False,
    ),
]
Timeout = Annotated[
    float | None,
    typer.Option(
        "--timeout",
        min=0.0,
        help="Stop after this many seconds and report what is known (also lets a large problem start).",
        show_default=False,
    ),
]
MaxNodes = Annotated[
    int | None,
    typer.Option(
        "--max-nodes",
        min=1,
        help="Stop after searching this many positions and report what is known (also lets a large problem start).",
        show_default=False,
    ),
]
Memory = Annotated[
    int,
    typer.Option("--memory", min=16, help="Megabytes for the search's tables, all processes together."),
]

SolveEndgame = Annotated[
    bool,
    typer.Option(
        "--solve-endgame",
        help="Solve unfinished hex games exactly: the winner with perfect play and a principal line.",
    ),
]
MaxEmpty = Annotated[
    int,
    typer.Option(
        "--max-empty",
        min=0,
        help=f"With --solve-endgame: leave positions with more empty cells unsolved (default {DEFAULT_MAX_EMPTY}: "
        "a few seconds each).",
    ),
]


@contextmanager
def search_progress(*, enabled: bool, label: str, delay: float = 0.5) -> Iterator[ProgressCallback | None]:
    """A progress callback that shows nodes, turns done and time on stderr, when stderr is a
    terminal and the search has run longer than `delay` seconds (short runs stay quiet); None
    where there is nothing to show."""
    console = output.stderr_console()
    if not enabled or not console.is_terminal:
        yield None
        return
    from rich.progress import Progress as Bar
    from rich.progress import SpinnerColumn, TextColumn, TimeElapsedColumn

    started = time.monotonic()
    bar: Bar | None = None
    task = None

    def show(report: Progress) -> None:
        nonlocal bar, task
        if bar is None:
            if time.monotonic() - started < delay:
                return
            bar = Bar(
                SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(), console=console, transient=True
            )
            bar.start()
            task = bar.add_task(label, total=None)
        turns = f", {report.done}/{report.total} turns" if report.total else ""
        assert task is not None
        bar.update(task, description=f"{label}: {report.nodes:,} nodes{turns}")

    try:
        yield show
    finally:
        if bar is not None:
            bar.stop()
