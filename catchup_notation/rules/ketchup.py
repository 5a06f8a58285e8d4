"""Ketchup 2.0-4.0 (and the reconstructed 1.0): fixed stone counts, red and green stones."""

from __future__ import annotations

from catchup_notation.rules.hexgame import HexGame
from catchup_notation.rules.registry import Variant

OPENING = "the first turn places exactly 1 stone"


class Ketchup4Game(HexGame):
    """Ketchup 4.0: the bonus stone follows a turn that made a strictly largest group.

    Settings: `base_counts` (2 as posted; 1-2 as amended) and `bonus_min_group` (the smallest
    group that triggers the bonus: 1 as posted, 2 as amended).
    """

    fills_remaining = True
    reads_strict_max = True

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        settings = variant.spec.settings
        self._base = tuple(settings.get("base_counts", (2,)))
        self._threshold = int(settings.get("bonus_min_group", 1))

    def _bonus(self) -> bool:
        return bool(self.history) and self.history[-1].strict_new_max >= self._threshold

    def base_counts(self) -> tuple[int, ...]:
        if not self.history:
            return (1,)
        return (*self._base, 3) if self._bonus() else self._base

    def reason(self) -> str:
        if not self.history:
            return OPENING
        last = self.history[-1]
        opponent, number = self.names[last.player - 1], self.turns_played
        if self._bonus():
            return (
                f"{opponent} made a group of {last.strict_new_max}, "
                f"larger than any other on the board, on turn {number}"
            )
        if last.strict_new_max:
            return (
                f"{opponent}'s largest-on-board group of {last.strict_new_max} on turn "
                f"{number} is too small to count (a group needs {self._threshold} stones)"
            )
        return f"{opponent} made no group larger than every other on turn {number}"


class Ketchup3Game(HexGame):
    """Ketchup 3.0: 2 stones a turn; 3 for a player whose largest group is behind."""

    fills_remaining = True

    def _behind(self) -> bool:
        mover = self.mover
        return self.board_max() >= 2 and self.largest[mover] < self.largest[3 - mover]

    def base_counts(self) -> tuple[int, ...]:
        if not self.history:
            return (1,)
        return (3,) if self._behind() else (2,)

    def reason(self) -> str:
        if not self.history:
            return OPENING
        mover, opponent = self.names[self.mover - 1], self.names[2 - self.mover]
        mine, theirs = self.largest[self.mover], self.largest[3 - self.mover]
        if self.board_max() < 2:
            return "no group of 2 or more stones is on the board yet"
        if self._behind():
            return f"{mover}'s largest group ({mine}) is smaller than {opponent}'s ({theirs})"
        return f"{mover}'s largest group ({mine}) is not smaller than {opponent}'s ({theirs})"


class Ketchup2Game(HexGame):
    """Ketchup Revised (and, without its opening phase, the reconstructed original).

    The player with the larger largest group places exactly 2; the other exactly 3 or passes; no
    turn may end with equal largest groups. Setting `opening_phase`: 2 stones each while no group
    of 2 exists (Revised); without it, the rules apply from turn 2 (original).
    """

    constrained = True

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self._opening_phase = bool(variant.spec.settings.get("opening_phase", True))

    def _in_opening_phase(self) -> bool:
        return self._opening_phase and self.board_max() < 2

    def _leading(self) -> bool:
        mover = self.mover
        return self.largest[mover] > self.largest[3 - mover]

    def base_counts(self) -> tuple[int, ...]:
        if not self.history:
            return (1,)
        if self._in_opening_phase() or self._leading():
            return (2,)
        return (0, 3)

    def reason(self) -> str:
        if not self.history:
            return OPENING
        if self._in_opening_phase():
            return "no group of 2 or more stones is on the board yet"
        mover, opponent = self.names[self.mover - 1], self.names[2 - self.mover]
        mine, theirs = self.largest[self.mover], self.largest[3 - self.mover]
        if self._leading():
            return f"{mover}'s largest group ({mine}) is larger than {opponent}'s ({theirs})"
        return f"{mover}'s largest group ({mine}) is smaller than {opponent}'s ({theirs})"

    def constraint(self, player: int, placed: int, sizes: list[int]) -> tuple[str, str] | None:
        mine = max(self.largest[player], *sizes) if sizes else self.largest[player]
        theirs = self.largest[3 - player]
        # Revised: the ban holds once a group of 2+ exists at the end of the turn; the original
        # applies it to every turn after the opening stone.
        applies = max(mine, theirs) >= 2 or not self._opening_phase
        if applies and mine == theirs:
            return (
                "equal-largest-groups",
                f"the turn leaves both largest groups at {mine} stones, and equal largest groups are not allowed",
            )
        return None

    def has_legal_turn(self) -> bool:
        # A pass never changes the groups, so it is legal whenever offered; a placement must
        # avoid equal largest groups, which only an exhaustive look can rule out.
        counts = self._current_counts()
        if 0 in counts:
            return True
        return any(True for _ in self.legal_turns())
