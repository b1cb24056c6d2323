"""AMB-56 envido-order in the reference engine: an envido chain goes only forward (envido, real
envido, falta envido), or an envido may also answer a real envido (the Rentas reglamento's words)."""

from __future__ import annotations

import pytest
from engine_support import deal, legal_texts, new, play

AR = "argentino-1v1"
BASE = deal("7e 6e 1b", "4o 5c 6b")  # seat 0's envido 33 beats seat 1's 25


@pytest.mark.clause("ARG-5", "ENV-5", "AMB-56")
def test_an_envido_answers_a_real_envido_only_under_envido_after_real() -> None:
    in_order = play(new(AR, BASE), "real-envido")
    assert "envido" not in legal_texts(in_order) and "falta-envido" in legal_texts(in_order)
    after_real = play(new(AR, BASE, envido_order="envido-after-real"), "real-envido")
    assert "envido" in legal_texts(after_real) and "falta-envido" in legal_texts(after_real)


@pytest.mark.clause("ARG-5", "ENV-5", "AMB-56", "AMB-54")
def test_an_envido_after_a_real_envido_accepts_it_and_raises_two() -> None:
    accepted = play(new(AR, BASE, envido_order="envido-after-real"), "real-envido", "envido", "accept")
    assert accepted.scores == (5, 0)
    refused = play(new(AR, BASE, envido_order="envido-after-real"), "real-envido", "envido", "run")
    assert refused.scores == (0, 3), "the real envido accepted before the refused envido (AMB-54)"


@pytest.mark.clause("ARG-5", "ENV-5", "AMB-56", "AMB-20")
def test_each_call_still_appears_at_most_its_times_in_a_chain() -> None:
    g = play(new(AR, BASE, envido_order="envido-after-real"), "real-envido", "envido", "envido")
    assert "envido" not in legal_texts(g) and "real-envido" not in legal_texts(g)
    assert "falta-envido" in legal_texts(g)
    assert play(g, "accept").scores == (7, 0)
