"""The register entries a Truco Paulista engine (CTruco) taught, in the reference engine: AMB-59
score-cap, AMB-60 raise-cap-trailing and AMB-61 iron-or-ordinary, each default as before and each
other reading as its summary says (tests/spec/test_score_and_iron_readings.py: the same positions in the
spec)."""

from __future__ import annotations

import pytest

from truco_rules.engine import Game
from truco_rules.engine.errors import IllegalActionError

DEAL = [["4C", "5H", "6S"], ["7D", "QC", "JH"]]


def _texts(g: Game) -> set[str]:
    return {a.text for a in g.legal_actions()}


def _game(readings: dict[str, str], score: tuple[int, int], deal: list[list[str]] = DEAL,
          ruleset: str = "paulista-1v1") -> Game:
    muestras = ["KD"] if ruleset.startswith("paulista") else None
    return Game.new(ruleset, seed=1, readings=readings, deals=[deal], muestras=muestras, scores=score)


@pytest.mark.clause("PAU-10", "MAT-1")
def test_score_cap_stops_a_final_score_at_the_target() -> None:
    for reading, final in (("uncapped", 13), ("capped", 12)):
        g = _game({"score-cap": reading}, (10, 0), [["3C", "3H", "2S"], ["4D", "5C", "6H"]])
        for a in ("raise 3", "accept", "play 3C", "play 4D", "play 3H", "play 5C"):
            g.push(a)
        rec = g.record()
        assert rec["result"]["winner"] == 0 and rec["hands"][-1]["result"]["points"] == 3
        assert list(g.scores) == [final, 0] == rec["result"]["score"], f"AMB-59 {reading}"


@pytest.mark.clause("PAU-6", "PAU-10")
def test_raise_cap_trailing_stops_the_ladder_at_what_the_trailing_side_needs() -> None:
    for reading, nine in (("no-cap", True), ("trailing-need", False)):
        g = _game({"raise-cap-trailing": reading}, (6, 6))
        g.push("raise 3")
        g.push("raise 6")
        assert ("raise 9" in _texts(g)) is nine, f"[PAU-6] AMB-60 {reading}"
    with pytest.raises(IllegalActionError) as err:
        g.push("raise 9")
    assert err.value.clause == "PAU-6" and "AMB-60" in str(err.value)
    g = _game({"raise-cap-trailing": "trailing-need"}, (5, 8))
    for call in ("raise 3", "raise 6", "raise 9"):
        g.push(call)
    assert _texts(g) == {"accept", "run"}


@pytest.mark.clause("PAU-9", "PAU-14", "IRN-1", "IRN-3")
def test_iron_or_ordinary_plays_both_at_the_mark_as_an_ordinary_hand_without_truco() -> None:
    iron = _game({}, (11, 11))
    assert (iron.hand.value, iron.hand.blind) == (3, False), "[PAU-9] the mão de ferro, seen (AMB-11)"
    plain = _game({"iron-or-ordinary": "ordinary-no-truco"}, (11, 11))
    assert (plain.hand.value, plain.hand.blind) == (1, False), "AMB-61"
    assert _texts(plain) == {"play 4C", "play 5H", "play 6S"}
    with pytest.raises(IllegalActionError) as err:
        plain.push("raise 3")
    assert err.value.clause == "PAU-14"
    mineiro = _game({"iron-or-ordinary": "ordinary-no-truco"}, (10, 10), ruleset="mineiro-1v1-es")
    assert mineiro.hand.value == 2 and not any(t.startswith("raise") for t in _texts(mineiro))
    assert "raise 6" in _texts(_game({}, (10, 10), ruleset="mineiro-1v1-es")), "[TEN-4] AMB-9: the call loses"
