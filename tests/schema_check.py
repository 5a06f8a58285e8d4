"""A small validator for the subset of JSON Schema (2020-12) that the published schemas use.

The schemas in grammars/ use: type, enum, const, properties, required, additionalProperties,
items, prefixItems, minItems, maxItems, minLength, pattern, minimum, anyOf, oneOf, $ref to
"#/$defs/...", and if/then/else on a const. Writing this (80 lines) is cheaper than a test
dependency for it; `validate` raises AssertionError naming the path of the first problem, and
`unknown_keywords` keeps the schemas inside the subset (a keyword this validator would ignore
is a test failure, not a silently weaker check).
"""

from __future__ import annotations

import re
from typing import Any

TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
CHECKED = {
    "type", "enum", "const", "properties", "required", "additionalProperties", "items", "prefixItems",
    "minItems", "maxItems", "minLength", "pattern", "minimum", "anyOf", "oneOf", "$ref", "if", "then", "else",
    "$defs",
}  # fmt: skip
NOTES = {"$schema", "$id", "title", "description", "examples"}


def validate(value: Any, schema: Any, path: str = "$", root: Any = None) -> None:
    """Raise AssertionError (naming where) unless `value` matches `schema`."""
    root = schema if root is None else root
    if schema is True:
        return
    assert schema is not False, f"{path}: nothing is allowed here"
    if "$ref" in schema:
        target = root
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        validate(value, target, path, root)
    types = schema.get("type")
    if types is not None:
        names = types if isinstance(types, list) else [types]
        assert any(TYPES[n](value) for n in names), f"{path}: {value!r} is not {types}"
    if "enum" in schema:
        assert value in schema["enum"], f"{path}: {value!r} not in {schema['enum']}"
    if "const" in schema:
        assert value == schema["const"], f"{path}: {value!r} is not {schema['const']!r}"
    if isinstance(value, str):
        assert len(value) >= schema.get("minLength", 0), f"{path}: {value!r} is too short"
        if "pattern" in schema:
            assert re.search(schema["pattern"], value), f"{path}: {value!r} does not match {schema['pattern']}"
    if TYPES["number"](value) and "minimum" in schema:
        assert value >= schema["minimum"], f"{path}: {value!r} is below {schema['minimum']}"
    for word in ("anyOf", "oneOf"):
        if word in schema:
            matched = sum(_matches(value, option, path, root) for option in schema[word])
            assert matched >= 1 if word == "anyOf" else matched == 1, f"{path}: {value!r} matches {matched} of {word}"
    if "if" in schema:
        branch = schema.get("then" if _matches(value, schema["if"], path, root) else "else", True)
        validate(value, branch, path, root)
    if isinstance(value, dict):
        for key in schema.get("required", ()):
            assert key in value, f"{path}: missing {key}"
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in props:
                validate(item, props[key], f"{path}.{key}", root)
            else:
                assert extra is not False, f"{path}: unexpected key {key}"
                validate(item, extra, f"{path}.{key}", root)
    if isinstance(value, list):
        assert schema.get("minItems", 0) <= len(value) <= schema.get("maxItems", len(value)), f"{path}: length"
        prefix = schema.get("prefixItems", [])
        for i, item in enumerate(value):
            validate(item, prefix[i] if i < len(prefix) else schema.get("items", True), f"{path}[{i}]", root)


def _matches(value: Any, schema: Any, path: str, root: Any) -> bool:
    try:
        validate(value, schema, path, root)
    except AssertionError:
        return False
    return True


def unknown_keywords(schema: Any, path: str = "$") -> list[str]:
    """Keywords of `schema` (and its subschemas) that this validator does not check."""
    if not isinstance(schema, dict):
        return []
    found = [f"{path}.{key}" for key in schema if key not in CHECKED | NOTES]
    for key in ("properties", "$defs"):
        for name, sub in schema.get(key, {}).items():
            found += unknown_keywords(sub, f"{path}.{key}.{name}")
    for key in ("items", "additionalProperties", "if", "then", "else"):
        found += unknown_keywords(schema.get(key), f"{path}.{key}")
    for key in ("prefixItems", "anyOf", "oneOf"):
        for i, sub in enumerate(schema.get(key, [])):
            found += unknown_keywords(sub, f"{path}.{key}[{i}]")
    return found
