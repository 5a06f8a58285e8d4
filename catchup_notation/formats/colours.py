"""The colour mark of a stone in the text notations: `E5=w` is a White stone at E5.

A cell written plainly holds a stone of the mover's own colour. In the variants where a player
may place either colour (too, product), a stone of the other colour is written with `=` and the
initial of its colour name (`b`/`w` for Black/White, `r`/`b` for Red/Blue), lower case when
written, either case when read. What a letter means depends on the variant's colour names, so a
reader needs the variant it reads under.
"""

from __future__ import annotations

from collections.abc import Iterable

from catchup_notation.formats.base import NotationWarning
from catchup_notation.rules.marks import colour_initials, colour_mark, colour_of_mark, unknown_mark_message
from catchup_notation.rules.registry import VariantSpec

__all__ = [
    "UNEXPECTED_MARK",
    "colour_initials",
    "colour_mark",
    "colour_of_mark",
    "mark_warning_due",
    "unexpected_mark_message",
    "unknown_mark_message",
]


#: Warning code for colour marks read under a variant where a player places only their own colour.
UNEXPECTED_MARK = "unexpected-colour-mark"


def unexpected_mark_message(spec: VariantSpec) -> str:
    """A mark means a colour only by the variant it is read under, and a file that names no variant
    (LG, Genius) is read as catchup unless told otherwise: say so, once a record."""
    return (
        f"this record has colour marks, which only variants where a player may place either colour use "
        f"(too, product); read under {spec.name}, each mark was taken as one of its colours "
        f"({spec.colours[0]}, {spec.colours[1]}). If it is a too or product record, read it with --variant"
    )


def mark_warning_due(spec: VariantSpec, warnings: Iterable[NotationWarning]) -> bool:
    """Whether a mark read now should bring the unexpected-colour-mark warning: under a variant
    without a choice of colour, and only once a record (`warnings` are the record's so far)."""
    return not spec.either_colour and all(w.code != UNEXPECTED_MARK for w in warnings)
