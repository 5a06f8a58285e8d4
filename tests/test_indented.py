"""`formats.indented.dumps` writes what `json.dumps(value, ensure_ascii=False, indent=2)` writes."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from catchup_notation.formats import indented

_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text()
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=24,
)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)


@given(_VALUES)
def test_dumps_writes_what_json_writes(value: Any) -> None:
    assert indented.dumps(value) == _json(value)


@pytest.mark.parametrize(
    "value",
    [
        {},
        [],
        {"a": {}, "b": [], "c": [[], {}]},
        {"name": 'Ünïcödé \u2028 \x00 "quoted" \\ back'},
        {"game": {"name": "Catchup", "variants": ["Default board (base 5)"]}, "moves": "\x00moves\x00"},
        [math.nan, math.inf, -math.inf, -0.0, 1e16, 0.1],
    ],
)
def test_dumps_of_chosen_values(value: Any) -> None:
    assert indented._laid_out(value, 0) == _json(value)  # laid out here, not handed on


class _Text(str):
    pass


@pytest.mark.parametrize(
    "value",
    [
        {1: "a key that is a number"},
        {None: 1, True: 2, 2.5: 3},
        ("a", "tuple"),
        {"text": _Text("a subclass")},
        [True, 1, 1.0, (1, 2)],
    ],
)
def test_values_of_other_kinds_are_the_json_modules(value: Any) -> None:
    assert indented.dumps(value) == _json(value)


def test_deep_nesting_is_the_json_modules() -> None:
    value: Any = "leaf"
    for _ in range(indented.DEPTH + 5):
        value = [value]
    assert indented.dumps(value) == _json(value)


def test_a_value_json_cannot_write_fails_as_json_fails() -> None:
    with pytest.raises(TypeError):
        indented.dumps({"cells": {1, 2}})
    with pytest.raises(TypeError):
        _json({"cells": {1, 2}})
