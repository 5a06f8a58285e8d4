"""The common `catchup verify`, `catchup adjudicate` and `catchup convert` command lines, run without typer.

Importing typer takes longer than Python's own start, and most runs of these commands name a few
files with a few plain options. Those are read here, by a small parser that takes only what it
reads exactly as the typer app reads it; the run is the same (`verifying.run`, `adjudicating.run`,
`convert_run.run`, guarded as the command is), and so is everything it prints and its exit code. Anything else (help,
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
#: Each command run here, with its flags (as above). Its options that take a value are `_VALUED`'s.
_FLAGS: dict[str, dict[str, tuple[str, bool]]] = {
    "verify": {**_REPORT_FLAGS, "--quiet": ("quiet", True), "-q": ("quiet", True)}
    | {"--statistics": ("statistics", True)},
    "adjudicate": _REPORT_FLAGS,  # its endgame search and estimate are left to the app
    "convert": {"--json": ("json", True), "--strict": ("strict", True), "--all-or-nothing": ("all_or_nothing", True)}
    | {"--progress": ("progress", True), "--no-progress": ("progress", False)},
}
#: The options of every command here that take a value (--board is left to the app), each with
#: the parameter it sets.
_COMMON_VALUED = {"--variant": "variant", "--format": "format", "-f": "format", "--output": "out", "-o": "out"}
_COMMON_VALUED |= {"--jobs": "jobs", "-j": "jobs", "--corrections": "corrections"}
#: Each command's options that take a value.
_VALUED: dict[str, dict[str, str]] = {
    "verify": _COMMON_VALUED,
    "adjudicate": _COMMON_VALUED,
    "convert": _COMMON_VALUED | {"--to": "to", "-t": "to"},
}


def run(args: list[str]) -> int | None:
    """The exit code of `catchup ARGS` run here, or None where the typer app must run it."""
    if not args or args[0] not in _FLAGS or os.environ.get("_CATCHUP_COMPLETE") or os.environ.get("CATCHUP_DEBUG"):
        return None  # completion is the app's; with CATCHUP_DEBUG its tracebacks are
    read = parsed(args[1:], _FLAGS[args[0]], _VALUED[args[0]])
    if read is None:
        return None
    paths, given = read
    try:  # an interrupt while the run's modules load ends it as one during the run
        options = checked(given)
        if options is None:
            return None
        command = _command(args[0], options, given)
        if command is None:
            return None
        from catchup_notation.cli import output

        return output.guarded(command)(paths, **options)
    except KeyboardInterrupt:
        return 130  # as the app ends on Ctrl-C (a terminating signal's code is given by `main`)
    except Exception as exc:
        typer = sys.modules.get("typer")  # imported where the run made one of its exits
        if typer is not None and isinstance(exc, typer.Exit):  # `output.fail`'s: an error said (a missing file)
            return int(exc.exit_code)
        raise


def _command(name: str, options: dict[str, Any], given: dict[str, str | bool]) -> Callable[..., int] | None:
    """The run of command `name` with `options` (made from those `given`), or None where the app
    would refuse them."""
    if name == "verify":
        from catchup_notation.cli import verifying

        return verifying.run
    if name == "adjudicate":
        from catchup_notation.cli import adjudicating

        return adjudicating.run
    from catchup_notation.cli import convert_run

    try:  # what the command refuses before it reads anything: the app words it
        convert_run.checked_usage(
            variant=options.get("variant"), to=options.get("to"), out=options.get("out"), json=bool(given.get("json"))
        )
    except convert_run.Usage:
        return None
    options["corrections"] = given.get("corrections")  # checked (`checked`); the run reads them as typed
    return convert_run.run


def parsed(
    args: list[str], flags: dict[str, tuple[str, bool]], valued: dict[str, str]
) -> tuple[list[str], dict[str, str | bool]] | None:
    """The command's paths and the options given (as typed; the last of each wins, as in the app),
    or None for anything else than paths, its `flags`, its `valued` options, `--long=value` and
    `-xVALUE`."""
    paths: list[str] = []
    given: dict[str, str | bool] = {}
    rest = iter(args)
    for arg in rest:
        if arg[:1] != "-" or arg == "-":
            paths.append(arg)
        elif arg in flags:
            flag, on = flags[arg]
            given[flag] = on
        elif arg in valued:
            following = next(rest, None)
            if following is None:
                return None  # a usage error: the app words it
            given[valued[arg]] = following  # taken as it is, even if it starts with '-', as the app does
        elif arg.startswith("--") and arg.partition("=")[0] in valued:
            name, _, value = arg.partition("=")
            given[valued[name]] = value
        elif not arg.startswith("--") and arg[:2] in valued:
            given[valued[arg[:2]]] = arg[2:]
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
    for name in ("format", "to"):
        fmt = given.get(name)
        if isinstance(fmt, str):
            from catchup_notation.formats import canonical_name

            try:
                options[name] = canonical_name(fmt)
            except NotationError:
                return None
    corrections = given.get("corrections")
    if isinstance(corrections, str):
        from catchup_notation.cli.values import corrections_value

        try:
            options["corrections"] = corrections_value(corrections)
        except ValueError:
            return None
    return options
