"""What a number-set solve finds: a position's value and its optimal moves."""

from __future__ import annotations

import attrs

Move = tuple[int, ...]


@attrs.frozen
class Solution:
    """The exact value of a position and its optimal moves.

    `value` is for P1 (1 P1 wins, 0 draw, -1 P2 wins); `mover_value` for the player to move (both
    None when a stopped search did not find them). `move_values` gives every distinct move
    (numbers in a legal order) with its value for the mover, when asked for; `best_moves` are those
    achieving `mover_value`. `nodes` counts positions expanded. `complete` is False for a search
    stopped by its budget (`stopped` says why), which keeps the moves valued so far. `jobs` is the
    number of processes (the reference) or threads (the compiled core) that searched.
    """

    #: The numbers left.
    numbers: tuple[int, ...]
    #: The scores, the first player's first.
    scores: tuple[int, int]
    #: The player to move (None when no number is left).
    to_move: int | None
    #: The value for the first player: 1 win, 0 draw, -1 loss (None if a stopped search did not find it).
    value: int | None
    #: The same for the player to move.
    mover_value: int | None
    #: The moves that achieve `mover_value`.
    best_moves: tuple[Move, ...]
    #: With `with_moves=True`: every distinct move and its value for the mover.
    move_values: tuple[tuple[Move, int], ...]
    #: Positions expanded.
    nodes: int
    #: Time the search took (start-up excluded).
    seconds: float
    #: False for a search stopped by its budget.
    complete: bool = True
    #: Why a stopped search stopped.
    stopped: str | None = None
    #: Processes that shared the search.
    jobs: int = 1
