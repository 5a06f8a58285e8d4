"""The one record that `show` and `solve` work on."""

from __future__ import annotations

from catchup_notation.cli import output
from catchup_notation.cli.options import RecordPick
from catchup_notation.formats.base import Corrections
from catchup_notation.game import Game
from catchup_notation.reading import read
from catchup_notation.rules.registry import Variant


def one_game(
    path: str,
    pick: RecordPick,
    *,
    format: str | None,
    variant: str | Variant | None = None,
    corrections: Corrections = None,
    output_file: str | None = None,
) -> Game:
    """The record `pick` names in the file at `path`; a record that cannot be read
    exits with its error (3); a file without that record, a path that does not exist, or an
    `output_file` that is the input is a usage error (2)."""
    import typer

    from catchup_notation.cli.runs import named_inputs

    named_inputs([path], output_file=output_file)  # refuses a missing path, or an output over the input

    game = pick.chosen(read(path, format=format, variant=variant, corrections=corrections))
    if game is None:
        raise typer.BadParameter(f"{path} has no {pick}", param_hint="--record")
    if game.reading_error is not None:
        output.print_lines([("error", str(game.reading_error))], stderr=True)
        raise typer.Exit(output.EXIT_UNREADABLE)
    return game
