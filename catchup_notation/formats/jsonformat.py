"""The library's own JSON form of a Record (`json`): lossless, one record per file or JSON Lines.

A record is the cattrs form of `model.Record` (see `serialization.to_data`), published as a JSON
Schema in `grammars/record.schema.json`. A text holding one JSON value is one record (or an array
of records); otherwise every non-blank line is a record (JSON Lines), read one line at a time.
A turn's `colours` (stone colours, present only in too and product records with a stone not of
its mover's colour) must be 1s and 2s, one for each cell; anything else is a `shape` error.
A cell is an axial `[q, r]` pair (what the writer writes) or, for records typed by hand, its Little
Golem name (`"E5"`: row letter from the top, number from the row's left end) on the record's board.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, TextIO

import attrs

from catchup_notation.board import Board, Cell
from catchup_notation.errors import NotationError, RecordError, VariantError
from catchup_notation.formats import jsonpacked
from catchup_notation.formats.base import (
    REMEMBERED,
    Format,
    LongLine,
    NotationWarning,
    PackedGame,
    Parsed,
    PlainGame,
    ReadOptions,
    lines_of,
    plain_of,
    remembered_each,
)
from catchup_notation.formats.diagnostics import line_of
from catchup_notation.formats.jsondoc import elements, load
from catchup_notation.limits import MAX_LINE_CHARS, excerpt
from catchup_notation.model import Location, Record
from catchup_notation.resources import data_dir
from catchup_notation.rules.registry import Variant, parse_variant
from catchup_notation.serialization import from_data, to_data


def schema_path() -> Path:
    """Where the published JSON Schema of a record lives."""
    return data_dir("grammars") / "record.schema.json"


class JsonFormat(Format):
    """The library's own lossless JSON form; one record, an array, or JSON Lines."""

    name = "json"
    title = "catchup-notation JSON"
    extensions = (".json", ".jsonl", ".ndjson")
    family = "any"
    carries = frozenset(
        {
            "variant",
            "size",
            "board",
            "players",
            "headers",
            "annotations",
            "resignation",
            "ending",
            "passes",
            "colours",
            "turn-order",
            "several",
        }
    )
    streaming = True
    joins = ""  # a line a record
    writes_packed = True

    def sniff(self, head: str) -> bool:
        head = head.lstrip()
        return head[:1] in ("{", "[") and '"variant"' in head

    def cell_name(self, cell: Cell, board: Board) -> str:
        return board.label(cell)

    def read(self, chunks: Iterable[str], options: ReadOptions) -> Iterator[Parsed]:
        """JSON Lines are read a line at a time (a broken line costs that line only); a text that is
        one JSON value spread over lines (a pretty-printed record, an array) a value at a time
        (`jsondoc`). Which of the two a text is, its first lines tell: JSON Lines if one of them is
        a whole object (or longer than any document's line may be)."""
        source, variant = options.source, options.variant
        if variant is not None:
            parse_variant(variant)  # an unknown variant is a hard error, up front
        text = _Replayable(chunks)
        lines = lines_of(text)
        held: list[str] = []
        loaded: dict[int, Any] = {}  # values of held lines that are whole (read once, not twice)
        whole = False  # one of the first lines is a whole JSON value: JSON Lines
        for line in lines:
            held.append(line)
            if isinstance(line, LongLine):  # no document has such a line: JSON Lines, and its error
                whole = True
                break
            value = _whole_value(line)
            if value is not _NOT_WHOLE and value is not _LIMITED:
                loaded[len(held)] = value
            if value is not _NOT_WHOLE or len([h for h in held if h.strip()]) >= _SAMPLE:
                whole = value is not _NOT_WHOLE
                break
        if not any(h.strip() for h in held) or whole:
            text.forget()
            yield from self.read_lines(_chain(held, lines), source=source, variant=variant, loaded=loaded)
            return
        for element in elements(text.replay()):  # from the start again, a record at a time
            if element.error is not None:
                element.error.source = source
                yield Parsed(element.index, None, element.error, line=element.line)
                continue
            at = Location(element.line, element.column)
            yield _item(element.value, element.index, source, variant, at, element.prefix + element.text, element.line)

    def read_lines(
        self,
        lines: Iterable[str],
        *,
        source: str | None = None,
        variant: str | None = None,
        loaded: Mapping[int, Any] | None = None,
    ) -> Iterator[Parsed]:
        """JSON Lines, one record (or an array of records) per non-blank line, given line by line
        (constant memory). `loaded` has the values of lines already read, by line number."""
        index = 0
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                if loaded and number in loaded:
                    value = loaded[number]
                elif isinstance(line, LongLine):
                    raise line.error(number)
                else:
                    value = load(line)
            except NotationError as exc:
                error = NotationError(
                    exc.message, source=source, line=number, column=exc.column, text=line[:200], code=exc.code
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
            plain = plain_of(record)
            line = None if plain is None else _plain_line(record, *plain)
            out.write((json.dumps(to_data(record), ensure_ascii=False) if line is None else line) + "\n")
        return []

    def write_packed(self, game: PackedGame, headers: dict[str, str]) -> tuple[str, list[NotationWarning]] | None:
        return jsonpacked.write_packed(game, headers)

    def read_packed(self, text: str, variant: str | None) -> PackedGame | None:
        return jsonpacked.read_packed(text, variant)

    def plain_turns(self, text: str, variant: str | None) -> PlainGame | None:
        """A record written alone (one line) by `_plain_line`, read back as `read` reads it: the
        turns by a regular expression that takes only what `_plain_line` writes, the rest of the
        line loaded and made a Record all the same; None for anything else (the reader reads it)."""
        if variant is not None or len(text) > MAX_LINE_CHARS or not text.endswith("}\n") or text.count("\n") != 1:
            return None
        head = _PLAIN_HEAD.match(text)
        if head is None:
            return None
        start = head.end()
        end = start if text.startswith("]", start) else text.find("}]", start) + 1  # no turn holds "}]"
        if not end or '"turns"' in text[end:]:  # a key given twice: the last one counts
            return None
        plain = _plain_cells(text[start:end])
        if plain is None:
            return None
        try:
            value = load(text[:start] + text[end:-1])
            record = from_data(value, Record)
            stated = str(parse_variant(record.variant))
        except (NotationError, RecordError, VariantError):
            return None
        if "@" in record.variant or record.turns:
            return None
        return stated, *plain


def _plain_line(record: Record, first: int, cells: list[tuple[Cell, ...]]) -> str | None:
    """`json.dumps(to_data(record))` of a record of plain turns (`plain_of`), its turns written
    from a table of the turns written so far; None where it cannot be made so."""
    data = to_data(attrs.evolve(record, turns=()))
    data["turns"] = _TURNS_MARK
    line = json.dumps(data, ensure_ascii=False)
    if line.count(_TURNS_MARK_TEXT) != 1:
        return None
    tables = (_turns_written(2), _turns_written(1)) if first == 2 else (_turns_written(1), _turns_written(2))
    written: list[str] = [""] * len(cells)
    for start, (player, table) in enumerate(zip((first, 3 - first), tables, strict=True)):
        written[start::2] = remembered_each(table, cells[start::2], functools.partial(_turn_text, player))
    return line.replace(_TURNS_MARK_TEXT, "[" + ", ".join(written) + "]")


#: What stands for the turns while the rest of a record is written (a variant cannot hold it).
_TURNS_MARK = "\x00turns\x00"
_TURNS_MARK_TEXT = json.dumps(_TURNS_MARK)


@functools.lru_cache(maxsize=2)
def _turns_written(player: int) -> dict[tuple[Cell, ...], str]:
    """The JSON of `player`'s turns written so far, by their cells."""
    return {}


def _turn_text(player: int, turn: tuple[Cell, ...]) -> str:
    return json.dumps({"player": player, "cells": [list(c) for c in turn], "numbers": []})


_NUMBER = r"-?(?:0|[1-9][0-9]{0,5})"
_CELL_PAIR = rf"\[{_NUMBER}, {_NUMBER}\]"
#: The start of a line `_plain_line` writes: the variant, then the turns' array opened. Its inside,
#: turns separated by ", ", ends at its first "}]" (a turn holds no brace but its own); the rest
#: of the line, `[]` in its place, is loaded.
_PLAIN_HEAD = re.compile(r'\{"variant": "(?:[^"\\]|\\.)*", "turns": \[')
#: One turn of the turns' array without its braces (the array's inside is split at "}, {").
_TURN_INSIDE = re.compile(rf'"player": ([12]), "cells": (\[{_CELL_PAIR}(?:, {_CELL_PAIR})*\]), "numbers": \[\]')
_PAIR_FOUND = re.compile(rf"\[({_NUMBER}), ({_NUMBER})\]")


def _plain_cells(turns: str) -> tuple[int, list[tuple[Cell, ...]]] | None:
    """The first mover and each turn's cells of the inside of a turns' array, or None where it is
    not turns as `_plain_line` writes them, the players alternating."""
    if not turns:
        return 0, []
    if turns[0] != "{" or turns[-1] != "}":
        return None
    parts = turns[1:-1].split("}, {")  # "}, {" is only ever between turns: a turn holds no brace
    known = _turns_read
    try:
        read = [known[part] for part in parts]
    except KeyError:  # turns not read yet: read and remembered
        read = []
        for part in parts:
            found = known.get(part) or _read_turn(part)
            if found is None:
                return None
            if len(known) < REMEMBERED:
                known[part] = found
            read.append(found)
    movers = "".join([mover for mover, _ in read])
    other = "2" if movers[0] == "1" else "1"
    if movers[0::2].count(other) or movers[1::2].count(movers[0]):  # not alternating
        return None
    return int(movers[0]), [cells for _, cells in read]


#: Each turn read so far (the inside of its braces): its mover and cells (they repeat across a collection).
_turns_read: dict[str, tuple[str, tuple[Cell, ...]]] = {}


def _read_turn(part: str) -> tuple[str, tuple[Cell, ...]] | None:
    found = _TURN_INSIDE.fullmatch(part)
    if found is None:
        return None
    return found.group(1), tuple((int(q), int(r)) for q, r in _PAIR_FOUND.findall(found.group(2)))


#: Non-blank lines looked at to tell JSON Lines from one value spread over lines.
_SAMPLE = 8


_NOT_WHOLE = object()
_LIMITED = object()  # a whole line, past a limit


def _whole_value(line: str) -> Any:
    """The value of a line that holds a whole JSON object or array by itself (a JSON Lines line),
    else `_NOT_WHOLE`. A whole line past a limit is whole all the same: its error comes later."""
    stripped = line.strip()
    if isinstance(line, LongLine) or not stripped or stripped[0] not in "{[" or stripped[-1] not in "}]":
        return _NOT_WHOLE
    try:
        return load(stripped)
    except NotationError as exc:
        return _LIMITED if exc.code == "limit" else _NOT_WHOLE


class _Replayable:
    """Chunks that can be read again from the start once: the first lines are read to tell JSON
    Lines from a document, and a document is then read from its start (the chunks read so far are
    kept meanwhile: a few lines' worth, up to a line's limit)."""

    def __init__(self, chunks: Iterable[str]) -> None:
        self.chunks = iter(chunks)
        self.seen: list[str] | None = []

    def __iter__(self) -> Iterator[str]:
        for chunk in self.chunks:
            if self.seen is not None:
                self.seen.append(chunk)
            yield chunk

    def forget(self) -> None:
        """No replay will come: keep nothing more."""
        self.seen = None

    def replay(self) -> Iterator[str]:
        seen, self.seen = self.seen or [], None
        yield from seen
        yield from self.chunks


def _chain(held: list[str], rest: Iterator[str]) -> Iterator[str]:
    yield from held
    yield from rest


def _item(
    value: object, index: int, source: str | None, variant: str | None, at: Location, text: str, line: int
) -> Parsed:
    """The record a JSON value holds: the library's own, or, by its shape, one of Abstract Play's
    (a file of JSON Lines may hold theirs, one a line, or both kinds)."""
    from catchup_notation.formats import abstractplay  # imported here: most files hold none

    if abstractplay.is_game(value):
        return abstractplay.read_value(value, text, line, at.column - 1, source, variant or "catchup", index)

    def error(message: str, code: str) -> Parsed:
        return Parsed(
            index,
            None,
            NotationError(
                f"record {index + 1}: {message}",
                source=source,
                line=line,
                column=at.column,
                text=line_of(text, 1),
                code=code,
            ),
        )

    try:
        value = _cells_by_name(value, variant)
    except _CellProblem as exc:
        return error(str(exc), "shape" if exc.code == "shape" else exc.code)
    try:
        record = from_data(value, Record)
    except RecordError as exc:
        return error(f"not a record: {exc.message}", "shape")
    if "@" in record.variant:  # a file named by a record would be read from the reader's disk
        return error(
            f"the variant {excerpt(record.variant)} names a board file; a record spells its board out", "variant"
        )
    try:
        stated = parse_variant(record.variant)
        chosen = parse_variant(variant, **_size_of(stated)) if variant is not None else stated
    except VariantError as exc:
        return error(str(exc), "variant")
    warnings: tuple[NotationWarning, ...] = ()
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
        annotations=record.annotations,
        source=source,
        index=index,
        at=at,
    )
    return Parsed(index, record, None, warnings, line=line)


class _CellProblem(Exception):
    """A cell of a record that is neither an axial pair nor a cell name of its board."""

    def __init__(self, message: str, code: str = "shape") -> None:
        super().__init__(message)
        self.code = code


_CELL_NAME = re.compile(r"([A-Za-z])([0-9]{1,6})")
_CELL_HINT = 'a cell is an axial pair [q, r] or its name on the board, like "E5"'


def _cells_by_name(value: Any, asked: str | None) -> Any:
    """The record `value` with every cell given by name (`"E5"`) made its axial pair, on the board
    of the variant it is read under; `_CellProblem` for a cell of neither form. A record without
    names is given back as it is."""
    turns = value.get("turns") if isinstance(value, dict) else None
    if not isinstance(turns, list):
        return value
    named = False
    for number, turn in enumerate(turns, 1):
        cells = turn.get("cells") if isinstance(turn, dict) else None
        if not isinstance(cells, list):
            continue
        for place, cell in enumerate(cells):
            if isinstance(cell, str):
                named = True
            elif not (isinstance(cell, list) and len(cell) == 2 and all(type(c) is int for c in cell)):
                where = f"$.turns[{number - 1}].cells[{place}]"
                raise _CellProblem(f"turn {number}: {excerpt(cell)} is not a cell ({_CELL_HINT}) @ {where}")
    if not named:
        return value
    stated = value.get("variant")
    try:
        board = _board_of(stated if isinstance(stated, str) else "catchup", asked)
    except VariantError as exc:
        raise _CellProblem(str(exc), "variant") from None
    if board is None:
        raise _CellProblem(f"cells are named ({_CELL_HINT}) but {excerpt(stated)} is not a hex variant")
    copied = dict(value)
    copied["turns"] = [_named_turn(turn, number, board) for number, turn in enumerate(turns, 1)]
    return copied


def _board_of(stated: str, asked: str | None) -> Board | None:
    own = parse_variant(stated)
    chosen = parse_variant(asked, **_size_of(own)) if asked is not None else own
    return chosen.board if chosen.family == "hex" else None


def _named_turn(turn: Any, number: int, board: Board) -> Any:
    cells = turn.get("cells") if isinstance(turn, dict) else None
    if not isinstance(cells, list) or not any(isinstance(cell, str) for cell in cells):
        return turn
    axial = []
    for cell in cells:
        if not isinstance(cell, str):
            axial.append(cell)
            continue
        match = _CELL_NAME.fullmatch(cell.strip())
        found = board.labelled(match.group(1), int(match.group(2))) if match else None
        if found is None:
            raise _CellProblem(f"turn {number}: {excerpt(cell)} is not a cell name of this board ({_CELL_HINT})")
        axial.append(list(found))
    return {**turn, "cells": axial}


def _size_of(variant: Variant) -> dict[str, Any]:
    if variant.family != "hex":
        return {}
    return {"size": variant.size} if variant.hexhex else {"board": variant.board}


FORMAT = JsonFormat()
