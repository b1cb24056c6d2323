"""Decks and card tables: names, strength (CARD-1..5) and envido value (ENV-7), all by card index.

A card is an int 0..39, its position in the variant's full forty-card list (rank-major). Tables
are tuples indexed by that int so the game never parses names while playing.
"""

from __future__ import annotations

from dataclasses import dataclass

MINEIRO_RANKS = ("4", "5", "6", "7", "Q", "J", "K", "A", "2", "3")  # CARD-1, lowest first
MINEIRO_SUITS = ("C", "H", "S", "D")
GAUDERIO_RANKS = ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12")  # DECK-2
GAUDERIO_SUITS = ("e", "b", "o", "c")

COVERED = -1  # COV-1 / AMB-6 worth-nothing: below every face-up card; two covered cards are equal

# CARD-2, CARD-3: the fixed manilhas, strongest first, above every common card (strengths 0..9).
_MANILHAS = {"4C": 13, "7H": 12, "AS": 11, "7D": 10}
# CARD-5: the Gauderio order; cards in one group share a strength.
_GAUDERIO_TOP = {"1e": 13, "1b": 12, "7e": 11, "7o": 10}
_GAUDERIO_RANK = {"3": 9, "2": 8, "1": 7, "12": 6, "11": 5, "10": 4, "7": 3, "6": 2, "5": 1, "4": 0}
THREE_STRENGTH = 9  # SEN-1 / AMB-28: 'ciego' = no card at or above the 3s


@dataclass(frozen=True)
class Deck:
    """One variant's cards. `cards` lists the indices in use (AMB-13 may drop the Qs)."""

    variant: str
    names: tuple[str, ...]
    cards: tuple[int, ...]
    strength: tuple[int, ...]
    suit: tuple[int, ...]
    envido: tuple[int, ...]
    members: frozenset[int]

    def index(self, name: str) -> int | None:
        """The card index of `name` if it is in this deck, else None."""
        i = _INDEX[self.variant].get(name)
        return i if i is not None and i in self.members else None


def _names(ranks: tuple[str, ...], suits: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(r + s for r in ranks for s in suits)


MINEIRO_NAMES = _names(MINEIRO_RANKS, MINEIRO_SUITS)
GAUDERIO_NAMES = _names(GAUDERIO_RANKS, GAUDERIO_SUITS)
_INDEX = {
    "mineiro": {n: i for i, n in enumerate(MINEIRO_NAMES)},
    "gauderio": {n: i for i, n in enumerate(GAUDERIO_NAMES)},
}


def _mineiro_strength(i: int) -> int:
    name = MINEIRO_NAMES[i]
    return _MANILHAS.get(name, i // 4)  # CARD-4: suit irrelevant among common cards


def _gauderio_strength(i: int) -> int:
    name = GAUDERIO_NAMES[i]
    return _GAUDERIO_TOP.get(name, _GAUDERIO_RANK[GAUDERIO_RANKS[i // 4]])


def _gauderio_envido(i: int) -> int:
    face = int(GAUDERIO_RANKS[i // 4])
    return face if face <= 7 else 0  # ENV-7: 1..7 face value, 10..12 count 0


def _deck(variant: str, cards: tuple[int, ...]) -> Deck:
    if variant == "mineiro":
        return Deck(variant, MINEIRO_NAMES, cards, tuple(_mineiro_strength(i) for i in range(40)),
                    tuple(i % 4 for i in range(40)), (0,) * 40, frozenset(cards))
    return Deck(variant, GAUDERIO_NAMES, cards, tuple(_gauderio_strength(i) for i in range(40)),
                tuple(i % 4 for i in range(40)), tuple(_gauderio_envido(i) for i in range(40)),
                frozenset(cards))


# DECK-1 / AMB-13 forty-cards; spanish-without-tens drops the Q (the sota, numbered 10).
MINEIRO_FORTY = _deck("mineiro", tuple(range(40)))
MINEIRO_NO_Q = _deck("mineiro", tuple(i for i in range(40) if MINEIRO_NAMES[i][0] != "Q"))
GAUDERIO_DECK = _deck("gauderio", tuple(range(40)))  # DECK-2


def card_variant(name: str) -> str | None:
    """Which variant's deck has a card called `name` (the two naming schemes do not overlap)."""
    for variant, index in _INDEX.items():
        if name in index:
            return variant
    return None


def card_index(name: str) -> int:
    """The index of a card name in its variant's forty-card list (KeyError if no deck has it)."""
    for index in _INDEX.values():
        if name in index:
            return index[name]
    raise KeyError(name)
