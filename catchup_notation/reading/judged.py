"""Games the compiled core judged valid as they were read, for `read`'s callers: each a `Game`
whose `verify()` is known already and whose record is read from its text only when something
asks for it (its turns, a position, a result, another variant).

`read` hands out a `Game` for every record; on a Little Golem archive most are plain games that
`fastpath` judges valid straight from the text, far faster than reading a record and replaying it.
The games it judges come back as `JudgedGame`s holding their text: the same game in every respect
(the core takes a game only where reading it gives the same record with no warning, and every
turn legal), but `for game in read(path): game.verify()` costs what verifying on the core costs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from catchup_notation.compiled import core
from catchup_notation.game import Game, GameSource, Verification
from catchup_notation.model import Record
from catchup_notation.reading.fastpath import PlainJudge, judge

if TYPE_CHECKING:
    from catchup_notation.formats.base import Parsed
    from catchup_notation.reading.fastpath import Verdict
    from catchup_notation.reading.request import Request
    from catchup_notation.rules.registry import Variant

#: The record a JudgedGame is made with before its own is read (never seen: it is removed at once).
_UNREAD = Record("catchup")


class JudgedGame(Game):
    """A game the core judged valid while reading (`verdict`), its record read by `read` (what the
    reader gives of its text) the first time it is asked for."""

    def __init__(
        self,
        verdict: Verdict,
        read: Callable[[], Parsed],
        *,
        variant: str | Variant | None,
        format: str,
        source: GameSource,
    ) -> None:
        super().__init__(_UNREAD, variant=variant, format=format, source=source)
        del self._record  # read on first use (__getattr__)
        self._verdict: Verdict | None = verdict
        self._read = read

    def __getattr__(self, name: str) -> Any:
        if name != "_record":
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        parsed = self._read()
        if parsed.record is None or parsed.error is not None or parsed.warnings:  # never, by the judge's promise
            self._verdict = None  # the reader's word stands: the game is what reading it says
            self.reading_error, self.reading_warnings = parsed.error, parsed.warnings
        if parsed.record is None:
            self._record = Game(None, variant=self._choice, source=self.source, error=parsed.error)._record
        else:
            self._record = parsed.record
        return self._record

    def verify(self) -> Verification:
        """As `Game.verify`: the core's verdict, every turn legal under the variant judged by (with
        variant "auto", the one chosen, and every variant that accepts the game)."""
        if self._verdict is None:
            return super().verify()
        turns, variant, accepted = self._verdict[4], self._verdict[5], self._verdict[7]
        return Verification(True, variant, turns, accepted_by=accepted)


class TextJudge(PlainJudge):
    """A `PlainJudge` that keeps the text of each game it judges valid, by where the game starts
    (line, column: its verdict's first two fields), for a `JudgedGame` to be read from (the reader
    may hand on the games it judges in another order than it judges them). A run of games whose texts cannot be
    told exactly as the Little Golem reader cuts them is not taken: the reader reads those."""

    def __init__(self, hexcore: Any, request: Request) -> None:
        super().__init__(hexcore, request)
        self.texts: dict[tuple[int, int], str] = {}

    def take(self, text: str, pos: int, line: int, column: int) -> tuple[list[Verdict], int]:
        """As `PlainJudge.take`, each game's text kept."""
        from catchup_notation.formats.lg.splitting import game_texts

        verdicts, end = super().take(text, pos, line, column)
        found = game_texts(text, pos, end, len(verdicts))
        if found is None:
            return [], pos
        self.texts.update(((verdict[0], verdict[1]), game) for verdict, game in zip(verdicts, found, strict=True))
        return verdicts, end

    def one(self, text: str, line: int, column: int) -> Verdict | None:
        """As `PlainJudge.one`, the game's text kept."""
        verdict = super().one(text, line, column)
        if verdict is not None:
            self.texts[verdict[0], verdict[1]] = text
        return verdict


def text_judge(request: Request) -> TextJudge | None:
    """The TextJudge for `request`, where there is a judge (see `fastpath.judge`)."""
    return None if judge(request) is None else TextJudge(core("_hexcore"), request)


def packed_game(request: Request, source: str | None, format: str, index: int, verdict: Verdict) -> JudgedGame:
    """The game of a verdict of a judge that is `packed` (its ninth field holds the game's text),
    as `read` gives it: a `JudgedGame` read from that text when asked."""
    import functools

    from catchup_notation import formats
    from catchup_notation.formats.lg.format import plain_piece  # a judge is for Little Golem games only

    line, column = verdict[0], verdict[1]
    piece = plain_piece(index, verdict[8][0], line, column)  # type: ignore[misc]
    read = functools.partial(formats.get(format).parse_piece, piece, request.options(source))
    return JudgedGame(
        verdict[:8], read, variant=request.variant, format=format, source=GameSource(source, piece.index, piece.line)
    )
