"""`catchup boards`: the named board shapes and the ways to spell a board, or one board drawn."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from catchup_notation.board import Board
from catchup_notation.cli import output
from catchup_notation.cli.options import TEXT
from catchup_notation.errors import BoardError
from catchup_notation.shapes import board_data, mask_rows, named, named_shapes, parse_board
from catchup_notation.writing import write_file

EXAMPLES = """\
Examples:

  catchup boards                           # the named shapes

  catchup boards donut5                    # one board, with its spelling

  catchup boards triangle6 --svg shape.svg

A board is given to --board, or to a variant as board=: a named shape
(hexhex5, triangle6), @FILE holding a mask, an inline mask (rows split by
'/', '_' for no cell) or a cell list {(q,r),...} of axial cells. A mask
draws a board as rga diagrams do: a '.' per cell, a row's cells in every
other column, neighbouring rows offset by one, anything else no cell:

     . . .
    . . . .       is catchup(board=_._._./._._._./_._._.)
     . . .

Cells are named as Little Golem names them: rows lettered from A at the
top row, cells numbered from 1 at each row's leftmost cell, counting only
the cells that exist.
"""

BoardArgument = Annotated[
    str | None,
    typer.Argument(
        help="A board to draw (any spelling, e.g. triangle6 or @shape.txt).",
        metavar="[BOARD]",
        click_type=TEXT,
        show_default=False,
    ),
]
Json = Annotated[
    bool,
    typer.Option("--json", help="JSON on stdout: one object per named shape per line; with BOARD, that board's."),
]
Svg = Annotated[
    Path | None,
    typer.Option(
        "--svg",
        metavar="FILE",
        help="Write a picture of the board to this SVG file.",
        dir_okay=False,
        show_default=False,
    ),
]


def boards(board: BoardArgument = None, svg: Svg = None, json: Json = False) -> None:
    """List the named board shapes, or draw one board (any spelling) as a mask."""
    if board is None:
        if svg is not None:
            raise typer.BadParameter("give a board to draw", param_hint="--svg")
        list_shapes(json=json)
        return
    try:
        chosen = parse_board(board)
    except BoardError as exc:
        raise typer.BadParameter(exc.message, param_hint="BOARD") from None
    show_board(chosen, svg=svg, json=json)


def list_shapes(*, json: bool) -> None:
    """Every named shape, with an example size, as text or JSON lines."""
    for name, low, what in named_shapes():
        example = named(f"{name}{low + 2}")
        if json:
            output.emit_json({"name": name, "minimum": low, "description": what, "example": f"{name}{low + 2}"})
            continue
        typer.echo(f"{name}N  (N >= {low})  {what}; e.g. {name}{low + 2}, {len(example)} cells")


def show_board(board: Board, *, svg: Path | None, json: bool, extra: dict[str, object] | None = None) -> None:
    """One board: its mask on stdout (a valid board file), or its JSON form; `svg` a picture of it."""
    if svg is not None:
        from catchup_notation.pictures.svg import board_svg

        write_file(svg, board_svg(board))
    if json:
        output.emit_json({**(extra or {}), **board_data(board)})
        return
    for row in mask_rows(board):
        typer.echo(row)
    if svg is not None:
        output.stderr_console().print(f"wrote {svg}: a board of {len(board)} cells")


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command(epilog=EXAMPLES)(output.guarded(boards))
