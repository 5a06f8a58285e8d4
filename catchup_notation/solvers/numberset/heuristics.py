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
from catchup_notation.solvers.limits import CHECK_EVERY, Budget, SearchStopped, SearchTooLarge

#: Seconds one sample game may take when a tournament's work is estimated (`estimate_seconds`).
SAMPLE_SECONDS = 1.0
#: A tournament estimated to take longer than this is refused unless a time limit is given.
REASONABLE_SECONDS = 600.0

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

    #: The first player's heuristic.
    p1: str
    #: The second player's heuristic.
    p2: str
    #: Games played.
    games: int
    #: Games the first player won.
    p1_wins: int
    #: Games drawn.
    draws: int
    #: Games the second player won.
    p2_wins: int

    @property
    def p1_win_rate(self) -> float:
        return self.p1_wins / self.games

    @property
    def p2_win_rate(self) -> float:
        return self.p2_wins / self.games


#: Most bytes the distinct moves of one turn may take once listed: past them the game stops.
MOVES_BYTES = 192 << 20


def distinct_moves(game: NumbersGame, budget: Budget | None = None) -> list[Move]:
    """One legal order for each distinct set of numbers the mover may take. Their number grows
    exponentially with the set, so a `budget` is looked at every CHECK_EVERY turns listed, and
    past `MOVES_BYTES` the game stops (SearchStopped), whatever the budget."""
    by_set: dict[Move, Move] = {}
    held = 0  # bytes of the moves kept, about: two tuples each, and the dict's slot
    for count, turn in enumerate(game.legal_takes(), 1):
        key = tuple(sorted(turn))
        if key not in by_set:
            by_set[key] = turn
            held += 200 + 16 * len(turn)
        if count % CHECK_EVERY == 0:
            if budget is not None:
                budget.check(0)
            if held > MOVES_BYTES:
                raise SearchStopped(
                    f"stopped: the moves of one turn ({len(by_set)} so far) take more than "
                    f"{MOVES_BYTES >> 20} MB to list"
                )
    return list(by_set.values())


def play_game(
    start: NumbersGame, players: tuple[Heuristic, Heuristic], rng: random.Random, budget: Budget | None = None
) -> NumbersGame:
    """Play one game to the end from a copy of `start`; returns the finished game."""
    game = start.copy()
    while not game.over:
        mover = game.to_move
        assert mover is not None  # a game not over has a player to move
        move = players[mover - 1].choose(distinct_moves(game, budget), rng)
        game.play(Turn(player=mover, numbers=move))
    return game


def estimate_seconds(numbers: Iterable[int], games: int, scores: tuple[int, int] = (0, 0)) -> float:
    """About how long `games` games of Catch-Up(numbers) take, from one sample game (every
    heuristic lists every distinct move, so they cost alike); SearchTooLarge when the sample
    alone does not finish within SAMPLE_SECONDS."""
    start = parse_variant("catch-up", set=tuple(numbers), scores=scores).new_game()
    assert isinstance(start, NumbersGame)
    budget = Budget(time_limit=SAMPLE_SECONDS)
    try:
        play_game(start, (Heuristic(()), Heuristic(())), random.Random(0), budget)
    except SearchStopped:
        raise SearchTooLarge(
            f"one game alone takes more than {SAMPLE_SECONDS:g} s on this set (its turns grow exponentially "
            "with the set)"
        ) from None
    return budget.seconds() * games


def tournament(
    numbers: Iterable[int],
    p1: Heuristic | str,
    p2: Heuristic | str,
    games: int,
    seed: int = 0,
    scores: tuple[int, int] = (0, 0),
    budget: Budget | None = None,
) -> TournamentResult:
    """Play `games` games of Catch-Up(numbers), P1 using `p1` and P2 `p2`; reproducible by `seed`.
    Past the `budget`, SearchStopped holds the result of the games finished (`partial`)."""
    first = p1 if isinstance(p1, Heuristic) else Heuristic.parse(p1)
    second = p2 if isinstance(p2, Heuristic) else Heuristic.parse(p2)
    start = parse_variant("catch-up", set=tuple(numbers), scores=scores).new_game()
    assert isinstance(start, NumbersGame)
    rng = random.Random(seed)
    tally = [0, 0, 0]  # P1 wins, draws, P2 wins
    for played in range(games):
        try:
            if budget is not None:  # between games too: a small set's games list too few turns to look
                budget.check(0)
            result = play_game(start, (first, second), rng, budget).score()
        except SearchStopped as exc:
            partial = TournamentResult(str(first), str(second), played, *tally)
            limit = budget.time_limit if budget is not None else None
            why = f"stopped after {limit:g} s (--timeout)" if exc.reason == "time" else exc.message
            raise SearchStopped(f"{why}: {played} of {games} games played", partial) from None
        tally[0 if result.winner == 1 else 2 if result.winner == 2 else 1] += 1
    return TournamentResult(str(first), str(second), games, *tally)
