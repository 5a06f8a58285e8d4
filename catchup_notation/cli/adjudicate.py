"""`catchup adjudicate`: the verdict on each record (who won, why, or why there is no verdict)."""

from __future__ import annotations

import functools
from typing import Any

import typer

from catchup_notation.adjudicate import result_of
from catchup_notation.cli import inputs, output
from catchup_notation.cli.options import AUTO, Format, Jobs, Json, Paths, Variant, Corrections, parse_corrections
from catchup_notation.cli.records import check, error_line, notation_error_json, place, warning_lines, warnings_json
from catchup_notation.notation.base import ReadItem

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
    format: Format = None,
    json: Json = False,
    jobs: Jobs = None,
    corrections: Corrections = None,
) -> None:
    """Say who won each record and why: finished, resigned, unfinished (with the standing) or invalid."""
    sources = inputs.collect_sources(paths)
    job = functools.partial(adjudicate_source, format=format, variant=variant, options=parse_corrections(corrections))
    per_source = inputs.map_sources(job, sources, inputs.worker_count(jobs, len(sources)))
    counts = {"adjudicated": 0, "invalid": 0, "unreadable": 0}
    console = None if json else output.stdout_console()
    for results in output.with_progress(per_source, len(sources), enabled=not json, label="adjudicating"):
        for result in results:
            counts[result["outcome"]] += 1
            if json:
                output.emit_json(result["json"])
            else:
                output.print_lines(console, result["lines"])
    raise typer.Exit(output.exit_code(invalid=counts["invalid"], unreadable=counts["unreadable"]))


def adjudicate_source(
    source: inputs.Source, *, format: str | None, variant: str | None, options: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """Verdicts for every record of one source (runs in a worker process with --jobs)."""
    reading_variant = None if variant in (None, AUTO) else variant
    name, items = inputs.read_source(source, format=format, variant=reading_variant, options=options)
    return [adjudicate_item(source.name, name, item, variant) for item in items]


def adjudicate_item(source: str, format_name: str | None, item: ReadItem, variant: str | None) -> dict[str, Any]:
    """One record's verdict: {"json": the contract object, "outcome": ..., "lines": text lines}."""
    record = item.record
    source = (record.source if record is not None else None) or source
    data: dict[str, Any] = {
        "source": source,
        "index": item.index,
        "variant": None,
        "status": "invalid",
        "winner": None,
        "draw": False,
        "reason": "unreadable",
        "groups": [[], []],
        "decided_at": None,
        "scores": None,
        "explanation": "",
        "turns": None,
        "error": None,
    }
    lines = warning_lines(source, item.index, item.warnings)
    if record is None:
        error = item.error
        assert error is not None, "a read item holds a record or an error"
        data["error"] = notation_error_json(error)
        data["explanation"] = error.message
        lines.append(("error", str(error)))
        # A variant the reader cannot apply is a request that cannot be met, not unreadable text.
        return {"json": data, "outcome": "invalid" if error.code == "variant" else "unreadable", "lines": lines}

    checked = check(record, format_name, variant)
    data["variant"] = checked.variant
    data["turns"] = len(record.turns)
    data["error"] = checked.error
    if variant == AUTO:
        data["accepted_by"] = checked.accepted_by or []
    if checked.played is None:  # the variant asked for cannot apply to this record at all
        data["reason"] = "variant"
        data["explanation"] = checked.error["message"]
        lines.append(error_line(source, item.index, checked.error))
        return {"json": data, "outcome": "invalid", "lines": lines}

    result = result_of(checked.played)
    data.update(
        status=result.status,
        winner=result.winner,
        draw=result.draw,
        reason=result.reason,
        groups=[list(result.groups[0]), list(result.groups[1])],
        decided_at=result.decided_at,
        scores=list(result.scores),
        explanation=result.explanation,
    )
    if checked.error is not None:
        lines.append(error_line(source, item.index, checked.error))
        return {"json": data, "outcome": "invalid", "lines": lines}
    lines.append(("ok" if result.status != "unfinished" else "plain", f"{place(source, item.index, record.at)}: {result.explanation}"))
    return {"json": data, "outcome": "adjudicated", "lines": lines}


def register(app: typer.Typer) -> None:
    app.command(epilog=EXAMPLES)(output.guarded(adjudicate))
