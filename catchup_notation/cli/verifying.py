"""What `catchup verify` does once its options are read: the run and its exit code. Apart from the
command's declaration (`verify`) so that the common command lines run without typer (`quick`)."""

from __future__ import annotations

from collections.abc import Sequence

from catchup_notation.cli import runs
from catchup_notation.formats.base import Corrections
from catchup_notation.report_lines import judged_verify_lines
from catchup_notation.reports import ROW_FIELDS, judged_verify_report, verify_report


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
    quiet: bool = False,
    statistics: bool = False,
) -> int:
    """Verify every record of `paths`, write the reports and the summary; the exit code."""
    return runs.run_reports(
        paths,
        verify_report,
        fields=ROW_FIELDS["verify"],
        summary=summary,
        mode=runs.report_mode(json=json, csv=csv, out=out),
        out=out,
        jobs=jobs,
        format=format,
        variant=variant,
        corrections=corrections,
        strict=strict,
        progress=progress,
        label="verifying",
        judged=judged_verify_report,
        judged_lines=judged_verify_lines,
        quiet=quiet,
        statistics=statistics,
    )


def summary(tally: runs.Tally) -> str:
    """`N records read: a valid, b invalid, c unreadable[; d with warnings]`."""
    return runs.counted(tally, "valid", "invalid", "unreadable", always=("valid", "invalid", "unreadable"))
