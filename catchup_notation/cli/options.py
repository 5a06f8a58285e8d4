"""Options shared by several commands, declared once so that they read the same everywhere."""

from __future__ import annotations

from typing import Annotated, Literal

import typer

from catchup_notation.errors import VariantError
from catchup_notation.rules.registry import on_board, parse_variant

AUTO = "auto"


def _check_variant(value: str | None) -> str | None:
    if value is None or value.strip().lower() == AUTO:
        return value and AUTO
    try:
        chosen = parse_variant(value)
    except VariantError as exc:
        raise typer.BadParameter(str(exc)) from None
    return str(chosen) if "@" in value else value  # a board file is read once, here


def check_format(value: str | None) -> str | None:
    """A `--format`/`--to` value: a registered format name, or a usage error listing them."""
    if value is None:
        return None
    from catchup_notation.formats import names as format_names

    names = format_names()
    if value.lower() not in names:
        raise typer.BadParameter(f"unknown format {value!r}; known formats: {', '.join(names)}")
    return value.lower()


Paths = Annotated[
    list[str],
    typer.Argument(help="Record files, directories (searched recursively) or - for stdin.", show_default=False),
]
Variant = Annotated[
    str | None,
    typer.Option(
        "--variant",
        "-v",
        help="Rules to check under, e.g. catchup, ketchup-3, catchup(size=7), catch-up(set=1..12); "
        "'auto' lists every variant that accepts each record. Default: the record's own "
        "(catchup for hex formats that do not say).",
        callback=_check_variant,
        show_default=False,
    ),
]
Board = Annotated[
    str | None,
    typer.Option(
        "--board",
        help="The board, for records that do not say its shape (Little Golem's random board): a named shape "
        "(triangle6), @shape.txt (a mask: a '.' per cell as rga diagrams draw them), an inline mask with '/' "
        "between rows, or a cell list {(q,r),...}. Played under --variant (default catchup). "
        "See catchup boards.",
        show_default=False,
    ),
]


def with_board(variant: str | None, board: str | None) -> str | None:
    """The --variant to read under, carrying the --board when one is given (a usage error if bad)."""
    try:
        chosen = on_board(variant, board)
    except VariantError as exc:
        raise typer.BadParameter(str(exc), param_hint="--board") from None
    return chosen if chosen is None or isinstance(chosen, str) else str(chosen)


Format = Annotated[
    str | None,
    typer.Option(
        "--format",
        "-f",
        help="Notation of the input (lg, rga, genius, abstractplay, numbers, json). Default: from the "
        "file extension and content.",
        callback=check_format,
        show_default=False,
    ),
]


def parse_corrections(value: str | None) -> dict[str, str] | Literal["diagram"] | None:
    """'diagram' or 'l7=l6,3:g2=h2' -> the rga reader's corrections."""
    if value is None:
        return None
    if value.strip().lower() == "diagram":
        return "diagram"
    fixes = {}
    for item in value.split(","):
        wrong, eq, right = item.partition("=")
        if not eq or not wrong.strip() or not right.strip():
            raise typer.BadParameter(f"expected 'diagram' or fixes like l7=l6,3:g2=h2, not {item.strip()!r}")
        fixes[wrong.strip()] = right.strip()
    return fixes


Corrections = Annotated[
    str | None,
    typer.Option(
        "--corrections",
        help="rga posts only: fix coordinates that are not cells, either 'diagram' (take the cell the "
        "post's own diagram shows) or fixes like 'l7=l6,12:g2=h2' (TURN: limits a fix to one turn).",
        show_default=False,
    ),
]
Json = Annotated[bool, typer.Option("--json", help="One JSON object per record per line on stdout.")]
Jobs = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        help="Worker processes. Default: every core when there are many files, else 1. Output stays in input order.",
        show_default=False,
    ),
]


def format_option(help: str) -> object:
    """A --format-like option with its own help (for convert's --to)."""
    return typer.Option(help=help, callback=check_format, show_default=False)
