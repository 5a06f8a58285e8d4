"""`catchup stats`: exhaustive game-tree statistics of number-set Catch-Up (the paper's Tables 5, 6)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from catchup_notation.cli import output
from catchup_notation.cli.numbers_options import RequiredSetSpec, Scores, numbers_and_scores
from catchup_notation.cli.options import json_option
from catchup_notation.cli.search_options import MaxNodes, Memory, Timeout, search_progress
from catchup_notation.solvers.limits import SearchStopped, SearchTooLarge
from catchup_notation.solvers.numberset.stats import level_branching, tree_stats

EXAMPLES = """\
Examples:

  catchup stats --set 1..10

  catchup stats --set 1..10 --json

Counted by expanding the game (memoised over states), not by formula;
the cost grows quickly past 13 numbers: a larger set is refused unless
--timeout or --max-nodes (positions expanded) says how far to go, and
--memory bounds the positions kept.
"""


def stats_command(
    set_spec: RequiredSetSpec,
    scores: Scores = "0:0",
    timeout: Timeout = None,
    max_nodes: MaxNodes = None,
    memory: Memory = 1024,
    json: Annotated[bool, json_option("The statistics as one JSON object on stdout.")] = False,
) -> None:
    """Number-set Catch-Up only: game-tree and state-space size, win/tie/loss shares, branching, depth."""
    numbers, start, variant = numbers_and_scores(set_spec, scores)
    limits: dict[str, Any] = {"time_limit": timeout, "max_nodes": max_nodes, "memory_mb": memory}
    with search_progress(enabled=not json, label="counting the game tree") as progress:
        try:
            tree = tree_stats(numbers, start, progress=progress, **limits)
            if progress is not None:
                progress.describe("counting the branching of each turn")
            levels = level_branching(numbers, start, progress=progress, **limits)
        except (SearchTooLarge, SearchStopped) as exc:
            hint = "; give --timeout SECONDS or --max-nodes N to try anyway" if isinstance(exc, SearchTooLarge) else ""
            raise output.fail(f"{exc}{hint}", output.EXIT_RULE) from None
    data: dict[str, Any] = {
        "variant": variant,
        "game_tree_size": tree.game_tree_size,
        "state_space_size": tree.state_space_size,
        "win_percent": round(tree.win_percent, 2),
        "tie_percent": round(tree.tie_percent, 2),
        "loss_percent": round(tree.loss_percent, 2),
        "max_branching": tree.max_branching,
        "min_depth": tree.min_depth,
        "levels": [{"turn": lv.level, "average": round(lv.average, 2), "maximum": lv.maximum} for lv in levels],
    }
    if json:
        output.emit_json(data)
        return
    console = output.stdout_console()
    console.print(f"{variant}", highlight=False)
    for key in ("game_tree_size", "state_space_size", "max_branching", "min_depth"):
        console.print(f"  {key.replace('_', ' ')}: {data[key]}", highlight=False)
    console.print(
        f"  win / tie / loss for P1: {data['win_percent']:.2f}% / "
        f"{data['tie_percent']:.2f}% / {data['loss_percent']:.2f}%",
        highlight=False,
    )
    console.print("  turn  average branching  maximum", highlight=False)
    for lv in data["levels"]:
        console.print(f"  {lv['turn']:4d}  {lv['average']:17.2f}  {lv['maximum']:7d}", highlight=False)


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command("stats", epilog=EXAMPLES)(output.guarded(stats_command))
