"""`catchup solve`: the exact value with perfect play of a hex position (the empty board of a variant,
or a record's position) or of number-set Catch-Up (a set, or a recorded position)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from catchup_notation import solve_reports
from catchup_notation.cli import output
from catchup_notation.cli.inputs import one_game
from catchup_notation.cli.numbers_options import Scores, SetSpec, numbers_and_scores
from catchup_notation.cli.options import FIRST_RECORD, TEXT, Format, Labels, RecordIndex, RecordPick, json_option
from catchup_notation.cli.search_options import JobsOption, MaxNodes, Memory, Timeout, search_progress
from catchup_notation.errors import IllegalTurn, VariantError
from catchup_notation.game import Game, cell_namer
from catchup_notation.rules.hexgame import HexGame
from catchup_notation.rules.numbers import NumbersGame
from catchup_notation.rules.registry import parse_variant
from catchup_notation.solvers.endgame import EndgameError, EndgameResult, EndgameTimeout, solve_endgame
from catchup_notation.solvers.estimate import hex_feasible
from catchup_notation.solvers.limits import WORKER_LOST, SearchStopped, SearchTooLarge
from catchup_notation.solvers.numberset.solver import Solution, check_size, default_number_jobs, feasible, solve

EXAMPLES = """\
Examples:

  catchup solve --variant "too(size=2)" --moves   # every opening's value

  catchup solve --variant "too(size=2)" --moves --svg openings/

  catchup solve examples/littlegolem-collection.sgf --record 3 --json

  catchup solve --set 1..12                 # number-set Catch-Up

  catchup solve --set "{2,2,2,3,3}" --moves --json

  catchup solve examples/isaksen-2015.numbers --record 3 --turn 4

Hex values are for the player to move, number-set values for P1: 1 a
win, 0 a draw, -1 a loss with perfect play. A problem too large to finish
in reasonable time is refused unless --timeout or --max-nodes says how
far to go; a search stopped that way says so, prints what it found, and
exits with 1.
"""

Moves = Annotated[
    bool, typer.Option("--moves", "-m", help="Also value every legal turn of the player to move (slower).")
]


def solve_command(
    path: Annotated[
        str | None,
        typer.Argument(
            help="A record file (or - for standard input).", metavar="[PATH]", click_type=TEXT, show_default=False
        ),
    ] = None,
    variant: Annotated[
        str | None,
        typer.Option(
            "--variant",
            metavar="VARIANT",
            help="A hex variant to solve from its empty board (catchup(size=3)); with a record, the rules "
            "to replay it under.",
            show_default=False,
        ),
    ] = None,
    set_spec: SetSpec = None,
    scores: Scores = "0:0",
    turn: Annotated[
        int | None,
        typer.Option(
            "--turn",
            "-n",
            min=0,
            metavar="N",
            help="Solve the position after this turn of the record (default: its end).",
            show_default=False,
        ),
    ] = None,
    record_index: RecordIndex = FIRST_RECORD,
    moves: Moves = False,
    svg: Annotated[
        Path | None,
        typer.Option(
            "--svg",
            metavar="FOLDER",
            help="Hex: write SVG pictures of the best turns (and a map of the first moves) into this folder; "
            "implies --moves.",
            file_okay=False,
            show_default=False,
        ),
    ] = None,
    jobs: JobsOption = None,
    timeout: Timeout = None,
    max_nodes: MaxNodes = None,
    memory: Memory = 1024,
    format: Format = None,
    json: Annotated[bool, json_option("The result as one JSON object on stdout.")] = False,
    labels: Labels = None,
) -> None:
    """Solve a position exactly: the value with perfect play, a principal line (hex), the value of
    every turn with --moves, nodes and time."""
    given = sum(x is not None for x in (path, set_spec)) + (variant is not None and path is None)
    if given != 1:
        raise typer.BadParameter(
            "give one of: a record file, --set, or --variant for an empty hex board",
            param_hint="PATH / --set / --variant",
        )
    budget = {"time_limit": timeout, "max_nodes": max_nodes, "memory_mb": memory, "jobs": 0 if jobs is None else jobs}
    numbers_budget = {**budget, "jobs": jobs}  # None: the default for the search that runs (_numbers)
    if set_spec is not None:
        numbers, start, name = numbers_and_scores(set_spec, scores)
        _numbers(name, numbers, start, 1, moves, json, numbers_budget)
        return
    record: Game | None = None
    if path is None:
        assert variant is not None
        try:
            chosen = parse_variant(variant)
        except VariantError as exc:
            raise typer.BadParameter(str(exc), param_hint="--variant") from None
        if chosen.family == "numbers":
            numbers, start = chosen.params["set"], chosen.params["scores"]
            _numbers(str(chosen), numbers, start, 1, moves, json, numbers_budget)
            return
        engine: Any = chosen.new_game()
    else:
        record, engine = _record_position(path, record_index, turn, format, variant)
    if isinstance(engine, NumbersGame):
        numbers, to_move = ((), 1) if engine.over or engine.to_move is None else (engine.remaining, engine.to_move)
        name, played = str(engine.variant), engine.turns_played
        _numbers(name, numbers, engine.scores, to_move, moves, json, numbers_budget, record, played)
        return
    assert isinstance(engine, HexGame)
    if labels is not None:  # the turns printed and the pictures' rows, in that notation
        engine.cell_namer = record.cell_names(labels) if record is not None else cell_namer(labels, engine.board)
    _hex(engine, moves or svg is not None, json, svg, budget, record)


def _record_position(
    path: str, record_index: RecordPick, turn: int | None, format: str | None, variant: str | None
) -> tuple[Game, Any]:
    game = one_game(path, record_index, format=format, variant=variant)
    if turn is not None and turn > len(game.record.turns):
        raise typer.BadParameter(f"the record has only {len(game.record.turns)} turns", param_hint="--turn")
    try:
        return game, game.engine(turn)
    except IllegalTurn as exc:
        raise output.fail(f"{path}: {exc.error.message}", output.EXIT_RULE) from None
    except VariantError as exc:
        raise output.fail(f"{path}: {exc}", output.EXIT_RULE) from None


def _hex(
    game: HexGame, moves: bool, json: bool, svg: Path | None, budget: dict[str, Any], record: Game | None = None
) -> None:
    if budget["time_limit"] is None and budget["max_nodes"] is None:
        reason = hex_feasible(game)
        if reason is not None:
            raise output.fail(f"{reason}; give --timeout SECONDS or --max-nodes N to try anyway", output.EXIT_RULE)
    stopped = None
    with search_progress(enabled=not json, label="solving") as progress:
        try:
            result = solve_endgame(game, moves=moves, progress=progress, **budget)
        except EndgameTimeout as exc:
            assert isinstance(exc.partial, EndgameResult)
            result, stopped = exc.partial, exc
        except EndgameError as exc:
            raise output.fail(str(exc), output.EXIT_RULE) from None
    _emit(
        json,
        lambda: solve_reports.hex_solution_data(game, result, record),
        lambda: solve_reports.hex_solution_lines(game, result),
    )
    if svg is not None and result.moves:
        for written in solve_reports.write_move_pictures(game, result, svg):
            if not json:
                output.stdout_console().print(f"wrote {written}", highlight=False)
    if stopped is not None:
        raise _stopped(stopped)


def _numbers(
    variant: str,
    numbers: tuple[int, ...],
    scores: tuple[int, int],
    to_move: int,
    moves: bool,
    json: bool,
    budget: dict[str, Any],
    record: Game | None = None,
    turns: int = 0,
) -> None:
    try:
        check_size(tuple(numbers))
    except SearchTooLarge as exc:
        raise output.fail(str(exc), output.EXIT_RULE) from None
    if budget["jobs"] is None:
        budget = {**budget, "jobs": default_number_jobs(tuple(numbers), scores)}
    if budget["time_limit"] is None and budget["max_nodes"] is None:
        reason = feasible(tuple(numbers), scores)
        if reason is not None:
            raise output.fail(f"{reason}; give --timeout SECONDS or --max-nodes N to try anyway", output.EXIT_RULE)
    stopped = None
    with search_progress(enabled=not json, label="solving") as progress:
        try:
            solution = solve(numbers, scores, to_move, with_moves=moves, progress=progress, **budget)
        except SearchStopped as exc:
            assert isinstance(exc.partial, Solution)
            solution, stopped = exc.partial, exc
    _emit(
        json,
        lambda: solve_reports.numbers_solution_data(variant, solution, record, turns),
        lambda: solve_reports.numbers_solution_lines(variant, solution),
    )
    if stopped is not None:
        raise _stopped(stopped)


def _emit(json: bool, data: Callable[[], dict[str, Any]], lines: Callable[[], list[str]]) -> None:
    """One JSON object, or the text lines, on stdout."""
    if json:
        output.emit_json(data())
        return
    console = output.stdout_console()
    for line in lines():
        console.print(line, highlight=False)


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command("solve", epilog=EXAMPLES)(output.guarded(solve_command))


def _stopped(stopped: SearchStopped) -> typer.Exit:
    """The end of a search that stopped, after what it found was printed: exit 1 when its budget
    stopped it, 3 when a worker process died (the run could not do its work, as in verify)."""
    code = output.EXIT_UNREADABLE if stopped.reason == WORKER_LOST else output.EXIT_RULE
    return output.fail(str(stopped), code)
