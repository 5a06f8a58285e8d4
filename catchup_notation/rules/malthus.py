"""Sabotage Malthus: João Pedro Neto and Bill Taylor's progressive Catchup (2014).

A fixed start position on a hexhex board; then each turn places as many stones as the mover has
groups of two or more stones of their own colour at the start of the turn, each stone of either
colour, or passes. The game ends when the board is full or both players pass, one after the
other; the cascading comparison of group sizes decides (identical lists: a draw).

The start position ("122/222"): for each of the six corners of the board, a pair of stones on the
straight line from the centre to that corner, one and two cells in from the corner. Going round
the board, the pairs alternate: the second player's towards the corners (N, -N), (-N, 0), (0, N),
the first player's towards (N, 0) and (-N, N); towards (0, -N) the first player has a single
stone, two cells in from the corner unless the variant's `start` names its cell (in the lettering
of the posts: the doubled-coordinate columns a.. from the left, rows from 1 at the top).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from catchup_notation.errors import VariantError
from catchup_notation.rules.hexgame import HexGame

if TYPE_CHECKING:
    from catchup_notation.board import Cell
    from catchup_notation.rules.registry import Variant

#: Unit steps from the centre towards a corner, and the colour of the stones on that line.
_PAIRS = (((1, -1), 2), ((-1, 0), 2), ((0, 1), 2), ((1, 0), 1), ((-1, 1), 1))
_SINGLE = (0, -1)  # the line of the first player's single stone
_NAME = re.compile(r"([a-z])([0-9]+)")

#: The smallest board whose pairs stand apart: on side 3 the inner stones would meet at the centre.
MIN_SIDE = 4


def cell_of_name(name: str, side: int) -> Cell | None:
    """The axial cell a post's name stands for on the hexhex board of `side` (`i3` on side 7 is
    (0, -4)): column x from 0 at `a`, row from 1 at the top, x = 2q + r + 2N and row = r + N + 1.
    None when the pair names no cell (the wrong parity, or off the board)."""
    match = _NAME.fullmatch(name.strip().lower())
    if match is None:
        return None
    n = side - 1
    r = int(match.group(2)) - n - 1
    twice_q = ord(match.group(1)) - ord("a") - r - 2 * n
    if twice_q % 2:
        return None
    q = twice_q // 2
    return (q, r) if max(abs(q), abs(r), abs(q + r)) <= n else None


def start_position(side: int, start: str | None = None) -> dict[Cell, int]:
    """The stones before the first turn, by colour (1: the first player's, O in the posts)."""
    if side < MIN_SIDE:
        raise VariantError(f"sabotage-malthus needs a board of side {MIN_SIDE} or more for its start position")
    n = side - 1
    stones: dict[Cell, int] = {}
    for (dq, dr), colour in _PAIRS:
        for k in (n - 2, n - 1):
            stones[(dq * k, dr * k)] = colour
    if start is None:
        single = (_SINGLE[0] * (n - 2), _SINGLE[1] * (n - 2))
    else:
        named = cell_of_name(start, side)
        if named is None:
            raise VariantError(f"sabotage-malthus: start={start} names no cell of the side-{side} board")
        single = named
        if single in stones:
            raise VariantError(f"sabotage-malthus: start={start} is a cell of a pair of the start position")
    stones[single] = 1
    return stones


def check_params(params: dict[str, Any]) -> None:
    """Raise VariantError now for a start position the parameters cannot make; a `start` that
    names the default cell is the default (one spelling for one variant)."""
    side, start = int(params["size"]), params.get("start")
    start_position(side, start)
    if start is not None and cell_of_name(start, side) == (0, 3 - side):
        params["start"] = None


class SabotageMalthusGame(HexGame):
    """Sabotage Malthus (see the module docstring): turns of "as many (unrestricted) per turn as
    he has groups size 2 or more", stones of either colour, two passes in a row end the game."""

    may_stall = False  # a pass is always allowed
    passes_end = True
    counts_from_all_groups = True

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        if self.board.side is None:
            raise VariantError("sabotage-malthus is played on a hexhex board (its start position needs one)")
        index = self.board.index
        setup = start_position(self.board.side, variant.params.get("start"))
        for colour in (1, 2):
            self._place([index[cell] for cell, owner in setup.items() if owner == colour], colour)

    def own_groups(self) -> int:
        """The mover's groups of two or more stones of their own colour, now."""
        mover, owner, parent, gsize = self.mover, self.owner, self.parent, self.gsize
        return sum(1 for i, o in enumerate(owner) if o == mover and parent[i] == i and gsize[i] >= 2)

    def base_counts(self) -> tuple[int, ...]:
        groups = self.own_groups()
        return (0, groups) if groups else (0,)

    def allowed_counts(self) -> tuple[int, ...]:
        counts = self.base_counts()
        if counts[-1] > self.empty:  # fill what remains, or pass
            return (0, self.empty) if self.empty else (0,)
        return counts

    def reason(self) -> str:
        groups = self.own_groups()
        name = self.names[self.mover - 1]
        either = f"{self.colour_names[0]} or {self.colour_names[1]}"
        if not groups:
            return f"{name} has no group of 2 or more stones, so the turn is a pass"
        stones = "1 stone" if groups == 1 else f"{groups} stones"
        plural = "group" if groups == 1 else "groups"
        return f"{name} has {groups} {plural} of 2 or more stones: {stones}, each {either}, or a pass"

    def current_scores(self) -> tuple[int, int]:
        return self.largest[1], self.largest[2]
