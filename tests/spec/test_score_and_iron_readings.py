"""The register entries a Truco Paulista engine (CTruco) taught, in the spec: AMB-59 score-cap
(a final score stops at the target), AMB-60 raise-cap-trailing (no call once the stake covers what
the trailing side needs) and AMB-61 iron-or-ordinary (both sides at the hand of ten's score play an
ordinary hand without truco). Each default keeps the behaviour of before; each other reading does
what its summary says, on the same position."""

from __future__ import annotations

import pytest

from truco_rules.spec.rules.state import Hand, Illegal, Rules, legal_actions
from truco_rules.spec.situations.play import SpecRun

DEAL = (("4C", "5H", "6S"), ("7D", "QC", "JH"))
VIRA = "KD"


def _hand(ruleset: str, readings: dict[str, str], score: tuple[int, int], vira: str | None = VIRA) -> Hand:
    return Hand(Rules.of(ruleset, readings), 1, 1, 0, DEAL, list(score), vira)


@pytest.mark.clause("PAU-10", "MAT-1")
@pytest.mark.parametrize(("ruleset", "start", "end"), [("paulista-1v1", 10, 13), ("mineiro-1v1-es", 9, 13)])
def test_score_cap_stops_a_final_score_at_the_target(ruleset: str, start: int, end: int) -> None:
    strong = {"paulista-1v1": ["3C", "3H", "2S"], "mineiro-1v1-es": ["4C", "7H", "AS"]}[ruleset]
    vira = VIRA if ruleset.startswith("paulista") else None
    deal = ({"hands": [strong, ["4D", "5C", "6H"]], "muestra": vira},)
    for reading, score in (("uncapped", end), ("capped", 12)):
        rules = Rules.of(ruleset, {"score-cap": reading})
        run = SpecRun(rules, deal, (start, 0), None)
        run.apply(f"raise {rules.ladder[1]}")
        run.apply("accept")
        for a, b in zip(strong[:2], ("4D", "5C"), strict=True):
            run.apply(f"play {a}")
            run.apply(f"play {b}")
        result = run.hands[-1]["result"]
        assert run.match.winner == 0, "[MAT-1] the same side wins under both readings"
        assert result["points"] == rules.ladder[1], "[BET-3] the hand is worth the truco either way"
        assert result["score"] == [score, 0], f"AMB-59 {reading}"


@pytest.mark.clause("PAU-6", "PAU-10")
def test_raise_cap_trailing_stops_the_ladder_at_what_the_trailing_side_needs() -> None:
    for reading, nine in (("no-cap", True), ("trailing-need", False)):
        h = _hand("paulista-1v1", {"raise-cap-trailing": reading}, (6, 6))
        h.apply(0, "raise 3")
        h.apply(1, "raise 6")
        assert ("raise 9" in legal_actions(h)) is nine, f"[PAU-6] AMB-60 {reading}: 6 to 6"
        assert {"accept", "run"} <= legal_actions(h), "[BET-2] the call is still answered"
    h = _hand("paulista-1v1", {"raise-cap-trailing": "trailing-need"}, (6, 6))
    h.apply(0, "raise 3")
    h.apply(1, "raise 6")
    with pytest.raises(Illegal) as err:
        h.apply(0, "raise 9")
    assert err.value.clause == "PAU-6" and "AMB-60" in str(err.value)
    # 5 to 8: the trailing side lacks 7, so 9 may be called, 12 may not (CTruco's own test)
    h = _hand("paulista-1v1", {"raise-cap-trailing": "trailing-need"}, (5, 8))
    for seat, call in ((0, 3), (1, 6), (0, 9)):
        assert f"raise {call}" in legal_actions(h)
        h.apply(seat, f"raise {call}")
    assert legal_actions(h) == {"accept", "run"}
    # far from the target the cap changes nothing
    h = _hand("paulista-1v1", {"raise-cap-trailing": "trailing-need"}, (0, 0))
    for seat, call in ((0, 3), (1, 6), (0, 9), (1, 12)):
        h.apply(seat, f"raise {call}")


@pytest.mark.clause("PAU-9", "PAU-14", "IRN-1", "IRN-2")
def test_iron_or_ordinary_plays_both_at_eleven_as_an_ordinary_hand_without_truco() -> None:
    iron = _hand("paulista-1v1", {"iron-or-ordinary": "iron-hand"}, (11, 11))
    assert (iron.value, iron.blind) == (3, False), "[PAU-9] the mão de ferro (AMB-10; AMB-11 open)"
    plain = _hand("paulista-1v1", {"iron-or-ordinary": "ordinary-no-truco"}, (11, 11))
    assert (plain.value, plain.blind) == (1, False), "AMB-61: the opening value, cards seen"
    assert not any(a.startswith("raise") for a in legal_actions(plain))
    with pytest.raises(Illegal) as err:
        plain.apply(0, "raise 3")
    assert err.value.clause == "PAU-14", "no truco: the clause that bars it in the mão de onze"


@pytest.mark.clause("IRN-1", "IRN-3", "TEN-4")
def test_iron_or_ordinary_in_truco_mineiro() -> None:
    """In mineiro-1v1-es a call in the iron hand loses the match (AMB-9); in the ordinary hand of
    AMB-61 it is refused, never punished."""
    iron = _hand("mineiro-1v1-es", {}, (10, 10), None)
    assert iron.value == 4 and "raise 6" in legal_actions(iron)
    plain = _hand("mineiro-1v1-es", {"iron-or-ordinary": "ordinary-no-truco"}, (10, 10), None)
    assert plain.value == 2 and not plain.blind
    assert not any(a.startswith("raise") for a in legal_actions(plain))
    with pytest.raises(Illegal):
        plain.apply(0, "raise 4")
