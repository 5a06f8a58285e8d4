"""`catchup engine`: the playing engine on standard input and output, speaking the engine
protocol (GTP version 2 framing; see the manual's engine protocol page)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from catchup_notation.cli import output
from catchup_notation.cli.engine_options import (
    GameVariant,
    Level,
    Memory,
    Playouts,
    Pure,
    Seed,
    Threads,
    TurnTime,
    game_session,
    running_engine,
)

EXAMPLES = """\
Examples:

  catchup engine                # then type: genmove w, showboard, quit

  catchup engine --level 3 --threads 1 --seed 7

  printf 'play w E5\\ngenmove b\\nshowboard\\nquit\\n' | catchup engine --time 1

The engine reads one command a line and answers each with '= result' or
'? message' and an empty line; list_commands lists what it understands.
Everything for people (a banner, a line per turn) goes to standard error.

Exit codes: 0 after quit or the end of the input; 2 usage error.
"""


def engine_command(
    variant: GameVariant = "catchup",
    level: Level = None,
    time: TurnTime = None,
    playouts: Playouts = None,
    threads: Threads = None,
    seed: Seed = None,
    memory: Memory = None,
    pure: Pure = False,
    resign: Annotated[
        bool,
        typer.Option("--resign/--no-resign", help="Resign a game the engine proved lost (else play it to its end)."),
    ] = True,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing on standard error.")] = False,
) -> None:
    """Play and analyse on standard input and output (the engine protocol, GTP v2 style)."""
    from catchup_notation.protocol.server import serve
    from catchup_notation.protocol.settings import Settings

    game_session(variant)  # a usage error before the first command is read
    settings = Settings(
        level=level,
        time=time,
        playouts=playouts,
        resign=resign,
        variant=variant,
        threads=threads,
        seed=seed,
    )
    with running_engine(threads, seed, memory=memory, pure=pure) as engine:
        code = serve(engine, settings, sys.stdin.buffer, sys.stdout, None if quiet else sys.stderr)
    raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command("engine", epilog=EXAMPLES)(output.guarded(engine_command))
