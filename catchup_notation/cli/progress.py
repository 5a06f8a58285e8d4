"""The progress bar of a run over many records, on stderr when it is a terminal.

It appears once the run has lasted `progress_delay()` seconds (short runs stay quiet), counts the records
done and their rate, and, when the inputs are files of known size, fills a bar by the bytes read
and estimates the time left (bytes are what is known in advance; records are not). Bytes are
counted as the reading of this process reads them (`reading.watch_reads`), and a file counts as
read once a record of a later file comes, which covers the files workers read. Never in pipes,
files, or when stdout carries JSON or CSV. While it shows, a report line for the same terminal
is printed above it, through its console.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from catchup_notation.cli import output
from catchup_notation.escaping import printable_lines
from catchup_notation.reading import STDIN, watch_reads

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, TaskID

    from catchup_notation.game import Game

#: Seconds a run lasts before its bar appears, unless CATCHUP_PROGRESS_DELAY says otherwise.
DELAY = 0.5


def progress_delay(default: float = DELAY) -> float:
    """Seconds before a progress display appears: CATCHUP_PROGRESS_DELAY when it holds a number of
    seconds (0 shows it at once), else `default`."""
    try:
        seconds = float(os.environ.get("CATCHUP_PROGRESS_DELAY", ""))
    except ValueError:
        return default
    return seconds if 0 <= seconds < float("inf") else default


class RecordsBar:
    """The bar of one run; `advance` it with each record's source, `say` report lines through it."""

    def __init__(self, console: Console, label: str, files: Sequence[str], delay: float) -> None:
        self.console, self.label = console, label
        self.sizes = [_size(name) for name in files]
        self.total = None if None in self.sizes else sum(s or 0 for s in self.sizes)
        self.before = [sum(s or 0 for s in self.sizes[:i]) for i in range(len(files))]  # bytes of earlier files
        self.place = {name: i for i, name in enumerate(files)}
        self.files = list(files)
        self.current = 0  # index of the file the last record came from
        self.records = 0
        self.started = time.monotonic()
        self.read = watch_reads()
        self.lock = threading.RLock()
        self.bar: Progress | None = None
        self.task: TaskID | None = None
        self.closed = False
        self.shares_terminal = _same_terminal()
        self.timer = threading.Timer(delay, self.start)
        self.timer.daemon = True
        self.timer.start()

    def start(self) -> None:
        """Show the bar (once; never after `close`)."""
        from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn

        with self.lock:
            if self.bar is not None or self.closed:
                return
            columns = [SpinnerColumn(), TextColumn("{task.description}")]
            if self.total:
                columns.append(BarColumn())
            columns += [TextColumn("{task.fields[rate]},"), TimeElapsedColumn(), TextColumn("elapsed")]
            if self.total:
                columns += [TextColumn("~"), TimeRemainingColumn(), TextColumn("left")]
            bar = Progress(*columns, console=self.console, transient=True, redirect_stdout=False, redirect_stderr=False)
            self.task = bar.add_task(self.label, total=self.total or None, rate="")
            bar.start()
            self.bar = bar
            self._refresh()

    def advance(self, source: str | None, records: int = 1) -> None:
        """One more record (or `records` more), from `source` (a file, or a zip archive's member
        `archive.zip:name`)."""
        self.records += records
        index = self.place.get(source or "")
        if index is None and source and ":" in source:
            index = self.place.get(source.rsplit(":", 1)[0])
        if index is not None and index > self.current:
            self.current = index
        if self.bar is not None:
            self._refresh()

    def _refresh(self) -> None:
        with self.lock:
            if self.bar is None or self.task is None:
                return
            elapsed = max(time.monotonic() - self.started, 1e-6)
            rate = f"{self.records:,} records, {self.records / elapsed:,.0f}/s"
            done = None
            if self.total and self.files:
                size = self.sizes[self.current] or 0
                done = self.before[self.current] + min(self.read.get(self.files[self.current], 0), size)
            self.bar.update(self.task, completed=done, rate=rate, description=self.label)

    def say(self, write: Callable[[str, str], None], kind: str, text: str, *, stderr: bool = False) -> None:
        """A report line: above the bar when it shows on the terminal the line is for (stderr's, or
        stdout's when that is the same), else by `write`."""
        if self.bar is not None and (stderr or self.shares_terminal):
            from rich.text import Text

            with self.lock:
                self.bar.console.print(Text(printable_lines(text), style=output.STYLES.get(kind, "")))
            return
        write(kind, text)

    def close(self) -> None:
        """Clear the bar for good."""
        with self.lock:
            self.closed = True
            self.timer.cancel()
            if self.bar is not None:
                self.bar.stop()
        self.read.clear()


#: The bar showing now, if any (one run at a time).
_active: RecordsBar | None = None


@contextmanager
def records_bar(label: str, files: Sequence[str], *, enabled: bool) -> Iterator[RecordsBar | None]:
    """The bar of a run over `files` (None when it must not show: disabled, or stderr is not a
    terminal)."""
    global _active
    if not enabled or not stderr_is_terminal():
        yield None
        return
    bar = _active = RecordsBar(output.stderr_console(), label, files, progress_delay())
    try:
        yield bar
    finally:
        _active = None
        bar.close()


def say_on_stderr(lines: list[tuple[str, str]]) -> None:
    """Lines for stderr while a run goes: above its bar when one shows, else as usual."""
    bar = _active
    if bar is not None and bar.bar is not None:
        for kind, text in lines:
            bar.say(lambda kind, text: None, kind, text, stderr=True)
        return
    output.print_lines(lines, stderr=True)


def advancing(found: Iterator[Game], bar: RecordsBar | None) -> Iterator[Game]:
    """The games of a run, the bar (if any) advanced by each."""
    for game in found:
        if bar is not None:
            bar.advance(game.source.file)
        yield game


def _size(name: str) -> int | None:
    """A file's size in bytes; None for standard input or anything but a regular file."""
    if name == STDIN:
        return None
    try:
        info = os.stat(name)
    except OSError:
        return 0
    import stat

    return info.st_size if stat.S_ISREG(info.st_mode) else None


def stderr_is_terminal() -> bool:
    """Whether stderr is a terminal that can draw a bar (a pipe, a file or a dumb terminal cannot;
    FORCE_COLOR does not make one)."""
    try:
        return os.isatty(sys.stderr.fileno()) and os.environ.get("TERM") != "dumb"
    except (OSError, ValueError, AttributeError):
        return False


def _same_terminal() -> bool:
    """Whether stdout is the terminal the bar is drawn on (then report lines go above the bar)."""
    try:
        return os.isatty(sys.stdout.fileno()) and os.isatty(sys.stderr.fileno())
    except (OSError, ValueError, AttributeError):
        return False
