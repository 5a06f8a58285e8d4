"""`catchup verify`: read records, replay them under a variant, report the first broken rule."""

from __future__ import annotations

import typer

from catchup_notation.cli import output, verifying
from catchup_notation.cli.options import (
    Board,
    Corrections,
    Format,
    Jobs,
    Paths,
    Progress,
    Quiet,
    ReportCsv,
    ReportJson,
    ReportOutput,
    Statistics,
    Strict,
    Variant,
    parse_corrections,
    with_board,
)

EXAMPLES = """\
Examples:

  catchup verify examples/ --corrections diagram   # a text report

  catchup verify examples/littlegolem-collection.sgf --json

  catchup verify examples/ --corrections diagram -o report.csv

  catchup verify examples/rga-post-as-typed.txt --variant auto \\
      --corrections diagram        # which rule versions accept the post

  catchup verify examples/rga-post-as-typed.txt   # exits 3: bad coordinates

  cat examples/library.jsonl | catchup verify - --format jsonl --strict

  catchup verify examples/ --corrections diagram -q --statistics

Every warning and error names its place (file:line:col); a summary line
ends the report (on stderr when the report goes to a file or is JSON or
CSV). A record's text report shows three warnings of one code and counts
the rest in one line. -q leaves out the records that are fine;
--statistics ends with each problem's code and how often it was met.
With --strict a record that drew a warning fails the run.

Exit codes: 0 every record valid; 1 a record breaks a rule (or, with
--strict, drew a warning); 2 usage error; 3 some input could not be read
(wins over 1); 5 no record found at all.
"""


def verify(
    paths: Paths,
    variant: Variant = None,
    board: Board = None,
    format: Format = None,
    corrections: Corrections = None,
    json: ReportJson = False,
    csv: ReportCsv = False,
    out: ReportOutput = None,
    strict: Strict = False,
    jobs: Jobs = None,
    progress: Progress = None,
    quiet: Quiet = False,
    statistics: Statistics = False,
) -> None:
    """Check that every record follows the rules of its variant; report the first broken rule of each."""
    code = verifying.run(
        paths,
        variant=with_board(variant, board),
        format=format,
        corrections=parse_corrections(corrections),
        json=json,
        csv=csv,
        out=out,
        strict=strict,
        jobs=jobs,
        progress=progress,
        quiet=quiet,
        statistics=statistics,
    )
    raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command(epilog=EXAMPLES)(output.guarded(verify))
