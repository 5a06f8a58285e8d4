"""Option values as a run takes them, checked without typer: what the options' callbacks
(`options`) and the command lines read without typer (`quick`) both take."""

from __future__ import annotations

from typing import Literal

from catchup_notation.rules.registry import parse_variant

AUTO = "auto"


def variant_value(value: str) -> str:
    """A --variant as a run takes it: 'auto', or the variant as given (a board file, @FILE, read
    once, here: its canonical string); `VariantError` when it names no variant."""
    if value.strip().lower() == AUTO:
        return AUTO
    chosen = parse_variant(value)
    return str(chosen) if "@" in value else value


def board_variant(variant: str | None, board: str | None) -> str | None:
    """The --variant to read under, carrying the --board when one is given; `VariantError` for a
    board that is none, or one a variant cannot take."""
    from catchup_notation.rules.registry import on_board

    chosen = on_board(variant, board)
    return chosen if chosen is None or isinstance(chosen, str) else str(chosen)


def corrections_value(value: str | None) -> dict[str, str] | Literal["diagram"] | None:
    """'diagram' or 'h3=h4,12:n3=o3' -> the rga reader's corrections; `ValueError` saying what is
    expected otherwise."""
    if value is None:
        return None
    if value.strip().lower() == "diagram":
        return "diagram"
    fixes = {}
    for item in value.split(","):
        wrong, eq, right = item.partition("=")
        if not eq or not wrong.strip() or not right.strip():
            raise ValueError(f"expected 'diagram' or fixes like h3=h4,12:n3=o3, not {item.strip()!r}")
        fixes[wrong.strip()] = right.strip()
    return fixes
