"""The typer app of the `catchup` command. Commands are loaded when they are asked for: each lives
in its own module with a `register(app)` function, and a run imports only the one it runs (start-up
time: `catchup verify small.sgf` needs neither the solvers nor the viewer). `catchup --help` and a
mistyped command load them all, to list them and to suggest the nearest.
"""

from __future__ import annotations

from importlib import import_module
from typing import Annotated, Any

import typer
from typer._click.exceptions import NoSuchOption  # typer's own copy of click (typer vendors it)
from typer.core import TyperArgument, TyperCommand, TyperGroup

from catchup_notation.cli import COMMANDS, output
from catchup_notation.cli.version import version_text
from catchup_notation.version import MANUAL_URL

#: -h as well as --help, on the app and on every command (as git, pip and ruff take it).
HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}
_SETTINGS: dict[str, Any] = {
    "add_completion": False,
    "pretty_exceptions_enable": False,
    "context_settings": HELP_OPTIONS,
}  # of each command


class _CommandsOnDemand(TyperGroup):
    """A group whose commands are imported on first use, in the order of COMMANDS."""

    def list_commands(self, ctx: Any) -> list[str]:
        """Every command's name, in the order of COMMANDS (not alphabetical)."""
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """The named command, imported the first time it is asked for."""
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            self.commands[cmd_name] = load_command(cmd_name)
        return self.commands.get(cmd_name)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """As typer's, which suggests the nearest of the loaded commands: so load them all first
        when the name is not one of them."""
        if args and args[0] not in COMMANDS:
            for name in COMMANDS:
                self.get_command(ctx, name)
        return super().resolve_command(ctx, args)


class _PlainUsage(TyperCommand):
    """A command whose usage line names its arguments as their metavars say (`PATH...`), not in
    typer's braces (`{PATH...}`)."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        """`[OPTIONS] PATH...`."""
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, TyperArgument) and param.metavar:
                pieces.append(param.metavar)
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """As click's, with a word for those who type `-v` for --variant (its short form until 0.3)."""
        try:
            return super().parse_args(ctx, args)
        except NoSuchOption as exc:
            if exc.option_name == "-v" and any("--variant" in getattr(p, "opts", ()) for p in self.params):
                exc.message += " (--variant has no short form; most tools take -v for verbose)"
            raise


class _OneCommand(typer.Typer):
    """The app a command module registers its command on: every command with the plain usage line."""

    def command(self, *args: Any, **kwargs: Any) -> Any:
        """As typer's, with the plain usage line."""
        kwargs.setdefault("cls", _PlainUsage)
        return super().command(*args, **kwargs)


def load_command(name: str) -> Any:
    """The click command of `catchup NAME`, from its module's `register`."""
    single = _OneCommand(**_SETTINGS)
    import_module(f"catchup_notation.cli.{name.replace('-', '_')}").register(single)
    return typer.main.get_command(single)


app = typer.Typer(
    name="catchup",
    cls=_CommandsOnDemand,
    help="Read, verify, convert, adjudicate and draw records of Catchup, Ketchup and number-set Catch-Up.",
    epilog="Run 'catchup COMMAND --help' for examples. Exit codes: 0 ok; 1 a rule is broken (or, with --strict, "
    "a warning); 2 usage error; 3 unreadable input; 4 internal error; 5 nothing read. "
    f"The manual: {MANUAL_URL}",
    no_args_is_help=True,
    add_completion=True,  # --install-completion, --show-completion
    pretty_exceptions_enable=False,
    context_settings=HELP_OPTIONS,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(version_text())
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
