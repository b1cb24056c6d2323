"""Hand.copy and Match.copy: a copy is equal to its original and independent of it, so that a walk
of the game tree can keep copies instead of replaying from the start."""

from __future__ import annotations

import copy
import random

import pytest

from spec.catalogue import load_catalogue
from spec.perft import perft_deals
from spec.rules.state import Match, Rules, legal_actions


@pytest.mark.parametrize("ruleset", list(load_catalogue().rulesets))
def test_a_copy_is_equal_and_independent(ruleset: str) -> None:
    rules = Rules.of(ruleset)
    rng = random.Random(ruleset)
    for seed in range(6):
        deals = perft_deals(rules, seed, 40)
        match = Match(rules)
        hand = match.new_hand(tuple(tuple(h) for h in deals[0]["hands"]), deals[0]["muestra"])
        for _ in range(200):
            if match.over:
                break
            legal = sorted(legal_actions(hand))
            # deepcopy shares nothing with the hand: a copy that shared a list would fail below
            before = copy.deepcopy(hand, {id(rules): rules})
            assert hand.copy() == hand and match.copy() == match
            action = rng.choice(legal)
            twin = hand.copy()
            twin.apply(twin.to_act(), action)  # type: ignore[arg-type]
            assert hand == before, f"applying {action!r} to a copy changed the original"
            assert sorted(legal_actions(hand)) == legal
            hand.apply(hand.to_act(), action)  # type: ignore[arg-type]
            assert hand == twin, f"{action!r}: the copy and the original went different ways"
            if hand.over:
                assert hand.outcome is not None
                match.end_hand(hand.kind, hand.outcome, hand.score)
                if match.over:
                    break
                d = deals[match.number % len(deals)]
                hand = match.new_hand(tuple(tuple(h) for h in d["hands"]), d["muestra"])
