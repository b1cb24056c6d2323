"""AMB-56 envido-order in the spec's procedure: an envido chain goes only forward (envido, real
envido, falta envido), or an envido may also answer a real envido (the Rentas reglamento's words)."""

from __future__ import annotations

import pytest

from truco_rules.spec.rules.procedure.legal import legal_actions
from truco_rules.spec.rules.state import Hand, Rules

AR = "argentino-1v1"
BASE = (("7e", "6e", "1b"), ("4o", "5c", "6b"))  # seat 0's envido 33 beats seat 1's 25


def _hand(readings: dict[str, str], *actions: str) -> Hand:
    h = Hand(Rules.of(AR, readings), 1, 1, 0, BASE, [0, 0], None)
    for text in actions:
        h.apply(h.to_act(), text)  # type: ignore[arg-type]
    return h


@pytest.mark.clause("ARG-5", "ENV-5", "AMB-56")
def test_an_envido_answers_a_real_envido_only_under_envido_after_real() -> None:
    in_order = legal_actions(_hand({}, "real-envido"))
    assert "envido" not in in_order and "falta-envido" in in_order
    after_real = legal_actions(_hand({"envido-order": "envido-after-real"}, "real-envido"))
    assert "envido" in after_real and "falta-envido" in after_real


@pytest.mark.clause("ARG-5", "ENV-5", "AMB-56", "AMB-54")
def test_an_envido_after_a_real_envido_accepts_it_and_raises_two() -> None:
    after_real = {"envido-order": "envido-after-real"}
    accepted = _hand(after_real, "real-envido", "envido", "accept")
    assert accepted.outcome is not None and accepted.outcome.side_points == [("envido", 0, 5, "ARG-5")]
    refused = _hand(after_real, "real-envido", "envido", "run")
    assert refused.outcome is not None and refused.outcome.side_points == [("envido", 1, 3, "ARG-5")], \
        "the real envido accepted before the refused envido (AMB-54)"


@pytest.mark.clause("ARG-5", "ENV-5", "AMB-56", "AMB-20")
def test_each_call_still_appears_at_most_its_times_in_a_chain() -> None:
    h = _hand({"envido-order": "envido-after-real"}, "real-envido", "envido", "envido")
    legal = legal_actions(h)
    assert "envido" not in legal and "real-envido" not in legal and "falta-envido" in legal
