"""Counts that are true (issue 39): a count of exercised clauses names only clauses of its ruleset
(or of the register entries that concern it). A forbidden contraflor probed in Truco Mineiro,
which has no flor, exercised no flor clause of it: no situation, no exhaustive walk and no
`truco check` says it did."""

from __future__ import annotations

from collections import Counter

import pytest

from truco_rules.engine.adapter import make_adapter
from truco_rules.spec.catalogue import counts_of_ruleset, load_catalogue
from truco_rules.spec.monitor.drive import Settings, check_engine
from truco_rules.spec.monitor.exhaustive import check_exhaustive, plan, supervised
from truco_rules.spec.situations.catalogue import situations_for

CAT = load_catalogue()
ES = "mineiro-1v1-es"  # no envido, no flor, no señas, no mazo


def _foreign(ruleset: str, clauses: object) -> set[str]:
    keep = CAT.concerning(ruleset)
    return {c for c in clauses if c in CAT.clauses and c not in keep}  # type: ignore[attr-defined]


@pytest.mark.parametrize("ruleset", list(CAT.rulesets))
def test_no_situation_names_a_clause_its_ruleset_lacks(ruleset: str) -> None:
    found = {s.id: _foreign(ruleset, s.clauses) for s in situations_for(ruleset, {})}
    assert found and not any(found.values()), {k: v for k, v in found.items() if v}


def test_a_count_keeps_its_rulesets_clauses_and_the_registers() -> None:
    counts = Counter({"FLR-6": 3, "ENV-1": 1, "SEN-1": 2, "RND-1": 5, "COV-1": 1, "AMB-15": 1})
    assert counts_of_ruleset(ES, counts) == Counter({"RND-1": 5, "COV-1": 1, "AMB-15": 1})


@pytest.mark.slow  # about 4 s: one class of deals, walked whole (its probes try envido and flor)
def test_the_exhaustive_walk_counts_no_flor_in_mineiro() -> None:
    plans = plan([ES], {}, None, only_positions=("iron",), only_classes=(50,))
    report = check_exhaustive(plans, supervised(make_adapter, 0.0, 1))
    exercised = report.per_ruleset[ES].exercised
    assert report.ok and sum(exercised.values()) > 0
    assert not _foreign(ES, exercised), _foreign(ES, exercised)


def test_a_check_counts_no_flor_in_mineiro() -> None:
    report = check_engine(make_adapter, [ES], {}, Settings(games=3, programs=0, situations=False))
    assert report.ok and report.refusals > 0  # forbidden actions were probed, envido and flor among them
    assert not _foreign(ES, report.exercised) and not _foreign(ES, report.per_ruleset[ES])
