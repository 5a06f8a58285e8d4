"""The verdict on an unfinished game past the exact solver's reach: who is ahead, by the engine.

Within the solver's reach the verdict is a proof (the same reach as a review's, see
`review.solver_reach`). Beyond it, the engine searches twice: the position itself, and the position
after the engine's best turn there. The engine's estimates lean toward the player to move (see
docs/review.md: 0.13 to 0.16 of a chance on average on its own play, up to 0.4 in the middle
game), and the two searches have opposite players to move, so their mean leans toward neither:
that mean is the estimate, the ends of its interval the means of theirs (as a review values a
position).

An estimate is the engine's opinion of a position, not a result: see the manual's page on
reviews for what a tournament director can and cannot use it for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from catchup_notation.engine.analysis import Limit, Value
from catchup_notation.engine.review import Analyser, ReviewSettings, value_position
from catchup_notation.model import Turn

if TYPE_CHECKING:
    from catchup_notation.rules.hexgame import HexGame


@attrs.frozen
class Estimate:
    """What the engine says of an unfinished game's last position."""

    #: The first player's chance of winning (a draw counts half), or a proof.
    value: Value
    #: Whether the solver decided it (a proof), else the engine's estimate.
    exact: bool
    #: A line of best play from the position (the solver's, or the engine's).
    line: tuple[Turn, ...]
    #: The limit of each engine search (None for a proof).
    limit: Limit | None
    #: Engine searches made (0 for a proof, else 2).
    searches: int
    #: Playouts of those searches together.
    playouts: int
    #: Wall seconds it took.
    seconds: float

    @property
    def winner(self) -> int | None:
        """Who the verdict favours: with perfect play for a proof (None: a draw); else the player
        whose chance is above one half (None: exactly even)."""
        if self.value.proven is not None:
            return {1: 1, -1: 2}.get(self.value.proven)
        if self.value.win > 0.5:
            return 1
        return 2 if self.value.win < 0.5 else None


def estimate_position(game: HexGame, analyser: Analyser, settings: ReviewSettings) -> Estimate:
    """The verdict on `game`'s position (not over, not changed): a proof within the solver's
    reach, else the mean of the engine's two searches (see the module notes)."""
    if game.over:
        raise ValueError("the game is over: its result is the verdict")
    first = value_position(game, analyser, settings)
    assert first.value is not None
    if first.exact or first.best is None:
        return Estimate(first.value, first.exact, first.line, None, 0, first.playouts, first.seconds)
    after = game.copy()
    after.play(first.best)
    second = value_position(after, analyser, settings)
    seconds = first.seconds + second.seconds
    playouts = first.playouts + second.playouts
    assert second.value is not None
    mover = game.to_move or 1
    proven = second.value.proven
    if proven is not None and proven == (1 if mover == 1 else -1):  # the best turn is a proven win
        return Estimate(second.value, True, first.line, settings.limit, 2, playouts, seconds)
    a, b = first.value, second.value
    mean = Value((a.win + b.win) / 2, (a.low + b.low) / 2, (a.high + b.high) / 2, None, a.visits + b.visits)
    return Estimate(mean, False, first.line, settings.limit, 2, playouts, seconds)
