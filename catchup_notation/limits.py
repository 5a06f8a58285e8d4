"""The limits every input is held to, checked before any work that they bound starts.

Real records stay far inside them (Little Golem plays sides 5 and 7, Abstract Play 5 and 6; the
paper's number sets have at most 28 numbers). Past a limit a reader reports a `NotationError`
with code `limit` naming the limit and where it was met (the other records of the input are
still read), and a variant string a `VariantError`: the run never hangs, never exhausts memory
and never dies on one value.
"""

from __future__ import annotations

#: Largest board side (a hexhex board of side 50 has 7,351 cells).
MAX_SIDE = 50
#: Most cells on a board of any shape.
MAX_CELLS = 3 * MAX_SIDE * (MAX_SIDE - 1) + 1
#: Most rows a board of any shape spans, and most cells across (a hexhex board of side 50 spans 99).
MAX_BOARD_SPAN = 4 * MAX_SIDE
#: Most numbers in a number set (the paper's tables stop at 18, exact values here at about 30).
MAX_SET = 1000
#: Largest number in a number set, and largest starting score.
MAX_NUMBER = 10**9
#: Most digits of any integer written in a record (a cell number, SZ, a JSON value): more can only
#: be an error, and Python refuses to convert integers of more than 4,300 digits anyway.
MAX_DIGITS = 18
#: Deepest nesting of JSON arrays and objects (a record needs 4).
MAX_NESTING = 64
#: Most characters of one record's text (a side-50 game fully written takes well under 1 MB;
#: 1e6 turns of a long game under 16 MB).
MAX_RECORD_CHARS = 64 * 1024 * 1024
#: Most characters of one line of JSON Lines (a record a line).
MAX_LINE_CHARS = MAX_RECORD_CHARS
#: Most characters of one line in a notation written a turn or a diagram row a line (Genius, rga,
#: numbers): their writers wrap at 80 columns, and a longer line would only feed the grammar a
#: megabyte of nonsense.
MAX_TEXT_LINE_CHARS = 1 << 20
#: Most turns of one record (a hex board of side 50 fills in 7,351 turns, a number set in 1,000):
#: what bounds a record's memory once read (about 250 bytes a turn), whatever its notation.
MAX_TURNS = 1_000_000

LIMITS = {
    "board side": MAX_SIDE,
    "cells on a board": MAX_CELLS,
    "rows or cells across a board": MAX_BOARD_SPAN,
    "numbers in a number set": MAX_SET,
    "a number in a number set or a starting score": MAX_NUMBER,
    "digits of an integer": MAX_DIGITS,
    "JSON nesting depth": MAX_NESTING,
    "characters of a record": MAX_RECORD_CHARS,
    "characters of a line of JSON Lines": MAX_LINE_CHARS,
    "characters of a line of Genius, rga or numbers": MAX_TEXT_LINE_CHARS,
    "turns of a record": MAX_TURNS,
}


class TooManyDigits(ValueError):
    """An integer longer than `MAX_DIGITS` digits (callers turn it into their own located error)."""


def int_of(text: str, what: str = "number") -> int:
    """`int(text)` for digits read from a file, refusing more than `MAX_DIGITS` digits
    (`TooManyDigits`); anything else that is not an integer is a plain `ValueError`. Only ASCII
    digits count: `int` itself reads `5_0` as 50 and an Arabic-Indic or a full-width five as 5, which
    no file means."""
    if not text.isascii() or "_" in text:
        raise ValueError(f"a {what} is written in the digits 0-9 alone, not {excerpt(text)}")
    if len(text) <= MAX_DIGITS:  # too short to hold too many digits: the usual case, on hot paths
        return int(text)
    digits = text.strip().lstrip("+-")
    if len(digits) > MAX_DIGITS:
        raise TooManyDigits(f"a {what} of {len(digits)} digits is past the limit of {MAX_DIGITS} digits")
    return int(text)


def excerpt(value: object, limit: int = 40) -> str:
    """`repr(value)`, cut to about `limit` characters (a message never repeats a huge input)."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 12]}...({len(text)} characters)"
