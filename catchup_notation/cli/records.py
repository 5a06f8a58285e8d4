"""Checking one read record as the command line asked, as plain data for JSON and text output.

Shared by `verify` and `adjudicate`: which variant to replay under (the record's own, the one
given, or with `auto` every one that accepts it), and the error objects of the JSON contract.
"""

from __future__ import annotations

from typing import Any

import attrs

from catchup_notation.cli.inputs import cell_namer
from catchup_notation.cli.options import AUTO
from catchup_notation.errors import NotationError, VariantError
from catchup_notation.rules.inference import accepting_variants
from catchup_notation.model import Location, Record, RuleError
from catchup_notation.formats.base import NotationWarning, ReadItem
from catchup_notation.rules.replay import Replay, replay, variant_for


@attrs.define
class Checked:
    """A record replayed as asked: `played` is None when the variant itself could not be applied
    (then `error` says why). `accepted_by` is filled only for `--variant auto`."""

    played: Replay | None
    variant: str
    error: dict[str, Any] | None
    accepted_by: list[str] | None = None
    names: tuple[str, str] = ("player 1", "player 2")


def check(record: Record, format_name: str | None, choice: str | None) -> Checked:
    accepted = None
    try:
        if choice == AUTO:
            accepted = accepting_variants(record)
            own = str(variant_for(record))
            # The record's own variant when it is accepted, else the first that is (registry order).
            chosen = variant_for(record, own if own in accepted or not accepted else accepted[0])
        else:
            chosen = variant_for(record, choice)
    except VariantError as exc:
        error = {"code": "variant", "turn": None, "player": None, "cells": [], "line": None, "column": None, "message": str(exc)}
        return Checked(None, choice or record.variant, error, accepted)
    namer = cell_namer(format_name, chosen.size) if chosen.family == "hex" else None
    played = replay(record, chosen, cell_namer=namer)
    error = rule_error_json(played.error, record, namer) if played.error else None
    return Checked(played, str(chosen), error, accepted, chosen.spec.players)


def unreadable_outcome(data: dict[str, Any], item: ReadItem, lines: list[tuple[str, str]]) -> dict[str, Any]:
    """The result of an item that holds no record: its reading error, in JSON and in text."""
    error = item.error
    assert error is not None, "a read item holds a record or an error"
    data["error"] = notation_error_json(error)
    lines.append(("error", str(error)))
    # A variant the reader cannot apply is a request that cannot be met, not unreadable text.
    return {"json": data, "outcome": "invalid" if error.code == "variant" else "unreadable", "lines": lines}


def fill_checked(data: dict[str, Any], checked: Checked, record: Record, choice: str | None) -> None:
    """The fields both commands report about a checked record."""
    data["variant"] = checked.variant
    data["turns"] = len(record.turns)
    data["error"] = checked.error
    if choice == AUTO:
        data["accepted_by"] = checked.accepted_by or []


def rule_error_json(error: RuleError, record: Record, namer) -> dict[str, Any]:
    at = turn_location(record, error.turn)
    out = {
        "code": error.code,
        "turn": error.turn,
        "player": error.player,
        "cells": [namer(c) for c in error.cells] if namer else [],
        "line": at.line if at else None,
        "column": at.column if at else None,
        "message": error.message,
    }
    if error.numbers:
        out["numbers"] = list(error.numbers)
    return out


def notation_error_json(error: NotationError) -> dict[str, Any]:
    return {
        "code": error.code,
        "turn": None,
        "player": None,
        "cells": [],
        "line": error.line,
        "column": error.column,
        "message": error.message,
    }


def warnings_json(warnings: tuple[NotationWarning, ...]) -> list[dict[str, Any]]:
    return [{"code": w.code, "message": w.message, "line": w.line, "column": w.column} for w in warnings]


def turn_location(record: Record, turn: int) -> Location | None:
    if 1 <= turn <= len(record.turns) and record.turns[turn - 1].at is not None:
        return record.turns[turn - 1].at
    return record.at


def place(source: str, index: int, at: Location | None = None, line: int | None = None, column: int | None = None) -> str:
    """`file:line:col` when a position is known, else `file[index]` (0-based record index)."""
    if at is not None:
        line, column = at.line, at.column
    if line is not None:
        return f"{source}:{line}:{column or 1}"
    return f"{source}[{index}]"


def warning_lines(source: str, index: int, warnings: tuple[NotationWarning, ...]) -> list[tuple[str, str]]:
    return [
        ("warning", f"{place(source, index, line=w.line, column=w.column)}: warning[{w.code}]: {w.message}")
        for w in warnings
    ]


def error_line(source: str, index: int, error: dict[str, Any]) -> tuple[str, str]:
    """`file:line:col: error[code]: message` (rule messages already name the turn and player)."""
    where = place(source, index, line=error["line"], column=error["column"])
    return ("error", f"{where}: error[{error['code']}]: {error['message']}")
