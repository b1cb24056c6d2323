"""Hand.copy and Match.copy: a copy is equal to its original and independent of it, so that a walk
of the game tree can keep copies instead of replaying from the start."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.perft import perft_deals
from truco_rules.spec.rules.state import Hand, Match, Rules, legal_actions


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


# Fixed when the hand is dealt (Hand's constructor and __post_init__): not in the key.
_DEALT = {"rules", "deal", "cards", "muestra", "muestra_card", "number", "partida", "starter", "dealer",
          "kind", "blind"}


def _generic(value: object) -> object:
    """A generic key: every field of every record, recursively (what Hand.key must agree with)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value), *[_generic(getattr(value, f.name)) for f in dataclasses.fields(value)])
    if isinstance(value, (list, tuple)):
        return tuple(_generic(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    return value


def _generic_key(hand: Hand) -> object:
    return tuple(_generic(getattr(hand, f.name)) for f in dataclasses.fields(Hand) if f.name not in _DEALT)


@pytest.mark.parametrize("ruleset", list(load_catalogue().rulesets))
def test_the_walk_key_tells_states_apart_exactly_as_every_field_does(ruleset: str) -> None:
    """Over the states of random whole hands: equal Hand.key, equal fields, and back (a field added
    to Hand and left out of the key makes two different states share a key, or the field check
    below fails)."""
    rules = Rules.of(ruleset)
    rng = random.Random(f"key/{ruleset}")
    by_key: dict[object, object] = {}
    by_generic: dict[object, object] = {}
    for seed in range(4):
        deal = perft_deals(rules, seed, 1)[0]
        root = Match(rules).new_hand(tuple(tuple(h) for h in deal["hands"]), deal["muestra"])
        for _ in range(150):
            hand = root.copy()
            while True:
                key, generic = (seed, hand.key()), (seed, _generic_key(hand))
                hash(key)
                assert by_key.setdefault(key, generic) == generic
                assert by_generic.setdefault(generic, key) == key
                if hand.over:
                    break
                hand.apply(hand.to_act(), rng.choice(sorted(legal_actions(hand))))  # type: ignore[arg-type]
    assert len(by_key) > 100


def test_the_key_covers_every_field_an_action_can_change() -> None:
    # Hand.key lists these: a new field of Hand goes in the key (or, fixed at the deal, in _DEALT).
    keyed = {"score", "value", "phase", "turn", "leader", "rounds", "plays", "past", "used", "truco",
             "contest_done", "envido", "flor", "signed", "outcome", "result"}
    assert {f.name for f in dataclasses.fields(Hand)} == keyed | _DEALT
