"""SAUCE: Bill Taylor and João Pedro Neto's variant of Ketchup 3.0, as Neto's blog gave it in 2013."""

from __future__ import annotations

from typing import TYPE_CHECKING

from catchup_notation.rules.hexgame import HexGame
from catchup_notation.rules.ketchup import OPENING
from catchup_notation.rules.scoring import compare_groups, format_groups

if TYPE_CHECKING:
    from catchup_notation.rules.registry import Variant


class SauceGame(HexGame):
    """SAUCE (Bill Taylor and João Pedro Neto; Neto's blog, 2013): Ketchup 3.0 with "ahead" read
    as the cascading comparison of the two players' group sizes, and passes.

    Turn 1 places 1 stone, turn 2 exactly 2 (the "12" opening). Later, a player places exactly 3
    when the opponent is ahead at the start of the turn (the comparison that decides the winner:
    sorted group sizes, position by position, a missing group counting 0), else exactly 2. Every
    turn after the first may pass instead; with fewer empty cells than required, the mover fills
    what remains (or passes). Only a full board ends the game.
    """

    #: Both players may pass for ever, so a position has no game-theoretic value to search for
    #: (the endgame solver refuses it): a SAUCE game ends only when the board is full.
    endless = True

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self._standing: tuple[int, int | None] | None = None  # (turns played, cascade leader)

    def _leader(self) -> int | None:
        """The player ahead by the cascading comparison now (None: identical group lists)."""
        cached = self._standing
        if cached is None or cached[0] != self.turns_played:
            cached = self._standing = (self.turns_played, compare_groups(self.groups(1), self.groups(2))[0])
        return cached[1]

    def _opponent_ahead(self) -> bool:
        mover = self.to_move
        return mover is not None and self._leader() == 3 - mover

    def base_counts(self) -> tuple[int, ...]:
        if not self.history:
            return (1,)
        if len(self.history) == 1:
            return (0, 2)
        return (0, 3) if self._opponent_ahead() else (0, 2)

    def allowed_counts(self) -> tuple[int, ...]:
        counts = self.base_counts()
        if counts[-1] > self.empty and counts[0] == 0:
            return (0, self.empty) if self.empty else (0,)
        return counts

    def reason(self) -> str:
        if not self.history:
            return OPENING
        if len(self.history) == 1:
            return "the second turn places exactly 2 stones (the 12 opening), or passes"
        mover, opponent = self.to_move or 1, 3 - (self.to_move or 1)
        mine, theirs = format_groups(self.groups(mover)), format_groups(self.groups(opponent))
        names = self.names
        standing = f"{names[opponent - 1]} {theirs} against {names[mover - 1]} {mine}, group by group"
        if self._opponent_ahead():
            return f"{names[opponent - 1]} is ahead ({standing}); a pass is allowed instead"
        return f"{names[opponent - 1]} is not ahead ({standing}); a pass is allowed instead"
