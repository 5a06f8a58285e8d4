"""The cattrs converter: every attrs class of the model to JSON-ready data and back, exactly.

All hooks live here, not in the classes. Source positions are not part of a value's
identity and are left out of the JSON form. The game-state union is tagged by its `kind` field.
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.gen import make_dict_unstructure_fn, override

from catchup_notation.model import GameState, HexState, NumbersState, Record, Turn

T = TypeVar("T")

converter = cattrs.Converter(forbid_extra_keys=True)


def _omit_positions(cls: type, **extra: Any) -> None:
    """Unstructure `cls` without its eq=False fields (source positions, file index)."""
    skipped = {f.name: override(omit=True) for f in attrs.fields(cls) if not f.eq}
    converter.register_unstructure_hook(cls, make_dict_unstructure_fn(cls, converter, **skipped, **extra))


# A turn's stone colours appear only where a stone is not the mover's colour (too, product).
_omit_positions(Turn, colours=override(omit_if_default=True))
_omit_positions(Record)


def _exactly(kind: type) -> Any:
    """A structure hook that takes only values of `kind` as they are: cattrs' default would call
    `int(...)` and turn "1", true or 0.7 into numbers, silently changing what a file said."""

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:  # bool is an int subclass: `type` keeps it out
            raise TypeError(f"expected {kind.__name__}, not {value!r}")
        return value

    return structure


converter.register_structure_hook(int, _exactly(int))
converter.register_structure_hook(bool, _exactly(bool))  # or bool would dispatch to int's hook
converter.register_structure_hook(str, _exactly(str))


def _structure_state(data: Any, _: Any) -> GameState:
    kind = data.get("kind") if isinstance(data, dict) else None
    if kind == "hex":
        return converter.structure(data, HexState)
    if kind == "numbers":
        return converter.structure(data, NumbersState)
    raise ValueError(f"a game state needs kind 'hex' or 'numbers', not {kind!r}")


converter.register_structure_hook(GameState, _structure_state)


def to_data(value: Any) -> Any:
    """Plain JSON-ready data (dicts, lists, numbers, strings) for any model value."""
    return converter.unstructure(value)


def from_data(data: Any, cls: type[T]) -> T:
    """Rebuild a model value; raises `cattrs` errors naming the bad path."""
    return converter.structure(data, cls)


__all__ = ["converter", "to_data", "from_data"]
