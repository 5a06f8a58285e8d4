"""From inputs to games: each input's records read by its notation's reader, each a `Game`
(readable or not); or found and cut into picklable `Pieces` to parse in worker processes; or, on
the fast path, runs of plain Little Golem games judged on the compiled core (`fastpath`), given
as verdicts. A problem with an input as a whole is one unreadable `Game` in its place."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

import attrs

from catchup_notation import formats
from catchup_notation.board import Board
from catchup_notation.errors import NotationError, VariantError
from catchup_notation.formats.base import Corrections, Format, Parsed, Part, Piece, ReadOptions
from catchup_notation.game import Game, GameSource
from catchup_notation.reading.fastpath import Judged
from catchup_notation.reading.judged import JudgedGame, text_judge
from catchup_notation.reading.opening import Archive, opened
from catchup_notation.reading.request import Request, make_request
from catchup_notation.reading.sources import Input, Source, inputs, zip_inputs
from catchup_notation.rules.registry import Variant, on_board

if TYPE_CHECKING:
    from catchup_notation.formats.lg import Take, Taken
    from catchup_notation.reading.fastpath import PlainCutter, PlainJudge


def read(
    source: Source,
    *,
    format: str | None = None,
    variant: str | Variant | None = None,
    corrections: Corrections = None,
    board: Board | str | None = None,
    capitals: str | None = None,
) -> Iterator[Game]:
    """Every record of `source`, lazily, as `Game`s (unreadable ones included, with their error).

    `source` is a path, a directory (searched recursively for record files), an open text or
    binary stream, or "-" for standard input. `format` names the notation (default: from the
    file's name and content); `variant` the rules to judge by (default: the record's own, or
    `catchup` where the notation does not say; "auto": whichever variant accepts each record);
    `corrections` mend coordinates of hand-written posts (rga); `board` (a `Board` or any spelling
    of one, `@shape.txt`) the board to play `variant` (default `catchup`) on, for notations that
    do not carry a shape (Little Golem); `capitals` what a capital cell in an rga move list means
    ("other-colour" or "same"; default: what the post and the variant say). An unknown format or
    variant raises at once (`NotationError`, `VariantError`).
    """
    request = make_request(format, on_board(variant, board), corrections, capitals)
    return read_all(inputs(source), request)


def read_text(
    text: str,
    *,
    format: str | None = None,
    variant: str | Variant | None = None,
    corrections: Corrections = None,
    source: str | None = None,
    board: Board | str | None = None,
    capitals: str | None = None,
) -> Iterator[Game]:
    """Every record of a string, as `read` gives them; `source` names it in messages and its
    ending helps tell the format."""
    request = make_request(format, on_board(variant, board), corrections, capitals)
    return read_all([Input(source, source, text=text)], request)


def read_all(inputs: Iterable[Input], request: Request) -> Iterator[Game]:
    for item in inputs:
        yield from _games_of(item, request)


def _games_of(item: Input, request: Request) -> Iterator[Game]:
    judge = text_judge(request)
    if judge is None:
        for found in _found_in(item, request, split=False):
            assert isinstance(found, Game)
            yield found
        return
    from catchup_notation.formats.lg.format import plain_piece  # a judge is for Little Golem games only

    options = request.options(item.name)
    for found in _found_in(item, request, split=False, judge=judge):
        if isinstance(found, Game):
            yield found
            continue
        reader = formats.get(found.format)
        for k, verdict in enumerate(found.verdicts):
            piece = plain_piece(found.first + k, judge.texts.pop(verdict[:2]), verdict[0], verdict[1])
            source = GameSource(found.source, piece.index, piece.line)
            read = functools.partial(reader.parse_piece, piece, options)
            yield JudgedGame(verdict, read, variant=request.variant, format=found.format, source=source)


@attrs.frozen
class Pieces:
    """Records of one input found but not yet parsed (see `Format.pieces`): all that
    `Pieces.games` needs, in a picklable form, to give their games anywhere. Split with a cutter
    (`split`), runs of plain games (`Taken` of a `PlainRun`) come among them, in their place."""

    format: str
    source: str | None
    request: Request
    pieces: tuple[Piece | Taken, ...]

    @property
    def first(self) -> tuple[int, int]:
        """The index and line of the first record."""
        first = self.pieces[0]
        return (first.index, first.line) if isinstance(first, Piece) else (first.first, first.line)

    def games(self) -> Iterator[Game]:
        """The games of these pieces, as `read` would give them (split without a judge)."""
        fmt = formats.get(self.format)
        options = self.request.options(self.source)
        for piece in self.pieces:
            assert isinstance(piece, Piece)
            yield _game(fmt.parse_piece(piece, options), self.format, self.source, self.request)

    def judging(self, judge: PlainJudge) -> Iterator[Game | Judged]:
        """`games`, but each game `judge` finds valid comes as `Judged`, verdicts only: the runs of
        plain games cut out for judging (`PlainRun`) are judged here, a run at a time, and each
        game of them it leaves is read as `games` reads it."""
        from catchup_notation.formats.lg import judged_run

        fmt = formats.get(self.format)
        for piece in self.pieces:
            if isinstance(piece, Piece):
                yield _judged_piece(piece, fmt, self.format, self.source, self.request, judge)
                continue
            for found in judged_run(piece, judge.take):
                if isinstance(found, Piece):
                    yield _game(fmt.parse_piece(found, self.request.options(self.source)), *self._where)
                else:
                    assert isinstance(found.items, list), "verdicts, judged here"
                    yield Judged(self.source, self.format, found.first, found.items)

    @property
    def _where(self) -> tuple[str, str | None, Request]:
        return self.format, self.source, self.request


def split(
    path: str, request: Request, size: int, chars: int | None = None, cutter: PlainCutter | None = None
) -> Iterator[Pieces | Game]:
    """The records of the input `path` ("-" for standard input) in `Pieces` of up to `size`
    records and `chars` characters of text (but one record at least), found by its format's cheap
    scan, for parsing elsewhere; an input whose format has no such scan is read here (its games
    come as they are), as is an input that fails as a whole (one unreadable game). With `cutter`
    (`fastpath.cutter`), the runs of plain Little Golem games it finds come among the pieces as
    `Taken` of a `PlainRun` (their text, not judged yet), each counted as its games:
    `Pieces.judging` judges them where the pieces go."""
    for item in inputs(path):
        yield from _found_in(item, request, split=True, size=size, chars=chars, take=cutter.take if cutter else None)


def read_judging(path: str, request: Request, judge: PlainJudge) -> Iterator[Game | Judged]:
    """The records of the input `path` ("-" for standard input) as `read` gives them, but the runs
    of plain Little Golem games that `judge` finds valid come as `Judged`, verdicts only."""
    for item in inputs(path):
        yield from _found_in(item, request, split=False, judge=judge)


def read_part(
    path: str, request: Request, judge: PlainJudge | None, span: tuple[int, int | None], part: Part
) -> Iterator[Game | Judged]:
    """The records of a part of the file `path`, its bytes from `span[0]` to `span[1]` (None: the
    end), of the format `request` names (one that reads `parts`), as `read_judging` gives them
    (with no `judge`: as `read` does), indexed and placed as in the whole file (`part` says
    where the part starts, and is told what it held)."""
    item = Input(path, path, open_path=path, span=span, part=part)
    yield from _found_in(item, request, split=False, judge=judge)


def _options(item: Input, request: Request) -> ReadOptions:
    options = request.options(item.name)
    return options if item.part is None else attrs.evolve(options, part=item.part)


def _found_in(
    item: Input,
    request: Request,
    *,
    split: bool,
    size: int = 1,
    chars: int | None = None,
    judge: PlainJudge | None = None,
    take: Take | None = None,
) -> Iterator[Any]:
    """The games (or, `split`, the `Pieces`) of one input; `take` takes the runs of plain games
    (a judge's, or a cutter's when they are split for judging elsewhere)."""
    name = item.name
    # a failure of the whole input is placed at its first record: a part's, where it is a part
    first = item.part.index if item.part is not None else 0
    if item.error is not None:
        item.error.source = name
        yield _failed(item.error, request.format, name, first, request)
        return
    try:
        with opened(item, request.format) as (fmt, chunks):
            if fmt is None:  # nothing but white space: no records, whatever the format
                return
            reader = formats.get(fmt)
            taking = getattr(reader, "pieces_taking", None)
            if split and getattr(reader, "splits", False):  # a format need not say it does not
                options = _options(item, request)
                if take is not None and taking is not None:
                    pieces = taking(chunks, options, take)
                else:
                    pieces = reader.pieces(chunks, options)
                yield from _batched(pieces, fmt, name, request, size, chars)
            elif judge is not None and taking is not None:
                found = taking(chunks, _options(item, request), take if take is not None else judge.take)
                yield from _judging(found, reader, fmt, name, request, judge)
            else:
                yield from _guarded(reader.read(chunks, _options(item, request)), fmt, name, request)
    except Archive as archive:  # its members are inputs of their own
        for member in zip_inputs(archive.path, name or archive.path):
            yield from _found_in(member, request, split=split, size=size, chars=chars, judge=judge, take=take)
    except NotationError as exc:
        exc.source = exc.source or name
        yield _failed(exc, request.format, name, first, request)
    except OSError as exc:
        error = NotationError(f"cannot read {name}: {exc.strerror or exc}", source=name, code="io")
        yield _failed(error, request.format, name, first, request)
    except VariantError as exc:  # the reader cannot read this text under the variant asked for
        yield _failed(NotationError(str(exc), source=name, code="variant"), request.format, name, first, request)


def _guarded(parsed: Iterator[Parsed], fmt: str, name: str | None, request: Request) -> Iterator[Game]:
    """Games of a reader's items; a reader that stops with an error part-way (undecodable bytes
    met while streaming) ends its input with one unreadable game, after those already read."""
    index = 0
    try:
        for item in parsed:
            index = item.index + 1
            yield _game(item, fmt, name, request)
    except NotationError as exc:
        exc.source = exc.source or name
        yield _failed(exc, fmt, name, index, request)


def _judging(
    found: Iterator[Piece | Taken], reader: Format, fmt: str, name: str | None, request: Request, judge: PlainJudge
) -> Iterator[Game | Judged]:
    """`_guarded` of a reader's pieces, with the runs of games `judge` took as `Judged`, and each
    other game judged alone first (the last of an input, of a chunk, one after other text)."""
    from catchup_notation.formats.lg import Taken

    index = 0
    try:
        for item in found:
            if isinstance(item, Taken):
                assert isinstance(item.items, list), "verdicts, judged here"
                yield Judged(name, fmt, item.first, item.items)
                index = item.first + len(item.items)
            else:
                index = item.index + 1
                yield _judged_piece(item, reader, fmt, name, request, judge)
    except NotationError as exc:
        exc.source = exc.source or name
        yield _failed(exc, fmt, name, index, request)


def _judged_piece(
    piece: Piece, reader: Format, fmt: str, name: str | None, request: Request, judge: PlainJudge
) -> Game | Judged:
    """A piece's verdict where `judge` finds its game valid and the reader noted nothing around
    it (its format says so: `nothing_noted`), else its game."""

    plain = getattr(reader, "nothing_noted", None)
    verdict = judge.one(piece.text, piece.line, piece.column) if plain is not None and plain(piece) else None
    if verdict is not None:
        return Judged(name, fmt, piece.index, [verdict])
    return _game(reader.parse_piece(piece, request.options(name)), fmt, name, request)


def _batched(
    pieces: Iterator[Piece | Taken], fmt: str, name: str | None, request: Request, size: int, chars: int | None
) -> Iterator[Pieces | Game]:
    """`pieces` in `Pieces` of `size` records and `chars` characters at most (one piece at least;
    a run of games a judge took counts as its games, and none of their characters: they are not
    parsed, but a run cut for judging elsewhere counts its text); an error part-way ends the input
    as in `_guarded`. A job's reports come back in one message: a few hundred records keep it
    small (a worker killed while writing a long message would leave it half written, and the
    pool waiting for the rest)."""
    batch: list[Piece | Taken] = []
    held = 0
    records = 0
    index = 0
    try:
        for piece in _at_most(pieces, size):
            if isinstance(piece, Piece):
                index, count, text = piece.index + 1, 1, len(piece.text)
            else:
                index, count = piece.first + len(piece.items), len(piece.items)
                text = 0 if isinstance(piece.items, list) else len(piece.items.text)
            if batch and (records + count > size or (chars is not None and held + text > chars)):
                yield Pieces(fmt, name, request, tuple(batch))
                batch, held, records = [], 0, 0
            batch.append(piece)
            held += text
            records += count
            if records >= size:
                yield Pieces(fmt, name, request, tuple(batch))
                batch, held, records = [], 0, 0
    except NotationError as exc:
        if batch:
            yield Pieces(fmt, name, request, tuple(batch))
        exc.source = exc.source or name
        yield _failed(exc, fmt, name, index, request)
        return
    if batch:
        yield Pieces(fmt, name, request, tuple(batch))


def _at_most(pieces: Iterator[Piece | Taken], size: int) -> Iterator[Piece | Taken]:
    """`pieces`, with each run of games a judge took cut into runs of `size` games at most (a job
    of a few hundred records, whatever the judge took at once)."""
    for piece in pieces:
        # A run cut for judging elsewhere (a `PlainRun`, not a list) was cut to its size already.
        if isinstance(piece, Piece) or len(piece.items) <= size or not isinstance(piece.items, list):
            yield piece
            continue
        for at in range(0, len(piece.items), size):
            items = piece.items[at : at + size]
            yield piece._replace(first=piece.first + at, line=items[0][0], column=items[0][1], items=items)


def _game(item: Parsed, fmt: str, name: str | None, request: Request) -> Game:
    return Game(
        item.record,
        variant=request.variant,
        format=fmt,
        source=GameSource(name, item.index, item.line),
        error=item.error,
        warnings=item.warnings,
    )


def _failed(error: NotationError, fmt: str | None, name: str | None, index: int, request: Request) -> Game:
    return Game(None, variant=request.variant, format=fmt, source=GameSource(name, index, error.line), error=error)
