"""The `catchup` command (the console script): the typer app (or, for the common verify command
lines, `quick`), run with care for standard output and for the signals that end a process (see
`main`)."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable

from catchup_notation.cli import quick
from catchup_notation.cli.version import version_text
from catchup_notation.workers import TERMINATING

EXIT_UNREADABLE = 3  # as cli.output's; repeated here so that `catchup --version` imports nothing


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
    code: int | str | None
    if sys.argv[1:] == ["--version"]:  # answers that need no typer (start-up time)
        code = _delivered(lambda: print(version_text()))
    else:
        code = quick.run(sys.argv[1:])
        if code is None:
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


class Terminated(KeyboardInterrupt):
    """A terminating signal arrived: unwinds like Ctrl-C (temporary files are removed on the way).

    A subclass, not KeyboardInterrupt itself: CPython marks a KeyboardInterrupt that leaves code run
    by exec() or eval() of a string (namedtuple and dataclass definitions in a module imported
    lazily, say) as unhandled, and a `python -m` run then ends by SIGINT whatever was caught; it
    looks for that exact type only."""


def _terminate(signum: int, frame: object) -> None:
    _signalled.append(signum)
    raise Terminated
