"""The command-line reference, written from the typer app itself: every command, argument and option
with its help, default and examples, so that the page says what `catchup COMMAND --help` says."""

from __future__ import annotations

from typing import Any

INTRO = """\
# Command line

Every command, argument and option of `catchup`, as `catchup COMMAND --help` gives them. What the commands print, the
JSON and CSV reports and the exit codes are described in [](reports.md); the tutorial shows the
commands at work on a folder of records: [](tutorial.md).

Conventions shared by every command: `-h` is short for `--help`; `--variant` has no short form
(most tools take `-v` for verbose); an option marked required in the tables below must be given.
`--record` picks one record of a file either by its place, `N` counted from 0 (as a report names a
record without a line, `FILE[N]`, and the `index` field of `--json` reports), or by a line of the
file, `:LINE`, the record on that line (as reports name places, `FILE:LINE:COL`):
`catchup show games.sgf --record :120`. Where a reader can suggest a fix (rga posts), the command
line gives it as the option to type, `--corrections 7:k4=k6`; from Python the same fix is the
argument `corrections={"7:k4": "k6"}`. `convert` without `--to` writes the notation the output's
name says (`-o game.sgf`); a name that says none, or several (`.json`: Abstract Play or the
library's own JSON), is a usage error naming the choices. `catchup verify` and `catchup adjudicate`
with paths and their common options start sooner than the other commands (they are read without
the command-line framework); what they print, and their exit codes, are the same as they would be
otherwise.
"""

ENVIRONMENT = """### Environment

| variable | effect |
|---|---|
| `CATCHUP_PURE=1` | run the pure-Python reference even where the compiled core is built ([](core.md)) |
| `CATCHUP_PROGRESS_DELAY=SECONDS` | seconds a run lasts before its progress bar appears on a terminal \
(default 0.5; 0 shows it at once) |
"""


def cli_page() -> str:
    """The reference page, in MyST markdown."""
    import typer

    from catchup_notation.cli.typer_app import app

    group = typer.main.get_command(app)
    context = group.context_class(group, info_name="catchup")
    parts = [INTRO, "## catchup\n", _paragraphs(group.help or ""), "```text", _usage(group, context), "```\n"]
    parts += [_options_table(group.params, context), _epilog(group.epilog), ENVIRONMENT]
    for name in group.list_commands(context):  # type: ignore[attr-defined]
        command = group.get_command(context, name)  # type: ignore[attr-defined]
        sub = command.context_class(command, info_name=name, parent=context)
        parts += [f"(cli-{name})=", f"## catchup {name}\n", _paragraphs(command.help or "")]
        parts += ["```text", _usage(command, sub), "```\n"]
        arguments = [p for p in command.params if p.param_type_name == "argument"]
        if arguments:
            parts += ["Arguments:\n", *(_argument(p, sub) for p in arguments), ""]
        parts += [_options_table([p for p in command.params if p.param_type_name == "option"], sub)]
        parts += [_epilog(command.epilog)]
    return "\n".join(parts)


def _usage(command: Any, context: Any) -> str:
    return " ".join([context.command_path, *command.collect_usage_pieces(context)])


def _paragraphs(text: str) -> str:
    return text.strip() + "\n"


def _argument(param: Any, context: Any) -> str:
    required = "" if param.required else " (optional)"
    return f"- `{param.make_metavar(context)}`{required}: {_cell(param.help or '')}"


def _options_table(params: list[Any], context: Any) -> str:
    if not params:
        return ""
    rows = ["| option | value | default | |", "|---|---|---|---|"]
    for param in params:
        names = ", ".join(f"`{name}`" for name in [*param.opts, *param.secondary_opts])
        value = "" if param.is_flag else f"`{_cell(param.make_metavar(context))}`"
        rows.append(f"| {names} | {value} | {_default(param)} | {_cell(param.help or '')} |")
    return "\n".join(rows) + "\n"


def _default(param: Any) -> str:
    if param.required:
        return "required"
    if param.show_default is False:  # the help says it (--progress: on a terminal only)
        return ""
    if param.is_flag:
        return "on" if param.default else "off"
    if param.default is None:
        return ""
    return f"`{param.default}`"


def _cell(text: str) -> str:
    """Text for a table cell: one line, pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def _epilog(epilog: str | None) -> str:
    """The command's examples and notes, as the help prints them."""
    if not epilog:
        return ""
    return "```text\n" + epilog.strip("\n") + "\n```\n"
