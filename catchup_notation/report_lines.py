"""The lines and columns of the reports of `catchup verify` and `catchup adjudicate` made without
the report objects of `reports`: the columns of each command's table (`ROW_FIELDS`), and the line
adjudicate prints of a game the compiled core judged and scored (`judged_adjudication_lines`),
written from the core's numbers, the same line, byte for byte, as its report's. A run whose games
are all such needs no report object, and does not import `reports` at all (start-up time).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from catchup_notation.reading.fastpath import plain_scoring

if TYPE_CHECKING:
    from catchup_notation.reading.fastpath import Verdict
    from catchup_notation.rules.plainscore import CascadeScoring

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
    its text line), without making the report: from the core's numbers, worded as the engine words
    them (`reading.fastpath.plain_scoring`); None for another `mode` (CSV). What it makes gives
    None for a game whose variant only its engine can score: then the report is made."""
    if mode not in ("json", "text"):
        return None
    from json.encoder import encode_basestring as spelt  # how `json.dumps` spells a string, as reports are written

    head = f'{{"source": {"null" if source is None else spelt(source)}, "index": '
    where = f"{source or '<text>'}:"
    written = spelt(format)

    known: dict[str, tuple[CascadeScoring, str] | None] = {}

    def line(index: int, verdict: Verdict) -> JudgedLine | None:
        at_line, column, white, black, turns, variant, final, _ = verdict
        if variant not in known:
            found = plain_scoring(variant)
            known[variant] = (found, spelt(variant)) if found is not None else None
        scoring = known[variant]
        if scoring is None or final is None:
            return None
        first, second, score_1, score_2, *_ = final
        count_1, count_2 = len(first), len(second)  # `_written` of each, spelt out: it is asked for every game
        sizes = (
            _NUMBERS[count_1] % first if count_1 < 64 else _written(first),
            _NUMBERS[count_2] % second if count_2 < 64 else _written(second),
        )
        status, winner, draw, reason, decided_at, decided_by, words = scoring[0].scored(
            white, black, turns, sizes, final
        )
        if mode == "text":
            return status, f"{where}{at_line}:{column or 1}: {words}"
        return status, (
            f'{head}{index}, "line": {at_line}, "format": {written}, "variant": {scoring[1]}, '
            f'"players": [{"null" if white is None else spelt(white)}, {"null" if black is None else spelt(black)}], '
            f'"turns": {turns}, "warnings": [], "error": null, "status": "{status}", '
            f'"winner": {"null" if winner is None else winner}, "draw": {"true" if draw else "false"}, '
            f'"reason": "{reason}", "groups": [[{sizes[0]}], [{sizes[1]}]], '
            f'"decided_at": {"null" if decided_at is None else decided_at}, '
            f'"decided_by": {"null" if decided_by is None else spelt(decided_by)}, "scores": [{score_1}, {score_2}], '
            f'"explanation": {spelt(words)}}}'
        )

    return line


#: How a list of so many numbers is written inside a JSON line ("%d, %d"), for the lengths met most.
_NUMBERS = [", ".join(["%d"] * count) for count in range(64)]


def _written(numbers: tuple[int, ...]) -> str:
    """`numbers` as a JSON line writes them inside a list: "21, 4, 2"."""
    return _NUMBERS[len(numbers)] % numbers if len(numbers) < len(_NUMBERS) else ", ".join(map(str, numbers))
