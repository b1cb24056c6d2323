"""Field-level check of a record against the record format (spec/schemas/record.schema.json).

A small interpreter for the JSON Schema keywords the record format uses (type, const, enum,
required, properties, additionalProperties, items, min/maxItems, minimum, maximum, maxLength,
pattern, maxProperties, $ref), so the check is the schema itself with a field path for every error.
It walks the schema, not the data, so its depth is bounded whatever the input nests.
Action texts are checked against the action grammar as well (spec.rules.actions).

It departs from JSON Schema in one way, on purpose: a number with a fraction part (1.0) is never
an integer, nor equal to one, because a record is read with Python's json module, where it is a
float, and a seat or a score must index the game. tests/spec/test_structure.py checks both of its
answers (the compiled one and the listed errors) against the `jsonschema` package, told of that
one departure, on records drawn from the schema and on changed ones. It is kept rather than
replaced by a kept-up validator: on a played record (5 hands) the compiled check takes about
0.17 ms, fastjsonschema about 0.23 ms and it stops at the first error, jsonschema about 4 ms,
five times the monitor's whole check of the record (0.8 ms); measured on one 2-core machine.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator
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
    if isinstance(value, str) and "pattern" in schema and not re.search(schema["pattern"], value):
        yield path, f"must match {schema['pattern']}", _show(value)
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


Check = Callable[[Any], bool]


# Exact types: a JSON document parses to these. A stricter fast check only costs a fall back to
# the interpreter, never a wrong verdict (see `structure_errors`).
_EXACT: dict[str, tuple[type, ...]] = {
    "object": (dict,), "array": (list,), "string": (str,), "integer": (int,),
    "null": (type(None),), "boolean": (bool,),
}


def _all(checks: list[Check]) -> Check:
    if len(checks) == 1:
        return checks[0]

    def every(v: Any) -> bool:
        for check in checks:  # noqa: SIM110  (a loop: all() over a generator costs twice as much here)
            if not check(v):
                return False
        return True

    return every


def _compile(schema: dict[str, Any]) -> Check:
    """The same keywords as `_errors`, compiled once into closures that only answer valid or not.

    Most records conform: answering that fast, and walking `_errors` only for a record that does
    not, keeps the structure check from dominating the monitor's time.
    """
    if "$ref" in schema:
        return _compiled(schema["$ref"].rsplit("/", 1)[-1])
    checks: list[Check] = []
    types = schema.get("type")
    types = [] if types is None else types if isinstance(types, list) else [types]
    # A schema of a single container type lets the container's own check test the type too:
    # one call per node instead of two, on the monitor's hot path.
    only_object, only_array = types == ["object"], types == ["array"]
    lo, hi = schema.get("minimum"), schema.get("maximum")
    lo_, hi_ = -(10**18) if lo is None else lo, 10**18 if hi is None else hi
    if types == ["integer"] and set(schema) <= {"type", "minimum", "maximum", "description"}:
        return lambda v: type(v) is int and lo_ <= v <= hi_
    if types and not (only_object or only_array):
        exact = tuple(t for name in types for t in _EXACT[name])
        checks.append(lambda v: type(v) in exact)
    if "const" in schema:
        const = schema["const"]
        checks.append(lambda v: _same(v, const))
    if "enum" in schema:
        allowed = {(type(e), e) for e in schema["enum"]}
        checks.append(lambda v: not isinstance(v, (dict, list)) and (type(v), v) in allowed)
    if lo is not None or hi is not None:
        checks.append(lambda v: type(v) is not int or lo_ <= v <= hi_)
    if "maxLength" in schema:
        most = schema["maxLength"]
        checks.append(lambda v: type(v) is not str or len(v) <= most)
    if "pattern" in schema:
        search = re.compile(schema["pattern"]).search
        checks.append(lambda v: type(v) is not str or search(v) is not None)
    if only_array or "minItems" in schema or "maxItems" in schema or "items" in schema:
        least, most_items = schema.get("minItems", 0), schema.get("maxItems", 10**18)
        item = _compile(schema["items"]) if "items" in schema else None

        def array(v: Any) -> bool:
            if type(v) is not list:
                return not only_array
            if not least <= len(v) <= most_items:
                return False
            if item is not None:
                for x in v:
                    if not item(x):
                        return False
            return True

        checks.append(array)
    if only_object or "required" in schema or "properties" in schema \
            or "additionalProperties" in schema or "maxProperties" in schema:
        required = tuple(schema.get("required", ()))
        props = {k: _compile(s) for k, s in schema.get("properties", {}).items()}
        extra = schema.get("additionalProperties", True)
        extra_check = _compile(extra) if isinstance(extra, dict) else None
        most_props = schema.get("maxProperties", 10**18)

        def obj(v: Any) -> bool:
            if type(v) is not dict:
                return not only_object
            if len(v) > most_props:
                return False
            for key in required:
                if key not in v:
                    return False
            for key, value in v.items():
                check = props.get(key)
                if check is not None:
                    if not check(value):
                        return False
                elif extra is False or (extra_check is not None and not extra_check(value)):
                    return False
            return True

        checks.append(obj)
    if not checks:
        return lambda v: True
    return _all(checks)


@functools.cache
def _compiled(name: str | None = None) -> Check:
    """The compiled check of the whole record (name None) or of one `$defs` entry."""
    schema = record_schema() if name is None else record_schema()["$defs"][name]
    if name is None:
        return _compile(schema)
    # Resolved lazily so that a $ref compiles its target once, whatever refers to it.
    inner: list[Check] = []

    def deferred(v: Any) -> bool:
        if not inner:
            inner.append(_compile(schema))
        return inner[0](v)

    return deferred


def structure_errors(record: Any) -> list[tuple[str, str, str]]:
    """Every way `record` departs from the record format, as (field path, problem, value), capped."""
    found: list[tuple[str, str, str]] = []
    if not _compiled()(record):
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
