"""The format registry: every notation the library reads and writes, by name.

Adding a format is one module that defines `FORMAT`, an object satisfying `base.Format`, and one
line in `FORMAT_MODULES` below. Modules are imported when first needed, so that a run that reads
Little Golem files never loads the others' code.

    >>> get("lg").extensions
    ('.sgf', '.hsgf', '.lg')
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Iterator
from importlib import import_module
from pathlib import PurePath
from typing import TextIO

from catchup_notation.errors import NotationError
from catchup_notation.formats.base import Corrections, Format, NotationWarning, Parsed, ReadOptions
from catchup_notation.model import Record

# name -> module defining FORMAT. The order is the order of content sniffing when a file's name
# says nothing: the most distinctive notations first.
FORMAT_MODULES: dict[str, str] = {
    "lg": "catchup_notation.formats.lg",
    "abstractplay": "catchup_notation.formats.abstractplay",
    "json": "catchup_notation.formats.jsonformat",
    "numbers": "catchup_notation.formats.numbers",
    "rga": "catchup_notation.formats.rga",
    "genius": "catchup_notation.formats.genius",
}

# name -> the file endings its FORMAT claims, here too so that telling a file's format by its
# name imports no format but the one it names (start-up time); tests check the two agree.
EXTENSIONS: dict[str, tuple[str, ...]] = {
    "lg": (".sgf", ".hsgf", ".lg"),
    "abstractplay": (".json", ".apjson"),
    "json": (".json", ".jsonl", ".ndjson"),
    "numbers": (".catchup-numbers", ".numbers"),
    "rga": (".rga",),
    "genius": (".genius",),
}

#: Other names people give each format (the command line and `format=` take them, in any case).
ALIASES: dict[str, tuple[str, ...]] = {
    "lg": ("sgf", "littlegolem", "little-golem"),
    "abstractplay": ("ap", "abstract-play", "apjson"),
    "json": ("jsonl",),
    "numbers": ("catch-up-numbers",),
    "rga": ("post", "usenet"),
    "genius": ("the-genius",),
}
_BY_ALIAS = {alias: name for name, aliases in ALIASES.items() for alias in aliases}

#: Endings of compressed files, read and written transparently (`game.sgf.gz`).
COMPRESSED_ENDINGS = (".gz", ".bz2", ".xz")

_loaded: dict[str, Format] = {}


def names() -> list[str]:
    """The registered format names, sorted."""
    return sorted(FORMAT_MODULES)


def canonical_name(name: str) -> str:
    """The registered name a format name or alias stands for (`sgf` -> `lg`, any case);
    NotationError (code `unknown-format`) lists the known ones."""
    if name in FORMAT_MODULES:
        return name
    key = name.strip().lower()
    found = key if key in FORMAT_MODULES else _BY_ALIAS.get(key)
    if found is None:
        raise NotationError(f"unknown format {name!r}; known formats: {known_names()}", code="unknown-format")
    return found


def known_names() -> str:
    """Every format name with its aliases, for messages: `lg (sgf, littlegolem, ...), ...`."""
    return ", ".join(f"{name} ({', '.join(ALIASES[name])})" if ALIASES.get(name) else name for name in names())


def get(name: str) -> Format:
    """The format called `name` (or one of its aliases); NotationError (code `unknown-format`)
    lists the known ones."""
    found = _loaded.get(name)
    if found is not None:
        return found
    name = canonical_name(name)
    found = _loaded.get(name)
    if found is None:
        found = _loaded[name] = import_module(FORMAT_MODULES[name]).FORMAT
    return found


def all_formats() -> list[Format]:
    """Every registered format, in sniffing order."""
    return [get(name) for name in FORMAT_MODULES]


def extensions() -> set[str]:
    """Every file ending some format reads."""
    return {ext for endings in EXTENSIONS.values() for ext in endings}


def record_suffix(name: str | os.PathLike[str]) -> str:
    """The ending that says a file's notation, lower case: `.sgf` of `game.sgf` and of
    `game.sgf.gz` (a compression ending is looked through)."""
    path = PurePath(name)
    suffix = path.suffix.lower()
    if suffix in COMPRESSED_ENDINGS:
        suffix = PurePath(path.stem).suffix.lower()
    return suffix


def compression_of(name: str | os.PathLike[str]) -> str | None:
    """The compression ending of a file name (`.gz`, `.bz2`, `.xz`), or None."""
    suffix = PurePath(name).suffix.lower()
    return suffix if suffix in COMPRESSED_ENDINGS else None


def detect_output(name: str | os.PathLike[str]) -> str:
    """The format to write a file in, from its name: the one format whose ending it has
    (`game.sgf`, `game.sgf.gz`). NotationError (code `unknown-format`) when the ending names none,
    or several (`.json` is both Abstract Play's and this library's JSON)."""
    suffix = record_suffix(name)
    claimed = [fmt for fmt, endings in EXTENSIONS.items() if suffix and suffix in endings]
    if len(claimed) == 1:
        return claimed[0]
    which = f"one of {' and '.join(claimed)}" if claimed else f"one of {', '.join(names())}"
    raise NotationError(
        f"cannot tell which notation to write {os.fspath(name)} in from its name; name it ({which})",
        code="unknown-format",
    )


def detect(name: str | os.PathLike[str] | None, head: str | None = None) -> str:
    """The format of a file, from its name's ending when exactly one format claims it (a
    compression ending looked through), else from its content: `head` is the start of the text
    (a few KB, decoded). NotationError (code `unknown-format`) when neither tells."""
    suffix = record_suffix(name) if name is not None else ""
    claimed = [name for name, endings in EXTENSIONS.items() if suffix and suffix in endings]
    if len(claimed) == 1:
        return claimed[0]
    if head is not None:
        head = head.removeprefix("\ufeff")
        for candidate in claimed or list(FORMAT_MODULES):
            if get(candidate).sniff(head):
                return candidate
    where = os.fspath(name) if name is not None else "the text"
    raise NotationError(
        f"cannot tell the format of {where}; name it (one of: {', '.join(names())})", code="unknown-format"
    )


def parse_text(
    text: str,
    *,
    format: str | None = None,
    source: str | None = None,
    variant: str | None = None,
    corrections: Corrections = None,
) -> Iterator[Parsed]:
    """The records of a string at the syntax level, as `Parsed` items (a record, or the error that
    stopped reading it), with no rule applied: `catchup_notation.read_text` gives `Game`s instead.
    The format is told from `source`'s ending and the content unless given."""
    from catchup_notation.formats.decoding import normalise

    text = normalise(text)
    name = format or detect(source, text[:8192])
    return get(name).read((text,), ReadOptions(source=source, variant=variant, corrections=corrections))


def write(records: Iterable[Record], format: str, out: TextIO) -> list[NotationWarning]:
    """Write `records` to `out` in `format` as they come; the warnings of what it could not carry.
    Raises `WriteError` for a record the format cannot hold."""
    return get(format).write(records, out)


def write_text(records: Iterable[Record], format: str) -> tuple[str, list[NotationWarning]]:
    """The text of `records` in `format`, and the warnings of what it could not carry."""
    out = io.StringIO()
    warnings = write(records, format, out)
    return out.getvalue(), warnings


__all__ = [
    "ALIASES",
    "COMPRESSED_ENDINGS",
    "FORMAT_MODULES",
    "Format",
    "NotationWarning",
    "all_formats",
    "canonical_name",
    "compression_of",
    "detect",
    "detect_output",
    "extensions",
    "get",
    "known_names",
    "names",
    "parse_text",
    "record_suffix",
    "write",
    "write_text",
]
