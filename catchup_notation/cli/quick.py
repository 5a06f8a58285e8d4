"""The common `catchup verify` and `catchup adjudicate` command lines, run without typer.

Importing typer takes longer than Python's own start, and most runs of these commands name a few
files with a few plain options. Those are read here, by a small parser that takes only what it
reads exactly as the typer app reads it; the run is the same (`verifying.run`, `adjudicating.run`,
guarded as the command is), and so is everything it prints and its exit code. Anything else (help,
completion, --debug, an option or a form this parser does not take, a value the app would refuse,
a usage error) is left to the typer app (`run` gives None), which says it in its own words.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

#: The report options both commands take, as spelt, each with the parameter it sets and to what.
_REPORT_FLAGS: dict[str, tuple[str, bool]] = {
    "--json": ("json", True),
    "--csv": ("csv", True),
    "--strict": ("strict", True),
    "--progress": ("progress", True),
    "--no-progress": ("progress", False),
}
#: Each command run here, with its flags (as above). Its options that take a value are `_VALUED`.
_FLAGS: dict[str, dict[str, tuple[str, bool]]] = {
    "verify": {**_REPORT_FLAGS, "--quiet": ("quiet", True), "-q": ("quiet", True)}
    | {"--statistics": ("statistics", True)},
    "adjudicate": _REPORT_FLAGS,  # its endgame search and estimate are left to the app
}
#: The options that take a value (--board and --corrections are left to the app), each with the
#: parameter it sets.
_VALUED = {"--variant": "variant", "--format": "format", "-f": "format", "--output": "out", "-o": "out"}
_VALUED |= {"--jobs": "jobs", "-j": "jobs"}


def run(args: list[str]) -> int | None:
    """The exit code of `catchup ARGS` run here, or None where the typer app must run it."""
    if not args or args[0] not in _FLAGS or os.environ.get("_CATCHUP_COMPLETE") or os.environ.get("CATCHUP_DEBUG"):
        return None  # completion is the app's; with CATCHUP_DEBUG its tracebacks are
    read = parsed(args[1:], _FLAGS[args[0]])
    if read is None:
        return None
    paths, given = read
    try:  # an interrupt while the run's modules load ends it as one during the run
        options = checked(given)
        if options is None:
            return None
        from catchup_notation.cli import output

        command: Callable[..., int]
        if args[0] == "verify":
            from catchup_notation.cli import verifying

            command = verifying.run
        else:
            from catchup_notation.cli import adjudicating

            command = adjudicating.run
        return output.guarded(command)(paths, **options)
    except KeyboardInterrupt:
        return 130  # as the app ends on Ctrl-C (a terminating signal's code is given by `main`)
    except Exception as exc:
        typer = sys.modules.get("typer")  # imported where the run made one of its exits
        if typer is not None and isinstance(exc, typer.Exit):  # `output.fail`'s: an error said (a missing file)
            return int(exc.exit_code)
        raise


def parsed(args: list[str], flags: dict[str, tuple[str, bool]]) -> tuple[list[str], dict[str, str | bool]] | None:
    """The command's paths and the options given (as typed; the last of each wins, as in the app),
    or None for anything else than paths, its `flags`, `_VALUED`, `--long=value` and `-xVALUE`."""
    paths: list[str] = []
    given: dict[str, str | bool] = {}
    rest = iter(args)
    for arg in rest:
        if arg[:1] != "-" or arg == "-":
            paths.append(arg)
        elif arg in flags:
            flag, on = flags[arg]
            given[flag] = on
        elif arg in _VALUED:
            following = next(rest, None)
            if following is None:
                return None  # a usage error: the app words it
            given[_VALUED[arg]] = following  # taken as it is, even if it starts with '-', as the app does
        elif arg.startswith("--") and arg.partition("=")[0] in _VALUED:
            name, _, value = arg.partition("=")
            given[_VALUED[name]] = value
        elif not arg.startswith("--") and arg[:2] in _VALUED:
            given[_VALUED[arg[:2]]] = arg[2:]
        else:
            return None  # `--`, -h, an unknown option, a flag with a value, several short flags together
    return (paths, given) if paths else None


def checked(given: dict[str, str | bool]) -> dict[str, Any] | None:
    """The options as the app's callbacks make them, or None where the app would refuse one."""
    options: dict[str, Any] = dict(given)
    if given.get("json") and given.get("csv"):
        return None
    jobs = given.get("jobs")
    if jobs is not None:
        if not (isinstance(jobs, str) and jobs.isascii() and jobs.isdigit() and int(jobs) >= 1):
            return None
        options["jobs"] = int(jobs)
    from catchup_notation.errors import NotationError, VariantError

    variant = given.get("variant")
    if isinstance(variant, str):
        from catchup_notation.cli.values import variant_value

        try:
            options["variant"] = variant_value(variant)
        except VariantError:
            return None
    fmt = given.get("format")
    if isinstance(fmt, str):
        from catchup_notation.formats import canonical_name

        try:
            options["format"] = canonical_name(fmt)
        except NotationError:
            return None
    return options
