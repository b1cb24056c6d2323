"""The stateful machine itself is tested: given an engine with a planted bug, it must fail and
name the bug's clause, and Hypothesis must shrink the failure to a short program."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from tests.planted.engines import raise_twice, skip_step
from tests.stateful.test_engine_vs_spec import EngineVsSpec


# Shrinking the pairs machine's failure takes Hypothesis most of a minute (finding it, under a
# second): that a failure shrinks to a short program is checked one against one, where it is quick.
@pytest.mark.clause("BET-10")
@pytest.mark.parametrize(("factory", "ruleset", "clause", "shrink"), [
    (raise_twice, "gauderio-pairs-es", "BET-10", False),
    (skip_step, "mineiro-1v1-es", "BET-6", True),
])
def test_machine_fails_a_planted_bug_under_its_clause(factory: object, ruleset: str, clause: str,
                                                      shrink: bool) -> None:
    class Planted(EngineVsSpec):
        pass

    Planted.ruleset = ruleset
    Planted.engine_factory = staticmethod(factory)  # type: ignore[assignment]
    phases = list(Phase) if shrink else [Phase.explicit, Phase.reuse, Phase.generate]
    with pytest.raises(AssertionError) as caught:
        run_state_machine_as_test(Planted, settings=settings(
            max_examples=200, derandomize=True, database=None, deadline=None, phases=phases,
            suppress_health_check=list(HealthCheck)))
    message = str(caught.value)
    assert re.search(rf"\[{clause}\]", message), message[:500]
    if shrink:  # the falsifying program Hypothesis prints: a few steps from a new match
        notes = getattr(caught.value, "__notes__", [])
        program = [line for note in notes for line in note.splitlines() if line.startswith("state.")]
        assert 1 <= len(program) <= 8, program
