"""The colour marks of a stone in a turn's text: `E5=w` is a White stone at E5.

A mark is the initial of a colour's name under the variant (`b`/`w` for Black/White, `r`/`b` for
Red/Blue): the rules engines read marks in turns typed as text (`engine.play("E5=w")`) and the
text notations read and write them the same way (`catchup_notation.formats.colours`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from catchup_notation.rules.registry import VariantSpec


def colour_initials(spec: VariantSpec) -> tuple[str, str]:
    """The marks of colour 1 and colour 2 (lower-case initials of the colour names)."""
    return spec.colours[0][0].lower(), spec.colours[1][0].lower()


def colour_of_mark(spec: VariantSpec, letter: str) -> int | None:
    """The colour (1 or 2) a mark letter names under `spec`, or None if it names neither."""
    letter = letter.lower()
    initials = colour_initials(spec)
    return initials.index(letter) + 1 if letter in initials else None


def colour_mark(spec: VariantSpec, colour: int) -> str:
    """`=w`: what follows a cell whose stone is not the mover's colour."""
    return "=" + colour_initials(spec)[colour - 1]


def unknown_mark_message(spec: VariantSpec, letter: str) -> str:
    """Why `=letter` names no stone colour of the variant, and what would."""
    first, second = colour_initials(spec)
    return (
        f"={letter} is not a stone colour of {spec.name} "
        f"(its colours: ={first} for {spec.colours[0]}, ={second} for {spec.colours[1]})"
    )
