"""TEN-4 under caller-loses-match: the forfeited hand is recorded in exactly one way.

Procedure: winner = the other side, points 0, forfeit = the caller's side. The monitor used to
accept two other forms; these tests pin the one the procedure now states.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from truco_rules.engine import Game
from truco_rules.spec.monitor import check_record
from truco_rules.spec.rules.state import Match, Rules

ES = "mineiro-1v1-es"


def _forfeit_record() -> dict[str, Any]:
    """Side 0 is at ten (hand of ten) and seat 0 calls truco at once: side 0 forfeits."""
    game = Game.new(ES, seed=3, scores=(10, 4))
    game.push("raise 6")
    assert game.to_act is None
    return game.record()


@pytest.mark.clause("TEN-4")
def test_spec_records_the_forfeit_as_the_procedure_says() -> None:
    match = Match(Rules.of(ES))
    match.score = [10, 4]
    hand = match.new_hand((("5C", "6H", "KD"), ("4C", "7H", "3S")))
    hand.apply(0, "raise 6")
    o = hand.outcome
    assert o is not None and hand.over
    assert (o.winner, o.points, o.forfeit) == (1, 0, 0), f"[TEN-4] winner/points/forfeit: {o}"
    match.end_hand(hand.kind, o, hand.score)
    assert match.winner == 1 and match.hand_score == [10, 4], "[TEN-4] the caller's side loses the match"


@pytest.mark.clause("TEN-4")
def test_engine_forfeit_hand_matches_the_procedure() -> None:
    res = _forfeit_record()["hands"][-1]["result"]
    assert (res["winner"], res["points"], res["forfeit"]) == (1, 0, 0), f"[TEN-4] {res}"


def _record_with_forfeit() -> dict[str, Any]:
    """A whole conforming record that ends with a TEN-4 forfeit, found by replaying engine games."""
    for seed in range(200):
        game = Game.new(ES, seed=seed)
        while game.to_act is not None:
            legal = game.legal_actions()
            obs = game.observation(game.to_act)
            texts = [a.text for a in legal]
            # Call truco whenever the hand of ten allows the (penalised) call; otherwise play on.
            if obs["hand_kind"] == "ten" and any(t.startswith("raise") for t in texts):
                game.push(next(a for a in legal if a.text.startswith("raise")))
            else:
                game.push(legal[0])
        rec = game.record()
        if rec["hands"][-1]["result"].get("forfeit") is not None:
            return rec
    raise AssertionError("no seed reached a hand of ten")


@pytest.mark.clause("TEN-4")
def test_monitor_accepts_only_the_procedure_form() -> None:
    rec = _record_with_forfeit()
    assert check_record(rec) == [], "[TEN-4] the procedure's form conforms"
    i = len(rec["hands"]) - 1
    caller = rec["hands"][i]["result"]["forfeit"]
    wrong_forms = {
        "nobody wins": {"winner": None, "points": 0},
        "other side at the hand's value": {"winner": 1 - caller, "points": 4},
        "caller's side wins": {"winner": caller, "points": 0},
        "no forfeit": {"forfeit": None},
    }
    for name, change in wrong_forms.items():
        bad = copy.deepcopy(rec)
        bad["hands"][i]["result"].update(change)
        found = [v.clause for v in check_record(bad)]
        assert "TEN-4" in found, f"[TEN-4] {name} must be reported, got {found}"
