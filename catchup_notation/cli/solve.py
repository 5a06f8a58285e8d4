"""`catchup solve`: the exact value of number-set Catch-Up, for a set or a recorded position."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from catchup_notation.cli import output
from catchup_notation.cli.inputs import one_game
from catchup_notation.cli.numbers_options import Scores, SetSpec, numbers_and_scores
from catchup_notation.cli.options import Format, Json
from catchup_notation.errors import IllegalTurn
from catchup_notation.rules.numbers import NumbersGame
from catchup_notation.solvers.numberset.solver import Solution, solve, solve_game

EXAMPLES = """\
Examples:

  catchup solve --set 1..20

  catchup solve --set "{2,2,2,3,3}" --json

  catchup solve --set 1..10 --scores 0:3

  catchup solve examples/isaksen-2015.numbers --record 3 --turn 4

Values are for P1: 1 a win, 0 a draw, -1 a loss with perfect play. Hex positions are solved by
'catchup adjudicate --solve-endgame'.
"""


def solve_command(
    path: Annotated[
        str | None, typer.Argument(help="A number-set record file (or - for stdin).", show_default=False)
    ] = None,
    set_spec: SetSpec = None,
    scores: Scores = "0:0",
    turn: Annotated[
        int | None,
        typer.Option(
            "--turn",
            "-n",
            min=0,
            help="Solve the position after this turn of the record (default: its end).",
            show_default=False,
        ),
    ] = None,
    record_index: Annotated[int, typer.Option("--record", "-r", min=0, help="Which record of the file (0-based).")] = 0,
    format: Format = None,
    json: Json = False,
) -> None:
    """Solve number-set Catch-Up exactly: the value for P1, every optimal first move, nodes, time."""
    if (path is None) == (set_spec is None):
        raise typer.BadParameter("give either a record file or --set, not both or neither", param_hint="PATH / --set")
    if set_spec is not None:
        numbers, start, variant = numbers_and_scores(set_spec, scores)
        solution = solve(numbers, start)
    else:
        variant, solution = _solve_record(path, record_index, turn, format)
    if json:
        output.emit_json(solution_json(variant, solution))
        return
    console = output.stdout_console()
    for line in solution_lines(variant, solution):
        console.print(line, highlight=False)


def _solve_record(path: str, record_index: int, turn: int | None, format: str | None) -> tuple[str, Solution]:
    game = one_game(path, record_index, format=format)
    if game.variant is not None and game.variant.family == "hex":
        raise output.fail(
            f"{game.record.variant} is a hex game: use 'catchup adjudicate --solve-endgame'", output.EXIT_RULE
        )
    if turn is not None and turn > len(game.record.turns):
        raise typer.BadParameter(f"the record has only {len(game.record.turns)} turns", param_hint="--turn")
    try:
        engine = game.engine(turn)
    except IllegalTurn as exc:
        raise output.fail(f"{path}: {exc.error.message}", output.EXIT_RULE) from None
    assert isinstance(engine, NumbersGame)
    return str(engine.variant), solve_game(engine)


def _value_words(value: int) -> str:
    return {1: "P1 wins", 0: "draw", -1: "P2 wins"}[value]


def solution_json(variant: str, s: Solution) -> dict[str, Any]:
    return {
        "variant": variant,
        "numbers": list(s.numbers),
        "scores": list(s.scores),
        "to_move": s.to_move,
        "value": s.value,
        "best_moves": [list(m) for m in s.best_moves],
        "move_values": [[list(m), v] for m, v in s.move_values],
        "nodes": s.nodes,
        "seconds": round(s.seconds, 6),
    }


def solution_lines(variant: str, s: Solution) -> list[str]:
    lines = [f"{variant}: value {s.value:+d} for P1 ({_value_words(s.value)} with perfect play)"]
    if s.to_move is not None and s.best_moves:
        mover = f"P{s.to_move}"
        moves = " ".join("<" + ", ".join(map(str, m)) + ">" for m in s.best_moves)
        lines.append(f"optimal moves for {mover} at {s.scores[0]}-{s.scores[1]}: {moves}")
    lines.append(f"{s.nodes} nodes searched in {s.seconds:.3f} s")
    return lines


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command("solve", epilog=EXAMPLES)(output.guarded(solve_command))
