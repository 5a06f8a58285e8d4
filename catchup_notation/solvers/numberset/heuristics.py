"""The paper's human-playable heuristics (section 3.2-3.3) and tournaments between them.

A heuristic is a chain of criteria applied in turn to the legal moves, each keeping only the
moves that score best on it; whatever remains is chosen among at random. `Random` is the empty
chain. Moves are the distinct *sets* of numbers a turn may take (orders of the same numbers are
strategically equivalent, the paper's "or" moves), each played in a legal order. Choosing among
sets, not ordered turns, is what reproduces Table 3 (e.g. P1 MaxScore vs P2 MinScore: 30.0% over
sets, against 29.78% published; 6.4% if ordered turns were chosen among).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

import attrs

from catchup_notation.model import Turn
from catchup_notation.rules.numbers import NumbersGame
from catchup_notation.rules.registry import parse_variant

Move = tuple[int, ...]

# criterion name -> what to maximise
CRITERIA: dict[str, Callable[[Move], int]] = {
    "maxscore": lambda move: sum(move),
    "minscore": lambda move: -sum(move),
    "usemostnums": len,
}
_DISPLAY = {"random": "Random", "maxscore": "MaxScore", "minscore": "MinScore", "usemostnums": "UseMostNums"}


@attrs.frozen
class Heuristic:
    """A chain of criteria, e.g. UseMostNums+MinScore: most numbers first, then the smallest sum."""

    criteria: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Heuristic:
        """'Random', 'MaxScore', 'UseMostNums+MinScore' (case and spaces ignored)."""
        names = [part.strip().lower().replace("_", "").replace("-", "") for part in text.split("+")]
        unknown = [n for n in names if n not in CRITERIA and n != "random"]
        if unknown or not names:
            known = ", ".join(_DISPLAY.values())
            raise ValueError(f"unknown heuristic {text!r}; combine {known} with '+'")
        return cls(tuple(n for n in names if n != "random"))

    def __str__(self) -> str:
        return "+".join(_DISPLAY[c] for c in self.criteria) or "Random"

    def choose(self, moves: Sequence[Move], rng: random.Random) -> Move:
        candidates = list(moves)
        for name in self.criteria:
            key = CRITERIA[name]
            best = max(key(m) for m in candidates)
            candidates = [m for m in candidates if key(m) == best]
        return rng.choice(candidates)


@attrs.frozen
class TournamentResult:
    """Outcomes of `games` games between two heuristics, counted from P1's side."""

    p1: str
    p2: str
    games: int
    p1_wins: int
    draws: int
    p2_wins: int

    @property
    def p1_win_rate(self) -> float:
        return self.p1_wins / self.games

    @property
    def p2_win_rate(self) -> float:
        return self.p2_wins / self.games


def distinct_moves(game: NumbersGame) -> list[Move]:
    """One legal order for each distinct set of numbers the mover may take."""
    by_set: dict[Move, Move] = {}
    for turn in game.legal_takes():
        by_set.setdefault(tuple(sorted(turn)), turn)
    return list(by_set.values())


def play_game(start: NumbersGame, players: tuple[Heuristic, Heuristic], rng: random.Random) -> NumbersGame:
    """Play one game to the end from a copy of `start`; returns the finished game."""
    game = start.copy()
    while not game.over:
        mover = game.to_move
        assert mover is not None  # a game not over has a player to move
        move = players[mover - 1].choose(distinct_moves(game), rng)
        game.play(Turn(player=mover, numbers=move))
    return game


def tournament(
    numbers: Iterable[int],
    p1: Heuristic | str,
    p2: Heuristic | str,
    games: int,
    seed: int = 0,
    scores: tuple[int, int] = (0, 0),
) -> TournamentResult:
    """Play `games` games of Catch-Up(numbers), P1 using `p1` and P2 `p2`; reproducible by `seed`."""
    first = p1 if isinstance(p1, Heuristic) else Heuristic.parse(p1)
    second = p2 if isinstance(p2, Heuristic) else Heuristic.parse(p2)
    start = parse_variant("catch-up", set=tuple(numbers), scores=scores).new_game()
    assert isinstance(start, NumbersGame)
    rng = random.Random(seed)
    tally = [0, 0, 0]  # P1 wins, draws, P2 wins
    for _ in range(games):
        result = play_game(start, (first, second), rng).score()
        tally[0 if result.winner == 1 else 2 if result.winner == 2 else 1] += 1
    return TournamentResult(str(first), str(second), games, *tally)
