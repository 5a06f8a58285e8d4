"""The plain reader: a game as Little Golem writes it (a root node, then one move a node) read
with regular expressions, or on the compiled core when it is built, without the grammar.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from catchup_notation.board import Board, Cell
from catchup_notation.compiled import core
from catchup_notation.formats.base import PackedGame, Parsed, PlainGame
from catchup_notation.formats.lg.cells import label_table, parse_cells
from catchup_notation.formats.lg.dialect import (
    _ROOT_PROPERTY,
    COLOURS,
    COMMENT,
    _Offsets,
    _record_fields,
    _resignation_warnings,
    _root_headers,
    _variant_of,
)
from catchup_notation.limits import MAX_RECORD_CHARS, MAX_TURNS
from catchup_notation.model import DeferredRecord, Location, Record, Turn, new_location, own_stones_turn

if TYPE_CHECKING:
    from catchup_notation.rules.registry import Variant

# A game of a root node of properties and then plain move nodes: what Little Golem writes.
_PLAIN_GAME = re.compile(
    r"\([ \t\n]*;(?P<root>(?:[ \t\n]*[A-Za-z]+(?:[ \t\n]*\[(?:[^\\\]]++|\\.)*+\])+)*)[ \t\n]*"
    r"(?P<moves>(?:;[ \t\n]*[WB][ \t\n]*\[[^\]\\=]*\][ \t\n]*)*)\)",
    re.S,
)
# One move node with the blanks after it: the `moves` of `_PLAIN_GAME` is a run of these, so the
# lengths of the runs found add up to each node's offset.
_PLAIN_NODE = re.compile(r"(;[ \t\n]*([WB])[ \t\n]*\[([^\]]*)\][ \t\n]*)")


def _plain_game(text: str, line: int, column: int, index: int, source: str | None, variant: str) -> Parsed | None:
    """A plain game read without the grammar, or None to leave it to the grammar: the same record
    and warnings `_grammar_game` gives (tests/test_lg.py checks the two agree). With the compiled
    core, `_plain_on_core` reads it."""
    hexcore = core("_hexcore")
    if hexcore is not None:
        return _plain_on_core(hexcore, text, line, column, index, source, variant)
    game = _PLAIN_GAME.fullmatch(text)
    if game is None:
        return None
    headers = _root_headers(_ROOT_PROPERTY.findall(game.group("root")))
    variant_obj = _variant_of(headers, variant) if headers is not None else None
    if headers is None or variant_obj is None:
        return None
    board = variant_obj.board
    known = _known_cells(board)
    moves_at = game.start("moves")
    # Every node on the game's first line (how Little Golem writes a game): columns by arithmetic.
    one_line = text.find("\n", 0, game.end("moves")) < 0
    where = _Offsets(text, line, column)
    turns: list[Turn] = []
    resigned: int | None = None
    resigned_at: Location | None = None
    previous = ""
    offset = moves_at
    for found in _PLAIN_NODE.finditer(text, moves_at, game.end("moves")):
        node, colour, value = found.groups()
        if resigned is not None or len(turns) >= MAX_TURNS:  # a move after resigning, too many: the grammar's error
            return None
        at = new_location(line, column + offset) if one_line else where.location(offset)
        offset += len(node)
        cells = known.get(value)
        if cells is None:
            cells = parse_cells(value, board)
            if len(known) < _KNOWN_VALUES:
                known[value] = cells
        if isinstance(cells, int):  # not cells: a resignation, or the grammar's error
            if value.strip().lower() != "resign":
                return None
            resigned, resigned_at = COLOURS[colour], at
            continue
        if colour == previous:  # consecutive nodes of one colour: merged, with a warning
            return None
        previous = colour
        turns.append(own_stones_turn(COLOURS[colour], cells, at))
    fields = _record_fields(variant_obj, headers, resigned, resigned_at, source, index, line, column)
    record = Record(turns=tuple(turns), **fields)
    warnings = _resignation_warnings(text, line, column, headers, resigned, game.start("root"), game.group("root"))
    return Parsed(index, record, None, warnings, line=line)


def _plain_on_core(
    hexcore: Any, text: str, line: int, column: int, index: int, source: str | None, variant: str
) -> Parsed | None:
    """`_plain_game` on the compiled core: the core checks the game's shape and reads its moves
    (into one tuple of cells per turn and the turns' cell indices); the record's Turn objects are
    made only when something asks for them (a DeferredRecord), and replay feeds the core the
    indices as they are."""
    found = _scanned(hexcore, text, variant)
    if found is None:
        return None
    headers, variant_obj, (root_start, root_end, _, moves_end), scanned = found
    board = variant_obj.board
    first, cells, offsets, turns, resigner, resigned_offset = scanned
    resigned = resigner or None
    resigned_at = _Offsets(text, line, column).location(resigned_offset) if resigned is not None else None
    # Every node on the game's first line (how Little Golem writes a game): columns by arithmetic.
    one_line = text.find("\n", 0, moves_end) < 0

    def make() -> tuple[Turn, ...]:
        where = _Offsets(text, line, column)
        player: Literal[1, 2] = 1 if first == 1 else 2
        made = []
        for turn_cells, offset in zip(cells, memoryview(offsets).cast("i"), strict=True):
            at = new_location(line, column + offset) if one_line else where.location(offset)
            made.append(own_stones_turn(player, turn_cells, at))
            player = 2 if player == 1 else 1
        return tuple(made)

    fields = _record_fields(variant_obj, headers, resigned, resigned_at, source, index, line, column)
    record = DeferredRecord.deferred(make, PlainTurns(board, first, cells, turns), **fields)
    root = text[root_start:root_end]
    warnings = _resignation_warnings(text, line, column, headers, resigned, root_start, root)
    return Parsed(index, record, None, warnings, line=line)


def _scanned(
    hexcore: Any, text: str, variant: str
) -> tuple[dict[str, str], Variant, tuple[int, int, int, int], tuple[Any, ...]] | None:
    """A plain game scanned on the core: its headers, the variant it is read under, where its root
    and moves are (root start and end, moves start and end) and what `scan_moves` gives of its
    moves; None where `_plain_game` leaves it to the grammar."""
    found = hexcore.scan_plain(text)
    if found is None:
        return None
    properties, root_start, root_end, moves_start, moves_end = found
    if text.count(";", moves_start, moves_end) > MAX_TURNS:  # the grammar's limit error, before any turn is made
        return None
    headers = properties if isinstance(properties, dict) else _root_headers(properties)
    if headers is not None and COMMENT in headers:  # the game's comment: the grammar reads it
        return None
    variant_obj = _variant_of(headers, variant) if headers is not None else None
    if headers is None or variant_obj is None:
        return None
    board = variant_obj.board
    scanned = hexcore.scan_moves(text, moves_start, moves_end, _known_plain(board), _plain_learner(board))
    if scanned is None:
        return None
    return headers, variant_obj, (root_start, root_end, moves_start, moves_end), scanned


def plain_turns(text: str, variant: str | None) -> PlainGame | None:
    """`LittleGolem.plain_turns`: a game written alone by `write_record` (one line, a newline
    after it), read back as `_plain_on_core` reads it, without the record; None where the core is
    not built or the game is not plain (the reader reads it)."""
    hexcore = core("_hexcore")
    if hexcore is None or len(text) > MAX_RECORD_CHARS or not text.endswith(")\n"):
        return None
    game = text[:-1]
    # One game on one line, as the collection's splitter cuts it: no parenthesis but its own.
    if "\n" in game or "\r" in game or game.count("(") != 1 or game.count(")") != 1 or game[0] != "(":
        return None
    found = _scanned(hexcore, game, variant or "catchup")
    if found is None:
        return None
    _, variant_obj, _, (first, cells, *_) = found
    if not all(cells):  # an empty move: a pass, which is no plain turn (`plain_of`)
        return None
    return str(variant_obj), first if cells else 0, cells


def read_packed(text: str, variant: str | None) -> PackedGame | None:
    """`LittleGolem.read_packed`: a game written alone by `write_packed` (a newline after it) read
    back as the compiled judge reads a game (`_hexcore.scan_packed`: the root simple, each value
    one, no escape), under `variant` (None: catchup) sized by its SZ; None where the core is not
    built or it is not read so (the reader reads it)."""
    hexcore = core("_hexcore")
    chosen = variant or "catchup"
    if hexcore is None or len(text) > MAX_RECORD_CHARS or not text.endswith(")\n") or "@" in chosen:
        return None  # a board file is read each time (it may change): not remembered here
    sized = _sized(chosen)
    found = hexcore.scan_packed(text[:-1], sized.__getitem__, MAX_TURNS)
    if found is None:
        return None
    size, first, turns, resigned = found
    name = sized.variants.get(size)
    if name is None:  # a size past those remembered
        read_by = _variant_of({} if size is None else {"SZ": size}, chosen)
        if read_by is None:
            return None
        name = str(read_by)
    return name, first, turns, resigned


class _Sized(dict[str | None, bytes | None]):
    """The labels of the board a game of each SZ value is read on under one variant (None: no such
    board), and its variant's name, found for the first game of that size and remembered."""

    def __init__(self, variant: str) -> None:
        super().__init__()
        self.variant = variant
        self.variants: dict[str | None, str] = {}

    def __missing__(self, size: str | None) -> bytes | None:
        read_by = _variant_of({} if size is None else {"SZ": size}, self.variant)
        labels = None if read_by is None else label_table(read_by.board)
        if len(self) < _KNOWN_SIZES:
            self[size] = labels
            if read_by is not None:
                self.variants[size] = str(read_by)
        return labels


#: Sizes remembered per variant (a collection holds a few).
_KNOWN_SIZES = 64


@lru_cache(maxsize=16)
def _sized(variant: str) -> _Sized:
    return _Sized(variant)


def game_headers(text: str) -> dict[str, str] | None:
    """The headers of a plain game as `_plain_on_core` reads them, where its root is simple (each
    property one value, no escape: the values as they are) and holds no comment (the game's, which
    the grammar reads); None otherwise or without the core."""
    hexcore = core("_hexcore")
    found = None if hexcore is None else hexcore.scan_plain(text)
    headers = found[0] if found is not None and isinstance(found[0], dict) else None
    return None if headers is None or COMMENT in headers else headers


class PlainTurns(NamedTuple):
    """The turns of a plain record as the compiled core replays them: the board they were read
    on, the first player (the players alternate), one tuple of cells per turn (the mover's own
    stones), and the turns packed as int32: per turn its count of stones, then their cell indices
    on `board` (-1 off it)."""

    board: Board
    first: int
    cells: list[tuple[Cell, ...]]
    turns: bytes


#: Move values remembered per board (they repeat a great deal across a collection).
_KNOWN_VALUES = 1 << 16


@lru_cache(maxsize=16)
def _known_cells(board: Board) -> dict[str, tuple[Cell, ...] | int]:
    """The move values read so far on `board` (a dict: a lookup per turn costs less than a call)."""
    return {}


#: A move value read for the compiled core: its cells and their indices (int32), or where it is bad.
PlainValue = tuple[tuple[Cell, ...], bytes] | int


@lru_cache(maxsize=16)
def _known_plain(board: Board) -> dict[str, PlainValue]:
    """The move values read so far on `board` for the compiled core."""
    return {}


@lru_cache(maxsize=16)
def _plain_learner(board: Board) -> Callable[[str], PlainValue]:
    """What the compiled scan calls for a move value it does not know yet: read and remembered."""
    known = _known_plain(board)
    index = board.index

    def learn(value: str) -> PlainValue:
        cells = parse_cells(value, board)
        found: PlainValue = cells if isinstance(cells, int) else (cells, _int32(index.get(c, -1) for c in cells))
        if len(known) < _KNOWN_VALUES:
            known[value] = found
        return found

    return learn


def _int32(values: Iterable[int]) -> bytes:
    return array("i", values).tobytes()
