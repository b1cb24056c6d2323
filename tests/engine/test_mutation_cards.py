"""The decks read from the ruleset files, and the deck builder, compared with the rulebooks'
card order.

engine/cards.py builds a deck from a ruleset file's fields (`make_deck`). These tests check the
decks in use against orders written here from the clauses, and call the builder directly on a
small deck, so a change to the builder is seen whatever the files say.
"""

from __future__ import annotations

import pytest

from engine import cards as C
from engine.config import make_config

# CARD-1: common ranks, lowest first; CARD-2: the manilhas, strongest first.
MINEIRO_COMMON = ["4", "5", "6", "7", "Q", "J", "K", "A", "2", "3"]
MINEIRO_MANILHAS = ["4C", "7H", "AS", "7D"]
# CARD-5: Gauderio groups from highest to lowest; the cards of a group are equal.
GAUDERIO_GROUPS = [
    ["1e"], ["1b"], ["7e"], ["7o"],
    ["3e", "3b", "3o", "3c"], ["2e", "2b", "2o", "2c"], ["1o", "1c"],
    ["12e", "12b", "12o", "12c"], ["11e", "11b", "11o", "11c"], ["10e", "10b", "10o", "10c"],
    ["7b", "7c"], ["6e", "6b", "6o", "6c"], ["5e", "5b", "5o", "5c"], ["4e", "4b", "4o", "4c"],
]
MINEIRO = make_config("mineiro-1v1-es").deck
MINEIRO_NO_Q = make_config("mineiro-1v1-es", {"deck": "spanish-without-tens"}).deck
GAUDERIO = make_config("gauderio-pairs-es").deck


def _order(deck: C.Deck) -> list[list[str]]:
    """The deck's cards grouped by strength, strongest group first, each group sorted."""
    groups: dict[int, list[str]] = {}
    for i in deck.cards:
        groups.setdefault(deck.strength[i], []).append(deck.names[i])
    return [sorted(groups[s]) for s in sorted(groups, reverse=True)]


def _mineiro_expected(ranks: list[str]) -> list[list[str]]:
    common = [sorted(r + s for s in "CHSD" if r + s not in MINEIRO_MANILHAS) for r in reversed(ranks)]
    return [[m] for m in MINEIRO_MANILHAS] + common


@pytest.mark.clause("CARD-1", "CARD-2", "CARD-3", "CARD-4", "DECK-1")
def test_mineiro_deck_orders_cards_as_the_rulebook() -> None:
    deck = MINEIRO
    assert deck.names == tuple(r + s for r in MINEIRO_COMMON for s in "CHSD"), "[DECK-1] rank-major names"
    assert deck.cards == tuple(range(40)) and deck.members == frozenset(range(40)), "[DECK-1] forty cards"
    assert _order(deck) == _mineiro_expected(MINEIRO_COMMON), "[CARD-1] [CARD-2] [CARD-3] [CARD-4] card order"
    common = [deck.strength[i] for i in deck.cards if deck.names[i] not in MINEIRO_MANILHAS]
    assert min(deck.strength[deck.index(m)] for m in MINEIRO_MANILHAS) > max(common), \
        "[CARD-3] every manilha ranks above every common card"
    assert deck.envido == (0,) * 40 and deck.pair_bonus == 0, "[ENV-1] there is no envido in Truco Mineiro"
    assert [deck.suit[deck.index(r + s)] for r in MINEIRO_COMMON for s in "CHSD"] == [0, 1, 2, 3] * 10
    assert not deck.has_muestra and deck.strengths("4C") is deck.strength


@pytest.mark.clause("DECK-1")
def test_mineiro_deck_without_queens() -> None:
    deck = MINEIRO_NO_Q
    assert len(deck.cards) == 36 and deck.index("QC") is None and deck.index("JC") is not None
    assert _order(deck) == _mineiro_expected([r for r in MINEIRO_COMMON if r != "Q"]), "[CARD-1]"


@pytest.mark.clause("CARD-5", "DECK-2", "ENV-7")
def test_gauderio_deck_orders_cards_as_the_rulebook() -> None:
    deck = GAUDERIO
    assert deck.cards == tuple(range(40)) and deck.members == frozenset(range(40)), "[DECK-2] forty cards"
    assert _order(deck) == [sorted(g) for g in GAUDERIO_GROUPS], "[CARD-5] card order"
    for i, name in enumerate(deck.names):
        face = int(name[:-1])
        assert deck.envido[i] == (face if face <= 7 else 0), f"[ENV-7] envido value of {name}"
        assert deck.suit[i] == "eboc".index(name[-1]), f"[ENV-2] suit of {name}"
    assert deck.pair_bonus == 20, "[ENV-2]"


@pytest.mark.clause("CARD-1", "CARD-5")
def test_the_builder_ranks_groups_from_the_weakest() -> None:
    deck = C.make_deck(("1", "2"), ("a", "b"), frozenset({"1b"}), [["2a", "2b"], ["1a"]],
                       {"1": 1, "2": 2}, 20)
    assert deck.names == ("1a", "1b", "2a", "2b") and deck.cards == (0, 2, 3)
    assert deck.strength[2] == deck.strength[3] == 1 and deck.strength[0] == 0 and deck.groups == 2
    assert deck.index("1b") is None and deck.index("2b") == 3 and deck.index("9z") is None
    assert deck.envido == (1, 1, 2, 2) and deck.suit == (0, 1, 0, 1)


@pytest.mark.clause("DECK-1", "DECK-2")
def test_card_names_resolve_in_their_own_deck() -> None:
    assert MINEIRO.index("7e") is None, "[DECK-1] a Spanish-deck name is no Mineiro card"
    assert GAUDERIO.index("7H") is None, "[DECK-2]"
    assert MINEIRO.index("4C") == 0 and MINEIRO.index("4H") == 1 and MINEIRO.index("3D") == 39
    assert GAUDERIO.index("1e") == 0 and GAUDERIO.index("12c") == 39
