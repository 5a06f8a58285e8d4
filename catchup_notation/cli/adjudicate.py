"""`catchup adjudicate`: the verdict on each record (who won, why, or why there is no verdict)."""

from __future__ import annotations

import functools

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
from catchup_notation.cli.search_options import EndgameNodes, MaxEmpty, SolveEndgame, endgame_limits
from catchup_notation.reports import adjudication_report
from catchup_notation.solvers.limits import ENDGAME_NODES

EXAMPLES = """\
Examples:

  catchup adjudicate examples/lg/               # one verdict per record

  catchup adjudicate game.sgf --json            # status, winner, groups, scores as JSON lines

  catchup adjudicate post.txt --variant ketchup-3

Exit codes: 0 every record adjudicated (finished, resigned or unfinished); 1 a record breaks a rule
or cannot be adjudicated under the variant asked for; 2 usage error; 3 unreadable input (wins over 1).
"""


def adjudicate(
    paths: Paths,
    variant: Variant = None,
    board: Board = None,
    format: Format = None,
    json: Json = False,
    jobs: Jobs = None,
    corrections: Corrections = None,
    solve_endgame: SolveEndgame = False,
    max_empty: MaxEmpty = None,
    endgame_nodes: EndgameNodes = ENDGAME_NODES,
) -> None:
    """Say who won each record and why: finished, resigned, unfinished (with the standing) or invalid."""
    variant = with_board(variant, board)
    limits = endgame_limits(solve_endgame, max_empty, endgame_nodes)
    report = functools.partial(adjudication_report, endgame=limits)
    counts = output.print_reports(
        paths,
        report,
        json=json,
        label="adjudicating",
        jobs=jobs,
        format=format,
        variant=variant,
        corrections=parse_corrections(corrections),
    )
    raise typer.Exit(output.exit_code(invalid=counts["invalid"], unreadable=counts["unreadable"]))


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command(epilog=EXAMPLES)(output.guarded(adjudicate))
