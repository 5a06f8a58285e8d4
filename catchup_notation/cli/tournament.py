"""`catchup tournament`: the paper's simple heuristics played against each other."""

from __future__ import annotations

from contextlib import nullcontext
from typing import TYPE_CHECKING, Annotated

import typer

from catchup_notation.cli import output
from catchup_notation.cli.numbers_options import RequiredSetSpec, Scores, numbers_and_scores
from catchup_notation.cli.options import json_option
from catchup_notation.cli.search_options import Timeout, search_progress
from catchup_notation.solvers.limits import Budget, SearchStopped, SearchTooLarge
from catchup_notation.solvers.numberset.heuristics import (
    REASONABLE_SECONDS,
    Heuristic,
    TournamentResult,
    estimate_seconds,
    tournament,
)

if TYPE_CHECKING:
    from rich.console import Console

HEURISTICS = ("Random", "MaxScore", "MinScore", "UseMostNums")

EXAMPLES = """\
Examples:

  catchup tournament --set 1..8 --games 200

  catchup tournament --set 1..10 --p1 MaxScore \\
      --p2 UseMostNums+MinScore --seed 7 --json

Heuristics: Random, MaxScore, MinScore, UseMostNums, and combinations
such as UseMostNums+MinScore (ties broken by the next, then at random).
Without --p1/--p2 every pair of the four simple heuristics plays (the
paper's Table 3).

A tournament estimated (from one sample game) to take over ten minutes
is refused unless --timeout says how long to play; one stopped that way
reports the games played so far and exits with 1.
"""


def tournament_command(
    set_spec: RequiredSetSpec,
    games: Annotated[int, typer.Option("--games", "-g", min=1, metavar="N", help="Games per pairing.")] = 1000,
    p1: Annotated[
        str | None,
        typer.Option(
            "--p1", metavar="HEURISTIC", help="P1's heuristic (default: each of the four).", show_default=False
        ),
    ] = None,
    p2: Annotated[
        str | None,
        typer.Option(
            "--p2", metavar="HEURISTIC", help="P2's heuristic (default: each of the four).", show_default=False
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", metavar="N", help="Random seed; the same seed gives the same results.")
    ] = 0,
    scores: Scores = "0:0",
    timeout: Timeout = None,
    json: Annotated[bool, json_option("One JSON object per pairing per line on stdout.")] = False,
) -> None:
    """Number-set Catch-Up only: play simple heuristics against each other; P1's win, draw, loss shares."""
    numbers, start, variant = numbers_and_scores(set_spec, scores)
    try:
        firsts = [Heuristic.parse(p1)] if p1 else [Heuristic.parse(h) for h in HEURISTICS]
        seconds = [Heuristic.parse(p2)] if p2 else [Heuristic.parse(h) for h in HEURISTICS]
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    if timeout is None:
        try:
            needed = estimate_seconds(numbers, games * len(firsts) * len(seconds), start)
        except SearchTooLarge as exc:
            raise output.fail(f"{exc}; give --timeout SECONDS to play what fits", output.EXIT_RULE) from None
        if needed > REASONABLE_SECONDS:
            raise output.fail(
                f"this tournament would take about {needed:.0f} s (estimated from one game); "
                "give --timeout SECONDS to play what fits, or fewer --games",
                output.EXIT_RULE,
            )
    budget = Budget(time_limit=timeout) if timeout is not None else None
    console = None if json else output.stdout_console()
    if console:
        console.print(f"{variant}: {games} games a pairing, seed {seed}; P1's win / draw / loss", highlight=False)
    pairings = [(first, second) for first in firsts for second in seconds]
    stopped = None
    # the games report nothing while they run: the line shows which pairing plays, and the time
    with search_progress(enabled=not json, label="playing", ticking=True) as display:
        for number, (first, second) in enumerate(pairings, 1):
            if display is not None:
                display.describe(f"playing {first} vs {second}: pairing {number} of {len(pairings)}, {games} games")
            try:
                result = tournament(numbers, first, second, games, seed=seed, scores=start, budget=budget)
            except SearchStopped as exc:
                assert isinstance(exc.partial, TournamentResult)
                result, stopped = exc.partial, exc.message
            with display.paused() if display is not None else nullcontext():
                _print_row(console, variant, seed, result, stopped)
            if stopped is not None:
                break
    if stopped is not None:
        output.warn(stopped)
        raise typer.Exit(output.EXIT_RULE)


def _print_row(console: Console | None, variant: str, seed: int, result: TournamentResult, stopped: str | None) -> None:
    """One pairing's line: a JSON object (`complete` false when the time ran out), or a text row of
    P1's win, draw and loss shares over the games played."""
    if console is None:
        row = {
            "variant": variant,
            "p1": result.p1,
            "p2": result.p2,
            "games": result.games,
            "p1_wins": result.p1_wins,
            "draws": result.draws,
            "p2_wins": result.p2_wins,
            "seed": seed,
            "complete": stopped is None,
        }
        output.emit_json(row)
        return
    games = max(result.games, 1)
    console.print(
        f"  {result.p1:>24} vs {result.p2:<24} {100 * result.p1_wins / games:6.2f}% "
        f"{100 * result.draws / games:6.2f}% {100 * result.p2_wins / games:6.2f}%"
        + ("" if stopped is None else f"  ({result.games} games: stopped)"),
        highlight=False,
    )


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command("tournament", epilog=EXAMPLES)(output.guarded(tournament_command))
