"""The `catchup` command line. Each command lives in its own module with a `register(app)`
function; adding a command (solve, stats, ...) means adding its name to COMMANDS (`random-board`
lives in `random_board.py`).

Exit codes: 0 all good; 1 a record breaks a rule (or cannot be handled as asked, or with --strict
drew a warning); 2 usage error; 3 unreadable input (I/O, encoding, syntax, a limit; wins over 1);
4 an internal error (a bug); 5 nothing was read (no record at all in what was named).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable
from typing import Any

from catchup_notation.workers import TERMINATING

COMMANDS = (
    "verify",
    "adjudicate",
    "convert",
    "formats",
    "show",
    "variants",
    "boards",
    "random-board",
    "solve",
    "stats",
    "tournament",
    "view",
    "review",
    "engine",
    "play",
)
EXIT_UNREADABLE = 3  # as cli.output's; repeated here so that `catchup --version` imports nothing


def __getattr__(name: str) -> Any:
    """`app` (the typer app) is built on first use: `catchup --version` does without typer."""
    if name == "app":
        from catchup_notation.cli.typer_app import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """The `catchup` command (the console script).

    Output that cannot be delivered is an I/O error (exit 3) with one line, never a success with
    the output lost: a closed standard output, a full disk behind it; a reader that leaves
    (`| head`) ends the run quietly with exit 3. SIGTERM, SIGHUP, SIGQUIT, SIGUSR1 and the other
    signals that would end the process end a run the way Ctrl-C does, so that a half-written output
    file is removed; the exit code is then 128 + the signal's number, as a shell reports it (a
    signal ignored when the run started, as `nohup` ignores SIGHUP, stays ignored).
    """
    for number in TERMINATING:
        if signal.getsignal(number) == signal.SIG_DFL:
            signal.signal(number, _terminate)
    if sys.stdout is None or _closed(sys.stdout):
        _say("error: standard output is closed; nothing could be written")
        sys.exit(EXIT_UNREADABLE)
    if sys.argv[1:] == ["--version"]:  # the one answer that needs no typer (start-up time)
        code: int | str | None = _delivered(lambda: print(version_text()))
    else:
        code = _run_app()
    if _signalled:
        code = 128 + _signalled[-1]
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        code = _quiet_broken_pipe()
    except OSError as exc:
        _say(f"error: cannot write to standard output: {exc.strerror or exc}")
        code = EXIT_UNREADABLE
    sys.exit(code)


def version_text() -> str:
    """What `catchup --version` prints: the version and which implementation runs."""
    from catchup_notation import __version__
    from catchup_notation.compiled import implementation

    return f"catchup-notation {__version__}\n{implementation()}"


def _run_app() -> int | str | None:
    from catchup_notation.cli.typer_app import app

    try:
        app(prog_name="catchup")
    except SystemExit as exc:
        return exc.code
    return 0  # pragma: no cover - typer always exits


def _delivered(say: Callable[[], None]) -> int:
    try:
        say()
    except BrokenPipeError:
        return _quiet_broken_pipe()
    except OSError as exc:
        _say(f"error: cannot write to standard output: {exc.strerror or exc}")
        return EXIT_UNREADABLE
    return 0


def _quiet_broken_pipe() -> int:
    from catchup_notation.cli import output

    return output.quiet_broken_pipe()


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


#: The terminating signals received (the last one decides the exit code).
_signalled: list[int] = []


def _terminate(signum: int, frame: object) -> None:
    _signalled.append(signum)
    raise KeyboardInterrupt  # unwinds like Ctrl-C: temporary files are removed on the way
