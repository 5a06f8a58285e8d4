"""Option values as a run takes them, checked without typer: what the options' callbacks
(`options`) and the command lines read without typer (`quick`) both take."""

from __future__ import annotations

from catchup_notation.rules.registry import parse_variant

AUTO = "auto"


def variant_value(value: str) -> str:
    """A --variant as a run takes it: 'auto', or the variant as given (a board file, @FILE, read
    once, here: its canonical string); `VariantError` when it names no variant."""
    if value.strip().lower() == AUTO:
        return AUTO
    chosen = parse_variant(value)
    return str(chosen) if "@" in value else value
