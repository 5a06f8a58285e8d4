"""The one record that `show` and `solve` work on."""

from __future__ import annotations

from catchup_notation.cli import output
from catchup_notation.formats.base import Corrections
from catchup_notation.game import Game
from catchup_notation.reading import read
from catchup_notation.rules.registry import Variant


def one_game(
    path: str,
    record_index: int,
    *,
    format: str | None,
    variant: str | Variant | None = None,
    corrections: Corrections = None,
    output_file: str | None = None,
) -> Game:
    """Record number `record_index` (0-based) of the file at `path`; a record that cannot be read
    exits with its error (3); a file without that record, a path that does not exist, or an
    `output_file` that is the input is a usage error (2)."""
    import typer

    from catchup_notation.cli.runs import named_inputs

    named_inputs([path], output_file=output_file)  # refuses a missing path, or an output over the input

    for game in read(path, format=format, variant=variant, corrections=corrections):
        if game.source.index != record_index:
            continue
        if game.reading_error is not None:
            output.print_lines([("error", str(game.reading_error))], stderr=True)
            raise typer.Exit(output.EXIT_UNREADABLE)
        return game
    raise typer.BadParameter(f"{path} has no record {record_index}", param_hint="--record")
