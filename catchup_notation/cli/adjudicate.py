"""`catchup adjudicate`: the verdict on each record (who won, why, or why there is no verdict)."""

from __future__ import annotations

import functools
from typing import Annotated, Any

import typer

from catchup_notation.rules.adjudicate import result_of
from catchup_notation.cli import inputs, output
from catchup_notation.cli.options import AUTO, Corrections, Format, Jobs, Json, Paths, Variant, parse_corrections
from catchup_notation.cli.records import (
    check,
    error_line,
    fill_checked,
    place,
    unreadable_outcome,
    warning_lines,
)
from catchup_notation.solvers.endgame import DEFAULT_MAX_EMPTY, EndgameTooLarge, solve_endgame
from catchup_notation.formats.base import ReadItem
from catchup_notation.formats.colours import colour_mark

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
    solve_endgame: Annotated[
        bool,
        typer.Option("--solve-endgame", help="Solve unfinished hex games exactly: the winner with perfect play and a principal line."),
    ] = False,
    max_empty: Annotated[
        int, typer.Option("--max-empty", min=0, help="With --solve-endgame: leave positions with more empty cells unsolved.")
    ] = DEFAULT_MAX_EMPTY,
) -> None:
    """Say who won each record and why: finished, resigned, unfinished (with the standing) or invalid."""
    sources = inputs.collect_sources(paths)
    job = functools.partial(
        adjudicate_source,
        format=format,
        variant=variant,
        options=parse_corrections(corrections),
        endgame_limit=max_empty if solve_endgame else None,
    )
    per_source = inputs.map_sources(job, sources, inputs.worker_count(jobs, len(sources)))
    counts = output.stream_results(per_source, len(sources), json=json, label="adjudicating")
    raise typer.Exit(output.exit_code(invalid=counts["invalid"], unreadable=counts["unreadable"]))


def adjudicate_source(
    source: inputs.Source,
    *,
    format: str | None,
    variant: str | None,
    options: dict[str, Any] | None = None,
    endgame_limit: int | None = None,
) -> list[dict[str, Any]]:
    """Verdicts for every record of one source (runs in a worker process with --jobs)."""
    reading_variant = None if variant in (None, AUTO) else variant
    name, items = inputs.read_source(source, format=format, variant=reading_variant, options=options)
    return [adjudicate_item(source.name, name, item, variant, endgame_limit) for item in items]


def adjudicate_item(
    source: str, format_name: str | None, item: ReadItem, variant: str | None, endgame_limit: int | None = None
) -> dict[str, Any]:
    """One record's verdict: {"json": the contract object, "outcome": ..., "lines": text lines}.
    `endgame_limit` (the most empty cells to search) asks for the exact result of an unfinished hex game."""
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
        "decided_by": None,
        "scores": None,
        "explanation": "",
        "turns": None,
        "error": None,
    }
    lines = warning_lines(source, item.index, item.warnings)
    if record is None:
        data["explanation"] = item.error.message
        return unreadable_outcome(data, item, lines)

    checked = check(record, format_name, variant)
    fill_checked(data, checked, record, variant)
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
        decided_by=result.decided_by,
        scores=list(result.scores),
        explanation=result.explanation,
    )
    if checked.error is not None:
        lines.append(error_line(source, item.index, checked.error))
        return {"json": data, "outcome": "invalid", "lines": lines}
    lines.append(("ok" if result.status != "unfinished" else "plain", f"{place(source, item.index, record.at)}: {result.explanation}"))
    if endgame_limit is not None and result.status == "unfinished" and checked.played.variant.family == "hex":
        data["endgame"] = endgame_json(checked.played.game, endgame_limit, inputs.cell_namer(format_name, checked.played.variant.size))
        lines.append(("plain", f"{place(source, item.index, record.at)}: {data['endgame']['explanation']}"))
    return {"json": data, "outcome": "adjudicated", "lines": lines}


def endgame_json(game, limit: int, namer) -> dict[str, Any]:
    """The perfect-play result of an unfinished hex position, or why it was not searched."""
    names = game.variant.spec.players
    try:
        solved = solve_endgame(game, max_empty=limit)
    except EndgameTooLarge:
        return {"solved": False, "winner": None, "draw": False, "line": [], "nodes": 0, "seconds": 0.0,
                "explanation": f"endgame not solved: {game.empty} empty cells, more than --max-empty {limit}"}
    line = [turn_words(turn, namer, game.variant.spec) for turn in solved.principal_line]
    outcome = "a draw" if solved.draw else f"{names[solved.winner - 1]} wins"
    return {
        "solved": True,
        "winner": solved.winner,
        "draw": solved.draw,
        "line": line,
        "nodes": solved.nodes,
        "seconds": round(solved.seconds, 3),
        "explanation": f"with perfect play {outcome} ({solved.empty} empty cells; line: {' / '.join(line) or 'none'})",
    }


def turn_words(turn, namer, spec) -> str:
    """'E5 F6', 'E5=w' (a stone of the other colour), or 'pass'."""
    stones = (namer(cell) + (colour_mark(spec, colour) if colour != turn.player else "") for cell, colour in zip(turn.cells, turn.stone_colours))
    return " ".join(stones) or "pass"


def register(app: typer.Typer) -> None:
    app.command(epilog=EXAMPLES)(output.guarded(adjudicate))
