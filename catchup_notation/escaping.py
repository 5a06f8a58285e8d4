"""Text that cannot lie on a terminal: control characters shown as escapes.

A record's names, comments and text go into messages, reports and pictures. Written out as they
are, an escape sequence in a player's name could clear the screen and print anything, a line
break could forge a report line, a right-to-left override could turn a message around, and in an
SVG picture a control character makes the file ill-formed XML. Every text path of the command line
writes through `printable_lines` (cli/output.py's line writer), error messages escape their parts
(errors.py), and the pictures their words (render/). JSON output needs none of it: `json.dumps`
escapes control characters itself.
"""

from __future__ import annotations

import re

# C0 and C1 control characters (but the tab), DEL, the line and paragraph separators and the
# bidirectional formatting characters.
_UNSAFE = "\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
_CONTROL = re.compile(f"[{_UNSAFE}]")
_CONTROL_BUT_NEWLINE = re.compile(f"[{_UNSAFE.replace(chr(0x0A) + '-', chr(0x0B) + '-')}]")


_NAMED = {"\n": "\\n", "\r": "\\r"}


def _escape(found: re.Match[str]) -> str:
    char = found.group()
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def printable(text: str) -> str:
    """`text` with every control character, line break included, as an escape (`\\x1b`, `\\n`,
    `\\u202e`)."""
    return text if _CONTROL.search(text) is None else _CONTROL.sub(_escape, text)


def printable_lines(text: str) -> str:
    """`printable`, but line breaks stay: for text whose line breaks are its own (a message with
    its excerpt and caret under it); what it quotes must have been made `printable` first."""
    return text if _CONTROL_BUT_NEWLINE.search(text) is None else _CONTROL_BUT_NEWLINE.sub(_escape, text)
