"""The library's docstrings are written as plain text with `code` in backticks (as markdown would);
these few conversions let reStructuredText, which autodoc reads, show them as written."""

from __future__ import annotations

from typing import Any


def plain_docstring(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """Rewrite `lines` in place: glued backticks, literal `|`, and indented code after a blank line
    (an example) as a code block."""
    converted: list[str] = []
    previous = ""
    for line in lines:
        line = _inline(line)
        starts_code = line.startswith("    ") and not previous.strip() and converted and _text(converted)
        if starts_code:
            converted += [".. code-block:: python", ""]
        converted.append(line)
        previous = line
    lines[:] = converted


def _text(converted: list[str]) -> bool:
    """Whether the last non-blank line so far is unindented prose (not a list item's or a block's)."""
    last = next((line for line in reversed(converted) if line.strip()), "")
    return not last.startswith(" ") and not last.startswith(("- ", "* ", ".. "))


def _inline(line: str) -> str:
    """Outside backticks `|` is literal text (not a substitution), and text glued to a closing
    backtick (`Game`s) is parted from it by an escaped space, as reStructuredText needs."""
    parts = line.split("`")
    for i in range(0, len(parts), 2):  # the text between code
        parts[i] = parts[i].replace("|", "\\|")
        if i and parts[i][:1].isalnum():  # parts[i - 1] was code, closed just before
            parts[i] = "\\ " + parts[i]
    return "`".join(parts)
