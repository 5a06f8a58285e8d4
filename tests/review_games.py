"""Games with known exact values for the review's tests: random play into an endgame, one turn
that throws away a proven win, then perfect play to the end (every fact checked by the solver)."""

from __future__ import annotations

import random

import attrs

from catchup_notation.engine.analysis import Analysis, Candidate, Limit, Value
from catchup_notation.model import Turn
from catchup_notation.rules.hexgame import HexGame
from catchup_notation.rules.registry import parse_variant
from catchup_notation.solvers.endgame import solve_endgame


@attrs.frozen
class BlunderGame:
    """A game whose turn `blunder` (1-based) turned its mover's proven win into a proven loss."""

    variant: str
    turns: tuple[Turn, ...]
    blunder: int
    #: Empty cells before the blunder.
    empty: int


def blunder_game(seed: int, variant: str = "catchup(size=4)", at_most: int = 13) -> BlunderGame | None:
    """Random turns until at most `at_most` cells are empty and the mover has a proven win with a
    losing turn at hand; that turn; then each side's best play (the solver's line) to the end.
    None when the random game never offers such a choice."""
    rng = random.Random(seed)
    game: HexGame = parse_variant(variant).new_game()  # type: ignore[assignment]
    turns: list[Turn] = []
    while not game.over:
        if game.empty <= at_most:
            solved = solve_endgame(game, moves=True)
            losing = [m.turn for m in solved.moves if m.value == -1]
            if solved.value == 1 and losing:
                empty = game.empty
                bad = rng.choice(losing)
                game.play(bad)
                turns.append(bad)
                rest = solve_endgame(game).principal_line
                for turn in rest:
                    game.play(turn)
                turns.extend(rest)
                return BlunderGame(str(game.variant), tuple(turns), len(turns) - len(rest), empty)
        turn = game.random_turn(rng)
        game.play(turn)
        turns.append(turn)
    return None


class CountingDouble:
    """A stand-in for the engine in unit tests: the value of a position is the player to move's
    share of the stones on the board (a fixed, cheap formula), the best turn a seeded random one.
    It counts its calls, and records every limit it was given."""

    def __init__(self, seed: int = 1, candidates: tuple[Candidate, ...] = ()) -> None:
        self.rng = random.Random(seed)
        self.calls = 0
        self.limits: list[Limit] = []
        self.candidates = candidates

    def analyse(self, position: HexGame, limit: Limit, candidates: int = 1) -> Analysis:
        self.calls += 1
        self.limits.append(limit)
        mover = position.to_move or 1
        mine, theirs = len(position.stones(mover)), len(position.stones(3 - mover))
        win = (mine + 1) / (mine + theirs + 2)
        value = Value(win, max(0.0, win - 0.05), min(1.0, win + 0.05), None, 100)
        best = position.random_turn(self.rng)
        return Analysis(mover, value, best, (best,), self.candidates, 100, 10, 0.01, 1, None, limit, "playouts")


class LeaningDouble(CountingDouble):
    """An engine whose every estimate is the same chance for the player to move, whoever that is:
    a search that leans toward the mover (as a real one does, less simply). Every position is then
    worth the same, and no turn loses anything."""

    def __init__(self, lean: float = 0.25) -> None:
        super().__init__()
        self.lean = lean

    def analyse(self, position: HexGame, limit: Limit, candidates: int = 1) -> Analysis:
        found = super().analyse(position, limit, candidates)
        win = 0.5 + self.lean
        return attrs.evolve(found, value=Value(win, win - 0.01, win + 0.01, None, 100))
