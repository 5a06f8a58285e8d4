"""Converting records between notations without changing what the rules say of them.

A notation that cannot carry something (turn order, passes, the variant) may change a record on
the way, and a changed record may be judged differently: a game with two turns of one player in a
row written where such turns merge would become legal. `faithfully` writes a record, reads it back
as a user of that notation would and replays both; when the verdicts differ it refuses with a
`WriteError` naming the rule, the same way for every notation.
"""

from __future__ import annotations

from catchup_notation import formats
from catchup_notation.errors import CatchupError, WriteError
from catchup_notation.formats.base import NotationWarning
from catchup_notation.model import Record
from catchup_notation.rules.replay import replay


def verdict(record: Record) -> tuple[str, int] | None:
    """(rule code, turn) of the first broken rule of `record` under its own variant, None when
    every turn is legal."""
    played = replay(record)
    return None if played.error is None else (played.error.code, played.error.turn)


def faithfully(record: Record, format: str, where: str = "the record") -> list[NotationWarning]:
    """Check that `record` written in `format` is judged as it is; its writing warnings.

    Raises `WriteError` (code `changes-verdict`) when the rules would judge the written record
    otherwise (an invalid record made valid, or the other way round), or when it would not read
    back at all.
    """
    text, warnings = formats.write_text([record], format)
    variant = None if "variant" in formats.get(format).carries else record.variant
    items = list(formats.parse_text(text, format=format, variant=variant))
    if len(items) != 1 or items[0].record is None:
        problem = items[0].error if items and items[0].error is not None else "it holds no record"
        raise WriteError(f"written as {format}, {where} does not read back ({problem})", code="changes-verdict")
    before, after = _judged(record), _judged(items[0].record)
    if before != after:
        raise WriteError(
            f"{where} is {_words(before)}; written as {format} it would be {_words(after)}, "
            f"so it is not converted ({', '.join(sorted({w.code for w in warnings})) or 'nothing said'})",
            code="changes-verdict",
        )
    return warnings


def _judged(record: Record) -> tuple[str, int] | str | None:
    try:
        return verdict(record)
    except CatchupError as exc:  # the variant cannot apply (a size the notation got wrong)
        return f"not judged ({exc.message})"


def _words(judged: tuple[str, int] | str | None) -> str:
    if judged is None:
        return "valid"
    if isinstance(judged, str):
        return judged
    code, turn = judged
    return f"invalid at turn {turn} ({code})"
