"""AMB-51 flor-achico in the spec's procedure: when every opponent holding flor answers con flor
me achico, the singer's side scores the flor's stake (3) or one point more (4)."""

from __future__ import annotations

import pytest

from truco_rules.spec.rules.state import Hand, Rules


def _hand(reading: str, deal: tuple[tuple[str, ...], ...]) -> Hand:
    rules = Rules.of("argentino-1v1", {"flor-in-play": "with-flor", "flor-achico": reading})
    return Hand(rules, 1, 1, 0, deal, [0, 0], None)


TWO_FLORS = (("4c", "5c", "6c"), ("5o", "6o", "7o"))


@pytest.mark.clause("ARG-8", "FLR-8", "AMB-51")
@pytest.mark.parametrize(("reading", "points"), [("stake", 3), ("stake-and-one", 4)])
def test_con_flor_me_achico_pays_the_stake_or_one_more(reading: str, points: int) -> None:
    h = _hand(reading, TWO_FLORS)
    h.apply(0, "flor")
    h.apply(1, "run")  # con flor me achico
    assert h.outcome is not None and h.outcome.side_points == [("flor", 0, points, "ARG-8")]


@pytest.mark.clause("ARG-8", "FLR-5", "AMB-51")
def test_the_readings_agree_when_the_flor_is_accepted_or_unanswered() -> None:
    for reading in ("stake", "stake-and-one"):
        h = _hand(reading, TWO_FLORS)
        h.apply(0, "flor")
        h.apply(1, "accept")
        assert h.outcome is not None and h.outcome.side_points == [("flor", 1, 4, "ARG-8")]
        alone = _hand(reading, (("4c", "5c", "6c"), ("4o", "5b", "6e")))
        alone.apply(0, "flor")
        assert alone.outcome is not None and alone.outcome.side_points == [("flor", 0, 3, "ARG-8")]
