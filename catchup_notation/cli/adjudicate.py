"""`catchup adjudicate`: the verdict on each record (who won, why, or why there is no verdict)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from catchup_notation.cli import adjudicating, output
from catchup_notation.cli.engine_options import Level, Playouts, Seed, Threads, Time, engine_limit
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
from catchup_notation.solvers.limits import ENDGAME_NODES

if TYPE_CHECKING:
    from collections.abc import Callable

    from catchup_notation.estimate_report import EstimateSettings
    from catchup_notation.game import Game
    from catchup_notation.reports import EstimateReport

EXAMPLES = """\
Examples:

  catchup adjudicate examples/littlegolem-collection.sgf

  catchup adjudicate examples/ --corrections diagram --json

  catchup adjudicate examples/ --corrections diagram --csv > verdicts.csv

  catchup adjudicate examples/genius-death-match.genius --solve-endgame

  catchup adjudicate examples/library.jsonl --estimate --time 2

Each record's verdict: who won and where the comparison of group sizes
decided, a resignation, the standing of an unfinished game, or why there
is none. A summary line ends the report (on stderr when the report goes
to a file or is JSON or CSV).

Exit codes: 0 every record adjudicated (finished, resigned, unfinished);
1 a record breaks a rule or cannot be judged under the variant asked for
(or, with --strict, drew a warning); 2 usage error; 3 some input could
not be read (wins over 1); 5 no record found at all.
"""

Estimate = Annotated[
    bool,
    typer.Option(
        "--estimate",
        help="Give unfinished hex games a verdict: a proof where the exact solver reaches (as --solve-endgame), "
        "else the engine's estimate of who is ahead, labelled as one, with its interval and settings "
        "(--time, --level, --playouts, --threads, --seed).",
    ),
]


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
    estimate: Estimate = False,
    time: Time = None,
    level: Level = None,
    playouts: Playouts = None,
    threads: Threads = None,
    seed: Seed = None,
) -> None:
    """Say who won each record and why: finished, resigned, unfinished (with the standing) or invalid."""
    limits = endgame_limits(solve_endgame, max_empty, endgame_nodes)
    estimating = _estimate_settings(estimate, time, level, playouts, threads, seed, max_empty, endgame_nodes)
    if estimating is not None and jobs is None:
        jobs = 1  # the engine's threads use every core
    code = adjudicating.run(
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
        endgame=limits,
        estimate=_estimator(estimating),
    )
    raise typer.Exit(code)


def _estimator(settings: EstimateSettings | None) -> Callable[[Game], EstimateReport] | None:
    if settings is None:
        return None
    from catchup_notation.estimate_report import estimator

    return estimator(settings)


def _estimate_settings(
    estimate: bool,
    time: float | None,
    level: int | None,
    playouts: int | None,
    threads: int | None,
    seed: int | None,
    max_empty: int | None,
    endgame_nodes: int,
) -> EstimateSettings | None:
    if not estimate:
        if any(x is not None for x in (time, level, playouts, threads, seed)):
            raise typer.BadParameter("--time, --level, --playouts, --threads and --seed go with --estimate")
        return None
    from catchup_notation.engine.review import DEFAULT_SECONDS
    from catchup_notation.estimate_report import EstimateSettings

    limit = engine_limit(time, level, playouts, DEFAULT_SECONDS)
    return EstimateSettings(limit, threads, seed, max_empty, endgame_nodes)


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command(epilog=EXAMPLES)(output.guarded(adjudicate))
