"""What `catchup adjudicate` does once its options are read: the run and its exit code. Apart from
the command's declaration (`adjudicate`) so that the common command lines run without typer
(`quick`)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from catchup_notation.cli import runs
from catchup_notation.report_lines import ROW_FIELDS, judged_adjudication_lines

if TYPE_CHECKING:
    from catchup_notation.formats.base import Corrections
    from catchup_notation.game import Game
    from catchup_notation.reading.fastpath import Verdict
    from catchup_notation.reports import AdjudicationReport, EstimateReport
    from catchup_notation.solvers.limits import EndgameLimits

#: The statuses a summary counts, in this order (those that always show, and the others when met).
_ALWAYS = ("finished", "resigned", "unfinished", "invalid", "unreadable")
_STATUSES = ("finished", "resigned", "timeout", "draw", "abandoned", "unfinished", "invalid", "unreadable")


def run(
    paths: Sequence[str],
    *,
    variant: str | None = None,
    format: str | None = None,
    corrections: Corrections = None,
    json: bool = False,
    csv: bool = False,
    out: str | None = None,
    strict: bool = False,
    jobs: int | None = None,
    progress: bool | None = None,
    endgame: EndgameLimits | None = None,
    estimate: Callable[[Game], EstimateReport] | None = None,
) -> int:
    """Adjudicate every record of `paths` (solving unfinished hex games' endgames within `endgame`,
    estimating them with `estimate`), write the reports and the summary; the exit code."""
    return runs.run_reports(
        paths,
        functools.partial(_report, endgame=endgame, estimate=estimate),
        fields=ROW_FIELDS["adjudicate"],
        summary=summary,
        mode=runs.report_mode(json=json, csv=csv, out=out),
        out=out,
        jobs=jobs,
        format=format,
        variant=variant,
        corrections=corrections,
        strict=strict,
        progress=progress,
        label="adjudicating",
        judged=_judged_report if endgame is None and estimate is None else None,  # nothing to search
        judged_lines=judged_adjudication_lines,
        scores=True,
    )


def _report(
    game: Game, *, endgame: EndgameLimits | None, estimate: Callable[[Game], EstimateReport] | None
) -> AdjudicationReport:
    """`reports.adjudication_report`, imported by the first record that needs a report: a run of
    plain games the core judges needs none (`report_lines`), nor the import (start-up time)."""
    from catchup_notation.reports import adjudication_report

    return adjudication_report(game, endgame, estimate)


def _judged_report(source: str | None, format: str, index: int, verdict: Verdict) -> AdjudicationReport:
    """`reports.judged_adjudication_report`, imported where it is needed (see `_report`)."""
    from catchup_notation.reports import judged_adjudication_report

    return judged_adjudication_report(source, format, index, verdict)


def summary(tally: runs.Tally) -> str:
    """`N records read: a finished, b resigned, c unfinished, d invalid, e unreadable` (and the
    other statuses met)."""
    return runs.counted(tally, *_STATUSES, always=_ALWAYS)
