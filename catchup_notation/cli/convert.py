"""`catchup convert`: any readable notation to any writable one, written atomically."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, TextIO

import typer

from catchup_notation import formats
from catchup_notation.batch import games
from catchup_notation.cli import output
from catchup_notation.cli.options import (
    AUTO,
    Board,
    Corrections,
    Format,
    Variant,
    check_format,
    parse_corrections,
    with_board,
)
from catchup_notation.converting import faithfully
from catchup_notation.errors import WriteError
from catchup_notation.model import Record
from catchup_notation.reports import place
from catchup_notation.writing import atomic_output

EXAMPLES = """\
Examples:

  catchup convert game.sgf --to abstractplay -o game.apjson

  catchup convert post.txt --format rga --to lg > game.sgf

  catchup convert games.sgf --to json -o games.jsonl     # a collection becomes JSON Lines

Anything the target notation cannot carry (player names, headers, ...) is named in a warning on
stderr. The output file is replaced in one step, so it is never left half written.
Exit codes: 0 converted; 1 a record cannot be written in the target notation; 2 usage error;
3 unreadable input (nothing is written).
"""


class _Unreadable(Exception):
    """Some record could not be read: nothing is written."""


def convert(
    path: Annotated[str, typer.Argument(help="A record file, a directory, or - for stdin.", show_default=False)],
    to: Annotated[
        str,
        typer.Option(
            "--to",
            "-t",
            help="Target notation: lg, rga, genius, abstractplay, numbers, json.",
            callback=check_format,
            show_default=False,
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Output file (default: stdout).", dir_okay=False, show_default=False),
    ] = None,
    format: Format = None,
    variant: Variant = None,
    board: Board = None,
    corrections: Corrections = None,
) -> None:
    """Convert records from one notation to another, warning about anything the target cannot carry."""
    if variant == AUTO:
        raise typer.BadParameter("convert needs one variant to read under, not 'auto'", param_hint="--variant")
    variant = with_board(variant, board)
    counted = {"records": 0}
    records = _records(path, to, format, variant, parse_corrections(corrections), counted)
    try:
        if out is None:
            # Spooled, so that nothing reaches stdout when a later record cannot be read.
            with tempfile.SpooledTemporaryFile(max_size=1 << 24, mode="w+", encoding="utf-8") as spool:
                warnings = formats.write(records, to, spool)  # type: ignore[arg-type]
                if not counted["records"]:
                    raise output.fail(f"no record found in {path}", output.EXIT_UNREADABLE)
                spool.seek(0)
                _copy(spool, sys.stdout)  # type: ignore[arg-type]
        else:
            with atomic_output(out) as stream:
                warnings = formats.write(records, to, stream)
                if not counted["records"]:
                    raise output.fail(f"no record found in {path}", output.EXIT_UNREADABLE)
    except _Unreadable:
        raise typer.Exit(output.EXIT_UNREADABLE) from None
    except WriteError as exc:
        raise output.fail(f"cannot write these records as {to}: {exc}", output.EXIT_RULE) from None
    for warning in warnings:
        output.warn(f"{to}: {warning.message} [{warning.code}]")


def _copy(source: TextIO, target: TextIO) -> None:
    while True:
        piece = source.read(1 << 16)
        if not piece:
            break
        target.write(piece)
    target.flush()


def _records(
    path: str, to: str, format: str | None, variant: str | None, corrections: object, counted: dict[str, int]
) -> Iterator[Record]:
    """Every record under `path`, as the writer asks for them; reading warnings and errors go to
    stderr as they come, and an unreadable record stops the conversion (nothing is written)."""
    unreadable = False
    for game in games([path], format=format, variant=variant, corrections=corrections):  # type: ignore[arg-type]
        source = game.source.file
        for w in game.warnings:
            where = place(source, game.source.index, line=w.line, column=w.column)
            output.print_lines([("warning", f"{where}: warning[{w.code}]: {w.message}")], stderr=True)
        if game.reading_error is not None:
            output.print_lines([("error", str(game.reading_error))], stderr=True)
            unreadable = True  # report every bad record, then write nothing
        elif not unreadable:
            faithfully(game.record, to, f"record {game.source}")  # one the target would judge otherwise is refused
            counted["records"] += 1
            yield game.record
    if unreadable:
        raise _Unreadable


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command(epilog=EXAMPLES)(output.guarded(convert))
