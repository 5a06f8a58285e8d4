"""Options of the commands that run the playing engine (engine, play), declared once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from catchup_notation.engine import Engine

Level = Annotated[
    int | None,
    typer.Option(
        "--level",
        "-l",
        min=1,
        metavar="N",
        help="Strength level, 1 the weakest (see the engine's level table in the manual). Default: the engine's own.",
        show_default=False,
    ),
]
TurnTime = Annotated[
    float | None,
    typer.Option(
        "--time",
        "-t",
        min=0.001,
        metavar="SECONDS",
        help="Seconds a turn at most (a controller's time settings may allow less).",
        show_default=False,
    ),
]
Playouts = Annotated[
    int | None,
    typer.Option("--playouts", min=1, metavar="N", help="Playouts a turn at most.", show_default=False),
]
Threads = Annotated[
    int | None,
    typer.Option(
        "--threads",
        min=1,
        metavar="N",
        help="Threads that search. Default: every core.",
        show_default=False,
    ),
]
Seed = Annotated[
    int | None,
    typer.Option(
        "--seed",
        min=0,
        metavar="N",
        help="Seed of the search's random numbers: with one thread and playouts (not time) as the limit, "
        "a run repeats exactly. Default: a new one each run.",
        show_default=False,
    ),
]
EngineMemory = Annotated[
    int | None,
    typer.Option(
        "--memory",
        min=16,
        metavar="MB",
        help="Megabytes the search tree may take. Default: the engine's own bound.",
        show_default=False,
    ),
]
Pure = Annotated[
    bool,
    typer.Option("--pure", help="Search with the pure-Python reference instead of the compiled core (slower)."),
]


def make_engine(threads: int | None, seed: int | None, memory: int | None, pure: bool) -> Engine:
    """The playing engine with these settings (None: its defaults)."""
    from catchup_notation.engine import Engine

    return Engine(threads=threads, seed=seed, memory_mb=memory, pure=True if pure else None)
