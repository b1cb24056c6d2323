"""The engine's deal draws exactly what random.Random(seed).sample draws, for every deal size a
ruleset can have (three cards to 2, 4 or 6 seats, and a muestra), so that written-out dealing
keeps every seed's deals (DEAL-1, URU-2)."""

from __future__ import annotations

import random

import pytest

from engine.game import _deal


@pytest.mark.parametrize("k", [6, 7, 12, 13, 18, 19])
@pytest.mark.parametrize("deck", [40, 36, 48])
def test_a_deal_draws_what_random_sample_draws(k: int, deck: int) -> None:
    cards = tuple(range(0, 2 * deck, 2))  # card indices need not be consecutive
    for seed in (*range(200), -7, 2**62, 10**18 * 1_000_003):
        assert _deal(seed, cards, k) == random.Random(seed).sample(cards, k), (seed, k, deck)
