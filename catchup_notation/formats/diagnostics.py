"""Turn Lark's exceptions into `NotationError`s people can act on.

Lark names terminals by their grammar names (or `__ANON_3` for inline patterns); users must see
plain words instead, so every grammar passes a table of words for its terminals and anything
still unnamed becomes "something else".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from catchup_notation.errors import NotationError

if TYPE_CHECKING:
    from lark.exceptions import UnexpectedInput

# Words for terminals that Lark names itself when a grammar uses a literal string.
_COMMON_WORDS = {
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "SEMICOLON": "';'",
    "COMMA": "','",
    "DOT": "'.'",
    "COLON": "':'",
    "EQUAL": "'='",
    "LESSTHAN": "'<'",
    "MORETHAN": "'>'",
    "NEWLINE": "a line break",
    "_NL": "a line break",
    "$END": "the end of the text",
}


def describe_terminals(names: set[str] | frozenset[str], words: Mapping[str, str]) -> str:
    """A readable 'one of ...' phrase for a set of expected terminal names."""
    phrases = sorted({words.get(n) or _COMMON_WORDS.get(n) or _fallback(n) for n in names})
    if not phrases:
        return "nothing more"
    if len(phrases) == 1:
        return phrases[0]
    return ", ".join(phrases[:-1]) + " or " + phrases[-1]


def _fallback(name: str) -> str:
    if name.startswith("__") or name.startswith("_"):
        return "something else"
    return name.lower().replace("_", " ")


def line_of(text: str, line: int) -> str:
    """Line `line` (1-based) of `text`, or "" past its end."""
    lines = text.split("\n")
    return lines[line - 1] if 0 < line <= len(lines) else ""


def syntax_error(
    exc: UnexpectedInput,
    text: str,
    *,
    source: str | None,
    words: Mapping[str, str],
    what: str = "record",
    line_offset: int = 0,
    column_offset: int = 0,
) -> NotationError:
    """A `NotationError` for a Lark parse failure, with the offending line and a caret.

    `line_offset` is added to Lark's line when `text` is a slice of a larger file, and
    `column_offset` to columns of its first line when it starts in the middle of a line.
    """
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    line = getattr(exc, "line", None) or 1
    column = getattr(exc, "column", None) or 1
    if isinstance(exc, UnexpectedCharacters):
        found = repr(text.split("\n")[line - 1][column - 1 : column]) if line_of(text, line) else "a character"
        expected = describe_terminals(set(exc.allowed or ()), words)
        message = f"unexpected {found} in the {what}; expected {expected}"
    elif isinstance(exc, UnexpectedToken):
        token = exc.token
        expected = describe_terminals(set(exc.expected or ()), words)
        if token.type == "$END":
            message = f"the {what} ends too early; expected {expected}"
        else:
            message = f"unexpected {str(token)!r} in the {what}; expected {expected}"
    elif isinstance(exc, UnexpectedEOF):
        expected = describe_terminals(set(exc.expected or ()), words)
        message = f"the {what} ends too early; expected {expected}"
        lines = text.split("\n")
        line, column = len(lines), len(lines[-1]) + 1
    else:  # pragma: no cover - Lark has no other UnexpectedInput subclasses today
        message = f"cannot read the {what}"
    shift = column_offset if line == 1 else 0
    return NotationError(
        message,
        source=source,
        line=line + line_offset,
        column=column + shift,
        text=line_of(text, line),
        text_column=1 + shift,
    )
