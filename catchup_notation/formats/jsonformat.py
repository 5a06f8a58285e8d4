"""The library's own JSON form of a Record (`json`): lossless, one record per file or JSON Lines.

A record is the cattrs form of `model.Record` (see `serialization.to_data`), published as a JSON
Schema in `grammars/record.schema.json`. A text holding one JSON value is one record (or an array
of records); otherwise every non-blank line is a record (JSON Lines), read one line at a time.
A turn's `colours` (stone colours, present only in too and product records with a stone not of
its mover's colour) must be 1s and 2s, one for each cell; anything else is a `shape` error.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

import cattrs
from cattrs.v import format_exception

from catchup_notation.board import Board, Cell
from catchup_notation.errors import NotationError, VariantError
from catchup_notation.formats.base import NotationWarning, Parsed, ReadOptions, lines_of
from catchup_notation.formats.diagnostics import line_of
from catchup_notation.model import Location, Record
from catchup_notation.resources import data_dir
from catchup_notation.rules.registry import Variant, parse_variant
from catchup_notation.serialization import from_data, to_data


def schema_path() -> Path:
    """Where the published JSON Schema of a record lives."""
    return data_dir("grammars") / "record.schema.json"


class JsonFormat:
    """The library's own lossless JSON form; one record, an array, or JSON Lines."""

    name = "json"
    title = "catchup-notation JSON"
    extensions = (".json", ".jsonl", ".ndjson")
    family = "any"
    carries = frozenset(
        {"variant", "size", "players", "headers", "resignation", "ending", "passes", "colours", "turn-order", "several"}
    )

    def sniff(self, head: str) -> bool:
        head = head.lstrip()
        return head[:1] in ("{", "[") and '"variant"' in head

    def cell_name(self, cell: Cell, board: Board) -> str:
        return board.label(cell)

    def read(self, chunks: Iterable[str], options: ReadOptions) -> Iterator[Parsed]:
        """JSON Lines are read a line at a time; a text that is one JSON value spread over several
        lines (an array, a pretty-printed record) is read whole."""
        source, variant = options.source, options.variant
        if variant is not None:
            parse_variant(variant)  # an unknown variant is a hard error, up front
        lines = lines_of(chunks)
        held: list[str] = []
        for line in lines:
            held.append(line)
            if line.strip():
                break
        first = "".join(held).lstrip()
        try:
            json.loads(first)
            single_line = True
        except json.JSONDecodeError:
            single_line = False
        if single_line or not first:
            yield from self.read_lines(_chain(held, lines), source=source, variant=variant)
            return
        text = "\n".join(_chain(held, lines))
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            # Not one JSON value either: JSON Lines whose first line is broken.
            yield from self.read_lines(text.split("\n"), source=source, variant=variant)
            return
        values = data if isinstance(data, list) else [data]
        for index, value in enumerate(values):
            yield _item(value, index, source, variant, Location(1, 1), text, 1)

    def read_lines(
        self, lines: Iterable[str], *, source: str | None = None, variant: str | None = None
    ) -> Iterator[Parsed]:
        """JSON Lines, one record (or an array of records) per non-blank line, given line by line
        (constant memory)."""
        index = 0
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except json.JSONDecodeError as exc:
                error = NotationError(
                    f"not valid JSON: {exc.msg}", source=source, line=number, column=exc.colno, text=line.rstrip("\n")
                )
                yield Parsed(index, None, error, line=number)
                index += 1
                continue
            for one in value if isinstance(value, list) else [value]:  # a line may hold an array
                yield _item(one, index, source, variant, Location(number, 1), line, number)
                index += 1

    def write(self, records: Iterable[Record], out: TextIO) -> list[NotationWarning]:
        """One record per line: a single record is one JSON object, several are JSON Lines."""
        for record in records:
            out.write(json.dumps(to_data(record), ensure_ascii=False) + "\n")
        return []


def _chain(held: list[str], rest: Iterator[str]) -> Iterator[str]:
    yield from held
    yield from rest


def _item(
    value: object, index: int, source: str | None, variant: str | None, at: Location, text: str, line: int
) -> Parsed:
    def error(message: str, code: str) -> Parsed:
        return Parsed(
            index,
            None,
            NotationError(
                f"record {index + 1}: {message}", source=source, line=line, column=1, text=line_of(text, 1), code=code
            ),
        )

    try:
        record = from_data(value, Record)
    except (cattrs.BaseValidationError, TypeError, ValueError, AttributeError) as exc:
        details = (
            "; ".join(cattrs.transform_error(exc, format_exception=_explain))
            if isinstance(exc, cattrs.BaseValidationError)
            else str(exc)
        )
        return error(f"not a record: {details}", "shape")
    for number, turn in enumerate(record.turns):
        for position, colour in enumerate(turn.colours):
            if colour not in (1, 2):
                return error(
                    f"not a record: stone colour {colour!r} is neither 1 nor 2 (the first or second player's "
                    f"colour) @ $.turns[{number}].colours[{position}]",
                    "shape",
                )
    try:
        stated = parse_variant(record.variant)
        chosen = parse_variant(variant, **_size_of(stated)) if variant is not None else stated
    except VariantError as exc:
        return error(str(exc), "variant")
    warnings = ()
    if variant is not None and chosen.name != stated.name:
        warnings = (
            NotationWarning(
                "variant-overridden", f"the record says {record.variant}; it is read as {chosen} as asked", line, 1
            ),
        )
    record = Record(
        variant=str(chosen),
        turns=record.turns,
        resigned=record.resigned,
        ending=record.ending,
        players=record.players,
        headers=record.headers,
        source=source,
        index=index,
        at=at,
    )
    return Parsed(index, record, None, warnings, line=line)


def _explain(exc: BaseException, type_: type | None) -> str:
    """cattrs' wording, plus the model's own message when a value was refused by its constructor
    (a turn whose `colours` do not match its cells)."""
    if isinstance(exc, ValueError) and type_ is None and str(exc):
        return f"invalid value ({exc})"
    return format_exception(exc, type_)


def _size_of(variant: Variant) -> dict[str, Any]:
    return {"size": variant.size} if variant.family == "hex" else {}


FORMAT = JsonFormat()
