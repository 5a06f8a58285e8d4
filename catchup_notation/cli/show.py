"""`catchup show`: the position after a turn, as a text board or an SVG picture."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from catchup_notation.cli import output
from catchup_notation.cli.inputs import one_game
from catchup_notation.cli.options import (
    FIRST_RECORD,
    TEXT,
    Board,
    Corrections,
    Format,
    Labels,
    RecordIndex,
    Variant,
    parse_corrections,
    with_board,
)
from catchup_notation.errors import IllegalTurn, VariantError, WriteError
from catchup_notation.reports import error_line, error_report
from catchup_notation.writing import write_file

EXAMPLES = """\
Examples:

  catchup show examples/littlegolem-collection.sgf      # the final position

  catchup show examples/littlegolem-collection.sgf --turn 12

  catchup show examples/littlegolem-collection.sgf --record 2 \\
      --svg board.svg

In the text board '.' is an empty cell, each colour has a lower-case
letter and the stones of the last turn are in brackets, (w) (--turn 0
is the empty board). Rows and cells are named as the record's notation
names them (an Abstract Play record's rows count from a at the bottom);
--labels lg or --labels abstractplay chooses.

Exit codes: 0 shown; 1 the record breaks a rule before that turn; 2 usage
error (e.g. a turn the record does not have); 3 unreadable input.
"""


def show(
    path: Annotated[
        str,
        typer.Argument(
            help="A record file, or - for standard input.", metavar="PATH", click_type=TEXT, show_default=False
        ),
    ],
    turn: Annotated[
        int | None,
        typer.Option(
            "--turn",
            "-n",
            min=0,
            metavar="N",
            help="Show the position after this turn (default: the end; 0: the empty board).",
            show_default=False,
        ),
    ] = None,
    svg: Annotated[
        Path | None,
        typer.Option(
            "--svg",
            metavar="FILE",
            help="Write the position as an SVG picture to this file.",
            dir_okay=False,
            show_default=False,
        ),
    ] = None,
    record_index: RecordIndex = FIRST_RECORD,
    format: Format = None,
    variant: Variant = None,
    board: Board = None,
    corrections: Corrections = None,
    labels: Labels = None,
) -> None:
    """Show the position after a turn as a text board, or write it as an SVG picture."""
    variant = with_board(variant, board)
    game = one_game(
        path,
        record_index,
        format=format,
        variant=variant,
        corrections=parse_corrections(corrections),
        output_file=None if svg is None else str(svg),
    )
    if game.variant is None:
        raise output.fail(game.errors[0].message, output.EXIT_RULE)
    turns = len(game.record.turns)
    if turn is not None and turn > turns:
        raise typer.BadParameter(f"the record has {turns} turns, so there is no turn {turn}", param_hint="--turn")
    problems = game.errors
    try:
        position = game.position(-1 if turn is None else turn, labels=labels)
    except (IllegalTurn, VariantError):  # the position asked for lies past the first broken rule
        output.print_lines([error_line(path, game.source.index, error_report(game, problems[0]))], stderr=True)
        raise typer.Exit(output.EXIT_RULE) from None

    if svg is not None:
        try:
            picture = position.svg()
        except WriteError as exc:
            raise output.fail(f"{exc.message}; use the text output", output.EXIT_RULE) from None
        write_file(svg, picture)
        output.print_lines([("plain", f"wrote {svg}")])
    else:
        output.print_lines([("plain", str(position))])

    if problems and turn is None:  # the end shown is where a broken rule stopped the game
        output.print_lines([error_line(path, game.source.index, error_report(game, problems[0]))], stderr=True)
        raise typer.Exit(output.EXIT_RULE)


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command(epilog=EXAMPLES)(output.guarded(show))
