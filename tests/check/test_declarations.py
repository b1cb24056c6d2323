"""What an engine declares of itself (issue #35): the optional features it does not play, in its
hello (protocol 1, revision 2) or as a Python adapter's attribute, validated and bounded."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from truco_rules.protocol.engine_side import Session
from truco_rules.spec.monitor.declared import ALL_RULESETS, declarations, declared_without
from truco_rules.spec.monitor.engine_calls import EngineFault
from truco_rules.spec.protocol.client import parse_hello
from truco_rules.spec.rules.ruleset import NotOptionalError, Rules

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "spec" / "schemas" / "engine-protocol.schema.json").read_text(encoding="utf-8"))


def hello(**extra: object) -> dict[str, object]:
    return {"id": 0, "ok": {"protocol": 1, "engine": {"name": "x"}, **extra}}


@pytest.mark.parametrize(("without", "read"), [
    (["mazo"], {ALL_RULESETS: ("mazo",)}),
    ({"argentino-1v1": ["mazo"], "uruguayo-1v1": ["mazo", "flor"]},
     {"argentino-1v1": ("mazo",), "uruguayo-1v1": ("mazo", "flor")}),
    ([], {}),
])
def test_hello_without_is_read_flat_or_per_ruleset_and_the_schema_takes_it(without: object,
                                                                           read: object) -> None:
    assert parse_hello(hello(without=without)).without == read
    reply = hello(without=without)
    jsonschema.validate(reply, SCHEMA)  # a reply line, as the engine writes it
    ok = reply["ok"]
    assert isinstance(ok, dict)
    hello_ok = {"$defs": SCHEMA["$defs"], "$ref": "#/$defs/hello_ok"}
    jsonschema.validate(ok, hello_ok)
    with pytest.raises(jsonschema.ValidationError):  # only the optional features
        jsonschema.validate({**ok, "without": ["envido"]}, hello_ok)


@pytest.mark.parametrize("bad", ["mazo", {"argentino-1v1": "mazo"}, ["m" * 65], ["mazo\u001b[31m"], [1]])
def test_a_garbled_without_is_a_hello_fault(bad: object) -> None:
    with pytest.raises(EngineFault, match="without"):
        parse_hello(hello(without=bad))
    with pytest.raises(ValueError):
        declared_without(bad)


def test_the_python_helper_says_without_in_its_hello() -> None:
    class Engine:
        def new_game(self, *a: object, **k: object) -> None: ...
        def to_act(self) -> None: ...
        def legal(self) -> list[str]: return []
        def apply(self, action: str) -> None: ...
        def deal(self) -> dict[str, object]: return {}
        def record(self) -> dict[str, object]: return {}

    session = Session(Engine(), without=["mazo"])
    assert session.hello_ok["without"] == ["mazo"]
    assert parse_hello({"id": 0, "ok": session.hello_ok}).without == {ALL_RULESETS: ("mazo",)}


def test_a_python_adapter_declares_without_and_is_read_in_a_worker() -> None:
    from truco_rules.adapters.pytrucoengine import make_adapter

    said = declarations(make_adapter)
    assert said.without == {ALL_RULESETS: ("mazo",)} and not said.problem


def test_the_ruleset_without_a_feature_is_the_file_without_that_section() -> None:
    rules = Rules.of("argentino-1v1", {}, without=("mazo",))
    assert not rules.has("mazo") and rules.without == {"mazo"}
    assert Rules.of("argentino-1v1").has("mazo")  # the ruleset itself is unchanged
    with pytest.raises(NotOptionalError, match="not an optional feature"):
        Rules.of("mineiro-1v1-es", {}, without=("mazo",))
