"""The engine's deals are what one random.Random per match draws with `sample`, hand after hand,
for every deal size a ruleset can have (three cards to 2, 4 or 6 seats, and a muestra), so that
written-out dealing keeps the standard library's draws (DEAL-1, URU-2); and the deal of hand k
depends only on the seed and k."""

from __future__ import annotations

import random

import pytest

from truco_rules.engine import Game
from truco_rules.engine.dealing import Deals, generator_seed


@pytest.mark.parametrize("k", [6, 7, 12, 13, 18, 19])
@pytest.mark.parametrize("deck", [40, 36, 48])
def test_the_deals_of_a_match_are_what_random_sample_draws(k: int, deck: int) -> None:
    cards = tuple(range(0, 2 * deck, 2))  # card indices need not be consecutive
    for seed in (*range(60), -7, 2**62, 10**18 * 1_000_003):
        deals = Deals(seed)
        rng = random.Random(generator_seed(seed))
        for hand in range(1, 6):
            assert deals.hand(hand, cards, k) == rng.sample(cards, k), (seed, hand, k, deck)


def test_negative_seeds_have_deals_of_their_own() -> None:
    cards = tuple(range(40))
    seeds = (*range(-50, 50), 2**62, -(2**62))
    assert len({generator_seed(s) for s in seeds}) == len(seeds)
    assert Deals(-3).hand(1, cards, 6) != Deals(3).hand(1, cards, 6)


def test_a_hand_is_dealt_the_same_whatever_was_drawn_or_stacked_before() -> None:
    cards = tuple(range(40))
    late = Deals(11)
    assert late.hand(4, cards, 6) == Deals(11).hand(4, cards, 6)
    plain = Game.new("mineiro-1v1-es", seed=5)
    stacked = Game.new("mineiro-1v1-es", seed=5, deals=[plain.deal()[::-1]])
    for game in (plain, stacked):
        while not game.record()["hands"]:  # play the first hand's first card until it ends
            game.push(game.legal_actions()[0])
    assert stacked.record()["hands"][0]["deal"] == plain.record()["hands"][0]["deal"][::-1]
    assert plain.deal() == stacked.deal()

def test_undo_and_copies_deal_again_what_was_dealt() -> None:
    game = Game.new("gauderio-pairs-es", seed=2)
    rng = random.Random(0)
    seen = {}
    while game.to_act is not None and len(game._hands) < 4:
        seen.setdefault(game._hand_no, game.deal())
        game.push(rng.choice(game.legal_actions()))
    twin = game.copy()
    while game.moves:
        game.pop()
        if game.moves:
            assert game.deal() == seen[game._hand_no]
    fresh = Game.new("gauderio-pairs-es", seed=2)
    for move in twin.moves:
        fresh.push(move)
    assert fresh == twin and fresh.deal() == twin.deal()
