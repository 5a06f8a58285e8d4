"""Notations: reading and writing records (syntax only; no rule is applied here)."""

from catchup_notation.formats.base import FORMATS, NotationWarning, ReadItem
from catchup_notation.formats.io_old import (
    Conversion,
    convert,
    detect_format,
    get_format,
    read_path,
    read_text,
    write_atomically,
    write_records,
)

__all__ = [
    "FORMATS",
    "Conversion",
    "NotationWarning",
    "ReadItem",
    "convert",
    "detect_format",
    "get_format",
    "read_path",
    "read_text",
    "write_atomically",
    "write_records",
]
