"""The record format check (truco_rules.spec.monitor.structure) against a well-kept JSON Schema validator.

`jsonschema` is the reference. Both of the monitor's checks, the compiled one that answers valid or
not and the interpreter that lists every error, must agree with it on every record: records drawn
from the schema itself, the same records changed in one place or set at a bound (just inside or
just outside a minimum, maximum or length), and real records played by the engine and changed.
The record format is stricter than JSON Schema in one documented way (see
spec/monitor/structure.py): a number with a fraction part is never an integer, nor equal to one;
the reference is told so, and nothing else.

(hypothesis-jsonschema would draw the records, but its object strategy does not run on the
Hypothesis this project uses; the strategy below covers the keywords the record format uses.)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import jsonschema
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator, ValidationError

from truco_rules.engine import Game
from truco_rules.spec.monitor.structure import _compiled, _errors, record_schema

SCHEMA = record_schema()


# --- the reference --------------------------------------------------------------------------------

def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _enum(validator: Any, enums: list[Any], instance: Any, schema: Any) -> Iterator[ValidationError]:
    if not any(_same(instance, e) for e in enums):
        yield ValidationError(f"{instance!r} is not one of {enums!r}")


def _const(validator: Any, const: Any, instance: Any, schema: Any) -> Iterator[ValidationError]:
    if not _same(instance, const):
        yield ValidationError(f"{const!r} was expected")


Reference = jsonschema.validators.extend(
    Draft202012Validator, validators={"enum": _enum, "const": _const},
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda checker, v: type(v) is int))
REFERENCE = Reference(SCHEMA)


def _agree(record: Any) -> bool:
    """Whether the record conforms, after checking that all three validators say the same."""
    reference = REFERENCE.is_valid(record)
    compiled = _compiled()(record)
    interpreted = not list(_errors(record, SCHEMA, ""))
    assert compiled == reference, f"[FORMAT] compiled: {compiled}, reference: {reference}: {record!r}"
    assert interpreted == reference, f"[FORMAT] listed: {interpreted}, reference: {reference}: {record!r}"
    return reference


# --- records from the schema ----------------------------------------------------------------------

JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 2000) | st.floats(allow_nan=False)
                    | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                max_size=3),
                    max_leaves=6)


def from_schema(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Documents the schema accepts, for the keywords the record format uses (collections capped small)."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return st.deferred(lambda: from_schema(SCHEMA["$defs"][name]))
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    types = schema.get("type")
    if types is None:
        return JSON
    if isinstance(types, list):
        return st.one_of([from_schema({**schema, "type": t}) for t in types])
    if types == "object":
        required = schema.get("required", [])
        props = schema.get("properties", {})
        optional = {k: from_schema(v) for k, v in props.items() if k not in required}
        base = st.fixed_dictionaries({k: from_schema(props[k]) for k in required}, optional=optional)
        extra = schema.get("additionalProperties", True)
        if extra is False:
            return base
        values = JSON if extra is True else from_schema(extra)
        most = min(schema.get("maxProperties", 3), 3)
        more = st.dictionaries(st.text(max_size=8).filter(lambda k: k not in props), values, max_size=most)
        return st.tuples(base, more).map(lambda p: {**p[1], **p[0]})
    if types == "array":
        least = schema.get("minItems", 0)
        return st.lists(from_schema(schema.get("items", {})), min_size=least,
                        max_size=min(schema.get("maxItems", least + 3), least + 3))
    if types == "integer":
        return st.integers(schema.get("minimum", -5), schema.get("maximum", 2000))
    if types == "string":
        if "pattern" in schema:  # names like "mineiro-1v1-es", cut to the length the schema allows
            most = schema.get("maxLength", 20)
            return st.from_regex(schema["pattern"], fullmatch=True).filter(lambda t: len(t) <= most)
        return st.text(max_size=schema.get("maxLength", 20))
    return {"null": st.none(), "boolean": st.booleans()}[types]


ODD = st.sampled_from([True, False, 1.0, 0.0, None, "x", "tie", -1, 10**9, [], {}, 0, 1, 2, 3,
                       "a" * 65, [1], {"x": 1}, "truco-record/1"])


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


@st.composite
def changed(draw: st.DrawFn, records: st.SearchStrategy[Any]) -> Any:
    """A record changed in one place: a value replaced, a field dropped or added, an item repeated."""
    record = copy.deepcopy(draw(records))
    path = draw(st.sampled_from(list(_paths(record))))
    if not path:
        return draw(ODD)
    parent = record
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    how = draw(st.sampled_from(["replace", "drop", "add", "repeat"]))
    if how == "replace" or (how == "drop" and isinstance(parent, list)):
        parent[key] = draw(ODD)
    elif how == "drop":
        del parent[key]
    elif how == "add" and isinstance(parent, dict):
        parent[draw(st.sampled_from(["unexpected", "side_points", "forfeit", "engine"]))] = draw(ODD)
    elif isinstance(parent, list):
        parent.append(copy.deepcopy(parent[key]))
    return record


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = SCHEMA["$defs"][schema["$ref"].rsplit("/", 1)[-1]]
    return schema


Place = tuple[tuple[Any, ...], dict[str, Any]]


def _fields(value: Any, schema: dict[str, Any], path: tuple[Any, ...] = ()) -> Iterator[Place]:
    """Every place in a record with the schema that governs it."""
    schema = _resolve(schema)
    yield path, schema
    if isinstance(value, dict):
        for k, v in value.items():
            sub = schema.get("properties", {}).get(k, schema.get("additionalProperties"))
            if isinstance(sub, dict):
                yield from _fields(v, sub, (*path, k))
    elif isinstance(value, list) and "items" in schema:
        for i, v in enumerate(value):
            yield from _fields(v, schema["items"], (*path, i))


def _bounds(value: Any, schema: dict[str, Any]) -> list[Any]:
    """Values just inside and just outside each bound the schema sets at one place."""
    out: list[Any] = []
    if "minimum" in schema:
        out += [schema["minimum"], schema["minimum"] - 1, float(schema["minimum"])]
    if "maximum" in schema:
        out += [schema["maximum"], schema["maximum"] + 1]
    if "maxLength" in schema:
        out += ["x" * schema["maxLength"], "x" * (schema["maxLength"] + 1)]
    if "pattern" in schema:  # just inside and just outside the pattern
        out += ["a", "", "A", "a-", "-a", "a--b", "a-1"]
    if "enum" in schema:
        out += [2, "x", 1.0, True, None]
    if "const" in schema:
        out += [schema["const"] + "x", None]
    if isinstance(value, list) and value:
        if "minItems" in schema:
            out += [value[: schema["minItems"]], value[: schema["minItems"] - 1]]
        if schema.get("maxItems", 10**9) <= 300:
            out += [(value * schema["maxItems"])[: schema["maxItems"]],
                    (value * (schema["maxItems"] + 1))[: schema["maxItems"] + 1]]
    if isinstance(value, dict):
        out += [{k: v for k, v in value.items() if k != r} for r in schema.get("required", ())]
        if schema.get("additionalProperties") is False:
            out.append({**value, "unexpected": 1})
        if "maxProperties" in schema:
            filler = {f"k{i}": "v" for i in range(schema["maxProperties"] + 1)}
            out += [dict(list(filler.items())[: schema["maxProperties"]]), filler]
    return out or [None]


@st.composite
def at_a_bound(draw: st.DrawFn, records: st.SearchStrategy[Any]) -> Any:
    """A record with one field set just inside or just outside one of its bounds."""
    record = copy.deepcopy(draw(records))
    path, schema = draw(st.sampled_from(list(_fields(record, SCHEMA))))
    if not path:
        return record
    parent = record
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = copy.deepcopy(draw(st.sampled_from(_bounds(parent[path[-1]], schema))))
    return record


def _played() -> list[dict[str, Any]]:
    out = []
    for ruleset in ("mineiro-1v1-es", "mineiro-pairs-it", "gauderio-pairs-es"):
        for seed in range(3):
            game, rng = Game.new(ruleset, seed=seed), random.Random(seed)
            while game.to_act is not None:
                legal = game.legal_actions()
                game.push(legal[rng.randrange(len(legal))])
            out.append(game.record())
    return out


PLAYED = _played()


# --- the tests ------------------------------------------------------------------------------------

def test_records_played_by_the_engine_conform() -> None:
    assert all(_agree(record) for record in PLAYED)


@given(from_schema(SCHEMA))
def test_records_drawn_from_the_schema_conform_for_all_three(record: dict[str, Any]) -> None:
    assert _agree(record), "a record drawn from the schema must conform"


@given(changed(from_schema(SCHEMA)))
def test_changed_records_from_the_schema_get_one_verdict(record: Any) -> None:
    _agree(record)


@given(changed(st.sampled_from(PLAYED)))
def test_changed_played_records_get_one_verdict(record: Any) -> None:
    _agree(record)


@given(at_a_bound(st.sampled_from(PLAYED) | from_schema(SCHEMA)))
def test_records_at_the_bounds_get_one_verdict(record: Any) -> None:
    _agree(record)


def test_a_float_is_never_an_integer_in_a_record() -> None:
    """The one departure from JSON Schema, on purpose: 1.0 is read as a float, and a seat, a score
    or a winner must be an integer to index the game."""
    record = copy.deepcopy(PLAYED[0])
    record["result"]["winner"] = float(record["result"]["winner"])
    assert not _agree(record) and Draft202012Validator(SCHEMA).is_valid(record)
