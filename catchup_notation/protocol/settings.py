"""What a protocol server is made with: the engine it asks (`Searcher`) and how it plays when the
controller says nothing of time (`Settings`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Protocol

import attrs

if TYPE_CHECKING:
    from catchup_notation.engine.analysis import Analysis, Limit, PlayResult
    from catchup_notation.rules.hexgame import HexGame


class Searcher(Protocol):
    """What the server asks of the engine (`catchup_notation.engine.Engine` has it)."""

    def play(self, position: HexGame, limit: Limit) -> PlayResult:
        """The turn to play (or a resignation)."""
        ...

    def analyse(self, position: HexGame, limit: Limit, *, candidates: int = ...) -> Analysis:
        """The engine's analysis of a position (a review asks it of every position)."""
        ...

    def analysis(self, position: HexGame, limit: Limit, interval: float, candidates: int = ...) -> Iterator[Analysis]:
        """Snapshots of a search every `interval` seconds; the last one is final."""
        ...


@attrs.frozen
class Settings:
    """How the server's engine plays when the controller says nothing of time."""

    #: The strength level (None: the engine's default).
    level: int | None = None
    #: Seconds a turn when no `time_settings` limit the time (None: the level's own).
    time: float | None = None
    #: Playouts a turn, at most (None: no such limit).
    playouts: int | None = None
    #: Whether the engine resigns a game it has proven lost (else it plays it to its end).
    resign: bool = True
    #: The variant the server starts with.
    variant: str = "catchup"
    #: The threads and seed, shown in the banner (the engine was made with them).
    threads: int | None = None
    seed: int | None = None
