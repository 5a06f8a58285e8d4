"""`catchup verify`: read records, replay them under a variant, report the first broken rule."""

from __future__ import annotations

import functools
from typing import Any

import typer

from catchup_notation.cli import inputs, output
from catchup_notation.cli.options import AUTO, Corrections, Format, Jobs, Json, Paths, Variant, parse_corrections
from catchup_notation.cli.records import (
    check,
    error_line,
    fill_checked,
    place,
    unreadable_outcome,
    warning_lines,
    warnings_json,
)
from catchup_notation.formats.base import ReadItem

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
    format: Format = None,
    json: Json = False,
    jobs: Jobs = None,
    corrections: Corrections = None,
) -> None:
    """Check that every record follows the rules of its variant; report the first broken rule of each."""
    sources = inputs.collect_sources(paths)
    job = functools.partial(verify_source, format=format, variant=variant, options=parse_corrections(corrections))
    per_source = inputs.map_sources(job, sources, inputs.worker_count(jobs, len(sources)))
    counts = output.stream_results(per_source, len(sources), json=json, label="verifying")
    if not json:
        total = sum(counts.values())
        output.stdout_console().print(
            f"{total} record{'s' if total != 1 else ''} read: {counts['valid']} valid, "
            f"{counts['invalid']} invalid, {counts['unreadable']} unreadable",
            style=output.STYLES["summary"],
        )
    raise typer.Exit(output.exit_code(invalid=counts["invalid"], unreadable=counts["unreadable"]))


def verify_source(
    source: inputs.Source, *, format: str | None, variant: str | None, options: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """Results for every record of one source (runs in a worker process with --jobs)."""
    reading_variant = None if variant in (None, AUTO) else variant
    name, items = inputs.read_source(source, format=format, variant=reading_variant, options=options)
    return [verify_item(source.name, name, item, variant) for item in items]


def verify_item(source: str, format_name: str | None, item: ReadItem, variant: str | None) -> dict[str, Any]:
    """One record's verdict: {"json": the contract object, "outcome": ..., "lines": text lines}."""
    record = item.record
    source = (record.source if record is not None else None) or source
    data: dict[str, Any] = {
        "source": source,
        "index": item.index,
        "format": format_name,
        "variant": None,
        "valid": False,
        "turns": None,
        "error": None,
        "warnings": warnings_json(item.warnings),
    }
    if variant == AUTO:
        data["accepted_by"] = []
    lines = warning_lines(source, item.index, item.warnings)
    if record is None:
        return unreadable_outcome(data, item, lines)

    checked = check(record, format_name, variant)
    fill_checked(data, checked, record, variant)
    data["valid"] = checked.error is None
    if checked.error is not None:
        lines.append(error_line(source, item.index, checked.error))
        return {"json": data, "outcome": "invalid", "lines": lines}
    accepted = f"; accepted by {', '.join(checked.accepted_by)}" if checked.accepted_by else ""
    turns = f"{len(record.turns)} turn{'s' if len(record.turns) != 1 else ''}"
    lines.append(("ok", f"{place(source, item.index, record.at)}: ok: {turns} under {checked.variant}{accepted}"))
    return {"json": data, "outcome": "valid", "lines": lines}


def register(app: typer.Typer) -> None:
    app.command(epilog=EXAMPLES)(output.guarded(verify))
