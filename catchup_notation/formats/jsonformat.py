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

import cattrs
from cattrs.v import format_exception

from catchup_notation.errors import NotationError, VariantError
from catchup_notation.model import Location, Record
from catchup_notation.formats.base import NotationWarning, ReadItem, register
from catchup_notation.formats.diagnostics import line_of
from catchup_notation.rules.registry import parse_variant
from catchup_notation.resources import data_dir
from catchup_notation.serialization import from_data, to_data


def schema_path():
    """Where the published JSON Schema of a record lives."""
    return data_dir("grammars") / "record.schema.json"


class JsonFormat:
    name = "json"
    extensions = (".json", ".jsonl", ".ndjson")
    family = "any"

    def sniff(self, text: str) -> bool:
        head = text[:4000].lstrip()
        return head[:1] in ("{", "[") and '"variant"' in head

    def read(self, text: str, *, source: str | None = None, variant: str | None = None) -> Iterator[ReadItem]:
        if variant is not None:
            parse_variant(variant)  # an unknown variant is a hard error, up front
        if text.startswith("\ufeff"):
            text = text[1:]
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            # Not one JSON value: JSON Lines (a JSON Lines file of one line is also one value).
            yield from self.read_lines(text.split("\n"), source=source, variant=variant)
            return
        values = data if isinstance(data, list) else [data]
        for index, value in enumerate(values):
            yield _item(value, index, source, variant, Location(1, 1), text, 1)

    def read_lines(
        self, lines: Iterable[str], *, source: str | None = None, variant: str | None = None
    ) -> Iterator[ReadItem]:
        """JSON Lines, one record per non-blank line, given line by line (constant memory)."""
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
                yield ReadItem(index, None, error)
            else:
                yield _item(value, index, source, variant, Location(number, 1), line, number)
            index += 1

    def write(self, records: Iterable[Record]) -> tuple[str, list[NotationWarning]]:
        """One record per line: a single record is one JSON object, several are JSON Lines."""
        return "".join(json.dumps(to_data(r), ensure_ascii=False) + "\n" for r in records), []


def _item(
    value: object, index: int, source: str | None, variant: str | None, at: Location, text: str, line: int
) -> ReadItem:
    def error(message: str, code: str) -> ReadItem:
        return ReadItem(
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
        players=record.players,
        headers=record.headers,
        source=source,
        index=index,
        at=at,
    )
    return ReadItem(index, record, None, warnings)


def _explain(exc: BaseException, type_: type | None) -> str:
    """cattrs' wording, plus the model's own message when a value was refused by its constructor
    (a turn whose `colours` do not match its cells)."""
    if isinstance(exc, ValueError) and type_ is None and str(exc):
        return f"invalid value ({exc})"
    return format_exception(exc, type_)


def _size_of(variant) -> dict:
    return {"size": variant.size} if variant.family == "hex" else {}


JSON = register(JsonFormat())
