"""Field-level check of a record against the record format (spec/schemas/record.schema.json).

A small interpreter for the JSON Schema keywords the record format uses (type, const, enum,
required, properties, additionalProperties, items, min/maxItems, minimum, maximum, maxLength,
maxProperties, $ref), so the check is the schema itself with a field path for every error.
It walks the schema, not the data, so its depth is bounded whatever the input nests.
Action texts are checked against the action grammar as well (spec.rules.actions).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from typing import Any

from spec.catalogue import SCHEMAS_DIR
from spec.rules.actions import parse_action

MAX_ERRORS = 100  # per record: a record wrong everywhere is reported once per field, up to this


@functools.cache
def record_schema() -> dict[str, Any]:
    with (SCHEMAS_DIR / "record.schema.json").open(encoding="utf-8") as fh:
        schema: dict[str, Any] = json.load(fh)
    return schema


_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "null": lambda v: v is None,
    "boolean": lambda v: isinstance(v, bool),
}


def _same(a: Any, b: Any) -> bool:
    """JSON equality: 1 is not true."""
    return type(a) is type(b) and a == b


def _path(base: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{base}[{key}]"
    return f"{base}.{key}" if base else key


def _errors(value: Any, schema: dict[str, Any], path: str) -> Iterator[tuple[str, str, str]]:
    """(field path, what is wrong, the offending value shown briefly)."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        yield from _errors(value, record_schema()["$defs"][name], path)
        return
    # The value is shown only in an error: formatting it for every field would be most of the cost.
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[t](value) for t in types):
            yield path, f"must be of type {' or '.join(types)}", _show(value)
            return
    if "const" in schema and not _same(value, schema["const"]):
        yield path, f"must be {json.dumps(schema['const'])}", _show(value)
    if "enum" in schema and not any(_same(value, e) for e in schema["enum"]):
        yield path, f"must be one of {json.dumps(schema['enum'])}", _show(value)
    if isinstance(value, int) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            yield path, f"must be at least {schema['minimum']}", _show(value)
        if "maximum" in schema and value > schema["maximum"]:
            yield path, f"must be at most {schema['maximum']}", _show(value)
    if isinstance(value, str) and "maxLength" in schema and len(value) > schema["maxLength"]:
        yield path, f"must be at most {schema['maxLength']} characters", _show(value)
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            yield path, f"must have at least {schema['minItems']} items", _show(value)
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            yield path, f"must have at most {schema['maxItems']} items", _show(value)
            return
        if "items" in schema:
            for i, item in enumerate(value):
                yield from _errors(item, schema["items"], _path(path, i))
    if isinstance(value, dict):
        if "maxProperties" in schema and len(value) > schema["maxProperties"]:
            yield path, f"must have at most {schema['maxProperties']} fields", _show(value)
            return
        for key in schema.get("required", ()):
            if key not in value:
                yield _path(path, key), "is required", "missing"
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in props:
                yield from _errors(item, props[key], _path(path, key))
            elif extra is False:
                yield _path(path, key), "is not a field of the record format", _show(item)
            elif isinstance(extra, dict):
                yield from _errors(item, extra, _path(path, key))


def _show(value: Any) -> str:
    if isinstance(value, (dict, list)):
        return type(value).__name__
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def structure_errors(record: Any) -> list[tuple[str, str, str]]:
    """Every way `record` departs from the record format, as (field path, problem, value), capped."""
    found: list[tuple[str, str, str]] = []
    for err in _errors(record, record_schema(), ""):
        found.append(err)
        if len(found) >= MAX_ERRORS:
            return found
    if found or not isinstance(record, dict):
        return found
    for h, hand in enumerate(record["hands"]):
        for a, act in enumerate(hand["actions"]):
            if parse_action(act["action"]) is None:
                found.append((f"hands[{h}].actions[{a}].action", "is not an action of the record format",
                              _show(act["action"])))
                if len(found) >= MAX_ERRORS:
                    return found
    return found
