"""AMB-43 raise-cap in the engine: `no-cap` (the default, PAU-6) and `capped` (a side that the hand
already gives what it lacks to win, PAU-10, neither calls nor raises) differ on the same position."""

from __future__ import annotations

import pytest

from truco_rules.engine import Game
from truco_rules.engine.errors import IllegalActionError

DEAL = [[["4C", "5H", "6S"], ["7D", "QC", "JH"]]]


def _texts(g: Game) -> set[str]:
    return {a.text for a in g.legal_actions()}


def _game(score: tuple[int, int], reading: str) -> Game:
    return Game.new("paulista-1v1", seed=1, readings={"raise-cap": reading}, deals=DEAL, muestras=["KD"],
                    scores=score)


@pytest.mark.clause("PAU-6", "PAU-10")
def test_a_raise_past_what_the_side_lacks_differs_by_reading() -> None:
    for reading, may in (("no-cap", True), ("capped", False)):
        g = _game((0, 9), reading)
        assert g.to_act == 0
        g.push("raise 3")
        assert ("raise 6" in _texts(g)) is may, f"[PAU-6] AMB-43 {reading}"
        assert {"accept", "run"} <= _texts(g), "[BET-2] the call is still answered"
    g = _game((0, 9), "capped")
    g.push("raise 3")
    with pytest.raises(IllegalActionError) as err:
        g.push("raise 6")
    assert err.value.clause == "PAU-6" and "AMB-43" in str(err.value)


@pytest.mark.clause("PAU-6", "PAU-10")
def test_the_cap_counts_the_callers_own_side() -> None:
    for score in ((9, 0), (10, 0), (0, 0)):
        assert "raise 3" in _texts(_game(score, "capped")), f"[PAU-6] {score}"
    g = _game((0, 0), "capped")
    g.push("raise 3")
    assert "raise 6" in _texts(g), "[PAU-6] a side far from the target raises as before"
    g = _game((0, 10), "capped")  # side 1 at 10 lacks 2: after truco (3) it may not raise
    g.push("raise 3")
    assert _texts(g) == {"accept", "run"}


@pytest.mark.clause("PAU-6", "PAU-10")
def test_a_capped_side_at_its_turn_to_play_calls_nothing_more() -> None:
    deal = [[["3C", "5H", "6S"], ["4D", "QC", "JH"]]]
    for reading, may in (("no-cap", True), ("capped", False)):
        g = Game.new("paulista-1v1", seed=1, readings={"raise-cap": reading}, deals=deal, muestras=["KD"],
                     scores=(9, 0))
        for move in ("play 3C", "raise 3", "accept", "play 4D"):  # side 0 wins round 1 and leads
            g.push(move)
        assert g.to_act == 0 and g.observation(0)["hand_value"] == 3
        assert ("raise 6" in _texts(g)) is may, f"[PAU-6] AMB-43 {reading}: side 0 at 9 lacks the 3 it holds"
