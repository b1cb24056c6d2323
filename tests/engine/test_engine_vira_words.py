"""The card Paulista turns up is the vira (PAU-2): the engine's argument errors and the monitor's
reports call it what the ruleset file calls it, not the muestra (URU-2) of another ruleset
(issue 21)."""

from __future__ import annotations

import copy

import pytest

from truco_rules.engine import Game
from truco_rules.engine.errors import GameArgumentError
from truco_rules.spec.monitor.replay import check_record

PAULISTA = "paulista-1v1"
DEAL = [[["4D", "5H", "3S"], ["JD", "6S", "QD"]]]


@pytest.mark.clause("PAU-2")
def test_the_engine_names_the_vira() -> None:
    cases = [(None, "paulista-1v1 turns up a vira: give one per stacked deal (1 deals, 0 muestras)"),
             (["4D"], "the vira 4D of stacked hand 1 is also dealt to a seat")]
    for muestras, message in cases:
        with pytest.raises(GameArgumentError) as err:
            Game.new(PAULISTA, seed=0, deals=DEAL, muestras=muestras)
        assert str(err.value) == message, f"[PAU-2] {muestras}: {err.value}"
    with pytest.raises(GameArgumentError, match=r"^uruguayo-1v1 turns up a muestra: "):
        Game.new("uruguayo-1v1", seed=0, deals=[[["10c", "3b", "4o"], ["1e", "1b", "7e"]]])


def _played(name: str) -> dict:
    g = Game.new(name, seed=1)
    while not g.is_over():
        g.push(g.legal_actions()[0])
    return g.record()


@pytest.mark.clause("PAU-2")
def test_the_monitor_names_the_vira() -> None:
    record = _played(PAULISTA)
    assert check_record(record) == []
    bad = copy.deepcopy(record)
    bad["hands"][0]["muestra"] = bad["hands"][0]["deal"][0][0]  # the vira dealt to seat 0 too
    problems = [v.requires for v in check_record(bad)]
    assert "the vira is in nobody's hand" in problems, problems
    assert not any("muestra" in p for p in problems), problems
    off_deck = copy.deepcopy(record)
    off_deck["hands"][0]["muestra"] = "8C"  # no card of this deck (no 8)
    problems = [v.requires for v in check_record(off_deck)]
    assert any(p.startswith("the hand must carry its vira") for p in problems), problems
