"""`catchup adjudicate`: the verdict on each record (who won, why, or why there is no verdict)."""

from __future__ import annotations

import functools

import typer

from catchup_notation.cli import output, runs
from catchup_notation.cli.options import (
    Board,
    Corrections,
    Format,
    Jobs,
    Paths,
    Progress,
    ReportCsv,
    ReportJson,
    ReportOutput,
    Strict,
    Variant,
    parse_corrections,
    with_board,
)
from catchup_notation.cli.search_options import EndgameNodes, MaxEmpty, SolveEndgame, endgame_limits
from catchup_notation.reports import ROW_FIELDS, adjudication_report, judged_adjudication_report
from catchup_notation.solvers.limits import ENDGAME_NODES

EXAMPLES = """\
Examples:

  catchup adjudicate examples/littlegolem-collection.sgf

  catchup adjudicate examples/ --corrections diagram --json

  catchup adjudicate examples/ --corrections diagram --csv > verdicts.csv

  catchup adjudicate examples/genius-death-match.genius --solve-endgame

Each record's verdict: who won and where the comparison of group sizes
decided, a resignation, the standing of an unfinished game, or why there
is none. A summary line ends the report (on stderr when the report goes
to a file or is JSON or CSV).

Exit codes: 0 every record adjudicated (finished, resigned, unfinished);
1 a record breaks a rule or cannot be judged under the variant asked for
(or, with --strict, drew a warning); 2 usage error; 3 some input could
not be read (wins over 1); 5 no record found at all.
"""

#: The statuses a summary counts, in this order (those that always show, and the others when met).
_ALWAYS = ("finished", "resigned", "unfinished", "invalid", "unreadable")
_STATUSES = ("finished", "resigned", "timeout", "draw", "abandoned", "unfinished", "invalid", "unreadable")


def adjudicate(
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
    solve_endgame: SolveEndgame = False,
    max_empty: MaxEmpty = None,
    endgame_nodes: EndgameNodes = ENDGAME_NODES,
) -> None:
    """Say who won each record and why: finished, resigned, unfinished (with the standing) or invalid."""
    limits = endgame_limits(solve_endgame, max_empty, endgame_nodes)
    code = runs.run_reports(
        paths,
        functools.partial(adjudication_report, endgame=limits),
        fields=ROW_FIELDS["adjudicate"],
        summary=_summary,
        mode=runs.report_mode(json=json, csv=csv, out=out),
        out=out,
        jobs=jobs,
        format=format,
        variant=with_board(variant, board),
        corrections=parse_corrections(corrections),
        strict=strict,
        progress=progress,
        label="adjudicating",
        judged=judged_adjudication_report if limits is None else None,  # no endgame to search
        scores=True,
    )
    raise typer.Exit(code)


def _summary(tally: runs.Tally) -> str:
    return runs.counted(tally, *_STATUSES, always=_ALWAYS)


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command(epilog=EXAMPLES)(output.guarded(adjudicate))
