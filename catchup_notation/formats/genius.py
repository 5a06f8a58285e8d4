"""The Genius ORG's Catchup notation (`genius`): one turn per line, by its cells.

```
Red: B4 B5
Blue: D7 F8
Red: B3, C1, D2
```

Cell names are Little Golem's (row letter, A at the top; number from 1 at the row's left end; side
5 unless the variant says otherwise). A line may start with the mover's colour name: the colours
become the players' names (the first colour on player 1's line is player 1). A line without a
colour is the next player's turn. A final `resign` line (optionally with a colour) records a
resignation. The notation carries nothing else; the writer says so in warnings. One record per text
(a blank text is a game with no turns).

Colour marks: a cell written plainly holds a stone of the mover's own colour. In too and product,
where a player may place either colour, a stone of the other colour carries a mark right after its
cell: `D7=w F8` (`=` and the lower-case initial of the stone colour's name under the variant read,
see `notation.colours`; either case is read, lower case is written). The colour names that start
lines stay the players' names, not stone colours. A mark that names no colour of the variant is an
error at the mark; one that names the opponent's colour under a variant without a choice of colour
is read, for the rules to report (`wrong-colour`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any, TextIO, cast

from catchup_notation.board import Board, Cell
from catchup_notation.errors import NotationError, VariantError, WriteError
from catchup_notation.formats.base import (
    Capped,
    Format,
    LongLine,
    NotationWarning,
    Parsed,
    ReadOptions,
    annotations_dropped,
    ending_dropped,
    lines_of,
    lost_headers,
    write_each,
)
from catchup_notation.formats.colours import (
    UNEXPECTED_MARK,
    colour_mark,
    colour_of_mark,
    mark_warning_due,
    unexpected_mark_message,
    unknown_mark_message,
)
from catchup_notation.formats.diagnostics import syntax_error
from catchup_notation.formats.lg import cell_name, cell_of
from catchup_notation.limits import MAX_RECORD_CHARS, MAX_TEXT_LINE_CHARS, MAX_TURNS, TooManyDigits, int_of
from catchup_notation.model import Location, Record, Turn
from catchup_notation.resources import data_dir
from catchup_notation.rules.registry import Variant, parse_variant

if TYPE_CHECKING:
    from lark import Lark, Token

_WORDS = {
    "CELL": "a cell such as D7 (D7=w: a stone of the other colour)",
    "NAME": "a colour name such as Red",
    "RESIGN": "'resign'",
    "_NL": "a line break",
    "COLON": "':' after the colour name",
    "COMMA": "','",
}


@cache
def _parser() -> Lark:
    from lark import Lark  # loaded with the first record read, not with the package

    grammar = (data_dir("grammars") / "genius.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", maybe_placeholders=True)


#: One line of turns as read: its number and text, the colour name's tokens (None without one),
#: and the cells' tokens or the RESIGN token.
_Line = tuple[int, str, "list[Token] | None", "list[Token] | Token"]


def _lines(lines: Iterable[str]) -> Iterator[_Line]:
    """Each non-blank line of turns, read alone: by `_plain_line`, or else by the grammar (a line is
    read alone as it is in the whole text: nothing spans lines). Raises Lark's `UnexpectedInput`
    with the line's own numbers, and NotationError for a line past the line limit."""
    from lark import Token
    from lark.exceptions import UnexpectedInput

    for number, line in enumerate(lines, 1):
        if isinstance(line, LongLine):
            raise line.error(number)
        if not line.strip(" \t"):
            continue
        plain = _plain_line(line, number)
        if plain is not None:
            yield (number, line, *plain)
            continue
        try:
            tree = _parser().parse(line + "\n")
        except UnexpectedInput as exc:
            exc.line_text, exc.line_number = line, number  # type: ignore[attr-defined]
            raise
        for item in cast("list[Any]", tree.children):
            if item is None or not hasattr(item, "children"):
                continue
            for token in item.scan_values(lambda value: isinstance(value, Token)):
                token.line = token.end_line = number
            colour, body = item.children[0], item.children[1]
            names = list(colour.children) if colour is not None else None
            yield number, line, names, body if not hasattr(body, "children") else list(body.children)


# A line of cells, maybe after a colour name and a colon: what the grammar reads the same way
# every time. Anything else (a resignation, a name without a colon, a stray character) takes the
# grammar, for its own reading and its own error messages.
_PLAIN_LINE = re.compile(
    r"[ \t]*(?:(?P<colour>(?!resign)[A-Za-z][A-Za-z'_-]*(?:[ \t]+(?!resign)[A-Za-z][A-Za-z'_-]*)*)[ \t]*:)?[ \t]*"
    r"(?P<cells>[A-Za-z][0-9]+(?:=[A-Za-z])?(?:[ \t]*,?[ \t]*[A-Za-z][0-9]+(?:=[A-Za-z])?)*[ \t]*,?)[ \t]*",
    re.I,
)
_WORD = re.compile(r"[A-Za-z][A-Za-z'_-]*")
_CELL_TOKEN = re.compile(r"[A-Za-z][0-9]+(?:=[A-Za-z])?")


def _plain_line(line: str, number: int) -> tuple[list[Token] | None, list[Token]] | None:
    """The colour tokens and cell tokens of a plain line without the grammar, else None."""
    from lark import Token

    match = _PLAIN_LINE.fullmatch(line)
    if match is None:
        return None
    names = None
    if match.group("colour") is not None:
        start = match.start("colour")
        names = [
            Token("NAME", w.group(), w.start() + start, number, w.start() + start + 1)
            for w in _WORD.finditer(match.group("colour"))
        ]
    start = match.start("cells")
    cells = [
        Token("CELL", c.group(), c.start() + start, number, c.start() + start + 1)
        for c in _CELL_TOKEN.finditer(match.group("cells"))
    ]
    return names, cells


class Genius(Format):
    """The Genius ORG's turn lists: one game per text."""

    name = "genius"
    title = "The Genius ORG"
    extensions = (".genius",)
    family = "hex"
    carries = frozenset({"players", "resignation", "colours"})
    streaming = False

    def sniff(self, head: str) -> bool:
        lines = [ln.strip() for ln in head.split("\n")[:20] if ln.strip()]
        return bool(lines) and all(_LINE.fullmatch(ln) for ln in lines)

    def cell_name(self, cell: Cell, board: Board) -> str:
        return cell_name(cell, board)

    def read(self, chunks: Iterable[str], options: ReadOptions) -> Iterator[Parsed]:
        from lark.exceptions import UnexpectedInput

        variant, source = options.variant, options.source
        variant_obj = parse_variant(variant or "catchup")  # an unknown variant is a hard error, up front
        if variant_obj.family != "hex":
            raise VariantError(f"The Genius notation records hex games; {variant!r} is not a hex variant")
        text = Capped(chunks, MAX_RECORD_CHARS)
        try:
            record, warnings = _build(_lines(lines_of(text, MAX_TEXT_LINE_CHARS)), source, variant_obj)
        except UnexpectedInput as exc:
            line, number = exc.line_text, exc.line_number  # type: ignore[attr-defined]
            error = syntax_error(exc, line, source=source, words=_WORDS, what="turn list", line_offset=number - 1)
            yield Parsed(0, None, _past_limit(text, source) if text.over else error, line=1)
            return
        except NotationError as exc:
            exc.source = source
            yield Parsed(0, None, _past_limit(text, source) if text.over else exc, line=1)
            return
        # a text past the limit is not read at all: what was read of it is not the record
        yield (
            Parsed(0, None, _past_limit(text, source), line=1)
            if text.over
            else Parsed(0, record, None, tuple(warnings), line=1)
        )

    def write(self, records: Iterable[Record], out: TextIO) -> list[NotationWarning]:
        """One game; a second is refused before anything of it is written (a text of several
        games would read back as one unreadable record)."""

        def one(record: Record, number: int) -> tuple[str, list[NotationWarning]]:
            if number > 0:
                raise WriteError(
                    "the Genius notation holds one game per text, and there are several: write each game to a file "
                    "of its own, or choose a notation that holds several (lg, json)",
                    code="several",
                )
            return write_record(record)

        return write_each(records, out, one)


_LINE = re.compile(
    r"(?:[A-Za-z][A-Za-z'_-]*(?: [A-Za-z][A-Za-z'_-]*)*\s*:?\s*)?"
    r"(?:[A-Za-z][0-9]+(?:=[A-Za-z])?(?:\s*,?\s*[A-Za-z][0-9]+(?:=[A-Za-z])?)*\s*,?|resign(?:s|ed)?)",
    re.I,
)


def _past_limit(text: Capped, source: str | None) -> NotationError:
    return NotationError(
        f"the text goes on past the limit of a record ({MAX_RECORD_CHARS} characters); a Genius text is one record",
        source=source,
        line=text.line,
        column=text.column,
        code="limit",
    )


def _build(lines: Iterable[_Line], source: str | None, variant: Variant) -> tuple[Record, list[NotationWarning]]:
    board, spec = variant.board, variant.spec
    names: list[str | None] = [None, None]
    turns: list[Turn] = []
    resigned: int | None = None
    resigned_at: Location | None = None
    previous = 2  # so that the first line without a colour is player 1's
    warnings: list[NotationWarning] = []
    for line_number, text, named, body in lines:
        if len(turns) >= MAX_TURNS:
            raise NotationError(
                f"more than {MAX_TURNS} turns, the limit of a record",
                line=line_number,
                column=1,
                text=text,
                code="limit",
            )
        first: Token = named[0] if named else (body if not isinstance(body, list) else body[0])
        expected = 3 - previous
        player = expected
        if named:
            name = " ".join(str(t) for t in named)
            player = _player_of(name, expected, names, first, text, source)
        where = Location(first.line or 1, first.column or 1)
        if resigned is not None:
            raise _error(
                f"a turn after {names[resigned - 1] or f'player {resigned}'} resigned",
                first,
                text,
                source,
                "move-after-resign",
            )
        if not isinstance(body, list):  # RESIGN
            resigned, resigned_at = player, where
            continue
        cells, colours = [], []
        for tok in body:
            name, _, mark = str(tok).partition("=")
            try:
                number = int_of(name[1:], "cell number")
            except TooManyDigits as exc:
                raise _error(str(exc), tok, text, source, "limit") from None
            cells.append(cell_of(name[0], number, board))
            colour = colour_of_mark(spec, mark) if mark else player
            if colour is None:
                raise NotationError(
                    unknown_mark_message(spec, mark),
                    source=source,
                    line=tok.line,
                    column=(tok.column or 1) + len(name),
                    text=text,
                    code="colour-mark",
                )
            if mark and mark_warning_due(spec, warnings):
                warnings.append(
                    NotationWarning(
                        UNEXPECTED_MARK, unexpected_mark_message(spec), tok.line, (tok.column or 1) + len(name)
                    )
                )
            colours.append(colour)
        turns.append(Turn(player, tuple(cells), colours=tuple(colours), at=where))
        previous = player
    record = Record(
        variant=str(variant),
        turns=tuple(turns),
        resigned=resigned,
        players=(names[0], names[1]),
        source=source,
        at=Location(1, 1),
        resigned_at=resigned_at,
    )
    return record, warnings


def _player_of(name: str, expected: int, names: list[str | None], tok: Token, text: str, source: str | None) -> int:
    """The player a colour name stands for, naming a player by its first appearance."""
    for player, known in ((1, names[0]), (2, names[1])):
        if known is not None and known.lower() == name.lower():
            return player
    for player in (expected, 3 - expected):
        if names[player - 1] is None:
            names[player - 1] = name
            return player
    raise _error(
        f"a third colour {name!r}; this game's players are {names[0]} and {names[1]}", tok, text, source, "third-player"
    )


def _error(message: str, tok: Token, text: str, source: str | None, code: str) -> NotationError:
    """The error at a token of the line `text`."""
    line = tok.line or 1
    return NotationError(message, source=source, line=line, column=tok.column, text=text, code=code)


_NAME = re.compile(r"[A-Za-z][A-Za-z'_-]*(?: [A-Za-z][A-Za-z'_-]*)*")
_NOT_NAME = re.compile(r"[A-Za-z][0-9]+|resign(?:s|ed)?", re.I)


def _writable_name(name: str | None) -> bool:
    return (
        name is not None
        and _NAME.fullmatch(name) is not None
        and not any(_NOT_NAME.fullmatch(word) for word in name.split(" "))
    )


def write_record(record: Record) -> tuple[str, list[NotationWarning]]:
    """One turn per line, each prefixed by its player's colour name when the record names them."""
    warnings: list[NotationWarning] = []
    variant = parse_variant(record.variant)
    if variant.family != "hex":
        raise WriteError(f"the Genius notation records hex games, not {record.variant}", code="wrong-family")
    if variant.name != "catchup":
        warnings.append(
            NotationWarning(
                "variant-dropped",
                f"the Genius notation does not record the variant; give {record.variant} when reading it back",
            )
        )
    if not variant.hexhex:
        warnings.append(
            NotationWarning(
                "board-dropped",
                f"the Genius notation does not record the board's shape; give {record.variant} when reading it back",
            )
        )
    elif variant.size != 5:
        warnings.append(
            NotationWarning(
                "size-dropped",
                f"the Genius notation does not record the board side ({variant.size}); give {record.variant} "
                "when reading it back",
            )
        )
    dropped = lost_headers(record, FORMAT.carries)
    if dropped:
        warnings.append(
            NotationWarning("headers-dropped", f"the Genius notation has no headers: {', '.join(dropped)} not written")
        )
    names = list(record.players)
    if names[0] is not None and names[1] is not None and names[0].lower() == names[1].lower():
        names = [None, None]
        warnings.append(
            NotationWarning("players-dropped", "both players have the same name, which cannot tell them apart")
        )
    for i, name in enumerate(names):
        if name is not None and not _writable_name(name):
            warnings.append(
                NotationWarning("players-dropped", f"player name {name!r} cannot be written as a colour name")
            )
            names[i] = None
    if not record.turns and record.resigned is None:
        raise WriteError(
            "a game of no turns: the Genius notation writes turns only, and an empty text holds no game",
            code="unwritable-record",
        )
    appearing = {turn.player for turn in record.turns} | ({record.resigned} if record.resigned else set())
    for i, name in enumerate(names):
        if name is not None and i + 1 not in appearing:  # a name is written on its player's lines only
            warnings.append(NotationWarning("players-dropped", f"player {i + 1} ({name}) has no line to be named on"))
    lines: list[str] = []
    previous = 2
    for number, turn in enumerate(record.turns, 1):
        if turn.numbers:
            raise WriteError("the Genius notation records cells, not numbers", code="wrong-family")
        if not turn.cells:
            raise WriteError(
                f"turn {number} places no stone, which the Genius notation cannot write", code="unwritable-turn"
            )
        prefix = _prefix(names, turn.player)
        if not prefix and turn.player != 3 - previous:
            warnings.append(
                NotationWarning(
                    "turn-order-dropped", f"turn {number} is not the other player's, which an unnamed line cannot say"
                )
            )
        lines.append(prefix + " ".join(_written(turn, variant)))
        previous = turn.player
    movers = [turn.player for turn in record.turns] + ([record.resigned] if record.resigned else [])
    if movers and movers[0] == 2:
        warnings.append(
            NotationWarning(
                "turn-order-dropped",
                "the first line is the second player's, but a reader takes the first line's player as the first mover",
            )
        )
    written = set(movers)
    for player, name in enumerate(names, 1):
        if name is not None and player not in written:
            warnings.append(NotationWarning("players-dropped", f"{name!r} has no line to name them on"))
    if record.resigned is not None:
        prefix = _prefix(names, record.resigned)
        if not prefix and record.resigned != 3 - previous:
            warnings.append(
                NotationWarning("turn-order-dropped", "the resigning player cannot be said without a colour name")
            )
        lines.append(prefix + "resign")
    warnings.extend(ending_dropped(record))
    warnings.extend(annotations_dropped(record))
    return "".join(line + "\n" for line in lines), warnings


def _written(turn: Turn, variant: Variant) -> list[str]:
    """The cell names of a turn, each stone not of the mover's colour with its colour mark."""
    names = [cell_name(c, variant.board) for c in turn.cells]
    if turn.colours:
        names = [
            n if colour == turn.player else n + colour_mark(variant.spec, colour)
            for n, colour in zip(names, turn.colours, strict=True)
        ]
    return names


def _prefix(names: list[str | None], player: int) -> str:
    name = names[player - 1]
    return f"{name}: " if name else ""


FORMAT = Genius()
