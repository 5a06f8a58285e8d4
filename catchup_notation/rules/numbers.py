"""Rules engine for Catch-Up, the number-set game of Isaksen, Ismail, Brams and Nealen (2015).

Players take numbers one at a time from a multiset, adding them to their score; a turn ends as soon
as the mover's score reaches the opponent's (every non-empty proper prefix leaves the mover strictly
behind), unless even every remaining number cannot catch up, in which case the mover takes them all.
The game ends when the set is empty; the higher score wins, equal scores draw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from catchup_notation.board import Cell
from catchup_notation.errors import IllegalTurn, NotationError
from catchup_notation.limits import int_of
from catchup_notation.model import NumbersState, Result, RuleError, Turn
from catchup_notation.rules.engine import Engine

if TYPE_CHECKING:
    import random  # a type only here: not imported at start-up

    from catchup_notation.rules.registry import Variant


def _numbers_words(numbers: tuple[int, ...]) -> str:
    return "<" + ",".join(map(str, numbers)) + ">"


def _score_words(scores: tuple[int, int] | list[int]) -> str:
    return f"{scores[0]}-{scores[1]}"


class NumbersGame(Engine):
    """A mutable Catch-Up position: the remaining multiset, both scores and the player to move."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.names: tuple[str, str] = variant.spec.players
        self.cell_namer: Callable[[Cell], str] = str  # no cells: the protocol's namer is never asked
        self._remaining: Counter[int] = Counter(variant.params["set"])
        start = variant.params.get("scores", (0, 0))
        self._scores = [int(start[0]), int(start[1])]
        self.turns_played = 0
        self.to_move: int | None = 1 if self._remaining else None
        self.over = not self._remaining

    # -- protocol ---------------------------------------------------------------------------

    def copy(self) -> NumbersGame:
        twin = object.__new__(NumbersGame)
        twin.variant = self.variant
        twin.names = self.names
        twin.cell_namer = self.cell_namer
        twin._remaining = Counter(self._remaining)
        twin._scores = list(self._scores)
        twin.turns_played = self.turns_played
        twin.to_move = self.to_move
        twin.over = self.over
        return twin

    @property
    def remaining(self) -> tuple[int, ...]:
        """What is left to take, sorted, repeats included."""
        return tuple(sorted(self._remaining.elements()))

    @property
    def scores(self) -> tuple[int, int]:
        """Both players' scores."""
        return (self._scores[0], self._scores[1])

    def state(self) -> NumbersState:
        return NumbersState(
            variant=str(self.variant),
            turns_played=self.turns_played,
            to_move=self.to_move,
            remaining=self.remaining,
            scores=self.scores,
            over=self.over,
        )

    def check(self, turn: Turn) -> RuleError | None:
        number = self.turns_played + 1
        name = self.names[turn.player - 1] if turn.player in (1, 2) else f"player {turn.player}"
        taken = tuple(turn.numbers)
        where = f"turn {number}, {name}"

        def error(code: str, message: str) -> RuleError:
            return RuleError(code, number, turn.player, f"{where}: {message}", numbers=taken)

        if self.over:
            return error("game-over", f"took {_numbers_words(taken)} but the game is over (no numbers remain)")
        if turn.player != self.to_move:
            mover = self.names[(self.to_move or 1) - 1]  # not over, so someone is to move
            return error("wrong-player", f"it is {mover}'s turn, not {name}'s")

        available = Counter(self._remaining)
        for value in taken:
            if available[value] <= 0:
                left = _numbers_words(self.remaining)
                already = taken.count(value) - self._remaining[value]
                why = (
                    "more often than it remains" if already > 0 and self._remaining[value] else "which is not available"
                )
                return error("not-available", f"took {value}, {why} (remaining: {left})")
            available[value] -= 1

        mine, theirs = self._scores[turn.player - 1], self._scores[2 - turn.player]
        running = mine
        for index, value in enumerate(taken[:-1]):
            running += value
            if running >= theirs:
                reached = self._as_scores(turn.player, running, theirs)
                prefix = _numbers_words(taken[: index + 1])
                rest = ",".join(map(str, taken[index + 1 :]))
                return error(
                    "kept-taking",
                    f"took {rest} after already catching up ({prefix} brought the score to {_score_words(reached)}; "
                    "the turn ends as soon as the mover's score reaches the opponent's)",
                )

        total = running + (taken[-1] if taken else 0)
        if not taken:
            return error("stopped-behind", "took no numbers (a turn takes at least one number)")
        if total < theirs and sum(available.values()) > 0:
            reached = self._as_scores(turn.player, total, theirs)
            return error(
                "stopped-behind",
                f"stopped after {_numbers_words(taken)} still behind at {_score_words(reached)} "
                "while numbers remain (a turn goes on until the mover catches up)",
            )
        return None

    def parse_turn(self, text: str) -> Turn:
        player = self.to_move or self.turns_played % 2 + 1  # once over, play() says so
        words = text.strip().removeprefix("<").removesuffix(">").replace(",", " ").split()
        try:
            numbers = tuple(int_of(word) for word in words)
        except ValueError:
            raise NotationError(
                f"{text!r} is not numbers to take (write them like '3 4' or <3,4>)", text=text, code="not-a-number"
            ) from None
        return Turn(player, numbers=numbers)

    def turn_text(self, turn: Turn) -> str:
        return _numbers_words(turn.numbers)

    def __str__(self) -> str:
        from catchup_notation.pictures.text import position_text

        return position_text(self.state(), names=self.names)

    def __repr__(self) -> str:
        now = "game over" if self.over else f"{self.names[(self.to_move or 1) - 1]} to move"
        left, scores = _numbers_words(self.remaining), _score_words(self.scores)
        return f"<NumbersGame {self.variant} after turn {self.turns_played}: {now} at {scores}, {left} left>"

    def play(self, turn: Turn | str) -> None:
        if isinstance(turn, str):
            turn = self.parse_turn(turn)
        problem = self.check(turn)
        if problem is not None:
            raise IllegalTurn(problem)
        self._apply(turn.player, turn.numbers)

    def score(self, resigned: int | None = None) -> Result:
        scores = self.scores
        names = self.names
        if resigned is not None:
            winner = 3 - resigned
            return Result(
                status="resigned",
                winner=winner,
                draw=False,
                reason="resignation",
                scores=scores,
                explanation=f"{names[resigned - 1]} resigned at {_score_words(scores)}; {names[winner - 1]} wins",
            )
        if not self.over:
            return Result(
                status="unfinished",
                winner=None,
                draw=False,
                reason="unfinished",
                scores=scores,
                explanation=f"unfinished at {_score_words(scores)} with {_numbers_words(self.remaining)} remaining",
            )
        if scores[0] == scores[1]:
            return Result(
                status="finished",
                winner=None,
                draw=True,
                reason="numbers-exhausted",
                scores=scores,
                explanation=f"draw {_score_words(scores)}",
                decided_by="scores",
            )
        winner = 1 if scores[0] > scores[1] else 2
        high, low = max(scores), min(scores)
        return Result(
            status="finished",
            winner=winner,
            draw=False,
            reason="numbers-exhausted",
            scores=scores,
            explanation=f"{names[winner - 1]} wins {high}-{low}",
            decided_by="scores",
        )

    # -- move generation --------------------------------------------------------------------

    def legal_turns(self) -> Iterator[Turn]:
        """Every legal turn for the player to move (see `legal_takes`)."""
        mover = self.to_move
        for numbers in self.legal_takes():
            yield Turn(mover or 0, numbers=numbers)

    def random_turn(self, rng: random.Random) -> Turn:
        """A legal turn chosen uniformly among `legal_turns()`."""
        return Turn(self.to_move or 0, numbers=self.random_take(rng))

    def legal_takes(self) -> Iterator[tuple[int, ...]]:
        """Every legal turn for the player to move, as numbers in the order taken.

        Each distinct value sequence appears once, even when the multiset repeats a value.
        """
        if self.over:
            return
        mover = self.to_move
        assert mover is not None  # not over
        gap = self._scores[2 - mover] - self._scores[mover - 1]
        counts = Counter(self._remaining)
        left = sum(counts.values())
        taken: list[int] = []

        def extend(running: int, left: int) -> Iterator[tuple[int, ...]]:
            for value in sorted(v for v, c in counts.items() if c > 0):
                counts[value] -= 1
                taken.append(value)
                if running + value >= gap or left == 1:
                    yield tuple(taken)
                else:
                    yield from extend(running + value, left - 1)
                taken.pop()
                counts[value] += 1

        yield from extend(0, left)

    def random_take(self, rng: random.Random) -> tuple[int, ...]:
        """The numbers of a legal turn chosen uniformly among `legal_takes()`."""
        return rng.choice(list(self.legal_takes()))

    # -- internals --------------------------------------------------------------------------

    @staticmethod
    def _as_scores(player: int, mine: int, theirs: int) -> tuple[int, int]:
        return (mine, theirs) if player == 1 else (theirs, mine)

    def _apply(self, player: int, numbers: tuple[int, ...]) -> None:
        for value in numbers:
            self._remaining[value] -= 1
            if not self._remaining[value]:
                del self._remaining[value]
        self._scores[player - 1] += sum(numbers)
        self.turns_played += 1
        if self._remaining:
            self.to_move = 3 - player
        else:
            self.to_move = None
            self.over = True
