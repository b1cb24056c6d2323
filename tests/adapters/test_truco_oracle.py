"""An independent oracle for the vira (PAU-3, PAU-4): the package `truco` (0.0.2, in the `engines`
extra) computes the Truco Paulista manilha rank and the round's card order from a turned card
(`get_trump_round_rank`). Both encodings' strength tables must order every two cards as it does,
for every vira of both Paulista rulesets. It is used for card order only, not as an engine."""

from __future__ import annotations

import itertools

import pytest
from truco.core import get_trump_round_rank

from truco_rules.engine.config import make_config
from truco_rules.spec.rules.cards import card_strength
from truco_rules.spec.rules.ruleset import Rules

RULESETS = ("paulista-1v1", "paulista-pairs")


def _oracle_name(name: str) -> str:
    """Our card name (rank then suit, upper case: QH) as the package writes it (qh)."""
    return name.lower()


def _sign(x: int, y: int) -> int:
    return (x > y) - (x < y)


def _agree(ranks: dict[str, int], ours: dict[str, int]) -> list[tuple[str, str]]:
    """The pairs of cards that the two orders compare differently."""
    return [(a, b) for a, b in itertools.combinations(sorted(ours), 2)
            if _sign(ours[a], ours[b]) != _sign(ranks[_oracle_name(a)], ranks[_oracle_name(b)])]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_engine_orders_the_cards_of_every_vira_as_the_oracle(ruleset: str) -> None:
    deck = make_config(ruleset).deck
    names = [deck.names[i] for i in deck.cards]
    assert len(names) == 40
    for vira in names:
        trump, ranks = get_trump_round_rank(_oracle_name(vira))
        table = deck.strengths(vira)
        ours = {n: table[deck.index(n)] for n in names if n != vira}  # type: ignore[index]
        assert not _agree(ranks, ours), (ruleset, vira, _agree(ranks, ours)[:3])
        top4 = sorted(ours, key=ours.__getitem__, reverse=True)[:4]
        assert {c[:-1].lower() for c in top4} == {trump}, (vira, top4)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_spec_orders_the_cards_of_every_vira_as_the_oracle(ruleset: str) -> None:
    rules = Rules.of(ruleset)
    names = list(rules.deck.cards)
    assert len(names) == 40
    for vira in names:
        _, ranks = get_trump_round_rank(_oracle_name(vira))
        ours = {n: card_strength(rules, n, muestra=vira) for n in names if n != vira}
        assert not _agree(ranks, ours), (ruleset, vira, _agree(ranks, ours)[:3])


def test_the_oracle_test_has_teeth() -> None:
    """A table with the manilha suits reversed disagrees with the oracle."""
    _, ranks = get_trump_round_rank("3c")  # manilhas: the 4s
    deck = make_config("paulista-1v1").deck
    table = deck.strengths("3C")
    ours = {deck.names[i]: table[i] for i in deck.cards if deck.names[i] != "3C"}
    ours["4C"], ours["4D"] = ours["4D"], ours["4C"]
    assert _agree(ranks, ours)
