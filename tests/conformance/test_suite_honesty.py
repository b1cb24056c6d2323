"""A suite run means what it says (#35): announcing the readings an engine plays never runs fewer
cases, only the cases that depend on a reading are skipped for it (and run generated again under
the engine's), and a run in which the engine could run under half of a ruleset's cases, or faulted,
is no pass."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from click.testing import CliRunner

from tests.planted.suite_engines import CTRUCO, ctruco_announced, defaults_only
from truco_rules.cli.main import cli
from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.conformance.cases import load_cases
from truco_rules.spec.conformance.depends import depends_of, plan_runs, under
from truco_rules.spec.conformance.run import FAIL, PASS, run_cases

PAULISTA = "paulista-1v1"


def _suite(*args: str) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(cli, ["conformance", "--suite", "--games", "0", "--programs", "0",
                                      "--jobs", "2", "--json", *args])
    return result.exit_code, json.loads(result.output[result.output.index("{"):])


def _case(ruleset: str, ident: str) -> Any:
    return next(c for c in load_cases(ruleset) if c.id == ident)


def test_a_case_depends_on_the_keys_that_change_it_and_on_no_other() -> None:
    trailing = _case(PAULISTA, "paulista-1v1/ladder/trailing/even@raise-cap-trailing=trailing-need")
    assert "raise-cap-trailing" in trailing.depends == depends_of(trailing)
    capped = _case(PAULISTA, "paulista-1v1/target/capped/truco-accepted/side-0@score-cap=capped")
    assert "score-cap" in capped.depends and "raise-cap-trailing" not in capped.depends
    first_card = load_cases("mineiro-1v1-es")[0]  # a round of the first hand: no score, no iron hand
    assert not {"score-cap", "iron-or-ordinary", "ten-choice"} & set(first_card.depends)
    # a case the spec does not play as written is refused, not given keys
    step = dataclasses.replace(first_card.steps[0], legal=("play 4C",))
    with pytest.raises(AssertionError, match="not what the spec plays"):
        depends_of(dataclasses.replace(first_card, steps=(step, *first_card.steps[1:])))


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ["mineiro-1v1-es", "argentino-1v1", PAULISTA])
def test_the_published_depends_are_what_the_spec_finds(ruleset: str) -> None:
    sample = [c for c in load_cases(ruleset) if c.kind == "situation"][::40]
    assert sample and all(c.depends == depends_of(c) for c in sample)


def test_a_case_that_holds_under_the_engines_readings_is_run_as_published() -> None:
    trailing = _case(PAULISTA, "paulista-1v1/ladder/trailing/even@raise-cap-trailing=trailing-need")
    same, why = under(trailing, {"raise-cap-trailing": "trailing-need"})
    assert why is None and same is not None and same.id == trailing.id
    capped = _case(PAULISTA, "paulista-1v1/target/capped/truco-accepted/side-0@score-cap=capped")
    again, why = under(capped, {"score-cap": "uncapped"})
    assert why is not None and "score-cap" in why and again is not None
    assert again.id == f"{capped.id}@@score-cap=uncapped" and again.readings == {}
    assert again.end["result"]["score"] == [13, 0]  # every point counts


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", list(load_catalogue().rulesets))
def test_announcing_a_reading_never_runs_fewer_cases(ruleset: str) -> None:
    """For a non-default reading of each ruleset (the first the register lists for it): the cases
    run, published or generated again, are as many as the published ones."""
    cat = load_catalogue()
    amb = next(a for a in cat.ambiguities_of(ruleset) if len(a.readings) > 1)
    other = next(r.name for r in amb.readings if r.name != amb.defaults[ruleset])
    published = load_cases(ruleset)
    runs, skipped = plan_runs(published, {amb.key: other})
    assert len(runs) == len(published), (amb.key, other)
    assert all(f"{i}@@" in " ".join(c.id for c in runs) for i in skipped)


@pytest.mark.slow
def test_an_engine_that_announces_what_it_plays_passes_and_runs_as_many_cases() -> None:
    """CTruco's readings on paulista-1v1: said in its hello, every case passes; unsaid, the cases
    that depend on them fail (each a rule it plays otherwise), and no more cases run than announced."""
    code, loud = _suite("--engine", "tests.planted.suite_engines:ctruco_announced", "--ruleset", PAULISTA)
    assert code == 0, [c for c in loud["cases"] if c["status"] != "pass"][:3]
    code, quiet = _suite("--engine", "tests.planted.suite_engines:ctruco_silent", "--ruleset", PAULISTA)
    assert code == 1 and quiet["counts"]["fail"] > 0

    def ran(data: dict[str, Any]) -> int:
        return sum(c["status"] in ("pass", "fail") for c in data["cases"] if "/random" not in c["id"]
                   and "/exhaustive" not in c["id"])
    assert ran(loud) >= ran(quiet) >= len(load_cases(PAULISTA)) - 5
    regenerated = [c for c in loud["cases"] if "@@" in c["id"]]
    assert regenerated and all(c["status"] == "pass" for c in regenerated)


def test_the_regenerated_cases_fail_an_engine_that_plays_the_defaults() -> None:
    """Teeth: the cases generated again for CTruco's readings are not those of the defaults."""
    runs, _ = plan_runs(load_cases(PAULISTA), CTRUCO)
    regenerated = [c for c in runs if "@@" in c.id][:6]
    results = run_cases(defaults_only, regenerated, 5.0, 1)
    assert regenerated and any(r.status == FAIL for r in results)
    mine = run_cases(ctruco_announced, regenerated, 5.0, 1, announced=CTRUCO)
    assert all(r.status == PASS for r in mine), [r for r in mine if r.status != PASS][:2]


def test_a_run_where_every_case_is_skipped_exits_1_and_says_why() -> None:
    code, data = _suite("--engine", "tests.planted.suite_engines:no_deals", "--ruleset", "mineiro-1v1-es")
    assert code == 1 and data["exit"] == 1 and data["counts"]["pass"] == 0
    why = data["shortfalls"]["mineiro-1v1-es"]
    assert why.startswith("mineiro-1v1-es: 0 of its") and "stacked deals" in why


def test_an_engine_that_crashes_at_new_game_errors_and_exits_1_even_when_listed(tmp_path: Any) -> None:
    expect = tmp_path / "expect.yaml"
    args = ("--engine", "tests.planted.suite_engines:crashes_at_new_game", "--ruleset", "mineiro-1v1-es")
    code, data = _suite(*args, "--write-expectations", str(expect))
    cases = [c for c in data["cases"] if "/random" not in c["id"] and "/exhaustive" not in c["id"]]
    assert code == 1 and cases and all(c["status"] == "error" for c in cases)
    assert "new_game" in cases[0]["message"] and "mineiro-1v1-es" in data["shortfalls"]
    code, data = _suite(*args, "--expect-failures", str(expect))
    assert code == 1 and data["exit"] == 1, "an error is never a known failure"


@pytest.mark.slow
def test_an_engine_that_names_an_earlier_edition_plays_it_and_hears_what_changed() -> None:
    """uruguayo-1v1 went from 30 points to 40 (edition 2): an engine of edition 1 that says so in
    its hello passes, its cases played again under edition 1 (those past 30 are no position there)."""
    result = CliRunner().invoke(cli, ["conformance", "--suite", "--games", "0", "--programs", "0",
                                      "--jobs", "2", "--json", "--engine",
                                      "tests.planted.suite_engines:uruguayo_edition_1",
                                      "--ruleset", "uruguayo-1v1"])
    data = json.loads(result.output[result.output.index("{"):])
    assert result.exit_code == 0 and data["counts"]["fail"] == data["counts"]["error"] == 0
    again = [c for c in data["cases"] if "@@edition=1" in c["id"]]
    assert again and all(c["status"] == "pass" for c in again)
    assert "the engine plays edition 1 of 2" in result.output and "40 points" in result.output
