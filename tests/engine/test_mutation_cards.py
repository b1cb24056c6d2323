"""The card tables rebuilt at test time and compared with the rulebooks' card order.

engine/cards.py computes its decks once, at import. These tests call the builders again
(`_deck`, the strength and envido functions) and check what they return against orders written
here from the clauses, so a change to a builder is seen even though the tables in use were built
before it.
"""

from __future__ import annotations

import pytest

from engine import cards as C

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
def test_mineiro_deck_rebuilt_orders_cards_as_the_rulebook() -> None:
    deck = C._deck("mineiro", tuple(range(40)))
    assert deck == C.MINEIRO_FORTY, "[DECK-1] the builder gives the deck in use"
    assert deck.variant == "mineiro" and deck.names == C.MINEIRO_NAMES
    assert deck.cards == tuple(range(40)) and deck.members == frozenset(range(40)), "[DECK-1] forty cards"
    assert _order(deck) == _mineiro_expected(MINEIRO_COMMON), "[CARD-1] [CARD-2] [CARD-3] [CARD-4] card order"
    common = [deck.strength[i] for i in deck.cards if deck.names[i] not in MINEIRO_MANILHAS]
    assert min(deck.strength[deck.index(m)] for m in MINEIRO_MANILHAS) > max(common), \
        "[CARD-3] every manilha ranks above every common card"
    assert deck.envido == (0,) * 40, "[ENV-1] there is no envido in Truco Mineiro"
    assert [deck.suit[deck.index(r + s)] for r in MINEIRO_COMMON for s in "CHSD"] == [0, 1, 2, 3] * 10


@pytest.mark.clause("DECK-1")
def test_mineiro_deck_without_queens_rebuilt() -> None:
    cards = tuple(i for i in range(40) if not C.MINEIRO_NAMES[i].startswith("Q"))
    deck = C._deck("mineiro", cards)
    assert deck == C.MINEIRO_NO_Q, "[DECK-1] the builder gives the deck in use (AMB-13)"
    assert len(deck.cards) == 36 and deck.index("QC") is None and deck.index("JC") is not None
    assert _order(deck) == _mineiro_expected([r for r in MINEIRO_COMMON if r != "Q"]), "[CARD-1]"


@pytest.mark.clause("CARD-5", "DECK-2", "ENV-7")
def test_gauderio_deck_rebuilt_orders_cards_as_the_rulebook() -> None:
    deck = C._deck("gauderio", tuple(range(40)))
    assert deck == C.GAUDERIO_DECK, "[DECK-2] the builder gives the deck in use"
    assert deck.variant == "gauderio" and deck.names == C.GAUDERIO_NAMES
    assert deck.cards == tuple(range(40)) and deck.members == frozenset(range(40)), "[DECK-2] forty cards"
    assert _order(deck) == [sorted(g) for g in GAUDERIO_GROUPS], "[CARD-5] card order"
    for i, name in enumerate(deck.names):
        face = int(name[:-1])
        assert deck.envido[i] == (face if face <= 7 else 0), f"[ENV-7] envido value of {name}"
        assert deck.suit[i] == "eboc".index(name[-1]), f"[ENV-2] suit of {name}"


@pytest.mark.clause("CARD-1", "CARD-2", "CARD-5", "ENV-7")
def test_card_functions_one_by_one() -> None:
    assert [C._mineiro_strength(C.MINEIRO_NAMES.index(n)) for n in ("4H", "3D", "AS", "4C", "7D")] \
        == [0, 9, 11, 13, 10], "[CARD-1] [CARD-2]"
    assert [C._gauderio_strength(C.GAUDERIO_NAMES.index(n)) for n in ("1e", "1c", "4o", "3b", "12c", "7o")] \
        == [13, 7, 0, 9, 6, 10], "[CARD-5]"
    assert [C._gauderio_envido(C.GAUDERIO_NAMES.index(n)) for n in ("1e", "7c", "10o", "12b")] \
        == [1, 7, 0, 0], "[ENV-7]"
    assert C._names(("1", "2"), ("a", "b")) == ("1a", "1b", "2a", "2b")


@pytest.mark.clause("DECK-1", "DECK-2")
def test_card_names_resolve_to_their_variant_and_index() -> None:
    assert C.card_variant("7H") == "mineiro" and C.card_variant("7e") == "gauderio"
    assert C.card_variant("9Z") is None
    assert C.card_index("4C") == 0 and C.card_index("4H") == 1 and C.card_index("3D") == 39
    assert C.card_index("1e") == 0 and C.card_index("12c") == 39
    with pytest.raises(KeyError) as err:
        C.card_index("9Z")
    assert err.value.args == ("9Z",)
    assert C.MINEIRO_FORTY.index("7e") is None, "[DECK-1] a Gauderio name is no Mineiro card"
    assert C.MINEIRO_FORTY.index("QC") == C.MINEIRO_NAMES.index("QC")
