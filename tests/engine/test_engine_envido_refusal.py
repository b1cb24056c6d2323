"""AMB-54 envido-refusal and AMB-22 trailer-lacks in the reference engine: a refused raise pays
the calls accepted before it or one point more; the falta counted from the lower score."""

from __future__ import annotations

import pytest
from engine_support import deal, new, play

AR = "argentino-1v1"
BASE = deal("7e 6e 1b", "4o 5c 6b")  # seat 0's envido 33 beats seat 1's 25


@pytest.mark.clause("ARG-5", "ENV-5", "AMB-54")
@pytest.mark.parametrize(("reading", "paid"), [("earlier-calls", 2), ("earlier-calls-and-one", 3)])
def test_a_refused_raise_pays_the_calls_before_it_or_one_more(reading: str, paid: int) -> None:
    g = play(new(AR, BASE, envido_refusal=reading), "envido", "real-envido", "run")
    assert g.scores == (0, paid)
    first = play(new(AR, BASE, envido_refusal=reading), "envido", "run")
    assert first.scores == (1, 0), "refusing the first call pays 1 under both readings (AMB-20)"


FALTAS = [("leader-lacks", 20), ("winner-lacks", 20), ("trailer-lacks", 26)]  # at 10 to 4, of 30


@pytest.mark.clause("ARG-6", "ENV-6", "AMB-22")
@pytest.mark.parametrize(("reading", "falta"), FALTAS)
def test_the_falta_counted_from_the_leader_the_winner_or_the_trailer(reading: str, falta: int) -> None:
    g = new(AR, BASE, scores=(10, 4), falta_points=reading, falta_halves="to-target")
    play(g, "falta-envido", "accept")  # seat 0, at 10 of 30, wins it
    assert g.scores == (10 + falta, 4)
