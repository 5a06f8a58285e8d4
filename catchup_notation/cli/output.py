"""How the command line talks: exit codes, JSON lines, styled text, progress, internal errors.

JSON is written as it is (one object per line) so that nothing styles or wraps it.
Rich consoles are built when a command runs, never at import, so they see the environment of that
run (the test runner's captured streams, `NO_COLOR`, whether stderr is a terminal). Typer is
imported only where an exit or an error is made: the common verify runs go without it (`quick`).
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from catchup_notation.escaping import printable_lines
from catchup_notation.hints import cli_words
from catchup_notation.writing import OutputError

if TYPE_CHECKING:  # Rich is imported only when a terminal is drawn on (start-up time)
    import typer
    from rich.console import Console

# Exit codes (documented in docs/reports.md; tested in tests/test_cli_exits.py).
EXIT_OK = 0
EXIT_RULE = 1  # a record breaks a rule, or cannot be checked/adjudicated/converted as asked
EXIT_USAGE = 2  # typer's own: a bad option or argument
EXIT_UNREADABLE = 3  # I/O, encoding or syntax: some input could not be read, or a worker died (wins over 1)
EXIT_INTERNAL = 4  # a bug in catchup-notation itself
EXIT_NOTHING = 5  # nothing was read: no record at all in what was named

REPORT_TO = (
    "please report it at https://github.com/catchup-notation/catchup-notation/issues with "
    "the command you ran and the output of `catchup --debug ...`"
)

# Styles for the kinds of text line the commands print.
STYLES = {"error": "bold red", "warning": "yellow", "ok": "green", "plain": "", "summary": "bold"}

T = TypeVar("T")


def exit_code(*, invalid: int, unreadable: int) -> int:
    """Unreadable input wins over broken rules: the run did not even see all of its records."""
    if unreadable:
        return EXIT_UNREADABLE
    if invalid:
        return EXIT_RULE
    return EXIT_OK


def json_line(obj: Any) -> str:
    """One JSON object as one line (never styled or wrapped), without its line break."""
    from json import dumps  # JSON output only (start-up time)

    return dumps(obj, ensure_ascii=False)


def emit_json(obj: Any) -> None:
    """One JSON object on one line of stdout."""
    sys.stdout.write(json_line(obj) + "\n")


def stdout_console() -> Console:
    """A Rich console on stdout for this run (colour only on a terminal, never with NO_COLOR)."""
    return _console(stderr=False)


def stderr_console() -> Console:
    """A Rich console on stderr for this run."""
    return _console(stderr=True)


def _console(*, stderr: bool) -> Console:
    from rich.console import Console

    class _Console(Console):
        """Rich's console, but a reader that goes away (`| head`) ends the run as everywhere else."""

        def on_broken_pipe(self) -> None:
            """Stop quietly with the code for output not delivered (Rich's own exits with 1)."""
            import typer

            self.quiet = True
            raise typer.Exit(quiet_broken_pipe())

    # soft_wrap: long diagnostics stay one line each, so that tools can grep them.
    return _Console(stderr=stderr, highlight=False, markup=False, emoji=False, soft_wrap=True)


def print_lines(lines: Iterable[tuple[str, str]], *, stderr: bool = False) -> None:
    """Lines given as (kind, text), kind one of STYLES, on stdout (or stderr)."""
    write = line_writer(stderr=stderr)
    for kind, text in lines:
        write(kind, text)


def line_writer(*, stderr: bool = False) -> Callable[[str, str], None]:
    """A function printing one (kind, text) line: styled by Rich on a terminal, written as it is
    anywhere else (a pipe or file gets no styles from Rich either, and this path is the one a
    10,000-record report takes, where Rich would cost more than the reading). Control characters
    are escaped on both paths (`escaping`): what a record holds cannot move the cursor, clear the
    screen or forge a line; the line breaks of the text itself stay. Hints are given in the
    command line's words (`hints`)."""
    stream = sys.stderr if stderr else sys.stdout
    if _styled(stream):
        from rich.text import Text

        console = _console(stderr=stderr)
        return lambda kind, text: console.print(Text(printable_lines(cli_words(text)), style=STYLES.get(kind, "")))

    def write(kind: str, text: str) -> None:
        stream.write(printable_lines(cli_words(text)) + "\n")

    return write


def _styled(stream: TextIO) -> bool:
    """Whether Rich would style this stream (it honours FORCE_COLOR, NO_COLOR and TERM=dumb)."""
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (ValueError, AttributeError):
        return False


def warn(message: str) -> None:
    """`warning: message` on stderr."""
    print_lines([("warning", f"warning: {message}")], stderr=True)


def fail(message: str, code: int) -> typer.Exit:
    """Print `error: message` on stderr; return the Exit to raise (so callers read `raise fail(...)`)."""
    import typer

    print_lines([("error", f"error: {message}")], stderr=True)
    return typer.Exit(code)


# Set by the app's callback for each run (`catchup --debug ...`); CATCHUP_DEBUG=1 also works.
debug_requested = False


def debug_enabled() -> bool:
    """Whether tracebacks were asked for (`--debug` or CATCHUP_DEBUG=1)."""
    return debug_requested or bool(os.environ.get("CATCHUP_DEBUG"))


def quiet_broken_pipe() -> int:
    """After the reader of standard output went away: point stdout at /dev/null so that nothing
    more complains about it, and give the exit code for output not delivered in full."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return EXIT_UNREADABLE


def guarded(command: Callable[..., T]) -> Callable[..., T]:
    """Run a command so that a bug shows a short message and where to report it, not a traceback
    (unless --debug). Exits, usage errors and Ctrl-C pass through untouched."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> T:
        try:
            return command(*args, **kwargs)
        except BrokenPipeError:  # `catchup verify ... | head`: the reader left; nothing to say
            import typer

            raise typer.Exit(quiet_broken_pipe()) from None
        except OutputError as exc:  # an output file that cannot be written
            raise fail(exc.message, EXIT_UNREADABLE) from None
        except OSError as exc:  # standard output or error cannot be written (a full disk, a bad handle)
            raise fail(f"cannot write the output: {exc.strerror or exc}", EXIT_UNREADABLE) from None
        except Exception as exc:
            if from_typer(exc) or debug_enabled():  # exits and usage errors pass through
                raise
            raise fail(
                f"internal error ({type(exc).__name__}: {exc}); this is a bug in catchup-notation, {REPORT_TO}",
                EXIT_INTERNAL,
            ) from None

    return run


def from_typer(exc: BaseException) -> bool:
    """Whether `exc` is typer's: an exit (`fail`), an abort or a usage error. None can be raised
    before typer is imported, so a run that has not imported it has none to look for."""
    typer = sys.modules.get("typer")
    return typer is not None and isinstance(exc, (typer.Exit, typer.Abort, typer.TyperException))
