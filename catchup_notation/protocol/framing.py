"""The engine protocol's framing, in the style of GTP version 2: commands in, replies out.

A command is one line, `[id] name [arguments]`; the id, where given, is a non-negative integer
that the reply repeats. Before a line is read, control characters other than tab and line feed
are dropped, tabs become spaces and everything from `#` on is a comment; a line left empty is no
command at all. A reply is `=[id] result` or `?[id] message`, then one empty line; a result of
several lines goes on after the first, and since an empty line ends a reply, none is ever written
inside one (an empty line of a result is sent as a single space).
"""

from __future__ import annotations

import attrs

#: The most characters of a command line the server reads (a whole side-13 turn takes a few dozen;
#: a longer line is refused as a whole, never half read).
MAX_LINE = 64 * 1024


@attrs.frozen
class Command:
    """One command as read: its id (None where the line gave none), name and arguments."""

    #: The id the reply repeats, or None.
    id: int | None
    #: The command's name, as written (names are case-sensitive, as in GTP).
    name: str
    #: The words after the name.
    args: tuple[str, ...] = ()


def clean(line: str) -> str:
    """A line as the protocol reads it: control characters but tab dropped, tabs as spaces, the
    comment cut off, surrounding space removed."""
    kept = "".join(ch if ch != "\t" else " " for ch in line if ch == "\t" or not _control(ch))
    return kept.partition("#")[0].strip()


def _control(ch: str) -> bool:
    code = ord(ch)
    return code < 32 or code == 127


def parse(line: str) -> Command | None:
    """The command a line holds, None for an empty line or a comment. A first word of digits is
    the id; a line with an id and nothing after it is a command with an empty name, which the
    server refuses (with the id)."""
    words = clean(line).split()
    if not words:
        return None
    ident: int | None = None
    if words[0].isascii() and words[0].isdigit():
        ident = int(words[0]) if len(words[0]) <= 18 else None
        words = words[1:]
    if not words:
        return Command(ident, "")
    return Command(ident, words[0], tuple(words[1:]))


def success(ident: int | None, result: str = "") -> str:
    """A success reply, with the empty line that ends it."""
    return _reply("=", ident, result)


def failure(ident: int | None, message: str) -> str:
    """A failure reply, with the empty line that ends it."""
    return _reply("?", ident, message)


def _reply(mark: str, ident: int | None, text: str) -> str:
    head = mark if ident is None else f"{mark}{ident}"
    lines = [line.rstrip() or " " for line in text.split("\n")] if text else [""]
    first = f"{head} {lines[0]}".rstrip() if lines[0].strip() else head
    return "\n".join([first, *lines[1:]]) + "\n\n"


def header(ident: int | None) -> str:
    """The first line of a success reply whose result streams (an analysis), without its end."""
    return ("=" if ident is None else f"={ident}") + "\n"


def single_line(text: str) -> str:
    """A message made fit for one line of a reply (a rule's message is one line already)."""
    return " ".join(text.split())


class Refused(Exception):
    """A command the server answers with `?` and the message: it changed nothing."""

    @property
    def message(self) -> str:
        """The failure message, on one line."""
        return single_line(str(self.args[0])) if self.args else "refused"


def seconds(word: str) -> float:
    """An argument that is a number of seconds (0 or more)."""
    try:
        value = float(word)
    except ValueError:
        raise Refused(f"expected a number of seconds, not {word!r}") from None
    if not 0 <= value < 1e9:  # also refuses nan and inf
        raise Refused(f"seconds from 0 up, not {word!r}")
    return value


def count(word: str) -> int:
    """An argument that is a whole number (0 or more)."""
    if not word.isascii() or not word.isdigit() or len(word) > 9:
        raise Refused(f"expected a whole number from 0 up, not {word!r}")
    return int(word)
