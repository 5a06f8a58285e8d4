"""`catchup view`: a self-contained HTML page that replays a game, or a report of many."""

from __future__ import annotations

import contextlib
import itertools
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, TextIO

import typer

from catchup_notation.batch import games
from catchup_notation.cli import output, runs
from catchup_notation.cli.options import (
    RECORD_HELP,
    Board,
    Corrections,
    Format,
    Labels,
    Paths,
    Progress,
    RecordPick,
    Variant,
    parse_corrections,
    parse_record,
    with_board,
)
from catchup_notation.cli.progress import advancing, records_bar
from catchup_notation.cli.search_options import EndgameNodes, MaxEmpty, SolveEndgame, endgame_limits
from catchup_notation.game import Game
from catchup_notation.reading import STDIN, read
from catchup_notation.render.html import ReportCounts, game_page, write_report
from catchup_notation.render.viewdata import outcome_of
from catchup_notation.solvers.limits import ENDGAME_NODES
from catchup_notation.writing import atomic_output

EXAMPLES = """\
Examples:

  catchup view examples/littlegolem-collection.sgf --record 2 -o game.html

  catchup view examples/ --corrections diagram -o report.html

  catchup view examples/genius-death-match.genius -o game.html \\
      --solve-endgame

Open game.html#turn=12 at turn 12 (0: the empty board) and
report.html#game=3&turn=12 at game 3. A file with one record gives a
game page, more give a report. The page needs no network and no other
file.

Exit codes: 0 written, every record valid; 1 written, a record breaks a
rule; 2 usage error; 3 written, a record cannot be read (or the page
cannot be written).
"""


def view(
    paths: Paths,
    out: Annotated[
        str,
        typer.Option(
            "--output", "-o", metavar="FILE", help="The HTML file to write, or - for stdout.", show_default=False
        ),
    ],
    record_index: Annotated[
        RecordPick | None,
        typer.Option(
            "--record",
            "-r",
            metavar="N|:LINE",
            help=f"Only this record, a game page. {RECORD_HELP}",
            parser=parse_record,
            show_default=False,
        ),
    ] = None,
    title: Annotated[
        str | None,
        typer.Option("--title", metavar="TEXT", help="The report's title (default: the paths).", show_default=False),
    ] = None,
    format: Format = None,
    variant: Variant = None,
    board: Board = None,
    corrections: Corrections = None,
    solve_endgame: SolveEndgame = False,
    max_empty: MaxEmpty = None,
    endgame_nodes: EndgameNodes = ENDGAME_NODES,
    progress: Progress = None,
    labels: Labels = None,
) -> None:
    """Write a self-contained HTML page that replays a record, or a report of many records."""
    variant = with_board(variant, board)
    fixes = parse_corrections(corrections)
    limits = endgame_limits(solve_endgame, max_empty, endgame_nodes)
    rest: Iterator[Game] = iter(())
    inputs = runs.named_inputs(paths, output_file=out)
    with records_bar("viewing", inputs.files, enabled=progress is not False) as bar:
        if record_index is not None:
            found = [_one(paths, record_index, format=format, variant=variant, corrections=fixes)]
        else:
            rest = advancing(games(inputs.files, format=format, variant=variant, corrections=fixes), bar)
            found = list(itertools.islice(rest, 2))  # one record makes a game page, more a report
        if len(found) == 1:
            (game,) = found
            page = game_page(game, endgame=limits, labels=labels)
            with _opened(out) as stream:
                stream.write(page)
            counts = ReportCounts(**{outcome_of(game): 1})
        else:
            heading = title or "Catchup records: " + ", ".join(paths)
            with _opened(out) as stream:
                shown = itertools.chain(found, rest)
                counts = write_report(shown, stream, title=heading, endgame=limits, labels=labels)
    _summary(out, counts)
    raise typer.Exit(output.exit_code(invalid=counts.invalid, unreadable=counts.unreadable))


def _one(paths: list[str], pick: RecordPick, **options: Any) -> Game:
    """The record `pick` names in the one file given, readable or not (the page shows its error)."""
    if len(paths) != 1 or (paths[0] != STDIN and os.path.isdir(paths[0])):
        raise typer.BadParameter("--record picks a record of one file; give one file", param_hint="--record")
    game = pick.chosen(read(paths[0], **options))
    if game is None:
        raise typer.BadParameter(f"{paths[0]} has no {pick}", param_hint="--record")
    return game


@contextlib.contextmanager
def _opened(out: str) -> Iterator[TextIO]:
    """Standard output for "-", else the file, replaced only once the page is whole."""
    if out == "-":
        yield sys.stdout
        sys.stdout.flush()
        return
    with atomic_output(out) as stream:
        yield stream


def _summary(out: str, counts: ReportCounts) -> None:
    where = "stdout" if out == "-" else out
    size = "" if out == "-" else f", {Path(out).stat().st_size / 1024:.0f} kB"
    records = f"{counts.total} record{'s' if counts.total != 1 else ''}"
    parts = f"{counts.valid} valid, {counts.invalid} invalid, {counts.unreadable} unreadable"
    output.stderr_console().print(f"wrote {where}: {records} ({parts}){size}", markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    app.command(epilog=EXAMPLES)(output.guarded(view))
