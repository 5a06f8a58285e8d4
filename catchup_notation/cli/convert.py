"""`catchup convert`: any readable notation to any writable one, written atomically."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from catchup_notation.cli import inputs, output
from catchup_notation.cli.options import AUTO, _check_format, Corrections, Format, parse_corrections, Variant
from catchup_notation.cli.records import place
from catchup_notation.errors import CatchupError
from catchup_notation.model import Record
from catchup_notation.formats import io_old as io

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


def convert(
    path: Annotated[str, typer.Argument(help="A record file, a directory, or - for stdin.", show_default=False)],
    to: Annotated[
        str,
        typer.Option("--to", "-t", help="Target notation: lg, rga, genius, abstractplay, numbers, json.", callback=_check_format, show_default=False),
    ],
    out: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Output file (default: stdout).", dir_okay=False, show_default=False),
    ] = None,
    format: Format = None,
    variant: Variant = None,
    corrections: Corrections = None,
) -> None:
    """Convert records from one notation to another, warning about anything the target cannot carry."""
    if variant == AUTO:
        raise typer.BadParameter("convert needs one variant to read under, not 'auto'", param_hint="--variant")
    records, unreadable = read_all(path, format, variant, parse_corrections(corrections))
    if unreadable:
        raise typer.Exit(output.EXIT_UNREADABLE)
    if not records:
        raise output.fail(f"no record found in {path}", output.EXIT_UNREADABLE)
    try:
        text, warnings = io.write_records(records, to)
    except CatchupError as exc:
        raise output.fail(f"cannot write these records as {to}: {exc}", output.EXIT_RULE) from None
    for warning in warnings:
        output.warn(f"{to}: {warning.message} [{warning.code}]")
    if out is None:
        typer.echo(text, nl=not text.endswith("\n"))
        return
    try:
        io.write_atomically(out, text)
    except OSError as exc:
        raise output.fail(f"cannot write {out}: {exc.strerror or exc}", output.EXIT_UNREADABLE) from None


def read_all(
    path: str, format: str | None, variant: str | None, options: dict[str, object] | None = None
) -> tuple[list[Record], int]:
    """Every record under `path`; reading problems and warnings are reported on stderr as they come."""
    records: list[Record] = []
    unreadable = 0
    console = output.stderr_console()
    for source in inputs.collect_sources([path]):
        _, items = inputs.read_source(source, format=format, variant=variant, options=options)
        for item in items:
            for w in item.warnings:
                output.print_lines(console, [("warning", f"{place(source.name, item.index, line=w.line, column=w.column)}: warning[{w.code}]: {w.message}")])
            if item.record is None:
                unreadable += 1
                output.print_lines(console, [("error", str(item.error))])
            else:
                records.append(item.record)
    return records, unreadable


def register(app: typer.Typer) -> None:
    app.command(epilog=EXAMPLES)(output.guarded(convert))
