"""The suite's data: what the spec generates, valid against its schema, covering every clause and
every reading, and kept by the rules of its versions (spec/conformance/files.py)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.conformance import SUITE_DIR
from truco_rules.spec.conformance import files as suite_files
from truco_rules.spec.conformance.cases import load_cases
from truco_rules.spec.conformance.files import SuiteError, plan_write, read_ids
from truco_rules.spec.conformance.generate import generate_cases

RULESETS = list(load_catalogue().rulesets)


@pytest.fixture(scope="module")
def generated() -> dict[str, list]:
    """Every case as the spec generates it, with the keys it depends on as published (working them
    out takes minutes: tests/conformance/test_suite_honesty.py checks a sample of them)."""
    out = {}
    for name in RULESETS:
        published = {c.id: c.depends for c in load_cases(name)}
        out[name] = [dataclasses.replace(c, depends=published.get(c.id, ())) for c in generate_cases(name)]
    return out


def test_the_published_files_are_what_the_spec_generates(generated: dict[str, list]) -> None:
    for path, text in plan_write(generated).items():
        stale = f"{path} is stale: truco conformance --write-suite"
        assert Path(path).read_text(encoding="utf-8") == text, stale


def _inlined(schema: Any, defs: dict[str, Any] | None = None) -> Any:
    """The schema with each `{"$ref": "#/$defs/NAME"}` replaced by its definition: the same
    constraints (the definitions do not refer to themselves), checked in well under half the time,
    since the validator no longer resolves a reference at every step of every case."""
    defs = schema["$defs"] if defs is None else defs
    if isinstance(schema, dict):
        ref = schema.get("$ref", "")
        if len(schema) == 1 and ref.startswith("#/$defs/"):
            return _inlined(defs[ref.removeprefix("#/$defs/")], defs)
        return {k: _inlined(v, defs) for k, v in schema.items() if k != "$defs"}
    if isinstance(schema, list):
        return [_inlined(v, defs) for v in schema]
    return schema


def test_every_case_file_is_valid_against_the_schema() -> None:
    schema = json.loads((SUITE_DIR / "schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert "$ref" not in json.dumps(_inlined(schema))  # every reference was a local definition
    validator = jsonschema.Draft202012Validator(_inlined(schema))
    for name in RULESETS:
        doc = json.loads((SUITE_DIR / "cases" / f"{name}.json").read_text(encoding="utf-8"))
        errors = [e.message for e in validator.iter_errors(doc)]
        assert not errors, (name, errors[:3])
        assert doc["version"] == (SUITE_DIR / "VERSION").read_text(encoding="utf-8").strip()


def test_the_schema_refuses_a_case_without_its_steps() -> None:
    schema = json.loads((SUITE_DIR / "schema.json").read_text(encoding="utf-8"))
    doc = json.loads((SUITE_DIR / "cases" / "mineiro-1v1-es.json").read_text(encoding="utf-8"))
    del doc["cases"][0]["steps"]
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(doc))
    assert list(jsonschema.Draft202012Validator(_inlined(schema)).iter_errors(doc))  # as the check reads it


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_clause_and_every_reading_of_a_ruleset_has_a_case(ruleset: str) -> None:
    cat = load_catalogue()
    cases = load_cases(ruleset)
    covered = {c for case in cases for c in case.clauses}
    assert {c.id for c in cat.clauses_of(ruleset)} <= covered
    readings = {case.reading for case in cases if case.reading}
    for amb in cat.ambiguities_of(ruleset):
        for reading in amb.readings:
            if reading.name != amb.defaults[ruleset]:
                assert f"{amb.key}={reading.name}" in readings, (ruleset, amb.key, reading.name)


def test_case_ids_are_unique_and_all_published() -> None:
    live, retired = read_ids()
    ids = [c.id for name in RULESETS for c in load_cases(name)]
    assert len(ids) == len(set(ids)) and set(ids) <= set(live) and not set(ids) & set(retired)


def test_a_change_of_meaning_under_the_same_version_is_refused(generated: dict[str, list]) -> None:
    changed = dict(generated)
    first = changed["mineiro-1v1-es"][0]
    rest = generated["mineiro-1v1-es"][1:]
    changed["mineiro-1v1-es"] = [dataclasses.replace(first, about=first.about + "!"), *rest]
    with pytest.raises(SuiteError, match="VERSION"):
        plan_write(changed)


def test_a_retired_id_is_never_given_again(generated: dict[str, list], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    gone = generated["mineiro-1v1-es"][0]
    without = {**generated, "mineiro-1v1-es": generated["mineiro-1v1-es"][1:]}
    monkeypatch.setattr(suite_files, "DIGESTS", tmp_path / "digests.json")  # a new version: no digest yet
    files = plan_write(without)
    ids_text = files[str(suite_files.IDS)]
    assert f"- {gone.id} " in ids_text and f"\n{gone.id}\n" not in ids_text
    (tmp_path / "ids.txt").write_text(ids_text, encoding="utf-8")
    monkeypatch.setattr(suite_files, "IDS", tmp_path / "ids.txt")
    with pytest.raises(SuiteError, match="retired"):
        plan_write(generated)
