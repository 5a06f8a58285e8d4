"""The lines and columns of the reports of `catchup verify` and `catchup adjudicate` made without
the report objects of `reports`: the columns of each command's table (`ROW_FIELDS`) and how a row
is written as a CSV line (`csv_line`), and the line adjudicate prints of a game the compiled core
judged and scored (`judged_adjudication_lines`), written from the core's numbers, the same line,
byte for byte, as its report's. A run whose games are all such needs no report object, and does
not import `reports` at all (start-up time).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from catchup_notation.reading.fastpath import plain_scoring

if TYPE_CHECKING:
    from catchup_notation.reading.fastpath import Verdict
    from catchup_notation.rules.plainscore import CascadeScoring

#: A value of a table row: what a CSV cell or a data frame column holds.
RowValue = str | int | float | bool | None

#: The columns of `adjudicate --estimate`'s verdict in a table.
ESTIMATE_FIELDS = ("estimate_exact", "estimate_winner", "estimate_chance_1", "estimate_low_1", "estimate_high_1")

#: The columns every record report's table begins with (`reports._common_row`'s keys).
COMMON_FIELDS = (
    "source",
    "index",
    "line",
    "format",
    "variant",
    "player_1",
    "player_2",
    "turns",
    "error_code",
    "error_turn",
    "error_player",
    "error_line",
    "error_column",
    "error_message",
    "warning_count",
    "warning_codes",
)
#: The columns of each command's table (`to_row()`'s keys, in order), for csv.DictWriter.
ROW_FIELDS: dict[str, tuple[str, ...]] = {
    "verify": (*COMMON_FIELDS, "status", "valid", "accepted_by"),
    "adjudicate": (
        *COMMON_FIELDS,
        "valid",
        "status",
        "winner",
        "winner_name",
        "draw",
        "reason",
        "decided_by",
        "decided_at",
        "decisive_groups_1",
        "decisive_groups_2",
        "score_1",
        "score_2",
        "explanation",
        "endgame_solved",
        "endgame_winner",
        "endgame_draw",
        *ESTIMATE_FIELDS,
    ),
}


#: What a judged adjudication's line is made of: its status and its line (a JSON line, or the
#: text line of the verdict).
JudgedLine = tuple[str, str]


def judged_adjudication_lines(
    source: str | None, format: str, mode: str
) -> Callable[[int, Verdict], JudgedLine | None] | None:
    """What makes the line of `judged_adjudication_report`'s report of a game the compiled core
    judged and scored, as the run prints it in `mode` ("json": the report's JSON line, "text":
    its text line, "csv": the CSV line of its row), without making the report: from the core's
    numbers, worded as the engine words them (`reading.fastpath.plain_scoring`). What it makes
    gives None for a game whose variant only its engine can score: then the report is made."""
    if mode == "csv":
        return _judged_csv_lines(source, format)
    from json.encoder import encode_basestring as spelt  # how `json.dumps` spells a string, as reports are written

    head = f'{{"source": {"null" if source is None else spelt(source)}, "index": '
    where = f"{source or '<text>'}:"
    written = spelt(format)
    scoring_of = _scorings(spelt)

    def line(index: int, verdict: Verdict) -> JudgedLine | None:
        scored = _scored(verdict, scoring_of)
        if scored is None:
            return None
        variant, sizes, final, status, winner, draw, reason, decided_at, decided_by, words = scored
        at_line, column, white, black, turns, _, _, _ = verdict
        if mode == "text":
            return status, f"{where}{at_line}:{column or 1}: {words}"
        score_1, score_2 = final[2], final[3]
        return status, (
            f'{head}{index}, "line": {at_line}, "format": {written}, "variant": {variant}, '
            f'"players": [{"null" if white is None else spelt(white)}, {"null" if black is None else spelt(black)}], '
            f'"turns": {turns}, "warnings": [], "error": null, "status": "{status}", '
            f'"winner": {"null" if winner is None else winner}, "draw": {"true" if draw else "false"}, '
            f'"reason": "{reason}", "groups": [[{sizes[0]}], [{sizes[1]}]], '
            f'"decided_at": {"null" if decided_at is None else decided_at}, '
            f'"decided_by": {"null" if decided_by is None else spelt(decided_by)}, "scores": [{score_1}, {score_2}], '
            f'"explanation": {spelt(words)}}}'
        )

    return line


def judged_verify_lines(
    source: str | None, format: str, mode: str
) -> Callable[[int, Verdict], JudgedLine | None] | None:
    """What makes the line of `judged_verify_report`'s report of a game the compiled core judged
    valid, as the run prints it in `mode` ("json": the report's JSON line, "text": its text line),
    without making the report (nor its JSON by the converter, whose import is start-up time);
    None for another `mode` (CSV: the report is made)."""
    if mode == "text":
        return _judged_verify_text(source)
    if mode != "json":
        return None
    from json.encoder import encode_basestring as spelt  # how `json.dumps` spells a string, as reports are written

    head = f'{{"source": {"null" if source is None else spelt(source)}, "index": '
    written = spelt(format)
    variants: dict[str, str] = {}

    def line(index: int, verdict: Verdict) -> JudgedLine:
        at_line, _, white, black, turns, variant, _, accepted = verdict
        if variant not in variants:
            variants[variant] = spelt(variant)
        accepted_by = "" if accepted is None else f', "accepted_by": [{", ".join(map(spelt, accepted))}]'
        return "valid", (
            f'{head}{index}, "line": {at_line}, "format": {written}, "variant": {variants[variant]}, '
            f'"players": [{"null" if white is None else spelt(white)}, {"null" if black is None else spelt(black)}], '
            f'"turns": {turns}, "warnings": [], "error": null, "status": "valid", "valid": true{accepted_by}}}'
        )

    return line


def _judged_verify_text(source: str | None) -> Callable[[int, Verdict], JudgedLine]:
    """`judged_verify_lines` in text: `VerifyReport.lines()`'s line of a valid game."""
    where = f"{source or '<text>'}:"

    def line(index: int, verdict: Verdict) -> JudgedLine:
        at_line, column, _, _, turns, variant, _, accepted = verdict
        also = f"; accepted by {', '.join(accepted)}" if accepted else ""
        return (
            "valid",
            f"{where}{at_line}:{column or 1}: ok: {turns} turn{'s' if turns != 1 else ''} under {variant}{also}",
        )

    return line


def _judged_csv_lines(source: str | None, format: str) -> Callable[[int, Verdict], JudgedLine | None]:
    """`judged_adjudication_lines` in CSV: the line `csv_line` writes of the report's row (`to_row`:
    no error, no warning, no endgame, no estimate), cell by cell."""
    head = f"{csv_cell(source)},"
    written = csv_cell(format)
    scoring_of = _scorings(csv_cell)

    def line(index: int, verdict: Verdict) -> JudgedLine | None:
        scored = _scored(verdict, scoring_of)
        if scored is None:
            return None
        variant, _, final, status, winner, draw, reason, decided_at, decided_by, words = scored
        at_line, _, white, black, turns, _, _, _ = verdict
        first, second, score_1, score_2, *_ = final
        names = (csv_cell(white), csv_cell(black))
        stop = None if decided_at is None else decided_at + 1  # `reports.decisive_groups`
        return status, (
            f"{head}{index},{at_line},{written},{variant},{names[0]},{names[1]},{turns},,,,,,,0,,"
            f"{status not in ('invalid', 'unreadable')},{csv_cell(status)},{'' if winner is None else winner},"
            f"{names[winner - 1] if winner in (1, 2) else ''},{draw},{csv_cell(reason)},{csv_cell(decided_by)},"
            f"{'' if decided_at is None else decided_at},{' '.join(map(str, first[:stop]))},"
            f"{' '.join(map(str, second[:stop]))},{score_1},{score_2},{csv_cell(words)},,,,,,,,"
        )

    return line


def _scored(verdict: Verdict, scoring_of: Callable[[str], tuple[CascadeScoring, str] | None]) -> tuple[Any, ...] | None:
    """What every line of a judged adjudication says of its game: (the variant as the line writes
    it, each colour's group sizes written out, the final position, then `CascadeScoring.scored`'s
    status, winner, draw, reason, deciding place, deciding words and explanation); None where the
    engine must score it (its variant's rule, or no final position): then the report is made."""
    _, _, white, black, turns, variant, final, _ = verdict
    scoring = scoring_of(variant)
    if scoring is None or final is None:
        return None
    sizes = _sizes(final[0], final[1])
    return (scoring[1], sizes, final, *scoring[0].scored(white, black, turns, sizes, final))


def _scorings(written: Callable[[str], str]) -> Callable[[str], tuple[CascadeScoring, str] | None]:
    """What scores each variant's games from the core's numbers (`plain_scoring`) and the variant
    as a line writes it (`written`), asked once a variant; None for a variant its engine scores."""
    known: dict[str, tuple[CascadeScoring, str] | None] = {}

    def scoring_of(variant: str) -> tuple[CascadeScoring, str] | None:
        if variant not in known:
            found = plain_scoring(variant)
            known[variant] = (found, written(variant)) if found is not None else None
        return known[variant]

    return scoring_of


def _sizes(first: tuple[int, ...], second: tuple[int, ...]) -> tuple[str, str]:
    """Each colour's group sizes written "21, 4, 2" (`_written` of each, spelt out: it is asked for
    every game)."""
    count_1, count_2 = len(first), len(second)
    return (
        _NUMBERS[count_1] % first if count_1 < 64 else _written(first),
        _NUMBERS[count_2] % second if count_2 < 64 else _written(second),
    )


#: Characters that make a spreadsheet read a cell as a formula: text starting with one, after any
#: spaces, is written with a leading apostrophe (the usual guard), so that a name in a record runs
#: nothing. Each line of a text is guarded so (a reader that splits a quoted field at its line
#: breaks makes each line a cell of its own).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_LINE_BREAK = re.compile(r"(\r\n|\r|\n)")


def _guarded(value: RowValue) -> RowValue:
    if not isinstance(value, str):
        return value
    pieces = _LINE_BREAK.split(value)
    for i in range(0, len(pieces), 2):  # the lines (the breaks are the odd pieces)
        if pieces[i].lstrip(" ").startswith(_FORMULA_START):
            pieces[i] = "'" + pieces[i]
    return "".join(pieces)


def csv_line(row: dict[str, RowValue], fields: Sequence[str]) -> str:
    """One CSV line (no line end) of a report's row, in the order of `fields`; a field holding a
    line break is quoted (a "line" of CSV may so span several lines of text)."""
    return _csv_row([_guarded(row.get(name)) for name in fields])


#: What makes the writer quote a cell: the delimiter, the quote, a character of the line end.
_QUOTED = re.compile(r'[,"\r\n]')


def csv_cell(value: str | None) -> str:
    """A text (None: nothing) as `csv_line` writes it as a cell of a row of several: guarded,
    quoted where the writer quotes it."""
    if value is None:
        return ""
    if _QUOTED.search(value) is None and not value.lstrip(" ").startswith(_FORMULA_START):
        return value
    return _csv_row([_guarded(value), None])[:-1]  # a row of one cell writes an empty one quoted


def csv_header(fields: Sequence[str]) -> str:
    """The CSV header line (no line end)."""
    return _csv_row(list(fields))


def _csv_row(values: Sequence[object]) -> str:
    import csv  # CSV reports only (start-up time)

    out = io.StringIO()
    # The writer quotes a field holding any character of its line terminator: so "\r\n", cut off after.
    csv.writer(out, lineterminator="\r\n").writerow(values)
    return out.getvalue()[:-2]


#: How a list of so many numbers is written inside a JSON line ("%d, %d"), for the lengths met most.
_NUMBERS = [", ".join(["%d"] * count) for count in range(64)]


def _written(numbers: tuple[int, ...]) -> str:
    """`numbers` as a JSON line writes them inside a list: "21, 4, 2"."""
    return _NUMBERS[len(numbers)] % numbers if len(numbers) < len(_NUMBERS) else ", ".join(map(str, numbers))
