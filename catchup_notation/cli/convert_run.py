"""What `catchup convert` does once its options are read: the run and its exit code. Apart from
the command's declaration (`convert`) so that the common command lines run without typer (`quick`).

Every record that can be written is written; each one that cannot (unreadable, or not writable in
the target notation without changing what the rules say of it) is named on stderr with its file,
index, line and why, and in the `--json` summary. `--all-or-nothing` writes nothing when any
record fails. The output replaces its file in one step; on stdout it comes once it is whole.
"""

from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

import attrs

from catchup_notation import formats
from catchup_notation.batch import reports
from catchup_notation.cli import convert_tree, output, runs
from catchup_notation.cli.progress import RecordsBar, records_bar, say_on_stderr
from catchup_notation.cli.values import AUTO, board_variant, corrections_value
from catchup_notation.converting import checked, checked_packed
from catchup_notation.errors import NotationError, VariantError, WriteError
from catchup_notation.formats.base import Corrections, NotationWarning
from catchup_notation.game import Game
from catchup_notation.model import OMIT_IF_DEFAULT, Record
from catchup_notation.reading import Request, make_request
from catchup_notation.reading.fastpath import Judged
from catchup_notation.reading.judged import JudgedGame, packed_game
from catchup_notation.reports import WarningReport, capped, more_line, place, warning_line
from catchup_notation.writing import Spool, atomic_files


class Usage(Exception):
    """A command line convert cannot run, found before any record is read or written: what is
    wrong, and the option it is about (None: the command line as a whole, unless `bad_value`: a
    value, named by the message alone). The typer app words it as its usage errors; the command
    lines run without typer leave such lines to the app (`quick` checks them first)."""

    def __init__(self, message: str, option: str | None = None, *, bad_value: bool = False) -> None:
        super().__init__(message)
        self.message, self.option, self.bad_value = message, option, bad_value


def checked_usage(*, variant: str | None, to: str | None, out: str | None, json: bool) -> str:
    """The notation to write (--to, else the one -o's name says); `Usage` for a command line that
    cannot run, as the command's checks come: --variant auto, a folder without --to, no notation
    at all, a JSON summary with the records on stdout."""
    if variant == AUTO:
        raise Usage("convert needs one variant to read under, not 'auto'", "--variant")
    if convert_tree.is_folder(out) and to is None:  # the user gave no --to to be invalid
        raise Usage("which notation to write? A folder's name does not say it: give --to FORMAT")
    target = _target(to, out)
    if json and (out is None or out == "-"):
        raise Usage("the JSON summary goes to stdout: give -o FILE for the records", "--json")
    return target


def _chosen(variant: str | None, board: str | None) -> str | None:
    try:
        return board_variant(variant, board)
    except VariantError as exc:
        raise Usage(str(exc), "--board") from None


def _corrections(value: str | None) -> Corrections:
    try:
        return corrections_value(value)
    except ValueError as exc:
        raise Usage(str(exc), bad_value=True) from None


def _target(to: str | None, out: str | None) -> str:
    """--to, else the notation -o's name says."""
    if to is not None:
        return to
    # Not "Invalid value for --to": the user gave none. A usage error that says what to add.
    if out is None or out == "-":
        raise Usage("which notation to write? Give --to FORMAT, or -o FILE whose name says it (game.sgf)")
    try:
        return formats.detect_output(out)
    except NotationError as exc:
        raise Usage(f"{exc.message}, with --to FORMAT") from None


def run(
    paths: Sequence[str],
    *,
    to: str | None = None,
    out: str | None = None,
    format: str | None = None,
    variant: str | None = None,
    board: str | None = None,
    corrections: str | None = None,
    all_or_nothing: bool = False,
    strict: bool = False,
    json: bool = False,
    progress: bool | None = None,
    jobs: int | None = None,
) -> int:
    """Convert every record of `paths` to `to` (else the notation `out`'s name says), under
    `variant` on `board`, with the rga `corrections` (as typed: 'diagram' or fixes), write them and
    the summary; the exit code. `Usage` for a command line that cannot run (`checked_usage`; a bad
    board or corrections once the inputs are found, as the command has always said it)."""
    target = checked_usage(variant=variant, to=to, out=out, json=json)
    folder = convert_tree.is_folder(out)
    inputs = runs.named_inputs(paths, output_file=None if folder else out)
    tree = convert_tree.Tree(out, inputs, target) if folder and out is not None else None
    if tree is not None:
        tree.refuse_over_inputs()
    chosen, fixes = _chosen(variant, board), _corrections(corrections)
    writer = formats.get(target)
    joins = writer.joins
    together = joins is None and not writer.writes_texts
    each = functools.partial(converted, target, together)
    request = make_request(format, chosen, fixes)
    # Plain games the core judges valid go straight from the judge's reading to the writer, where
    # the target writes games given so and each record is read under its own variant.
    packed = not together and chosen is None and getattr(writer, "writes_packed", False)
    judged = functools.partial(converted_run, target, request) if packed else None
    found = reports(
        inputs.files,
        each,
        jobs=jobs,
        format=format,
        variant=chosen,
        corrections=fixes,
        judged=judged,
        packed=packed,
    )
    done = Conversion(target)
    bar_of_run = records_bar("converting", inputs.files, enabled=progress is not False)
    if tree is not None:
        with bar_of_run as bar, atomic_files(held=all_or_nothing) as files:
            said = convert_tree.Said(functools.partial(_together, done), functools.partial(_unwritten, done))
            convert_tree.write_tree(_convertible(found, done, bar), tree, files, said)
            failed = done.unreadable + done.unwritable + (len(done.warnings) if strict else 0)
            if all_or_nothing and failed:
                files.discard()
                tree.unmade()
        _report(done, out, all_or_nothing and failed > 0, json, tree.written)
        runs.warn_empty(inputs, done.sources)
        return done.exit_code(strict=strict)
    with bar_of_run as bar, _destination(out) as destination:
        stream, keep = destination
        convertible = _convertible(found, done, bar)
        if joins is not None:  # each record's text as it was checked: written once
            _write_joined(convertible, joins, stream)
        elif writer.writes_texts:  # made of those texts: written once too
            writer.write_texts((item.text or "" for item in convertible), stream)
        else:
            _write_together((item.record for item in convertible if item.record is not None), target, stream, done)
        failed = done.unreadable + done.unwritable + (len(done.warnings) if strict else 0)
        keep(done.written > 0 and not (all_or_nothing and failed))
    _report(done, out, all_or_nothing and failed > 0, json)
    runs.warn_empty(inputs, done.sources)
    return done.exit_code(strict=strict)


@attrs.frozen
class Note:
    """A record skipped, or a warning, as the summary names it."""

    source: str | None
    index: int
    line: int | None
    code: str
    message: str
    #: A record skipped: unreadable (it could not be read) or unwritable (the target cannot hold it).
    status: str | None = attrs.field(default=None, metadata=OMIT_IF_DEFAULT)


@attrs.define
class Conversion:
    """What a conversion did: records read, written, skipped (unreadable or unwritable) and warned."""

    to: str
    read: int = 0
    written: int = 0
    unreadable: int = 0
    unwritable: int = 0
    skipped: list[Note] = attrs.field(factory=list)
    warnings: list[Note] = attrs.field(factory=list)
    sources: set[str | None] = attrs.field(factory=set)
    codes: set[str] = attrs.field(factory=set)  # of the warnings of writing each record

    def exit_code(self, *, strict: bool) -> int:
        """Nothing read 5; unreadable input 3 (wins over 1); unwritable (or, strict, warned) 1."""
        if not self.read:
            return output.EXIT_NOTHING
        failed = self.unwritable + (len(self.warnings) if strict else 0)
        return output.exit_code(invalid=failed, unreadable=self.unreadable)


def _write_together(records: Iterator[Record], target: str, stream: TextIO, done: Conversion) -> None:
    """Write the records by the target's writer, which may say more of them together (and refuse
    them together) than of each alone."""
    try:
        _together(done, formats.write(records, target, stream))
    except WriteError as exc:  # a record refused in the company of the others: nothing is written
        raise output.fail(f"cannot write these records as {target}: {exc}", output.EXIT_RULE) from None


def _together(done: Conversion, warnings: list[NotationWarning]) -> None:
    """The warnings of records written together, each code named once (each record's own were
    named as it came)."""
    for warning in warnings:
        if warning.code not in done.codes:
            done.codes.add(warning.code)
            _warn(done, Note(None, 0, None, warning.code, f"{done.to}: {warning.message}"))


def _unwritten(done: Conversion, items: list[convert_tree.Item], code: str, why: str) -> None:
    """Records converted but not written (their file could not be): skipped, as unwritable."""
    lines = [("error", why)]
    for item in items:
        done.written -= 1
        done.unwritable += 1
        note = Note(item.source, item.index, item.line, code, why, "unwritable")
        done.skipped.append(note)
        where = place(note.source, note.index, line=note.line)
        lines.append(("error", f"{where}: error[{code}]: record {note.index} skipped, it was not written"))
    say_on_stderr(lines)


def _write_joined(convertible: Iterator[Converted], joins: str, stream: TextIO) -> None:
    """Write the checked texts of a notation whose collection is its records' texts joined, a few
    hundred records at a time (a write of each costs more than making its text)."""
    pieces: list[str] = []
    for number, item in enumerate(convertible):
        if number and joins:
            pieces.append(joins)
        pieces.append(item.text or "")
        if len(pieces) >= _WRITTEN_TOGETHER:
            stream.write("".join(pieces))
            pieces.clear()
    stream.write("".join(pieces))


#: How many pieces of text `_write_joined` writes at once.
_WRITTEN_TOGETHER = 512


@attrs.frozen
class Converted:
    """What converting one record gave, made where the record is read (in a worker process, with
    --jobs): its notes, the lines they put on stderr, and the record's text in the target (None:
    it is skipped) or the record itself (for a target that writes its records together). `index`
    and `line` say where the record is, for the messages of a file that cannot be written (-o FOLDER)."""

    source: str | None
    index: int
    line: int | None
    warnings: tuple[Note, ...]
    said: tuple[tuple[str, str], ...]
    skipped: tuple[Note, tuple[tuple[str, str], ...], str] | None = None
    carried: tuple[Note, ...] = ()
    text: str | None = None
    record: Record | None = None


def converted(to: str, together: bool, game: Game) -> Converted:
    """A record converted to `to` and checked (`converting.checked`), or why not; the record
    itself too where the target writes its records `together`."""
    source, index = game.source.file, game.source.index
    line = game.record.at.line if game.record.at is not None else game.source.line
    warnings, said = _reading_warnings(game, source, index, line) if game.warnings else ((), ())
    error = game.reading_error
    if error is not None:
        note = Note(source, index, error.line or line, error.code, error.message, "unreadable")
        return Converted(source, index, line, warnings, said, (note, (("error", str(error)),), "it cannot be read"))
    try:
        text, carried = checked(game.record, to, f"record {index} of {source or '<text>'}", valid=_known_valid(game))
    except WriteError as exc:  # one the target cannot hold, or would judge otherwise
        note = Note(source, index, line, exc.code, exc.message, "unwritable")
        return Converted(source, index, line, warnings, said, (note, (), f"{to} cannot hold it: {exc}"))
    notes = tuple(Note(source, index, line, warning.code, f"{to}: {warning.message}") for warning in carried)
    return Converted(
        source, index, line, warnings, said, carried=notes, text=text, record=game.record if together else None
    )


def converted_run(to: str, request: Request, run: Judged) -> list[Converted]:
    """`converted` of each game of a run the core judged valid, each given packed (a judge that is
    `packed`): checked without a record where `converting.checked_packed` can, else read into one."""
    converted_ = []
    source, fmt = run.source, run.format
    for number, verdict in enumerate(run.verdicts, run.first):
        item = _packed(to, source, number, verdict)
        if item is None:
            item = converted(to, False, packed_game(request, source, fmt, number, verdict))
        converted_.append(item)
    return converted_


def _packed(to: str, source: str | None, index: int, verdict: tuple[Any, ...]) -> Converted | None:
    """`converted` of a game the core judged valid, from the game as the judge read it, or None
    where `checked_packed` leaves it to a record."""
    text, first, turns, resigned = verdict[8]
    done = checked_packed(text, (verdict[5], first, turns, resigned), to)
    if done is None:
        return None
    written, carried = done
    line = verdict[0]
    notes = tuple(Note(source, index, line, warning.code, f"{to}: {warning.message}") for warning in carried)
    return Converted(source, index, line, (), (), carried=notes, text=written)


def _known_valid(game: Game) -> bool:
    """Whether the compiled core judged `game` valid under its record's own variant as it was read
    (a `JudgedGame`, whose `verify()` is that verdict): what `converting.checked` would replay it for."""
    if not isinstance(game, JudgedGame):
        return False
    verified = game.verify()
    return verified.valid and verified.variant == game.record.variant


def _reading_warnings(
    game: Game, source: str | None, index: int, line: int | None
) -> tuple[tuple[Note, ...], tuple[tuple[str, str], ...]]:
    """The notes of a record's reading warnings, and the lines they put on stderr."""
    warnings = tuple(Note(source, index, w.line or line, w.code, w.message) for w in game.warnings)
    shown = capped(WarningReport(w.code, w.message, w.line, w.column) for w in game.warnings)
    said = tuple(more_line(source, index, w, more) if more else warning_line(source, index, w) for w, more in shown)
    return warnings, said


def _convertible(found: Iterator[Converted], done: Conversion, bar: RecordsBar | None) -> Iterator[Converted]:
    """The records that can be written in the target, each with its text alone in the target (or,
    for a target that writes them together, the record), as the writer asks for them; the others
    are named (on stderr, and in `done`) and passed over, and so are the reading warnings."""
    for item in found:
        if bar is not None:
            bar.advance(item.source)
        done.read += 1
        done.sources.add(item.source)
        done.warnings.extend(item.warnings)
        if item.said:
            say_on_stderr(list(item.said))
        if item.skipped is not None:
            note, said, why = item.skipped
            if note.status == "unreadable":
                done.unreadable += 1
            else:
                done.unwritable += 1
            _skip(done, note, list(said), why)
            continue
        for note in item.carried:
            done.codes.add(note.code)
            _warn(done, note)
        done.written += 1
        yield item


def _skip(done: Conversion, note: Note, said: list[tuple[str, str]], why: str) -> None:
    """Name a record that is not converted: `said` (its error as read), then where, which and why."""
    done.skipped.append(note)
    where = place(note.source, note.index, line=note.line)
    line = f"{where}: error[{note.code}]: record {note.index} skipped, {why}"
    say_on_stderr([*said, ("error", line)])


def _warn(done: Conversion, note: Note) -> None:
    done.warnings.append(note)
    where = place(note.source, note.index, line=note.line) + ": " if note.source is not None else ""
    say_on_stderr([("warning", f"{where}warning[{note.code}]: {note.message}")])


@contextlib.contextmanager
def _destination(out: str | None) -> Iterator[tuple[TextIO, Any]]:
    """Where the records go, and a function saying whether to keep them: a file replaced in one
    step (or left as it was), or stdout once the conversion is whole (spooled until then)."""
    kept = {"keep": False}

    def keep(value: bool) -> None:
        kept["keep"] = value

    if out is not None and out != "-":
        from catchup_notation.writing import atomic_output

        try:
            with atomic_output(out) as stream:
                yield stream, keep
                if not kept["keep"]:
                    raise _Discard
        except _Discard:
            pass
        return
    with Spool() as spool:
        yield spool, keep  # type: ignore[misc]  # a TextIOBase, written as a TextIO is
        if kept["keep"]:
            spool.deliver(sys.stdout)


class _Discard(Exception):
    """Leave the output file as it was (nothing to write, or --all-or-nothing and a record failed)."""


def _report(done: Conversion, out: str | None, discarded: bool, json: bool, files: list[str] | None = None) -> None:
    """The summary: a line on stderr, and with --json the object on stdout (`files`: those written
    into an output folder)."""
    where = "stdout" if out is None or out == "-" else out
    if files is not None and not discarded:
        where += f" ({len(files)} file{'s' if len(files) != 1 else ''})"
    if discarded:
        said = f"nothing written ({len(done.skipped)} of {done.read} records could not be converted; --all-or-nothing)"
    elif done.written:
        said = f"wrote {done.written} of {done.read} record{'s' if done.read != 1 else ''} as {done.to} to {where}"
    else:
        said = f"nothing written: none of {done.read} records could be converted to {done.to}"
    kinds = ", ".join(
        f"{n} {word}" for word, n in (("unreadable", done.unreadable), ("unwritable", done.unwritable)) if n
    )
    skipped = f"; {len(done.skipped)} skipped ({kinds})" if done.skipped and not discarded else ""
    output.print_lines([("summary", said + skipped)], stderr=True)
    if json:
        from catchup_notation.serialization import to_data

        output.emit_json(
            {
                "to": done.to,
                "output": None if out is None or out == "-" else out,
                "read": done.read,
                "written": 0 if discarded else done.written,
                "skipped": to_data(done.skipped),
                "warnings": to_data(done.warnings),
                **({"files": [] if discarded else files} if files is not None else {}),
            }
        )
