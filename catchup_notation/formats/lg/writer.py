"""Little Golem records written: the root properties in Little Golem's order, one node a turn,
variations as SGF subtrees, with a warning for each thing the notation cannot hold.
"""

from __future__ import annotations

import functools
import operator
import re
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from catchup_notation.board import Board, Cell
from catchup_notation.compiled import core
from catchup_notation.errors import WriteError
from catchup_notation.formats.base import (
    NotationWarning,
    PackedGame,
    ending_dropped,
    lost_headers,
    plain_of,
    remembered_each,
)
from catchup_notation.formats.colours import colour_mark
from catchup_notation.formats.lg.cells import cell_name
from catchup_notation.formats.lg.dialect import BOARD_PROPERTY, CARRIES, COMMENT, LETTERS
from catchup_notation.formats.lg.sgf import escape
from catchup_notation.model import Annotations, Record, Turn, Variation
from catchup_notation.rules.registry import parse_variant
from catchup_notation.shapes import board_text

if TYPE_CHECKING:
    from catchup_notation.rules.registry import Variant


_FIRST = ("FF", "EV", "PB", "PW", "SZ", "XB", "RE", "GC", "SO")
_PROPERTY_NAME = re.compile(r"[A-Z]+")  # FF[4] property names are upper case


@lru_cache(maxsize=1024)  # the same few keys on every record
def _is_property_name(key: str) -> bool:
    return _PROPERTY_NAME.fullmatch(key) is not None


def _header_words(keys: list[str]) -> str:
    if len(keys) == 1:
        return f"header {keys[0]!r} is not an SGF property name"
    return f"headers {', '.join(map(repr, keys))} are not SGF property names"


def write_record(record: Record) -> tuple[str, list[NotationWarning]]:
    """Canonical LG text of one record: root properties in LG's order, one node per turn."""
    variant = parse_variant(record.variant)
    if variant.family != "hex":
        raise WriteError(f"Little Golem records are hex games, not {record.variant}", code="wrong-family")
    headers, players = record.headers, record.players
    if record.annotations is None and BOARD_PROPERTY not in headers and "players" not in headers:
        literals, sources, said = _root_template(record.variant, tuple(headers), *(p is not None for p in players))
        values = [escape((players[s] if isinstance(s, int) else record.header_text(s)) or "") for s in sources]
        out = [literals[0], *(value + literal for value, literal in zip(values, literals[1:], strict=True))]
        warnings = list(said)
    else:
        out, warnings = _root(record, variant)
    annotations = record.annotations or Annotations()
    branches = _branches(record, warnings)
    plain = plain_of(record, variant.board)
    if plain is not None:
        out.append(_plain_nodes(*plain, variant.board))
    previous = 0
    for number, turn in enumerate(() if plain is not None else record.turns, 1):
        if turn.numbers:
            raise WriteError("Little Golem records hold cells, not numbers", code="wrong-family")
        if turn.player == previous:
            warnings.append(
                NotationWarning(
                    "turn-order-dropped",
                    f"turns {number - 1} and {number} are both player {turn.player}'s: written as consecutive nodes of "
                    "one colour, they read back as one turn",
                )
            )
        previous = turn.player
        if not turn.cells:
            warnings.append(NotationWarning("pass-written", "a turn without stones is written as an empty move"))
        if number - 1 in branches:  # the game goes on in the first subtree; its variations follow it
            out.append("(")
        out.append(_node(turn, variant, annotations.comment(number)))
    if record.resigned is not None:
        out.append(f";{LETTERS[record.resigned]}[resign]")
    for after in sorted(branches, reverse=True):
        out.append(")")
        out.extend(_variation_text(v, variant) for v in branches[after])
    warnings.extend(ending_dropped(record))
    out.append(")\n")
    return "".join(out), warnings


def write_packed(game: PackedGame, headers: dict[str, str]) -> tuple[str, list[NotationWarning]] | None:
    """`write_record` of the record a plain game packed (`Format.write_packed`) and its headers
    are read as, from its packed turns and the root's template; None where `write_record` writes
    it otherwise than from those (a comment, a board of another shape, a pass: it is read into a
    record and written so)."""
    variant, first, turns, resigned = game
    if COMMENT in headers or BOARD_PROPERTY in headers or "players" in headers:
        return None
    hexcore = core("_hexcore")
    names = _cell_names(variant)
    nodes = None if hexcore is None or names is None else hexcore.write_turns(turns, first, _HEADS, names, "", "]", "")
    if nodes is None:
        return None
    form, values_of, said = _packed_template(variant, tuple(headers))
    values = values_of(headers)
    if "\\" in "".join(values) or "]" in "".join(values):
        values = tuple(map(escape, values))
    return form.format(*values, nodes, f";{LETTERS[resigned]}[resign])\n" if resigned else ")\n"), list(said)


@lru_cache(maxsize=256)
def _packed_template(
    variant: str, keys: tuple[str, ...]
) -> tuple[str, Callable[[dict[str, str]], tuple[str, ...]], tuple[NotationWarning, ...]]:
    """`_root_template` for `write_packed`, whose players are the headers PW and PB: the game's
    text as a `str.format` pattern (the root's values, then the nodes and the ending), what takes
    the values out of the headers, and the warnings."""
    literals, sources, said = _root_template(variant, keys, "PW" in keys, "PB" in keys)
    named = tuple(("PW", "PB")[source] if isinstance(source, int) else source for source in sources)
    form = "{}".join(literal.replace("{", "{{").replace("}", "}}") for literal in literals) + "{}{}"
    # itemgetter gives a tuple of two keys or more, a lone value of one
    values_of = operator.itemgetter(*named) if len(named) > 1 else functools.partial(_values, named)
    return form, values_of, said


def _values(keys: tuple[str, ...], headers: dict[str, str]) -> tuple[str, ...]:
    return tuple(headers[key] for key in keys)


#: The start of each player's move node, player 1's (W) first.
_HEADS = (f";{LETTERS[1]}[", f";{LETTERS[2]}[")


@lru_cache(maxsize=32)
def _cell_names(variant: str) -> tuple[str, ...] | None:
    """The name of each cell of `variant`'s board by its index (the packed turns' cells), None
    where the board's cells are not all named so (`cell_name`) or it is not a hex variant."""
    chosen = parse_variant(variant)
    if chosen.family != "hex":
        return None
    board = chosen.board
    try:
        return tuple(cell_name(cell, board) for cell in board.cells)
    except WriteError:
        return None


def _root(record: Record, variant: Variant) -> tuple[list[str], list[NotationWarning]]:
    """The game's start and its root node's properties, and what writing them says."""
    warnings: list[NotationWarning] = []
    root: dict[str, str] = {"FF": "4"}
    lost = lost_headers(record, CARRIES, _is_property_name)
    if lost:
        warnings.append(
            NotationWarning(
                "headers-dropped",
                f"{_header_words(lost)} (upper-case letters) and not written",
            )
        )
    for name in record.headers:
        if _is_property_name(name):
            root[name] = escape(record.header_text(name) or "")
    for name, player in (("PW", record.players[0]), ("PB", record.players[1])):
        if player is not None:
            root[name] = escape(player)
    stated = root.pop(BOARD_PROPERTY, None)
    if variant.hexhex:
        root["SZ"] = str(variant.size)
    else:
        root.pop("SZ", None)
        root[BOARD_PROPERTY] = escape(board_text(variant.board))
    if stated is not None and stated != root.get(BOARD_PROPERTY):
        warnings.append(
            NotationWarning(
                "headers-dropped",
                f"{BOARD_PROPERTY} is where this library writes a board of another shape; the record's "
                f"{BOARD_PROPERTY}[{stated}] is not written",
            )
        )
    if variant.name != "catchup":
        warnings.append(
            NotationWarning(
                "variant-dropped",
                f"Little Golem records do not name the variant; {record.variant} must be given when reading it back",
            )
        )
    annotations = record.annotations or Annotations()
    game_comment = annotations.comment(0)
    if game_comment is not None:
        said = root.get(COMMENT)
        root[COMMENT] = escape(game_comment) if said is None else said + "\n" + escape(game_comment)
    ordered = [n for n in _FIRST if n in root] + [n for n in root if n not in _FIRST]
    return ["(;", "".join(f"{name}[{root[name]}]" for name in ordered)], warnings


@lru_cache(maxsize=256)
def _root_template(
    variant: str, keys: tuple[str, ...], white: bool, black: bool
) -> tuple[tuple[str, ...], tuple[str | int, ...], tuple[NotationWarning, ...]]:
    """What `_root` writes of a record with no annotations, no `XB` and no `players` header (most
    records; keyed by their variant, header keys and which players are named, since what it
    writes and says depends on nothing else): its text cut around the values (`literals`), what
    goes between them (a header's key, or 0 and 1 for the players' names) and its warnings."""
    sources: list[str | int] = [*keys, 0, 1]
    marks = [f"\x00{at}\x00" for at in range(len(sources))]
    stand_in = Record(
        variant,
        headers=dict(zip(keys, marks, strict=False)),
        players=(marks[-2] if white else None, marks[-1] if black else None),
    )
    out, warnings = _root(stand_in, parse_variant(variant))
    pieces = "".join(out).split("\x00")
    return tuple(pieces[0::2]), tuple(sources[int(at)] for at in pieces[1::2]), tuple(warnings)


def _node(turn: Turn, variant: Variant, comment: str | None) -> str:
    """A move's node, `;W[D4F6]`, with its comment."""
    if turn.numbers:
        raise WriteError("Little Golem records hold cells, not numbers", code="wrong-family")
    board = variant.board
    if turn.colours:
        value = "".join(
            cell_name(c, board) + ("" if colour == turn.player else colour_mark(variant.spec, colour))
            for c, colour in zip(turn.cells, turn.colours, strict=True)
        )
    else:
        value = "".join(cell_name(c, board) for c in turn.cells)
    said = f"{COMMENT}[{escape(comment)}]" if comment else ""
    return f";{LETTERS[turn.player]}[{value}]{said}"


def _plain_nodes(first: int, cells: list[tuple[Cell, ...]], board: Board) -> str:
    """The nodes of plain turns (`plain_of`), as `_node` writes them, each from a table of the
    nodes written so far on `board` (they repeat across a collection)."""
    mover, other = (_nodes(board, "B"), _nodes(board, "W")) if first == 2 else (_nodes(board, "W"), _nodes(board, "B"))
    nodes: list[str] = [""] * len(cells)
    for start, table in ((0, mover), (1, other)):
        node = functools.partial(_node_of, letter=table[()], board=board)
        nodes[start::2] = remembered_each(table, cells[start::2], node)
    return "".join(nodes)


def _node_of(turn: tuple[Cell, ...], letter: str, board: Board) -> str:
    return f";{letter}[{''.join(cell_name(c, board) for c in turn)}]"


@lru_cache(maxsize=32)
def _nodes(board: Board, letter: str) -> dict[tuple[Cell, ...], str]:
    """The nodes of `letter`'s turns written so far on `board`, by their cells (the empty turn,
    never a plain one, keys the letter)."""
    return {(): letter}


def _variation_text(variation: Variation, variant: Variant) -> str:
    comments = variation.comments or ("",) * len(variation.turns)
    nodes = (_node(t, variant, c) for t, c in zip(variation.turns, comments, strict=False))
    return "(" + "".join(nodes) + ")"


def _branches(record: Record, warnings: list[NotationWarning]) -> dict[int, list[Variation]]:
    """The record's variations by the game's turns before them; those SGF cannot place (past the
    game's last turn, or of no turn) and comments on no turn of the game are said and left out."""
    annotations = record.annotations
    if not annotations:
        return {}
    count = len(record.turns)
    found: dict[int, list[Variation]] = {}
    lost = 0
    for variation in annotations.variations:
        if variation.turns and 0 <= variation.after < count:
            found.setdefault(variation.after, []).append(variation)
        else:
            lost += 1
    if lost:
        warnings.append(
            NotationWarning(
                "annotations-dropped",
                f"{lost} line{'s' if lost != 1 else ''} of play past the game's last turn (or empty) "
                "cannot be written as SGF variations",
            )
        )
    stray = sum(1 for c in annotations.comments if not 0 <= c.turn <= count)
    if stray:
        warnings.append(
            NotationWarning(
                "annotations-dropped", f"{stray} comment{'s' if stray != 1 else ''} on no turn of the game not written"
            )
        )
    return found
