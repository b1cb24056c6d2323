"""AMB-53 flor-window in the spec's procedure: a seat that has played its first card sings flor,
answering an envido (AMB-31) or the hand's first truco call (AMB-29), only under first-round;
under before-first-card the flor is refused with its clause and the hand unchanged."""

from __future__ import annotations

import pytest

from truco_rules.spec.rules.state import Hand, Illegal, Rules, legal_actions

UY = "uruguayo-1v1"
FLOR_DEAL = (("6c", "7c", "12c"), ("4o", "5b", "6b"))  # seat 0's flor in copas; muestra in espadas
PATHS = (("play 6c", "envido"), ("play 6c", "raise 2"))


def _after(reading: str, prefix: tuple[str, ...]) -> Hand:
    # flor optional, so that seat 0 may play its first card without singing (AMB-26)
    rules = Rules.of(UY, {"flor-optional": "optional", "flor-window": reading})
    h = Hand(rules, 1, 1, 0, FLOR_DEAL, [0, 0], "3e")
    for text in prefix:
        h.apply(h.to_act(), text)  # type: ignore[arg-type]
    return h


@pytest.mark.clause("URU-6", "AMB-53")
@pytest.mark.parametrize("prefix", PATHS)
def test_first_round_lets_a_seat_that_has_played_sing_flor(prefix: tuple[str, ...]) -> None:
    h = _after("first-round", prefix)
    assert "flor" in legal_actions(h)
    h.apply(0, "flor")
    assert h.outcome is not None
    assert h.outcome.side_points == [("flor", 0, 3, "URU-6")], "nobody else holds flor: 3 to the singer"


@pytest.mark.clause("URU-6", "AMB-53")
@pytest.mark.parametrize("prefix", PATHS)
def test_before_first_card_refuses_the_flor_with_its_clause(prefix: tuple[str, ...]) -> None:
    h = _after("before-first-card", prefix)
    assert "flor" not in legal_actions(h)
    before = h.key()
    with pytest.raises(Illegal) as err:
        h.apply(0, "flor")
    assert err.value.clause == "URU-6", err.value
    assert h.key() == before
