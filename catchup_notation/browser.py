"""The library's side of the manual's page that runs in a browser (docs/browser.md).

There the library runs in Pyodide, in a Web Worker: the page's script writes the files a person
drops into Pyodide's file system (in memory) and asks a `Session` to read them. A session reads
a slice of time at a time (`step`), so that the worker can say how far it has got, and answer
the page, between slices. What it gives back is plain data (dicts, lists, strings) that crosses
to JavaScript as JSON.

It says what the command line says: a record's verdict is `catchup verify`'s and `catchup
adjudicate`'s report (`verify_report`, `adjudication_report`), whose JSON objects are those of
`--json` and whose text lines are the command line's words, made printable as it makes them.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import PurePath
from typing import Any, Literal

import catchup_notation as cn
from catchup_notation.engine.analysis import Limit
from catchup_notation.engine.review import ReviewSettings
from catchup_notation.escaping import printable_lines
from catchup_notation.hints import cli_words
from catchup_notation.reading import record_files, watch_reads

#: How the page reviews a record: a quarter of `catchup review`'s time a search (0.8 s), and the
#: exact solver within a smaller reach than the pure-Python default (18 empty cells, 2,000,000
#: nodes), so that a game of 40 turns is reviewed in about half a minute in a browser.
REVIEW = ReviewSettings(limit=Limit(time=0.2), max_empty=14, solver_nodes=100_000)

#: A record's summary for the page (see `Session.summary`).
Summary = dict[str, Any]


class Session:
    """The records read so far (numbered from 0 in reading order) and the inputs still to read.

    `variant` and `corrections` are `cn.read`'s (the command line's `--variant` and
    `--corrections`); they hold for the inputs added after they are set."""

    def __init__(self) -> None:
        self.games: list[cn.Game] = []
        self.variant: str | None = None
        self.corrections: str | None = None  # "diagram" or None
        self._pending: deque[_Input] = deque()
        self._current: _Input | None = None
        self._watched = watch_reads()

    def add(self, name: str, folder: str) -> None:
        """Read `name` (a file, a folder or a zip archive) inside `folder` next: its reports name
        it `name`, as the command line names what it was given."""
        with contextlib.chdir(folder):
            files = record_files(name) if os.path.isdir(name) else [name]
            sizes = {path: _size(path) for path in files}
        corrections: Literal["diagram"] | None = "diagram" if self.corrections == "diagram" else None
        games = cn.read(name, variant=self.variant or None, corrections=corrections)
        self._pending.append(_Input(name, folder, games, sizes))

    def step(self, seconds: float = 0.1) -> dict[str, Any]:
        """Read on for about `seconds` (one record at least, where one is left): the summaries of
        the records read, whether every input is read (`done`), and how far the one being read has
        got (`input`, its `bytes` read of `size`)."""
        deadline = time.perf_counter() + seconds
        records: list[Summary] = []
        while self._current is not None or self._pending:
            if self._current is None:
                self._current = self._pending.popleft()
                self._current.start(self._watched)
            current = self._current
            with contextlib.chdir(current.folder):
                game = next(current.games, None)
            if game is None:  # on to the next input, if any
                self._current = None
                continue
            self.games.append(game)
            records.append(self.summary(len(self.games) - 1))
            if time.perf_counter() >= deadline:
                break
        left: _Input | None = self._current
        return {
            "records": records,
            "done": left is None and not self._pending,
            "input": left.name if left is not None else None,
            "bytes": left.read(self._watched) if left is not None else 0,
            "size": left.size if left is not None else 0,
        }

    def summary(self, n: int) -> Summary:
        """Record `n` for the page: where it is from, `verify` and `adjudicate` (the command line's
        JSON objects), `outcome` (what the record counts as under each), `lines` (verify's words)
        and `verdict` (adjudicate's, but those verify said already: its warnings and error)."""
        game = self.games[n]
        verified = cn.verify_report(game)
        judged = cn.adjudication_report(game)
        lines = verified.lines()
        return {
            "n": n,
            "source": verified.source,
            "index": verified.index,
            "line": verified.line,
            "players": list(verified.players),
            "variant": verified.variant,
            "turns": verified.turns,
            "readable": game.readable,
            "outcome": {"verify": verified.outcome, "adjudicate": judged.outcome},
            "verify": json.loads(_json_line(verified)),
            "adjudicate": json.loads(_json_line(judged)),
            "lines": _printable(lines),
            "verdict": _printable([line for line in judged.lines() if line not in lines]),
        }

    def page(self, n: int) -> str:
        """The viewer's page of record `n` (`catchup view`'s)."""
        from catchup_notation.render.html import game_page

        return game_page(self.games[n])

    def export(self, n: int | None, format: str) -> dict[str, Any]:
        """Record `n` (None: every record) in `format`, as `catchup convert --to FORMAT` writes it:
        the file's `name` and `text` (None when no record could be written), the records
        `written`, those `skipped` and why (unreadable, or not written faithfully: see
        `converting`), and the `warnings` of what the notation could not carry."""
        from catchup_notation.converting import faithfully

        format = cn.formats.canonical_name(format)
        chosen = self.games if n is None else [self.games[n]]
        records: list[cn.Record] = []
        skipped: list[str] = []
        warnings: list[str] = []
        for game in chosen:
            where = f"record {game.source.index} of {game.source.file or '<text>'}"
            if not game.readable:
                skipped.append(f"{where}: it cannot be read")
                continue
            try:
                carried = faithfully(game.record, format, where)
            except cn.WriteError as exc:
                skipped.append(f"{where}: {format} cannot hold it: {exc.message}")
                continue
            records.append(game.record)
            warnings += [f"{where}: {warning.message} [{warning.code}]" for warning in carried]
        text = None
        if records:
            try:
                text = cn.write_text(records, format)[0]
            except cn.WriteError as exc:  # refused in the company of the others
                skipped, records = [f"cannot write these records as {format}: {exc.message}"], []
        return {
            "name": _file_name(self.games, n, format),
            "text": text,
            "written": len(records),
            "skipped": [printable_lines(line) for line in skipped],
            "warnings": [printable_lines(line) for line in warnings],
        }

    def review(self, n: int, progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
        """Record `n` reviewed as `catchup review` reviews it, on the page's budget (`REVIEW`, the
        pure-Python engine on one thread: a page has no threads): the viewer's page with the
        review's graph (`html`, None when the record cannot be reviewed), the report's words
        (`lines`, as `catchup review` prints them), and its JSON line (`json`, as `--json` writes
        it) with a file `name` for it. `progress(done, total)`
        is told of each position valued."""
        from catchup_notation.engine import Engine
        from catchup_notation.render.html import game_page
        from catchup_notation.review_report import report_of_review, review_of

        game = self.games[n]
        told = None if progress is None else lambda done, total, _position: progress(done, total)
        with Engine(pure=True, threads=1) as engine:
            reviewed = review_of(game, REVIEW, engine, threads=1, progress=told)
        report = report_of_review(game, reviewed)
        html = None if isinstance(reviewed, Exception) else game_page(game, review=(reviewed, report))
        return {
            "n": n,
            "html": html,
            "lines": _printable(report.lines()),
            "json": _json_line(report),
            "name": f"{_stem(game.source.file)}-{game.source.index}-review.jsonl",
        }

    def reports(self, command: str) -> str:
        """The reports of every record as `catchup verify --json` or `catchup adjudicate --json`
        (`command`) writes them: JSON Lines."""
        report = cn.verify_report if command == "verify" else cn.adjudication_report
        return "".join(_json_line(report(game)) for game in self.games)


def formats() -> list[dict[str, str]]:
    """The notations a record can be converted to: each one's `name` and `extension`."""
    return [{"name": name, "extension": _ending(name)} for name in cn.formats.names()]


class _Input:
    """An input being read: its name, the folder it is named in, its games, and the size of
    each of its files (to say how far reading has got)."""

    def __init__(self, name: str, folder: str, games: Iterator[cn.Game], sizes: dict[str, int]) -> None:
        self.name, self.folder, self.games, self.sizes = name, folder, games, sizes
        self.size = sum(sizes.values())
        self._before: dict[str, int] = {}

    def start(self, watched: dict[str, int]) -> None:
        # Bytes are counted by the name a file was opened by, over the whole process: a name seen
        # before (the same file dropped twice) starts from what it had.
        self._before = {path: watched.get(path, 0) for path in self.sizes}

    def read(self, watched: dict[str, int]) -> int:
        return sum(min(watched.get(path, 0) - before, self.sizes[path]) for path, before in self._before.items())


def _json_line(report: Any) -> str:
    """`report` as the command line's `--json` writes it (hints in its words: `hints`)."""
    return cli_words(json.dumps(cn.to_data(report), ensure_ascii=False)) + "\n"


def _printable(lines: list[tuple[str, str]]) -> list[list[str]]:
    """Report lines as the command line writes them: [kind, text], hints in its words, control
    characters escaped."""
    return [[kind, printable_lines(cli_words(text))] for kind, text in lines]


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def _ending(format: str) -> str:
    """The first ending of `format` that names it alone (`.json` is two notations')."""
    endings = cn.formats.get(format).extensions
    for ending in endings:
        with contextlib.suppress(cn.NotationError):
            if cn.formats.detect_output("x" + ending) == format:
                return ending
    return endings[0]


def _file_name(games: list[cn.Game], n: int | None, format: str) -> str:
    """A download's name: its record's file and number (`games-2.sgf`); for every record, the one
    file or folder they all come from (`examples.jsonl`), else `records`."""
    if n is not None:
        source = games[n].source
        return f"{_stem(source.file)}-{source.index}{_ending(format)}"
    files = {game.source.file for game in games}
    tops = {PurePath(file).parts[0] for file in files if file}
    if len(files) == 1:
        stem = _stem(files.pop())
    elif len(tops) == 1 and None not in files:
        stem = tops.pop()
    else:
        stem = "records"
    return f"{stem}{_ending(format)}"


def _stem(file: str | None) -> str:
    """A file's name without its endings (`games.sgf.gz`: `games`); `records` for none."""
    if not file:
        return "records"
    stem = PurePath(file).name
    for _ in range(2):
        if PurePath(stem).suffix.lower() in {*cn.formats.extensions(), *cn.formats.COMPRESSED_ENDINGS, ".txt", ".zip"}:
            stem = PurePath(stem).stem
    return stem or "records"
