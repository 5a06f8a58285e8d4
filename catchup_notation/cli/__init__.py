"""The `catchup` command line. Each command lives in its own module with a `register(app)`
function; adding a command (solve, stats, ...) means adding its module name to COMMANDS.

Exit codes: 0 all good; 1 a record breaks a rule (or cannot be handled as asked); 2 usage error;
3 unreadable input (I/O, encoding, syntax; wins over 1); 4 an internal error (a bug).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from importlib import import_module
from typing import Annotated

import typer

from catchup_notation import __version__
from catchup_notation.cli import output

COMMANDS = (
    "verify",
    "adjudicate",
    "convert",
    "show",
    "variants",
    "boards",
    "random_board",
    "solve",
    "stats",
    "tournament",
    "view",
)

app = typer.Typer(
    name="catchup",
    help="Read, verify, convert, adjudicate and draw records of Catchup, Ketchup and number-set Catch-Up.",
    epilog="Run 'catchup COMMAND --help' for examples. Exit codes: 0 ok; 1 a rule is broken; 2 usage error; "
    "3 unreadable input; 4 internal error.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"catchup-notation {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool, typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version and exit.")
    ] = False,
    debug: Annotated[bool, typer.Option("--debug", help="Show full tracebacks of internal errors.")] = False,
) -> None:
    """Read, verify, convert, adjudicate and draw records of Catchup, Ketchup and number-set Catch-Up."""
    output.debug_requested = debug


for _name in COMMANDS:
    import_module(f"{__name__}.{_name}").register(app)


def main() -> None:
    """The `catchup` command (the console script).

    Output that cannot be delivered is an I/O error (exit 3) with one line, never a success with
    the output lost: a closed standard output, a full disk behind it; a reader that leaves
    (`| head`) ends the run quietly with exit 3. SIGTERM ends a run the way Ctrl-C does, so that a
    half-written output file is removed.
    """
    signal.signal(signal.SIGTERM, _terminate)
    if sys.stdout is None or _closed(sys.stdout):
        _say("error: standard output is closed; nothing could be written")
        sys.exit(output.EXIT_UNREADABLE)
    try:
        app(prog_name="catchup")
    except SystemExit as exc:
        code = exc.code
    else:  # pragma: no cover - typer always exits
        code = 0
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        code = output.quiet_broken_pipe()
    except OSError as exc:
        _say(f"error: cannot write to standard output: {exc.strerror or exc}")
        code = output.EXIT_UNREADABLE
    sys.exit(code)


def _closed(stream: object) -> bool:
    try:
        os.fstat(stream.fileno())  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):
        return True
    return False


def _say(message: str) -> None:
    if sys.stderr is not None:
        with contextlib.suppress(OSError):
            print(message, file=sys.stderr)


def _terminate(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # unwinds like Ctrl-C: temporary files are removed on the way
