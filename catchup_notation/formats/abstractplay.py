"""Abstract Play's JSON game records (`abstractplay`) and their move strings.

```
{"header": {"game": {"name": "Catchup", "variants": ["size-6"]}, "site": {...},
            "players": [{"name": "al", "userid": "...", "score": 0, "result": 1}, {...}], ...},
 "moves": [["e5", "d4,f6"], ["c1,c2", "resign"]]}
```

A move string is cells joined by commas; a cell is a lower-case row letter (`a` = the BOTTOM row)
and a number from 1 at the row's left end. `moves` holds rounds, player 1's turn then player 2's.
Abstract Play's engine wants a turn's cells sorted by row letter then number, so they are written
sorted (and read in any order). `size-N` in the game's variants gives the board side (default 5).

Every header key is kept in `Record.headers`: a string value as itself (unless it would read as
other JSON, then as JSON text), anything else as JSON text; the writer turns JSON text back into
JSON. So an Abstract Play record goes through any format that keeps headers and comes back equal.
A file holds one record (an object) or several (an array of objects).

Abstract Play has no game where a player places a stone of the other colour (too, product), so a
move string has no colour mark: a record with any stone not of its mover's colour (`Turn.colours`)
is refused by the writer (`unwritable-colour`) rather than written without its colours.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from catchup_notation.board import Board, Cell
from catchup_notation.errors import NotationError, VariantError, WriteError
from catchup_notation.formats.base import NotationWarning, Parsed, ReadOptions, whole_text
from catchup_notation.formats.diagnostics import line_of
from catchup_notation.model import Location, Record, Turn
from catchup_notation.rules.registry import parse_variant

_CELL = re.compile(r"\s*([a-z])([0-9]+)\s*")
_SIZE = re.compile(r"size-([0-9]+)")


def cell_of(letter: str, number: int, board: Board) -> Cell:
    """The cell of row `letter` (a = the BOTTOM row) and `number`; names beyond the board map to
    the off-board cell they would be, for the rules layer to report (`off-board`)."""
    return board.labelled(chr(ord("A") + len(board.rows) - 1 - (ord(letter) - ord("a"))), number) or (1 << 20, 1 << 20)


def cell_name(cell: Cell, board: Board) -> str:
    """`e5`: Little Golem's label with the rows counted from the bottom."""
    label = board.label(cell)
    row = len(board.rows) - 1 - (ord(label[0]) - ord("A")) if label[:1].isalpha() else -1
    if not 0 <= row < 26 or (cell not in board and board.labelled(label[0], int(label[1:])) != cell):
        raise WriteError(f"cell {cell} cannot be written as an Abstract Play cell on {board!r}", code="unwritable-cell")
    return f"{chr(ord('a') + row)}{label[1:]}"


def move_string(cells: Iterable[Cell], board: Board) -> str:
    """Cells joined by commas, sorted by row letter then number (the order Abstract Play requires)."""
    names = [cell_name(c, board) for c in cells]
    return ",".join(sorted(names, key=lambda n: (n[0], int(n[1:]))))


# ---------------------------------------------------------------------------------------------
# Header values: JSON values <-> Record.headers strings, losslessly both ways


def _is_json_text(text: str) -> bool:
    try:
        return json.dumps(json.loads(text), ensure_ascii=False) == text
    except ValueError:
        return False


def header_text(value: Any) -> str:
    if isinstance(value, str) and not _is_json_text(value):
        return value
    return json.dumps(value, ensure_ascii=False)


def header_value(text: str) -> Any:
    return json.loads(text) if _is_json_text(text) else text


# ---------------------------------------------------------------------------------------------


class AbstractPlay:
    """Abstract Play's JSON game records: one object, or an array of them."""

    name = "abstractplay"
    title = "Abstract Play"
    extensions = (".json", ".apjson")
    family = "hex"
    carries = frozenset({"size", "players", "headers", "resignation", "passes", "several"})
    streaming = False

    def sniff(self, head: str) -> bool:
        return head.lstrip()[:1] in ("{", "[") and '"moves"' in head and '"header"' in head

    def cell_name(self, cell: Cell, board: Board) -> str:
        return cell_name(cell, board)

    def read(self, chunks: Iterable[str], options: ReadOptions) -> Iterator[Parsed]:
        source = options.source
        variant_text = options.variant or "catchup"
        if parse_variant(variant_text).family != "hex":
            raise VariantError(f"Abstract Play Catchup records are hex games; {variant_text!r} is not a hex variant")
        text = whole_text(chunks)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            yield Parsed(0, None, _json_error(exc, text, source))
            return
        games = data if isinstance(data, list) else [data]
        for index, game in enumerate(games):
            try:
                record, warnings = _build(game, text, source, variant_text, index)
            except NotationError as exc:
                yield Parsed(index, None, exc)
                continue
            yield Parsed(index, record, None, tuple(warnings))

    def write(self, records: Iterable[Record], out: TextIO) -> list[NotationWarning]:
        """One record is one JSON object; several are an array (held until the second arrives)."""
        warnings: list[NotationWarning] = []
        first: dict[str, Any] | None = None
        count = 0
        for record in records:
            game, more = write_game(record)
            warnings.extend(more)
            count += 1
            if count == 1:
                first = game
                continue
            if count == 2:
                out.write("[\n" + _indented(first) + ",\n")
            else:
                out.write(",\n")
            out.write(_indented(game))
        if count == 1:
            out.write(json.dumps(first, ensure_ascii=False, indent=2) + "\n")
        elif count > 1:
            out.write("\n]\n")
        else:
            out.write("[]\n")
        return warnings


def _json_error(exc: json.JSONDecodeError, text: str, source: str | None) -> NotationError:
    return NotationError(
        f"not valid JSON: {exc.msg}", source=source, line=exc.lineno, column=exc.colno, text=line_of(text, exc.lineno)
    )


def _locate(text: str, needle: str) -> tuple[int, int]:
    """Best-effort line and column of a JSON string in the file (the json module gives none)."""
    at = text.find(json.dumps(needle, ensure_ascii=False))
    if at < 0:
        return 1, 1
    line = text.count("\n", 0, at) + 1
    return line, at - text.rfind("\n", 0, at)


def _build(game: Any, text: str, source: str | None, variant: str, index: int) -> tuple[Record, list[NotationWarning]]:
    def fail(message: str, needle: str | None = None, code: str = "shape") -> NotationError:
        line, column = _locate(text, needle) if needle else (None, None)
        return NotationError(
            f"record {index + 1}: {message}",
            source=source,
            line=line,
            column=column,
            text=line_of(text, line) if line else None,
            code=code,
        )

    if not isinstance(game, dict) or not isinstance(game.get("moves"), list):
        raise fail('an Abstract Play record is an object with a "moves" list')
    header = game.get("header", {})
    if not isinstance(header, dict):
        raise fail('"header" must be an object', "header")
    extra = [key for key in game if key not in ("header", "moves")]
    warnings = [
        NotationWarning("ignored-key", f"top-level key {key!r} is not part of an Abstract Play record and is not kept")
        for key in extra
    ]

    game_info = header.get("game", {})
    variants = game_info.get("variants", []) if isinstance(game_info, dict) else []
    side = None
    for name in variants if isinstance(variants, list) else []:
        match = _SIZE.fullmatch(str(name))
        if match:
            side = int(match.group(1))
    try:
        variant_obj = parse_variant(variant, size=side)
    except VariantError as exc:
        raise fail(str(exc), "variants", "variant") from None
    board = variant_obj.board

    headers: dict[str, str] = {}
    for key, value in header.items():
        if key == "game" and _derivable_game(value):
            continue  # rebuilt by the writer from the variant
        headers[key] = header_text(value)
    players: list[str | None] = [None, None]
    listed = header.get("players", [])
    if isinstance(listed, list):
        for i, entry in enumerate(listed[:2]):
            if isinstance(entry, dict) and isinstance(entry.get("name"), str):
                players[i] = entry["name"]

    turns: list[Turn] = []
    resigned = None
    resigned_at = None
    flat = []
    for round_ in game["moves"]:
        entries = round_ if isinstance(round_, list) else [round_]
        if len(entries) > 2:
            raise fail(f"a round holds at most two moves, not {len(entries)}", None)
        flat.extend(entries)
    for number, entry in enumerate(flat):
        player = number % 2 + 1
        move = entry.get("move") if isinstance(entry, dict) else entry
        if not isinstance(move, str):
            raise fail(f"move {number + 1} is not a move string: {move!r}")
        line, column = _locate(text, move)
        if resigned is not None:
            raise fail(f"move {number + 1} comes after a resignation", move, "move-after-resign")
        if move.strip().lower() == "resign":
            resigned, resigned_at = player, Location(line, column)
            continue
        parts = move.split(",") if move.strip() else []
        cells = []
        for part in parts:
            match = _CELL.fullmatch(part.lower())
            if not match:
                raise fail(
                    f"move {number + 1} {move!r}: {part.strip()!r} is "
                    "not a cell such as d4 (row letter, then a number)",
                    move,
                    "bad-cell",
                )
            cells.append(cell_of(match.group(1), int(match.group(2)), board))
        turns.append(Turn(player, tuple(cells), at=Location(line, column)))

    record = Record(
        variant=str(variant_obj),
        turns=tuple(turns),
        resigned=resigned,
        players=(players[0], players[1]),
        headers=headers,
        source=source,
        index=index,
        resigned_at=resigned_at,
    )
    return record, warnings


def _derivable_game(value: Any) -> bool:
    """Is the header's game entry exactly what the writer would rebuild from the variant?"""
    return (
        isinstance(value, dict)
        and set(value) <= {"name", "variants"}
        and value.get("name") == "Catchup"
        and isinstance(value.get("variants", []), list)
        and all(isinstance(v, str) and _SIZE.fullmatch(v) for v in value.get("variants", []))
    )


def write_game(record: Record) -> tuple[dict[str, Any], list[NotationWarning]]:
    """The Abstract Play JSON object of one record."""
    warnings: list[NotationWarning] = []
    variant = parse_variant(record.variant)
    if variant.family != "hex":
        raise WriteError(f"Abstract Play Catchup records are hex games, not {record.variant}", code="wrong-family")
    if not variant.hexhex:
        raise WriteError(
            f"Abstract Play names the cells of hexhex boards only, not of a board of {len(variant.board)} cells",
            code="unwritable-board",
        )
    side, board = variant.size, variant.board
    if variant.name != "catchup":
        warnings.append(
            NotationWarning(
                "variant-dropped",
                f"Abstract Play plays current Catchup only; {record.variant} must be given when reading it back",
            )
        )
    header = {key: header_value(text) for key, text in record.headers.items()}
    game = header.get("game") if isinstance(header.get("game"), dict) else {}
    game = dict(game)
    game.setdefault("name", "Catchup")
    kept = [v for v in game.get("variants", []) if not (isinstance(v, str) and _SIZE.fullmatch(v))]
    game["variants"] = kept + ([f"size-{side}"] if side != 5 else [])
    if "game" in header:
        header["game"] = game  # keeps its place among the header keys
    else:
        header = {"game": game, **header}
    if any(name is not None for name in record.players) or "players" in header:
        listed = header.get("players")
        entries = [dict(e) if isinstance(e, dict) else {} for e in listed] if isinstance(listed, list) else []
        while len(entries) < 2:
            entries.append({})
        for i, name in enumerate(record.players):
            if name is not None:
                entries[i]["name"] = name
        header["players"] = entries

    flat: list[str] = []
    for number, turn in enumerate(record.turns, 1):
        if turn.numbers:
            raise WriteError("Abstract Play Catchup records hold cells, not numbers", code="wrong-family")
        if turn.colours:
            raise WriteError(
                f"turn {number} places a stone that is not of its mover's own colour, and Abstract Play move strings "
                "cannot carry stone colours; write this record in lg, rga, genius or json",
                code="unwritable-colour",
            )
        if turn.player != len(flat) % 2 + 1:
            warnings.append(
                NotationWarning(
                    "turn-order-dropped",
                    f"turn {number} is player {turn.player}'s out of "
                    "alternation, which Abstract Play rounds cannot say",
                )
            )
        flat.append(move_string(turn.cells, board))
    if record.resigned is not None:
        if record.resigned != len(flat) % 2 + 1:
            warnings.append(
                NotationWarning(
                    "turn-order-dropped", f"player {record.resigned} resigns out of turn, which rounds cannot say"
                )
            )
        flat.append("resign")
    moves = [flat[i : i + 2] for i in range(0, len(flat), 2)]
    return {"header": header, "moves": moves}, warnings


def _indented(game: dict[str, Any] | None) -> str:
    """A game of an array, indented as `json.dumps(array, indent=2)` would place it."""
    return "\n".join("  " + line for line in json.dumps(game, ensure_ascii=False, indent=2).split("\n"))


FORMAT = AbstractPlay()
