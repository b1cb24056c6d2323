"""Every property is proved (or, for a literal wording, refuted as the register says), and every
negative control is refuted with the counterexample it should have."""

from __future__ import annotations

import pytest

from truco_rules.proofs.ladder_model import CALL, steps_of
from truco_rules.proofs.property import AMBIGUITY, Outcome
from truco_rules.proofs.registry import all_properties
from truco_rules.proofs.solver import COUNTEREXAMPLE, PROVED, UNKNOWN


def _describe(o: Outcome) -> str:
    ids = " ".join(f"[{c}]" for c in o.prop.clauses)
    return (f"{ids} {o.prop.id} on {o.setup.label}: {o.answer.status} {o.answer.values}; "
            f"control {o.control.status} {o.control.values} (expected shape: {o.control_as_expected})")


@pytest.mark.slow
def test_every_property_holds_with_a_refuted_control(outcomes: list[Outcome]) -> None:
    bad = [_describe(o) for o in outcomes if not o.ok]
    assert not bad, "\n".join(bad)


def test_no_answer_is_unknown(outcomes: list[Outcome]) -> None:
    assert all(UNKNOWN not in (o.answer.status, o.control.status) for o in outcomes)


@pytest.mark.parametrize("prop_id", [p.id for p in all_properties()])
def test_each_property_runs_somewhere(outcomes: list[Outcome], prop_id: str) -> None:
    assert any(o.prop.id == prop_id for o in outcomes), f"{prop_id} applies to no ruleset"


@pytest.mark.clause("HND-5")
def test_literal_split_then_tie_names_both_sides(outcomes: list[Outcome]) -> None:
    """000 and 003: 'cualquier ronda anterior o posterior' after X, Y, tie names X and Y (AMB-2)."""
    found = [o for o in outcomes if o.prop.id == "hand-literal-split-then-tie"]
    assert {o.setup.ruleset for o in found} == {"mineiro-1v1-es", "gauderio-pairs-es"}
    for o in found:
        assert o.prop.kind == AMBIGUITY and "AMB-2" in o.prop.ambiguities
        assert o.answer.status == COUNTEREXAMPLE and o.control.status == PROVED
        cx = o.answer.values
        assert {cx["r1"], cx["r2"]} == {0, 1} and cx["r3"] == 2, "[HND-5] witness is not X, Y, tie"


@pytest.mark.clause("HND-7", "HND-8")
def test_002_names_nobody_after_two_ties(outcomes: list[Outcome]) -> None:
    found = [o for o in outcomes if o.prop.id == "hand-literal-first-two-tied"]
    assert found and all(o.setup.ruleset == "mineiro-pairs-it" for o in found)
    for o in found:
        cx = o.answer.values
        assert (cx["r1"], cx["r2"]) == (2, 2) and cx["r3"] in (0, 1), "[HND-7] witness is not tie, tie, X"


@pytest.mark.clause("BET-6", "BET-9")
@pytest.mark.parametrize("prop_id", ["ladder-invariant", "ladder-one-step-up"])
def test_skipped_step_control_shows_a_call_two_steps_up(outcomes: list[Outcome], prop_id: str) -> None:
    """The control of a skipping call is refuted by a call that really skips a step of the ladder."""
    found = [o for o in outcomes if o.prop.id == prop_id]
    assert found
    for o in found:
        cx, steps = o.control.values, steps_of(o.setup)
        assert cx["action"] == CALL and cx["value_pre"] in steps, f"[BET-6] {prop_id} control: {cx}"
        assert cx["pending_post"] == steps[steps.index(cx["value_pre"]) + 2], f"[BET-6] not a skip: {cx}"


@pytest.mark.clause("HND-5", "HND-6")
def test_001_contradicts_itself_unless_hnd6_is_an_exception(outcomes: list[Outcome]) -> None:
    """001's general sentence names the second-round winner after X, Y, tie; HND-6 the first. Only
    with HND-6 as an exception overriding the general rule is the winner unique (AMB-2)."""
    found = [o for o in outcomes if o.prop.id == "hand-001-general-vs-hnd6"]
    assert found and {o.setup.ruleset for o in found} == {"mineiro-1v1-en"}
    for o in found:
        cx = o.answer.values
        assert o.answer.status == COUNTEREXAMPLE and "AMB-2" in o.prop.ambiguities
        assert cx["r1"] in (0, 1) and cx["r2"] == 1 - cx["r1"] and cx["r3"] == 2, "[HND-6] not X, Y, tie"
        assert o.control.status == PROVED, "[HND-6] as the exception, 001 must name one winner"
