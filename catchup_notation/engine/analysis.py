"""What the playing engine says of a position: its limits, values, candidate turns and analyses.

These types are shared by every part of the engine: the search (pure-Python reference and
compiled core alike), the protocol front end, reviews of records and the command line. They hold
plain data (turns, numbers), never a search tree, so an analysis can be kept, compared and written
out after its search is gone.

Values are chances of winning in [0, 1] for one player (a draw counts half), with an interval
from the playouts behind them; a position the exact solver has decided carries its proof instead
(`proven`: +1 a win, 0 a draw, -1 a loss), and then `win`, `low` and `high` all equal the proven
result (1.0, 0.5 or 0.0).
"""

from __future__ import annotations

import attrs

from catchup_notation.model import Turn


@attrs.frozen
class Limit:
    """How long a search may run: any of wall time, playouts and a strength level; the search
    stops at the first limit reached. `level` (1 the weakest) stands for the settings of that
    level (see the engine's level table), within the time and playouts given here if any."""

    #: Seconds of wall time.
    time: float | None = None
    #: Playouts, all threads together.
    playouts: int | None = None
    #: A strength level.
    level: int | None = None

    def __attrs_post_init__(self) -> None:
        for name in ("time", "playouts", "level"):
            value = getattr(self, name)
            if value is not None and not value > 0:
                raise ValueError(f"a limit's {name} must be positive, not {value!r}")


@attrs.frozen
class Value:
    """A position's value for one player: the chance of a win (a draw counts half), with the ends
    of its 95% interval, or a proof."""

    #: Chance of a win for the player, in [0, 1].
    win: float
    #: Lower end of the interval.
    low: float
    #: Upper end of the interval.
    high: float
    #: +1 proven win, 0 proven draw, -1 proven loss; None for an estimate.
    proven: int | None = None
    #: Playouts behind the estimate (0 where the solver alone decided).
    visits: int = 0

    @classmethod
    def proof(cls, outcome: int, visits: int = 0) -> Value:
        """The value of a position the solver decided (+1, 0 or -1 for the player)."""
        win = (outcome + 1) / 2
        return cls(win, win, win, outcome, visits)

    @property
    def exact(self) -> bool:
        """Whether the value is proven rather than estimated."""
        return self.proven is not None

    def flipped(self) -> Value:
        """The same value from the other player's side."""
        proven = None if self.proven is None else -self.proven
        return Value(1.0 - self.win, 1.0 - self.high, 1.0 - self.low, proven, self.visits)


@attrs.frozen
class Candidate:
    """One turn of the player to move, as the search sees it."""

    #: The whole turn.
    turn: Turn
    #: Its value for the player making it.
    value: Value
    #: The principal line that starts with this turn.
    line: tuple[Turn, ...]


@attrs.frozen
class Analysis:
    """What one search found of a position (the player to move's side throughout)."""

    #: The player to move (1 or 2).
    to_move: int
    #: The position's value for the player to move.
    value: Value
    #: The turn the engine would play (None only where the game is over).
    best: Turn | None
    #: The principal line, starting with `best`.
    line: tuple[Turn, ...]
    #: The turns searched, best first (at most as many as asked for).
    candidates: tuple[Candidate, ...]
    #: Playouts run.
    playouts: int
    #: Tree nodes made.
    nodes: int
    #: Wall seconds the search took.
    seconds: float
    #: Threads that searched.
    threads: int
    #: The seed the search started from (None: drawn from the system).
    seed: int | None
    #: The limit it ran under.
    limit: Limit
    #: Why it stopped: "time", "playouts", "proven" (the root was decided), "only-turn", "memory", ...
    stopped: str


@attrs.frozen
class PlayResult:
    """The engine's choice in a position: a turn, or a resignation, and the analysis behind it."""

    #: The turn to play (with a resignation, the turn it would play on with; None where it has
    #: none to give, as a protocol engine that answers only `resign`).
    turn: Turn | None
    #: Whether the engine resigns (the built-in engine does only in a position proven lost).
    resign: bool
    #: The search behind the choice.
    analysis: Analysis
