"""`catchup formats`: every notation with the names it goes by, its file endings and what it carries."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.text import Text

from catchup_notation import formats
from catchup_notation.cli import output
from catchup_notation.cli.options import json_option
from catchup_notation.formats.base import FEATURES

EXAMPLES = """\
Examples:

  catchup formats

  catchup formats --json

Any name or alias below names a format wherever one is asked for
(--format, --to, format= in Python), in any case. A file's format is
told by its ending when one format claims it, else by its content;
compressed files (.gz, .bz2, .xz) and .zip archives are looked into.
"""


def format_data(name: str) -> dict[str, object]:
    """One format as `catchup formats --json` gives it."""
    fmt = formats.get(name)
    return {
        "name": fmt.name,
        "title": fmt.title,
        "aliases": list(formats.ALIASES.get(fmt.name, ())),
        "extensions": list(formats.EXTENSIONS[fmt.name]),
        "family": fmt.family,
        "carries": sorted(fmt.carries),
    }


def formats_command(
    json: Annotated[bool, json_option("One JSON object per format per line on stdout.")] = False,
) -> None:
    """List the notations: names and aliases, file endings, and what each can carry."""
    if json:
        for name in formats.names():
            output.emit_json(format_data(name))
        return
    console = output.stdout_console()
    for name in formats.names():
        data = format_data(name)
        console.print(Text(name, style="bold"), Text(f"  {data['title']}"))
        aliases = data["aliases"]
        assert isinstance(aliases, list)
        if aliases:
            console.print(f"  aliases: {', '.join(aliases)}")
        console.print(f"  file endings: {', '.join(formats.EXTENSIONS[name])}")
        console.print(f"  games: {'hex and number-set' if data['family'] == 'any' else data['family']}")
        lost = [FEATURES[feature] for feature in FEATURES if feature not in formats.get(name).carries]
        if lost:
            console.print(f"  cannot carry: {'; '.join(lost)}")
        console.print()


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command("formats", epilog=EXAMPLES)(output.guarded(formats_command))
