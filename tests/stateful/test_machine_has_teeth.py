"""The stateful machine itself is tested: given an engine with a planted bug, it must fail and
name the bug's clause, and Hypothesis must shrink the failure to a short program."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from tests.planted.engines import raise_twice, skip_step
from tests.stateful.test_engine_vs_spec import EngineVsSpec


@pytest.mark.slow  # raise_twice: minutes of search and shrinking
@pytest.mark.clause("BET-10")
@pytest.mark.parametrize(("factory", "ruleset", "clause"), [
    (raise_twice, "gauderio-pairs-es", "BET-10"),
    (skip_step, "mineiro-1v1-es", "BET-6"),
])
def test_machine_fails_a_planted_bug_under_its_clause(factory: object, ruleset: str, clause: str) -> None:
    class Planted(EngineVsSpec):
        pass

    Planted.ruleset = ruleset
    Planted.engine_factory = staticmethod(factory)  # type: ignore[assignment]
    with pytest.raises(AssertionError) as caught:
        run_state_machine_as_test(Planted, settings=settings(
            max_examples=200, derandomize=True, database=None, deadline=None,
            suppress_health_check=list(HealthCheck)))
    message = str(caught.value)
    assert re.search(rf"\[{clause}\]", message), message[:500]
