"""AMB-51 flor-achico in the reference engine: when every opponent holding flor answers con flor
me achico, the singer's side scores the flor's stake (3) or one point more (4)."""

from __future__ import annotations

import pytest
from engine_support import deal, new, play

TWO_FLORS = deal("4c 5c 6c", "5o 6o 7o")


@pytest.mark.clause("ARG-8", "FLR-8", "AMB-51")
@pytest.mark.parametrize(("reading", "points"), [("stake", 3), ("stake-and-one", 4)])
def test_con_flor_me_achico_pays_the_stake_or_one_more(reading: str, points: int) -> None:
    g = new("argentino-1v1", TWO_FLORS, flor_in_play="with-flor", flor_achico=reading)
    play(g, "flor", "run")  # seat 1 holds flor too and gives it up: con flor me achico
    assert g.scores == (points, 0)


@pytest.mark.clause("ARG-8", "FLR-5", "AMB-51")
def test_the_readings_agree_when_the_flor_is_accepted_or_unanswered() -> None:
    for reading in ("stake", "stake-and-one"):
        options = {"flor_in_play": "with-flor", "flor_achico": reading}
        g = play(new("argentino-1v1", TWO_FLORS, **options), "flor", "accept")
        assert g.scores == (0, 4), "con flor quiero: the higher flor (seat 1's 38) takes AMB-50's 4"
        alone = new("argentino-1v1", deal("4c 5c 6c", "4o 5b 6e"), **options)
        assert play(alone, "flor").scores == (3, 0), "nobody else holds flor: the stake"
