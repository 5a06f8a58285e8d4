"""The JSON notation's writing of a plain game given packed (`Format.write_packed`) and its direct
reading of that writing back (`Format.read_packed`), for `catchup convert` to convert plain Little
Golem games without a record.

The line is the one `JsonFormat.write` writes of the record reading the game gives: its text
without the values is made once per shape (the variant, the header keys, which players are named,
the resignation) by the writer's own means on a stand-in record whose values are marks, and each
game's values (JSON strings) and turns (`_hexcore.write_turns`, each turn as `_turn_text` writes
it) are put in their places. Reading back takes the turns' array as the JSON reader reads it
(`_hexcore.scan_json_turns`: only what the writer writes of plain turns) and loads the rest of the
line once for each of its skeletons (`_hexcore.json_skeleton`: the line without the turns and
without the values of its strings, which are checked to be JSON strings): the rest of a shape
not seen before is made a Record (`from_data`) once, to know that it reads: a string in a place
where one reads reads whatever it holds.
"""

from __future__ import annotations

import json
import operator
import re
from array import array
from collections.abc import Callable
from functools import lru_cache
from json.encoder import encode_basestring
from typing import Any

from catchup_notation.compiled import core
from catchup_notation.errors import RecordError, VariantError
from catchup_notation.formats.base import REMEMBERED, NotationWarning, PackedGame
from catchup_notation.limits import MAX_LINE_CHARS
from catchup_notation.model import Record
from catchup_notation.rules.registry import parse_variant
from catchup_notation.serialization import from_data, to_data


def write_packed(game: PackedGame, headers: dict[str, str]) -> tuple[str, list[NotationWarning]] | None:
    """`JsonFormat.write` of the record of a plain game packed, read from Little Golem's notation
    (its players the headers PW and PB), one line; None where it is written from a record only (a
    board of another shape, a pass, a cell off the board)."""
    variant, first, turns, resigned = game
    hexcore = core("_hexcore")
    names = _cell_texts(variant)
    if hexcore is None or names is None or "@" in variant:
        return None
    written = hexcore.write_turns(turns, first, _HEADS, names, ", ", _TAIL, ", ")
    if written is None:
        return None
    form, values_of = _line_template(variant, tuple(headers), resigned)
    return form.format(*map(encode_basestring, values_of(headers)), written), []


#: A turn as `jsonformat._turn_text` writes one: its head by player, what ends it.
_HEADS = ('{"player": 1, "cells": [', '{"player": 2, "cells": [')
_TAIL = '], "numbers": []}'
_MARK = re.compile(r'"\\u0000([0-9]+|turns)\\u0000"')


@lru_cache(maxsize=32)
def _cell_texts(variant: str) -> tuple[str, ...] | None:
    """Each cell of `variant`'s board by its index, as the writer writes a cell (`[q, r]`)."""
    try:
        board = parse_variant(variant).board
    except (ValueError, VariantError):
        return None
    return tuple(json.dumps(list(cell)) for cell in board.cells)


@lru_cache(maxsize=256)
def _line_template(
    variant: str, keys: tuple[str, ...], resigned: int
) -> tuple[str, Callable[[dict[str, str]], tuple[str, ...]]]:
    """The line the writer writes of a record of this shape as a `str.format` pattern (each value,
    a JSON string, then the turns' array's inside), and what takes the values out of the headers."""
    marks = {key: f"\x00{at}\x00" for at, key in enumerate(keys)}
    stand_in = Record(
        variant,
        headers=marks,
        players=(marks.get("PW"), marks.get("PB")),
        resigned=resigned or None,
    )
    data = to_data(stand_in)
    data["turns"] = "\x00turns\x00"
    line = json.dumps(data, ensure_ascii=False) + "\n"
    pieces = _MARK.split(line)  # the text between the marks, and the marks' keys
    named = [keys[int(at)] for at in pieces[1::2] if at != "turns"]
    form, value = [], 0
    for k, piece in enumerate(pieces):
        if k % 2 == 0:
            form.append(piece.replace("{", "{{").replace("}", "}}"))
        elif piece == "turns":
            form.append("[{" + str(len(named)) + "}]")
        else:
            form.append("{" + str(value) + "}")
            value += 1
    form_text = "".join(form)
    getter = operator.itemgetter(*named) if len(named) > 1 else (lambda h: tuple(h[key] for key in named))
    return form_text, getter


def read_packed(text: str, variant: str | None) -> PackedGame | None:
    """A line written alone by `write_packed` (or `JsonFormat.write`, of plain turns) read back as
    the JSON reader reads it: the variant it names, its turns packed, who resigned; None for
    anything else (the reader reads it). The record names its variant: `variant` must be None."""
    hexcore = core("_hexcore")
    if hexcore is None or variant is not None or len(text) > MAX_LINE_CHARS or not text.endswith("}\n"):
        return None
    # The head, `{"variant": "...", "turns": [`: the variant's string ends where the turns' key
    # first follows (a string that holds `", "turns": [` has a '\"' there, and is not a string
    # by itself: `_variant_board` says so, and the reader reads the line)
    if not text.startswith(_HEAD):
        return None
    stop = text.find(_TURNS_KEY, len(_HEAD))
    if stop < 0:
        return None
    written, start = text[len(_HEAD) - 1 : stop + 1], stop + len(_TURNS_KEY)
    board = _variant_board(written)
    if board is None:
        return None
    stated, index, reach = board
    found = hexcore.scan_json_turns(text, start, index, reach)
    if found is None:
        return None
    first, turns, end = found
    skeleton = hexcore.json_skeleton(text, start, end)  # one line, its strings JSON's
    if skeleton is None:
        return None
    shape = (written, skeleton)  # the variant as written, whose value the skeleton leaves out
    resigned = _skeletons.get(shape)
    if resigned is None:
        resigned = _rest_read(text, start, end)
        if len(_skeletons) < REMEMBERED:
            _skeletons[shape] = resigned
    return None if resigned < 0 else (stated, first, turns, resigned)


def _rest_read(text: str, start: int, end: int) -> int:
    """Who resigned (0 for none) in the rest of a line (`text` without its turns' inside,
    text[start:end - 1]) as the JSON reader reads it, or -1 where it does not read as a record's
    rest: a line's rest reads the same as another's of the same variant and skeleton
    (`json_skeleton`), as the strings taken out of it are read as strings whatever they hold."""
    if '"turns"' in text[end:]:  # a key given twice: the last one counts
        return -1
    try:  # what `jsondoc.load` reads as json does, where `_reads` takes it: no number, two deep
        value = json.loads(text[:start] + text[end - 1 : -1])
    except ValueError:
        return -1
    return (value.get("resigned") or 0) if _reads(value) else -1


#: Who resigned in each line's rest read so far, by its variant as written and its skeleton
#: (`_rest_read`).
_skeletons: dict[tuple[str, str], int] = {}


#: How a line written alone starts (the variant's string opens with its last character), and what
#: follows the variant's string.
_HEAD, _TURNS_KEY = '{"variant": "', '", "turns": ['


@lru_cache(maxsize=64)
def _variant_board(written: str) -> tuple[str, bytes, int] | None:
    """The variant a record naming the variant `written` (a JSON string) is judged under, spelt
    out, and its board's cell indices by coordinates as `scan_json_turns` reads them (the table and
    its reach); None where it does not name one (`written` is not one JSON string, or names a board
    file, read each time, or a board too wide for a table)."""
    try:
        variant = json.loads(written)
        chosen = None if "@" in variant else parse_variant(variant)
    except (ValueError, VariantError):  # a JSONDecodeError is a ValueError
        return None
    if chosen is None:
        return None
    cells = chosen.board.cells
    reach = max((max(abs(q), abs(r)) for q, r in cells), default=0)
    if reach > _REACH:
        return None
    width = 2 * reach + 1
    table = array("i", [-1]) * (width * width)
    for at, (q, r) in enumerate(cells):
        table[(q + reach) * width + r + reach] = at
    return str(chosen), table.tobytes(), reach


#: The farthest coordinate of a board whose cells are read by a table (a side-40 board's is 39).
_REACH = 200


def _reads(value: Any) -> bool:
    """Whether the rest of a line (its turns' array empty) is a record's: a JSON object of strings
    in the places the writer writes them, of a shape made a Record once (`from_data`)."""
    if type(value) is not dict or value.get("turns") != []:
        return False
    resigned = value.get("resigned")
    if resigned is not None and (type(resigned) is not int or resigned not in (1, 2)):  # not 1.0, not true
        return False
    players, headers = value.get("players"), value.get("headers")
    if type(players) is not list or type(headers) is not dict:
        return False
    if [v for v in headers.values() if type(v) is not str] or [
        p for p in players if p is not None and type(p) is not str
    ]:
        return False
    shape = (tuple(value), value.get("variant"), resigned, tuple(p is None for p in players), tuple(headers))
    known = _shapes.get(shape)
    if known is None:
        try:
            known = not from_data(value, Record).turns
        except (RecordError, VariantError, ValueError, TypeError):
            known = False
        if len(_shapes) < REMEMBERED:
            _shapes[shape] = known
    return known


#: Whether each shape of a line's rest read so far is a record's.
_shapes: dict[tuple[Any, ...], bool] = {}
