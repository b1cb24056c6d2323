"""AMB-55 contraflor-resto in the reference engine: contraflor al resto stakes the falta (003 FLR-6,
Clarín) or the points the leading side lacks to reach the target and the flor's 3 for each flor
compared (the Rentas reglamento, Acanomas)."""

from __future__ import annotations

import pytest
from engine_support import deal, new, play

TWO_FLORS = deal("4c 5c 6c", "5o 6o 7o")  # seat 1's flor (38) beats seat 0's (35)
RESTO = ("flor", "contraflor", "contraflor-resto")


# (scores before the hand, the falta's points, to-target-and-flores' points): the falta of a side in
# the malas reaches the buenas (ARG-6), in the buenas the 30; the other counts 30 less the higher
# score, and 3 for each of the two flors.
CASES = [((10, 4), 5, 26), ((20, 4), 10, 16), ((4, 22), 8, 14)]


@pytest.mark.clause("ARG-8", "FLR-6", "FLR-7", "AMB-55")
@pytest.mark.parametrize(("scores", "falta", "to_target"), CASES)
def test_an_accepted_contraflor_al_resto_pays_what_the_reading_counts(scores: tuple[int, int], falta: int,
                                                                     to_target: int) -> None:
    for reading, points in (("falta", falta), ("to-target-and-flores", to_target)):
        g = new("argentino-1v1", TWO_FLORS, scores=scores, flor_in_play="with-flor", contraflor_resto=reading)
        play(g, *RESTO, "accept")
        assert g.scores == (scores[0], scores[1] + points), reading


@pytest.mark.clause("ARG-8", "FLR-7", "AMB-55", "AMB-27")
def test_a_refused_contraflor_al_resto_pays_its_stake_where_a_refusal_pays_the_call() -> None:
    for reading, points in (("falta", 5), ("to-target-and-flores", 26)):
        g = new("argentino-1v1", TWO_FLORS, scores=(10, 4), flor_in_play="with-flor",
                contraflor_resto=reading, flor_refusal="stake-called")
        assert play(g, *RESTO, "run").scores == (10 + points, 4), reading
        # where a refusal pays the stake before the call (the file's AMB-27), both give the contraflor's 6
        before = new("argentino-1v1", TWO_FLORS, scores=(10, 4), flor_in_play="with-flor",
                     contraflor_resto=reading)
        assert play(before, *RESTO, "run").scores == (16, 4), reading
