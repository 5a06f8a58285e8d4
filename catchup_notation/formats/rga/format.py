"""rec.games.abstract posts (`rga`): an ASCII hexhex diagram in doubled coordinates and a move list.

    abcdefghijklmnopq      C        M
1       m C C . m      1.  ... m5    a5 g3
2      . m m c m .     2.  m7 d8     c3 m1

Lark parses one line at a time (grammars/rga.lark, prepared by rga/lines.py; the lines the
writer writes, and plain move entries, are read by regular expressions that read them exactly as
the grammar does, for speed); the reader assembles lines into records: a header line (column
letters, players) opens a diagram, the rows follow top to bottom (numbered on the left, on the
right or not at all: exports often lose the numbers and the indentation), a second column-letter
line closes it; move-list entries (`N.` then the first player's turn then the second's) may sit
beside the rows or below them. `...`, `..`, `--` and `---` are placeholders that place nothing;
`. . .` is a pass; `resign` ends the game.

Posts were typed by hand, so the reader takes them as published: prose before, between and after
the diagrams, and remarks after a move, are kept in `Record.headers["comments"]`; a header that
marks the players' columns by position (`___o_______x__`) splits the turns by position; letters
that start past `a` shift the cell names; `mo11` is m11 and o11; several diagrams of one game (the
same board, move lists that agree) make one record checked against each diagram. Whatever the
reader had to guess is a warning with its line and column. A line that is not a record is never
a record of its own: inside a diagram it is a syntax error, after one it belongs to that error.

A cell in the move list written plainly holds a stone of the mover's own colour. In too and
product, where a player may place either colour, a stone of the other colour carries a colour mark
right after its cell: `i5=w` (`=` and the lower-case initial of the stone colour's name under the
variant read, see `notation.colours`; either case is read, lower case is written). A mark that
names no colour of the variant is an error at the mark; one that names the opponent's colour under
a variant without a choice of colour is read, for the rules to report (`wrong-colour`).

Diagram letters stand for stone colours. Under the variants where each player places their own
colour they are the players' initials, from the header's names (upper case = a stone of the last
turn). Under too and product they are the initials of the colours (`b`/`w`, `r`/`b`), whoever
placed the stone; the header still names the players, for the move list's columns.

A move list followed by a caption and a diagram with no list of its own is one game when the
diagram can show it; dots that end a move list (`2.  . . .`) are the turn still to come. The prose
is read too (`text`): the variant a title or rules line names (when none is given), the players
named beside their letters, a note that capitals in a move list are stones of the other colour (as
they are wherever the variant places either colour), and the lines that state a result, kept in
`Record.headers["stated-result"]` for the rules to check. A variant's start position (sabotage-
malthus) is the diagram's baseline, and a start cell the diagram shows is taken from it.

A diagram whose column letters are not a hexhex board's (4n - 3 of them), or whose rows leave a
gap between two points, draws a board of another shape: it is read by where its points stand, as
`shapes.mask_cells` reads a mask, and names its cells by its own letters and rows (`Frame`); the
record's variant carries that board. A board the variant given names is checked against it
(`board-mismatch`). The writer draws any board that fits in the letters a-y, holes as gaps.

The record's turns come from the move list. The diagram is kept, as canonical text, in
`Record.headers["diagram"]` and cross-checked against the cells the list places and their colours
(no rules: cells are only accumulated); every disagreement is a warning. A letter/number pair of
the wrong parity names no cell: the record is not produced (`not-a-cell`), with suggestions, and
the diagram's stones that the list never placed are offered as corrections; read again with
`corrections`. A stone placed on a cell already taken is explained the same way
(`diagram-explains`) when the diagram shows a stone of that player that no turn places.

This module is the format's entry: `read_rga`, `read_diagram`, `write_rga` and `FORMAT`. The work
is done in modules of one job each: `lines` (one line), `blocks` (lines into blocks),
`games` (blocks into games), `reader` (one record from a game's blocks, from the parts
`diagrams`, `move_list`, `prose` and `mending` on `context`), `notes` and
`text` (the prose), `board` (the diagram as data), `variant` and `writer`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import TextIO

from catchup_notation.board import Board, Cell
from catchup_notation.errors import NotationError, VariantError, WriteError
from catchup_notation.formats.base import Corrections, NotationWarning, Parsed, ReadOptions, lines_of
from catchup_notation.formats.rga.blocks import blocks_of
from catchup_notation.formats.rga.board import Diagram, Frame
from catchup_notation.formats.rga.games import games_of
from catchup_notation.formats.rga.lines import consecutive
from catchup_notation.formats.rga.notes import PostNotes
from catchup_notation.formats.rga.reader import Reader
from catchup_notation.formats.rga.writer import CARRIES, write_rga
from catchup_notation.limits import MAX_TEXT_LINE_CHARS
from catchup_notation.model import Record
from catchup_notation.rules.registry import parse_variant

_LETTER_LINE = re.compile(r"[\s:>|!\u00a0]*([a-y]{5,})(?![A-Za-z])")

#: `capitals` reader option: capitals in a move list are stones of the other colour ("other-colour")
#: or mean nothing ("same"); None decides by the post and the variant (see `read_rga`).
CAPITALS = ("other-colour", "same")


def read_rga(
    chunks: Iterable[str],
    *,
    source: str | None = None,
    variant: str | None = None,
    corrections: Corrections = None,
    capitals: str | None = None,
) -> Iterator[Parsed]:
    """Records of a post, one per game, in order: a diagram or a move list, or several diagrams
    of one game (the same board, move lists that agree), or a move list and a diagram after it that
    shows its game, which make one record checked against every diagram. Prose around them is
    kept in `headers["comments"]`, the lines that state a result in `headers["stated-result"]`.

    `variant` is the rule set to record; without it, the variant a title or rules line of the post
    names before the game (a warning says which words), else `catchup`. A diagram fixes the board
    side, a move list alone takes it from the variant; the variant's start position is the
    diagram's baseline. `corrections` fixes coordinates before they are read: `{"h3": "h4"}` (every
    h3), `{"5:h3": "h4"}` (turn 5 only), `{"6:c9": "c9=o"}` (a stone of the colour marked), or
    `"diagram"` (each pair that names no cell becomes the one cell nearby, else in its column or
    row, where the diagram shows an unlisted stone of that player; each stone placed on a cell
    already taken becomes the one stone of that player the diagram shows and no turn places, when
    there is exactly one; and, where stones of either colour are placed, each stone the diagram
    shows in the other colour takes the diagram's). `capitals`: "other-colour" reads a capital cell
    in a move list as a stone of the other colour than the mover's, "same" as the mover's; by
    default, the other colour where the post says so or the variant places stones of either colour.
    """
    if variant is not None and parse_variant(variant).family != "hex":
        raise VariantError(f"rga records are hex games; {variant!r} is not a hex variant")
    if isinstance(corrections, str) and corrections != "diagram":
        raise VariantError("corrections is a mapping of names or the string 'diagram'")
    if capitals is not None and capitals not in CAPITALS:
        raise VariantError(f"capitals is one of {', '.join(CAPITALS)} (or None), not {capitals!r}")
    notes = PostNotes()
    for index, parts in enumerate(games_of(lines_of(chunks, MAX_TEXT_LINE_CHARS), source)):
        notes.learn(parts)
        reader = Reader(parts, index, source, variant, notes, capitals)
        error = parts[0].error
        lines = [line.number for line in parts[0].lines if line.kind == "record"] or [parts[0].lines[0].number]
        if error is not None:
            error.source = source
            yield Parsed(index, None, error, tuple(reader.warnings), line=lines[0])
            continue
        try:
            record = reader.record(corrections)
        except NotationError as exc:
            exc.source = source
            yield Parsed(index, None, exc, tuple(reader.warnings), line=lines[0])
        else:
            yield Parsed(index, record, None, tuple(reader.warnings), line=lines[0])


def read_diagram(text: str, variant: str | None = None) -> Diagram:
    """The diagram of a text holding one (e.g. `Record.headers["diagram"]`); `variant` says what
    its letters stand for (colour initials under too and product, players' initials otherwise)."""
    for block, whole in blocks_of(text.split("\n"), None):
        if not whole:
            continue
        if block.error is not None:
            raise block.error
        reader = Reader([block], 0, None, variant)
        frame, _ = reader.frame()
        diagram = reader.diagram(block, frame, reader.players()[1], [])
        if diagram is not None:
            return diagram
    raise NotationError("the text holds no diagram (no line of column letters)", code="diagram")


class RgaFormat:
    """The rec.games.abstract diagram-and-move-list format."""

    name = "rga"
    title = "rec.games.abstract diagrams and move lists"
    extensions = (".rga",)
    family = "hex"
    carries = CARRIES
    streaming = True
    joins = "\n"  # posts separated by a blank line

    def sniff(self, head: str) -> bool:
        """A line of column letters: five or more consecutive letters (`abcde...`, `bcdef...`) after
        any quote prefix, whatever prose comes before it."""
        for line in head.splitlines():
            match = _LETTER_LINE.match(line)
            if match is not None and consecutive(match.group(1)):
                return True
        return False

    def cell_name(self, cell: Cell, board: Board) -> str:
        frame = Frame.of(board)
        if cell not in board or frame.column(cell) >= 25:
            raise WriteError(f"cell {cell} has no rga name on {board!r}", code="unwritable-cell")
        return frame.name(cell)

    def read(self, chunks: Iterable[str], options: ReadOptions) -> Iterator[Parsed]:
        return read_rga(
            chunks,
            source=options.source,
            variant=options.variant,
            corrections=options.corrections,
            capitals=options.capitals,
        )

    def write(self, records: Iterable[Record], out: TextIO) -> list[NotationWarning]:
        return write_rga(records, out)


FORMAT = RgaFormat()
