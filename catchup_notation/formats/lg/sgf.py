"""SGF's syntax as Little Golem writes it: the grammar (grammars/lg.lark), the tokens of its parse
tree in order, property values and their escapes, and where each token stands in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from catchup_notation.resources import data_dir

if TYPE_CHECKING:
    from lark import Lark, Token


_WORDS = {
    "MOVE": "a move such as W[E5]",
    "PROPERTY": "a property such as PB[name]",
    "LPAR": "'(' (the start of a game)",
    "RPAR": "')' (the end of the game)",
    "SEMI": "';' (a new node)",
    "MOVES": "a move such as ;W[E5]",
}


@cache
def _parser() -> Lark:
    from lark import Lark  # loaded with the first record read, not with the package

    grammar = (data_dir("grammars") / "lg.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="basic")


class _ValueError(Exception):
    """A bad property value, located in the game text (turned into a NotationError by the caller)."""

    def __init__(self, message: str, spot: _Spot, offset: int, code: str) -> None:
        super().__init__(message)
        self.message, self.spot, self.offset, self.code = message, spot, offset, code


_VALUE = re.compile(r"\[((?:[^\\\]]++|\\.)*+)\]", re.S)


def _property(token: str) -> tuple[str, str]:
    """Name and text value of a property token, without SGF escapes. Several values (never seen in
    a Little Golem root node) are kept joined by `][`."""
    text = str(token)
    bracket = text.index("[")
    values = _VALUE.findall(text, bracket)
    return text[:bracket], "][".join(unescape(v) for v in values)


def unescape(value: str) -> str:
    """An SGF text value without its backslash escapes (and soft line breaks)."""
    if "\\" not in value:
        return value
    return re.sub(r"\\(\n|.)", lambda m: "" if m.group(1) == "\n" else m.group(1), value, flags=re.S)


def escape(value: str) -> str:
    """An SGF text value with `\\` and `]` escaped."""
    return value.replace("\\", "\\\\").replace("]", "\\]")


#: The grammar's token types (the flattened tree holds marks of its subtrees besides).
_TOKEN_TYPES = frozenset({"SEMI", "MOVES", "MOVE", "PROPERTY"})


class _Mark(NamedTuple):
    """Where a subtree (a variation) starts or ends in the flattened parse tree."""

    type: str  # "OPEN" or "CLOSE"


_OPEN, _CLOSE = _Mark("OPEN"), _Mark("CLOSE")


def _flattened(tree: Any) -> list[Any]:
    """The parse tree's tokens in order, with an OPEN and a CLOSE mark around each variation's
    (without recursion: a file may nest variations deeply)."""
    out: list[Any] = []
    stack = [iter(tree.children)]
    while stack:
        for child in stack[-1]:
            if hasattr(child, "children"):
                out.append(_OPEN)
                stack.append(iter(child.children))
                break
            out.append(child)
        else:
            stack.pop()
            if stack:
                out.append(_CLOSE)
    return out


_MOVE_NODE = re.compile(r";[ \t\n]*([WB])[ \t\n]*\[([^\]]*)\]")


class _Spot(NamedTuple):
    """Where a property or a move node starts in the text Lark parsed (1-based)."""

    line: int
    column: int


def _spot(tok: Token) -> _Spot:
    return _Spot(tok.line or 1, tok.column or 1)


def _move_nodes(tok: Token) -> Iterator[tuple[_Spot, re.Match[str]]]:
    """The move nodes of a MOVES token, each with its line and column in the file."""
    text = str(tok)
    line, column = _spot(tok)
    line_start = -column + 1  # offset of the line's first character in `text`
    counted = 0
    for match in _MOVE_NODE.finditer(text):
        start = match.start()
        breaks = text.count("\n", counted, start)
        if breaks:
            line += breaks
            line_start = text.rindex("\n", counted, start) + 1
        counted = start
        yield _Spot(line, start - line_start + 1), match
