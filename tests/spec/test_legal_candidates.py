"""legal_actions checks only the candidates that may pass (the phases of dispatch.PHASES, the cards
not played yet, what the ruleset's data allows): it must give exactly the candidates that pass
Hand.check, in every ruleset, under every reading, in every kind of hand."""

from __future__ import annotations

import random

import pytest

from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.perft import perft_deals
from truco_rules.spec.rules.state import Hand, Illegal, Match, Rules, candidate_actions, legal_actions

CATALOGUE = load_catalogue()


def by_checks(hand: Hand) -> set[str]:
    """Every candidate Hand.check lets through: the definition legal_actions shortcuts."""
    seat = hand.to_act()
    legal = set()
    for text in candidate_actions(hand):
        try:
            hand.check(seat, text)  # type: ignore[arg-type]
        except Illegal:
            continue
        legal.add(text)
    return legal


def variants(ruleset: str) -> list[dict[str, str]]:
    """The default readings, then each other reading of each ambiguity, one at a time."""
    out: list[dict[str, str]] = [{}]
    for amb in CATALOGUE.ambiguities_of(ruleset):
        out += [{amb.key: r.name} for r in amb.readings if r.name != amb.defaults[ruleset]]
    return out


def starts(rules: Rules) -> list[list[int]]:
    """Scores that start an ordinary hand, the hand of ten and the iron hand where the ruleset has them."""
    scores = [[0, 0]]
    if rules.has("hand_of_ten"):
        ten = int(rules.data["hand_of_ten"]["score"])
        scores += [[ten, 0], [0, ten]]
    if rules.has("iron_hand"):
        iron = int(rules.data["iron_hand"]["score"])
        scores.append([iron, iron])
    return scores


@pytest.mark.parametrize("ruleset", list(CATALOGUE.rulesets))
def test_legal_actions_are_the_candidates_that_pass_their_check(ruleset: str) -> None:
    rng = random.Random(ruleset)
    seen_phases: set[str] = set()
    for overrides in variants(ruleset):
        rules = Rules.of(ruleset, overrides)
        for score in starts(rules):
            for _ in range(8):
                deal = perft_deals(rules, rng.randrange(10**6), 1)[0]
                hand = Match(rules, score=list(score)).new_hand(
                    tuple(tuple(h) for h in deal["hands"]), deal["muestra"])
                while not hand.over:
                    legal = legal_actions(hand)
                    assert legal == by_checks(hand), (overrides, score, hand.phase)
                    seen_phases.add(hand.phase)
                    hand.apply(hand.to_act(), rng.choice(sorted(legal)))  # type: ignore[arg-type]
    assert {"play", "truco"} <= seen_phases, seen_phases  # the walk reached the phases it shortcuts
