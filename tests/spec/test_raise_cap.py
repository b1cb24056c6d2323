"""AMB-43 raise-cap in the spec: under `no-cap` (the default, PAU-6) the ladder's top is the only
cap; under `capped` a side that the hand already gives what it lacks to win (PAU-10) neither calls
nor raises. The same situation, read both ways, in Truco Paulista: the target is 12."""

from __future__ import annotations

import pytest

from truco_rules.spec.rules.state import Hand, Illegal, Rules, legal_actions

DEAL = [["4C", "5H", "6S"], ["7D", "QC", "JH"]]
VIRA = "KD"


def hand(score: tuple[int, int], reading: str) -> Hand:
    rules = Rules.of("paulista-1v1", {"raise-cap": reading})
    return Hand(rules, 1, 1, 0, tuple(tuple(d) for d in DEAL), list(score), VIRA)


@pytest.mark.clause("PAU-6", "PAU-10")
def test_a_raise_past_what_the_side_lacks_differs_by_reading() -> None:
    """Side 1 is at 9 and lacks 3: once truco (3) is called, raising to 6 gains it nothing."""
    for reading, may in (("no-cap", True), ("capped", False)):
        h = hand((0, 9), reading)
        h.apply(0, "raise 3")
        assert h.to_act() == 1
        assert ("raise 6" in legal_actions(h)) is may, f"[PAU-6] AMB-43 {reading}"
        assert {"accept", "run"} <= legal_actions(h), "[BET-2] the call is still answered"
    h = hand((0, 9), "capped")
    h.apply(0, "raise 3")
    with pytest.raises(Illegal) as err:
        h.apply(1, "raise 6")
    assert err.value.clause == "PAU-6" and "AMB-43" in str(err.value)


@pytest.mark.clause("PAU-6", "PAU-10")
def test_the_cap_counts_the_callers_own_side() -> None:
    """Side 0 at 9 or 10 (lacking 3 or 2) still calls truco on a hand worth 1; a side that lacks 12
    raises as before."""
    for score in ((9, 0), (10, 0), (0, 0)):
        assert "raise 3" in legal_actions(hand(score, "capped")), f"[PAU-6] {score}"
    h = hand((0, 0), "capped")
    h.apply(0, "raise 3")
    assert "raise 6" in legal_actions(h), "[PAU-6] a side far from the target raises as before"
