"""Time management: how long the engine may think on a turn, from what `time_settings` and
`time_left` said (their standard GTP meaning, one Catchup turn counting as one move).

- No settings (or byo-yomi time with no stones: no limit): the engine's own default time, if any.
- Main time only (sudden death): the time left, shared over the turns the engine expects still to
  play, with a reserve kept back.
- Canadian byo-yomi (`time_settings M B S`): in main time as above, plus a share of the period;
  in byo-yomi, the period's time left shared over the stones (turns) still to play in it.

Every budget is cut by a safety margin (a fraction, and the overrun seen so far: the time the
answers took beyond their budgets, measured by the server around the whole command), so that
under `time_settings 0 T 1` a turn takes at most T on average and far less than 3T at worst.
"""

from __future__ import annotations

import attrs

#: The least a budget may be: a search needs a moment to say anything at all.
FLOOR = 0.02
#: The share of a per-turn allowance a budget uses (the rest absorbs the answer's own overhead).
SHARE = 0.9
#: Turns always counted as still to come in main time (early on, spend it slowly).
MIN_TURNS_LEFT = 6


@attrs.define
class Clock:
    """What the controller said of the time: the settings and, per player, the time left."""

    main: float | None = None
    byo_yomi: float = 0.0
    stones: int = 0
    #: player -> (seconds left, stones left in the byo-yomi period; 0 while in main time)
    left: dict[int, tuple[float, int]] = attrs.field(factory=dict)
    #: Mean seconds the answers took beyond their budgets (never below 0).
    overrun: float = 0.0
    _samples: int = 0

    @property
    def limited(self) -> bool:
        """Whether the controller set a time limit at all."""
        if self.main is None:
            return False
        return not (self.byo_yomi > 0 and self.stones == 0)

    def settings(self, main: float, byo_yomi: float, stones: int) -> None:
        """`time_settings`: new settings, the time left of both players reset to them."""
        self.main, self.byo_yomi, self.stones = main, byo_yomi, stones
        self.left.clear()

    def time_left(self, player: int, seconds: float, stones: int) -> None:
        """`time_left`: what the controller's clock says of one player."""
        self.left[player] = (seconds, stones)

    def budget(self, player: int, turns_left: float) -> float | None:
        """Seconds the engine may search for `player`'s next turn (None: no time limit), when it
        expects to play about `turns_left` more turns of its own."""
        if not self.limited:
            return None
        assert self.main is not None
        seconds, stones = self.left.get(player, (self.main, 0))
        if seconds <= 0 and stones == 0 and self.byo_yomi > 0 and self.stones > 0:
            seconds, stones = self.byo_yomi, self.stones  # main time used up: a period starts
        if stones > 0:  # in byo-yomi: the period's time over the turns still to play in it
            allowance = seconds / stones
        else:
            allowance = seconds / max(turns_left, MIN_TURNS_LEFT)
            if self.byo_yomi > 0 and self.stones > 0:
                allowance += self.byo_yomi / self.stones
        return max(FLOOR, allowance * SHARE - self.overrun)

    def spent(self, budget: float, seconds: float) -> None:
        """Record that an answer given `budget` took `seconds` in all."""
        over = max(0.0, seconds - budget)
        self._samples += 1
        # a running mean that forgets slowly: a load that comes and goes is followed
        weight = 1.0 / min(self._samples, 8)
        self.overrun += (over - self.overrun) * weight
