"""Little Golem's dialect of SGF: what its properties mean (players, size, board, result,
comments), shared by the plain reader and the grammar's.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

from catchup_notation.board import Board
from catchup_notation.errors import BoardError, VariantError
from catchup_notation.formats.base import NotationWarning
from catchup_notation.formats.lg.sgf import _property
from catchup_notation.limits import int_of
from catchup_notation.model import Location, new_location
from catchup_notation.rules.registry import parse_variant
from catchup_notation.shapes import parse_board

if TYPE_CHECKING:
    from catchup_notation.rules.registry import Variant


COLOURS: dict[str, Literal[1, 2]] = {"W": 1, "B": 2}
LETTERS = {1: "W", 2: "B"}
#: What a Little Golem record can hold (`Format.carries`), for the reader and the writer.
CARRIES = frozenset(
    {"size", "board", "players", "headers", "resignation", "passes", "colours", "several", "annotations"}
)

#: The SGF property of a comment: on the root node, the game's; on a move's node, that turn's.
COMMENT = "C"


#: Our own root property (not Little Golem's) for a board of another shape than hexhex: its
#: spelling as a variant's board= takes it (an inline mask or a cell list; never a file).
BOARD_PROPERTY = "XB"


def shape_of(headers: dict[str, str], variant: str) -> Board | None:
    """The board an `XB` property spells, unless there is none or the variant read under gives
    a board of its own (which wins, as --variant wins over what a record says)."""
    text = headers.get(BOARD_PROPERTY)
    if text is None or not parse_variant(variant).hexhex:
        return None
    if text.lstrip().startswith("@"):
        raise BoardError("a record spells its board out; it cannot name a file")
    return parse_board(text)


_ROOT_PROPERTY = re.compile(r"([A-Za-z]+)((?:[ \t\n]*\[(?:[^\\\]]++|\\.)*+\])+)", re.S)


def _record_fields(
    variant: Variant,
    headers: dict[str, str],
    resigned: int | None,
    resigned_at: Location | None,
    source: str | None,
    index: int,
    line: int,
    column: int,
) -> dict[str, Any]:
    """A plain game's Record fields but its turns."""
    return {
        "variant": str(variant),
        "resigned": resigned,
        "players": (headers.get("PW"), headers.get("PB")),
        "headers": headers,
        "source": source,
        "index": index,
        "at": Location(line, column),
        "resigned_at": resigned_at,
    }


def _root_headers(properties: list[tuple[str, str]]) -> dict[str, str] | None:
    """The headers of a plain game's root properties (name, values text), or None for the
    grammar: a property given twice, or a move in the root node."""
    headers: dict[str, str] = {}
    for name, values in properties:
        if name in headers or name in ("W", "B", COMMENT):  # a comment is the game's, not a header
            return None
        simple = values[0] == "[" and "\\" not in values and values.find("]") == len(values) - 1
        headers[name] = values[1:-1] if simple else _property(name + values)[1]
    return headers


def _variant_of(headers: dict[str, str], variant: str) -> Variant | None:
    """The variant a plain game is read under (its size and board from its headers), or None for
    the grammar to say what is wrong."""
    size, board = headers.get("SZ"), headers.get(BOARD_PROPERTY)
    if "@" in variant or len(variant) + len(size or "") + len(board or "") > _REMEMBERED_CHARS:
        return _variant_by(size, board, variant)  # a board file is read each time: it may have changed
    return _remembered_variant(size, board, variant)


#: The longest variant and SZ and XB values whose variant is remembered (a collection repeats them).
_REMEMBERED_CHARS = 200


def _variant_by(size: str | None, board: str | None, variant: str) -> Variant | None:
    headers = {key: value for key, value in (("SZ", size), (BOARD_PROPERTY, board)) if value is not None}
    try:
        side = int_of(size) if size is not None else None
        return parse_variant(variant, size=side, board=shape_of(headers, variant))
    except (ValueError, VariantError):  # BoardError is a ValueError
        return None


_remembered_variant = lru_cache(maxsize=256)(_variant_by)


def _resignation_warnings(
    text: str, line: int, column: int, headers: dict[str, str], resigned: int | None, root_at: int, root: str
) -> tuple[NotationWarning, ...]:
    """A warning where RE names the player who resigned (Little Golem's way), not the winner."""
    if "RE" in headers and resigned is not None and headers["RE"].strip()[:1].upper() == LETTERS[resigned]:
        spot = _Offsets(text, line, column).location(root_at + _root_spot(root, "RE"))
        return (NotationWarning("re-names-resigner", _re_message(headers["RE"]), spot.line, spot.column),)
    return ()


def _root_spot(root: str, name: str) -> int:
    """Where property `name` starts in a root node's text (asked only for a warning)."""
    return next(prop.start() for prop in _ROOT_PROPERTY.finditer(root) if prop.group(1) == name)


class _Offsets:
    """Line and column of offsets in a game's text, counted forward (each character once)."""

    def __init__(self, text: str, line: int, column: int) -> None:
        self.text, self.line, self.line_start, self.counted = text, line, -(column - 1), 0

    def location(self, offset: int) -> Location:
        breaks = self.text.count("\n", self.counted, offset)
        if breaks:
            self.line += breaks
            self.line_start = self.text.rindex("\n", self.counted, offset) + 1
        self.counted = offset
        return new_location(self.line, offset - self.line_start + 1)


def _re_message(value: str) -> str:
    return (
        f"RE[{value}] names the player who resigned, not the winner "
        "(Little Golem writes it that way); the resignation decides"
    )
