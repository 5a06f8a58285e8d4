"""`catchup random-board`: a seeded random board in the style of Little Golem's."""

from __future__ import annotations

from typing import Annotated

import typer

from catchup_notation.cli import output
from catchup_notation.cli.boards import Svg, show_board
from catchup_notation.cli.options import json_option
from catchup_notation.errors import BoardError
from catchup_notation.limits import MAX_CELLS
from catchup_notation.shapes import random_board

EXAMPLES = """\
Examples:

  catchup random-board --seed 7 > shape.txt      # a mask: a '.' per cell

  catchup random-board --seed 7 --cells 40 --svg shape.svg

  catchup random-board --seed 7 --json

Then play a record on it with --board @shape.txt (catchup verify,
adjudicate, show, view). The board is a connected blob with ragged edges
and holes, like Little Golem's random board; the same seed and sizes
always give the same board.
"""


def random_board_command(
    seed: Annotated[int, typer.Option("--seed", metavar="N", help="The seed: the same seed gives the same board.")],
    cells: Annotated[int, typer.Option("--cells", min=7, max=MAX_CELLS, metavar="N", help="How many cells.")] = 60,
    holes: Annotated[
        int | None,
        typer.Option(
            "--holes", min=0, metavar="N", help="How many holes (default: one per 20 cells).", show_default=False
        ),
    ] = None,
    svg: Svg = None,
    json: Annotated[bool, json_option("The board as one JSON object on stdout (seed, cells, spelling, mask).")] = False,
) -> None:
    """Make a random board: a connected blob with holes, printed as a mask (a board file)."""
    try:
        board = random_board(seed, cells, holes)
    except BoardError as exc:
        raise typer.BadParameter(exc.message) from None
    show_board(board, svg=svg, json=json, extra={"seed": seed})


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command("random-board", epilog=EXAMPLES)(output.guarded(random_board_command))
