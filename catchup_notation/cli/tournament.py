"""`catchup tournament`: the paper's simple heuristics played against each other."""

from __future__ import annotations

from typing import Annotated

import typer

from catchup_notation.cli import output
from catchup_notation.cli.numbers_options import Scores, SetSpec, numbers_and_scores
from catchup_notation.cli.options import Json
from catchup_notation.solvers.numberset.heuristics import Heuristic, tournament

HEURISTICS = ("Random", "MaxScore", "MinScore", "UseMostNums")

EXAMPLES = """\
Examples:

  catchup tournament --set 1..10 --games 10000

  catchup tournament --set 1..10 --p1 MaxScore --p2 UseMostNums+MinScore --seed 7 --json

Heuristics: Random, MaxScore, MinScore, UseMostNums, and combinations such as
UseMostNums+MinScore (ties broken by the next, then at random). Without --p1/--p2 every pair of
the four simple heuristics plays (the paper's Table 3).
"""


def tournament_command(
    set_spec: SetSpec = None,
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="Games per pairing.")] = 1000,
    p1: Annotated[
        str | None, typer.Option("--p1", help="P1's heuristic (default: each of the four).", show_default=False)
    ] = None,
    p2: Annotated[
        str | None, typer.Option("--p2", help="P2's heuristic (default: each of the four).", show_default=False)
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Random seed; the same seed gives the same results.")] = 0,
    scores: Scores = "0:0",
    json: Json = False,
) -> None:
    """Play heuristics against each other and report P1's win, draw and loss shares."""
    if set_spec is None:
        raise typer.BadParameter("--set is required", param_hint="--set")
    numbers, start, variant = numbers_and_scores(set_spec, scores)
    try:
        firsts = [Heuristic.parse(p1)] if p1 else [Heuristic.parse(h) for h in HEURISTICS]
        seconds = [Heuristic.parse(p2)] if p2 else [Heuristic.parse(h) for h in HEURISTICS]
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    console = None if json else output.stdout_console()
    if console:
        console.print(f"{variant}: {games} games a pairing, seed {seed}; P1's win / draw / loss", highlight=False)
    for first in firsts:
        for second in seconds:
            result = tournament(numbers, first, second, games, seed=seed, scores=start)
            row = {
                "variant": variant,
                "p1": str(first),
                "p2": str(second),
                "games": result.games,
                "p1_wins": result.p1_wins,
                "draws": result.draws,
                "p2_wins": result.p2_wins,
                "seed": seed,
            }
            if console is None:
                output.emit_json(row)
            else:
                console.print(
                    f"  {row['p1']:>24} vs {row['p2']:<24} {100 * result.p1_wins / games:6.2f}% "
                    f"{100 * result.draws / games:6.2f}% {100 * result.p2_wins / games:6.2f}%",
                    highlight=False,
                )


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command("tournament", epilog=EXAMPLES)(output.guarded(tournament_command))
