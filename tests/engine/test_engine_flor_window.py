"""AMB-53 flor-window in the reference engine: a seat that has played its first card sings flor,
answering an envido (AMB-31) or the hand's first truco call (AMB-29), only under first-round;
under before-first-card the flor is refused with its clause and the game unchanged."""

from __future__ import annotations

import pytest
from engine_support import deal, legal_texts, new, play

from truco_rules.engine import Game, IllegalActionError

UY = "uruguayo-1v1"
FLOR_DEAL = deal("6c 7c 12c", "4o 5b 6b")  # seat 0's flor in copas; the muestra's suit is espadas
PATHS = (("play 6c", "envido"), ("play 6c", "raise 2"))  # answering an envido, the first truco


def _after(reading: str, prefix: tuple[str, ...]) -> Game:
    # flor optional, so that seat 0 may play its first card without singing (AMB-26)
    g = new(UY, FLOR_DEAL, muestras=["3e"], flor_optional="optional", flor_window=reading)
    return play(g, *prefix)


@pytest.mark.clause("URU-6", "AMB-53")
@pytest.mark.parametrize("prefix", PATHS)
def test_first_round_lets_a_seat_that_has_played_sing_flor(prefix: tuple[str, ...]) -> None:
    g = _after("first-round", prefix)
    assert "flor" in legal_texts(g)
    play(g, "flor")
    assert g.scores == (3, 0), "nobody else holds flor: the singer's side scores its 3 (URU-6)"


@pytest.mark.clause("URU-6", "AMB-53")
@pytest.mark.parametrize("prefix", PATHS)
def test_before_first_card_refuses_the_flor_with_its_clause(prefix: tuple[str, ...]) -> None:
    g = _after("before-first-card", prefix)
    assert "flor" not in legal_texts(g)
    before = g.copy()
    with pytest.raises(IllegalActionError) as err:
        g.push("flor")
    assert err.value.clause == "URU-6", err.value
    assert g == before


@pytest.mark.clause("URU-6", "AMB-53")
def test_the_readings_agree_before_the_seat_plays() -> None:
    for reading in ("before-first-card", "first-round"):
        g = new(UY, FLOR_DEAL, muestras=["3e"], flor_optional="optional", flor_window=reading)
        assert "flor" in legal_texts(g)
