"""Runs over many inputs, as `catchup verify` and `catchup adjudicate` make them: the inputs named
(a folder's files passed over are said), every record judged and its report written as it comes
(text, JSON Lines or CSV, on stdout or into a file written atomically), the summary line, and the
exit code (see `catchup_notation.cli`).

Reports are made where the records are judged (on several cores, in the workers), down to their
printed form, so that the parent only writes.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, Protocol, TextIO

import attrs

from catchup_notation.cli import output
from catchup_notation.cli.progress import records_bar
from catchup_notation.escaping import printable_lines
from catchup_notation.hints import cli_words
from catchup_notation.reading import STDIN, STDIN_NAME, survey
from catchup_notation.report_lines import RowValue
from catchup_notation.report_lines import csv_header as csv_header  # the tables' lines, named here too
from catchup_notation.report_lines import csv_line as csv_line

if TYPE_CHECKING:
    from catchup_notation.formats.base import Corrections
    from catchup_notation.game import Game
    from catchup_notation.reading.fastpath import Judged, Verdict
    from catchup_notation.reports import WarningReport

Mode = Literal["text", "json", "csv"]
#: Endings of a report file (-o) that choose JSON Lines or CSV; any other is text.
_MODE_OF_ENDING: dict[str, Mode] = {".csv": "csv", ".json": "json", ".jsonl": "json", ".ndjson": "json"}


class Report(Protocol):
    """What a run prints of a record (`reports.VerifyReport`, `reports.AdjudicationReport`)."""

    @property
    def outcome(self) -> str:
        """What the record counts as: valid, invalid or unreadable; an adjudication's status."""
        ...

    @property
    def source(self) -> str | None:
        """The file the record came from."""
        ...

    @property
    def warnings(self) -> tuple[WarningReport, ...]:
        """Its reading warnings."""
        ...

    def lines(self) -> list[tuple[str, str]]:
        """Its text lines, each with its kind (error, warning, ok, plain)."""
        ...

    def to_row(self) -> dict[str, RowValue]:
        """Its flat row (CSV)."""
        ...


def report_mode(*, json: bool, csv: bool, out: str | None) -> Mode:
    """The form of the report: --json, --csv, else what the -o file's ending says, else text."""
    if json and csv:
        import typer

        raise typer.BadParameter("give --json or --csv, not both", param_hint="--json / --csv")
    if json or csv:
        return "json" if json else "csv"
    if out is not None and out != "-":
        from catchup_notation.formats import record_suffix

        return _MODE_OF_ENDING.get(record_suffix(out), "text")
    return "text"


class Printed(NamedTuple):
    """A report as it will be printed: what it counts as, where it came from, whether it drew a
    warning, and its JSON or CSV line (text mode: its text lines)."""

    outcome: str
    source: str | None
    warned: bool
    text: str
    lines: list[tuple[str, str]]
    #: Its problems by code, `error[stone-count]`, `warning[pass-added]`, each as often as met.
    codes: tuple[str, ...] = ()


class PrintedRun(NamedTuple):
    """The reports of a run of games the compiled core judged valid, printed together: one object
    for many records, so that a worker sends them in one cheap message (a string, not an object
    per record) and the parent writes them in one go. Such games draw no warning and no error."""

    source: str | None
    #: How many records of the run count as each outcome.
    outcomes: tuple[tuple[str, int], ...]
    #: Their JSON or CSV lines, each ending in a newline (text mode: "").
    text: str
    #: Text mode: their text lines.
    lines: list[tuple[str, str]]

    @property
    def records(self) -> int:
        return sum(count for _, count in self.outcomes)


def printed_run(source: str | None, printed: list[Printed]) -> PrintedRun:
    """The reports of a run of games judged on the core (no warning, no error), together."""
    if not printed:
        return PrintedRun(source, (), "", [])
    first = printed[0].outcome
    if all(item.outcome is first for item in printed):  # verify's: every one valid
        outcomes: tuple[tuple[str, int], ...] = ((first, len(printed)),)
    else:
        outcomes = tuple(Counter(item.outcome for item in printed).items())
    if printed[0].lines:
        return PrintedRun(source, outcomes, "", [line for item in printed for line in item.lines])
    return PrintedRun(source, outcomes, "\n".join(item.text for item in printed) + "\n", [])


def printer(report_of: Callable[[Game], Report], mode: Mode, fields: Sequence[str]) -> Callable[[Game], Printed]:
    """What a run prints of a game, made where the report is made (picklable for the workers)."""
    return functools.partial(_printed, report_of, mode, tuple(fields))


def _printed(report_of: Callable[[Game], Report], mode: Mode, fields: tuple[str, ...], game: Game) -> Printed:
    return _shown(report_of(game), mode, fields)


def _shown(report: Report, mode: Mode, fields: tuple[str, ...]) -> Printed:
    warned = bool(report.warnings)
    error = getattr(report, "error", None)
    codes = tuple(f"warning[{w.code}]" for w in report.warnings) + ((f"error[{error.code}]",) if error else ())
    if mode == "json":
        from catchup_notation.serialization import to_data  # cattrs only for JSON (start-up time)

        return Printed(report.outcome, report.source, warned, output.json_line(to_data(report)), [], codes)
    if mode == "csv":
        return Printed(report.outcome, report.source, warned, csv_line(report.to_row(), fields), [], codes)
    return Printed(report.outcome, report.source, warned, "", report.lines(), codes)


if TYPE_CHECKING:
    #: What a run's report of a game the compiled core judged valid is made from (`reading.fastpath`):
    #: the input, its format, the game's index and its verdict.
    JudgedReport = Callable[[str | None, str, int, Verdict], Report]
    #: What makes the printed lines of judged games without their reports (`report_lines.judged_adjudication_lines`).
    JudgedLines = Callable[[str | None, str, str], Callable[[int, Verdict], tuple[str, str] | None] | None]


def judged_printer(
    report_of: JudgedReport, mode: Mode, fields: Sequence[str], lines: JudgedLines | None = None
) -> Callable[[Judged], list[PrintedRun]]:
    """What a run prints of games the compiled core judged valid (`reading.fastpath`): what `printer`
    prints of the reports `report_of` makes of them, together (`PrintedRun`; picklable for the
    workers). `lines` (`report_lines.judged_adjudication_lines`) makes a game's printed line without
    its report where it can: the same line."""
    if lines is not None:
        return functools.partial(_judged_lines_run, report_of, mode, tuple(fields), lines)
    return functools.partial(_judged_run, report_of, mode, tuple(fields))


def _judged_run(report_of: JudgedReport, mode: Mode, fields: tuple[str, ...], judged: Judged) -> list[PrintedRun]:
    return [printed_run(judged.source, _judged_printed(report_of, mode, fields, judged))]


def _judged_lines_run(
    report_of: JudgedReport, mode: Mode, fields: tuple[str, ...], lines: JudgedLines, judged: Judged
) -> list[PrintedRun]:
    """`_judged_run`, each game's line made by `lines` where it makes it (else from its report)."""
    source, fmt, first = judged.source, judged.format, judged.first
    line_of = lines(source, fmt, mode)
    if line_of is None:
        return _judged_run(report_of, mode, fields, judged)
    outcomes: list[str] = []
    texts: list[str] = []
    shown: list[tuple[str, str]] = []
    for k, verdict in enumerate(judged.verdicts):
        made = line_of(first + k, verdict)
        if made is None:  # a game only its report says
            (printed,) = _judged_printed(report_of, mode, fields, judged._replace(first=first + k, verdicts=[verdict]))
            outcomes.append(printed.outcome)
            texts.append(printed.text)
            shown.extend(printed.lines)
        else:
            outcomes.append(made[0])
            if mode == "text":
                shown.append(("plain" if made[0] == "unfinished" else "ok", made[1]))
            else:
                texts.append(made[1])
    if not outcomes:
        return [PrintedRun(source, (), "", [])]
    counted = tuple(Counter(outcomes).items())
    if mode == "text":
        return [PrintedRun(source, counted, "", shown)]
    return [PrintedRun(source, counted, "\n".join(texts) + "\n", [])]


def _judged_printed(report_of: JudgedReport, mode: Mode, fields: tuple[str, ...], judged: Judged) -> list[Printed]:
    source, fmt, first = judged.source, judged.format, judged.first
    reports = [report_of(source, fmt, first + k, v) for k, v in enumerate(judged.verdicts)]
    filled = _scored_json_maker(reports[0], source, fmt) if mode == "json" and reports else None
    if filled is not None:  # adjudicate's, in JSON
        return [Printed(report.outcome, source, False, filled(report), []) for report in reports]
    return [_shown(report, mode, fields) for report in reports]


def _pattern(text: str, markers: list[str]) -> Callable[..., str] | None:
    """What fills `text` (a JSON line) with the k-th argument in place of the k-th of `markers`
    (as the JSON line spells them), or None where one of them appears more than once."""
    if any(text.count(marker) > 1 for marker in markers):
        return None
    found = sorted((text.find(marker), k, marker) for k, marker in enumerate(markers) if marker in text)
    pattern, at = [], 0
    for start, k, marker in found:
        pattern.append(text[at:start].replace("{", "{{").replace("}", "}}") + "{" + str(k) + "}")
        at = start + len(marker)
    pattern.append(text[at:].replace("{", "{{").replace("}", "}}"))
    return "".join(pattern).format


#: Markers put in a report of a game judged and scored on the core (adjudicate's) in place of each
#: field that varies from game to game; its other fields are the same for every game of an input
#: (its name and format, no warning, no error).
_SCORED_MARKERS: dict[str, Any] = {
    "index": -7340041,
    "line": -7340043,
    "variant": "\0variant\0",
    "players": ("\0white\0", "\0black\0"),
    "turns": -7340047,
    "status": "\0status\0",
    "winner": -7340051,
    "draw": -7340053,
    "reason": "\0reason\0",
    "groups": ((-7340057,), (-7340059,)),
    "decided_at": -7340061,
    "decided_by": "\0decided by\0",
    "scores": (-7340063, -7340067),
    "explanation": "\0explanation\0",
}
_SAME_FOR_ALL = frozenset({"source", "format", "warnings", "error"})
#: JSON line makers by (report type, source, format), see `_scored_json_maker`.
_scored_json_makers: dict[tuple[Any, ...], Callable[[Report], str] | None] = {}


def _scored_json_maker(report: Report, source: str | None, fmt: str) -> Callable[[Report], str] | None:
    """The JSON line of the report of a game judged and scored on the core by filling in one
    report's JSON, made once by the usual code with markers in place of the fields that vary (None
    where its JSON has other fields, a marker does not stand alone in it, or the line filled in for
    `report` is not the usual code's: then each report's is made the usual way)."""
    key = (type(report), source, fmt)
    if key in _scored_json_makers:
        return _scored_json_makers[key]
    from catchup_notation.serialization import to_data

    made = None
    usual = to_data(report)
    if attrs.has(type(report)) and set(usual) == _SAME_FOR_ALL | set(_SCORED_MARKERS):
        text = output.json_line(to_data(attrs.evolve(report, **_SCORED_MARKERS)))  # type: ignore[misc]
        fill = _pattern(text, [output.json_line(marker) for marker in _SCORED_MARKERS.values()])
        made = functools.partial(_scored_filled, fill) if fill is not None else None
        if made is not None and made(report) != output.json_line(usual):
            made = None
    if len(_scored_json_makers) >= 256:
        _scored_json_makers.clear()
    _scored_json_makers[key] = made
    return made


def _scored_filled(fill: Callable[..., str], report: Report) -> str:
    return fill(*(_json_value(getattr(report, name)) for name in _SCORED_MARKERS))


def _json_value(value: object) -> str:
    """A field's value as `output.json_line` writes it inside an object (the common values, a
    string, an int, None, a bool or a tuple of them, spelt here; any other by the usual code)."""
    kind = type(value)
    if kind is int:
        return str(value)
    if kind is str:
        return _json_string()(value)  # type: ignore[arg-type]
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    if kind is tuple:
        return "[" + ", ".join(map(_json_value, value)) + "]"  # type: ignore[call-overload]
    from catchup_notation.serialization import to_data

    return output.json_line(to_data(value))


@functools.cache
def _json_string() -> Callable[[str], str]:
    """How `output.json_line` writes a string inside an object (the encoder's own function for
    strings, called without making an encoder for each)."""
    from json.encoder import encode_basestring

    return encode_basestring


# ---------------------------------------------------------------------------------------------
# Inputs


@attrs.define
class Inputs:
    """The files a run reads, and which of them each named input holds (to say which gave nothing)."""

    files: list[str]
    named: dict[str, frozenset[str]]


def named_inputs(paths: Sequence[str], *, output_file: str | None = None) -> Inputs:
    """The files to read of each named input, in order; the files a folder holds that are not
    read are named on stderr (a warning each), with why. A path that does not exist, or an output
    file that is one of the files to read, is a usage error, before anything is read or written."""
    files: list[str] = []
    named: dict[str, frozenset[str]] = {}
    for path in paths:
        if path != STDIN and not os.path.lexists(path):
            raise output.fail(f"{path}: no such file or folder", output.EXIT_USAGE)
        found = survey(path)
        for name, why in found.skipped:
            output.warn(f"skipped {name}: {why}")
        files.extend(found.files)
        named[path] = frozenset(STDIN_NAME if name == STDIN else name for name in found.files)
    if output_file is not None and output_file != STDIN:
        refuse_output_over_input(output_file, files)
    return Inputs(files, named)


def refuse_output_over_input(output_file: str, files: Iterable[str]) -> None:
    """A usage error when writing `output_file` would replace one of the files to read (the same
    file by device and inode, through symlinks and hard links): the input would be lost."""
    from catchup_notation.writing import same_file

    for name in files:
        if name != STDIN and same_file(output_file, name):
            which = "" if os.fspath(output_file) == name else f" ({name})"
            raise output.fail(
                f"the output {output_file} is one of the inputs{which}: writing it would destroy the input; "
                "choose another output file",
                output.EXIT_USAGE,
            )


def warn_empty(inputs: Inputs, sources: set[str | None]) -> None:
    """A warning for each named input that gave no record at all."""
    members = {source.rsplit(":", 1)[0] for source in sources if source and ":" in source}  # zip archives' files
    for path, files in inputs.named.items():
        if not files & (sources | members):
            where = "standard input" if path == STDIN else path
            kind = "no record file in" if os.path.isdir(path) and not files else "no record found in"
            output.warn(f"{kind} {where}")


# ---------------------------------------------------------------------------------------------
# The run


@attrs.define
class Tally:
    """What a run read: records by outcome, how many drew a warning, and the files they came from."""

    counts: Counter[str] = attrs.field(factory=Counter)
    warned: int = 0
    sources: set[str | None] = attrs.field(factory=set)
    #: Problems by code (`error[syntax]`, `warning[pass-added]`), every one counted.
    codes: Counter[str] = attrs.field(factory=Counter)

    @property
    def total(self) -> int:
        """Records read, readable or not."""
        return sum(self.counts.values())

    def exit_code(self, *, strict: bool) -> int:
        """The run's exit code: nothing read (5); unreadable input (3) wins over a broken rule or,
        with `strict`, a warning (1)."""
        if not self.total:
            return output.EXIT_NOTHING
        warned = self.warned if strict else 0
        return output.exit_code(invalid=self.counts["invalid"] + warned, unreadable=self.counts["unreadable"])


def run_reports(
    paths: Sequence[str],
    report_of: Callable[[Game], Report],
    *,
    fields: Sequence[str],
    summary: Callable[[Tally], str],
    mode: Mode,
    out: str | None,
    jobs: int | None,
    format: str | None,
    variant: str | None,
    corrections: Corrections,
    strict: bool,
    progress: bool | None,
    label: str,
    judged: JudgedReport | None = None,
    judged_lines: JudgedLines | None = None,
    scores: bool = False,
    quiet: bool = False,
    statistics: bool = False,
) -> int:
    """Judge every record of `paths` with `report_of`, write the reports (`mode`, to `out` or
    stdout) and the summary line, and give the exit code. `judged` makes the report of a game the
    compiled core judged valid from its text alone, the report `report_of` makes, from verdicts
    with the games' final positions where `scores` (adjudicate's); `judged_lines` makes their
    printed lines without the reports where it can (see `judged_printer`)."""
    from catchup_notation.batch import reports

    inputs = named_inputs(paths, output_file=out)
    found: Iterator[Printed | PrintedRun] = reports(
        inputs.files,
        printer(report_of, mode, fields),
        jobs=jobs,
        format=format,
        variant=variant,
        corrections=corrections,
        judged=judged_printer(judged, mode, fields, judged_lines) if judged is not None else None,
        scores=scores,
    )
    to_file = out is not None and out != "-"
    shown = progress is not False and (mode == "text" or to_file)  # never beside JSON or CSV on stdout
    with _report_stream(out) as stream, records_bar(label, inputs.files, enabled=shown) as bar:
        if mode == "csv":
            stream.write(csv_header(fields) + "\n")
        plain = _plain(stream)
        write = output.line_writer() if stream is sys.stdout and mode == "text" else plain
        say = bar.say if bar is not None and not to_file else lambda how, kind, text: how(kind, text)
        tally = Tally()
        for item in found:
            if isinstance(item, PrintedRun):  # many records, none with a warning or an error
                tally.counts.update(dict(item.outcomes))
                records = item.records
            else:
                tally.counts[item.outcome] += 1
                tally.warned += item.warned
                tally.codes.update(item.codes)
                records = 1
            tally.sources.add(item.source)
            if bar is not None:
                bar.advance(item.source, records)
            if mode == "text":
                for kind, text in item.lines:
                    if not (quiet and kind == "ok"):
                        say(write, kind, text)
            elif isinstance(item, PrintedRun):  # its lines end in newlines already
                stream.write(item.text)
            else:
                stream.write(cli_words(item.text) + "\n")
        ending = [("plain", line) for line in statistics_lines(tally)] if statistics else []
        ending.append(("summary", summary(tally)))
        if mode == "text" and not to_file:
            for kind, text in ending:
                say(write, kind, text)
    if mode != "text" or to_file:
        output.print_lines(ending, stderr=True)
    warn_empty(inputs, tally.sources)
    return tally.exit_code(strict=strict)


def _plain(stream: TextIO) -> Callable[[str, str], None]:
    def write(kind: str, text: str) -> None:
        stream.write(printable_lines(cli_words(text)) + "\n")  # a report file is read on a terminal too

    return write


@contextlib.contextmanager
def _report_stream(out: str | None) -> Iterator[TextIO]:
    """Standard output, or the report file, replaced only once the report is whole."""
    if out is None or out == "-":
        yield sys.stdout
        return
    from catchup_notation.writing import atomic_output

    with atomic_output(out) as stream:
        yield stream


def statistics_lines(tally: Tally) -> list[str]:
    """`--statistics`: how many times each problem's code was met, most often first, one a line
    (`    12  error[stone-count]`), or that there was none."""
    if not tally.codes:
        return ["no problems"]
    ranked = sorted(tally.codes.items(), key=lambda item: (-item[1], item[0]))
    width = len(str(ranked[0][1]))
    return [f"{count:>{width}}  {code}" for code, count in ranked]


def counted(tally: Tally, *words: str, always: Sequence[str] = ()) -> str:
    """`N records read: a valid, b invalid, ...`: the outcomes in `words` that occurred (those in
    `always` even when none did), then how many records drew warnings, if any did."""
    total = tally.total
    parts = [f"{tally.counts[word]} {word}" for word in words if tally.counts[word] or word in always]
    warned = f"; {tally.warned} with warnings" if tally.warned else ""
    return f"{total} record{'s' if total != 1 else ''} read: {', '.join(parts)}{warned}"
