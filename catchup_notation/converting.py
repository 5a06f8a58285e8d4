"""Converting records between notations without changing what the rules say of them.

A notation that cannot carry something (turn order, passes, the variant) may change a record on
the way, and a changed record may be judged differently: a game with two turns of one player in a
row written where such turns merge would become legal. `faithfully` writes a record, reads it back
as a user of that notation would and compares the two; when the verdicts differ it refuses with a
`WriteError` naming the rule, the same way for every notation.

A verdict is a function of the variant and the turns alone (the players' names only colour its
message), so a record that reads back with both unchanged is judged as it was without replaying
either: most records of most conversions. Whether a turn is legal does not depend on the order its
stones are listed in (only which broken rule is named first may), so a record read back with only
that order changed (Abstract Play lists them sorted) is replayed once, and its copy too only when
it is invalid. The others are replayed, both of them. `checked`
gives the text it read back, for a notation whose collections are that text joined (`Format.joins`)
to write as it is: each record is written once.

A plain Little Golem game the compiled core judged valid as it read it is checked without a
record at all where the notation writes and reads games given packed (`checked_packed`: lg).

A record whose reader kept its turns compactly (Little Golem's plain path: `formats.base.plain_of`)
is written from those, and a notation with a direct reader of its own writing
(`Format.plain_turns`: lg, json, abstractplay) reads the text back into the same compact turns,
compared as above without a record or a Turn object being made; where the direct reader cannot
tell (anything but what its writer writes of plain turns), the notation's reader reads the text.
"""

from __future__ import annotations

from catchup_notation import formats
from catchup_notation.board import Cell
from catchup_notation.errors import CatchupError, WriteError
from catchup_notation.formats.base import NotationWarning, PackedGame, plain_of
from catchup_notation.formats.lg.plain import game_headers
from catchup_notation.model import Record, Turn
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
    return checked(record, format, where)[1]


def checked(
    record: Record, format: str, where: str = "the record", *, valid: bool = False
) -> tuple[str, list[NotationWarning]]:
    """`faithfully`, and the text of `record` alone in `format` that was checked. `valid`: the
    record is known to be valid under its own variant (the compiled core judged it so as it was
    read), so it is not judged again where the check needs its verdict."""
    text, warnings = formats.write_text([record], format)
    variant = None if "variant" in formats.get(format).carries else record.variant
    before: tuple[str, int] | str | None = None if valid else _UNJUDGED
    alike = _directly_alike(record, format, text, variant)
    if alike is _SAME:
        return text, warnings
    if alike is _REORDERED:
        if before is _UNJUDGED:
            before = _judged(record)
        if before is None:  # valid whatever the order of each turn's stones
            return text, warnings
    items = list(formats.parse_text(text, format=format, variant=variant))
    if len(items) != 1 or items[0].record is None:
        problem = items[0].error if items and items[0].error is not None else "it holds no record"
        raise WriteError(f"written as {format}, {where} does not read back ({problem})", code="changes-verdict")
    back = items[0].record
    alike = _alike(record, back)
    if alike is _SAME:
        return text, warnings
    if before is _UNJUDGED:
        before = _judged(record)
    if alike is _REORDERED and before is None:  # valid whatever the order of each turn's stones
        return text, warnings
    after = _judged(back)
    if before != after:
        raise WriteError(
            f"{where} is {_words(before)}; written as {format} it would be {_words(after)}, "
            f"so it is not converted ({', '.join(sorted({w.code for w in warnings})) or 'nothing said'})",
            code="changes-verdict",
        )
    return text, warnings


def checked_packed(text: str, game: PackedGame, format: str) -> tuple[str, list[NotationWarning]] | None:
    """`checked` of a plain Little Golem game (`text`) the compiled core judged valid under its own
    variant, given as the core read it (`PackedGame`; its headers read from its root): written from its packed turns
    (`Format.write_packed`) and read back into packed turns by the notation's direct reader
    (`Format.read_packed`). The same variant, turns and resignation read back: the rules judge it
    as they did, so it is converted; the text and its warnings are what `checked` gives of the
    record reading the game gives. None where the notation writes it only from a record, or it
    reads back otherwise: the caller reads the game into a record and `checked` decides (and
    words what went wrong)."""
    notation = formats.get(format)
    headers = game_headers(text)
    if headers is None:
        return None
    try:
        written = notation.write_packed(game, headers)
    except WriteError:  # said in the usual way, of the record
        return None
    if written is None:
        return None
    text, warnings = written
    back = notation.read_packed(text, None if "variant" in notation.carries else game[0])
    return (text, warnings) if back == game else None


_SAME, _REORDERED, _OTHER = "same", "reordered", "other"
_UNJUDGED = "not judged yet"


def _directly_alike(record: Record, format: str, text: str, variant: str | None) -> str | None:
    """`_alike` of a record of plain turns (`plain_of`) and what the notation's direct reader of
    its own writing (`Format.plain_turns`) reads of `text`; None where either is not so."""
    plain = plain_of(record)
    direct = getattr(formats.get(format), "plain_turns", None)
    back = direct(text, variant) if plain is not None and direct is not None else None
    if back is None or plain is None or back[:2] != (record.variant, plain[0]):
        return None if back is None else _OTHER
    return _SAME if back[2] == plain[1] else _REORDERED if _same_stones(back[2], plain[1]) else _OTHER


def _alike(record: Record, back: Record) -> str:
    """`_SAME` where the rules see the same game in both (the same variant and turns: what
    `verdict` reads), `_REORDERED` where only the order of some turn's stones differs, else
    `_OTHER`. Comparing them costs a small part of replaying the two."""
    if record.variant != back.variant:
        return _OTHER
    turns, others = record.turns, back.turns
    if turns == others:
        return _SAME
    if len(turns) != len(others):
        return _OTHER
    for turn, other in zip(turns, others, strict=True):
        if turn != other and _stones(turn) != _stones(other):
            return _OTHER
    return _REORDERED


def _same_stones(turns: list[tuple[Cell, ...]], others: list[tuple[Cell, ...]]) -> bool:
    """Whether plain turns (`plain_of`) place the same stones turn by turn, in any order."""
    return len(turns) == len(others) and all(
        turn == other or sorted(turn) == sorted(other) for turn, other in zip(turns, others, strict=True)
    )


def _stones(turn: Turn) -> tuple[object, ...]:
    """What the rules read of a turn, its stones in a fixed order (with their colours)."""
    return turn.player, sorted(zip(turn.cells, turn.stone_colours, strict=True)), turn.numbers


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
