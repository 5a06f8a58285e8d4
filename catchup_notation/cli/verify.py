"""`catchup verify`: read records, replay them under a variant, report the first broken rule."""

from __future__ import annotations

import functools
from typing import Any

import typer

from catchup_notation.cli import inputs, output
from catchup_notation.cli.options import AUTO, Corrections, Format, Jobs, Json, parse_corrections, Paths, Variant
from catchup_notation.cli.records import check, error_line, notation_error_json, place, warning_lines, warnings_json
from catchup_notation.notation.base import ReadItem

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
    workers = inputs.worker_count(jobs, len(sources))
    per_source = inputs.map_sources(job, sources, workers)
    counts = {"valid": 0, "invalid": 0, "unreadable": 0}
    console = None if json else output.stdout_console()
    for results in output.with_progress(per_source, len(sources), enabled=not json, label="verifying"):
        for result in results:
            counts[result["outcome"]] += 1
            if json:
                output.emit_json(result["json"])
            else:
                output.print_lines(console, result["lines"])
    if console is not None:
        total = sum(counts.values())
        console.print(
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
        error = item.error
        assert error is not None, "a read item holds a record or an error"
        data["error"] = notation_error_json(error)
        lines.append(("error", str(error)))
        # A variant the reader cannot apply is a request that cannot be met, not unreadable text.
        return {"json": data, "outcome": "invalid" if error.code == "variant" else "unreadable", "lines": lines}

    checked = check(record, format_name, variant)
    data["variant"] = checked.variant
    data["turns"] = len(record.turns)
    data["error"] = checked.error
    if variant == AUTO:
        data["accepted_by"] = checked.accepted_by or []
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
