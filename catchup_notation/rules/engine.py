"""The protocol every rules engine implements.

An engine is a *mutable* game (like python-chess's Board): `play` a turn (a `Turn`, or its text:
`"E5 F6"`, `"pass"`, `"3 4"` for numbers), ask for the `state` snapshot (frozen attrs), `copy` it
for search; `str(engine)` is the position as text. Engines know nothing of files: cells are named
by `cell_namer` (Little Golem's names unless a record's notation says otherwise), in messages and
in the turns given as text.
`names` are the players' names in the engine's messages and verdicts (by default the variant's:
White and Black, Red and Green); replay sets them to the record's own where it has them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Protocol

from catchup_notation.board import Cell
from catchup_notation.model import GameState, Result, RuleError, Turn

if TYPE_CHECKING:
    import random  # a type only here: not imported at start-up

    from catchup_notation.rules.registry import Variant


class Engine(Protocol):
    """A game in progress under one variant (`HexGame` or `NumbersGame`)."""

    variant: Variant
    names: tuple[str, str]
    turns_played: int
    to_move: int | None  # None once the game is over
    over: bool
    cell_namer: Callable[[Cell], str]

    def check(self, turn: Turn) -> RuleError | None:
        """The rule `turn` breaks if played now (first by the documented order), or None."""
        ...

    def play(self, turn: Turn | str) -> None:
        """Apply a legal turn of the player to move, a `Turn` or its text (`parse_turn`); raise
        `IllegalTurn` (state unchanged) for an illegal one."""
        ...

    def parse_turn(self, text: str) -> Turn:
        """The turn of the player to move that `text` writes: cell names separated by spaces
        (`"E5 F6"`, `"E5=w"` for a stone of the other colour, `"pass"`), or numbers (`"3 4"`).
        Raises `NotationError` (code `not-a-cell`) for a name that is no cell."""
        ...

    def turn_text(self, turn: Turn) -> str:
        """A turn as `parse_turn` reads it: cells by name (`E5 F6`), `pass`, or `<3,4>`."""
        ...

    def copy(self) -> Engine:
        """An independent copy (same position, same history facts)."""
        ...

    def state(self) -> GameState:
        """A frozen snapshot of the current position."""
        ...

    def score(self, resigned: int | None = None) -> Result:
        """The verdict on the current position (finished, resigned or unfinished)."""
        ...

    def legal_turns(self) -> Iterator[Turn]:
        """Every legal turn of the player to move."""
        ...

    def random_turn(self, rng: random.Random) -> Turn:
        """A legal turn of the player to move, chosen at random."""
        ...


def count_words(counts: tuple[int, ...]) -> str:
    """(1, 2, 3) -> '1, 2 or 3'; (0, 3) -> 'pass or 3'."""
    words = ["pass" if c == 0 else str(c) for c in counts]
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]
