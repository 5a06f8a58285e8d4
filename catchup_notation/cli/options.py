"""Options shared by several commands, declared once so that they read the same everywhere."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Annotated, Any, Literal

import attrs
import typer
from typer._click.types import ParamType  # typer's own copy of click (typer vendors it)

from catchup_notation.cli.values import board_variant, corrections_value, variant_value
from catchup_notation.errors import NotationError, VariantError
from catchup_notation.version import manual_page

if TYPE_CHECKING:
    from catchup_notation.game import Game


class Words(ParamType):
    """An argument's text, as it is; its help shows only its name (PATH), not a type (`<str>`)."""

    name = "text"

    def get_metavar(self, param: Any, ctx: Any) -> str:
        """No type beside the argument's name in --help."""
        return ""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        """The text as given."""
        return value


#: The type of every text argument of the commands.
TEXT = Words()


def _check_variant(value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return variant_value(value)
    except VariantError as exc:
        raise typer.BadParameter(str(exc)) from None


def check_format(value: str | None) -> str | None:
    """A `--format`/`--to` value: a format name or alias (`sgf`, `ap`), as its registered name; a
    usage error listing them otherwise."""
    if value is None:
        return None
    from catchup_notation.formats import canonical_name

    try:
        return canonical_name(value)
    except NotationError as exc:
        raise typer.BadParameter(exc.message) from None


Paths = Annotated[
    list[str],
    typer.Argument(
        help="Record files, folders (searched recursively) or - for standard input. Compressed files "
        "(.gz, .bz2, .xz) and .zip archives are read as they are.",
        metavar="PATH...",
        click_type=TEXT,
        show_default=False,
    ),
]
Variant = Annotated[
    str | None,
    typer.Option(
        "--variant",
        metavar="VARIANT",
        help="The rules to judge by, e.g. catchup, ketchup-3, catchup(size=7), catch-up(set=1..12) (see "
        "catchup variants). Default: the record's own (catchup where the notation does not say). 'auto': "
        "the record's own if it accepts the record, else the first variant that does.",
        callback=_check_variant,
        show_default=False,
    ),
]
ReadVariant = Annotated[
    str | None,
    typer.Option(
        "--variant",
        metavar="VARIANT",
        help="The rules to read the records under, for notations that do not name them (Little Golem, Genius, "
        "rga, Abstract Play), e.g. ketchup-3 or catchup(size=7). Default: the record's own (catchup where the "
        "notation does not say).",
        callback=_check_variant,
        show_default=False,
    ),
]
Board = Annotated[
    str | None,
    typer.Option(
        "--board",
        metavar="BOARD",
        help="The board, for records that do not say its shape (Little Golem's random board): a named shape "
        "(triangle6), @FILE holding a mask (a '.' per cell, as rga diagrams draw them), an inline mask with '/' "
        "between rows, or a cell list {(q,r),...}. Played under --variant (default catchup). "
        "See catchup boards.",
        show_default=False,
    ),
]


def with_board(variant: str | None, board: str | None) -> str | None:
    """The --variant to read under, carrying the --board when one is given (a usage error if bad)."""
    try:
        return board_variant(variant, board)
    except VariantError as exc:
        raise typer.BadParameter(str(exc), param_hint="--board") from None


Format = Annotated[
    str | None,
    typer.Option(
        "--format",
        "-f",
        metavar="FORMAT",
        help="The notation of the input: lg, rga, genius, abstractplay, numbers or json, or an alias "
        "(see catchup formats). Default: told from each file's name and content.",
        callback=check_format,
        show_default=False,
    ),
]


def parse_corrections(value: str | None) -> dict[str, str] | Literal["diagram"] | None:
    """'diagram' or 'h3=h4,12:n3=o3' -> the rga reader's corrections (a usage error otherwise)."""
    try:
        return corrections_value(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


Corrections = Annotated[
    str | None,
    typer.Option(
        "--corrections",
        metavar="diagram|FIXES",
        help="rga posts only: fix coordinates that are not cells, either 'diagram' (take the cell the "
        "post's own diagram shows) or fixes like 'h3=h4,12:n3=o3' (TURN: limits a fix to one turn).",
        show_default=False,
    ),
]
Jobs = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        metavar="N",
        help="Worker processes. Default: every core for a large input (a few megabytes of records, or standard "
        "input), else 1; for verify on the compiled core, only files count (not standard input, nor a big "
        "compressed file, which one process reads faster). The output stays in input order, the same as with 1.",
        show_default=False,
    ),
]
RECORD_HELP = (
    "Which record of the file: N counts from 0, as reports name a record without a line (FILE[N]) and "
    "--json's index field; :LINE is the record on that line, as reports name it (FILE:LINE:COL)."
)


@attrs.frozen
class RecordPick:
    """A --record: the record at `index` (0-based) or the one on `line` of the file (1-based)."""

    index: int | None = None
    line: int | None = None

    def __str__(self) -> str:
        return f"record {self.index}" if self.index is not None else f"record on line {self.line}"

    def chosen(self, games: Iterable[Game]) -> Game | None:
        """The game picked: by index, or the last that starts on or before the line."""
        found = None
        for game in games:
            if self.index is not None:
                if game.source.index == self.index:
                    return game
                continue
            start = game.source.line
            if start is not None and self.line is not None and start > self.line:
                break
            found = game
        return found


def parse_record(value: str | RecordPick) -> RecordPick:
    """`N` or `:LINE` -> the RecordPick (a usage error otherwise)."""
    if isinstance(value, RecordPick):
        return value
    text = value.strip()
    number = text[1:] if text.startswith(":") else text
    if not number.isdigit() or (text.startswith(":") and int(number) < 1):
        raise typer.BadParameter(f"expected N (from 0) or :LINE (from 1), not {value!r}")
    return RecordPick(line=int(number)) if text.startswith(":") else RecordPick(index=int(number))


#: The default --record: the file's first.
FIRST_RECORD = RecordPick(index=0)
RecordIndex = Annotated[
    RecordPick, typer.Option("--record", "-r", metavar="N|:LINE", help=RECORD_HELP, parser=parse_record)
]
Quiet = Annotated[
    bool,
    typer.Option("--quiet", "-q", help="Show only the problems (errors and warnings) and the summary line."),
]
Statistics = Annotated[
    bool,
    typer.Option(
        "--statistics",
        help="End with how many times each problem was met, by code (error[stone-count], warning[...]), "
        "most often first.",
    ),
]
Strict = Annotated[
    bool,
    typer.Option("--strict", help="Warnings fail the run too: a record that drew any warning makes it exit 1."),
]
Progress = Annotated[
    bool | None,
    typer.Option(
        "--progress/--no-progress",
        help="A progress bar on stderr while the run lasts more than a moment, when stderr is a terminal "
        "(the default); never in pipes or files. --no-progress: none at all.",
        show_default=False,
    ),
]


def json_option(help: str) -> object:
    """A --json flag with its command's own help (what it prints differs by command)."""
    return typer.Option("--json", help=help)


ReportJson = Annotated[
    bool, json_option(f"One JSON object per record per line (JSON Lines; fields: {manual_page('reports')}).")
]
ReportCsv = Annotated[bool, typer.Option("--csv", help="One CSV row per record, with a header row.")]
ReportOutput = Annotated[
    str | None,
    typer.Option(
        "--output",
        "-o",
        metavar="FILE",
        help="Write the report to FILE (replaced in one step, never left half written) instead of stdout; "
        "its ending chooses the form unless --json or --csv does: .csv CSV, .json/.jsonl JSON Lines, "
        "anything else text. FILE.gz, .bz2, .xz are compressed. The summary line goes to stderr.",
        show_default=False,
    ),
]


def check_labels(value: str | None) -> str | None:
    """A `--labels` value: a notation whose cell names are a row's letter and a number (lg, and
    those that name cells as it does; abstractplay), as its registered name."""
    name = check_format(value)
    if name in ("rga", "numbers"):
        raise typer.BadParameter(
            f"{name} does not name cells by rows and numbers; give lg or abstractplay", param_hint="--labels"
        )
    return name


Labels = Annotated[
    str | None,
    typer.Option(
        "--labels",
        metavar="NOTATION",
        help="Name the board's rows and cells as this notation does: lg (Little Golem: row A at the top, "
        "E5) or abstractplay (Abstract Play: row a at the bottom, e5). Default: the record's own notation "
        "(Little Golem's for the others).",
        callback=check_labels,
        show_default=False,
    ),
]
