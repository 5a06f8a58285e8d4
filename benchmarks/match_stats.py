"""The score of a match and what it says of the strength difference: Elo and its 95% interval.

A game scores 1, 1/2 or 0 for the first engine. When games come in colour-swapped pairs that
share an opening, the pairs are the independent samples (their two games are not: the same
opening favours the same side in both), so the standard error is taken over pairs, as chess
engine testers do with their pentanomial statistics; a game without its partner counts alone.
The interval of the score maps to an interval of Elo through the logistic curve,
`Elo = -400 log10(1/s - 1)`. The interval is the normal one, the score plus or minus 1.96 standard
errors, except where that would reach past 0 or 1 (a sweep, or nearly one: the observed spread
then says little, and a clean sweep has none at all): there it is the Wilson interval on the
effective number of independent samples (as many as would give the observed standard error, and
the number of pairs for a clean sweep), which stays inside 0 to 1 and gives a sweep of 20 pairs a
lower end of 84%, not 100%.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import attrs

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


@attrs.frozen
class Summary:
    """A match from the first engine's side."""

    games: int
    wins: int
    draws: int
    losses: int
    #: Points per game, 0 to 1.
    score: float
    #: Standard error of `score`.
    error: float
    #: Elo difference (first engine minus second) and the ends of its 95% interval.
    elo: float
    low: float
    high: float
    #: The ends of the score's 95% interval.
    score_low: float = 0.0
    score_high: float = 1.0

    def text(self, first: str, second: str) -> str:
        """One line: the score with its interval, the games, and the Elo difference with its."""
        return (
            f"{first} against {second}: {self.score:.1%} [{self.score_low:.1%}, {self.score_high:.1%}] "
            f"of {self.games} games (+{self.wins} ={self.draws} -{self.losses}); Elo {_signed(self.elo)} "
            f"[{_signed(self.low)}, {_signed(self.high)}] (95%)"
        )


def elo(score: float) -> float:
    """The Elo difference that gives this expected score (infinite at 0 and 1)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def summary(points: Sequence[float], pairs: Iterable[tuple[float, float]]) -> Summary:
    """The summary of games scoring `points` (first engine's side), of which `pairs` are the
    colour-swapped pairs (each pair's two points; every other game counts alone)."""
    n = len(points)
    if n == 0:
        return Summary(0, 0, 0, 0, 0.5, 0.0, 0.0, -math.inf, math.inf)
    score = sum(points) / n
    paired = list(pairs)
    # clusters: each pair (its two games), and each game without a partner; the variance of the
    # mean is the clustered one, sum over clusters of (their points less what the mean expects)^2,
    # with the small-sample factor C / (C - 1)
    clusters = [a + b - 2 * score for a, b in paired] + [p - score for p in _unpaired(points, paired)]
    count = len(clusters)
    error = math.sqrt(sum(d * d for d in clusters) * count / (count - 1)) / n if count > 1 else 0.0
    low, high = score - Z95 * error, score + Z95 * error
    if count > 0 and (low <= 0 or high >= 1):
        effective = score * (1 - score) / error**2 if error > 0 else count
        low, high = wilson(score, effective)
    wins = sum(1 for p in points if p == 1)
    draws = sum(1 for p in points if p == 0.5)
    return Summary(n, wins, draws, n - wins - draws, score, error, elo(score), elo(low), elo(high), low, high)


def wilson(score: float, samples: float) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion `score` observed over `samples` samples."""
    z2 = Z95 * Z95
    centre = (score + z2 / (2 * samples)) / (1 + z2 / samples)
    half = Z95 * math.sqrt(score * (1 - score) / samples + z2 / (4 * samples * samples)) / (1 + z2 / samples)
    return max(0.0, centre - half), min(1.0, centre + half)


def _unpaired(points: Sequence[float], pairs: list[tuple[float, float]]) -> list[float]:
    """The points left once the pairs' games are taken out."""
    left = list(points)
    for a, b in pairs:
        left.remove(a)
        left.remove(b)
    return left


def _signed(value: float) -> str:
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{round(value) + 0:+d}"  # + 0: never "-0"
