"""The suite run on engines: the reference passes every case; each engine with a planted bug fails
cases whose diagnosed rule is the planted one."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.planted.engines import PLANTED
from truco_rules.engine.adapter import ReferenceAdapter
from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.conformance.cases import load_cases
from truco_rules.spec.conformance.run import ERROR, FAIL, PASS, run_cases


@pytest.mark.parametrize("ruleset", list(load_catalogue().rulesets))
def test_the_reference_engine_passes_every_case(ruleset: str) -> None:
    results = run_cases(ReferenceAdapter, load_cases(ruleset), 5.0, 1)
    bad = [r for r in results if r.status != PASS]
    assert not bad, bad[:3]


@pytest.mark.parametrize("engine", list(PLANTED), ids=lambda e: e.__name__)
def test_a_planted_bug_fails_cases_and_the_first_names_its_clause(engine) -> None:  # type: ignore[no-untyped-def]
    ruleset, clause = PLANTED[engine]
    results = run_cases(engine, load_cases(ruleset), 5.0, 1)
    failed = [r for r in results if r.status in (FAIL, ERROR)]
    assert failed, f"{engine.__name__}: every case passed"
    first = failed[0].clause
    if clause == "SEN-1":  # a lying seña breaks whichever seña rule the first case makes
        assert first in ("SEN-1", "SEN-2", "SEN-3"), Counter(r.clause for r in failed)
    else:
        assert first == clause, Counter(r.clause for r in failed)
