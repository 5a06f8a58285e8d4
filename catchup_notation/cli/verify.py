"""`catchup verify`: read records, replay them under a variant, report the first broken rule."""

from __future__ import annotations

import typer

from catchup_notation.cli import output
from catchup_notation.cli.options import (
    Board,
    Corrections,
    Format,
    Jobs,
    Json,
    Paths,
    Variant,
    parse_corrections,
    with_board,
)
from catchup_notation.reports import verify_report

EXAMPLES = """\
Examples:

  catchup verify examples/                    # every record under examples/, text report

  catchup verify game.sgf --json              # one JSON object per record per line

  catchup verify post.txt --variant auto      # which variants accept each record

  cat games.sgf | catchup verify - --format lg --variant ketchup-3

Exit codes: 0 all valid; 1 a record breaks a rule; 2 usage error; 3 unreadable input (wins over 1).
"""


def verify(
    paths: Paths,
    variant: Variant = None,
    board: Board = None,
    format: Format = None,
    json: Json = False,
    jobs: Jobs = None,
    corrections: Corrections = None,
) -> None:
    """Check that every record follows the rules of its variant; report the first broken rule of each."""
    variant = with_board(variant, board)
    counts = output.print_reports(
        paths,
        verify_report,
        json=json,
        label="verifying",
        jobs=jobs,
        format=format,
        variant=variant,
        corrections=parse_corrections(corrections),
    )
    if not json:
        total = sum(counts.values())
        output.print_lines(
            [
                (
                    "summary",
                    f"{total} record{'s' if total != 1 else ''} read: {counts['valid']} valid, "
                    f"{counts['invalid']} invalid, {counts['unreadable']} unreadable",
                )
            ],
        )
    raise typer.Exit(output.exit_code(invalid=counts["invalid"], unreadable=counts["unreadable"]))


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command(epilog=EXAMPLES)(output.guarded(verify))
