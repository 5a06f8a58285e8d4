"""`adjudicate --estimate`: the verdict on an unfinished hex game as the report gives it, a proof
where the exact solver reaches, else the engine's estimate (see `engine.verdict`), always labelled
as which it is and with the settings it was made with.

Each game gets an engine of its own, made from `EstimateSettings` (what travels to adjudicate's
workers): with a seed, a game's estimate is the same whatever the games around it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from catchup_notation.engine.analysis import Limit
from catchup_notation.engine.review import ReviewSettings
from catchup_notation.reports import EstimateReport, turn_report
from catchup_notation.review_report import limit_words, threads_words

if TYPE_CHECKING:
    from catchup_notation.engine.verdict import Estimate
    from catchup_notation.game import Game


@attrs.frozen
class EstimateSettings:
    """How `--estimate` values a position: the engine's limit, threads and seed, and the solver's
    reach (None: the review's defaults)."""

    #: The limit of each of the engine's searches.
    limit: Limit
    #: The engine's threads (None: every core).
    threads: int | None = None
    #: The engine's seed (None: drawn afresh).
    seed: int | None = None
    #: Positions with at most this many empty cells are solved exactly (None: the variant's default).
    max_empty: int | None = None
    #: The solver's node budget before the engine takes over (None: the default).
    solver_nodes: int | None = None


def estimator(settings: EstimateSettings) -> Callable[[Game], EstimateReport]:
    """What `reports.adjudication_report` calls for the verdict on each unfinished hex game
    (picklable: it travels to adjudicate's workers)."""
    return functools.partial(estimate_report, settings=settings)


def estimate_report(game: Game, settings: EstimateSettings) -> EstimateReport:
    """The verdict on the last position of an unfinished hex game."""
    from catchup_notation.engine import Engine
    from catchup_notation.engine.verdict import estimate_position

    position = game.engine()
    review = ReviewSettings(limit=settings.limit, max_empty=settings.max_empty, solver_nodes=settings.solver_nodes)
    with Engine(threads=settings.threads, seed=settings.seed) as engine:  # each game's own (repeatable on one thread)
        found = estimate_position(position, engine, review)  # type: ignore[arg-type]
    return _report(game, found, settings, engine.threads)


def _report(game: Game, found: Estimate, settings: EstimateSettings, threads: int) -> EstimateReport:
    value = found.value
    line = tuple(turn_report(turn, game.cell_name, game.turn_text(turn)) for turn in found.line)
    searched = found.searches > 0
    limit = found.limit if searched else None
    report = EstimateReport(
        exact=found.exact,
        winner=found.winner,
        chance=round(value.win, 4),
        low=round(value.low, 4),
        high=round(value.high, 4),
        line=line,
        time=limit.time if limit else None,
        playouts=limit.playouts if limit else None,
        level=limit.level if limit else None,
        threads=threads if searched else None,
        seed=settings.seed if searched else None,
        searches=found.searches,
        seconds=round(found.seconds, 3),
        explanation="",
    )
    return attrs.evolve(report, explanation=_words(game, report))


def _words(game: Game, report: EstimateReport) -> str:
    names = game.players
    from catchup_notation.rules.replay import player_names

    variant = game.variant
    if variant is not None:
        names = player_names(game.record.players, variant)
    line = " / ".join(t.text for t in report.line[:6]) + (" / ..." if len(report.line) > 6 else "")
    if report.exact:
        outcome = "a draw" if report.winner is None else f"{names[report.winner - 1]} wins"
        how = "the engine's search proved it" if report.searches else "the exact solver proved it"
        return f"with perfect play {outcome} ({how}; line: {line or 'none'})"
    settings = limit_words(report.time, report.playouts, report.level)
    threads = threads_words(report.threads)
    seed = f", seed {report.seed}" if report.seed is not None else ""
    chance = f"{report.chance:.0%} ({report.low * 100:.0f}-{report.high * 100:.0f}%)"
    if report.winner is None:
        favoured = f"even: {names[0]}'s chance {chance}"
    else:
        own = report.chance if report.winner == 1 else 1 - report.chance
        low, high = (report.low, report.high) if report.winner == 1 else (1 - report.high, 1 - report.low)
        favoured = (
            f"{names[report.winner - 1]} ahead, a {own:.0%} chance of winning ({low * 100:.0f}-{high * 100:.0f}%)"
        )
    return (
        f"estimate, not a proof: {favoured}, by the engine ({report.searches} searches of "
        f"{settings}{threads}{seed}); line: {line or 'none'}"
    )
