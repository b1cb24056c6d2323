"""AMB-55 contraflor-resto in the spec's procedure: contraflor al resto stakes the falta (003 FLR-6,
Clarín) or the points the leading side lacks to reach the target and the flor's 3 for each flor
compared (the Rentas reglamento, Acanomas)."""

from __future__ import annotations

import pytest

from truco_rules.spec.rules.state import Hand, Rules

TWO_FLORS = (("4c", "5c", "6c"), ("5o", "6o", "7o"))  # seat 1's flor (38) beats seat 0's (35)


def _resto(reading: str, score: list[int], refusal: str | None = None) -> Hand:
    chosen = {"flor-in-play": "with-flor", "contraflor-resto": reading}
    if refusal is not None:
        chosen["flor-refusal"] = refusal
    h = Hand(Rules.of("argentino-1v1", chosen), 1, 1, 0, TWO_FLORS, score, None)
    h.apply(0, "flor")
    h.apply(1, "contraflor")
    h.apply(0, "contraflor-resto")
    return h


# (score, the falta, to-target-and-flores): in the malas the falta reaches the buenas (ARG-6), in
# the buenas the 30; the other is 30 less the higher score and 3 for each of the two flors.
CASES = [([10, 4], 5, 26), ([20, 4], 10, 16), ([4, 22], 8, 14)]


@pytest.mark.clause("ARG-8", "FLR-6", "FLR-7", "AMB-55")
@pytest.mark.parametrize(("score", "falta", "to_target"), CASES)
def test_an_accepted_contraflor_al_resto_pays_what_the_reading_counts(score: list[int], falta: int,
                                                                     to_target: int) -> None:
    for reading, points in (("falta", falta), ("to-target-and-flores", to_target)):
        h = _resto(reading, list(score))
        h.apply(1, "accept")
        assert h.outcome is not None and h.outcome.side_points == [("flor", 1, points, "ARG-8")], reading


@pytest.mark.clause("ARG-8", "FLR-7", "AMB-55", "AMB-27")
def test_a_refused_contraflor_al_resto_pays_its_stake_where_a_refusal_pays_the_call() -> None:
    for reading, points in (("falta", 5), ("to-target-and-flores", 26)):
        h = _resto(reading, [10, 4], refusal="stake-called")
        h.apply(1, "run")
        assert h.outcome is not None and h.outcome.side_points == [("flor", 0, points, "ARG-8")], reading
        before = _resto(reading, [10, 4])
        before.apply(1, "run")
        assert before.outcome is not None and before.outcome.side_points == [("flor", 0, 6, "ARG-8")], reading
