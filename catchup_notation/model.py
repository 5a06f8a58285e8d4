"""The attrs data model: what a file said (Record, Turn), what replay found (GameState, RuleError),
and what adjudication decided (Result).

Everything here is plain, frozen data with no behaviour beyond small conveniences; the rules live
in `catchup_notation.rules`, the syntax in `catchup_notation.notation`. Players are numbered 1 (the
first mover) and 2; turns are numbered from 1. Hex cells are axial (q, r) pairs (see `board`).

Source positions (`Location`) are carried for diagnostics but are not part of a value's identity:
two turns that place the same cells are equal wherever they were written.
"""

from __future__ import annotations

from typing import Literal

import attrs

from catchup_notation.board import Cell


@attrs.frozen
class Location:
    """Where something was written: 1-based line and column in its source file."""

    line: int
    column: int


@attrs.frozen
class Turn:
    """One turn as recorded.

    Hex games: `cells` holds the stones placed (order irrelevant; empty = a pass).
    Number-set games: `numbers` holds the numbers taken, in the order taken (order decides legality).
    """

    player: int
    cells: tuple[Cell, ...] = ()
    numbers: tuple[int, ...] = ()
    at: Location | None = attrs.field(default=None, eq=False)

    @property
    def is_pass(self) -> bool:
        return not self.cells and not self.numbers


@attrs.frozen
class Record:
    """One game as a file recorded it, before any rule was applied.

    `variant` is a variant string (`catchup(size=5)`, `catch-up(set={1,2,3,4})`): the rules the
    record is read under. `headers` keeps the file's metadata verbatim, in file order. `players`
    are the display names of player 1 and player 2 when the file gives them. `resigned` is the
    player who resigned after the last turn, if the record ends with a resignation.
    """

    variant: str
    turns: tuple[Turn, ...] = ()
    resigned: int | None = None
    players: tuple[str | None, str | None] = (None, None)
    headers: dict[str, str] = attrs.field(factory=dict)
    source: str | None = attrs.field(default=None, eq=False)
    index: int = attrs.field(default=0, eq=False)
    at: Location | None = attrs.field(default=None, eq=False)
    resigned_at: Location | None = attrs.field(default=None, eq=False)


@attrs.frozen
class RuleError:
    """The first turn of a record that breaks the rules of its variant.

    `code` is stable (see `catchup_notation.errors.RULE_CODES`); `message` is for people.
    """

    code: str
    turn: int
    player: int
    message: str
    cells: tuple[Cell, ...] = ()
    numbers: tuple[int, ...] = ()


@attrs.frozen
class Allowance:
    """What the player to move may do in a hex game, and why.

    `counts` are the numbers of stones allowed this turn (0 means passing is allowed).
    """

    counts: tuple[int, ...]
    reason: str


@attrs.frozen
class HexState:
    """A hex position at a turn boundary."""

    variant: str
    turns_played: int
    to_move: int | None
    stones: tuple[tuple[Cell, ...], tuple[Cell, ...]]
    groups: tuple[tuple[int, ...], tuple[int, ...]]
    scores: tuple[int, int]
    allowance: Allowance | None
    over: bool
    end_reason: str | None = None
    kind: Literal["hex"] = "hex"

    @property
    def stone_count(self) -> int:
        return len(self.stones[0]) + len(self.stones[1])

    def _repr_svg_(self) -> str:
        from catchup_notation.svg import state_svg  # drawing is optional; keep it off the import path

        return state_svg(self)


@attrs.frozen
class NumbersState:
    """A number-set Catch-Up position at a turn boundary."""

    variant: str
    turns_played: int
    to_move: int | None
    remaining: tuple[int, ...]
    scores: tuple[int, int]
    over: bool
    kind: Literal["numbers"] = "numbers"


GameState = HexState | NumbersState

Status = Literal["finished", "resigned", "unfinished", "invalid"]


@attrs.frozen
class Result:
    """The verdict on a record.

    `groups` are each player's group sizes in descending order (empty for number-set games);
    `decided_at` is the 0-based position of the cascading comparison that decided, if it did.
    `reason` is a stable code: board-full, no-legal-turn, numbers-exhausted, resignation,
    unfinished, rule-error. `explanation` says the same in words.
    """

    status: Status
    winner: int | None
    draw: bool
    reason: str
    scores: tuple[int, int]
    groups: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    decided_at: int | None = None
    explanation: str = ""
