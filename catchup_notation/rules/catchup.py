"""Catchup as played since 2012: the current score rule, the 2012 board-maximum rule, and
Bolaños Mures' alternative rules. All open with 1 stone and offer a choice of counts."""

from __future__ import annotations

from catchup_notation.rules.hexgame import HexGame

OPENING = "the first turn places exactly 1 stone"


class _BonusGame(HexGame):
    """1 stone to open, then 1 or 2; 1, 2 or 3 when the variant's trigger fired on the turn before."""

    may_stall = False  # one stone is always allowed

    def _bonus(self) -> bool:
        raise NotImplementedError

    def base_counts(self) -> tuple[int, ...]:
        if not self.history:
            return (1,)
        return (1, 2, 3) if self._bonus() else (1, 2)


class CatchupGame(_BonusGame):
    """Current rules: 1 or 2 stones; 1-3 after the opponent's score rose to at least the mover's."""

    initial_score = 1

    def _bonus(self) -> bool:
        last = self.history[-1]  # the opponent's turn (turns alternate): the mover is the other player
        return last.score_after > last.score_before and last.score_after >= self.scores[3 - last.player]

    def reason(self) -> str:
        if not self.history:
            return OPENING
        last = self.history[-1]
        opponent, mover = self.names[last.player - 1], self.names[self.mover - 1]
        number = self.turns_played
        if last.score_after == last.score_before:
            return f"{opponent}'s score did not increase on turn {number}"
        mine = self.scores[self.mover]
        if self._bonus():
            return f"{opponent}'s score rose to {last.score_after} on turn {number}, at least {mover}'s {mine}"
        return f"{opponent}'s score rose to {last.score_after} on turn {number} but stays below {mover}'s {mine}"


class Catchup2012Game(_BonusGame):
    """2012 rules: 1-3 stones after the opponent's turn grew the largest group on the board."""

    def _bonus(self) -> bool:
        if len(self.history) < 2:  # the opening stone never grants the bonus
            return False
        last = self.history[-1]
        return last.board_max_after > last.board_max_before

    def reason(self) -> str:
        if not self.history:
            return OPENING
        if len(self.history) == 1:
            return "the opening stone never grants a third stone"
        last = self.history[-1]
        opponent, number = self.names[last.player - 1], self.turns_played
        if self._bonus():
            return (
                f"{opponent} grew the largest group on the board from "
                f"{last.board_max_before} to {last.board_max_after} on turn {number}"
            )
        return f"{opponent} did not grow the largest group on the board (still {last.board_max_after}) on turn {number}"


class AlternativeGame(HexGame):
    """Bolaños Mures: 1 stone, or 2 stones that leave the largest group on the board no larger."""

    constrained = True
    may_stall = False  # one stone is always allowed

    def base_counts(self) -> tuple[int, ...]:
        return (1,) if not self.history else (1, 2)

    def reason(self) -> str:
        if not self.history:
            return OPENING
        return "every turn places 1 stone, or 2 that do not grow the largest group on the board"

    def constraint(self, player: int, placed: int, sizes: list[int]) -> tuple[str, str] | None:
        before = self.board_max()
        after = max(before, *sizes) if sizes else before
        if placed == 2 and after > before:
            return (
                "largest-group-grew",
                f"a 2-stone turn must leave the largest group on the board at {before}, but this one makes it {after}",
            )
        return None
