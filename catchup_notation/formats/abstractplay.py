"""Abstract Play's JSON game records (`abstractplay`), as their engine's record generator writes them.

```
{"header": {"game": {"name": "Catchup", "variants": ["Larger board (base 6)"]},
            "site": {"name": "Abstract Play", "gameid": "..."}, "date-start": "...",
            "players": [{"name": "al", "userid": "...", "score": 0, "result": 0}, {... "result": 1}]},
 "moves": [["e5", "d4,f6"], ["c1,c2", "resign"]]}
```

A move string is cells joined by commas; a cell is a lower-case row letter (`a` = the BOTTOM row)
and a number from 1 at the row's left end. `moves` holds rounds of two move strings (player 1's,
then player 2's; the last round may hold one). Abstract Play's engine wants a turn's cells sorted by
row letter then number, so they are written sorted (and read in any order).

The board side comes from the game's `variants`: their engine writes the variant's display name
(`Default board (base 5)`, `Larger board (base 6)`), their game state its id (`#board`, `size-6`);
both are read, and `size-N` for any side. Any other name is an error naming it.

A game stopped by a player is one last move string: `resign`, `timeout`, `draw` or `abandoned`.
Their server takes a resignation (and a timeout) out of turn, so the slot it stands in does not say
who: `players[].result` does (1 for a winner, 0 for a loser); a slot that disagrees with the results
is a warning, and the results win. A timeout, draw or abandoned game is `Record.ending`. The
players' `score` fields are their engine's own figure, not the winner's, and are only kept.

Every header key is kept in `Record.headers` with its JSON value as it is (`players` reads back as
a list of objects). The writer writes as their engine does: the display name of the side, rounds
of two, sorted cells, the ending as the last move and each player's `result`; its header holds only
Abstract Play's fields and keys in their style (lower case), so a record from another notation
does not bring its own keys along (SGF's `PB`, `SZ` are written the Abstract Play way, as the
players and the board; the others are named in a `headers-dropped` warning, and the JSON form
keeps them all). A file holds one record (an object) or several (an array of objects).

Abstract Play has no game where a player places a stone of the other colour (too, product), so a
move string has no colour mark: a record with any stone not of its mover's colour (`Turn.colours`)
is refused by the writer (`unwritable-colour`) rather than written without its colours.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

import attrs

from catchup_notation.board import Board, Cell
from catchup_notation.errors import CatchupError, NotationError, VariantError, WriteError
from catchup_notation.formats import indented
from catchup_notation.formats.base import (
    Format,
    NotationWarning,
    Parsed,
    PlainGame,
    ReadOptions,
    annotations_dropped,
    lost_headers,
    plain_of,
    remembered_each,
)
from catchup_notation.limits import MAX_RECORD_CHARS, TooManyDigits, excerpt, int_of
from catchup_notation.model import Ending, Location, Record, Turn
from catchup_notation.rules.registry import parse_variant

_CELL = re.compile(r"\s*([a-z])([0-9]+)\s*")
_SIZE = re.compile(r"size-([0-9]+)")
_MOVES_KEY = re.compile(r'(?<!\\)"moves"\s*:')

#: The names Abstract Play's record generator writes for its Catchup boards, by side.
DISPLAY_NAMES = {5: "Default board (base 5)", 6: "Larger board (base 6)"}
#: The ids of the same boards in their game state (`#board` is the board group's default).
_IDS = {"#board": 5, "size-6": 6}
#: Move strings that end a game instead of placing stones.
END_MOVES = ("resign", "timeout", "draw", "abandoned")


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


def side_of_name(name: str) -> int | None:
    """The board side an Abstract Play Catchup variant name gives (display name or id), or None
    for a name that is not one of theirs. Raises `TooManyDigits` for a `size-N` past the limit."""
    if name in _IDS:
        return _IDS[name]
    for side, display in DISPLAY_NAMES.items():
        if name.casefold() == display.casefold():
            return side
    match = _SIZE.fullmatch(name)
    return int_of(match.group(1), "board side") if match else None


def _known_names() -> str:
    return ", ".join(repr(n) for n in (*DISPLAY_NAMES.values(), *_IDS, "size-N"))


# ---------------------------------------------------------------------------------------------
# Header keys

#: The header fields of Abstract Play's game records (their record generator and schema).
HEADER_KEYS = frozenset(
    {"game", "event", "round", "site", "players", "unrated", "pied", "date-start", "date-end", "date-generated"}
)
_OWN_STYLE = re.compile(r"[a-z][a-z0-9-]*")  # their keys are lower case; SGF's (PB, SZ) are not


def writes_header(key: str) -> bool:
    """Whether the writer puts header `key` in the record's header: Abstract Play's own fields,
    and other keys in their style (lower case, digits and dashes), which their reader passes over;
    anything else (SGF's `PB`, a JSON record's `Comment`) would not be theirs."""
    return key in HEADER_KEYS or _OWN_STYLE.fullmatch(key) is not None


# ---------------------------------------------------------------------------------------------


class AbstractPlay(Format):
    """Abstract Play's JSON game records: one object, or an array of them."""

    name = "abstractplay"
    title = "Abstract Play"
    extensions = (".json", ".apjson")
    family = "hex"
    carries = frozenset({"size", "players", "headers", "resignation", "ending", "passes", "several"})
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
        # a record at a time, within the limits (characters, digits, nesting); imported here, when a
        # record is read, so that telling a file's format by its name imports this format alone
        from catchup_notation.formats.jsondoc import elements

        for element in elements(chunks):
            if element.error is not None:
                element.error.source = source
                yield Parsed(element.index, None, element.error, line=element.line)
                continue
            text, at = element.prefix + element.text, len(element.prefix)
            yield read_value(element.value, text, element.line, at, source, variant_text, element.index)

    writes_texts = True

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
            out.write(_dumped(first) + "\n")
        elif count > 1:
            out.write("\n]\n")
        else:
            out.write("[]\n")
        return warnings

    def write_texts(self, texts: Iterable[str], out: TextIO) -> None:
        """`write` of the records whose texts alone are `texts`: one is its text, several are an
        array of their objects, each indented (`_indented`), as `write` writes them."""
        first: str | None = None
        count = 0
        for text in texts:
            count += 1
            if count == 1:
                first = text
                continue
            if count == 2:
                assert first is not None
                out.write("[\n" + _indented_text(first) + ",\n")
            else:
                out.write(",\n")
            out.write(_indented_text(text))
        if count == 1:
            assert first is not None
            out.write(first)
        elif count > 1:
            out.write("\n]\n")
        else:
            out.write("[]\n")

    def plain_turns(self, text: str, variant: str | None) -> PlainGame | None:
        """A game written alone (`write`: one object) whose moves are cells only, read back as
        `read` reads it: the moves by a regular expression that takes only what `_dumped` writes
        of them, the header loaded and read by the reader all the same; None for anything else
        (the reader reads it and says why)."""
        found = _PLAIN_GAME.fullmatch(text) if len(text) <= MAX_RECORD_CHARS else None
        if found is None:
            return None
        from catchup_notation.formats.jsondoc import load

        rest = '{"header": ' + found.group("header") + ', "moves": []}'
        try:
            value = load(rest)
            if parse_variant(variant or "catchup").family != "hex" or not is_game(value):
                return None
            record, _ = _Reader(value, _Locator(rest), None, variant or "catchup", 0).record()
            board = parse_variant(record.variant).board
        except CatchupError:
            return None
        table = _cells_read(board)
        cells_of = functools.partial(_move_cells, board=board)
        cells = remembered_each(table, _MOVE_FOUND.findall(found.group("moves")), cells_of)
        return record.variant, 1 if cells else 0, cells


def _move_cells(move: str, board: Board) -> tuple[Cell, ...]:
    """The cells of a move string of cells (`move_string`'s inverse)."""
    return tuple(cell_of(part[0], int(part[1:]), board) for part in move.split(","))


_PLAIN_MOVE_TEXT = r'"[a-z][1-9][0-9]{0,5}(?:,[a-z][1-9][0-9]{0,5})*"'
_PLAIN_ROUND = rf"    \[\n      {_PLAIN_MOVE_TEXT}(?:,\n      {_PLAIN_MOVE_TEXT})?\n    \]"
#: A game as `_dumped` writes it alone, its moves all cells (`moves`; `header`: the header's text).
_PLAIN_GAME = re.compile(
    rf'\{{\n  "header": (?P<header>\{{\n.*?\n  \}}),\n  "moves": '
    rf"(?P<moves>\[\]|\[\n{_PLAIN_ROUND}(?:,\n{_PLAIN_ROUND})*\n  \])\n\}}\n",
    re.S,
)
_MOVE_FOUND = re.compile(r'"([a-z0-9,]+)"')


@functools.lru_cache(maxsize=16)
def _cells_read(board: Board) -> dict[str, tuple[Cell, ...]]:
    """The cells of the move strings read back so far on `board`."""
    return {}


def is_game(value: Any) -> bool:
    """Whether a JSON value has the shape of one of Abstract Play's game records (a "header"
    object and a "moves" list, and no "variant": the library's own JSON records have one)."""
    return (
        isinstance(value, dict)
        and isinstance(value.get("header"), dict)
        and isinstance(value.get("moves"), list)
        and "variant" not in value
    )


def read_value(value: Any, text: str, line: int, at: int, source: str | None, variant: str, index: int) -> Parsed:
    """One game object, already loaded, read into a record: `text` is where it was written, from
    the start of its first line (`line` of its file), the object starting at offset `at`."""
    if parse_variant(variant).family != "hex":
        message = f"Abstract Play Catchup records are hex games; {variant!r} is not a hex variant"
        return Parsed(index, None, NotationError(message, source=source, line=line, code="variant"), line=line)
    try:
        record, warnings = _Reader(value, _Locator(text, line, at), source, variant, index).record()
    except NotationError as exc:
        return Parsed(index, None, exc, line=line)
    record = attrs.evolve(record, at=Location(line, at + 1))
    return Parsed(index, record, None, tuple(warnings), line=line)


class _Locator:
    """Where successive JSON strings stand in the text (the json module gives no positions).

    Searching goes forward from the last string found, keeping the line count as it goes, so that
    locating every move of every record costs one pass over the text, however many moves there are.
    """

    def __init__(self, text: str, line: int = 1, at: int = 0) -> None:
        """`text` starts at the start of line `line` of its file; searching starts at `at`."""
        self.text = text
        self.at = at  # where the next search starts
        self.line = line  # the line of `at`
        self.line_start = 0  # where that line starts
        self.first_line = line

    def _advance(self, to: int) -> None:
        newlines = self.text.count("\n", self.at, to)
        if newlines:
            self.line += newlines
            self.line_start = self.text.rfind("\n", self.at, to) + 1
        self.at = to

    def skip_to_moves(self) -> None:
        """Move past the next `"moves":` key (where the next record's move strings start)."""
        found = _MOVES_KEY.search(self.text, self.at)
        if found is not None:
            self._advance(found.end())

    def seek(self, value: str) -> Location | None:
        """The place of the JSON string `value` next after the last one found (None: not found)."""
        needle = _json_string(value)
        found = self.text.find(needle, self.at)
        if found < 0:
            return None
        self._advance(found)
        place = Location(self.line, found - self.line_start + 1)
        self.at = found + len(needle)  # a JSON string holds no newline
        return place

    def peek(self, value: str) -> Location | None:
        """The place of the JSON string `value` next after the last one found, without moving."""
        found = self.text.find(_json_string(value), self.at)
        if found < 0:
            return None
        line = self.line + self.text.count("\n", self.at, found)
        return Location(line, found - max(self.text.rfind("\n", 0, found) + 1, 0) + 1)

    def line_text(self, line: int) -> str:
        """Line `line` (1-based) of the text, found from the nearest known line start."""
        start, current = (self.line_start, self.line) if line >= self.line else (0, self.first_line)
        while current < line:
            start = self.text.find("\n", start) + 1
            if start == 0:
                return ""
            current += 1
        end = self.text.find("\n", start)
        return self.text[start : end if end >= 0 else len(self.text)]


def _json_string(value: str) -> str:
    """`value` as JSON writes it (with `ensure_ascii=False`): quoted, and escaped only if it must be."""
    if '"' in value or "\\" in value or not value.isprintable():
        return json.dumps(value, ensure_ascii=False)
    return f'"{value}"'


class _Reader:
    """One game object of the file, read into a record."""

    def __init__(self, game: Any, locator: _Locator, source: str | None, variant: str, index: int) -> None:
        self.game, self.locator, self.source, self.variant, self.index = game, locator, source, variant, index
        self.warnings: list[NotationWarning] = []

    def fail(self, message: str, at: Location | None = None, code: str = "shape") -> NotationError:
        return NotationError(
            f"record {self.index + 1}: {message}",
            source=self.source,
            line=at.line if at else None,
            column=at.column if at else None,
            text=self.locator.line_text(at.line) if at else None,
            code=code,
        )

    def warn(self, code: str, message: str, at: Location | None = None) -> None:
        self.warnings.append(
            NotationWarning(
                code, f"record {self.index + 1}: {message}", at.line if at else None, at.column if at else None
            )
        )

    def record(self) -> tuple[Record, list[NotationWarning]]:
        game = self.game
        if not isinstance(game, dict) or not isinstance(game.get("moves"), list):
            raise self.fail('an Abstract Play record is an object with a "moves" list')
        header = game.get("header", {})
        if not isinstance(header, dict):
            raise self.fail('"header" must be an object', self.locator.peek("header"))
        for key in game:
            if key not in ("header", "moves"):
                self.warn(
                    "ignored-key", f"top-level key {key!r} is not part of an Abstract Play record and is not kept"
                )
        try:
            variant = parse_variant(self.variant, size=self.side(header.get("game")))
        except VariantError as exc:
            raise self.fail(str(exc), self.locator.peek("variants"), "variant") from None
        headers = {
            key: value
            for key, value in header.items()
            if not (key == "game" and _derivable_game(value))  # rebuilt by the writer from the variant
        }
        listed = header.get("players")
        entries = [e if isinstance(e, dict) else {} for e in listed[:2]] if isinstance(listed, list) else []
        entries += [{}] * (2 - len(entries))
        names = [e.get("name") if isinstance(e.get("name"), str) else None for e in entries]
        self.locator.skip_to_moves()
        turns, end = self.moves(variant.board)
        resigned, resigned_at, ending = None, None, None
        if end is not None:
            word, slot, at = end
            if word in ("resign", "timeout"):
                player = self.loser(entries, word, slot, at)
                if word == "resign":
                    resigned, resigned_at = player, at
                else:
                    ending = Ending("timeout", player)
            else:
                ending = Ending("draw" if word == "draw" else "abandoned")
        try:
            record = Record(
                variant=str(variant),
                turns=tuple(turns),
                resigned=resigned,
                players=(names[0], names[1]),
                headers=headers,
                source=self.source,
                index=self.index,
                resigned_at=resigned_at,
                ending=ending,
            )
        except CatchupError as exc:
            raise self.fail(exc.message) from None
        return record, self.warnings

    def side(self, game: Any) -> int | None:
        """The board side the header's game names (None: not said, the variant's default)."""
        if game is None:
            return None
        at = self.locator.peek("game")
        if not isinstance(game, dict):
            raise self.fail(f'"game" must be an object, not {excerpt(game)}', at)
        name = game.get("name")
        if name is not None and (not isinstance(name, str) or name.casefold() != "catchup"):
            raise self.fail(
                f"this is a record of {excerpt(name)}, not of Catchup", self.locator.peek("name"), "variant"
            )
        variants = game.get("variants", [])
        at = self.locator.peek("variants")
        if not isinstance(variants, list):
            raise self.fail(f'"variants" must be a list of variant names, not {excerpt(variants)}', at, "variant")
        sides = set()
        for name in variants:
            if not isinstance(name, str):
                raise self.fail(f"a variant name is a string, not {excerpt(name)}", at, "variant")
            try:
                side = side_of_name(name)
            except TooManyDigits as exc:
                raise self.fail(str(exc), at, "limit") from None
            if side is None:
                raise self.fail(
                    f"unknown Abstract Play Catchup variant {excerpt(name)} (known: {_known_names()})",
                    self.locator.peek(name) or at,
                    "variant",
                )
            sides.add(side)
        if len(sides) > 1:
            raise self.fail(f"the variants name boards of sides {sorted(sides)}", at, "variant")
        return sides.pop() if sides else None

    def moves(self, board: Board) -> tuple[list[Turn], tuple[str, int, Location | None] | None]:
        """The turns, and the end move (word, slot player, where) if one closes the list."""
        turns: list[Turn] = []
        end: tuple[str, int, Location | None] | None = None
        known: dict[str, Cell] = {}  # cell names already read: a long record names the same cells again
        number = 0
        for round_ in self.game["moves"]:
            entries = round_ if isinstance(round_, list) else [round_]
            if len(entries) > 2:
                raise self.fail(f"a round holds at most two moves, not {len(entries)}")
            for entry in entries:
                number += 1
                move = entry.get("move") if isinstance(entry, dict) else entry
                if not isinstance(move, str):
                    raise self.fail(f"move {number} is not a move string: {excerpt(move)}")
                at = self.locator.seek(move)
                if end is not None:
                    code = "move-after-resign" if end[0] == "resign" else "move-after-end"
                    raise self.fail(f"move {number} {excerpt(move)} comes after the game ended ({end[0]})", at, code)
                cells: list[Cell] = []
                for part in move.split(",") if move.strip() else ():
                    cell = known.get(part)
                    if cell is None:
                        cell = self.cell(part, move, number, board, at)
                        if cell is None:  # not a cell: an end move, or an error
                            break
                        known[part] = cell
                    cells.append(cell)
                else:
                    turns.append(Turn(2 - number % 2, tuple(cells), at=at))
                    continue
                end = (move.strip().lower(), 2 - number % 2, at)
        return turns, end

    def cell(self, part: str, move: str, number: int, board: Board, at: Location | None) -> Cell | None:
        """The cell `part` of `move` names; None when `move` is an end move (`resign`, ...)."""
        match = _CELL.fullmatch(part.lower())
        if not match:
            if move.strip().lower() in END_MOVES:
                return None
            raise self.fail(
                f"move {number} {excerpt(move)}: {excerpt(part.strip())} is "
                "not a cell such as d4 (row letter, then a number)",
                at,
                "bad-cell",
            )
        try:
            return cell_of(match.group(1), int_of(match.group(2), "cell number"), board)
        except TooManyDigits as exc:
            raise self.fail(f"move {number}: {exc}", at, "limit") from None

    def loser(self, entries: list[dict[str, Any]], word: str, slot: int, at: Location | None) -> int:
        """Who resigned or ran out of time: the player whose `result` is 0 against the other's 1;
        the slot's player when the results do not say."""
        results = [e.get("result") for e in entries]
        if sorted(r for r in results if isinstance(r, int) and not isinstance(r, bool)) != [0, 1]:
            return slot
        loser = results.index(0) + 1
        if loser != slot:
            self.warn(
                "end-slot-disagrees",
                f"{word!r} stands in player {slot}'s slot, but players[].result says player {loser} lost: "
                f"read as player {loser}'s {'resignation' if word == 'resign' else word} "
                "(Abstract Play accepts it out of turn)",
                at,
            )
        return loser


def _derivable_game(value: Any) -> bool:
    """Is the header's game entry exactly what the writer would rebuild from the variant?"""
    if not (isinstance(value, dict) and set(value) <= {"name", "variants"} and value.get("name") == "Catchup"):
        return False
    variants = value.get("variants", [])
    return isinstance(variants, list) and all(_is_board_name(v) for v in variants)


def _is_board_name(name: Any) -> bool:
    try:
        return isinstance(name, str) and side_of_name(name) is not None
    except TooManyDigits:
        return True


def write_game(record: Record) -> tuple[dict[str, Any], list[NotationWarning]]:
    """The Abstract Play JSON object of one record, as their engine's record generator writes it."""
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
    header = {key: value for key, value in record.headers.items() if writes_header(key)}
    lost = lost_headers(record, FORMAT.carries, writes_header)
    if lost:
        warnings.append(
            NotationWarning(
                "headers-dropped",
                f"Abstract Play's header holds its own fields; {', '.join(lost)} not written "
                "(the json format keeps them)",
            )
        )
    warnings.extend(annotations_dropped(record))
    kept_game = header.get("game")
    game = dict(kept_game) if isinstance(kept_game, dict) else {}
    game.setdefault("name", "Catchup")
    listed = game.get("variants")
    others = [v for v in listed if not _is_board_name(v)] if isinstance(listed, list) else []
    # a side they do not offer is `size-N`, which their engine's board-size lookup still reads
    game["variants"] = [*others, DISPLAY_NAMES.get(side, f"size-{side}")]
    if "game" in header:
        header["game"] = game  # keeps its place among the header keys
    else:
        header = {"game": game, **header}

    flat: list[str] = []
    plain = plain_of(record, board)
    if plain is not None and plain[0] != 2:  # alternating from player 1: rounds of two, sorted cells
        flat = _move_strings(plain[1], board)
    for number, turn in enumerate(() if flat else record.turns, 1):
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
    # the end move stands in the next slot, whoever made it: the players' results say who
    results: tuple[int, int] | None = None
    if record.resigned is not None:
        flat.append("resign")
        results = (0, 1) if record.resigned == 1 else (1, 0)
    elif record.ending is not None:
        flat.append(record.ending.kind)
        if record.ending.kind == "timeout":
            results = (0, 1) if record.ending.player == 1 else (1, 0)
        else:
            results = (1, 1) if record.ending.kind == "draw" else (0, 0)
    if any(name is not None for name in record.players) or "players" in header or results is not None:
        header["players"] = _players(header.get("players"), record.players, results)
    moves = [flat[i : i + 2] for i in range(0, len(flat), 2)]
    return {"header": header, "moves": moves}, warnings


def _players(
    listed: Any, names: tuple[str | None, str | None], results: tuple[int, int] | None
) -> list[dict[str, Any]]:
    """The header's players entries: the kept ones, with the record's names and, where the record
    says how the game ended, each player's result (1 won, 0 lost; both 1 for a draw)."""
    entries = [dict(e) if isinstance(e, dict) else {} for e in listed] if isinstance(listed, list) else []
    while len(entries) < 2:
        entries.append({})
    for i, name in enumerate(names):
        if name is not None:
            entries[i]["name"] = name
        if results is not None:
            entries[i]["result"] = results[i]
    return entries


def _move_strings(cells: list[tuple[Cell, ...]], board: Board) -> list[str]:
    """`move_string` of each turn's cells, from a table of those written so far on `board`."""
    return remembered_each(_moves_written(board), cells, functools.partial(move_string, board=board))


@functools.lru_cache(maxsize=16)
def _moves_written(board: Board) -> dict[tuple[Cell, ...], str]:
    return {}


def _dumped(game: dict[str, Any] | None) -> str:
    """`json.dumps(game, ensure_ascii=False, indent=2)`, its moves (rounds of strings) laid out
    here and the rest by `indented.dumps`: the json module's indenting encoder is written in
    Python, and most of a game is moves."""
    moves = game.get("moves") if isinstance(game, dict) else None
    if type(moves) is not list or not set(map(type, moves)) <= _LIST:
        return indented.dumps(game)
    every = list(itertools.chain.from_iterable(moves))
    if not set(map(type, every)) <= _STR:
        return indented.dumps(game)
    assert isinstance(game, dict)
    text = indented.dumps({**game, "moves": _MOVES_MARK})
    if text.count(_MOVES_MARK_TEXT) != 1:
        return indented.dumps(game)
    if not moves:
        return text.replace(_MOVES_MARK_TEXT, "[]")
    if _PLAIN_MOVE.fullmatch("".join(every)):  # no move needs an escape: each quoted as it is
        rounds = ('    [\n      "' + '",\n      "'.join(r) + '"\n    ]' if r else "    []" for r in moves)
    else:
        rounds = (
            "    [\n" + ",\n".join("      " + _quoted(m) for m in r) + "\n    ]" if r else "    []" for r in moves
        )
    return text.replace(_MOVES_MARK_TEXT, "[\n" + ",\n".join(rounds) + "\n  ]")


#: What stands for the moves while the rest of a game is written (no header holds it).
_MOVES_MARK = "\x00moves\x00"
_MOVES_MARK_TEXT = json.dumps(_MOVES_MARK)
_PLAIN_MOVE = re.compile(r"[a-z0-9,]*")
_LIST, _STR = frozenset({list}), frozenset({str})


def _quoted(move: str) -> str:
    """`json.dumps(move)`: cells and commas need no escape."""
    return f'"{move}"' if _PLAIN_MOVE.fullmatch(move) else json.dumps(move, ensure_ascii=False)


def _indented(game: dict[str, Any] | None) -> str:
    """A game of an array, indented as `json.dumps(array, indent=2)` would place it."""
    return "\n".join("  " + line for line in _dumped(game).split("\n"))


def _indented_text(text: str) -> str:
    """`_indented` of the game `text` is (`_dumped` of it and a newline, as `write` writes it alone)."""
    return "  " + text[:-1].replace("\n", "\n  ")


FORMAT = AbstractPlay()
