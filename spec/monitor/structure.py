"""Field-level check of a record against the record format (spec/schemas/record.schema.json).

A small interpreter for the JSON Schema keywords the record format uses (type, const, enum,
required, properties, additionalProperties, items, min/maxItems, minimum, maximum, maxLength,
pattern, maxProperties, $ref), so the check is the schema itself with a field path for every error.
It walks the schema, not the data, so its depth is bounded whatever the input nests.
Action texts are checked against the action grammar as well (truco_rules.spec.rules.actions).

It departs from JSON Schema in one way, on purpose: a number with a fraction part (1.0) is never
an integer, nor equal to one, because a record is read with Python's json module, where it is a
float, and a seat or a score must index the game. tests/spec/test_structure.py checks both of its
answers (the compiled one and the listed errors) against the `jsonschema` package, told of that
one departure, on records drawn from the schema and on changed ones. It is kept rather than
replaced by a kept-up validator: on a played record (5 hands) the compiled check (the schema
written out as Python code, once) takes about 0.05 ms, fastjsonschema about 0.23 ms and it stops
at the first error, jsonschema about 4 ms, five times the monitor's whole check of the record
(0.8 ms); measured on one 2-core machine.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from truco_rules.spec.catalogue import SCHEMAS_DIR
from truco_rules.spec.rules.actions import parse_action

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


class _Writer:
    """Writes the same keywords as `_errors` as the body of one Python function per schema node
    kind that only answers valid or not: a conforming record (the common case) is then checked
    by straight-line code with a loop per array and per object, not by a call per node. `$defs`
    entries become functions of their own, written once whatever refers to them."""

    def __init__(self) -> None:
        self.consts: list[Any] = []  # values the code refers to as K[i]
        self.defs: dict[str, list[str]] = {}  # $defs name -> its function's lines
        self.names = 0

    def const(self, value: Any) -> str:
        self.consts.append(value)
        return f"K[{len(self.consts) - 1}]"

    def var(self) -> str:
        self.names += 1
        return f"v{self.names}"

    def function(self, name: str, schema: dict[str, Any]) -> list[str]:
        return [f"def {name}(v0):", *self.node(schema, "v0", 1), "    return True"]

    def ref(self, name: str) -> str:
        if name not in self.defs:
            self.defs[name] = []  # taken before writing: a $def that refers to itself is written once
            self.defs[name] = self.function(f"d_{name.replace('-', '_')}", record_schema()["$defs"][name])
        return f"d_{name.replace('-', '_')}"

    def node(self, schema: dict[str, Any], v: str, depth: int) -> list[str]:
        """Lines (indented `depth` levels) that `return False` when the value named `v` fails."""
        pad = "    " * depth
        out: list[str] = []
        if "$ref" in schema:
            return [f"{pad}if not {self.ref(schema['$ref'].rsplit('/', 1)[-1])}({v}): return False"]
        types = schema.get("type")
        types = [] if types is None else types if isinstance(types, list) else [types]
        # A schema of a single container type lets the container's own check test the type too.
        only_object, only_array = types == ["object"], types == ["array"]
        lo, hi = schema.get("minimum"), schema.get("maximum")
        lo_, hi_ = -(10**18) if lo is None else lo, 10**18 if hi is None else hi
        if types == ["integer"] and set(schema) <= {"type", "minimum", "maximum", "description"}:
            return [f"{pad}if type({v}) is not int or not {lo_!r} <= {v} <= {hi_!r}: return False"]
        if types and not (only_object or only_array):
            exact = self.const(tuple(t for name in types for t in _EXACT[name]))
            out.append(f"{pad}if type({v}) not in {exact}: return False")
        if "const" in schema:
            const = self.const(schema["const"])
            out.append(f"{pad}if not _same({v}, {const}): return False")
        if "enum" in schema:
            allowed = self.const({(type(e), e) for e in schema["enum"]})
            out.append(f"{pad}if isinstance({v}, (dict, list)) or (type({v}), {v}) not in {allowed}:"
                       " return False")
        if lo is not None or hi is not None:
            out.append(f"{pad}if type({v}) is int and not {lo_!r} <= {v} <= {hi_!r}: return False")
        if "maxLength" in schema:
            out.append(f"{pad}if type({v}) is str and len({v}) > {schema['maxLength']!r}: return False")
        if "pattern" in schema:
            search = self.const(re.compile(schema["pattern"]).search)
            out.append(f"{pad}if type({v}) is str and {search}({v}) is None: return False")
        if only_array or "minItems" in schema or "maxItems" in schema or "items" in schema:
            least, most = schema.get("minItems", 0), schema.get("maxItems", 10**18)
            out.append(f"{pad}if type({v}) is list:")
            out.append(f"{pad}    if not {least!r} <= len({v}) <= {most!r}: return False")
            if "items" in schema:
                item = self.var()
                body = self.node(schema["items"], item, depth + 2)
                if body:
                    out += [f"{pad}    for {item} in {v}:", *body]
            if only_array:
                out.append(f"{pad}else: return False")
        if only_object or "required" in schema or "properties" in schema \
                or "additionalProperties" in schema or "maxProperties" in schema:
            out.append(f"{pad}if type({v}) is dict:")
            if "maxProperties" in schema:
                out.append(f"{pad}    if len({v}) > {schema['maxProperties']!r}: return False")
            required = tuple(schema.get("required", ()))
            for key in required:
                out.append(f"{pad}    if {key!r} not in {v}: return False")
            props = schema.get("properties", {})
            extra = schema.get("additionalProperties", True)
            if extra is False:  # then every key is a property: each is looked up, not searched for
                # No other key: as many keys as the required ones and the optional ones present.
                optional = [f" + ({name!r} in {v})" for name in props if name not in required]
                out.append(f"{pad}    if len({v}) != {len(required)}{''.join(optional)}: return False")
                for name, sub in props.items():
                    value = self.var()
                    if name in required:
                        body = self.node(sub, value, depth + 1)
                        if body:
                            out += [f"{pad}    {value} = {v}[{name!r}]", *body]
                    else:
                        body = self.node(sub, value, depth + 2)
                        if body:
                            out += [f"{pad}    if {name!r} in {v}:", f"{pad}        {value} = {v}[{name!r}]",
                                    *body]
            else:
                key, value = self.var(), self.var()
                branches: list[str] = []
                for name, sub in props.items():
                    body = self.node(sub, value, depth + 3) or [f"{pad}            pass"]
                    branches += [f"{pad}        {'elif' if branches else 'if'} {key} == {name!r}:", *body]
                other = self.node(extra, value, depth + 3) if isinstance(extra, dict) else []
                if other:
                    branches += [f"{pad}        else:" if branches else f"{pad}        if True:", *other]
                if branches:
                    out += [f"{pad}    for {key}, {value} in {v}.items():", *branches]
            if only_object:
                out.append(f"{pad}else: return False")
        return out


@functools.cache
def _compiled() -> Check:
    """The check of the whole record, written and compiled once."""
    writer = _Writer()
    main = writer.function("check", record_schema())
    source = "\n".join([line for lines in writer.defs.values() for line in lines] + main)
    namespace: dict[str, Any] = {"K": writer.consts, "_same": _same}
    exec(compile(source, "<record schema>", "exec"), namespace)  # the schema's own code, no input
    check: Check = namespace["check"]
    return check


def schema_errors(value: Any, schema: dict[str, Any]) -> list[tuple[str, str, str]]:
    """Every way `value` departs from another schema of spec/schemas (whose `$ref`s name the record
    format's `$defs`), by the same interpreter: (field path, problem, value), capped."""
    found = []
    for err in _errors(value, schema, ""):
        found.append(err)
        if len(found) >= MAX_ERRORS:
            break
    return found


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
