"""`catchup show`: the position after a turn, as a text board or an SVG picture."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from catchup_notation.render import text as ascii_board
from catchup_notation.cli import inputs, output
from catchup_notation.cli.options import Corrections, Format, parse_corrections, Variant
from catchup_notation.cli.records import check, error_line
from catchup_notation.model import HexState, NumbersState, Record
from catchup_notation.rules.replay import positions
from catchup_notation.render.svg import state_svg

EXAMPLES = """\
Examples:

  catchup show game.sgf                      # the final position

  catchup show game.sgf --turn 12            # after turn 12 (0: the empty board)

  catchup show games.sgf --record 3 --svg board.svg

In the text board '.' is an empty cell, each player has a lower-case letter and the stones of the
last turn are upper case. Exit codes: 0 shown; 1 the record breaks a rule before that turn;
2 usage error (e.g. a turn the record does not have); 3 unreadable input.
"""


def show(
    path: Annotated[str, typer.Argument(help="A record file, or - for stdin.", show_default=False)],
    turn: Annotated[
        int | None, typer.Option("--turn", "-n", min=0, help="Show the position after this turn (default: the end).", show_default=False)
    ] = None,
    svg: Annotated[
        Path | None, typer.Option("--svg", help="Write the position as an SVG picture to this file.", dir_okay=False, show_default=False)
    ] = None,
    record_index: Annotated[int, typer.Option("--record", "-r", min=0, help="Which record of the file (0-based).")] = 0,
    format: Format = None,
    variant: Variant = None,
    corrections: Corrections = None,
) -> None:
    """Show the position after a turn as a text board, or write it as an SVG picture."""
    reading_variant = None if variant in (None, "auto") else variant
    format_name, record = inputs.one_record(
        path, record_index, format=format, variant=reading_variant, options=parse_corrections(corrections)
    )

    checked = check(record, format_name, variant)
    if checked.played is None:
        raise output.fail(checked.error["message"], output.EXIT_RULE)
    if turn is not None and turn > len(record.turns):
        raise typer.BadParameter(f"the record has {len(record.turns)} turns, so there is no turn {turn}", param_hint="--turn")
    states = list(positions(record, checked.played.variant))
    legal = len(states) - 1
    wanted = legal if turn is None else turn
    if wanted > legal:  # the position asked for lies past the first broken rule
        output.print_lines(output.stderr_console(), [error_line(path, record_index, checked.error)])
        raise typer.Exit(output.EXIT_RULE)
    state = states[wanted]
    last = record.turns[wanted - 1].cells if wanted else ()

    if isinstance(state, HexState):
        if svg is not None:
            svg.write_text(state_svg(state, last_turn_cells=last, names=_names(record, checked.names)), encoding="utf-8")
            typer.echo(f"wrote {svg}")
        else:
            typer.echo(ascii_board.render(state, last_turn_cells=last))
            typer.echo(ascii_board.legend(state, names=_names(record, checked.names)))
    else:
        if svg is not None:
            raise output.fail("number-set Catch-Up has no board to draw; use the text output", output.EXIT_RULE)
        typer.echo(_numbers_text(state, _names(record, checked.names)))

    if checked.error is not None and turn is None:  # the end shown is where a broken rule stopped the game
        output.print_lines(output.stderr_console(), [error_line(path, record_index, checked.error)])
        raise typer.Exit(output.EXIT_RULE)


def _names(record: Record, default: tuple[str, str]) -> tuple[str, str]:
    """Players' own names when the record has them, else the variant's colour names."""
    return tuple(given or fallback for given, fallback in zip(record.players, default))  # type: ignore[return-value]


def _numbers_text(state: NumbersState, names: tuple[str, str]) -> str:
    remaining = "{" + ", ".join(map(str, state.remaining)) + "}" if state.remaining else "{}"
    if state.over:
        after = "game over"
    else:
        after = f"{names[state.to_move - 1]} to move" if state.to_move else ""
    return "\n".join(
        [
            f"{state.variant}, after turn {state.turns_played}" + (f": {after}" if after else ""),
            f"remaining: {remaining}",
            f"{names[0]}: {state.scores[0]}",
            f"{names[1]}: {state.scores[1]}",
        ]
    )


def register(app: typer.Typer) -> None:
    app.command(epilog=EXAMPLES)(output.guarded(show))
