"""`catchup convert`: any readable notation to any writable one, record by record, written atomically.
The command's declaration; the run is `convert_run`'s."""

from __future__ import annotations

from typing import Annotated

import typer
from typer._click.exceptions import UsageError  # typer vendors click

from catchup_notation.cli import convert_run, output
from catchup_notation.cli.options import (
    Board,
    Corrections,
    Format,
    Jobs,
    Paths,
    Progress,
    ReadVariant,
    Strict,
    check_format,
    json_option,
)

EXAMPLES = """\
Examples:

  catchup convert examples/littlegolem-collection.sgf -o games.apjson

  catchup convert examples/abstractplay-size6.json --to sgf > game.sgf

  catchup convert examples/ --corrections diagram -o library.jsonl.gz

  catchup convert examples/ --corrections diagram -o hex.sgf \\
      --json                       # exits 1: number-set records skipped

  catchup convert examples/ --corrections diagram --to json -o converted/

A folder as -o (one that exists, or a name ending in /) gets a file per
input file, at the same path under it as under the folder read, with
the target notation's ending (a zip archive counts as a folder); an
input that is to become several Genius files, one game each, gets the
record's index in their names (game-0.genius, game-1.genius).

Every record that can be written is written; each one that cannot (it
cannot be read, or the target notation cannot hold it) is named on
stderr with its file, index, line and why, and skipped. What a written
record loses (player names, headers...) is named in a warning. The file
is replaced in one step, never left half written; --all-or-nothing
writes nothing if any record fails.

Exit codes: 0 every record converted; 1 a record could not be written in
the target notation (or, with --strict, drew a warning); 2 usage error;
3 some input could not be read (wins over 1); 5 no record found at all.
"""

To = Annotated[
    str | None,
    typer.Option(
        "--to",
        "-t",
        metavar="FORMAT",
        help="The notation to write: lg, rga, genius, abstractplay, numbers or json, or an alias (see catchup "
        "formats). Default: the one -o's name says (game.sgf, game.sgf.gz: lg).",
        callback=check_format,
        show_default=False,
    ),
]
Output = Annotated[
    str | None,
    typer.Option(
        "--output",
        "-o",
        metavar="FILE|FOLDER",
        help="The file to write (default, or -: stdout). FILE.gz, .bz2, .xz are compressed. A folder (or a name "
        "ending in /): a file per input file, the tree of the inputs kept.",
        show_default=False,
    ),
]
AllOrNothing = Annotated[
    bool,
    typer.Option("--all-or-nothing", help="Write nothing at all if any record cannot be read or written."),
]
Summary = Annotated[
    bool,
    json_option("A JSON summary on stdout of what was written and skipped (needs -o FILE, as stdout has no room)."),
]


def convert(
    paths: Paths,
    to: To = None,
    out: Output = None,
    format: Format = None,
    variant: ReadVariant = None,
    board: Board = None,
    corrections: Corrections = None,
    all_or_nothing: AllOrNothing = False,
    strict: Strict = False,
    json: Summary = False,
    progress: Progress = None,
    jobs: Jobs = None,
) -> None:
    """Convert records from one notation to another, record by record, naming what cannot be converted;
    a folder to a folder, file by file."""
    try:
        code = convert_run.run(
            paths,
            to=to,
            out=out,
            format=format,
            variant=variant,
            board=board,
            corrections=corrections,
            all_or_nothing=all_or_nothing,
            strict=strict,
            json=json,
            progress=progress,
            jobs=jobs,
        )
    except convert_run.Usage as exc:
        if exc.option is None and not exc.bad_value:
            raise UsageError(exc.message) from None
        raise typer.BadParameter(exc.message, param_hint=exc.option) from None
    raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command(epilog=EXAMPLES)(output.guarded(convert))
