"""Little Golem's SGF dialect (`lg`): read and write Catchup game records and collections.

`(;FF[4]EV[catchup.ch.12.1.1]PB[b]PW[w]SZ[5]RE[W]GC[ game #1]SO[...];W[E5];B[D4F6];...;W[resign])`

W (White) moves first and is player 1. Cells are a row letter (A = top row) and a number counted
from 1 at the left end of that row. Reading is tolerant: lower case,
cells run together or separated by commas/spaces, consecutive same-colour nodes merged into one
turn (with a warning), several games per file. A collection is split into games by a small
scanner before Lark sees any text, so a huge file is parsed one game at a time and a broken game
does not stop the next one. No rule is applied here.

Colour marks: a cell written plainly holds a stone of the mover's own colour. In too and product,
where a player may place either colour, a stone of the other colour carries a mark right after
its cell: `=` and the lower-case initial of its colour's name under the variant read (see
`notation.colours`). Under product `W[E5=b]` is a Blue stone played by W and `B[D4=rF6]` a Red
stone at D4 and a Blue one at F6. Under too, mind that W and B name the players while the colours
are Black (player 1's, so W's) and White: `W[E5=w]` is a White stone played by W. Either case is
read, lower case is written. A mark that names no colour of the variant is an error at the mark;
one that names the opponent's colour under a variant without a choice of colour (`W[E5=b]` under
catchup) is read, for the rules to report (`wrong-colour`).

Boards of another shape: Little Golem's random-board records are not known to us, so the shape is
given when reading (`--board`); this library writes it in a root property of its own, `XB[...]`
(not Little Golem's), holding the board's spelling (an inline mask or a cell list) in place of
`SZ`, and reads it back unless the variant read under gives a board.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Literal, TextIO

import attrs

from catchup_notation.board import Board, Cell
from catchup_notation.errors import NotationError, VariantError
from catchup_notation.formats.base import (
    Format,
    NotationWarning,
    PackedGame,
    Parsed,
    Piece,
    PlainGame,
    ReadOptions,
    write_each,
)
from catchup_notation.formats.lg.building import _grammar_game
from catchup_notation.formats.lg.cells import cell_name
from catchup_notation.formats.lg.dialect import CARRIES
from catchup_notation.formats.lg.plain import _plain_game, plain_turns, read_packed
from catchup_notation.formats.lg.splitting import (
    _BLANKS,
    _WHOLE_GAME,
    PlainRun,
    Take,
    Taken,
    _advance,
    _moved,
    split_games,
)
from catchup_notation.formats.lg.writer import write_packed, write_record
from catchup_notation.limits import MAX_RECORD_CHARS
from catchup_notation.model import Record
from catchup_notation.rules.registry import parse_variant


class LittleGolem(Format):
    """Little Golem's SGF dialect; collections are read one game at a time."""

    name = "lg"
    title = "Little Golem SGF"
    extensions = (".sgf", ".hsgf", ".lg")
    family = "hex"
    carries = CARRIES
    streaming = True
    splits = True
    parts = True
    joins = ""  # games one after another
    writes_packed = True

    def sniff(self, head: str) -> bool:
        return re.match(r"\s*\(\s*;", head) is not None

    def cell_name(self, cell: Cell, board: Board) -> str:
        return cell_name(cell, board)

    def read(self, chunks: Iterable[str], options: ReadOptions) -> Iterator[Parsed]:
        """Records of a collection given as successive pieces of text (constant memory)."""
        for piece in self.pieces(chunks, options):
            yield self.parse_piece(piece, options)

    def pieces(self, chunks: Iterable[str], options: ReadOptions) -> Iterator[Piece]:
        """The games of a collection as `split_games` finds them (brackets and parentheses only),
        with the text around each noted on it: warnings for text between games, where reading
        resumed after a game cut short, an error for a game past the limit."""
        for found in self.pieces_taking(chunks, options, None):
            assert isinstance(found, Piece)
            yield found

    def pieces_taking(self, chunks: Iterable[str], options: ReadOptions, take: Take | None) -> Iterator[Piece | Taken]:
        """`pieces`, but the runs of games that `take` takes in one go (see `split_games`) come as
        `Taken`, indexed: text around a game is noted on the game before or after it, so that
        a game taken is one with nothing to note."""
        variant_text = options.variant or "catchup"
        if parse_variant(variant_text).family != "hex":  # an unknown variant is a hard error, up front
            raise VariantError(f"Little Golem records are hex games; {variant_text!r} is not a hex variant")
        part = options.part
        index = part.index if part is not None else 0
        pending: Piece | None = None  # held back so that junk after it can be noted on it
        leading: list[NotationWarning] = []
        games = split_games(chunks, take=take, part=part)
        while True:
            try:
                found = next(games)
            except StopIteration:
                break
            except NotationError as exc:  # undecodable bytes while streaming a file: the end
                if pending is not None:
                    yield pending
                yield Piece(index, "", 0, notes=_Notes("error", error=exc))
                return
            if isinstance(found, Taken):  # blanks since the game before: nothing more to note on it
                if pending is not None:
                    yield _resumed_at(pending, found.line, found.column)
                    pending = None
                yield found._replace(first=index)
                index += len(found.items)
                continue
            kind, text, line, col = found
            if kind == "junk":
                stripped = text.lstrip()
                jline, jcol = _advance(line, col, text, len(text) - len(stripped))
                warning = NotationWarning(
                    "ignored-text", f"text outside any game was ignored: {_excerpt(stripped)}", jline, jcol
                )
                if pending is not None:
                    pending = attrs.evolve(pending, notes=pending.notes.warned(warning))
                else:
                    leading.append(warning)
                continue
            if pending is not None:
                yield _resumed_at(pending, line, col)
            notes = (
                _PLAIN_NOTES
                if kind == "game" and not leading
                else _Notes("long" if kind == "long" else "game", warnings=tuple(leading), cut=kind == "cut")
            )
            pending = Piece(index, text, line, col, notes)
            leading = []
            index += 1
        if part is not None:
            part.next_index = index
            if leading:  # text before any game: it belongs to a game after the part
                part.between = False
        if pending is not None:
            yield pending
        elif leading:
            first = leading[0]
            error = NotationError(
                "no game found: a Little Golem record starts with '(;'",
                line=first.line,
                column=first.column,
                code="no-record",
            )
            yield Piece(0, "", 0, notes=_Notes("error", error=error))

    def nothing_noted(self, piece: Piece) -> bool:
        """Whether `pieces` noted nothing around the game (no text beside it, not cut short)."""
        return bool(piece.notes == _PLAIN_NOTES)

    def parse_piece(self, piece: Piece, options: ReadOptions) -> Parsed:
        """A game of `pieces`, read and given what its notes say."""
        notes: _Notes = piece.notes
        source = options.source
        if notes.kind == "error":
            assert notes.error is not None
            notes.error.source = notes.error.source or source
            return Parsed(piece.index, None, notes.error)
        if notes.kind == "long":
            item = Parsed(piece.index, None, _too_long(piece.text, piece.line, piece.column, source), line=piece.line)
        else:
            variant = options.variant or "catchup"
            item = read_game(
                piece.text, line=piece.line, column=piece.column, index=piece.index, source=source, variant=variant
            )
        if notes.warnings:
            item = _with_warnings(item, notes.warnings)
        return _resumed(item, *notes.resumed) if notes.resumed else item

    def write(self, records: Iterable[Record], out: TextIO) -> list[NotationWarning]:
        return write_each(records, out, lambda record, _: write_record(record))

    def plain_turns(self, text: str, variant: str | None) -> PlainGame | None:
        return plain_turns(text, variant)

    def write_packed(self, game: PackedGame, headers: dict[str, str]) -> tuple[str, list[NotationWarning]] | None:
        return write_packed(game, headers)

    def read_packed(self, text: str, variant: str | None) -> PackedGame | None:
        return read_packed(text, variant)


@attrs.frozen
class _Notes:
    """What `LittleGolem.pieces` learnt around a game: its kind (a game, one past the limit, or the
    error that ended reading), warnings for text before or after it, and, for a game cut short by
    the next one, where reading resumed."""

    kind: Literal["game", "long", "error"]
    warnings: tuple[NotationWarning, ...] = ()
    cut: bool = False
    resumed: tuple[int, int] | None = None
    error: NotationError | None = None

    def warned(self, warning: NotationWarning) -> _Notes:
        return attrs.evolve(self, warnings=(*self.warnings, warning))


#: The notes of a game with nothing around it (most games): one object, shared.
_PLAIN_NOTES = _Notes("game")


def plain_piece(index: int, text: str, line: int, column: int) -> Piece:
    """The piece `LittleGolem.pieces` makes of a game with nothing around it to note."""
    return Piece(index, text, line, column, _PLAIN_NOTES)


def _resumed_at(piece: Piece, line: int, column: int) -> Piece:
    """A piece followed by a game at (line, column): a game cut short by it notes where reading resumed."""
    if not piece.notes.cut:
        return piece
    return attrs.evolve(piece, notes=attrs.evolve(piece.notes, resumed=(line, column)))


def _resumed(item: Parsed, line: int, column: int) -> Parsed:
    """A game cut short by the next one: its error says where reading resumed."""
    error = item.error
    if error is None:
        return item
    resumed = f"where reading resumed (line {line}, column {column})"
    message = f"{error.message}; the game is cut short by the next one, {resumed}"
    moved = NotationError(
        message,
        source=error.source,
        line=error.line,
        column=error.column,
        text=error.text,
        code=error.code,
        text_column=error.text_column,
    )
    return attrs.evolve(item, error=moved)


def _too_long(text: str, line: int, column: int, source: str | None) -> NotationError:
    return NotationError(
        f"a game of more than {MAX_RECORD_CHARS} characters is past the limit of a record",
        source=source,
        line=line,
        column=column,
        text=text[:200].split("\n")[0],
        code="limit",
    )


def _excerpt(text: str, limit: int = 40) -> str:
    first = text.strip().split("\n")[0]
    return repr(first[:limit] + ("..." if len(first) > limit or "\n" in text.strip() else ""))


def _with_warnings(item: Parsed, warnings: tuple[NotationWarning, ...]) -> Parsed:
    return attrs.evolve(item, warnings=item.warnings + warnings)


def read_game(
    text: str, *, line: int = 1, column: int = 1, index: int = 0, source: str | None = None, variant: str = "catchup"
) -> Parsed:
    """One game, `text` starting at (line, column) of its file. A plain, well-formed game (the
    common case) is read by `_plain_game` with regular expressions alone; anything else, and every
    error, by the grammar, so that diagnostics and quirks are the grammar's."""
    plain = _plain_game(text, line, column, index, source, variant)
    if plain is not None:
        return plain
    return _grammar_game(text, line=line, column=column, index=index, source=source, variant=variant)


FORMAT = LittleGolem()


def judged_run(taken: Taken, take: Take) -> Iterator[Taken | Piece]:
    """The games of a `Taken` whose items are a `PlainRun`, judged by `take`: the runs it takes as
    `Taken` (its items), each game it leaves as the `Piece` `LittleGolem.pieces` would have made of
    it (a plain game in shape, with nothing around it to note), in their order and with their
    indices, lines and columns."""
    run = taken.items
    assert isinstance(run, PlainRun)
    text, stop = run.text, len(run.text) - 1  # the last character: the next game's '('
    pos, index, line, column = 0, taken.first, taken.line, taken.column
    while pos < stop:
        items, end = take(text, pos, line, column)
        if items:
            yield Taken(index, line, column, items)
            index += len(items)
            line, column = _moved(line, column, text, pos, end)
            pos = end
            if pos >= stop:
                break
        game = _WHOLE_GAME.match(text, pos)  # a game the scan found plain in shape: one piece
        assert game is not None, "a game of a plain run"
        yield Piece(index, game.group(), line, column, _PLAIN_NOTES)
        index += 1
        blanks = _BLANKS.match(text, game.end())
        assert blanks is not None, "it matches nothing at worst"
        end = blanks.end()
        line, column = _moved(line, column, text, pos, end)
        pos = end
    assert index == taken.first + run.count, "a run's games, each judged or read"
