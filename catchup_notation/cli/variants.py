"""`catchup variants`: the registry of rule sets, as text or JSON lines."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.text import Text

from catchup_notation.cli import output
from catchup_notation.cli.options import json_option
from catchup_notation.rules.registry import format_value, specs
from catchup_notation.serialization import to_data

EXAMPLES = """\
Examples:

  catchup variants

  catchup variants --json

Any name or alias below selects a variant with --variant, with parameters
in brackets: catchup(size=7), catch-up(set={2,2,2,3,3}, scores=0:3).
"""


def variants(
    json: Annotated[bool, json_option("One JSON object per variant per line on stdout.")] = False,
) -> None:
    """List every variant: names, aliases, parameters, description and sources."""
    if json:
        for spec in specs():
            output.emit_json(to_data(spec))
        return
    console = output.stdout_console()
    for spec in specs():
        console.print(Text(spec.name, style="bold"), Text(f"  {spec.title}"))
        if spec.aliases:
            console.print(f"  aliases: {', '.join(spec.aliases)}")
        console.print(f"  players: {spec.players[0]} (first) and {spec.players[1]}")
        if spec.either_colour:
            console.print(f"  stones: {spec.colours[0]} and {spec.colours[1]}, either player places either colour")
        for p in spec.parameters:
            if p.default is None:
                setting = f"{p.name} ({'required' if p.required else 'optional'})"
            else:
                setting = f"{p.name}={format_value(p.kind, p.default)}"
            console.print(f"  {setting}  {p.description}")
        console.print(f"  {spec.description}")
        if spec.reconstructed:
            console.print("  reconstructed from incomplete sources", style=output.STYLES["warning"])
        console.print(f"  {spec.how_sure}")
        for source in spec.sources:
            console.print(f"  source: {source}")
        console.print()


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command(epilog=EXAMPLES)(output.guarded(variants))
