"""`json.dumps(value, ensure_ascii=False, indent=2)`, the same text made faster.

The json module encodes in C only without `indent`; with it, every value goes through its
pure-Python encoder, which costs an Abstract Play writer most of its time. `dumps` lays out the
objects and arrays of a value as that encoder does, and encodes each text, number and constant
as the json module does, so its text is the json module's character for character (a test compares the two on
random values). A value of anything else (a key that is not a text, a type of another kind, a
subclass, nesting past `DEPTH`) is handed to the json module whole, which says what it says of it.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring  # the C encoder where it is built
from typing import Any

#: Nesting laid out here at most; deeper values go to the json module (its limits, its errors).
DEPTH = 64

_CONSTANTS: dict[Any, str] = {True: "true", False: "false", None: "null"}


def dumps(value: Any) -> str:
    """`json.dumps(value, ensure_ascii=False, indent=2)`."""
    text = _laid_out(value, 0)
    return json.dumps(value, ensure_ascii=False, indent=2) if text is None else text


def _laid_out(value: Any, level: int) -> str | None:
    """The text of `value` at nesting `level`, or None where the json module must say it."""
    kind = type(value)
    if kind is str:
        return str(encode_basestring(value))
    if kind is int:
        return int.__repr__(value)
    if value is None or kind is bool:
        return _CONSTANTS[value]
    if kind is float:
        return json.dumps(value)
    if level >= DEPTH or (kind is not dict and kind is not list):
        return None
    if not value:
        return "{}" if kind is dict else "[]"
    inside = "\n" + "  " * (level + 1)
    parts = []
    if kind is dict:
        for key, item in value.items():
            text = _laid_out(item, level + 1) if type(key) is str else None
            if text is None:
                return None
            parts.append(f"{encode_basestring(key)}: {text}")
    else:
        for item in value:
            text = _laid_out(item, level + 1)
            if text is None:
                return None
            parts.append(text)
    opening, closing = ("{", "}") if kind is dict else ("[", "]")
    return opening + inside + ("," + inside).join(parts) + "\n" + "  " * level + closing
