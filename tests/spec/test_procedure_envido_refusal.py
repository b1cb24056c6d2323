"""AMB-54 envido-refusal and AMB-22 trailer-lacks in the spec's procedure: a refused raise pays
the calls accepted before it or one point more; the falta counted from the lower score."""

from __future__ import annotations

import pytest

from truco_rules.spec.rules.state import Hand, Rules

AR = "argentino-1v1"
BASE = (("7e", "6e", "1b"), ("4o", "5c", "6b"))  # seat 0's envido 33 beats seat 1's 25


def _played(readings: dict[str, str], score: list[int], *actions: str) -> list[tuple[str, int, int, str]]:
    h = Hand(Rules.of(AR, readings), 1, 1, 0, BASE, score, None)
    for text in actions:
        h.apply(h.to_act(), text)  # type: ignore[arg-type]
    assert h.outcome is not None
    return h.outcome.side_points


@pytest.mark.clause("ARG-5", "ENV-5", "AMB-54")
@pytest.mark.parametrize(("reading", "paid"), [("earlier-calls", 2), ("earlier-calls-and-one", 3)])
def test_a_refused_raise_pays_the_calls_before_it_or_one_more(reading: str, paid: int) -> None:
    readings = {"envido-refusal": reading}
    assert _played(readings, [0, 0], "envido", "real-envido", "run") == [("envido", 1, paid, "ARG-5")]
    first = _played(readings, [0, 0], "envido", "run")
    assert first == [("envido", 0, 1, "ARG-5")], "AMB-20: refusing the first call pays 1"


FALTAS = [("leader-lacks", 20), ("winner-lacks", 20), ("trailer-lacks", 26)]  # at 10 to 4, of 30


@pytest.mark.clause("ARG-6", "ENV-6", "AMB-22")
@pytest.mark.parametrize(("reading", "falta"), FALTAS)
def test_the_falta_counted_from_the_leader_the_winner_or_the_trailer(reading: str, falta: int) -> None:
    readings = {"falta-points": reading, "falta-halves": "to-target"}
    assert _played(readings, [10, 4], "falta-envido", "accept") == [("envido", 0, falta, "ARG-6")]
