"""Options of the commands that ask the playing engine (review, adjudicate --estimate): its limit
per position, threads and seed, and the engine itself, made for a run."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from catchup_notation.engine.analysis import Limit
    from catchup_notation.engine.review import Analyser

Time = Annotated[
    float | None,
    typer.Option(
        "--time",
        min=0.001,
        metavar="SECONDS",
        help="The engine's time for each search (default: 0.8 s for a review and an estimate, none with --level or "
        "--playouts).",
        show_default=False,
    ),
]
Level = Annotated[
    int | None,
    typer.Option(
        "--level",
        min=1,
        metavar="N",
        help="The engine's strength level for each position (its settings; see the engine's page of the manual).",
        show_default=False,
    ),
]
Playouts = Annotated[
    int | None,
    typer.Option(
        "--playouts",
        min=1,
        metavar="N",
        help="The engine's playouts for each position (with --seed and --threads 1, a repeatable run).",
        show_default=False,
    ),
]
Threads = Annotated[
    int | None,
    typer.Option(
        "--threads",
        min=1,
        metavar="N",
        help="The engine's search threads (default: every core, shared among --jobs).",
        show_default=False,
    ),
]
Seed = Annotated[
    int | None,
    typer.Option(
        "--seed",
        min=0,
        metavar="N",
        help="The engine's random seed (default: drawn afresh).",
        show_default=False,
    ),
]


def engine_limit(time: float | None, level: int | None, playouts: int | None, default_time: float) -> Limit:
    """The limit of each search: what was given, else `default_time` seconds."""
    from catchup_notation.engine.analysis import Limit

    if time is None and level is None and playouts is None:
        time = default_time
    return Limit(time=time, playouts=playouts, level=level)


@contextlib.contextmanager
def running_engine(threads: int | None, seed: int | None) -> Iterator[Analyser]:
    """The engine, for the length of a run."""
    from catchup_notation.engine import Engine

    with Engine(threads=threads, seed=seed) as engine:
        yield engine
