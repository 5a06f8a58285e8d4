"""Options of the commands that run the playing engine, declared once: `review` and `adjudicate
--estimate` (a search for each position), `engine` and `play` (a search for each turn); their
limit, threads and seed, and the engine itself, made for a run."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from catchup_notation.engine import Engine
    from catchup_notation.engine.analysis import Limit
    from catchup_notation.protocol.session import Session

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
#: `--time` of the commands that play: a limit on each of the engine's turns.
TurnTime = Annotated[
    float | None,
    typer.Option(
        "--time",
        min=0.001,
        metavar="SECONDS",
        help="The most time the engine takes for a turn (a controller's clock may allow less). Default: 1 s, "
        "none with --level or --playouts.",
        show_default=False,
    ),
]
Level = Annotated[
    int | None,
    typer.Option(
        "--level",
        min=1,
        metavar="N",
        help="The engine's strength level for each search, 1 the weakest (see the engine's page of the manual).",
        show_default=False,
    ),
]
Playouts = Annotated[
    int | None,
    typer.Option(
        "--playouts",
        min=1,
        metavar="N",
        help="The engine's playouts for each search (with --seed and --threads 1, a repeatable run).",
        show_default=False,
    ),
]
Threads = Annotated[
    int | None,
    typer.Option(
        "--threads",
        min=1,
        metavar="N",
        help="The engine's search threads (default: every core, shared among --jobs where there are jobs).",
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
Memory = Annotated[
    int | None,
    typer.Option(
        "--memory",
        min=16,
        metavar="MB",
        help="Megabytes the engine's search trees may take (default: the engine's own bound).",
        show_default=False,
    ),
]
#: `--variant` of the commands that play: the variant a game starts with.
GameVariant = Annotated[
    str,
    typer.Option("--variant", metavar="VARIANT", help="The variant to play, e.g. catchup(size=4), ketchup-3."),
]
Pure = Annotated[
    bool,
    typer.Option("--pure", help="Search with the pure-Python reference instead of the compiled core (slower)."),
]


def engine_limit(time: float | None, level: int | None, playouts: int | None, default_time: float) -> Limit:
    """The limit of each search: what was given, else `default_time` seconds."""
    from catchup_notation.engine.analysis import Limit

    if time is None and level is None and playouts is None:
        time = default_time
    return Limit(time=time, playouts=playouts, level=level)


@contextlib.contextmanager
def running_engine(
    threads: int | None, seed: int | None, *, memory: int | None = None, pure: bool = False
) -> Iterator[Engine]:
    """The engine, for the length of a run (None: its defaults; `pure`: the pure-Python search)."""
    from catchup_notation.engine import Engine

    with Engine(threads=threads, seed=seed, memory_mb=memory, pure=True if pure else None) as engine:
        yield engine


def game_session(variant: str) -> Session:
    """A game of `variant` at its start, for the commands that play; a usage error (exit 2) for a
    variant no board game of the library has."""
    from catchup_notation.protocol.framing import Refused
    from catchup_notation.protocol.session import Session

    try:
        return Session(variant)
    except Refused as exc:
        raise typer.BadParameter(exc.message, param_hint="--variant") from None
