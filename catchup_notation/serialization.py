"""The cattrs converter: every attrs class of the model and the reports to JSON-ready data and back.

All hooks live here, not in the classes; a class says in its fields' metadata what its JSON form
leaves out (`model.OMIT`: never; `model.OMIT_IF_DEFAULT`: when the field has its default), and
source positions (fields with eq=False) are never part of it. The game-state union is tagged by
its `kind` field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.gen import make_dict_unstructure_fn, override
from cattrs.v import format_exception

from catchup_notation.errors import RecordError
from catchup_notation.model import JSON, GameState, HeaderValue, HexState, NumbersState
from catchup_notation.rules.registry import Parameter

T = TypeVar("T")

converter = cattrs.Converter(forbid_extra_keys=True)


def _unstructure_attrs(cls: type) -> Callable[[Any], dict[str, Any]]:
    """Unstructure an attrs class without its eq=False fields (source positions, file index) and
    without the fields its metadata leaves out."""
    overrides: dict[str, Any] = {}
    for field in attrs.fields(cls):
        rule = field.metadata.get(JSON)
        if not field.eq or rule == "omit":
            overrides[field.name] = override(omit=True)
        elif rule == "omit-if-default":
            overrides[field.name] = override(omit_if_default=True)
    return make_dict_unstructure_fn(cls, converter, **overrides)


converter.register_unstructure_hook_factory(attrs.has, _unstructure_attrs)
converter.register_unstructure_hook(
    Parameter,
    lambda p: {
        "name": p.name,
        "kind": p.kind,
        "default": p.default_text(),
        "required": p.required,
        "minimum": p.minimum,
        "description": p.description,
    },
)


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


def _structure_header(value: Any, _: Any) -> Any:
    """A header value: any JSON value, as it is (checked only for being one)."""
    if isinstance(value, (str, int, float, bool, list, dict)) or value is None:
        return value
    raise TypeError(f"a header value is JSON (text, a number, a list, an object), not {value!r}")


converter.register_structure_hook_func(lambda kind: kind == HeaderValue, _structure_header)


def to_data(value: Any) -> Any:
    """Plain JSON-ready data (dicts, lists, numbers, strings) for any model value."""
    return converter.unstructure(value)


def from_data(data: Any, cls: type[T]) -> T:
    """Rebuild a model value from JSON-ready data; `RecordError` names every bad value with its
    path (`expected int @ $.turns[3].player`)."""
    try:
        return converter.structure(data, cls)
    except cattrs.BaseValidationError as exc:
        raise RecordError("; ".join(cattrs.transform_error(exc, format_exception=_explain))) from None
    except (TypeError, ValueError, AttributeError) as exc:
        raise RecordError(str(exc)) from None


def _explain(exc: BaseException, type_: type | None) -> str:
    """cattrs' wording, plus the model's own message when a value was refused by its constructor
    (a turn whose `colours` do not match its cells, a player other than 1 or 2)."""
    if isinstance(exc, ValueError) and type_ is None and str(exc):
        return f"invalid value ({exc})"
    return format_exception(exc, type_)


__all__ = ["converter", "from_data", "to_data"]
